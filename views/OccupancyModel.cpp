//===- OccupancyModel.cpp - scratchpad occupancy over time ----------------===//

#include "OccupancyModel.h"

#include "Bytes.h"

#include <algorithm>
#include <map>

OccupancyModel::OccupancyModel(QObject *parent)
    : QAbstractTableModel(parent) {}

void OccupancyModel::setTrace(spyre::driver::OccupancyTrace trace) {
  beginResetModel();
  data_ = std::move(trace);
  int cores = data_.cores;
  for (const auto &e : data_.events)
    cores = std::max(cores, e.core + 1);
  byCore.assign(size_t(std::max(cores, 0)), {});
  end = 0;
  for (size_t i = 0; i < data_.events.size(); ++i) {
    const auto &e = data_.events[i];
    if (e.core < 0)
      continue;
    byCore[size_t(e.core)].push_back(i);
    end = std::max(end, e.time);
  }
  for (auto &rows : byCore)
    std::stable_sort(rows.begin(), rows.end(), [&](size_t a, size_t b) {
      return data_.events[a].time < data_.events[b].time;
    });
  endResetModel();
}

int OccupancyModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : int(data_.events.size());
}

int OccupancyModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant OccupancyModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() ||
      index.column() >= ColumnCount)
    return {};
  const auto &e = data_.events[size_t(index.row())];
  if (role == Qt::TextAlignmentRole)
    return index.column() == OpColumn
               ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
               : QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole && role != Qt::UserRole)
    return {};
  bool raw = role == Qt::UserRole;
  switch (index.column()) {
  case CoreColumn:
    return e.core;
  case TimeColumn:
    return QVariant::fromValue<qulonglong>(e.time);
  case ChangeColumn:
    if (raw)
      return QVariant::fromValue<qlonglong>(e.deltaBytes);
    return (e.deltaBytes < 0 ? QStringLiteral("−") : QStringLiteral("+")) +
           formatBytes(uint64_t(e.deltaBytes < 0 ? -e.deltaBytes
                                                 : e.deltaBytes));
  case InUseColumn:
    return raw ? QVariant::fromValue<qulonglong>(e.inUse)
               : QVariant(formatBytes(e.inUse));
  case LineColumn:
    return e.line;
  case OpColumn:
    return QString::fromStdString(e.op);
  }
  return {};
}

QVariant OccupancyModel::headerData(int section, Qt::Orientation orientation,
                                    int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
  case CoreColumn:
    return tr("Core");
  case TimeColumn:
    return data_.timeUnit == "cycle" ? tr("Cycle") : tr("Event");
  case ChangeColumn:
    return tr("Change");
  case InUseColumn:
    return tr("In use");
  case LineColumn:
    return tr("Line");
  case OpColumn:
    return tr("Op");
  }
  return {};
}

const std::vector<size_t> &OccupancyModel::eventsOf(int core) const {
  static const std::vector<size_t> none;
  return core >= 0 && core < int(byCore.size()) ? byCore[size_t(core)] : none;
}

std::vector<int> OccupancyModel::activeCores() const {
  std::vector<int> cores;
  for (size_t c = 0; c < byCore.size(); ++c)
    if (!byCore[c].empty())
      cores.push_back(int(c));
  return cores;
}

OccupancyModel::Peak OccupancyModel::peak(int core) const {
  if (core < 0) {
    Peak best;
    for (int c = 0; c < int(byCore.size()); ++c) {
      Peak p = peak(c);
      if (p.core >= 0 && (best.core < 0 || p.bytes > best.bytes))
        best = p;
    }
    return best;
  }
  Peak best;
  for (size_t row : eventsOf(core)) {
    const auto &e = data_.events[row];
    if (best.core < 0 || e.inUse > best.bytes)
      best = {e.inUse, e.time, core};
  }
  return best;
}

uint64_t OccupancyModel::valueAt(int core, uint64_t time) const {
  const std::vector<size_t> &rows = eventsOf(core);
  // The last event at or before `time`.
  auto after = std::upper_bound(
      rows.begin(), rows.end(), time,
      [&](uint64_t t, size_t row) { return t < data_.events[row].time; });
  if (after == rows.begin())
    return 0;
  return data_.events[*std::prev(after)].inUse;
}

std::vector<OccupancyModel::Layer> OccupancyModel::layers(int core,
                                                          int top) const {
  const std::vector<size_t> &rows = eventsOf(core);
  // Peak bytes of every allocating line, and the op that allocated first.
  std::map<int, int64_t> live, peakOf;
  std::map<int, std::string> opOf;
  for (size_t row : rows) {
    const auto &e = data_.events[row];
    int64_t &bytes = live[e.line];
    bytes += e.deltaBytes;
    peakOf[e.line] = std::max(peakOf[e.line], bytes);
    if (e.deltaBytes > 0 && !opOf.count(e.line))
      opOf[e.line] = e.op;
  }
  std::vector<std::pair<int64_t, int>> ranked;
  for (auto [line, bytes] : peakOf)
    ranked.push_back({bytes, line});
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](auto a, auto b) { return a.first > b.first; });
  std::map<int, size_t> layerOf;
  std::vector<Layer> out;
  for (const auto &[bytes, line] : ranked) {
    if (int(out.size()) >= std::max(top, 0))
      break;
    Layer layer;
    layer.line = line;
    layer.label = line > 0 ? tr("line %1").arg(line) : tr("no line");
    if (!opOf[line].empty())
      layer.label += QStringLiteral(" (%1)").arg(
          QString::fromStdString(opOf[line]));
    layerOf[line] = out.size();
    out.push_back(std::move(layer));
  }
  bool other = ranked.size() > out.size();
  if (other) {
    Layer rest;
    size_t others = ranked.size() - out.size();
    rest.label = others == 1 ? tr("1 other line")
                             : tr("%1 other lines").arg(others);
    out.push_back(std::move(rest));
  }
  std::vector<int64_t> current(out.size(), 0);
  for (auto &layer : out)
    layer.bytes.reserve(rows.size());
  for (size_t row : rows) {
    const auto &e = data_.events[row];
    auto it = layerOf.find(e.line);
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
