//===- TimelineScale.h - cycles to pixels, and merging to pixels -*- C++ -*-===//
//
// Pure functions behind the timeline (no widgets): the mapping between
// emulated cycles and horizontal pixels, zooming it around a point,
// "nice" ruler ticks, and the merging that makes a lane of a million
// intervals cheap to paint: every interval is snapped to whole pixels and
// those that touch one pixel become one span, coloured by the line that
// covers most of it. The tests check them with data rows.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_TIMELINESCALE_H
#define SPYRE_VIEWS_TIMELINESCALE_H

#include <cstdint>
#include <vector>

namespace timeline {

/// One interval of a lane: [start, end) in cycles, from KTIR `line` (0:
/// unknown).
struct Interval {
  uint64_t start = 0, end = 0;
  int line = 0;
};

/// Cycles <-> pixels: x = (cycle - first) / cyclesPerPixel.
struct Scale {
  double first = 0;          ///< the cycle at x = 0
  double cyclesPerPixel = 1; ///< > 0

  double x(double cycle) const { return (cycle - first) / cyclesPerPixel; }
  double cycleAt(double x) const { return first + x * cyclesPerPixel; }
};

/// The whole run [0, total] in `width` pixels (total 0 counts as 1).
Scale fit(uint64_t total, int width);
/// `s` zoomed by `factor` (> 1: closer) keeping the cycle at `anchorX`
/// under it; never closer than `minCyclesPerPixel` nor farther than
/// `maxCyclesPerPixel`.
Scale zoom(const Scale &s, double factor, double anchorX,
           double minCyclesPerPixel, double maxCyclesPerPixel);
/// `s` with `first` kept in [0, total - width * cyclesPerPixel] (0 when the
/// run is narrower than the view).
Scale clamp(const Scale &s, uint64_t total, int width);

/// The ruler's tick step in cycles: 1, 2 or 5 times a power of ten, the
/// smallest one at least `minPixels` apart.
uint64_t tickStep(double cyclesPerPixel, double minPixels);

/// What one merged span covers, in pixels [x0, x1) of a `width` wide lane.
struct PixelSpan {
  int x0 = 0, x1 = 0;
  /// The line covering most cycles of the intervals looked at: the first
  /// and last of each run of intervals inside one pixel (the others are
  /// only counted).
  int line = 0;
  int count = 0;     ///< intervals merged into it
  bool mixed = false; ///< intervals of more than one line
};

/// `intervals` (sorted by start, not overlapping) as pixel spans of a
/// lane `width` pixels wide under `s`: only what is visible, each at least
/// one pixel wide, neighbours that share a pixel merged. The work is
/// O(width * log n) however many intervals are visible, and the result at
/// most `width` spans.
std::vector<PixelSpan> merge(const std::vector<Interval> &intervals,
                             const Scale &s, int width);

/// The index of the interval of `intervals` (sorted, not overlapping)
/// containing `cycle`, or -1.
int intervalAt(const std::vector<Interval> &intervals, double cycle);

} // namespace timeline

#endif
