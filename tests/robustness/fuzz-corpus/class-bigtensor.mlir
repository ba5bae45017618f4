func.func @big(%a: index) attributes {grid = [1]} {
  %t = tensor.empty() : tensor<65536x65536xf16>
  return
}
