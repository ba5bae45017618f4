// column_loop_accum.mlir -- scf.for with iter_args over 3 column chunks of
// 40 f32 each (a 6x120 matrix, 2 tiles of 3 rows): the loop carries a 3x40
// running sum of exp(x - 1) chunks; the sum is stored once after the loop.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 119 >= 0)>
#oview = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 39 >= 0)>
#chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 39 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @column_loop_accum(%x_ptr: index, %y_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c40 = arith.constant 40 : index
    %c120 = arith.constant 120 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant dense<1.0> : tensor<3x40xf32>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c3 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [6, 120], strides: [120, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<6x120xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [6, 40], strides: [40, 1] {
      coordinate_set = #oview, memory_space = #ktdp.memory_space<global>
    } : memref<6x40xf32>
    %e = tensor.empty() : tensor<3x40xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3x40xf32>) -> tensor<3x40xf32>
    %sum = scf.for %col = %c0 to %c120 step %c40 iter_args(%acc = %init) -> (tensor<3x40xf32>) {
      %xa = ktdp.construct_access_tile %xv[%r0, %col] {
        access_tile_set = #chunk, access_tile_order = #id2
      } : memref<6x120xf32> -> !ktdp.access_tile<3x40xindex>
      %x = ktdp.load %xa : <3x40xindex> -> tensor<3x40xf32>
      %d = arith.subf %x, %one : tensor<3x40xf32>
      %ex = math.exp %d : tensor<3x40xf32>
      %n = arith.addf %acc, %ex : tensor<3x40xf32>
      scf.yield %n : tensor<3x40xf32>
    }
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #chunk, access_tile_order = #id2
    } : memref<6x40xf32> -> !ktdp.access_tile<3x40xindex>
    ktdp.store %sum, %ya : tensor<3x40xf32>, <3x40xindex>
    return
  }
}
