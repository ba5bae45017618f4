//===- OccupancyModel.h - scratchpad occupancy over time --------*- C++ -*-===//
//
// A table of a run's scratchpad events (core, time, change, bytes in use,
// allocating KTIR line, op), fed one OccupancyTrace (core/driver's plain
// struct, so the interpreter and the emulator feed it alike) through
// setTrace or, indexed already, setIndex. Besides the rows it answers what
// the charts ask (OccupancyIndex): each core's peak and the time it was
// reached, the bytes in use at any time, the series of a core, and a
// core's bytes stacked by allocating line or buffer.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_OCCUPANCYMODEL_H
#define SPYRE_VIEWS_OCCUPANCYMODEL_H

#include "models/OccupancyIndex.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <memory>
#include <vector>

class OccupancyModel : public QAbstractTableModel {
  Q_OBJECT

public:
  enum Column {
    CoreColumn,
    TimeColumn,
    ChangeColumn,
    InUseColumn,
    LineColumn,
    OpColumn,
    ColumnCount
  };

  explicit OccupancyModel(QObject *parent = nullptr);

  /// Replaces the trace (indexed here; a worker may build the index and
  /// hand it over with setIndex instead).
  void setTrace(spyre::driver::OccupancyTrace trace);
  void setIndex(std::shared_ptr<const OccupancyIndex> index);
  /// The indexed trace, shared with whoever draws it (never null).
  std::shared_ptr<const OccupancyIndex> sharedIndex() const { return occupancy; }
  const spyre::driver::OccupancyTrace &trace() const { return occupancy->trace(); }
  bool isEmpty() const { return occupancy->isEmpty(); }

  int rowCount(const QModelIndex &parent = {}) const override;
  int columnCount(const QModelIndex &parent = {}) const override;
  QVariant data(const QModelIndex &index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role) const override;

  using Peak = OccupancyIndex::Peak;
  using Layer = OccupancyIndex::Layer;
  Peak peak(int core) const { return occupancy->peak(core); }
  uint64_t valueAt(int core, uint64_t time) const {
    return occupancy->valueAt(core, time);
  }
  uint64_t endTime() const { return occupancy->endTime(); }
  std::vector<int> activeCores() const { return occupancy->activeCores(); }
  const std::vector<size_t> &eventsOf(int core) const {
    return occupancy->eventsOf(core);
  }
  std::vector<Layer> layers(int core, int top) const {
    return occupancy->layers(core, top);
  }

private:
  std::shared_ptr<const OccupancyIndex> occupancy;
};

#endif
