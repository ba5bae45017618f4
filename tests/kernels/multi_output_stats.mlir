// multi_output_stats.mlir -- one load, three outputs on 2 tiles of 3x80 f32
// (80 columns: two and a half sticks): the row sums, the row maxima and the
// elementwise product x * (x - mean) where mean is the row sum / 80.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 79 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 79 >= 0)>
#rows = affine_set<(d0) : (d0 >= 0, -d0 + 5 >= 0)>
#part = affine_set<(d0) : (d0 >= 0, -d0 + 2 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @multi_output_stats(%x_ptr: index, %sum_ptr: index, %max_ptr: index, %d_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %inv = arith.constant dense<1.25e-02> : tensor<3xf32>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c3 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [6, 80], strides: [80, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x80xf32>
    %dv = ktdp.construct_memory_view %d_ptr, sizes: [6, 80], strides: [80, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x80xf32>
    %sv = ktdp.construct_memory_view %sum_ptr, sizes: [6], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<6xf32>
    %mv = ktdp.construct_memory_view %max_ptr, sizes: [6], strides: [1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<6xf32>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<6x80xf32> -> !ktdp.access_tile<3x80xindex>
    %x = ktdp.load %xa : <3x80xindex> -> tensor<3x80xf32>
    %e0 = tensor.empty() : tensor<3xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e0 : tensor<3xf32>) -> tensor<3xf32>
    %s = linalg.reduce { arith.addf } ins(%x : tensor<3x80xf32>) outs(%z : tensor<3xf32>) dimensions = [1]
    %e1 = tensor.empty() : tensor<3xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
    %m = linalg.reduce { arith.maximumf } ins(%x : tensor<3x80xf32>) outs(%m0 : tensor<3xf32>) dimensions = [1]
    %mean = arith.mulf %s, %inv : tensor<3xf32>
    %e2 = tensor.empty() : tensor<3x80xf32>
    %mb = linalg.broadcast ins(%mean : tensor<3xf32>) outs(%e2 : tensor<3x80xf32>) dimensions = [1]
    %c = arith.subf %x, %mb : tensor<3x80xf32>
    %d = arith.mulf %x, %c : tensor<3x80xf32>
    %sa = ktdp.construct_access_tile %sv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<6xf32> -> !ktdp.access_tile<3xindex>
    ktdp.store %s, %sa : tensor<3xf32>, <3xindex>
    %ma = ktdp.construct_access_tile %mv[%r0] {
      access_tile_set = #part, access_tile_order = #id1
    } : memref<6xf32> -> !ktdp.access_tile<3xindex>
    ktdp.store %m, %ma : tensor<3xf32>, <3xindex>
    %da = ktdp.construct_access_tile %dv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<6x80xf32> -> !ktdp.access_tile<3x80xindex>
    ktdp.store %d, %da : tensor<3x80xf32>, <3x80xindex>
    return
  }
}
