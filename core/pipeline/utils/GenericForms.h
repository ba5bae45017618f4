//===- GenericForms.h - linalg.generic as the named ops it is -*- C++ -*-===//
//
// torch-mlir and other generators write reductions and broadcasts as
// linalg.generic: a row max is a generic with a "reduction" iterator whose
// output map drops the row's columns, `x - max[:, None]` is a parallel
// generic whose second input's map is (d0, d1) -> (d0). The passes that
// stream rows and sticks recognise linalg.reduce and linalg.broadcast; a
// generic of that shape held every tile whole instead.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_GENERICFORMS_H
#define SPYRE_PIPELINE_UTILS_GENERICFORMS_H

#include "mlir/IR/Builders.h"

namespace spyre {

/// Under `root`: each linalg.generic with one input read whole (the
/// identity map) and one output whose map keeps, in order, exactly the
/// parallel dimensions as the linalg.reduce over the others with the same
/// body; each parallel generic whose outputs' maps are the identity and
/// whose inputs' maps keep some dimensions in order as the same generic on
/// linalg.broadcast of those inputs (identity maps); each reduce whose
/// body maps the element before combining it (`acc + f32(x) * f32(x)`) as
/// an elementwise map then a reduce of one combining op; each reduction
/// generic of several inputs read whole or along fewer dimensions (a
/// logsumexp's `acc + exp(f32(x) - m[row])`) likewise, the inputs read
/// along fewer dimensions broadcast first. What does not
/// match is left as it is.
void namedFormsOfGenerics(mlir::Operation *root);

/// A linalg.reduce of `inputs` into `inits` over `dims` whose body is
/// `combine` (a combining op of a reduction body) applied to the element
/// in place of `element` and the accumulator in place of `acc`.
mlir::Operation *reduceByCombiner(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::ValueRange inputs,
                                  mlir::ValueRange inits,
                                  llvm::ArrayRef<int64_t> dims,
                                  mlir::Operation *combine,
                                  mlir::Value element, mlir::Value acc);

} // namespace spyre

#endif
