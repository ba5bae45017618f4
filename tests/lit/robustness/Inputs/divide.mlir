// OP on TYPE: %x OP %y, scalars and 4-element tensors.
func.func @divide(%x: TYPE, %y: TYPE) attributes {grid = [1]} {
  %q = arith.OP %x, %y : TYPE
  %tx = tensor.splat %x : tensor<4xTYPE>
  %ty = tensor.splat %y : tensor<4xTYPE>
  %tq = arith.OP %tx, %ty : tensor<4xTYPE>
  return
}
