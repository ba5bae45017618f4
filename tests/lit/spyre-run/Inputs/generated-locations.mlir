// Locations from a Python generator (RUN lines in ../generated-locations.mlir).
// The cmpi in generic form: the parser takes it, the verifier refuses it.
func.func @k(%x_ptr: index loc("/opt/gen/emit.py":10:4)) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index loc("/opt/gen/emit.py":12:8)
  %a = arith.constant dense<1.0> : tensor<4xf16> loc(#loc1)
  %m = "arith.cmpi"(%a, %a) <{predicate = 6 : i64}> : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1> loc(#loc2)
  return loc(#loc1)
} loc("/opt/gen/emit.py":10:4)
#loc1 = loc("/opt/gen/emit.py":20:8)
#loc2 = loc(callsite("/opt/gen/emit.py":45:12 at "/opt/gen/model.py":7:1))
