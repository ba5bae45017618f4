//===- LinearAffine.cpp - affine expressions as coefficients --------------===//

#include "emu/LinearAffine.h"

using namespace spyre;
using namespace spyre::emu;
using code::AffineExprCode;

bool spyre::emu::affineInDims(const AffineExprCode &e, size_t dims,
                              bool symbols) {
  bool dim[32];
  int sp = 0;
  for (const auto &[kind, value] : e.code) {
    if (kind <= AffineExprCode::Const) {
      if (sp == 32 || (kind == AffineExprCode::Dim && (value < 0 || size_t(value) >= dims)) ||
          (kind == AffineExprCode::Sym && !symbols))
        return false;
      dim[sp++] = kind == AffineExprCode::Dim;
      continue;
    }
    if (sp < 2)
      return false;
    bool b = dim[--sp], a = dim[sp - 1];
    if (kind != AffineExprCode::Add && (kind != AffineExprCode::Mul || (a && b)) &&
        (a || b))
      return false;
    dim[sp - 1] = a || b;
  }
  return sp == 1;
}

LinearExpr::LinearExpr(const AffineExprCode &e, size_t dims, const int64_t *s)
    : expr(&e), syms(s) {
  if (!affineInDims(e, dims, s != nullptr))
    return;
  std::vector<int64_t> x(dims, 0);
  if (!evalAffine(e, x.data(), syms, c0))
    return;
  c.assign(dims, 0);
  for (size_t d = 0; d < dims; ++d) {
    x[d] = 1;
    int64_t v = 0;
    if (!evalAffine(e, x.data(), syms, v))
      return;
    c[d] = int64_t(uint64_t(v) - uint64_t(c0));
    x[d] = 0;
  }
  linear = true;
}

LinearSet::LinearSet(const code::IntegerSetCode &s, size_t dims,
                     const int64_t *syms) {
  for (size_t i = 0; i < s.exprs.size(); ++i) {
    rows.emplace_back(s.exprs[i], dims, syms);
    eq.push_back(i < s.eq.size() && s.eq[i]);
  }
}
