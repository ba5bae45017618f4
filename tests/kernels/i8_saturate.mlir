// i8_saturate.mlir -- i8 arithmetic that wraps: 2 tiles of 4x128 i8,
// z = (a + b) * 3 (modulo 256), and c = min(a, b) stored as i32.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @i8_saturate(%a_ptr: index, %b_ptr: index, %z_ptr: index, %c_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %three = arith.constant dense<3> : tensor<4x128xi8>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c4 : index
    %av = ktdp.construct_memory_view %a_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xi8>
    %bv = ktdp.construct_memory_view %b_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xi8>
    %zv = ktdp.construct_memory_view %z_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xi8>
    %cv = ktdp.construct_memory_view %c_ptr, sizes: [8, 128], strides: [128, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<8x128xi32>
    %aa = ktdp.construct_access_tile %av[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<8x128xi8> -> !ktdp.access_tile<4x128xindex>
    %ba = ktdp.construct_access_tile %bv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<8x128xi8> -> !ktdp.access_tile<4x128xindex>
    %a = ktdp.load %aa : <4x128xindex> -> tensor<4x128xi8>
    %b = ktdp.load %ba : <4x128xindex> -> tensor<4x128xi8>
    %s = arith.addi %a, %b : tensor<4x128xi8>
    %z = arith.muli %s, %three : tensor<4x128xi8>
    %m = arith.minsi %a, %b : tensor<4x128xi8>
    %c = arith.extsi %m : tensor<4x128xi8> to tensor<4x128xi32>
    %za = ktdp.construct_access_tile %zv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<8x128xi8> -> !ktdp.access_tile<4x128xindex>
    ktdp.store %z, %za : tensor<4x128xi8>, <4x128xindex>
    %ca = ktdp.construct_access_tile %cv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<8x128xi32> -> !ktdp.access_tile<4x128xindex>
    ktdp.store %c, %ca : tensor<4x128xi32>, <4x128xindex>
    return
  }
}
