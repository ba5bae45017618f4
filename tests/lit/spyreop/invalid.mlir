// Diagnostics of the spyreop dialect.
// RUN: spyre-opt %s -split-input-file -verify-diagnostics

func.func @f(%x: f16) {
  // expected-error @+1 {{'spyreop.exx2_fused' op of 'f16' produces '!spyreop.fp16_fused', not '!spyreop.fp32_fused'}}
  %p = spyreop.exx2_fused %x : f16 -> !spyreop.fp32_fused
  return
}

// -----
func.func @f(%x: f32) {
  // expected-error @+1 {{'spyreop.exx2_zeromean_fused' op of 'f32' produces '!spyreop.fp32_fused', not '!spyreop.df16_fused'}}
  %p = spyreop.exx2_zeromean_fused %x : f32 -> !spyreop.df16_fused
  return
}

// -----
func.func @f(%p: !spyreop.fp16_fused) {
  // expected-error @+1 {{'spyreop.layernormscale_fused' op of '!spyreop.fp16_fused' produces the matching scalar type, not 'f32'}}
  %s = spyreop.layernormscale_fused %p : !spyreop.fp16_fused -> f32
  return
}

// -----
func.func @f(%x: f16) {
  // expected-error @+1 {{beta must be non-zero}}
  %y = spyreop.softplus %x beta 0.0 threshold 20.0 : f16
  return
}

// -----
func.func @f(%x: f32) {
  // expected-error @+1 {{operand #0 must be f16 or df16, or a ranked tensor or vector of them}}
  %y = spyreop.gelu %x : f32
  return
}

// -----
func.func @f(%x: tensor<4xf16>) {
  // expected-error @+1 {{result must have the operands' shape}}
  %m = spyreop.cmp eq, %x, %x : tensor<4xf16> -> i1
  return
}

// -----
func.func @f(%c: i1, %x: tensor<4xf16>) {
  // expected-error @+1 {{condition must have the values' shape}}
  %v = spyreop.select %c, %x, %x : i1, tensor<4xf16>
  return
}

// -----
func.func @f() {
  // expected-error @+1 {{spyreop.constant needs a float type, got 'i32'}}
  %c = spyreop.constant 1.0 : i32
  return
}

// -----
func.func @f() {
  // expected-error @+1 {{value must be a float of the result type 'f16'}}
  %c = "spyreop.constant"() <{value = 1.0 : f32}> : () -> f16
  return
}
