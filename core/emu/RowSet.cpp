//===- RowSet.cpp - the points of an integer set along one row ------------===//

#include "emu/RowSet.h"
#include "emu/IntMath.h"

#include <algorithm>
#include <numeric>

using namespace spyre;
using namespace spyre::emu;
using code::AffineExprCode;

namespace {

/// Values whose magnitude stays below this cannot wrap in the int64
/// arithmetic of evalAffine (a sum of two such values fits).
constexpr int64_t kSafe = int64_t(1) << 62;

int64_t magnitude(int64_t v) { return v < 0 ? -v : v; }

/// [lo, hi] narrowed to the k with v0 + dv * k >= 0 (or == 0 when eq).
/// |v0|, |dv| < 2^62.
void narrow(int64_t v0, int64_t dv, bool eq, int64_t &lo, int64_t &hi) {
  if (eq) {
    if (dv == 0 ? v0 != 0 : v0 % dv != 0) {
      lo = 1, hi = 0;
    } else if (dv != 0) {
      lo = std::max(lo, -v0 / dv);
      hi = std::min(hi, -v0 / dv);
    }
  } else if (dv == 0) {
    if (v0 < 0)
      lo = 1, hi = 0;
  } else if (dv > 0) {
    lo = std::max(lo, ceilDivide(-v0, dv));
  } else {
    hi = std::min(hi, floorDivide<int64_t>(-v0, dv));
  }
}

bool mentions(const AffineExprCode &e, size_t dim) {
  for (const auto &[kind, value] : e.code)
    if (kind == AffineExprCode::Dim && value == int64_t(dim))
      return true;
  return false;
}

} // namespace

RowSet::RowSet(const code::IntegerSetCode &s, size_t dims, size_t inner,
               const int64_t *syms, size_t numSyms)
    : set(s), dims(dims), inner(inner), syms(syms), numSyms(numSyms),
      point(dims, 0), start(s.exprs.size(), 0) {
  for (size_t i = 0; i < s.exprs.size(); ++i) {
    exprs.emplace_back(s.exprs[i], dims, syms);
    along.push_back(!mentions(s.exprs[i], inner) ? Along::Fixed
                    : exprs.back().isLinear()    ? Along::Linear
                                                 : Along::Other);
    eq.push_back(i < s.eq.size() && s.eq[i]);
  }
}

bool RowSet::analyse(const AffineExprCode &e, const int64_t *p, int64_t from,
                     int64_t to, int64_t maxPeriod, int64_t &period,
                     bool &zeroDivisor) const {
  // Per stack entry: whether it depends on x, its value (when it does
  // not), a bound on its magnitude over the row, and its period along x.
  struct Entry {
    bool dep;
    int64_t value, bound, period;
  };
  Entry stack[32];
  int sp = 0;
  // x runs over [from, to + maxPeriod]: the row and the points one period
  // past its residues' first points.
  const Int128 xEnd = Int128(to) + maxPeriod;
  if (xEnd >= kSafe || from <= -kSafe)
    return false;
  const int64_t xBound = std::max(magnitude(from), int64_t(xEnd));
  for (const auto &[kind, value] : e.code) {
    if (kind <= AffineExprCode::Const) {
      if (sp == 32)
        return false;
      Entry &t = stack[sp++];
      t.period = 1;
      t.dep = false;
      if (kind == AffineExprCode::Dim) {
        if (value < 0 || size_t(value) >= dims)
          return false;
        t.dep = size_t(value) == inner;
        t.value = t.dep ? 0 : p[value];
      } else if (kind == AffineExprCode::Sym) {
        if (value < 0 || size_t(value) >= numSyms)
          return false;
        t.value = syms[value];
      } else {
        t.value = value;
      }
      if (t.value <= -kSafe || t.value >= kSafe)
        return false;
      t.bound = t.dep ? xBound : magnitude(t.value);
      continue;
    }
    if (sp < 2)
      return false;
    const Entry b = stack[--sp];
    Entry &a = stack[sp - 1];
    switch (kind) {
    case AffineExprCode::Add:
      a.value += b.value;
      a.bound += b.bound;
      a.period = std::lcm(a.period, b.period);
      break;
    case AffineExprCode::Mul:
      if (a.dep && b.dep)
        return false; // not quasi-affine in x
      if (__builtin_mul_overflow(a.bound, b.bound, &a.bound) || a.bound >= kSafe)
        return false;
      a.value *= b.value; // |a.value * b.value| <= the bound
      a.period = a.dep ? a.period : b.period;
      break;
    case AffineExprCode::Mod:
    case AffineExprCode::FloorDiv:
    case AffineExprCode::CeilDiv: {
      if (b.dep)
        return false; // a divisor that moves along the row
      if (b.value == 0) {
        zeroDivisor = true; // every point of the row fails
        a = b;
        break;
      }
      const int64_t d = magnitude(b.value);
      if (a.dep) {
        if (a.period > maxPeriod / d)
          return false;
        a.period *= d;
        a.bound = kind == AffineExprCode::Mod ? d : a.bound / d + 1;
      } else {
        const int64_t q = floorDivide(a.value, b.value);
        a.value = kind == AffineExprCode::Mod        ? a.value - q * b.value
                  : kind == AffineExprCode::FloorDiv ? q
                                                     : ceilDivide(a.value, b.value);
        a.bound = magnitude(a.value);
      }
      break;
    }
    default:
      return false;
    }
    a.dep = a.dep || b.dep;
    if (a.dep)
      a.value = 0; // only the values of terms that do not move are used
    if (a.bound >= kSafe || a.period > maxPeriod)
      return false;
  }
  if (sp != 1)
    return false;
  period = stack[0].period;
  return true;
}

