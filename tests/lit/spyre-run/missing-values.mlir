// Every argument without a value is named at once (a user gave %m, ran, and
// only then heard of the next one), and a start address passed as a
// `!ktdp.runtime_arg<i64>` gets an automatic address like an index one.
// RUN: not spyre-run %s --seed 0 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: error: no value given for argument %m
// BOTH: error: no value given for argument %s
// RUN: spyre-run %s --seed 0 --arg m=3 --arg s=0.5 2>&1 | FileCheck %s --check-prefix=AUTO
// AUTO: note: argument %a has no value and is the base address of memory views: it gets the automatic address
// AUTO: rows:
#v = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @rows(%m: !ktdp.runtime_arg<index, upperbound=8>, %a: !ktdp.runtime_arg<i64>, %s: f16) {
  %c0 = arith.constant 0 : index
  %n = ktdp.runtime_arg_extract value from %m : <index, upperbound=8> -> index
  %a64 = ktdp.runtime_arg_extract value from %a : <i64> -> i64
  %base = arith.index_cast %a64 : i64 to index
  %av = ktdp.construct_memory_view %base, sizes: [%n, 64], strides: [64, 1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<?x64xf16>
  %t = ktdp.construct_access_tile %av[%c0, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<?x64xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %t : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %sv = tensor.splat %s : tensor<1x64xf16>
  %y = arith.mulf %x, %sv : tensor<1x64xf16>
  ktdp.store %y, %t : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
