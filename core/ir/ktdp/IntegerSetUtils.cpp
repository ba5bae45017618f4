//===- IntegerSetUtils.cpp - concrete evaluation of integer sets ----------===//

#include "ir/ktdp/IntegerSetUtils.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/IR/AffineExprVisitor.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;

static int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

int64_t ktdp::evaluateAffineExpr(AffineExpr expr, ArrayRef<int64_t> dims,
                                 ArrayRef<int64_t> symbols) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant:
    return llvm::cast<AffineConstantExpr>(expr).getValue();
  case AffineExprKind::DimId:
    return dims[llvm::cast<AffineDimExpr>(expr).getPosition()];
  case AffineExprKind::SymbolId:
    return symbols[llvm::cast<AffineSymbolExpr>(expr).getPosition()];
  default:
    break;
  }
  auto bin = llvm::cast<AffineBinaryOpExpr>(expr);
  int64_t lhs = evaluateAffineExpr(bin.getLHS(), dims, symbols);
  int64_t rhs = evaluateAffineExpr(bin.getRHS(), dims, symbols);
  // Wraps on overflow (defined, unlike signed overflow), and never divides
  // the most negative value by -1 (the host traps).
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return static_cast<int64_t>(static_cast<uint64_t>(lhs) +
                                static_cast<uint64_t>(rhs));
  case AffineExprKind::Mul:
    return static_cast<int64_t>(static_cast<uint64_t>(lhs) *
                                static_cast<uint64_t>(rhs));
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv:
    if (rhs == 0)
      return 0;
    if (rhs == -1)
      return static_cast<int64_t>(0 - static_cast<uint64_t>(lhs));
    if (expr.getKind() == AffineExprKind::FloorDiv)
      return floorDiv(lhs, rhs);
    return lhs % rhs != 0 && ((lhs < 0) == (rhs < 0)) ? lhs / rhs + 1
                                                      : lhs / rhs;
  case AffineExprKind::Mod: {
    if (rhs == 0 || rhs == -1)
      return 0;
    int64_t m = lhs % rhs;
    return (m != 0 && ((m < 0) != (rhs < 0))) ? m + rhs : m;
  }
  default:
    llvm_unreachable("unexpected affine expression kind");
  }
}

bool ktdp::dependencyNames(std::optional<IntegerSet> dependency,
                           int64_t producer, int64_t consumer, int64_t group) {
  if (!dependency)
    return true;
  SmallVector<int64_t> symbols = {consumer};
  if (dependency->getNumSymbols() == 2)
    symbols.push_back(group);
  return integerSetContains(*dependency, {producer}, symbols);
}

bool ktdp::integerSetContains(IntegerSet set, ArrayRef<int64_t> dims,
                              ArrayRef<int64_t> symbols) {
  for (auto [constraint, isEq] :
       llvm::zip(set.getConstraints(), set.getEqFlags())) {
    int64_t v = evaluateAffineExpr(constraint, dims, symbols);
    if (isEq ? v != 0 : v < 0)
      return false;
  }
  return true;
}

/// Adds `scale` times `expr` to `row` (rank coefficients, then the
/// constant), wrapping as evaluateAffineExpr does; false when `expr` is not
/// linear (mod, floordiv, ceildiv, or a product of two non-constants).
static bool addLinear(AffineExpr expr, uint64_t scale, unsigned rank,
                      ArrayRef<int64_t> symbols, SmallVectorImpl<uint64_t> &row) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant:
    row[rank] += scale * static_cast<uint64_t>(
                             llvm::cast<AffineConstantExpr>(expr).getValue());
    return true;
  case AffineExprKind::DimId:
    row[llvm::cast<AffineDimExpr>(expr).getPosition()] += scale;
    return true;
  case AffineExprKind::SymbolId:
    row[rank] += scale * static_cast<uint64_t>(
                             symbols[llvm::cast<AffineSymbolExpr>(expr).getPosition()]);
    return true;
  case AffineExprKind::Add: {
    auto bin = llvm::cast<AffineBinaryOpExpr>(expr);
    return addLinear(bin.getLHS(), scale, rank, symbols, row) &&
           addLinear(bin.getRHS(), scale, rank, symbols, row);
  }
  case AffineExprKind::Mul: {
    auto bin = llvm::cast<AffineBinaryOpExpr>(expr);
    AffineExpr lhs = bin.getLHS(), rhs = bin.getRHS();
    if (!lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant())
      return false;
    if (!rhs.isSymbolicOrConstant())
      std::swap(lhs, rhs);
    // rhs has no dimensions: its value is a constant here.
    uint64_t factor = static_cast<uint64_t>(ktdp::evaluateAffineExpr(rhs, {}, symbols));
    return addLinear(lhs, scale * factor, rank, symbols, row);
  }
  default:
    return false;
  }
}

