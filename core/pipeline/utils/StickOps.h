//===- StickOps.h - elementwise tile ops taken a stick at a time ---*- C++ -*-===//
//
// The stage rewrites that stream one tile a stick at a time
// (ColumnReductions, TransposedRows) accept the same elementwise ops after
// the streamed tile and rebuild them the same way on each stick's vector.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_STICKOPS_H
#define SPYRE_PIPELINE_UTILS_STICKOPS_H

#include "pipeline/utils/VectorCompute.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseSet.h"

namespace spyre {

/// The value of a constant tile with one value in every element, or null.
mlir::SplatElementsAttr splatTileConstant(mlir::Operation *op);

/// Ops on tiles of one shape and element width streamed a stick at a time:
/// what the streamed tile (`start`) flows through.
class StreamedOps {
public:
  StreamedOps(llvm::ArrayRef<int64_t> shape, int64_t width)
      : shape(shape), width(width) {}

  void start(mlir::Value tile) { streamed.insert(tile); }
  bool contains(mlir::Value v) const { return streamed.contains(v); }

  /// Takes `op` when it is a splat constant of the streamed shape, or an
  /// elementwise op with one result of that shape whose tile operands are
  /// streamed (or empty inits); false otherwise.
  bool take(mlir::Operation &op);

  /// One stick of every op taken, in order, on the vectors `vectors` maps
  /// (splat constants become splat vectors of `lanes`).
  void apply(mlir::OpBuilder &b, VectorBuilder &vectors, int64_t lanes);

  /// Erases the ops taken, last first.
  void erase();

private:
  bool streamedShape(mlir::Type t) const;

  llvm::SmallVector<int64_t> shape;
  int64_t width;
  llvm::DenseSet<mlir::Value> streamed;
  llvm::SmallVector<mlir::Operation *> ops;
};

} // namespace spyre

#endif
