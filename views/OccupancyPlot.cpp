//===- OccupancyPlot.cpp - what the occupancy chart draws, prepared -------===//

#include "OccupancyPlot.h"

#include "SeriesDecimator.h"

#include <algorithm>

namespace {

/// A staircase through the kept samples: each value holds until the next
/// sample's time (bytes in use change at events, not between them). When
/// the samples are dense (on average two or more per column) the steps
/// are narrower than a pixel and the points are joined directly: half
/// the points, the same picture (each column keeps its extremes).
QList<QPointF> staircase(const std::vector<double> &x,
                         const std::vector<double> &y,
                         const std::vector<size_t> &kept, double scale,
                         int buckets) {
  const bool steps = kept.size() < size_t(2 * buckets);
  QList<QPointF> points;
  points.reserve(qsizetype(kept.size() * (steps ? 2 : 1) + 1));
  points.append(QPointF(0, 0));
  double previous = 0;
  for (size_t i : kept) {
    if (steps)
      points.append(QPointF(x[i], previous * scale));
    previous = y[i];
    points.append(QPointF(x[i], previous * scale));
  }
  return points;
}

} // namespace

OccupancyPlot OccupancyPlot::build(const OccupancyIndex &index, int core,
                                   int columns, bool fit, int topGroups) {
  OccupancyPlot plot;
  plot.core = core;
  if (index.isEmpty())
    return plot;
  plot.empty = false;
  columns = std::max(columns, 1);
  const auto &events = index.trace().events;
  plot.capacity = index.trace().capacityBytes;
  plot.cycles = index.trace().timeUnit == "cycle";
  plot.peak = index.peak(core);
  if (core >= 0 && plot.peak.core < 0) // a core without events
    plot.peak = {};
  // Fitted, the axis still reaches the capacity when the peak is within
  // half of it; otherwise the capacity is named in the axis title.
  fit = fit || plot.capacity == 0;
  uint64_t top = fit && plot.peak.bytes * 2 < plot.capacity
                     ? std::max<uint64_t>(plot.peak.bytes, 1)
                     : std::max(plot.capacity, plot.peak.bytes);
  plot.capacityShown = plot.capacity > 0 && top >= plot.capacity;
  plot.mib = top >= 1024 * 1024;
  plot.scale = 1.0 / (plot.mib ? 1024.0 * 1024.0 : 1024.0);
  plot.top = double(top) * plot.scale;
  plot.end = double(std::max<uint64_t>(index.endTime(), 1));

  if (core < 0) {
    // One line per core.
    for (int c : index.activeCores()) {
      const std::vector<size_t> &rows = index.eventsOf(c);
      std::vector<double> t(rows.size()), v(rows.size());
      for (size_t i = 0; i < rows.size(); ++i) {
        t[i] = double(events[rows[i]].time);
        v[i] = double(events[rows[i]].inUse);
      }
      Series line;
      line.name = tr("core %1").arg(c);
      line.key = c;
      int buckets = std::max(1, columns / 2);
      line.upper = staircase(t, v, decimate::keep(t, v, buckets), plot.scale,
                             buckets);
      plot.points += int(line.upper.size());
      plot.series.push_back(std::move(line));
    }
    return plot;
  }
  // The chosen core stacked by group.
  std::vector<OccupancyIndex::Layer> layers = index.layers(core, topGroups);
  const std::vector<size_t> &rows = index.eventsOf(core);
  std::vector<double> t(rows.size()), total(rows.size(), 0);
  for (size_t i = 0; i < rows.size(); ++i)
    t[i] = double(events[rows[i]].time);
  for (const auto &layer : layers)
    for (size_t i = 0; i < rows.size(); ++i)
      total[i] += layer.bytes[i];
  // Each kept sample keeps the column's extremes of the total.
  int buckets = std::max(1, columns / 12);
  std::vector<size_t> kept = decimate::keep(t, total, buckets);
  std::vector<double> below(rows.size(), 0);
  for (size_t k = 0; k < layers.size(); ++k) {
    for (size_t i = 0; i < rows.size(); ++i)
      below[i] += layers[k].bytes[i];
    Series area;
    area.name = layers[k].label;
    area.area = true;
    area.key = int(k);
    area.rest = layers[k].line < 0 && k + 1 == layers.size() &&
                int(layers.size()) > topGroups;
    area.upper = staircase(t, below, kept, plot.scale, buckets);
    plot.points += int(area.upper.size());
    plot.series.push_back(std::move(area));
  }
  return plot;
}
