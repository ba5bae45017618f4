// A matmul whose tiles take more than half of LX runs in chunks: a Llama-3
// linear (a 4096x128 f16 weight tile, 1 MiB, and a 32-token activation) as
// a loop over chunks of K into an f32 accumulator, rounded once; a wider
// one (a 2048x512 weight, 2 MiB) also over chunks of N, each chunk stored
// where it belongs (128 columns: the rows of the f32 accumulator the
// compute engine holds fit its 2 KiB). A matmul that fits is left whole;
// one whose result is read again is not chunked along N.
// RUN: spyre-opt %s -split-input-file --chunk-large-matmuls | FileCheck %s
// RUN: spyre-opt %s -split-input-file --ktir-to-spyrecode > /dev/null
// A weight as stored (out x in) read transposed, kept so by
// normalize-matmuls: its chunks along K are 128 x 512 tiles of its rows,
// read as stored, the chunk matmul keeping the transposed map (the row of
// A's chunk, 1 KiB, and the accumulator's row fit the compute engine).
// RUN: spyre-opt %S/../../kernels/mtb_llama3_8b_qproj_whole_decode.mlir --normalize-matmuls --chunk-large-matmuls --mlir-print-local-scope | FileCheck %s --check-prefix=TB
// TB-LABEL: func.func @llama3_8b_qproj_whole_decode
// TB:       scf.for %[[K:.*]] = %{{.*}} to %c4096 step %c512 iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<1x128xf32>)
// TB:         ktdp.construct_access_tile %{{.*}}[%{{.*}}, %{{.*}} + %[[K]]] {{.*}} -> !ktdp.access_tile<1x512xindex>
// TB:         ktdp.construct_access_tile %{{.*}}[%{{.*}}, %{{.*}} + %[[K]]] {{.*}} -> !ktdp.access_tile<128x512xindex>
// TB:         linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%{{.*}}, %{{.*}} : tensor<1x512xf16>, tensor<128x512xf16>) outs(%[[ACC]] : tensor<1x128xf32>)

// CHECK-LABEL: func.func @linear
// CHECK:       %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<32x128xf32>)
// CHECK:       %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %c4096 step %c1024 iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<32x128xf32>)
// CHECK:         ktdp.construct_access_tile %{{.*}}[%{{.*}}, %{{.*}} + %[[K]]] {{.*}} -> !ktdp.access_tile<32x1024xindex>
// CHECK:         ktdp.construct_access_tile %{{.*}}[%{{.*}} + %[[K]], %{{.*}}] {{.*}} -> !ktdp.access_tile<1024x128xindex>
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<32x1024xf16>, tensor<1024x128xf16>) outs(%[[ACC]] : tensor<32x128xf32>)
// CHECK:       arith.truncf %[[SUM]] : tensor<32x128xf32> to tensor<32x128xf16>
// CHECK:       ktdp.store
// CHECK-NOT:   linalg.matmul

// CHECK-LABEL: func.func @o_proj
// CHECK:       scf.for %[[N:.*]] = %{{.*}} to %c512 step %c128 {
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %c2048 step %c1024 iter_args
// CHECK:           ktdp.construct_access_tile %{{.*}}[%{{.*}} + %[[K]], %{{.*}} + %[[N]]] {{.*}} -> !ktdp.access_tile<1024x128xindex>
// CHECK:           linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<32x1024xf16>, tensor<1024x128xf16>) outs(%{{.*}} : tensor<32x128xf32>)
// CHECK:         arith.truncf
// CHECK:         ktdp.construct_access_tile %{{.*}}[%{{.*}}, %{{.*}} + %[[N]]] {{.*}} -> !ktdp.access_tile<32x128xindex>
// CHECK:         ktdp.store

// CHECK-LABEL: func.func @fits
// CHECK-NOT:   scf.for
// CHECK:       linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<32x256xf16>, tensor<256x128xf16>) outs(%{{.*}} : tensor<32x128xf16>)

// CHECK-LABEL: func.func @read_again
// CHECK:       scf.for %{{.*}} = %{{.*}} to %c2048 step %{{.*}} iter_args(%{{.*}}) -> (tensor<32x512xf32>)
// CHECK:       arith.addf

