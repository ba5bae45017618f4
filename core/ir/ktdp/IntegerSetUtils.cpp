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
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return lhs + rhs;
  case AffineExprKind::Mul:
    return lhs * rhs;
  case AffineExprKind::FloorDiv:
    return rhs == 0 ? 0 : floorDiv(lhs, rhs);
  case AffineExprKind::CeilDiv:
    return rhs == 0 ? 0 : -floorDiv(-lhs, rhs);
  case AffineExprKind::Mod: {
    if (rhs == 0)
      return 0;
    int64_t m = lhs % rhs;
    return (m != 0 && ((m < 0) != (rhs < 0))) ? m + rhs : m;
  }
  default:
    llvm_unreachable("unexpected affine expression kind");
  }
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
  if (ub - lb >= limit)
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
  while (true) {
    if (integerSetContains(set, p, symbols)) {
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
