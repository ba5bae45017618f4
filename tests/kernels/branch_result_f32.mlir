// branch_result_f32.mlir -- a tile chosen by an scf.if with results, then
// stored: on 2 tiles of 8x48 f32 (48 columns: one and a half 32-element
// sticks), tile 0 stores y = x * 0.5 + 3, tile 1 stores y = x - 2.
// The store moves into both branches (extract-compute-groups,
// pipeline/utils/SinkIntoBranches.h): each branch's pipeline streams its result
// to LX instead of yielding the tile whole to a later pipeline.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 47 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 47 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @branch_result_f32(%x_ptr: index, %y_ptr: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %half = arith.constant dense<0.5> : tensor<8x48xf32>
    %three = arith.constant dense<3.0> : tensor<8x48xf32>
    %two = arith.constant 2.0 : f32
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c8 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [16, 48], strides: [48, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<16x48xf32>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [16, 48], strides: [48, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<16x48xf32>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<16x48xf32> -> !ktdp.access_tile<8x48xindex>
    %x = ktdp.load %xa : <8x48xindex> -> tensor<8x48xf32>
    %first = arith.cmpi eq, %t, %c0 : index
    %y = scf.if %first -> (tensor<8x48xf32>) {
      %a = arith.mulf %x, %half : tensor<8x48xf32>
      %b = arith.addf %a, %three : tensor<8x48xf32>
      scf.yield %b : tensor<8x48xf32>
    } else {
      %e = tensor.empty() : tensor<8x48xf32>
      %twos = linalg.fill ins(%two : f32) outs(%e : tensor<8x48xf32>) -> tensor<8x48xf32>
      %d = arith.subf %x, %twos : tensor<8x48xf32>
      scf.yield %d : tensor<8x48xf32>
    }
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<16x48xf32> -> !ktdp.access_tile<8x48xindex>
    ktdp.store %y, %ya : tensor<8x48xf32>, <8x48xindex>
    return
  }
}
