// first_outlier_column_prefill.mlir -- LLM.int8()'s outlier search on a
// Llama-3-8B prefill activation, as torch-mlir writes `argmax`-like index
// reductions: a reduction linalg.generic whose body reads linalg.index.
//
// What it computes
//   x : 32x4096 f16 (32 tokens x hidden 4096), first : 32 i32. grid = [32]:
//   tile t finds the first column j of row t whose |x[t, j]| exceeds 2.5
//   (min over j of (|x| > 2.5 ? j : INT32_MAX)); a row without one gives
//   INT32_MAX. The reduction's body reads its column index (issue 24,
//   class D).
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 4095 >= 0)>
#ts = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#one = affine_set<(d0) : (d0 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#rows = affine_map<(d0, d1) -> (d0)>
module {
  func.func @first_outlier_column(%x_ptr: index, %first_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %tok = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 4096], strides: [4096, 1] {coordinate_set = #xs, memory_space = #ktdp.memory_space<global>} : memref<32x4096xf16>
    %fv = ktdp.construct_memory_view %first_ptr, sizes: [32], strides: [1] {coordinate_set = #ts, memory_space = #ktdp.memory_space<global>} : memref<32xi32>
    %xa = ktdp.construct_access_tile %xv[%tok, %c0] {access_tile_set = #row, access_tile_order = #id2} : memref<32x4096xf16> -> !ktdp.access_tile<1x4096xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<1x4096xindex> -> tensor<1x4096xf16>
    %none = arith.constant 2147483647 : i32
    %e = tensor.empty() : tensor<1xi32>
    %init = linalg.fill ins(%none : i32) outs(%e : tensor<1xi32>) -> tensor<1xi32>
    %first = linalg.generic {indexing_maps = [#id2, #rows], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x4096xf16>) outs(%init : tensor<1xi32>) {
    ^bb0(%in: f16, %acc: i32):
      %limit = arith.constant 2.5 : f16
      %big = arith.constant 2147483647 : i32
      %j = linalg.index 1 : index
      %j32 = arith.index_cast %j : index to i32
      %mag = math.absf %in : f16
      %out = arith.cmpf ogt, %mag, %limit : f16
      %cand = arith.select %out, %j32, %big : i32
      %m = arith.minsi %cand, %acc : i32
      linalg.yield %m : i32
    } -> tensor<1xi32>
    %fa = ktdp.construct_access_tile %fv[%tok] {access_tile_set = #one, access_tile_order = #id1} : memref<32xi32> -> !ktdp.access_tile<1xindex>
    ktdp.store %first, %fa : tensor<1xi32>, !ktdp.access_tile<1xindex>
    return
  }
}
