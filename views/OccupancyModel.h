//===- OccupancyModel.h - scratchpad occupancy over time --------*- C++ -*-===//
//
// A table of a run's scratchpad events (core, time, change, bytes in use,
// allocating KTIR line, op), fed one OccupancyTrace (core/driver's plain
// struct, so the interpreter and the emulator feed it alike) through
// setTrace. Besides the rows it answers what the charts ask: each core's
// peak and the time it was reached, the bytes in use at any time, the
// series of a core, and a core's bytes stacked by allocating line.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_OCCUPANCYMODEL_H
#define SPYRE_VIEWS_OCCUPANCYMODEL_H

#include "driver/Occupancy.h"

#include <QAbstractTableModel>

#include <cstdint>
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

  void setTrace(spyre::driver::OccupancyTrace trace);
  const spyre::driver::OccupancyTrace &trace() const { return data_; }
  bool isEmpty() const { return data_.events.empty(); }

  int rowCount(const QModelIndex &parent = {}) const override;
  int columnCount(const QModelIndex &parent = {}) const override;
  QVariant data(const QModelIndex &index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role) const override;

  struct Peak {
    uint64_t bytes = 0;
    uint64_t time = 0; ///< the first time it was reached
    int core = -1;     ///< -1: no events
  };
  /// The most bytes `core` had in use (core -1: the highest of all cores,
  /// the lowest core id on a tie).
  Peak peak(int core) const;
  /// Bytes in use on `core` after every event at or before `time`.
  uint64_t valueAt(int core, uint64_t time) const;
  /// The last time of any event.
  uint64_t endTime() const { return end; }
  /// Cores with at least one event, in id order.
  std::vector<int> activeCores() const;
  /// Event rows of `core`, in time order.
  const std::vector<size_t> &eventsOf(int core) const;

  /// One layer of a stacked chart: the bytes allocated by one KTIR line
  /// (line -1: every line not in the top N), sampled after every event of
  /// the core.
  struct Layer {
    int line = -1;
    QString label;
    uint64_t peakBytes = 0;
    std::vector<double> bytes; ///< per event of the core
  };
  /// `core`'s bytes in use by allocating line: the `top` lines with the
  /// largest peaks, then the rest together. Layers sum to the bytes in use
  /// when every release names its buffer.
  std::vector<Layer> layers(int core, int top) const;

private:
  spyre::driver::OccupancyTrace data_;
  std::vector<std::vector<size_t>> byCore;
  uint64_t end = 0;
};

#endif
