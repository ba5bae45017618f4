// The old name in MLIR's generic form: refused (RUN lines in ../legacy-linalg.mlir).
func.func @generic(%a: tensor<1x64xf16>, %b: tensor<8x64xf16>, %c: tensor<1x8xf16>) -> tensor<1x8xf16> {
  %0 = "linalg.matmul_transpose_b"(%a, %b, %c) : (tensor<1x64xf16>, tensor<8x64xf16>, tensor<1x8xf16>) -> tensor<1x8xf16>
  %1 = "linalg.matmul_transpose_b"(%a, %b, %c) : (tensor<1x64xf16>, tensor<8x64xf16>, tensor<1x8xf16>) -> tensor<1x8xf16>
  return %1 : tensor<1x8xf16>
}
