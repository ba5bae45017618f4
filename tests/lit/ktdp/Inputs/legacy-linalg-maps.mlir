// indexing_maps on an old name: refused (RUN lines in ../legacy-linalg.mlir).
func.func @maps(%a: tensor<1x64xf16>, %b: tensor<8x64xf16>, %c: tensor<1x8xf16>) -> tensor<1x8xf16> {
  %0 = linalg.matmul_transpose_b indexing_maps = [] ins(%a, %b : tensor<1x64xf16>, tensor<8x64xf16>) outs(%c : tensor<1x8xf16>) -> tensor<1x8xf16>
  return %0 : tensor<1x8xf16>
}
