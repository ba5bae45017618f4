// Buffers get stick-aligned LX addresses: the hoisted bias (persistent) at
// 0 for the whole loop, then the loop pipeline's double-buffered x and y
// (2 x 256 bytes each). The peak is recorded on the kernel.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks --hoist-invariant-transfers --double-buffer --assign-addresses | FileCheck %s
// Pipelines one after the other reuse the same space, behind a barrier
// (before the loop, and at the end of its body: the next iteration reuses
// it again).
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines --assign-addresses | FileCheck %s --check-prefix=REUSE
// On a 1 MiB scratchpad two copies of a 512 KiB pipeline do not fit: it
// falls back to single buffers, with a remark.
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines --route-transfers --double-buffer --assign-addresses=arch=spyre-4core 2>&1 | FileCheck %s --check-prefix=SINGLE
// LX bytes the kernel addresses itself (a ct_local view at a constant
// offset: here bytes 0 .. 4095 of core 0) hold no buffer: the load's
// 8 KiB buffer goes after them, and the store's after that.
// RUN: spyre-opt %S/Inputs/lx-data.mlir --ktir-to-dataflow=stop-after=assign-addresses | FileCheck %s --check-prefix=LXDATA
// The top of LX holds the data a kernel's arguments address through
// ct_local views (here 1 MiB): the buffers go below it, and on a 1 MiB
// scratchpad nothing is left for them.
// RUN: spyre-opt %S/Inputs/lx-argument-data.mlir --ktir-to-dataflow=stop-after=assign-addresses | FileCheck %s --check-prefix=ARGDATA
// A table loaded in an outer loop and read by the inner loop's pipelines
// (hoisted there into a buffer kept for them) is filled again by the next
// outer iteration only when every unit is done with this one: a barrier
// ends the outer loop's body.
// RUN: spyre-opt %S/../../kernels/mask_bias_loop.mlir --ktir-to-dataflow=stop-after=assign-addresses | FileCheck %s --check-prefix=TABLE
// RUN: not spyre-opt %S/Inputs/lx-argument-data.mlir --ktir-to-dataflow="stop-after=assign-addresses arch=spyre-4core" 2>&1 | FileCheck %s --check-prefix=ARGFULL

// CHECK:       sched.lx_peak = 1280 : i64
// CHECK:       sched.alloc {address = 0 : i64, persistent} : memref<2x64xf16, "lx">
// CHECK:       scf.for
// CHECK:         sched.alloc {address = 256 : i64, copies = 2 : i64} : memref<2x64xf16, "lx">
// CHECK:         sched.alloc {address = 768 : i64, copies = 2 : i64} : memref<2x64xf16, "lx">

// REUSE-LABEL: func.func @big
// REUSE:       sched.alloc {address = 0 : i64} : memref<1x262144xf16, "lx">
// REUSE:       sched.alloc {address = 524288 : i64} : memref<1x262144xf16, "lx">
// REUSE:       sched.barrier
// REUSE-NEXT:  scf.for
// REUSE:         sched.alloc {address = 0 : i64} : memref<1x262144xf16, "lx">
// REUSE:         sched.alloc {address = 524288 : i64} : memref<1x262144xf16, "lx">
// REUSE-NOT:     sched.barrier
// REUSE:       return

// LXDATA:      sched.lx_peak = 20480 : i64
// LXDATA:      sched.alloc {address = 4096 : i64} : memref<64x64xf16, "lx">
// LXDATA:      sched.alloc {address = 12288 : i64} : memref<64x64xf16, "lx">

// ARGDATA:     sched.lx_peak = 16384 : i64
// ARGDATA:     sched.alloc {address = 0 : i64} : memref<64x64xf16, "lx">

// TABLE:       scf.for
// TABLE:         sched.alloc {address = 0 : i64, persistent} : memref<4x128xf16, "lx">
// TABLE:         scf.for
// TABLE:         sched.barrier
// TABLE-NEXT:  }
// TABLE-NEXT:  return

// ARGFULL:     error: the kernel does not fit in the scratchpad: this 'memref<64x64xf16, "lx">' buffer needs 8192 bytes, 1048576 of the 1048576 bytes
// ARGFULL:     note: bytes 0 to 1048576 hold the kernel's own scratchpad data (its ct_local memory views): no buffer goes there

// SINGLE:      remark: not double-buffered: two copies of its buffers do not fit in the scratchpad
// SINGLE:      scf.for
// SINGLE:        sched.pipeline {
// SINGLE:          sched.alloc {address = 0 : i64} : memref<1x262144xf16, "lx">
// SINGLE-NEXT:     sched.fifo depth 2 {initial = 1 : i64} : <none>
// SINGLE:          sched.alloc {address = 524288 : i64} : memref<1x262144xf16, "lx">
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 262143 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @big(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %xv = ktdp.construct_memory_view %x, sizes: [1, 262144], strides: [262144, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<1x262144xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [1, 262144], strides: [262144, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<1x262144xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<1x262144xf16> -> !ktdp.access_tile<1x262144xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<1x262144xf16> -> !ktdp.access_tile<1x262144xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<1x262144xindex> -> tensor<1x262144xf16>
  %e = math.exp %d : tensor<1x262144xf16>
  ktdp.store %e, %yt : tensor<1x262144xf16>, !ktdp.access_tile<1x262144xindex>
  scf.for %i = %c0 to %c2 step %c1 {
    %d2 = ktdp.load %xt : !ktdp.access_tile<1x262144xindex> -> tensor<1x262144xf16>
    %e2 = math.exp %d2 : tensor<1x262144xf16>
    ktdp.store %e2, %yt : tensor<1x262144xf16>, !ktdp.access_tile<1x262144xindex>
  }
  return
}
