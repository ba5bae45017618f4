// OP on TYPE: splat(%x) OP splat(%y), 4 elements, stored (so the compiled
// program keeps it: the emulator runs it).
#set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id = affine_map<(d0) -> (d0)>
func.func @divide_store(%x: TYPE, %y: TYPE, %q_ptr: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %tx = tensor.splat %x : tensor<4xTYPE>
  %ty = tensor.splat %y : tensor<4xTYPE>
  %tq = arith.OP %tx, %ty : tensor<4xTYPE>
  %qv = ktdp.construct_memory_view %q_ptr, sizes: [4], strides: [1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<4xTYPE>
  %qa = ktdp.construct_access_tile %qv[%c0] {
    access_tile_set = #set, access_tile_order = #id
  } : memref<4xTYPE> -> !ktdp.access_tile<4xindex>
  ktdp.store %tq, %qa : tensor<4xTYPE>, <4xindex>
  return
}
