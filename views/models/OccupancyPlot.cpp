//===- OccupancyPlot.cpp - what the occupancy chart draws, prepared -------===//

#include "models/OccupancyPlot.h"

#include "models/SeriesDecimator.h"

#include <algorithm>
#include <map>
#include <set>

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

/// Every active core's lowest and highest bytes in use over time: the
/// step functions swept in time order (a multiset of the current values),
/// decimated by the highest.
OccupancyPlot::Series envelope(const OccupancyIndex &index, const std::vector<int> &cores,
                               int columns, double scale) {
  const auto &events = index.trace().events;
  std::vector<size_t> rows;
  for (int c : cores)
    rows.insert(rows.end(), index.eventsOf(c).begin(), index.eventsOf(c).end());
  std::stable_sort(rows.begin(), rows.end(), [&](size_t a, size_t b) {
    return events[a].time < events[b].time;
  });
  std::map<int, double> now;
  std::multiset<double> values;
  for (int c : cores)
    now[c] = 0, values.insert(0);
  std::vector<double> t, hi, lo;
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto &e = events[rows[i]];
    auto it = now.find(e.core);
    if (it == now.end())
      continue;
    values.erase(values.find(it->second));
    it->second = double(e.inUse);
    values.insert(it->second);
    // One sample per time: after the last event at it.
    if (i + 1 < rows.size() && events[rows[i + 1]].time == e.time)
      continue;
    t.push_back(double(e.time));
    hi.push_back(*values.rbegin());
    lo.push_back(*values.begin());
  }
  OccupancyPlot::Series band;
  band.name = OccupancyPlot::tr("all %1 cores: range").arg(cores.size());
  band.band = true;
  const int buckets = std::max(1, columns / 2);
  const std::vector<size_t> kept = decimate::keep(t, hi, buckets);
  band.upper = staircase(t, hi, kept, scale, buckets);
  band.lower = staircase(t, lo, kept, scale, buckets);
  return band;
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
  const bool mib = top >= 1024 * 1024, kib = !mib && top >= 1024;
  plot.unit = mib ? tr("MiB") : kib ? tr("KiB") : tr("B");
  plot.scale = mib ? 1.0 / (1024.0 * 1024.0) : kib ? 1.0 / 1024.0 : 1.0;
  plot.top = double(top) * plot.scale;
  plot.end = double(std::max<uint64_t>(index.endTime(), 1));

  if (core < 0) {
    // The fullest cores one line each; with more cores than that, every
    // core's range (lowest to highest at each time) as a band under them,
    // so 32 overlapping lines read as an envelope.
    std::vector<int> cores = index.activeCores();
    if (int(cores.size()) > kLinedCores) {
      plot.series.push_back(envelope(index, cores, columns, plot.scale));
      plot.points += int(plot.series.back().upper.size() + plot.series.back().lower.size());
      std::stable_sort(cores.begin(), cores.end(), [&](int a, int b) {
        return index.peak(a).bytes > index.peak(b).bytes;
      });
      cores.resize(size_t(kLinedCores));
      std::sort(cores.begin(), cores.end());
    }
    for (int c : cores) {
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
