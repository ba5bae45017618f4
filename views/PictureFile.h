//===- PictureFile.h - a drawing written as SVG or PNG ----------*- C++ -*-===//
//
// What the Ring's and the Timeline's exports share: a drawing of a given
// size written to a file, as SVG (vectors) when the name ends in .svg,
// else as PNG at twice the pixels (sharp on high-density screens).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_PICTUREFILE_H
#define SPYRE_VIEWS_PICTUREFILE_H

#include <QColor>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;

class PictureFile {
public:
  /// Calls `draw` on a painter over `size` and writes the result to
  /// `path`; `background` fills a PNG first. False when it cannot be written.
  static bool write(const QString &path, QSize size, const QString &title,
                    const QColor &background, const std::function<void(QPainter &)> &draw);
};

#endif
