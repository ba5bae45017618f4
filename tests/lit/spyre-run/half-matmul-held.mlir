// Half-precision matmuls that vectorize-held-tiles computes on held tiles
// (not streamed: B computed in the stage, or a batch_matmul of two
// batches): each output vector's products summed in one f32 vector from
// zeros (vector.fma), rounded once and added to the accumulator's vector,
// as the interpreter sums them (docs/numerics.md "Half-precision
// matmuls"): exact on both engines and at every snapshot, where the body
// in f16 / bf16 was 2-6 ulps off. (Both hold more than the compute
// engine's 2 KiB, as before: what is tested is the numbers.)
// RUN: spyre-run %s --function bmm2 --seed 0 --engine both 2>&1 | FileCheck %s --check-prefix=BMM
// RUN: spyre-run %s --function relu_b --seed 0 --engine both 2>&1 | FileCheck %s --check-prefix=RELU
// RUN: spyre-run %s --function bmm2 --seed 0 --bisect 2>&1 | FileCheck %s --check-prefix=BISECT
// RUN: spyre-opt %s --pass-pipeline='builtin.module(select-kernel{function=relu_b},ktir-to-dataflow{stop-after=vectorize-held-tiles})' | FileCheck %s --check-prefix=IR
// BMM: y_ptr: exact (512 elements)
// BMM: outputs equal the interpreter's
// RELU: y_ptr: exact (1,024 elements)
// RELU: outputs equal the interpreter's
// BISECT: vectorize-held-tiles exact
// BISECT: bmm2: every snapshot agrees with the KTIR's outputs: exact
// IR: vector.fma {{.*}} : vector<64xf32>
// IR: arith.truncf {{.*}} : vector<64xf32> to vector<64xbf16>
#as = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 127 >= 0)>
#bs = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#cs = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 63 >= 0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#ws = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @bmm2(%a_ptr: index, %b_ptr: index, %c_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %av = ktdp.construct_memory_view %a_ptr, sizes: [2, 4, 128], strides: [512, 128, 1] {coordinate_set = #as, memory_space = #ktdp.memory_space<global>} : memref<2x4x128xf16>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [2, 128, 64], strides: [8192, 64, 1] {coordinate_set = #bs, memory_space = #ktdp.memory_space<global>} : memref<2x128x64xf16>
    %cv = ktdp.construct_memory_view %c_ptr, sizes: [2, 4, 64], strides: [256, 64, 1] {coordinate_set = #cs, memory_space = #ktdp.memory_space<global>} : memref<2x4x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [2, 4, 64], strides: [256, 64, 1] {coordinate_set = #cs, memory_space = #ktdp.memory_space<global>} : memref<2x4x64xf16>
    %aa = ktdp.construct_access_tile %av[%c0, %c0, %c0] {access_tile_set = #as, access_tile_order = #id3} : memref<2x4x128xf16> -> !ktdp.access_tile<2x4x128xindex>
    %ba = ktdp.construct_access_tile %bv[%c0, %c0, %c0] {access_tile_set = #bs, access_tile_order = #id3} : memref<2x128x64xf16> -> !ktdp.access_tile<2x128x64xindex>
    %ca = ktdp.construct_access_tile %cv[%c0, %c0, %c0] {access_tile_set = #cs, access_tile_order = #id3} : memref<2x4x64xf16> -> !ktdp.access_tile<2x4x64xindex>
    %a = ktdp.load %aa : !ktdp.access_tile<2x4x128xindex> -> tensor<2x4x128xf16>
    %b = ktdp.load %ba : !ktdp.access_tile<2x128x64xindex> -> tensor<2x128x64xf16>
    %c = ktdp.load %ca : !ktdp.access_tile<2x4x64xindex> -> tensor<2x4x64xf16>
    %y = linalg.batch_matmul ins(%a, %b : tensor<2x4x128xf16>, tensor<2x128x64xf16>) outs(%c : tensor<2x4x64xf16>) -> tensor<2x4x64xf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0, %c0] {access_tile_set = #cs, access_tile_order = #id3} : memref<2x4x64xf16> -> !ktdp.access_tile<2x4x64xindex>
    ktdp.store %y, %ya : tensor<2x4x64xf16>, !ktdp.access_tile<2x4x64xindex>
    return
  }
  func.func @relu_b(%x_ptr: index, %w_ptr: index, %y_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : bf16
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [8, 128], strides: [128, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<8x128xbf16>
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [128, 128], strides: [128, 1] {coordinate_set = #ws, memory_space = #ktdp.memory_space<global>} : memref<128x128xbf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [8, 128], strides: [128, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<8x128xbf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #xs, access_tile_order = #id2} : memref<8x128xbf16> -> !ktdp.access_tile<8x128xindex>
    %wa = ktdp.construct_access_tile %wv[%c0, %c0] {access_tile_set = #ws, access_tile_order = #id2} : memref<128x128xbf16> -> !ktdp.access_tile<128x128xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<8x128xindex> -> tensor<8x128xbf16>
    %w = ktdp.load %wa : !ktdp.access_tile<128x128xindex> -> tensor<128x128xbf16>
    %e0 = tensor.empty() : tensor<128x128xbf16>
    %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<128x128xbf16>) outs(%e0 : tensor<128x128xbf16>) {
    ^bb0(%a: bf16, %o: bf16):
      %m = arith.maximumf %a, %zero : bf16
      linalg.yield %m : bf16
    } -> tensor<128x128xbf16>
    %e = tensor.empty() : tensor<8x128xbf16>
    %z = linalg.fill ins(%zero : bf16) outs(%e : tensor<8x128xbf16>) -> tensor<8x128xbf16>
    %y = linalg.matmul ins(%x, %r : tensor<8x128xbf16>, tensor<128x128xbf16>) outs(%z : tensor<8x128xbf16>) -> tensor<8x128xbf16>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #xs, access_tile_order = #id2} : memref<8x128xbf16> -> !ktdp.access_tile<8x128xindex>
    ktdp.store %y, %ya : tensor<8x128xbf16>, !ktdp.access_tile<8x128xindex>
    return
  }
}