// An accumulator loaded from memory is loaded again after the loop and
// added to the rounded sum.
// CHECK-LABEL: func.func @loaded_acc
// CHECK:       %[[SUM:.*]] = scf.for
// CHECK:       %[[R:.*]] = arith.truncf %[[SUM]] : tensor<32x128xf32> to tensor<32x128xf16>
// CHECK:       %[[C:.*]] = ktdp.load %{{.*}} : <32x128xindex> -> tensor<32x128xf16>
// CHECK:       arith.addf %[[R]], %[[C]] : tensor<32x128xf16>
// CHECK-NOT:   linalg.matmul

#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#ws = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#ys = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @linear(%x: index, %w: index, %out: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
  %wv = ktdp.construct_memory_view %w, sizes: [4096, 128], strides: [128, 1] {coordinate_set = #ws, memory_space = #ktdp.memory_space<global>} : memref<4096x128xf16>
  %yv = ktdp.construct_memory_view %out, sizes: [32, 128], strides: [128, 1] {coordinate_set = #ys, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #xs, access_tile_order = #id} : memref<32x4096xf16> -> !ktdp.access_tile<32x4096xindex>
  %wa = ktdp.construct_access_tile %wv[%c0, %c0] {access_tile_set = #ws, access_tile_order = #id} : memref<4096x128xf16> -> !ktdp.access_tile<4096x128xindex>
  %ya = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #ys, access_tile_order = #id} : memref<32x128xf16> -> !ktdp.access_tile<32x128xindex>
  %a = ktdp.load %xa : !ktdp.access_tile<32x4096xindex> -> tensor<32x4096xf16>
  %b = ktdp.load %wa : !ktdp.access_tile<4096x128xindex> -> tensor<4096x128xf16>
  %empty = tensor.empty() : tensor<32x128xf16>
  %init = linalg.fill ins(%zero : f16) outs(%empty : tensor<32x128xf16>) -> tensor<32x128xf16>
  %y = linalg.matmul ins(%a, %b : tensor<32x4096xf16>, tensor<4096x128xf16>) outs(%init : tensor<32x128xf16>) -> tensor<32x128xf16>
  ktdp.store %y, %ya : tensor<32x128xf16>, !ktdp.access_tile<32x128xindex>
  return
}

// -----

#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#ws = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#ys = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @o_proj(%x: index, %w: index, %out: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [32, 2048], strides: [2048, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x2048xf16>
  %wv = ktdp.construct_memory_view %w, sizes: [2048, 512], strides: [512, 1] {coordinate_set = #ws, memory_space = #ktdp.memory_space<global>} : memref<2048x512xf16>
  %yv = ktdp.construct_memory_view %out, sizes: [32, 512], strides: [512, 1] {coordinate_set = #ys, memory_space = #ktdp.memory_space<global>} : memref<32x512xf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #xs, access_tile_order = #id} : memref<32x2048xf16> -> !ktdp.access_tile<32x2048xindex>
  %wa = ktdp.construct_access_tile %wv[%c0, %c0] {access_tile_set = #ws, access_tile_order = #id} : memref<2048x512xf16> -> !ktdp.access_tile<2048x512xindex>
  %ya = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #ys, access_tile_order = #id} : memref<32x512xf16> -> !ktdp.access_tile<32x512xindex>
  %a = ktdp.load %xa : !ktdp.access_tile<32x2048xindex> -> tensor<32x2048xf16>
  %b = ktdp.load %wa : !ktdp.access_tile<2048x512xindex> -> tensor<2048x512xf16>
  %empty = tensor.empty() : tensor<32x512xf16>
  %init = linalg.fill ins(%zero : f16) outs(%empty : tensor<32x512xf16>) -> tensor<32x512xf16>
  %y = linalg.matmul ins(%a, %b : tensor<32x2048xf16>, tensor<2048x512xf16>) outs(%init : tensor<32x512xf16>) -> tensor<32x512xf16>
  ktdp.store %y, %ya : tensor<32x512xf16>, !ktdp.access_tile<32x512xindex>
  return
}

// -----

#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#ws = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#ys = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @fits(%x: index, %w: index, %out: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [32, 256], strides: [256, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x256xf16>
  %wv = ktdp.construct_memory_view %w, sizes: [256, 128], strides: [128, 1] {coordinate_set = #ws, memory_space = #ktdp.memory_space<global>} : memref<256x128xf16>
  %yv = ktdp.construct_memory_view %out, sizes: [32, 128], strides: [128, 1] {coordinate_set = #ys, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #xs, access_tile_order = #id} : memref<32x256xf16> -> !ktdp.access_tile<32x256xindex>
  %wa = ktdp.construct_access_tile %wv[%c0, %c0] {access_tile_set = #ws, access_tile_order = #id} : memref<256x128xf16> -> !ktdp.access_tile<256x128xindex>
  %ya = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #ys, access_tile_order = #id} : memref<32x128xf16> -> !ktdp.access_tile<32x128xindex>
  %a = ktdp.load %xa : !ktdp.access_tile<32x256xindex> -> tensor<32x256xf16>
  %b = ktdp.load %wa : !ktdp.access_tile<256x128xindex> -> tensor<256x128xf16>
  %empty = tensor.empty() : tensor<32x128xf16>
  %init = linalg.fill ins(%zero : f16) outs(%empty : tensor<32x128xf16>) -> tensor<32x128xf16>
  %y = linalg.matmul ins(%a, %b : tensor<32x256xf16>, tensor<256x128xf16>) outs(%init : tensor<32x128xf16>) -> tensor<32x128xf16>
  ktdp.store %y, %ya : tensor<32x128xf16>, !ktdp.access_tile<32x128xindex>
  return
}

// -----

#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#ws = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#ys = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @read_again(%x: index, %w: index, %out: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f16
  %xv = ktdp.construct_memory_view %x, sizes: [32, 2048], strides: [2048, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x2048xf16>
  %wv = ktdp.construct_memory_view %w, sizes: [2048, 512], strides: [512, 1] {coordinate_set = #ws, memory_space = #ktdp.memory_space<global>} : memref<2048x512xf16>
  %yv = ktdp.construct_memory_view %out, sizes: [32, 512], strides: [512, 1] {coordinate_set = #ys, memory_space = #ktdp.memory_space<global>} : memref<32x512xf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #xs, access_tile_order = #id} : memref<32x2048xf16> -> !ktdp.access_tile<32x2048xindex>
  %wa = ktdp.construct_access_tile %wv[%c0, %c0] {access_tile_set = #ws, access_tile_order = #id} : memref<2048x512xf16> -> !ktdp.access_tile<2048x512xindex>
  %ya = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #ys, access_tile_order = #id} : memref<32x512xf16> -> !ktdp.access_tile<32x512xindex>
  %a = ktdp.load %xa : !ktdp.access_tile<32x2048xindex> -> tensor<32x2048xf16>
  %b = ktdp.load %wa : !ktdp.access_tile<2048x512xindex> -> tensor<2048x512xf16>
  %empty = tensor.empty() : tensor<32x512xf16>
  %init = linalg.fill ins(%zero : f16) outs(%empty : tensor<32x512xf16>) -> tensor<32x512xf16>
  %y = linalg.matmul ins(%a, %b : tensor<32x2048xf16>, tensor<2048x512xf16>) outs(%init : tensor<32x512xf16>) -> tensor<32x512xf16>
  %twice = arith.addf %y, %y : tensor<32x512xf16>
  ktdp.store %twice, %ya : tensor<32x512xf16>, !ktdp.access_tile<32x512xindex>
  return
}

// -----

#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#ws = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#ys = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @loaded_acc(%x: index, %w: index, %out: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
  %wv = ktdp.construct_memory_view %w, sizes: [4096, 128], strides: [128, 1] {coordinate_set = #ws, memory_space = #ktdp.memory_space<global>} : memref<4096x128xf16>
  %yv = ktdp.construct_memory_view %out, sizes: [32, 128], strides: [128, 1] {coordinate_set = #ys, memory_space = #ktdp.memory_space<global>} : memref<32x128xf16>
  %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #xs, access_tile_order = #id} : memref<32x4096xf16> -> !ktdp.access_tile<32x4096xindex>
  %wa = ktdp.construct_access_tile %wv[%c0, %c0] {access_tile_set = #ws, access_tile_order = #id} : memref<4096x128xf16> -> !ktdp.access_tile<4096x128xindex>
  %ya = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #ys, access_tile_order = #id} : memref<32x128xf16> -> !ktdp.access_tile<32x128xindex>
  %a = ktdp.load %xa : !ktdp.access_tile<32x4096xindex> -> tensor<32x4096xf16>
  %b = ktdp.load %wa : !ktdp.access_tile<4096x128xindex> -> tensor<4096x128xf16>
  %init = ktdp.load %ya : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
  %y = linalg.matmul ins(%a, %b : tensor<32x4096xf16>, tensor<4096x128xf16>) outs(%init : tensor<32x128xf16>) -> tensor<32x128xf16>
  ktdp.store %y, %ya : tensor<32x128xf16>, !ktdp.access_tile<32x128xindex>
  return
}
