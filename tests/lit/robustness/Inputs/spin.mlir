// N iterations, each allocating and freeing two 64-element tensors in the
// scratchpad (four scratchpad events an iteration).
func.func @spin(%n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f16
  scf.for %i = %c0 to %n step %c1 {
    %t = tensor.splat %z : tensor<64xf16>
    %u = arith.addf %t, %t : tensor<64xf16>
  }
  return
}
