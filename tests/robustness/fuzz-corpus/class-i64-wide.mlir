// Class 7: i64 and index values beyond 2^53 in every op class, scalars
// and tensors (exact since the interpreter holds them as integers), then
// INT64_MIN / -1 (an error on the op).
func.func @wide() attributes {grid = [1]} {
  %a = arith.constant 9007199254740993 : i64
  %b = arith.constant 4611686018427387904 : i64
  %max = arith.constant 9223372036854775807 : i64
  %min = arith.constant -9223372036854775808 : i64
  %m1 = arith.constant -1 : i64
  %s = arith.addi %a, %b : i64
  %w = arith.muli %max, %b : i64
  %x = arith.maxsi %s, %w : i64
  %sh = arith.shli %a, %m1 : i64
  %c = arith.cmpi ult, %min, %max : i64
  %i = arith.index_cast %x : i64 to index
  %j = arith.remsi %i, %i : index
  %t = tensor.splat %a : tensor<4xi64>
  %u = arith.addi %t, %t : tensor<4xi64>
  %f = arith.sitofp %u : tensor<4xi64> to tensor<4xf32>
  %q = arith.divsi %min, %m1 : i64
  return
}
