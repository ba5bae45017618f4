// A dynamic view size given as a negative number is refused on the view's
// line by both engines (the interpreter ran such a view; the emulator
// refused the argument without a line).
// RUN: not spyre-run %s --arg n=-1 --seed 0 2>&1 | FileCheck %s
// RUN: not spyre-run %s --arg n=-1 --seed 0 --engine emu 2>&1 | FileCheck %s
// CHECK: negative-size.mlir:[[@LINE+6]]:9: error: size -1 of dimension 0 is negative
#s = affine_set<(d0, d1)[n] : (d0 >= 0, -d0 + n - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @rows(%x: index, %n: index) {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [%n, 64], strides: [64, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<?x64xf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<?x64xf16> -> !ktdp.access_tile<1x64xindex>
  %t = ktdp.load %xa : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %two = arith.addf %t, %t : tensor<1x64xf16>
  ktdp.store %two, %xa : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
