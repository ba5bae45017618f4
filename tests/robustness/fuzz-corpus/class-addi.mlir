func.func @add(%x: i64) attributes {grid = [1]} {
  %one = arith.constant 1 : i64
  %y = arith.addi %x, %one : i64
  return
}
