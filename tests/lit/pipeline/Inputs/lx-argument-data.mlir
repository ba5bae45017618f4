// A kernel that keeps data of its own in LX at addresses its arguments
// give (an inter-core relayout's source and destination): %src's views
// reach 512 KiB of a scratchpad, %dst's too. The top 1 MiB of every core's
// LX is theirs (ir/KernelLxData.h): %src from byte 1048576, %dst from
// 1572864; the compiled program's buffers stay below.
#piece = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#tile  = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#order = affine_map<(d0, d1) -> (d0, d1)>
func.func @lx_argument_data(%src: index, %dst: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %s = ktdp.construct_memory_view %src, sizes: [256, 1024], strides: [1024, 1] {
    coordinate_set = #piece, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>
  } : memref<256x1024xf16>
  %d = ktdp.construct_memory_view %dst, sizes: [256, 1024], strides: [1024, 1] {
    coordinate_set = #piece, memory_space = #ktdp.memory_space<ct_local>
  } : memref<256x1024xf16>
  %ts = ktdp.construct_access_tile %s[%c0, %c0] {
    access_tile_set = #tile, access_tile_order = #order
  } : memref<256x1024xf16> -> !ktdp.access_tile<64x64xindex>
  %td = ktdp.construct_access_tile %d[%c0, %c0] {
    access_tile_set = #tile, access_tile_order = #order
  } : memref<256x1024xf16> -> !ktdp.access_tile<64x64xindex>
  %v = ktdp.load %ts : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
  ktdp.store %v, %td : tensor<64x64xf16>, !ktdp.access_tile<64x64xindex>
  return
}
