//===- TileColors.cpp - colours of tiles and chart series -----------------===//

#include "TileColors.h"

#include <cmath>

QColor tilecolors::fill(int index, bool dark) {
  if (index < 0)
    index = 0;
  // Twelve hues 30 degrees apart, visited 150 degrees at a time (5 is
  // coprime with 12), so consecutive ids never look alike; each further
  // dozen ids takes a lighter (dark theme) or darker (light theme) band.
  double hue = std::fmod(210.0 + 30.0 * ((index * 5) % 12), 360.0);
  int band = (index / 12) % 3;
  if (dark)
    return QColor::fromHslF(float(hue / 360.0), 0.62f,
                            0.27f + 0.08f * float(band));
  return QColor::fromHslF(float(hue / 360.0), 0.72f,
                          0.80f - 0.09f * float(band));
}

QColor tilecolors::textOn(bool dark) {
  return dark ? QColor(0xf2, 0xf2, 0xf2) : QColor(0x14, 0x14, 0x14);
}
