//===- SeriesDecimator.cpp - fewer points, same picture -------------------===//

#include "models/SeriesDecimator.h"

#include <algorithm>

std::vector<size_t> decimate::keep(const std::vector<double> &x,
                                   const std::vector<double> &y, int buckets) {
  size_t n = std::min(x.size(), y.size());
  std::vector<size_t> out;
  if (buckets < 1)
    buckets = 1;
  if (n <= size_t(buckets) * 4) {
    out.resize(n);
    for (size_t i = 0; i < n; ++i)
      out[i] = i;
    return out;
  }
  double x0 = x.front(), span = x[n - 1] - x0;
  auto column = [&](size_t i) {
    if (span <= 0)
      return 0;
    return std::min(buckets - 1, int((x[i] - x0) / span * buckets));
  };
  out.reserve(size_t(buckets) * 4);
  size_t start = 0;
  while (start < n) {
    int c = column(start);
    size_t end = start, low = start, high = start;
    while (end < n && column(end) == c) {
      if (y[end] < y[low])
        low = end;
      if (y[end] > y[high])
        high = end;
      ++end;
    }
    size_t picks[4] = {start, std::min(low, high), std::max(low, high),
                       end - 1};
    for (size_t pick : picks)
      if (out.empty() || out.back() < pick)
        out.push_back(pick);
    start = end;
  }
  return out;
}
