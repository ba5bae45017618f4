//===- RingGeometry.cpp - where the ring view draws cores and links -------===//

#include "RingGeometry.h"

#include <QtMath>

#include <algorithm>
#include <cmath>

namespace {

constexpr double kMaxCore = 64; ///< pixels: big rings do not need bigger boxes
constexpr double kLabelRoom = 14; ///< pixels outside the ring for core ids
constexpr double kLaneGap = 3;    ///< from a disc's edge to its link lane
constexpr double kLaneRoom = 6;   ///< what a lane takes outside the discs

/// Where a segment from the centre of a core of diameter `size` at
/// `centre`, going towards `to`, leaves the core.
QPointF boxExit(QPointF centre, QPointF to, double size) {
  QPointF d = to - centre;
  double length = std::hypot(d.x(), d.y());
  if (length <= 0)
    return centre;
  return centre + d * (size / 2 / length);
}

} // namespace

QRectF ring::Layout::coreRect(int core) const {
  if (core < 0 || core >= int(cores.size()))
    return {};
  QPointF c = cores[core];
  return {c.x() - coreSize / 2, c.y() - coreSize / 2, coreSize, coreSize};
}

QPointF ring::Layout::labelPosition(int core) const {
  if (core < 0 || core >= int(cores.size()))
    return {};
  QPointF d = cores[core] - centre;
  double length = std::hypot(d.x(), d.y());
  if (length <= 0) // a single core at the centre: label under it
    return cores[core] + QPointF(0, coreSize / 2 + kLabelRoom / 2);
  return cores[core] +
         d / length * (coreSize / 2 + kLaneRoom + kLabelRoom / 2 + 1);
}

ring::Layout ring::layout(int cores, const QRectF &area, int hbmAttachCore) {
  Layout l;
  l.centre = area.center();
  cores = std::max(cores, 0);
  double half = std::max(0.0, std::min(area.width(), area.height()) / 2);
  // Box size from the gap between neighbours, then the radius that keeps
  // box and label inside the area.
  double radius = std::max(0.0, half - kLabelRoom - kLaneRoom - 8);
  double size = kMaxCore;
  if (cores > 1)
    size = std::min(size, 2 * radius * std::sin(M_PI / cores) * 0.9);
  size = std::min(size, radius * 0.55);
  radius = std::max(0.0, half - kLabelRoom - kLaneRoom - size / 2 - 2);
  if (cores > 1)
    size = std::min(size, 2 * radius * std::sin(M_PI / cores) * 0.9);
  l.radius = radius;
  l.coreSize = std::max(0.0, size);
  for (int i = 0; i < cores; ++i) {
    double angle = -M_PI / 2 + 2 * M_PI * i / cores;
    l.cores.push_back(l.centre +
                      QPointF(std::cos(angle), std::sin(angle)) * radius);
  }
  // HBM in the middle, as wide as the inside of the ring allows.
  double inner = std::max(0.0, radius - l.coreSize - 2 * kLaneRoom);
  QSizeF hbm(std::min(inner * 1.1, 120.0), std::min(inner * 0.4, 34.0));
  l.hbm = QRectF(l.centre - QPointF(hbm.width() / 2, hbm.height() / 2), hbm);
  l.hbmAttachCore = hbmAttachCore >= 0 && hbmAttachCore < cores && cores > 1
                        ? hbmAttachCore
                        : -1;
  return l;
}

int ring::coreAt(const Layout &l, const QPointF &point) {
  double r = l.coreSize / 2;
  for (int i = 0; i < int(l.cores.size()); ++i) {
    QPointF d = point - l.cores[size_t(i)];
    if (d.x() * d.x() + d.y() * d.y() <= r * r)
      return i;
  }
  return -1;
}

std::vector<ring::Link> ring::links(const Layout &l, bool bidirectional) {
  std::vector<Link> out;
  int n = int(l.cores.size());
  if (n < 2)
    return out;
  double step = 2 * M_PI / n;
  double pad = step * 0.1; // consecutive arcs do not touch
  auto pointAt = [&](double radius, double angle) {
    return l.centre + QPointF(std::cos(angle), std::sin(angle)) * radius;
  };
  // Screen angles grow clockwise (y points down); Qt's arc angles grow
  // counter-clockwise, hence the signs.
  auto add = [&](int from, int to, double radius, double a, double b) {
    Link link;
    link.from = from;
    link.to = to;
    link.radius = radius;
    link.startDegrees = -qRadiansToDegrees(a);
    link.sweepDegrees = -qRadiansToDegrees(b - a);
    link.line = QLineF(pointAt(radius, a), pointAt(radius, b));
    double back = (b > a ? -1 : 1) * std::min(std::abs(b - a) / 2,
                                              8.0 / std::max(radius, 1.0));
    link.tip = QLineF(pointAt(radius, b + back), pointAt(radius, b));
    out.push_back(link);
  };
  double outer = l.radius + l.coreSize / 2 + kLaneGap;
  double inner = std::max(1.0, l.radius - l.coreSize / 2 - kLaneGap);
  for (int i = 0; i < n; ++i) {
    double a = -M_PI / 2 + step * i, b = a + step;
    int next = (i + 1) % n;
    add(i, next, outer, a + pad, b - pad);
    if (bidirectional)
      add(next, i, inner, b - pad, a + pad);
  }
  return out;
}

QLineF ring::hbmLine(const Layout &l) {
  if (l.hbmAttachCore < 0)
    return {};
  QPointF core = l.cores[l.hbmAttachCore];
  QPointF c = l.hbm.center();
  QPointF d = core - c;
  // Leave the HBM box on its edge facing the core.
  double sx = d.x() != 0 ? (l.hbm.width() / 2) / std::abs(d.x()) : 1e9;
  double sy = d.y() != 0 ? (l.hbm.height() / 2) / std::abs(d.y()) : 1e9;
  QPointF start = c + d * std::min({sx, sy, 1.0});
  return QLineF(start, boxExit(core, c, l.coreSize));
}
