//===- RingLayerCache.h - the ring view's parts that a step leaves alone -*- C++ -*-===//
//
// What RingView draws in two layers and keeps between repaints: under the
// run's link traffic (the background, the machine's name, the links, HBM)
// and over it (the cores with their tiles, borders, focus and hover, the
// ids and the legend). A step of a run changes neither: it draws only the
// traffic between them and the live marks (busy engines, scratchpad fill,
// the status line) on top, so a step does not redraw the whole ring.
//
// The layers are drawn again when their key changes (the widget's size or
// pixel ratio, the header's height, whether a run is shown: these move
// the layout or the legend) or after invalidate() (architecture,
// placement, focus, hover, palette or font changed). Pure bookkeeping;
// the drawing is RingView's.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_RINGLAYERCACHE_H
#define SPYRE_VIEWS_RINGLAYERCACHE_H

#include <QPixmap>
#include <QSize>

class RingLayerCache {
public:
  struct Key {
    QSize size;
    double pixelRatio = 1;
    int headerHeight = 0;
    bool live = false; ///< a run is shown: another legend and layout
    bool operator==(const Key &o) const {
      return size == o.size && pixelRatio == o.pixelRatio &&
             headerHeight == o.headerHeight && live == o.live;
    }
    bool operator!=(const Key &o) const { return !(*this == o); }
  };

  /// Something drawn in the layers changed: the next paint draws them.
  void invalidate() { valid = false; }
  /// True when the layers must be drawn again before painting at `key`.
  bool stale(const Key &key) const { return !valid || key != have; }
  /// Takes freshly drawn layers for `key`.
  void store(const Key &key, QPixmap under, QPixmap over);

  const QPixmap &under() const { return below; }
  const QPixmap &over() const { return above; }
  /// How many times the layers were drawn (for tests and benches).
  int builds() const { return count; }

  /// An empty layer of `key`'s size at its pixel ratio.
  static QPixmap blank(const Key &key, const QColor &fill);

private:
  Key have;
  bool valid = false;
  QPixmap below, above;
  int count = 0;
};

#endif
