func.func @k(%x: index) {
  %a = arith.constant 1 : index
  %b = arith.addi %a, %q : index
  return
}
