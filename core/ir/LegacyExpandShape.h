//===- LegacyExpandShape.h - expand_shape before output_shape ---*- C++ -*-===//
//
// Before MLIR 19, `tensor.expand_shape` (and `memref.expand_shape`) had no
// `output_shape`: `tensor.expand_shape %x [[0, 1], [2]] : tensor<32x64xf16>
// into tensor<1x32x64xf16>`. MLIR 22's parser requires it. When the result
// type is static the list is exactly its shape, so it is written in after
// the reassociation, on the same line: the lines of the text, and the
// columns of everything up to the inserted list, stay those of the user's
// file. A dynamic result is left alone (MLIR's parser then says that
// `output_shape` is expected, on its line).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_LEGACYEXPANDSHAPE_H
#define SPYRE_IR_LEGACYEXPANDSHAPE_H

#include <string>
#include <string_view>

namespace spyre {

/// `source` with ` output_shape [d0, d1, ...]` added to every static
/// expand_shape that lacks it (outside comments and strings).
std::string addExpandShapeOutputShapes(std::string_view source);

} // namespace spyre

#endif
