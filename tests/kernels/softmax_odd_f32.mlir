// softmax_odd_f32.mlir -- softmax over rows of 100 f32 (three and an eighth
// sticks) on 3 tiles of 2 rows: y = exp(x - max) / sum(exp(x - max)).
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 99 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 99 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @softmax_odd_f32(%x_ptr: index, %y_ptr: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c2 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [6, 100], strides: [100, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x100xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [6, 100], strides: [100, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x100xf32>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<6x100xf32> -> !ktdp.access_tile<2x100xindex>
    %x = ktdp.load %xa : <2x100xindex> -> tensor<2x100xf32>
    %e0 = tensor.empty() : tensor<2xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<2xf32>) -> tensor<2xf32>
    %m = linalg.reduce { arith.maximumf } ins(%x : tensor<2x100xf32>) outs(%m0 : tensor<2xf32>) dimensions = [1]
    %e1 = tensor.empty() : tensor<2x100xf32>
    %mb = linalg.broadcast ins(%m : tensor<2xf32>) outs(%e1 : tensor<2x100xf32>) dimensions = [1]
    %d = arith.subf %x, %mb : tensor<2x100xf32>
    %ex = math.exp %d : tensor<2x100xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<2xf32>) -> tensor<2xf32>
    %s = linalg.reduce { arith.addf } ins(%ex : tensor<2x100xf32>) outs(%s0 : tensor<2xf32>) dimensions = [1]
    %e2 = tensor.empty() : tensor<2x100xf32>
    %sb = linalg.broadcast ins(%s : tensor<2xf32>) outs(%e2 : tensor<2x100xf32>) dimensions = [1]
    %y = arith.divf %ex, %sb : tensor<2x100xf32>
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<6x100xf32> -> !ktdp.access_tile<2x100xindex>
    ktdp.store %y, %ya : tensor<2x100xf32>, <2x100xindex>
    return
  }
}
