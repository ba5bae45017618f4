// spec_decode_accept_batch64.mlir -- greedy speculative decoding's
// acceptance for a batch of 64 sequences with 7 draft tokens each (vLLM's
// rejection sampler at temperature 0), as torch-mlir writes it: the count
// and the next token are scalars made tensors with tensor.from_elements
// (tensor<1xi32> each, and the pair packed into one tensor<1x2xi32>).
//
// What it computes
//   draft, target : 64x8 i32 (7 draft tokens + the bonus position).
//   grid = [32]: tile t takes sequences b = 2t and 2t + 1 (a loop); for
//   each it computes accepted[b] = the length of the longest
//   prefix k < 7 where draft[b, k] == target[b, k], next[b] =
//   target[b, accepted[b]], and packed[b, :] = [accepted[b], next[b]].
#d_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 7 >= 0)>
#p_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 1 >= 0)>
#row   = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 7 >= 0)>
#pair  = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 1 >= 0)>
#o_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#one   = affine_set<(d0) : (d0 == 0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @spec_accept(%draft_ptr: index, %target_ptr: index, %accepted_ptr: index,
                         %next_ptr: index, %packed_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c2 = arith.constant 2 : index
    %tile = ktdp.get_compute_tile_id : index
    %first = arith.muli %tile, %c2 : index
    %dv = ktdp.construct_memory_view %draft_ptr, sizes: [64, 8], strides: [8, 1] {
      coordinate_set = #d_set, memory_space = #ktdp.memory_space<global>} : memref<64x8xi32>
    %tv = ktdp.construct_memory_view %target_ptr, sizes: [64, 8], strides: [8, 1] {
      coordinate_set = #d_set, memory_space = #ktdp.memory_space<global>} : memref<64x8xi32>
    %av = ktdp.construct_memory_view %accepted_ptr, sizes: [64], strides: [1] {
      coordinate_set = #o_set, memory_space = #ktdp.memory_space<global>} : memref<64xi32>
    %nv = ktdp.construct_memory_view %next_ptr, sizes: [64], strides: [1] {
      coordinate_set = #o_set, memory_space = #ktdp.memory_space<global>} : memref<64xi32>
    %pv = ktdp.construct_memory_view %packed_ptr, sizes: [64, 2], strides: [2, 1] {
      coordinate_set = #p_set, memory_space = #ktdp.memory_space<global>} : memref<64x2xi32>
    scf.for %j = %c0 to %c2 step %c1 {
      %b = arith.addi %first, %j : index
      %d_acc = ktdp.construct_access_tile %dv[%b, %c0] {access_tile_set = #row, access_tile_order = #id2}
          : memref<64x8xi32> -> !ktdp.access_tile<1x8xindex>
      %t_acc = ktdp.construct_access_tile %tv[%b, %c0] {access_tile_set = #row, access_tile_order = #id2}
          : memref<64x8xi32> -> !ktdp.access_tile<1x8xindex>
      %d = ktdp.load %d_acc : <1x8xindex> -> tensor<1x8xi32>
      %t = ktdp.load %t_acc : <1x8xindex> -> tensor<1x8xi32>
      %eq = arith.cmpi eq, %d, %t : tensor<1x8xi32>
      %eqi = arith.extui %eq : tensor<1x8xi1> to tensor<1x8xi32>
      %one_i = arith.constant 1 : i32
      %zero_i = arith.constant 0 : i32
      %cnt, %alive = scf.for %k = %c0 to %c7 step %c1 iter_args(%n = %zero_i, %a = %one_i) -> (i32, i32) {
        %m = tensor.extract %eqi[%c0, %k] : tensor<1x8xi32>
        %a2 = arith.andi %a, %m : i32
        %n2 = arith.addi %n, %a2 : i32
        scf.yield %n2, %a2 : i32, i32
      }
      %cnt_idx = arith.index_cast %cnt : i32 to index
      %next = tensor.extract %t[%c0, %cnt_idx] : tensor<1x8xi32>
      %cnt_t = tensor.from_elements %cnt : tensor<1xi32>
      %next_t = tensor.from_elements %next : tensor<1xi32>
      %pair_t = tensor.from_elements %cnt, %next : tensor<1x2xi32>
      %a_acc = ktdp.construct_access_tile %av[%b] {access_tile_set = #one, access_tile_order = #id1}
          : memref<64xi32> -> !ktdp.access_tile<1xindex>
      %n_acc = ktdp.construct_access_tile %nv[%b] {access_tile_set = #one, access_tile_order = #id1}
          : memref<64xi32> -> !ktdp.access_tile<1xindex>
      %p_acc = ktdp.construct_access_tile %pv[%b, %c0] {access_tile_set = #pair, access_tile_order = #id2}
          : memref<64x2xi32> -> !ktdp.access_tile<1x2xindex>
      ktdp.store %cnt_t, %a_acc : tensor<1xi32>, !ktdp.access_tile<1xindex>
      ktdp.store %next_t, %n_acc : tensor<1xi32>, !ktdp.access_tile<1xindex>
      ktdp.store %pair_t, %p_acc : tensor<1x2xi32>, !ktdp.access_tile<1x2xindex>
    }
    return
  }
}
