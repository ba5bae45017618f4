// A K loop of two steps accumulating A_k @ B_k into an 8x64 f32 tile the
// loop carries, rounded to f16 and stored after the loop.
#sa = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#sb = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#sc = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#ka = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#kb = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @k_loop(%a: index, %b: index, %c: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %av = ktdp.construct_memory_view %a, sizes: [8, 128], strides: [128, 1] {coordinate_set = #sa, memory_space = #ktdp.memory_space<global>} : memref<8x128xf16>
  %bv = ktdp.construct_memory_view %b, sizes: [128, 64], strides: [64, 1] {coordinate_set = #sb, memory_space = #ktdp.memory_space<global>} : memref<128x64xf16>
  %cv = ktdp.construct_memory_view %c, sizes: [8, 64], strides: [64, 1] {coordinate_set = #sc, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %e = tensor.empty() : tensor<8x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  %acc = scf.for %k = %c0 to %c128 step %c64 iter_args(%it = %z) -> (tensor<8x64xf32>) {
    %at = ktdp.construct_access_tile %av[%c0, %k] {access_tile_set = #ka, access_tile_order = #id} : memref<8x128xf16> -> !ktdp.access_tile<8x64xindex>
    %bt = ktdp.construct_access_tile %bv[%k, %c0] {access_tile_set = #kb, access_tile_order = #id} : memref<128x64xf16> -> !ktdp.access_tile<64x64xindex>
    %ad = ktdp.load %at : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
    %bd = ktdp.load %bt : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
    %next = linalg.matmul ins(%ad, %bd : tensor<8x64xf16>, tensor<64x64xf16>) outs(%it : tensor<8x64xf32>) -> tensor<8x64xf32>
    scf.yield %next : tensor<8x64xf32>
  }
  %r = arith.truncf %acc : tensor<8x64xf32> to tensor<8x64xf16>
  %ct = ktdp.construct_access_tile %cv[%c0, %c0] {access_tile_set = #sc, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<8x64xindex>
  ktdp.store %r, %ct : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
  return
}
