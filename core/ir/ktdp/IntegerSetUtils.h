//===- IntegerSetUtils.h - concrete evaluation of integer sets --*- C++ -*-===//
//
// KTIR describes tiles, groups and partitions with integer sets. Verifiers
// and the interpreter need to test and enumerate their points for concrete
// symbol values; these helpers do that without ever guessing: anything
// unbounded or too large to enumerate yields std::nullopt.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_KTDP_INTEGERSETUTILS_H
#define SPYRE_IR_KTDP_INTEGERSETUTILS_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <utility>

namespace mlir::ktdp {

/// Evaluates `expr` at the given dimension and symbol values, with MLIR's
/// semantics (floordiv and mod round towards negative infinity).
int64_t evaluateAffineExpr(AffineExpr expr, ArrayRef<int64_t> dims,
                           ArrayRef<int64_t> symbols);

/// True when the point `dims` satisfies every constraint of `set`.
bool integerSetContains(IntegerSet set, ArrayRef<int64_t> dims,
                        ArrayRef<int64_t> symbols);

/// Whether an inter-tile op's `producer_dependency_per_consumer` set
/// (`(p)[c]` or `(p)[c, g]`) names `producer` for `consumer` in `group`;
/// true without a set (every producer of the group).
bool dependencyNames(std::optional<IntegerSet> dependency, int64_t producer,
                     int64_t consumer, int64_t group);

/// `set` with its symbols fixed, prepared to test many points: each
/// constraint that is linear in the dimensions (no floordiv or ceildiv; a
/// mod only as `linear mod c` at the top) becomes a row of coefficients,
/// so a test is a dot product per constraint instead of a walk of the
/// expression tree; the others are evaluated as expressions. contains() answers exactly as
/// integerSetContains (the same wrapping 64-bit arithmetic).
class PointTest {
public:
  PointTest(IntegerSet set, ArrayRef<int64_t> symbols);
  bool contains(ArrayRef<int64_t> dims) const;

private:
  IntegerSet set;
  llvm::SmallVector<int64_t, 8> symbols;
  unsigned rank;
  /// Per linear constraint: rank coefficients, then the constant.
  llvm::SmallVector<int64_t, 32> rows;
  llvm::SmallVector<bool, 8> rowIsEq;
  /// Per linear constraint: c when it is `linear mod c` (c > 0), else 0.
  llvm::SmallVector<int64_t, 8> rowModulus;
  /// Constraints kept as expressions.
  llvm::SmallVector<std::pair<AffineExpr, bool>, 2> others;
};

/// Constant inclusive bounds of dimension `pos` of `set` once its symbols are
/// fixed to `symbols`; std::nullopt when a bound is not a constant.
std::optional<std::pair<int64_t, int64_t>>
integerSetDimBounds(IntegerSet set, unsigned pos, ArrayRef<int64_t> symbols);

/// The points of a one-dimensional `set` with its symbols fixed, in
/// increasing order; std::nullopt when the set is unbounded or its bounding
/// interval has more than `limit` candidates.
std::optional<llvm::SmallVector<int64_t>>
enumerateIntegerSet1D(IntegerSet set, ArrayRef<int64_t> symbols,
                      int64_t limit = 1 << 16);

/// Shrinks the box [lo, hi] (which holds every point of `set` with its
/// symbols fixed) to the smallest box holding the points, and counts them.
/// False (nothing changed) when the box has more than `limit` positions.
/// A set without points keeps its box and counts 0.
bool tightenToPoints(IntegerSet set, ArrayRef<int64_t> symbols,
                     SmallVectorImpl<int64_t> &lo, SmallVectorImpl<int64_t> &hi,
                     int64_t limit, int64_t &points);

/// The number of integer points of a `set` without symbols: its bounding
/// box's volume when every constraint bounds one dimension linearly, else
/// counted point by point when that box has at most `limit` points;
/// std::nullopt when unbounded, larger than that, or beyond 2^63. The
/// verifiers and the interpreter count the same points.
std::optional<int64_t> countIntegerSetPoints(IntegerSet set,
                                             int64_t limit = 1 << 20);

} // namespace mlir::ktdp

#endif
