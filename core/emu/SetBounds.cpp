//===- SetBounds.cpp - bounds by Fourier-Motzkin elimination -------------===//

#include "emu/SetBounds.h"
#include "emu/IntMath.h"
#include "emu/LinearAffine.h"

#include <algorithm>
#include <array>
#include <numeric>

using namespace spyre;
using namespace spyre::emu;

namespace {

/// Coefficients of a row stay below this; a combination past it is given
/// up (the bound it would give is then not found: a larger box).
constexpr Int128 kLimit = Int128(1) << 62;
/// Elimination may square the number of rows: past this, give up.
constexpr size_t kMaxRows = 512;

/// Dimensions a set may have here (more: no bounds are looked for).
constexpr size_t kMaxRank = 8;

/// c[0] + sum c[1 + d] * x[d] >= 0 (fixed size: no allocation per row).
using Row = std::array<int64_t, kMaxRank + 1>;

/// Divides a row by the gcd of its dimension coefficients (the constant
/// rounded down: the same integer points).
void normalise(Row &r) {
  int64_t g = 0;
  for (size_t i = 1; i < r.size(); ++i)
    g = std::gcd(g, r[i] < 0 ? -r[i] : r[i]);
  if (g > 1) {
    r[0] = floorDivide<int64_t>(r[0], g);
    for (size_t i = 1; i < r.size(); ++i)
      r[i] /= g;
  }
}

/// Eliminates dimension `d` from `rows`; false when a coefficient grows
/// past kLimit or the rows past kMaxRows.
bool eliminate(std::vector<Row> &rows, size_t d) {
  std::vector<Row> kept, pos, neg;
  for (Row &r : rows)
    (r[1 + d] > 0 ? pos : r[1 + d] < 0 ? neg : kept).push_back(std::move(r));
  for (const Row &p : pos)
    for (const Row &n : neg) {
      if (kept.size() >= kMaxRows)
        return false;
      const Int128 a = -Int128(n[1 + d]), b = p[1 + d];
      Row c{};
      for (size_t i = 0; i < p.size(); ++i) {
        const Int128 v = a * p[i] + b * n[i];
        if (v >= kLimit || v <= -kLimit)
          return false;
        c[i] = int64_t(v);
      }
      normalise(c);
      kept.push_back(std::move(c));
    }
  rows = std::move(kept);
  return true;
}

} // namespace

void spyre::emu::boundsByElimination(const code::IntegerSetCode &s,
                                     const int64_t *syms,
                                     std::vector<int64_t> &lo,
                                     std::vector<int64_t> &hi) {
  const size_t rank = lo.size();
  bool wanted = false;
  for (size_t d = 0; d < rank; ++d)
    wanted |= lo[d] == INT64_MIN || hi[d] == INT64_MAX;
  if (!wanted || s.dims != int32_t(rank) || rank > kMaxRank)
    return;
  // The affine constraints as rows (an equality as two).
  std::vector<Row> rows;
  std::vector<int64_t> zero(rank, 0);
  for (size_t i = 0; i < s.exprs.size(); ++i) {
    LinearExpr e(s.exprs[i], rank, syms);
    if (!e.isLinear())
      continue;
    Row r{};
    e.eval(zero.data(), r[0]);
    bool small = r[0] < kLimit && r[0] > -kLimit;
    for (size_t d = 0; d < rank; ++d) {
      r[1 + d] = e.coefficient(d);
      small &= r[1 + d] < kLimit && r[1 + d] > -kLimit;
    }
    if (!small)
      continue;
    rows.push_back(r);
    if (i < s.eq.size() && s.eq[i]) {
      for (int64_t &c : r)
        c = -c;
      rows.push_back(r);
    }
  }
  for (size_t k = 0; k < rank; ++k) {
    if (lo[k] != INT64_MIN && hi[k] != INT64_MAX)
      continue;
    std::vector<Row> left = rows;
    bool ok = true;
    for (size_t d = 0; d < rank && ok; ++d)
      if (d != k)
        ok = eliminate(left, d);
    if (!ok)
      continue;
    // c0 + c * x >= 0 per row: x >= ceil(-c0 / c) or x <= floor(c0 / -c).
    int64_t least = INT64_MIN, most = INT64_MAX;
    for (const Row &r : left) {
      const int64_t c = r[1 + k];
      if (c > 0)
        least = std::max(least, ceilDivide(-r[0], c));
      else if (c < 0)
        most = std::min(most, floorDivide<int64_t>(r[0], -c));
    }
    if (lo[k] == INT64_MIN)
      lo[k] = least;
    if (hi[k] == INT64_MAX)
      hi[k] = most;
  }
}
