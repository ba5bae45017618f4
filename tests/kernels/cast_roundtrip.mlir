// cast_roundtrip.mlir -- casts between widths and kinds on 4x64 elements:
//   w = extf(x : f16) to f32;  q = fptosi(w * 8) : i32;  r = sitofp(q) : f32
//   y = truncf(r / 8) : bf16;  n = trunci(q) : i16 -> extsi to i32 stored too.
#view = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @cast_roundtrip(%x_ptr: index, %y_ptr: index, %q_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %eight = arith.constant dense<8.0> : tensor<4x64xf32>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xbf16>
    %qv = ktdp.construct_memory_view %q_ptr, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #view, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xi32>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
    %x = ktdp.load %xa : <4x64xindex> -> tensor<4x64xf16>
    %w = arith.extf %x : tensor<4x64xf16> to tensor<4x64xf32>
    %w8 = arith.mulf %w, %eight : tensor<4x64xf32>
    %q = arith.fptosi %w8 : tensor<4x64xf32> to tensor<4x64xi32>
    %r = arith.sitofp %q : tensor<4x64xi32> to tensor<4x64xf32>
    %r8 = arith.divf %r, %eight : tensor<4x64xf32>
    %y = arith.truncf %r8 : tensor<4x64xf32> to tensor<4x64xbf16>
    %n = arith.trunci %q : tensor<4x64xi32> to tensor<4x64xi16>
    %ne = arith.extsi %n : tensor<4x64xi16> to tensor<4x64xi32>
    %ya = ktdp.construct_access_tile %yv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<4x64xbf16> -> !ktdp.access_tile<4x64xindex>
    ktdp.store %y, %ya : tensor<4x64xbf16>, <4x64xindex>
    %qa = ktdp.construct_access_tile %qv[%c0, %c0] {
      access_tile_set = #view, access_tile_order = #id2
    } : memref<4x64xi32> -> !ktdp.access_tile<4x64xindex>
    ktdp.store %ne, %qa : tensor<4x64xi32>, <4x64xindex>
    return
  }
}
