// argmax_reduce_value_index.mlir -- an argmax written as one linalg.reduce
// of two inputs (the values and an i32 index tile made by a generic
// reading linalg.index), its combiner choosing both by one strict
// comparison: over each token's hidden state at a 32-token prefill of
// Llama-3-8B (4096 f16), one token per core; the maximum and its first
// index stored. normalize-tensor-ops makes it two streamed reductions
// (pipeline/utils/ArgExtremum.h).
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#vs = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @argmax_hidden(%x_ptr: index, %idx_ptr: index, %max_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %iv = ktdp.construct_memory_view %idx_ptr, sizes: [32], strides: [1] {coordinate_set = #vs, memory_space = #ktdp.memory_space<global>} : memref<32xi32>
    %mv = ktdp.construct_memory_view %max_ptr, sizes: [32], strides: [1] {coordinate_set = #vs, memory_space = #ktdp.memory_space<global>} : memref<32xf16>
    %xa = ktdp.construct_access_tile %xv[%t, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %ej = tensor.empty() : tensor<1x4096xi32>
    %j = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%ej : tensor<1x4096xi32>) {
    ^bb0(%out: i32):
      %k = linalg.index 1 : index
      %k32 = arith.index_cast %k : index to i32
      linalg.yield %k32 : i32
    } -> tensor<1x4096xi32>
    %ninf = arith.constant 0xFC00 : f16
    %zero = arith.constant 0 : i32
    %ev = tensor.empty() : tensor<1xf16>
    %ei = tensor.empty() : tensor<1xi32>
    %v0 = linalg.fill ins(%ninf : f16) outs(%ev : tensor<1xf16>) -> tensor<1xf16>
    %i0 = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %r:2 = linalg.reduce ins(%x, %j : tensor<1x4096xf16>, tensor<1x4096xi32>) outs(%v0, %i0 : tensor<1xf16>, tensor<1xi32>) dimensions = [1]
      (%in: f16, %in_j: i32, %acc: f16, %acc_j: i32) {
        %gt = arith.cmpf ogt, %in, %acc : f16
        %v = arith.select %gt, %in, %acc : f16
        %i = arith.select %gt, %in_j, %acc_j : i32
        linalg.yield %v, %i : f16, i32
      }
    %ia = ktdp.construct_access_tile %iv[%t] {access_tile_set = #one, access_tile_order = #id1} : memref<32xi32> -> !ktdp.access_tile<1xindex>
    ktdp.store %r#1, %ia : tensor<1xi32>, !ktdp.access_tile<1xindex>
    %ma = ktdp.construct_access_tile %mv[%t] {access_tile_set = #one, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<1xindex>
    ktdp.store %r#0, %ma : tensor<1xf16>, !ktdp.access_tile<1xindex>
    return
  }
}
