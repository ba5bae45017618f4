// A kernel that imports its device (the path is relative to this file) is
// compiled for it: the legality check says which values came from the
// device and which from the Spyre preset, and checks the kernel against
// them.
// RUN: spyre-opt %s --ktir-legality-check 2>&1 | FileCheck %s
// RUN: spyre-opt %s --ktir-to-dataflow 2>&1 | FileCheck %s --check-prefix=PIPE
// The declaration survives printing and parsing again.
// RUN: spyre-opt %s | FileCheck %s --check-prefix=PRINT

// CHECK: import-device.mlir:22:1: remark: target from kernel: device @small_core imported from Inputs/small_core_device.mlir
// CHECK-SAME: from the device: hbm_bytes = 4294967296 (memory "HBM", mapped from global), scratchpad_bytes = 524288 (memory "LX", mapped from ct_local)
// CHECK-SAME: fifo_depth = 8 (the queues into and out of the compute unit)
// CHECK-SAME: engines dma_in x1, feed x2, alu x2, drain x2, dma_out x1 (the execution units of a core)
// CHECK-SAME: simd.f16 = 64 (lanes of one alu), simd.f32 = 32 (lanes of one alu)
// CHECK-SAME: compute_engine.local_bytes = 4096 (memory "REGS" beside the alu)
// CHECK-SAME: not engines: TRACE (no load, compute or store feature)
// CHECK-SAME: not read: lanes for index (not an element type of the target)
// CHECK-SAME: from the spyre preset: cores = 32 (the device describes 1 core, the others are copies of it)
// CHECK-SAME: simd.bf16, simd.df16, simd.i32, stick_bytes, clock_ghz, hbm_bandwidth_gbs, hbm_attach_core, ring, compute

// PRINT: ktdf_arch.device @small_core attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "HBM", #ktdp.memory_space<ct_local> = "LX">} import("Inputs/small_core_device.mlir")
ktdf_arch.device @small_core attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "HBM", #ktdp.memory_space<ct_local> = "LX">} import("Inputs/small_core_device.mlir")

#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// PIPE: func.func @double
// PIPE: dflow.program
func.func @double(%p: index, %q: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %v = ktdp.construct_memory_view %p, sizes: [64, 128], strides: [128, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>
  } : memref<64x128xf16>
  %w = ktdp.construct_memory_view %q, sizes: [64, 128], strides: [128, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>
  } : memref<64x128xf16>
  %t = ktdp.construct_access_tile %v[%c0, %c0] {
    access_tile_set = #all, access_tile_order = #id
  } : memref<64x128xf16> -> !ktdp.access_tile<64x128xindex>
  %u = ktdp.construct_access_tile %w[%c0, %c0] {
    access_tile_set = #all, access_tile_order = #id
  } : memref<64x128xf16> -> !ktdp.access_tile<64x128xindex>
  %x = ktdp.load %t : !ktdp.access_tile<64x128xindex> -> tensor<64x128xf16>
  %init = tensor.empty() : tensor<64x128xf16>
  %y = linalg.add ins(%x, %x : tensor<64x128xf16>, tensor<64x128xf16>)
                  outs(%init : tensor<64x128xf16>) -> tensor<64x128xf16>
  ktdp.store %y, %u : tensor<64x128xf16>, !ktdp.access_tile<64x128xindex>
  return
}
