// Transfers, pushes and pops count the 128-byte sticks they move (every
// innermost row starts a stick); data FIFOs carry one stick-wide vector per
// slot: 64 x f16, 32 x f32, 128 x i8.
// RUN: spyre-opt %S/Inputs/bias_loop.mlir --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks | FileCheck %s
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines --route-transfers --tile-to-sticks | FileCheck %s --check-prefix=WIDE

// CHECK:       sched.fifo depth 16 : <vector<64xf16>>
// CHECK:       sched.stage "mnilu" {
// CHECK-NEXT:    sched.transfer {{.*}} sticks = 2 : i64
// CHECK:       sched.stage "sfu" {
// CHECK-NEXT:    sched.pop {{.*}} {sticks = 2 : i64} : <vector<64xf16>> -> tensor<2x64xf16>

// A 3 x 100 f32 row block: 400 bytes per row = 4 sticks per row, 12 in all.
// WIDE:        sched.fifo depth 16 : <vector<32xf32>>
// WIDE:        sched.transfer {{.*}} sticks = 12 : i64{{.*}} : !ktdp.access_tile<3x100xindex> -> memref<3x100xf32, "lx">
// WIDE:        sched.pop {{.*}} {sticks = 12 : i64} : <vector<32xf32>> -> tensor<3x100xf32>
#s = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 99 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @wide(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [3, 100], strides: [100, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<3x100xf32>
  %yv = ktdp.construct_memory_view %y, sizes: [3, 100], strides: [100, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<3x100xf32>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<3x100xf32> -> !ktdp.access_tile<3x100xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<3x100xf32> -> !ktdp.access_tile<3x100xindex>
  %d = ktdp.load %xt : !ktdp.access_tile<3x100xindex> -> tensor<3x100xf32>
  %e = math.exp %d : tensor<3x100xf32>
  ktdp.store %e, %yt : tensor<3x100xf32>, !ktdp.access_tile<3x100xindex>
  return
}
