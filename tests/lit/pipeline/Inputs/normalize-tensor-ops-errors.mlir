// What normalize-tensor-ops cannot rewrite is refused on its line
// (RUN line in ../normalize-tensor-ops.mlir).
func.func @dynamic_reshape(%x: tensor<576xf16>, %s: tensor<2xi64>) -> tensor<?x?xf16> {
  // expected-error @+1 {{tensor.reshape to a shape known only at run time}}
  %a = tensor.reshape %x(%s) : (tensor<576xf16>, tensor<2xi64>) -> tensor<?x?xf16>
  return %a : tensor<?x?xf16>
}

// -----

func.func @reads_a_tensor(%t: tensor<8xf16>) -> tensor<8xf16> {
  %m = tensor.generate {
  ^bb0(%i: index):
    // expected-error @+1 {{tensor.generate: its body holds an op that is not elementwise on scalars}}
    %v = tensor.extract %t[%i] : tensor<8xf16>
    tensor.yield %v : f16
  } : tensor<8xf16>
  return %m : tensor<8xf16>
}
