// w8a8_colsum_llama3_kproj.mlir -- the W8A8 zero-point correction's column
// sums for Llama-3-8B's k_proj, split-K: an int8 weight W [4096 (K), 1024
// (N)] on grid [4, 8] (dimension 0: 256 columns each, two i8 sticks;
// dimension 1: an eighth of K, 512 rows each), each tile
//   part[kc, n] = sum_{k in its eighth} i32(W[k, n])    (stored, i32)
//   corr[kc, n] = f32(part[kc, n]) * w_scale[n] * -a_zp (stored, f32)
// The reduction runs over the OUTER dimension and its body widens
// (arith.extsi before arith.addi), as a generator writes it: the i32
// accumulator row is four times the bytes of an i8 row, so the compute
// unit folds a column of sticks at a time (chunk-reductions,
// pipeline/utils/ColumnSticks.h), pops the column-stick's scales and
// pushes both results' sticks for it in turn. Integer sums: exact.
// RUN-ARGS: --arg a_zp=5
#w = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#n = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>
#p = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#wt = affine_set<(d0, d1) : (d0 >= 0, -d0 + 511 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#nt = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#pt = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 255 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @w8a8_colsum(%w_ptr: index, %scale_ptr: index, %part_ptr: index, %corr_ptr: index, %a_zp: i32) attributes {grid = [4, 8]} {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %zi = arith.constant 0 : i32
    %nc, %kc = ktdp.get_compute_tile_id : index, index
    %n0 = arith.muli %nc, %c256 : index
    %k0 = arith.muli %kc, %c512 : index
    %wv = ktdp.construct_memory_view %w_ptr, sizes: [4096, 1024], strides: [1024, 1] {coordinate_set = #w, memory_space = #ktdp.memory_space<global>} : memref<4096x1024xi8>
    %sv = ktdp.construct_memory_view %scale_ptr, sizes: [1024], strides: [1] {coordinate_set = #n, memory_space = #ktdp.memory_space<global>} : memref<1024xf32>
    %pv = ktdp.construct_memory_view %part_ptr, sizes: [8, 1024], strides: [1024, 1] {coordinate_set = #p, memory_space = #ktdp.memory_space<global>} : memref<8x1024xi32>
    %rv = ktdp.construct_memory_view %corr_ptr, sizes: [8, 1024], strides: [1024, 1] {coordinate_set = #p, memory_space = #ktdp.memory_space<global>} : memref<8x1024xf32>
    %wa = ktdp.construct_access_tile %wv[%k0, %n0] {access_tile_set = #wt, access_tile_order = #id2} : memref<4096x1024xi8> -> !ktdp.access_tile<512x256xindex>
    %wt = ktdp.load %wa : <512x256xindex> -> tensor<512x256xi8>
    %e = tensor.empty() : tensor<256xi32>
    %init = linalg.fill ins(%zi : i32) outs(%e : tensor<256xi32>) -> tensor<256xi32>
    %acc = linalg.reduce ins(%wt : tensor<512x256xi8>) outs(%init : tensor<256xi32>) dimensions = [0]
      (%in: i8, %o: i32) {
        %x = arith.extsi %in : i8 to i32
        %s = arith.addi %x, %o : i32
        linalg.yield %s : i32
      }
    %acc2 = tensor.expand_shape %acc [[0, 1]] output_shape [1, 256] : tensor<256xi32> into tensor<1x256xi32>
    %pa = ktdp.construct_access_tile %pv[%kc, %n0] {access_tile_set = #pt, access_tile_order = #id2} : memref<8x1024xi32> -> !ktdp.access_tile<1x256xindex>
    ktdp.store %acc2, %pa : tensor<1x256xi32>, <1x256xindex>
    %sa = ktdp.construct_access_tile %sv[%n0] {access_tile_set = #nt, access_tile_order = #id1} : memref<1024xf32> -> !ktdp.access_tile<256xindex>
    %sc = ktdp.load %sa : <256xindex> -> tensor<256xf32>
    %accf = arith.sitofp %acc : tensor<256xi32> to tensor<256xf32>
    %nz = arith.subi %zi, %a_zp : i32
    %nzf = arith.sitofp %nz : i32 to f32
    %nzb = tensor.splat %nzf : tensor<256xf32>
    %t1 = arith.mulf %accf, %sc : tensor<256xf32>
    %corr = arith.mulf %t1, %nzb : tensor<256xf32>
    %corr2 = tensor.expand_shape %corr [[0, 1]] output_shape [1, 256] : tensor<256xf32> into tensor<1x256xf32>
    %ra = ktdp.construct_access_tile %rv[%kc, %n0] {access_tile_set = #pt, access_tile_order = #id2} : memref<8x1024xf32> -> !ktdp.access_tile<1x256xindex>
    ktdp.store %corr2, %ra : tensor<1x256xf32>, <1x256xindex>
    return
  }
}
