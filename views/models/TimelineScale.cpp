//===- TimelineScale.cpp - cycles to pixels, and merging to pixels --------===//

#include "models/TimelineScale.h"

#include <algorithm>
#include <cmath>
#include <utility>

timeline::Scale timeline::fit(uint64_t total, int width) {
  Scale s;
  s.first = 0;
  s.cyclesPerPixel = double(std::max<uint64_t>(total, 1)) / double(std::max(width, 1));
  return s;
}

timeline::Scale timeline::zoom(const Scale &s, double factor, double anchorX,
                               double minCyclesPerPixel,
                               double maxCyclesPerPixel) {
  if (!(factor > 0))
    return s;
  double anchor = s.cycleAt(anchorX);
  Scale z;
  z.cyclesPerPixel = std::clamp(s.cyclesPerPixel / factor, minCyclesPerPixel,
                                std::max(minCyclesPerPixel, maxCyclesPerPixel));
  z.first = anchor - anchorX * z.cyclesPerPixel;
  return z;
}

timeline::Scale timeline::clamp(const Scale &s, uint64_t total, int width) {
  Scale c = s;
  double last = double(total) - double(std::max(width, 1)) * s.cyclesPerPixel;
  c.first = std::max(0.0, std::min(s.first, std::max(0.0, last)));
  return c;
}

uint64_t timeline::tickStep(double cyclesPerPixel, double minPixels) {
  double want = std::max(1.0, cyclesPerPixel * minPixels);
  uint64_t power = 1;
  while (true) {
    for (uint64_t m : {1, 2, 5})
      if (double(m * power) >= want)
        return m * power;
    if (power > UINT64_MAX / 100)
      return power;
    power *= 10;
  }
}

std::vector<timeline::PixelSpan>
timeline::merge(const std::vector<Interval> &intervals, const Scale &s,
                int width) {
  std::vector<PixelSpan> out;
  if (width <= 0 || intervals.empty() || !(s.cyclesPerPixel > 0))
    return out;
  double viewEnd = s.cycleAt(width);
  // Not overlapping and sorted by start: the ends are sorted too.
  auto it = std::upper_bound(
      intervals.begin(), intervals.end(), s.first,
      [](double c, const Interval &i) { return c < double(i.end); });
  PixelSpan cur;
  bool open = false;
  // Cycles per line inside the open span, to pick its colour.
  std::vector<std::pair<int, double>> cover;
  auto close = [&] {
    double best = -1;
    for (const auto &[line, cycles] : cover)
      if (cycles > best) {
        best = cycles;
        cur.line = line;
      }
    cur.mixed = cover.size() > 1;
    out.push_back(cur);
    cover.clear();
  };
  while (it != intervals.end() && double(it->start) < viewEnd) {
    double a = std::max(0.0, s.x(double(it->start)));
    double b = std::min(double(width), s.x(double(it->end)));
    int x0 = int(std::floor(a));
    int x1 = std::max(x0 + 1, int(std::ceil(b)));
    x1 = std::min(x1, width);
    if (x0 >= width)
      break;
    if (open && x0 < cur.x1) {
      cur.x1 = std::max(cur.x1, x1);
      ++cur.count;
    } else {
      if (open)
        close();
      cur = PixelSpan{x0, x1, 0, 1, false};
      open = true;
    }
    double cycles = double(it->end - it->start);
    auto c = std::find_if(cover.begin(), cover.end(),
                          [&](const auto &p) { return p.first == it->line; });
    if (c == cover.end())
      cover.emplace_back(it->line, cycles);
    else
      c->second += cycles;
    ++it;
    // Every interval starting before the span's last pixel ends merges
    // into it, and only the last of them can reach further: count the
    // others without looking at them (their lines do not vote).
    double boundary = s.cycleAt(cur.x1);
    if (it != intervals.end() && double(it->start) < boundary) {
      auto last = std::lower_bound(
          it, intervals.end(), boundary,
          [](const Interval &i, double c) { return double(i.start) < c; });
      if (last - it > 1) {
        cur.count += int(last - it - 1);
        it = last - 1;
      }
    }
  }
  if (open)
    close();
  return out;
}

int timeline::intervalAt(const std::vector<Interval> &intervals, double cycle) {
  auto it = std::upper_bound(
      intervals.begin(), intervals.end(), cycle,
      [](double c, const Interval &i) { return c < double(i.end); });
  if (it == intervals.end() || double(it->start) > cycle)
    return -1;
  return int(it - intervals.begin());
}
