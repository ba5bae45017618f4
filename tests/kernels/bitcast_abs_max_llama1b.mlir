// bitcast_abs_max_llama1b.mlir -- the absolute value and sign of a
// Llama-3.2-1B hidden state through their bits (issue 23, section 4:
// arith.bitcast), as a quantisation kernel computes its scales: the sign
// bit is cleared with an i16 mask for |x| and kept alone for sign(x).
//
// What it computes
//   x, a, s : 32x2048 f16. grid = [32]: tile t handles row t, 256 columns at
//   a time: a = bits(x) & 0x7fff as f16 (|x|), s = bits(x) & 0x8000 | 0x3c00
//   as f16 (+1 or -1 with x's sign).
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#chunk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @abs_and_sign(%x_ptr: index, %a_ptr: index, %s_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c2048 = arith.constant 2048 : index
    %magnitude = arith.constant dense<32767> : tensor<1x256xi16>
    %sign = arith.constant dense<-32768> : tensor<1x256xi16>
    %one = arith.constant dense<15360> : tensor<1x256xi16>
    %t = ktdp.get_compute_tile_id : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [32, 2048], strides: [2048, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x2048xf16>
    %av = ktdp.construct_memory_view %a_ptr, sizes: [32, 2048], strides: [2048, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x2048xf16>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [32, 2048], strides: [2048, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<32x2048xf16>
    scf.for %j = %c0 to %c2048 step %c256 {
      %xa = ktdp.construct_access_tile %xv[%t, %j] {
        access_tile_set = #chunk, access_tile_order = #id2
      } : memref<32x2048xf16> -> !ktdp.access_tile<1x256xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %bits = arith.bitcast %x : tensor<1x256xf16> to tensor<1x256xi16>
      %abits = arith.andi %bits, %magnitude : tensor<1x256xi16>
      %a = arith.bitcast %abits : tensor<1x256xi16> to tensor<1x256xf16>
      %sbit = arith.andi %bits, %sign : tensor<1x256xi16>
      %sbits = arith.ori %sbit, %one : tensor<1x256xi16>
      %s = arith.bitcast %sbits : tensor<1x256xi16> to tensor<1x256xf16>
      %aa = ktdp.construct_access_tile %av[%t, %j] {
        access_tile_set = #chunk, access_tile_order = #id2
      } : memref<32x2048xf16> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %a, %aa : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
      %sa = ktdp.construct_access_tile %sv[%t, %j] {
        access_tile_set = #chunk, access_tile_order = #id2
      } : memref<32x2048xf16> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %s, %sa : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    }
    return
  }
}