ktdp::PointTest::PointTest(IntegerSet set, ArrayRef<int64_t> symbols)
    : set(set), symbols(symbols.begin(), symbols.end()),
      rank(set.getNumDims()) {
  for (auto [constraint, isEq] :
       llvm::zip(set.getConstraints(), set.getEqFlags())) {
    SmallVector<uint64_t, 8> row(rank + 1, 0);
    // `linear mod c` with a positive constant c (a stride: d0 mod 4 == 0).
    int64_t modulus = 0;
    AffineExpr linear = constraint;
    if (constraint.getKind() == AffineExprKind::Mod) {
      auto bin = llvm::cast<AffineBinaryOpExpr>(constraint);
      if (auto c = llvm::dyn_cast<AffineConstantExpr>(bin.getRHS());
          c && c.getValue() > 0) {
        modulus = c.getValue();
        linear = bin.getLHS();
      }
    }
    if (addLinear(linear, 1, rank, symbols, row)) {
      for (uint64_t c : row)
        rows.push_back(static_cast<int64_t>(c));
      rowIsEq.push_back(isEq);
      rowModulus.push_back(modulus);
    } else {
      others.push_back({constraint, isEq});
    }
  }
}

bool ktdp::PointTest::contains(ArrayRef<int64_t> dims) const {
  const int64_t *row = rows.data();
  for (auto [isEq, modulus] : llvm::zip(rowIsEq, rowModulus)) {
    uint64_t v = static_cast<uint64_t>(row[rank]);
    for (unsigned d = 0; d < rank; ++d)
      v += static_cast<uint64_t>(row[d]) * static_cast<uint64_t>(dims[d]);
    int64_t value = static_cast<int64_t>(v);
    if (modulus) { // as evaluateAffineExpr's mod: the sign of the divisor
      value %= modulus;
      if (value < 0)
        value += modulus;
    }
    if (isEq ? value != 0 : value < 0)
      return false;
    row += rank + 1;
  }
  for (auto [expr, isEq] : others) {
    int64_t v = evaluateAffineExpr(expr, dims, symbols);
    if (isEq ? v != 0 : v < 0)
      return false;
  }
  return true;
}

std::optional<std::pair<int64_t, int64_t>>
ktdp::integerSetDimBounds(IntegerSet set, unsigned pos,
                          ArrayRef<int64_t> symbols) {
  if (pos >= set.getNumDims() || symbols.size() != set.getNumSymbols())
    return std::nullopt;
  MLIRContext *ctx = set.getContext();
  SmallVector<AffineExpr> symbolValues;
  for (int64_t s : symbols)
    symbolValues.push_back(getAffineConstantExpr(s, ctx));
  SmallVector<AffineExpr> constraints;
  for (AffineExpr c : set.getConstraints())
    constraints.push_back(c.replaceSymbols(symbolValues));
  IntegerSet fixed = IntegerSet::get(set.getNumDims(), 0, constraints,
                                     set.getEqFlags());
  FlatLinearValueConstraints cst(fixed);
  std::optional<int64_t> lb =
      cst.getConstantBound64(presburger::BoundType::LB, pos);
  std::optional<int64_t> ub =
      cst.getConstantBound64(presburger::BoundType::UB, pos);
  if (!lb || !ub)
    return std::nullopt;
  return std::make_pair(*lb, *ub);
}

