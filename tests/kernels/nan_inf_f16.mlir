// nan_inf_f16.mlir -- special values on f16 (2x64, one tile): overflow to
// inf (x * 60000), sqrt of negatives (NaN), division by zero, and maximumf
// (propagates NaN) against maxnumf (drops it); then a row max over the
// maxnumf result.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#rows = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @nan_inf_f16(%x_ptr: index, %a_ptr: index, %b_ptr: index, %m_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %huge = arith.constant dense<60000.0> : tensor<2x64xf16>
    %zero = arith.constant dense<0.0> : tensor<2x64xf16>
    %ninf = arith.constant 0xFC00 : f16
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %av = ktdp.construct_memory_view %a_ptr, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %mv = ktdp.construct_memory_view %m_ptr, sizes: [2], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<2xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    %x = ktdp.load %xa : <2x64xindex> -> tensor<2x64xf16>
    %big = arith.mulf %x, %huge : tensor<2x64xf16>
    %sq = math.sqrt %x : tensor<2x64xf16>
    %dz = arith.divf %x, %zero : tensor<2x64xf16>
    %s1 = arith.addf %big, %sq : tensor<2x64xf16>
    %a = arith.maximumf %s1, %dz : tensor<2x64xf16>
    %b = arith.maxnumf %sq, %x : tensor<2x64xf16>
    %e = tensor.empty() : tensor<2xf16>
    %i = linalg.fill ins(%ninf : f16) outs(%e : tensor<2xf16>) -> tensor<2xf16>
    %m = linalg.reduce { arith.maxnumf } ins(%b : tensor<2x64xf16>) outs(%i : tensor<2xf16>) dimensions = [1]
    %aa = ktdp.construct_access_tile %av[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    ktdp.store %a, %aa : tensor<2x64xf16>, <2x64xindex>
    %ba = ktdp.construct_access_tile %bv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    ktdp.store %b, %ba : tensor<2x64xf16>, <2x64xindex>
    %ma = ktdp.construct_access_tile %mv[%c0] {
      access_tile_set = #rows, access_tile_order = #id1
    } : memref<2xf16> -> !ktdp.access_tile<2xindex>
    ktdp.store %m, %ma : tensor<2xf16>, <2xindex>
    return
  }
}
