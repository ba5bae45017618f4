//===- OccupancyPlot.h - what the occupancy chart draws, prepared -*- C++ -*-===//
//
// Everything the chart needs to draw one view of an OccupancyIndex (every
// core, or one core stacked by group): the decimated staircase points of
// each series, the axis ranges, the capacity and the peak. Built by a pure
// function from value types only, so it runs on a worker thread: for 100k
// events this is the expensive part of a redraw, and the GUI thread then
// only hands the points to the chart library.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_OCCUPANCYPLOT_H
#define SPYRE_VIEWS_OCCUPANCYPLOT_H

#include "models/OccupancyIndex.h"

#include <QCoreApplication>
#include <QList>
#include <QPointF>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

struct OccupancyPlot {
  Q_DECLARE_TR_FUNCTIONS(OccupancyPlot)

public:
  struct Series {
    QString name;
    bool area = false;   ///< a stacked layer (else a core's line)
    int key = 0;         ///< the core (lines) or the layer's index (areas)
    bool rest = false;   ///< the "other groups" layer
    /// The band from `lower` to `upper` (every core's lowest and highest
    /// bytes at each time), drawn under the lines of the fullest cores.
    bool band = false;
    QList<QPointF> upper; ///< scaled to the bytes axis' unit
    QList<QPointF> lower; ///< band only
  };
  /// "All cores" draws this many of the fullest cores as lines, the others
  /// as the band of every core's range.
  static constexpr int kLinedCores = 4;

  bool empty = true;
  int core = -1; ///< -1: every core
  std::vector<Series> series;
  uint64_t capacity = 0;
  OccupancyIndex::Peak peak;
  double end = 1;      ///< the time axis' end
  double top = 1;      ///< the bytes axis' end, in its unit
  double scale = 1;    ///< bytes -> the axis' unit
  /// The bytes axis' unit: B under 1 KiB, KiB under 1 MiB, else MiB.
  QString unit = QStringLiteral("B");
  bool capacityShown = false; ///< capacity within the axis (else in its title)
  bool cycles = false; ///< time in cycles (else events)
  int points = 0;      ///< points in all series

  /// Builds the plot of `core` (-1: every core) for a chart `columns` pixel
  /// columns wide: a line keeps at most 4 samples per 2 columns, a stacked
  /// area 4 per 12 (filled areas cost more to paint). `fit` scales the bytes
  /// axis to the peak when the peak is under half the capacity.
  static OccupancyPlot build(const OccupancyIndex &index, int core,
                             int columns, bool fit, int topGroups);
};

#endif
