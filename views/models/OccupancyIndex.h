//===- OccupancyIndex.h - a run's scratchpad trace, indexed -----*- C++ -*-===//
//
// One OccupancyTrace with each core's events in time order, built once and
// then only read: shared (std::shared_ptr<const OccupancyIndex>) between
// the model on the GUI thread and the worker that prepares the chart's
// series, so a redraw never copies 100k events. It answers what the charts
// and the ring ask: each core's peak and when it was reached, the bytes in
// use at any time, a core's events, and its bytes stacked by group.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_OCCUPANCYINDEX_H
#define SPYRE_VIEWS_OCCUPANCYINDEX_H

#include "driver/Occupancy.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>
#include <vector>

class OccupancyIndex {
  Q_DECLARE_TR_FUNCTIONS(OccupancyIndex)

public:
  OccupancyIndex() = default;
  explicit OccupancyIndex(spyre::driver::OccupancyTrace trace);

  const spyre::driver::OccupancyTrace &trace() const { return data; }
  bool isEmpty() const { return data.events.empty(); }

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

  /// One layer of a stacked chart: the bytes of one group (an allocating
  /// KTIR line, or an LX buffer when the trace names its groups; key -1:
  /// every group not in the top N), sampled after every event of the core.
  struct Layer {
    int line = -1; ///< the group's key (-1: the rest)
    QString label;
    uint64_t peakBytes = 0;
    std::vector<double> bytes; ///< per event of the core
  };
  /// `core`'s bytes in use by group: the `top` groups with the largest
  /// peaks, then the rest together. Layers sum to the bytes in use when
  /// every release names its buffer.
  std::vector<Layer> layers(int core, int top) const;

private:
  spyre::driver::OccupancyTrace data;
  std::vector<std::vector<size_t>> byCore;
  std::vector<Peak> peaks; ///< per core
  uint64_t end = 0;
};

#endif
