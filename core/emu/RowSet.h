//===- RowSet.h - the points of an integer set along one row -*- C++ -*-===//
//
// A DMA walk (DmaWalk.cpp) visits a tile set's bounding box row by row:
// every loop variable but the innermost fixed, the innermost coordinate x
// running over [from, to]. RowSet says which x of such a row are points of
// the set without testing them one by one, for every set whose constraints
// are quasi-affine along x: x may appear under additions, under products
// with terms that do not depend on x (other dimensions and symbols are
// fixed along a row), and as the dividend of mod / floordiv / ceildiv by
// terms that do not depend on x. Such a constraint f has a period P along
// x: f(x + P) - f(x) is the same for every x (an affine f: P = 1; a
// dividend of period P divided by b: P * |b|). With L the least common
// multiple of the constraints' periods, every constraint is affine in k
// along each residue class x = from + r + L * k, so the points of the row
// in that class are one interval of k (two evaluations per constraint per
// class instead of one per point).
//
// Exactness: evalAffine computes in wrapping int64 arithmetic. A row is
// answered only when a bound on the magnitude of every intermediate value
// over the row stays below 2^62, so nothing wraps and the algebra above is
// exact; otherwise, or when L is not shorter than the row, row() returns
// false and the caller tests the row's points one by one, as before. A
// divisor that is zero along the row makes every point fail, as evalAffine
// does.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_ROWSET_H
#define SPYRE_EMU_ROWSET_H

#include "emu/LinearAffine.h"
#include "spyrecode/SpyreCode.h"

#include <cstdint>
#include <vector>

namespace spyre::emu {

/// The points of one row: x = from + r + period * k is a point exactly
/// when first[r] <= k <= last[r] (0 <= r < period; first > last: none).
struct RowMembers {
  int64_t period = 1;
  std::vector<int64_t> first, last;
  /// Whether from + offset (0 <= offset) is a point.
  bool holds(int64_t offset) const {
    const int64_t r = offset % period, k = offset / period;
    return first[size_t(r)] <= k && k <= last[size_t(r)];
  }
};

class RowSet {
public:
  /// `syms` (the set's symbol values) must outlive this; `inner` is the
  /// dimension a row runs along.
  RowSet(const code::IntegerSetCode &s, size_t dims, size_t inner,
         const int64_t *syms, size_t numSyms);
  /// The points of the row through `p` (p[inner] is not read) for x in
  /// [from, to] (from <= to); false when the row must be tested point by
  /// point (see above).
  bool row(const int64_t *p, int64_t from, int64_t to, RowMembers &out) const;

private:
  /// How a constraint moves along a row: not at all (one evaluation per
  /// row), affine in every dimension (its value at the row's start and its
  /// coefficient of x), or anything else (analysed per row).
  enum class Along : uint8_t { Fixed, Linear, Other };
  /// A constraint of kind Other along the row: false if it is not
  /// quasi-affine in x or may wrap; else its period, and whether a zero
  /// divisor makes every point of the row fail.
  bool analyse(const code::AffineExprCode &e, const int64_t *p, int64_t from,
               int64_t to, int64_t maxPeriod, int64_t &period,
               bool &zeroDivisor) const;

  const code::IntegerSetCode &set;
  size_t dims, inner;
  const int64_t *syms;
  size_t numSyms;
  std::vector<LinearExpr> exprs;
  std::vector<Along> along;
  std::vector<uint8_t> eq;
  mutable std::vector<int64_t> point; ///< scratch: a point of the row
  mutable std::vector<int64_t> start; ///< scratch: Linear values at `from`
};

} // namespace spyre::emu

#endif
