// A device written inside the kernel is its target: this one has a 64 KiB
// scratchpad (a 128 KiB tile, more than it holds, is accepted by the
// legality check: the pipeline streams it through in chunks), and no
// mem_space_mapping, so the memories are found by their place (HBM: the
// largest memory outside the cores; scratchpad: the core's largest).
// RUN: spyre-opt %s --ktir-legality-check -verify-diagnostics
// The device as a target for the whole pipeline (the big tile cut out).
// RUN: sed -e '/^ *\/\/ BIG-BEGIN/,/^ *\/\/ BIG-END/d' %s | spyre-opt --ktir-to-dataflow | FileCheck %s

// expected-remark@+1 {{target from kernel: device @tiny declared in the kernel; from the device: hbm_bytes = 1048576 (the largest memory outside the cores), scratchpad_bytes = 65536 (the largest memory of the core), fifo_depth = 4 (the queues into and out of the compute unit), engines ld x1, alu x1, st x1 (the execution units of a core), simd.f16 = 64 (lanes of one alu), compute_engine.local_bytes = 1024 (memory "R" beside the alu); from the spyre preset: cores = 32}}
ktdf_arch.device @tiny {
  %hbm = memory {kind = "M", size = 1048576}
  %spare = memory {kind = "S", size = 4096}
  %sw = switch [2] {connectivity = dense<true> : tensor<2x2xi1>}
  group {kind = "core"} share(%hbm) {
    %lx = memory {kind = "X", size = 65536}
    %buf = memory {kind = "B", size = 1024}
    %ld = exec_unit {kind = "ld", ktdf_arch.features = {ktdf_arch.feature.load}}
    %st = exec_unit {kind = "st", ktdf_arch.features = {ktdf_arch.feature.store}}
    %alu = group share() {
      %r = memory {kind = "R", size = 1024}
      %u = exec_unit {kind = "alu", ktdf_arch.features = {ktdf_arch.feature.compute, ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 64>}}}
      yield %u
    } -> exec_unit
    datapath %hbm to %ld : memory, exec_unit
    datapath %ld to %lx : exec_unit, memory
    datapath {ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 4}}} %ld to %alu : exec_unit, exec_unit
    datapath {ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 4}}} %alu to %st : exec_unit, exec_unit
    datapath %st to %hbm : exec_unit, memory
  }
  patterns ["pre_scheduling"] {
    pdl.pattern : benefit(1) {
      %op = operation "spyreop.exp"
      rewrite %op with "unused"
    }
  }
}

#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#small = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @copy
// CHECK: dflow.program
func.func @copy(%p: index, %q: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %v = ktdp.construct_memory_view %p, sizes: [1024, 64], strides: [64, 1] {
    coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
  } : memref<1024x64xf16>
  %w = ktdp.construct_memory_view %q, sizes: [1024, 64], strides: [64, 1] {
    coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
  } : memref<1024x64xf16>
  %s = ktdp.construct_access_tile %v[%c0, %c0] {
    access_tile_set = #small, access_tile_order = #id
  } : memref<1024x64xf16> -> !ktdp.access_tile<8x64xindex>
  %d = ktdp.construct_access_tile %w[%c0, %c0] {
    access_tile_set = #small, access_tile_order = #id
  } : memref<1024x64xf16> -> !ktdp.access_tile<8x64xindex>
  %x = ktdp.load %s : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
  ktdp.store %x, %d : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
  // BIG-BEGIN
  %t = ktdp.construct_access_tile %v[%c0, %c0] {
    access_tile_set = #rows, access_tile_order = #id
  } : memref<1024x64xf16> -> !ktdp.access_tile<1024x64xindex>
  %big = ktdp.load %t : !ktdp.access_tile<1024x64xindex> -> tensor<1024x64xf16>
  // BIG-END
  return
}