bool RowSet::row(const int64_t *p, int64_t from, int64_t to,
                 RowMembers &out) const {
  const int64_t n = to - from + 1;
  if (n < 2)
    return false;
  std::copy(p, p + dims, point.begin());
  point[inner] = from;
  // Constraints that do not move along the row: all points or none; and
  // the period of the others (the row's length bounds it, else point by
  // point).
  int64_t period = 1;
  bool empty = false;
  for (size_t i = 0; i < exprs.size() && !empty; ++i) {
    if (along[i] == Along::Other) {
      int64_t pe = 1;
      if (!analyse(set.exprs[i], p, from, to, n - 1, pe, empty))
        return false;
      period = std::lcm(period, pe);
      if (period >= n)
        return false;
      continue;
    }
    int64_t v = 0;
    const bool ok = exprs[i].eval(point.data(), v);
    if (along[i] == Along::Fixed) {
      empty = !ok || (eq[i] ? v != 0 : v < 0);
      continue;
    }
    // Linear: v at from, then its coefficient per step; the values up to
    // one period past the row must not wrap (then they are exact).
    const Int128 c = exprs[i].coefficient(inner);
    const Int128 v1 = Int128(v) + c * Int128(2 * n);
    if (v <= -kSafe || v >= kSafe || v1 <= -kSafe || v1 >= kSafe)
      return false;
    start[i] = v;
  }
  if (empty)
    period = 1;
  out.period = period;
  out.first.resize(size_t(period));
  out.last.resize(size_t(period));
  if (empty) {
    out.first[0] = 0, out.last[0] = -1;
    return true;
  }
  for (int64_t r = 0; r < period; ++r) {
    int64_t lo = 0, hi = (n - 1 - r) / period;
    for (size_t i = 0; i < exprs.size() && lo <= hi; ++i) {
      if (along[i] == Along::Fixed)
        continue;
      if (along[i] == Along::Linear) {
        const int64_t c = exprs[i].coefficient(inner);
        narrow(start[i] + c * r, c * period, eq[i], lo, hi);
        continue;
      }
      int64_t v0 = 0, v1 = 0;
      point[inner] = from + r;
      exprs[i].eval(point.data(), v0);
      point[inner] = from + r + period;
      exprs[i].eval(point.data(), v1);
      narrow(v0, v1 - v0, eq[i], lo, hi);
    }
    out.first[size_t(r)] = lo;
    out.last[size_t(r)] = hi;
  }
  return true;
}
