//===- RingGeometry.h - where the ring view draws cores and links -*- C++ -*-===//
//
// Pure geometry, no widgets: the cores of a ring laid out on a circle in a
// rectangle (core 0 at the top, ids clockwise), each core a disc, the
// links between ring neighbours (one per direction the ring carries), the
// HBM box in the middle and which core a point falls on. RingView paints
// what these functions return; the tests check them with data rows.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_RINGGEOMETRY_H
#define SPYRE_VIEWS_RINGGEOMETRY_H

#include <QLineF>
#include <QPointF>
#include <QRectF>

#include <vector>

namespace ring {

struct Layout {
  QPointF centre;
  double radius = 0;   ///< of the circle through the cores' centres
  double coreSize = 0; ///< diameter of a core's disc
  std::vector<QPointF> cores; ///< centre of core i
  QRectF hbm;          ///< where device memory is drawn (the middle)
  int hbmAttachCore = -1;

  /// The square around core `core`'s disc.
  QRectF coreRect(int core) const;
  /// Where a core's id label goes: just outside the ring.
  QPointF labelPosition(int core) const;
};

/// Lays `cores` cores out in `area`. Discs never overlap and stay inside
/// `area` (for an area too small to hold them, they shrink to nothing).
/// `hbmAttachCore` outside [0, cores) means no HBM attach point.
Layout layout(int cores, const QRectF &area, int hbmAttachCore);

/// The core whose disc contains `point`, or -1.
int coreAt(const Layout &layout, const QPointF &point);

/// A link is drawn as an arc on a lane just outside the discs (clockwise
/// traffic, i -> i+1) or just inside them (counter-clockwise, i+1 -> i),
/// so every link is long enough to see and to colour, whatever the count.
struct Link {
  int from = 0, to = 0; ///< traffic goes from -> to
  double radius = 0;    ///< of the lane, around Layout::centre
  /// In Qt's convention (degrees, counter-clockwise from 3 o'clock), as
  /// QPainterPath::arcTo takes them; the arc runs from `from` to `to`.
  double startDegrees = 0, sweepDegrees = 0;
  QLineF line; ///< from the arc's start to its end
  QLineF tip;  ///< a short segment along the arc's end, for the arrowhead
};

/// The ring's links: i -> i+1 (mod n) for every core, and i+1 -> i as well
/// when `bidirectional`; none for fewer than two cores.
std::vector<Link> links(const Layout &layout, bool bidirectional);

/// The line from the HBM box to its attach core's disc (null without one).
QLineF hbmLine(const Layout &layout);

} // namespace ring

#endif
