// A device declaration prints in the syntax it is read in, and reading the
// printed form gives the same text again: inline resource graphs (groups,
// shares, yields, datapaths, switches, PDL patterns) and imports with their
// attributes. Nothing is resolved here, so the imported file need not exist.
// RUN: spyre-opt %s -split-input-file | FileCheck %s
// RUN: spyre-opt %s -split-input-file | spyre-opt -split-input-file | FileCheck %s

// CHECK-LABEL: ktdf_arch.device @d attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR">, note = "kept"} {
// CHECK-NEXT:    %[[DDR:.*]] = memory {kind = "DDR", size = 1024 : i64}
// CHECK-NEXT:    %[[SW:.*]] = switch [4] {connectivity = dense<true> : tensor<4x4xi1>}
// CHECK-NEXT:    group @core0 {kind = "core"} share(%[[DDR]]) {
// CHECK-NEXT:      %[[L1:.*]] = memory @l1 {kind = "L1", size = 256 : i64}
// CHECK-NEXT:      %[[U:[0-9]+]]:2 = group share(%[[L1]]) {
// CHECK-NEXT:        %[[E:.*]] = exec_unit {kind = "SFU", ktdf_arch.features = {ktdf_arch.feature.compute, ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 64 : i64, bf16 = 64 : i64>}}}
// CHECK-NEXT:        %[[B:.*]] = exec_unit @bare
// CHECK-NEXT:        yield %[[E]], %[[B]]
// CHECK-NEXT:      } -> exec_unit, exec_unit
// CHECK-NEXT:      datapath {ktdf_arch.bandwidth = 64 : i64} %[[L1]] to %[[U]]#0 : memory, exec_unit
// CHECK-NEXT:      datapath %[[U]]#1 to %[[SW]] : exec_unit, switch
// CHECK-NEXT:    }
// CHECK-NEXT:    patterns ["pre_scheduling", "post_scheduling"] {
// CHECK-NEXT:      pdl.pattern : benefit(1) {
#ddr = {kind = "DDR", size = 1024}
ktdf_arch.device @d attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR">, note = "kept"} {
  %ddr = memory #ddr
  %sw = switch [4] {connectivity = dense<true> : tensor<4x4xi1>}
  group @core0 {kind = "core"} share(%ddr) {
    %l1 = memory @l1 {kind = "L1", size = 256}
    %sfu, %bare = group share(%l1) {
      %e = exec_unit {kind = "SFU", ktdf_arch.features = {ktdf_arch.feature.compute, ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 64, bf16 = 64>}}}
      %b = exec_unit @bare
      yield %e, %b
    } -> exec_unit, exec_unit
    datapath {ktdf_arch.bandwidth = 64} %l1 to %sfu : memory, exec_unit
    datapath %bare to %sw : exec_unit, switch
  }
  patterns ["pre_scheduling", "post_scheduling"] {
    pdl.pattern : benefit(1) {
      %op = operation "spyreop.exp"
      rewrite %op with "unused"
    }
  }
}

// -----

// CHECK-LABEL: module
// CHECK-NEXT:  ktdf_arch.device @s import("../sample_device.mlir")
// CHECK-NEXT:  ktdf_arch.device @t attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR", #ktdp.memory_space<ct_local> = "L1">} import("/abs/dev.mlir")
// CHECK-NEXT:  func.func @k
ktdf_arch.device @s attributes {} import("../sample_device.mlir")
ktdf_arch.device @t attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR", #ktdp.memory_space<ct_local> = "L1">} import("/abs/dev.mlir")
func.func @k() attributes {grid = [1]} {
  return
}
