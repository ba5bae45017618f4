// parity_branch.mlir -- scf.if with results and an else branch: on 3 tiles
// of 4x64 f16, even tiles compute y = x * 2, odd tiles y = x + 1; a second
// scf.if without results stores an extra copy of x from tile 0 only.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 11 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#band = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#cview = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @parity_branch(%x_ptr: index, %y_ptr: index, %c_ptr: index) attributes {grid = [3]} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %two = arith.constant dense<2.0> : tensor<4x64xf16>
    %one = arith.constant dense<1.0> : tensor<4x64xf16>
    %t = ktdp.get_compute_tile_id : index
    %r0 = arith.muli %t, %c4 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [12, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<12x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [12, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<12x64xf16>
    %xa = ktdp.construct_access_tile %xv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<12x64xf16> -> !ktdp.access_tile<4x64xindex>
    %x = ktdp.load %xa : <4x64xindex> -> tensor<4x64xf16>
    %par = arith.remui %t, %c2 : index
    %even = arith.cmpi eq, %par, %c0 : index
    %y = scf.if %even -> (tensor<4x64xf16>) {
      %a = arith.mulf %x, %two : tensor<4x64xf16>
      scf.yield %a : tensor<4x64xf16>
    } else {
      %b = arith.addf %x, %one : tensor<4x64xf16>
      scf.yield %b : tensor<4x64xf16>
    }
    %ya = ktdp.construct_access_tile %yv[%r0, %c0] {
      access_tile_set = #band, access_tile_order = #id2
    } : memref<12x64xf16> -> !ktdp.access_tile<4x64xindex>
    ktdp.store %y, %ya : tensor<4x64xf16>, <4x64xindex>
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      %cv = ktdp.construct_memory_view %c_ptr, sizes: [4, 64], strides: [64, 1] {
        coordinate_set = #cview, memory_space = #ktdp.memory_space<global>
      } : memref<4x64xf16>
      %ca = ktdp.construct_access_tile %cv[%c0, %c0] {
        access_tile_set = #band, access_tile_order = #id2
      } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
      ktdp.store %x, %ca : tensor<4x64xf16>, <4x64xindex>
    }
    return
  }
}
