//===- SetBounds.h - bounds of a set's dimensions its unit constraints miss -*- C++ -*-===//
//
// A DMA walk needs a box that holds every point of the tile set. The unit
// constraints (x - c >= 0, c - x >= 0) give most of it; a dimension bounded
// only through other dimensions (an anti-diagonal band: 40 <= i + j <= 55,
// 0 <= i <= 15 bounds j to [25, 55]) has no unit constraint on that side.
// boundsByElimination finds such bounds from the constraints that are
// affine in the dimensions (LinearAffine.h), by Fourier-Motzkin
// elimination of the other dimensions; a bound of the rational projection,
// rounded inwards, holds every integer point. Constraints that are not
// affine (mod, division) are left out: fewer constraints, a larger box,
// still every point.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_SETBOUNDS_H
#define SPYRE_EMU_SETBOUNDS_H

#include "spyrecode/SpyreCode.h"

#include <cstdint>
#include <vector>

namespace spyre::emu {

/// For every d with lo[d] == INT64_MIN (hi[d] == INT64_MAX), the lower
/// (upper) bound of dimension d over the set's affine constraints, when
/// they bound it; other entries are left as they are. `syms`: the set's
/// symbol values (at least s.symbols of them).
void boundsByElimination(const code::IntegerSetCode &s, const int64_t *syms,
                         std::vector<int64_t> &lo, std::vector<int64_t> &hi);

} // namespace spyre::emu

#endif
