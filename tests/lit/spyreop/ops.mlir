// Round trip of every spyreop op and type.
// RUN: spyre-opt %s | spyre-opt | FileCheck %s
// RUN: spyre-opt %s --mlir-print-op-generic | spyre-opt | FileCheck %s
// RUN: spyre-opt %s > %t.1 && spyre-opt %t.1 > %t.2 && diff %t.1 %t.2

// CHECK-LABEL: func.func @float_intrinsics
func.func @float_intrinsics(%h: f16, %f: f32, %d: !spyreop.df16, %t: tensor<4x64xf16>) {
  // CHECK: spyreop.exp %{{.*}} : f16
  %0 = spyreop.exp %h : f16
  // CHECK: spyreop.gelu %{{.*}} : !spyreop.df16
  %1 = spyreop.gelu %d : !spyreop.df16
  // CHECK: spyreop.sigmoid %{{.*}} : f32
  %2 = spyreop.sigmoid %f : f32
  // CHECK: spyreop.silu %{{.*}} : tensor<4x64xf16>
  %3 = spyreop.silu %t : tensor<4x64xf16>
  // CHECK: spyreop.sqrt
  %4 = spyreop.sqrt %f : f32
  // CHECK: spyreop.rsqrt
  %5 = spyreop.rsqrt %h : f16
  // CHECK: spyreop.reciprocal
  %6 = spyreop.reciprocal %d : !spyreop.df16
  // CHECK: spyreop.realdiv %{{.*}}, %{{.*}} : tensor<4x64xf16>
  %7 = spyreop.realdiv %t, %3 : tensor<4x64xf16>
  // CHECK: spyreop.softplus %{{.*}} beta 1.000000e+00 threshold 2.000000e+01 : f16
  %8 = spyreop.softplus %h beta 1.0 threshold 20.0 : f16
  // CHECK: spyreop.constant 1.250000e-01 : f16
  %9 = spyreop.constant 0.125 : f16
  return
}

// CHECK-LABEL: func.func @normalisation
func.func @normalisation(%x: f16, %d: !spyreop.df16, %f: f32) {
  // CHECK: %{{.*}}, %{{.*}} = spyreop.exx2 %{{.*}} : f16
  %m:2 = spyreop.exx2 %x : f16
  // CHECK: spyreop.exx2_fused %{{.*}} : f16 -> !spyreop.fp16_fused
  %p = spyreop.exx2_fused %x : f16 -> !spyreop.fp16_fused
  // CHECK: spyreop.exx2_fused %{{.*}} : !spyreop.df16 -> !spyreop.df16_fused
  %q = spyreop.exx2_fused %d : !spyreop.df16 -> !spyreop.df16_fused
  // CHECK: spyreop.exx2_zeromean_fused %{{.*}} : f32 -> !spyreop.fp32_fused
  %z = spyreop.exx2_zeromean_fused %f : f32 -> !spyreop.fp32_fused
  // CHECK: spyreop.layernormscale %{{.*}} squares %{{.*}} : f16
  %s = spyreop.layernormscale %m#0 squares %m#1 : f16
  // CHECK: spyreop.layernormscale_fused %{{.*}} : !spyreop.fp16_fused -> f16
  %sf = spyreop.layernormscale_fused %p : !spyreop.fp16_fused -> f16
  // CHECK: spyreop.layernormnorm %{{.*}} squares %{{.*}} scale %{{.*}} weight %{{.*}} bias %{{.*}} : f16
  %n = spyreop.layernormnorm %x squares %m#1 scale %s weight %x bias %x : f16
  return
}

// CHECK-LABEL: func.func @slices_and_addresses
func.func @slices_and_addresses(%t: tensor<2x64xf16>, %a: i32, %b: i32, %c: i64) {
  // CHECK: spyreop.slice_reduction %{{.*}} {reduction_kind = #spyreop.reduction_kind<abs_max>, reduction_scope = #spyreop.reduction_scope<in_slice>} : tensor<2x64xf16> -> tensor<2x64xf16>
  %r = spyreop.slice_reduction %t {reduction_kind = #spyreop.reduction_kind<abs_max>, reduction_scope = #spyreop.reduction_scope<in_slice>} : tensor<2x64xf16> -> tensor<2x64xf16>
  // CHECK: spyreop.addi32toi32 %{{.*}}, %{{.*}}
  %0 = spyreop.addi32toi32 %a, %b
  // CHECK: spyreop.muli32toi32
  %1 = spyreop.muli32toi32 %a, %b
  // CHECK: spyreop.addi64toi64
  %2 = spyreop.addi64toi64 %c, %c
  // CHECK: spyreop.idx32toaddr %{{.*}} base %{{.*}} stride %{{.*}}
  %3 = spyreop.idx32toaddr %a base %b stride %0
  return
}

// CHECK-LABEL: func.func @compare_select
func.func @compare_select(%x: tensor<64xf16>, %y: tensor<64xf16>, %s: f32) {
  // CHECK: spyreop.cmp gt, %{{.*}}, %{{.*}} : tensor<64xf16> -> tensor<64xi1>
  %m = spyreop.cmp gt, %x, %y : tensor<64xf16> -> tensor<64xi1>
  // CHECK: spyreop.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<64xi1>, tensor<64xf16>
  %v = spyreop.select %m, %x, %y : tensor<64xi1>, tensor<64xf16>
  %b = spyreop.cmp le, %s, %s : f32 -> i1
  %w = spyreop.select %b, %s, %s : i1, f32
  return
}

// df16 is a valid element type of tensors and memrefs.
// CHECK-LABEL: func.func private @containers
// CHECK-SAME: tensor<4x!spyreop.df16>, memref<64x!spyreop.df16>
func.func private @containers(tensor<4x!spyreop.df16>, memref<64x!spyreop.df16>)

// spyreop intrinsics inside a linalg.generic body, as frontends emit them.
// CHECK-LABEL: func.func @in_generic
// CHECK: spyreop.gelu %{{.*}} : f16
func.func @in_generic(%x: tensor<64xf16>) -> tensor<64xf16> {
  %e = tensor.empty() : tensor<64xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf16>) outs(%e : tensor<64xf16>) {
  ^bb0(%in: f16, %out: f16):
    %g = spyreop.gelu %in : f16
    linalg.yield %g : f16
  } -> tensor<64xf16>
  return %r : tensor<64xf16>
}
