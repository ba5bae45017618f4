// constant_address_views.mlir -- memory at constant addresses, no
// arguments: a 4x64 f16 block at element 4096 (byte 8192) and a 4x64 f32
// block at element 1024 (byte 4096) are read, and z = x * 2 + w (in f32,
// then rounded to f16) is written to the 4x64 f16 block at element 8192
// (byte 16384). The discovery run finds the three views; the two read
// blocks are filled with random data and all three are bound for both
// engines (docs/inputs.md).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @constant_address_views() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %xat = arith.constant 4096 : index
    %wat = arith.constant 1024 : index
    %zat = arith.constant 8192 : index
    %xv = ktdp.construct_memory_view %xat, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #blk, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %wv = ktdp.construct_memory_view %wat, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #blk, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf32>
    %zv = ktdp.construct_memory_view %zat, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = #blk, memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %xa = ktdp.construct_access_tile %xv[%c0, %c0] {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
    %wa = ktdp.construct_access_tile %wv[%c0, %c0] {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<4x64xf32> -> !ktdp.access_tile<4x64xindex>
    %za = ktdp.construct_access_tile %zv[%c0, %c0] {
      access_tile_set = #blk, access_tile_order = #id2
    } : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
    %x = ktdp.load %xa : <4x64xindex> -> tensor<4x64xf16>
    %w = ktdp.load %wa : <4x64xindex> -> tensor<4x64xf32>
    %e = tensor.empty() : tensor<4x64xf32>
    %xf = arith.extf %x : tensor<4x64xf16> to tensor<4x64xf32>
    %x2 = arith.addf %xf, %xf : tensor<4x64xf32>
    %s = arith.addf %x2, %w : tensor<4x64xf32>
    %z = arith.truncf %s : tensor<4x64xf32> to tensor<4x64xf16>
    ktdp.store %z, %za : tensor<4x64xf16>, <4x64xindex>
    return
  }
}
