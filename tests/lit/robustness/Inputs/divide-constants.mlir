// OP on TYPE with the operands as constants (scalar and dense tensor).
func.func @divide() attributes {grid = [1]} {
  %x = arith.constant X : TYPE
  %y = arith.constant -1 : TYPE
  %tx = arith.constant dense<X> : tensor<4xTYPE>
  %ty = arith.constant dense<-1> : tensor<4xTYPE>
  %tq = arith.OP %tx, %ty : tensor<4xTYPE>
  %q = arith.OP %x, %y : TYPE
  return
}
