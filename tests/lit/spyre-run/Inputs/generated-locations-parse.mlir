// The custom form of a cmpi on f16 is refused by the parser, on its line
// (RUN lines in ../generated-locations.mlir).
func.func @k(%x_ptr: index loc("/opt/gen/emit.py":10:4)) attributes {grid = [1]} {
  %a = arith.constant dense<1.0> : tensor<4xf16> loc("/opt/gen/emit.py":20:8)
  %m = arith.cmpi ult, %a, %a : tensor<4xf16> loc("/opt/gen/emit.py":45:12)
  return
}
