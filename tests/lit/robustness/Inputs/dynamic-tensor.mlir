// tensor.empty with a size known only when the kernel runs.
func.func @dyn(%n: index) attributes {grid = [1]} {
  %t = tensor.empty(%n) : tensor<?x64xf16>
  return
}
