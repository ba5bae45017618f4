//===- TileColors.h - colours of tiles and chart series -----------*- C++ -*-===//
//
// Categorical colours that stay apart in light and dark themes: twelve
// hues, consecutive ids 150 degrees apart (tile 3 and tile 4 never look
// alike), then lightness bands for ids 12 and up, with lightness and
// saturation chosen per theme so that text on them stays readable.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_TILECOLORS_H
#define SPYRE_VIEWS_TILECOLORS_H

#include <QColor>

namespace tilecolors {

/// The fill of category `index` (>= 0).
QColor fill(int index, bool dark);
/// Text drawn on fill(index, dark).
QColor textOn(bool dark);

} // namespace tilecolors

#endif
