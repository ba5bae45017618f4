//===- SeriesDecimator.h - fewer points, same picture -------------*- C++ -*-===//
//
// Pure functions: which samples of a long series to keep so that a chart
// of `buckets` columns looks the same. Per column the first, lowest,
// highest and last samples are kept (in their order), so peaks and dips
// survive, and a column holding one sample keeps it.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_SERIESDECIMATOR_H
#define SPYRE_VIEWS_SERIESDECIMATOR_H

#include <cstddef>
#include <vector>

namespace decimate {

/// Indices into `x` / `y` (same length, `x` non-decreasing) to draw in
/// `buckets` columns over [x.front(), x.back()]: at most 4 per column,
/// increasing. Every index when there are fewer than 4 * buckets samples.
std::vector<size_t> keep(const std::vector<double> &x,
                         const std::vector<double> &y, int buckets);

} // namespace decimate

#endif
