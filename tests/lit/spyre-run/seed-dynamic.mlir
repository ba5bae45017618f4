// --seed fills a memory view whose dynamic sizes are constants or scalar
// arguments given with --arg (through index casts and arithmetic: the
// corpus's distributed copies size their output 2 * s0); a size it cannot
// know leaves the pointer to an automatic address (docs/inputs.md), and the
// size itself, which nobody gave, is refused on the function, naming it.
// RUN: spyre-run %S/../../kernels/dynamic_rows_loop.mlir --seed 0 --arg n=13 --output y_ptr=%t.npy | FileCheck %s --check-prefix=ROWS
// RUN: head -c 100 %t.npy | tail -c +11 | FileCheck %s --check-prefix=SHAPE
// RUN: not spyre-run %S/../../kernels/dynamic_rows_loop.mlir --seed 0 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: spyre-run %s --seed 1 --arg half=24 --engine both | FileCheck %s --check-prefix=ARITH
// A view whose strides reach past its shape (every third column, padded
// rows) gets an array of every element it reaches, so the emulator, whose
// HBM is the bound tensors, reads it too.
// RUN: spyre-run %S/../../kernels/strided_columns.mlir --seed 0 --engine both --output x_ptr=%t.x.npy | FileCheck %s --check-prefix=STRIDED
// RUN: head -c 100 %t.x.npy | tail -c +11 | FileCheck %s --check-prefix=REACH

// ROWS: dynamic_rows_loop: {{.*}} 4 cores
// The .npy header names the 13x64 shape: "(13, 64)".
// SHAPE: 'shape': (13, 64)
// UNKNOWN: dynamic_rows_loop.mlir:{{[0-9]+}}:3: note: argument %x_ptr has no value and is the base address of memory views: it gets the automatic address 16777216
// UNKNOWN: dynamic_rows_loop.mlir:{{[0-9]+}}:3: error: no value given for argument %n
// ARITH: seed_dynamic: {{.*}}outputs equal the interpreter's
// STRIDED: strided_columns: {{.*}}outputs equal the interpreter's
// 1 + 5 * 96 + 31 * 3 elements:
// REACH: 'shape': (574,)

#v = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
#t = affine_set<(d0) : (d0 >= 0, -d0 + 47 >= 0)>
#id = affine_map<(d0) -> (d0)>
func.func @seed_dynamic(%x_ptr: index, %y_ptr: index, %half: i32) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %h = arith.index_cast %half : i32 to index
  %n = arith.muli %h, %c2 : index
  %xv = ktdp.construct_memory_view %x_ptr, sizes: [%n], strides: [1] {
    coordinate_set = #v, memory_space = #ktdp.memory_space<global>
  } : memref<?xf32>
  %yv = ktdp.construct_memory_view %y_ptr, sizes: [%n], strides: [1] {
    coordinate_set = #v, memory_space = #ktdp.memory_space<global>
  } : memref<?xf32>
  %xa = ktdp.construct_access_tile %xv[%c0] {
    access_tile_set = #t, access_tile_order = #id
  } : memref<?xf32> -> !ktdp.access_tile<48xindex>
  %x = ktdp.load %xa : <48xindex> -> tensor<48xf32>
  %y = arith.addf %x, %x : tensor<48xf32>
  %ya = ktdp.construct_access_tile %yv[%c0] {
    access_tile_set = #t, access_tile_order = #id
  } : memref<?xf32> -> !ktdp.access_tile<48xindex>
  ktdp.store %y, %ya : tensor<48xf32>, <48xindex>
  return
}