std::optional<SmallVector<int64_t>>
ktdp::enumerateIntegerSet1D(IntegerSet set, ArrayRef<int64_t> symbols,
                            int64_t limit) {
  if (set.getNumDims() != 1)
    return std::nullopt;
  auto bounds = integerSetDimBounds(set, 0, symbols);
  if (!bounds)
    return std::nullopt;
  auto [lb, ub] = *bounds;
  SmallVector<int64_t> points;
  if (ub < lb)
    return points;
  int64_t width;
  if (__builtin_sub_overflow(ub, lb, &width) || width >= limit)
    return std::nullopt;
  for (int64_t v = lb; v <= ub; ++v)
    if (integerSetContains(set, {v}, symbols))
      points.push_back(v);
  return points;
}

bool ktdp::tightenToPoints(IntegerSet set, ArrayRef<int64_t> symbols,
                           SmallVectorImpl<int64_t> &lo,
                           SmallVectorImpl<int64_t> &hi, int64_t limit,
                           int64_t &points) {
  unsigned rank = set.getNumDims();
  int64_t volume = 1;
  for (unsigned d = 0; d < rank; ++d) {
    if (hi[d] < lo[d]) {
      points = 0;
      return true;
    }
    if (llvm::MulOverflow(volume, hi[d] - lo[d] + 1, volume) || volume > limit)
      return false;
  }
  SmallVector<int64_t> p(lo.begin(), lo.end()), min(hi.begin(), hi.end()),
      max(lo.begin(), lo.end());
  points = 0;
  PointTest test(set, symbols);
  while (true) {
    if (test.contains(p)) {
      ++points;
      for (unsigned d = 0; d < rank; ++d) {
        min[d] = std::min(min[d], p[d]);
        max[d] = std::max(max[d], p[d]);
      }
    }
    unsigned k = rank;
    while (k > 0 && ++p[k - 1] > hi[k - 1])
      p[k - 1] = lo[k - 1], --k;
    if (k == 0)
      break;
  }
  if (points > 0) {
    lo.assign(min.begin(), min.end());
    hi.assign(max.begin(), max.end());
  }
  return true;
}

/// Whether every constraint of `set` (no symbols) bounds one dimension
/// linearly: then the set is exactly its bounding box.
static bool isBox(IntegerSet set) {
  for (AffineExpr c : set.getConstraints()) {
    AffineExpr e = simplifyAffineExpr(c, set.getNumDims(), 0);
    bool linear = e.isPureAffine();
    e.walk([&](AffineExpr sub) {
      linear &= sub.getKind() != AffineExprKind::Mod &&
                sub.getKind() != AffineExprKind::FloorDiv &&
                sub.getKind() != AffineExprKind::CeilDiv;
    });
    int dims = 0;
    for (unsigned d = 0; d < set.getNumDims(); ++d)
      dims += e.isFunctionOfDim(d);
    if (!linear || dims > 1)
      return false;
  }
  return true;
}

std::optional<int64_t> ktdp::countIntegerSetPoints(IntegerSet set,
                                                   int64_t limit) {
  if (set.getNumSymbols() != 0)
    return std::nullopt;
  unsigned rank = set.getNumDims();
  SmallVector<int64_t> lo, hi;
  int64_t volume = 1;
  for (unsigned d = 0; d < rank; ++d) {
    auto bounds = integerSetDimBounds(set, d, {});
    if (!bounds)
      return std::nullopt;
    if (bounds->second < bounds->first)
      return 0;
    int64_t span;
    if (__builtin_sub_overflow(bounds->second, bounds->first, &span) ||
        __builtin_add_overflow(span, 1, &span) ||
        __builtin_mul_overflow(volume, span, &volume))
      return std::nullopt;
    lo.push_back(bounds->first);
    hi.push_back(bounds->second);
  }
  if (rank == 0)
    return set.getNumConstraints() == 0 || integerSetContains(set, {}, {})
               ? 1
               : 0;
  if (isBox(set))
    return volume;
  if (volume > limit)
    return std::nullopt;
  int64_t count = 0;
  SmallVector<int64_t> p(lo);
  PointTest test(set, {});
  while (true) {
    count += test.contains(p);
    int k = static_cast<int>(rank) - 1;
    for (; k >= 0; --k) {
      if (++p[k] <= hi[k])
        break;
      p[k] = lo[k];
    }
    if (k < 0)
      return count;
  }
}
