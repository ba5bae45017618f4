//===- OccupancyModel.cpp - scratchpad occupancy over time ----------------===//

#include "models/OccupancyModel.h"

#include "models/Bytes.h"


OccupancyModel::OccupancyModel(QObject *parent)
    : QAbstractTableModel(parent),
      occupancy(std::make_shared<const OccupancyIndex>()) {}

void OccupancyModel::setTrace(spyre::driver::OccupancyTrace trace) {
  setIndex(std::make_shared<const OccupancyIndex>(std::move(trace)));
}

void OccupancyModel::setIndex(std::shared_ptr<const OccupancyIndex> index) {
  beginResetModel();
  occupancy = index ? std::move(index) : std::make_shared<const OccupancyIndex>();
  endResetModel();
}

int OccupancyModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : int(trace().events.size());
}

int OccupancyModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant OccupancyModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() ||
      index.column() >= ColumnCount)
    return {};
  const auto &e = trace().events[size_t(index.row())];
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
    return trace().timeUnit == "cycle" ? tr("Cycle") : tr("Event");
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

