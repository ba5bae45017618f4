// torch-mlir's one-pass argmax, compiled as two reductions (the maximum,
// then the first index holding it; pipeline/utils/ArgExtremum.h), on the
// rows that tell the fold's order apart: a NaN before the maximum (never
// chosen), all -inf (nothing beats the init: the index init stays), ties
// (the first index), every element below an init of 5 (the inits stay).
// Every snapshot and the emulator equal the interpreter's element-order
// fold: values [3, -inf, 2, 5], indices [2, -1, 0, -7].
// RUN: spyre-run %s --bisect 2>&1 | FileCheck %s
// RUN: spyre-run %s --engine interp --output i_ptr=%t.i.npy --output v_ptr=%t.v.npy
// RUN: python3 -c "import sys; b=open(sys.argv[1],'rb').read(); import struct; h=struct.unpack('<H',b[8:10])[0]; print(struct.unpack('<4i',b[10+h:26+h]))" %t.i.npy | FileCheck %s --check-prefix=IDX
// CHECK: lower-to-spyrecode (emulator) exact
// CHECK: edges: every snapshot agrees with the KTIR's outputs: exact
// IDX: (2, -1, 0, -7)
#o = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @edges(%v_ptr: index, %i_ptr: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %vv = ktdp.construct_memory_view %v_ptr, sizes: [4], strides: [1] {coordinate_set = #o, memory_space = #ktdp.memory_space<global>} : memref<4xf16>
  %iv = ktdp.construct_memory_view %i_ptr, sizes: [4], strides: [1] {coordinate_set = #o, memory_space = #ktdp.memory_space<global>} : memref<4xi32>
  // rows: a NaN before the max; all -inf; ties; every element below the init (init 5)
  %x = arith.constant dense<[[0x7E00, 1.0, 3.0, 3.0, -2.0], [0xFC00, 0xFC00, 0xFC00, 0xFC00, 0xFC00], [2.0, 2.0, 1.0, 2.0, 0.5], [1.0, 4.0, 5.0, -1.0, 4.5]]> : tensor<4x5xf16>
  %v0 = arith.constant dense<[0xFC00, 0xFC00, 0xFC00, 5.0]> : tensor<4xf16>
  %i0 = arith.constant dense<[-1, -1, -1, -7]> : tensor<4xi32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x5xf16>) outs(%v0, %i0 : tensor<4xf16>, tensor<4xi32>) {
  ^bb0(%in: f16, %acc: f16, %accj: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %gt = arith.cmpf ogt, %in, %acc : f16
    %v = arith.select %gt, %in, %acc : f16
    %k = arith.select %gt, %ji, %accj : i32
    linalg.yield %v, %k : f16, i32
  } -> (tensor<4xf16>, tensor<4xi32>)
  %va = ktdp.construct_access_tile %vv[%c0] {access_tile_set = #o, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %r#0, %va : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %ia = ktdp.construct_access_tile %iv[%c0] {access_tile_set = #o, access_tile_order = #id1} : memref<4xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %r#1, %ia : tensor<4xi32>, !ktdp.access_tile<4xindex>
  return
}
