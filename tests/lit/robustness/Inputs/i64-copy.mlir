// Copies 4 i64 from %a to %b, and adds %k to them on the way (TYPE: i64).
#set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id = affine_map<(d0) -> (d0)>
func.func @copy(%a: index, %b: index, %k: i64) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %A = ktdp.construct_memory_view %a, sizes: [4], strides: [1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<4xi64>
  %B = ktdp.construct_memory_view %b, sizes: [4], strides: [1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>
  } : memref<4xi64>
  %ta = ktdp.construct_access_tile %A[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<4xi64> -> !ktdp.access_tile<4xindex>
  %tb = ktdp.construct_access_tile %B[%c0] {access_tile_set = #set, access_tile_order = #id} : memref<4xi64> -> !ktdp.access_tile<4xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<4xindex> -> tensor<4xi64>
  %ks = tensor.splat %k : tensor<4xi64>
  %y = arith.addi %x, %ks : tensor<4xi64>
  %m = arith.maxsi %y, %x : tensor<4xi64>
  ktdp.store %m, %tb : tensor<4xi64>, !ktdp.access_tile<4xindex>
  return
}
