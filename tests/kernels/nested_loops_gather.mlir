// nested_loops_gather.mlir -- nested scf.for: for each of 3 row blocks
// (outer) and each of 2 column halves (inner), gather 2 rows of a 20x64 f16
// table through indices idx[2*b .. 2*b+1] and accumulate the two halves'
// sums into a per-block 2x32 result with iter_args; one tile.
#table = affine_set<(d0, d1) : (d0 >= 0, -d0 + 19 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#idx = affine_set<(d0) : (d0 >= 0, -d0 + 5 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#sp = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @nested_loops_gather(%table_ptr: index, %idx_ptr: index, %out_ptr: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f16
    %tv = ktdp.construct_memory_view %table_ptr, sizes: [20, 64], strides: [64, 1] {
      coordinate_set = #table, memory_space = #ktdp.memory_space<global>
    } : memref<20x64xf16>
    %iv = ktdp.construct_memory_view %idx_ptr, sizes: [6], strides: [1] {
      coordinate_set = #idx, memory_space = #ktdp.memory_space<global>
    } : memref<6xi32>
    %ov = ktdp.construct_memory_view %out_ptr, sizes: [6, 32], strides: [32, 1] {
      coordinate_set = #out, memory_space = #ktdp.memory_space<global>
    } : memref<6x32xf16>
    scf.for %b = %c0 to %c3 step %c1 {
      %r0 = arith.muli %b, %c2 : index
      %e = tensor.empty() : tensor<2x32xf16>
      %init = linalg.fill ins(%zero : f16) outs(%e : tensor<2x32xf16>) -> tensor<2x32xf16>
      %acc = scf.for %h = %c0 to %c2 step %c1 iter_args(%a = %init) -> (tensor<2x32xf16>) {
        %col = arith.muli %h, %c32 : index
        %ga = ktdp.construct_indirect_access_tile
            intermediate_variables(%i, %j)
            %tv[ind(%iv[%r0 + %i]), (%col + %j)] {
              variables_space_set = #sp, variables_space_order = #id2
            } : memref<20x64xf16>, memref<6xi32> -> !ktdp.access_tile<2x32xindex>
        %g = ktdp.load %ga : <2x32xindex> -> tensor<2x32xf16>
        %n = arith.addf %a, %g : tensor<2x32xf16>
        scf.yield %n : tensor<2x32xf16>
      }
      %oa = ktdp.construct_access_tile %ov[%r0, %c0] {
        access_tile_set = #sp, access_tile_order = #id2
      } : memref<6x32xf16> -> !ktdp.access_tile<2x32xindex>
      ktdp.store %acc, %oa : tensor<2x32xf16>, <2x32xindex>
    }
    return
  }
}
