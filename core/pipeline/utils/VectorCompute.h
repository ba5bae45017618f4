//===- VectorCompute.h - tile compute rewritten on SIMD vectors --*- C++ -*-===//
//
// The vector-level passes (nest-vector-pipelines, chunk-reductions) rewrite
// a compute stage's elementwise ops from whole tiles to one stick-wide
// vector at a time; this is what they share.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_VECTORCOMPUTE_H
#define SPYRE_PIPELINE_UTILS_VECTORCOMPUTE_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

#include <functional>

namespace spyre {

/// Spyre intrinsics that apply to each element (and so to SIMD vectors).
bool isElementwiseIntrinsic(mlir::Operation *op);

/// A linalg op that applies its body to each element independently: all
/// loops parallel, tensor operands indexed by the identity, a body of
/// arith / math / elementwise intrinsics.
bool isElementwiseLinalg(mlir::linalg::LinalgOp op);

/// Whether every op of a linalg body (but its terminator) applies to
/// vectors: arith / math / elementwise intrinsics, no regions.
bool appliesToVectors(mlir::Block &body);

/// `scalar` in every lane of `type`: a splat constant when it is a
/// constant, else a vector.broadcast.
mlir::Value splatVector(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value scalar, mlir::VectorType type);

/// A reduction body (`combiner`, block arguments: the element, the
/// accumulator) applied to `in` and `acc`: to scalars, or lane-wise to
/// vectors.
mlir::Value applyCombiner(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Block &combiner, mlir::Value in,
                          mlir::Value acc);

/// Any op the vector passes can apply to vectors: elementwise linalg,
/// elementwise arith / math without regions, elementwise intrinsics.
bool isElementwiseOp(mlir::Operation *op);

/// How a reduction's one combining op (add, mul, max, min) reduces the
/// lanes of a vector; none for other ops.
std::optional<mlir::vector::CombiningKind>
combiningKindOf(mlir::Operation *combiner);

/// The value `kind` leaves unchanged (0 for add, 1 for mul, -inf for max,
/// ...), as a constant of `type`; null where there is none.
mlir::Value combiningIdentity(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::vector::CombiningKind kind, mlir::Type type);

/// The constant 0, 1, ..., n - 1 of index type that `v` is (the ramp
/// normalize-tensor-ops makes of a linalg.index), or null.
mlir::arith::ConstantOp indexRampConstant(mlir::Value v);

/// The dimension `tile` is an index ramp along (a ramp constant broadcast
/// along every other dimension), or none.
std::optional<int64_t> rampDimOf(mlir::Value tile);

/// The `lanes` lanes of stick `stick` of row `row` of a 2-D index ramp
/// along `dim`: the row in every lane (dim 0), or the stick's first
/// column plus the lane (dim 1).
mlir::Value rampLanes(mlir::OpBuilder &b, mlir::Location loc, int64_t dim,
                      mlir::Value row, mlir::Value stick, int64_t lanes);

/// The linalg.broadcast that makes `tile` from per-row values (a tile of
/// every dimension but the innermost, repeated along it: a norm's mean or
/// rstd; or of fewer dimensions, repeated along the innermost and others:
/// a [B] tile to [B, 1, N]), or null.
mlir::linalg::BroadcastOp rowBroadcastOf(mlir::Value tile);

/// A tile the compute unit holds from before the stage being rewritten
/// (statically shaped, rank >= 1), or such a tile's per-row values
/// broadcast along the rows in the stage (rowBroadcastOf): whether its
/// stick-wide vectors can be read next to those of a streamed tile of
/// `shape`: the same shape.
bool isHeldOperand(mlir::Value tile, mlir::Operation *stage,
                   llvm::ArrayRef<int64_t> shape);

/// The vector of type `type` of held tile `tile` at row `row` (row-major
/// over every dimension but the innermost) and column `column` of the
/// innermost dimension, zero past the row's end; of a row broadcast, the
/// row's value splat.
mlir::Value readHeldVector(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value tile, mlir::Value row,
                           mlir::Value column, mlir::VectorType type);

/// Maps tile values to the vectors standing for one stick of them and
/// applies elementwise ops to those vectors.
/// The value of a constant tile with the same value in every element (a
/// clamp's bound), or null.
mlir::SplatElementsAttr splatConstantOf(mlir::Operation *op);

class VectorBuilder {
public:
  explicit VectorBuilder(std::function<mlir::VectorType(mlir::Type)> vectorOf)
      : vectorOf(std::move(vectorOf)) {}

  void map(mlir::Value tile, mlir::Value vector) { vectors.map(tile, vector); }

  /// The vector for `v`: what it was mapped to, a scalar broadcast, or
  /// for a tile defined outside the ops being rewritten what `outside`
  /// reads of it; null otherwise.
  mlir::Value vectorFor(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);

  /// How to read the current stick of a tile the compute unit holds from
  /// before the stage being rewritten (a table loaded before a loop, a
  /// statistic an earlier loop computed); null when it cannot. Unset: such
  /// tiles have no vector.
  std::function<mlir::Value(mlir::OpBuilder &, mlir::Location, mlir::Value)>
      outside;

  /// `scalar` in every lane: a splat constant when it is a constant.
  mlir::Value broadcast(mlir::OpBuilder &b, mlir::Location loc, mlir::Value scalar);
  /// The vector of a constant tile with one value (splatConstantOf): that
  /// value in every lane.
  mlir::Value splat(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::SplatElementsAttr tile);

  /// Applies an isElementwiseOp() op to the vectors of its operands and
  /// maps its results; false if an operand has no vector.
  bool apply(mlir::OpBuilder &b, mlir::Operation *op);

  /// Clones `op` with operands replaced by their vectors and results
  /// retyped as vectors of their element type; null (nothing built) when a
  /// tile operand has no vector.
  mlir::Operation *cloneOnVectors(mlir::OpBuilder &b, mlir::Operation &op);

  std::function<mlir::VectorType(mlir::Type)> vectorOf;

private:
  mlir::IRMapping vectors;
};

/// Per-row values a compute stage computes and broadcasts along the rows
/// for later stages (a norm's mean or rstd): the stage yields the per-row
/// values instead, and each stage that uses the broadcast makes it again
/// where it uses it, so that the passes rewriting that stage on vectors
/// read one value per row instead of the compute unit holding the whole
/// broadcast tile.
void sinkRowBroadcasts(mlir::Operation *root);

} // namespace spyre

#endif
