//===- OccupancyIndex.cpp - a run's scratchpad trace, indexed -------------===//

#include "models/OccupancyIndex.h"

#include <algorithm>
#include <map>

OccupancyIndex::OccupancyIndex(spyre::driver::OccupancyTrace trace)
    : data(std::move(trace)) {
  int cores = data.cores;
  for (const auto &e : data.events)
    cores = std::max(cores, e.core + 1);
  byCore.assign(size_t(std::max(cores, 0)), {});
  for (size_t i = 0; i < data.events.size(); ++i) {
    const auto &e = data.events[i];
    if (e.core < 0)
      continue;
    byCore[size_t(e.core)].push_back(i);
    end = std::max(end, e.time);
  }
  peaks.assign(byCore.size(), {});
  for (size_t c = 0; c < byCore.size(); ++c) {
    auto &rows = byCore[c];
    std::stable_sort(rows.begin(), rows.end(), [&](size_t a, size_t b) {
      return data.events[a].time < data.events[b].time;
    });
    Peak &best = peaks[c];
    for (size_t row : rows) {
      const auto &e = data.events[row];
      if (best.core < 0 || e.inUse > best.bytes)
        best = {e.inUse, e.time, int(c)};
    }
  }
}

const std::vector<size_t> &OccupancyIndex::eventsOf(int core) const {
  static const std::vector<size_t> none;
  return core >= 0 && core < int(byCore.size()) ? byCore[size_t(core)] : none;
}

std::vector<int> OccupancyIndex::activeCores() const {
  std::vector<int> cores;
  for (size_t c = 0; c < byCore.size(); ++c)
    if (!byCore[c].empty())
      cores.push_back(int(c));
  return cores;
}

OccupancyIndex::Peak OccupancyIndex::peak(int core) const {
  if (core >= 0)
    return core < int(peaks.size()) ? peaks[size_t(core)] : Peak();
  Peak best;
  for (const Peak &p : peaks)
    if (p.core >= 0 && (best.core < 0 || p.bytes > best.bytes))
      best = p;
  return best;
}

uint64_t OccupancyIndex::valueAt(int core, uint64_t time) const {
  const std::vector<size_t> &rows = eventsOf(core);
  // The last event at or before `time`.
  auto after = std::upper_bound(
      rows.begin(), rows.end(), time,
      [&](uint64_t t, size_t row) { return t < data.events[row].time; });
  if (after == rows.begin())
    return 0;
  return data.events[*std::prev(after)].inUse;
}

std::vector<OccupancyIndex::Layer> OccupancyIndex::layers(int core,
                                                          int top) const {
  const std::vector<size_t> &rows = eventsOf(core);
  const bool named = !data.groupNames.empty();
  auto keyOf = [&](const spyre::driver::OccupancyEvent &e) {
    return named ? e.group : e.line;
  };
  // Peak bytes of every group, and the op that allocated first.
  std::map<int, int64_t> live, peakOf;
  std::map<int, std::string> opOf;
  for (size_t row : rows) {
    const auto &e = data.events[row];
    int key = keyOf(e);
    int64_t &bytes = live[key];
    bytes += e.deltaBytes;
    peakOf[key] = std::max(peakOf[key], bytes);
    if (e.deltaBytes > 0 && !opOf.count(key))
      opOf[key] = e.op;
  }
  std::vector<std::pair<int64_t, int>> ranked;
  for (auto [key, bytes] : peakOf)
    ranked.push_back({bytes, key});
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](auto a, auto b) { return a.first > b.first; });
  std::map<int, size_t> layerOf;
  std::vector<Layer> out;
  for (const auto &[bytes, key] : ranked) {
    if (int(out.size()) >= std::max(top, 0))
      break;
    Layer layer;
    layer.line = key;
    if (named) {
      auto it = data.groupNames.find(key);
      layer.label = it != data.groupNames.end()
                        ? QString::fromStdString(it->second)
                        : tr("buffer %1").arg(key);
    } else {
      layer.label = key > 0 ? tr("line %1").arg(key) : tr("no line");
      if (!opOf[key].empty())
        layer.label += QStringLiteral(" (%1)").arg(
            QString::fromStdString(opOf[key]));
    }
    layerOf[key] = out.size();
    out.push_back(std::move(layer));
  }
  if (ranked.size() > out.size()) {
    Layer rest;
    size_t others = ranked.size() - out.size();
    QString what = named ? tr("buffer") : tr("line");
    QString whats = named ? tr("buffers") : tr("lines");
    rest.label = others == 1 ? tr("1 other %1").arg(what)
                             : tr("%1 other %2").arg(others).arg(whats);
    out.push_back(std::move(rest));
  }
  std::vector<int64_t> current(out.size(), 0);
  for (auto &layer : out)
    layer.bytes.reserve(rows.size());
  for (size_t row : rows) {
    const auto &e = data.events[row];
    auto it = layerOf.find(keyOf(e));
    size_t layer = it != layerOf.end() ? it->second : out.size() - 1;
    current[layer] += e.deltaBytes;
    for (size_t i = 0; i < out.size(); ++i) {
      double value = double(std::max<int64_t>(current[i], 0));
      out[i].bytes.push_back(value);
      out[i].peakBytes = std::max(out[i].peakBytes, uint64_t(value));
    }
  }
  return out;
}
