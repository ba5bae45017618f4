// row_sum.mlir -- row-wise reduction: OUT[m] = sum_n X[m, n]
//
// What it computes
//   X : 256x128 fp16 in HBM, OUT : 256 fp16 in HBM; %x_ptr and %out_ptr are
//   element indices into HBM.
//   grid = [32]: tile i owns rows 8*i .. 8*i+7. It loads its 8x128 slice of X
//   (16 sticks), widens it to fp32, reduces over the last dimension with
//   linalg.reduce (accumulating in fp32, initial value 0 from linalg.fill),
//   rounds the 8 sums back to fp16 and stores them into OUT[8*i .. 8*i+7].
//   The 32 output ranges are disjoint and cover OUT exactly once.
//
// Why it is interesting
//   A reduction changes the shape: each core reads 8x128 values but writes
//   only 8 (16 bytes, an eighth of a stick), so the store is a partial stick
//   and the output tile is rank 1. It also shows a mixed-precision idiom
//   (arith.extf / arith.truncf around an fp32 accumulator) and the short form
//   of linalg.reduce. No data crosses cores: each row lives on one core.

#x_set     = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#x_tile    = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#out_set   = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#out_tile  = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#identity2 = affine_map<(d0, d1) -> (d0, d1)>
#identity1 = affine_map<(d0) -> (d0)>

module {
  func.func @row_sum(%x_ptr: index, %out_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %rows_per_tile = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32

    %id = ktdp.get_compute_tile_id : index
    %row0 = arith.muli %id, %rows_per_tile : index

    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [256, 128], strides: [128, 1] {
      coordinate_set = #x_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<256x128xf16>

    %out_view = ktdp.construct_memory_view %out_ptr, sizes: [256], strides: [1] {
      coordinate_set = #out_set,
      memory_space = #ktdp.memory_space<global>
    } : memref<256xf16>

    %x_acc = ktdp.construct_access_tile %x_view[%row0, %c0] {
      access_tile_set = #x_tile,
      access_tile_order = #identity2
    } : memref<256x128xf16> -> !ktdp.access_tile<8x128xindex>
    %x = ktdp.load %x_acc : !ktdp.access_tile<8x128xindex> -> tensor<8x128xf16>

    // Accumulate in fp32.
    %x32 = arith.extf %x : tensor<8x128xf16> to tensor<8x128xf32>
    %acc_empty = tensor.empty() : tensor<8xf32>
    %acc_init = linalg.fill ins(%zero : f32) outs(%acc_empty : tensor<8xf32>) -> tensor<8xf32>
    %sums32 = linalg.reduce { arith.addf }
        ins(%x32 : tensor<8x128xf32>)
        outs(%acc_init : tensor<8xf32>)
        dimensions = [1]
    %sums = arith.truncf %sums32 : tensor<8xf32> to tensor<8xf16>

    %out_acc = ktdp.construct_access_tile %out_view[%row0] {
      access_tile_set = #out_tile,
      access_tile_order = #identity1
    } : memref<256xf16> -> !ktdp.access_tile<8xindex>
    ktdp.store %sums, %out_acc : tensor<8xf16>, !ktdp.access_tile<8xindex>

    return
  }
}
