//===- RingLayerCache.cpp - the ring view's parts that a step leaves alone ===//

#include "RingLayerCache.h"

#include <QColor>

#include <algorithm>
#include <cmath>

void RingLayerCache::store(const Key &key, QPixmap under, QPixmap over) {
  have = key;
  below = std::move(under);
  above = std::move(over);
  valid = true;
  ++count;
}

QPixmap RingLayerCache::blank(const Key &key, const QColor &fill) {
  const double ratio = key.pixelRatio > 0 ? key.pixelRatio : 1.0;
  QPixmap layer(std::max(1, int(std::ceil(key.size.width() * ratio))),
                std::max(1, int(std::ceil(key.size.height() * ratio))));
  layer.setDevicePixelRatio(ratio);
  layer.fill(fill);
  return layer;
}
