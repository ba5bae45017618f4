//===- LinearAffine.h - affine expressions as coefficients, for DMA walks -*- C++ -*-===//
//
// A DMA walk (DmaWalk.cpp) evaluates the same affine expressions (set
// constraints, indirect subscripts) at every point of a tile. An expression
// that is affine in its dimensions (no dimension under a mod, a division or
// a product with another dimension; symbols are fixed during the walk) is
// exactly c0 + sum c[d] * x[d]: LinearExpr finds c0 and c once and then
// evaluates the sum. Any other expression is evaluated as it is
// (evalAffine), so the results are evalAffine's / setContains' in every
// case.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_LINEARAFFINE_H
#define SPYRE_EMU_LINEARAFFINE_H

#include "emu/DmaWalk.h"

#include <vector>

namespace spyre::emu {

/// Whether `e` is affine in the dimensions (see above), every dimension
/// below `dims` and no symbol unless `symbols`.
bool affineInDims(const code::AffineExprCode &e, size_t dims, bool symbols);

class LinearExpr {
public:
  /// `syms` (may be null when `e` has no symbol) must outlive this.
  LinearExpr(const code::AffineExprCode &e, size_t dims, const int64_t *syms);
  /// evalAffine(e, x, syms, out).
  bool eval(const int64_t *x, int64_t &out) const {
    if (!linear)
      return evalAffine(*expr, x, syms, out);
    uint64_t v = uint64_t(c0); // wraps as the expression's own arithmetic
    for (size_t d = 0; d < c.size(); ++d)
      v += uint64_t(c[d]) * uint64_t(x[d]);
    out = int64_t(v);
    return true;
  }
  /// Whether the expression is c0 + sum c[d] * x[d] (else eval walks it).
  bool isLinear() const { return linear; }
  /// Its coefficient of x[d] (linear expressions only).
  int64_t coefficient(size_t d) const { return c[d]; }

private:
  const code::AffineExprCode *expr;
  const int64_t *syms;
  bool linear = false;
  int64_t c0 = 0;
  std::vector<int64_t> c;
};

/// setContains(s, x, syms) with each constraint a LinearExpr.
class LinearSet {
public:
  LinearSet(const code::IntegerSetCode &s, size_t dims, const int64_t *syms);
  bool contains(const int64_t *x) const {
    for (size_t i = 0; i < rows.size(); ++i) {
      int64_t v = 0;
      if (!rows[i].eval(x, v))
        return false;
      if (eq[i] ? v != 0 : v < 0)
        return false;
    }
    return true;
  }

private:
  std::vector<LinearExpr> rows;
  std::vector<uint8_t> eq;
};

} // namespace spyre::emu

#endif
