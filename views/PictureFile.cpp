//===- PictureFile.cpp - a drawing written as SVG or PNG ------------------===//

#include "PictureFile.h"

#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

bool PictureFile::write(const QString &path, QSize size, const QString &title,
                        const QColor &background,
                        const std::function<void(QPainter &)> &draw) {
  if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    QPainter p;
    if (!p.begin(&svg))
      return false;
    draw(p);
    return p.end();
  }
  QImage image(size * 2, QImage::Format_ARGB32);
  image.setDevicePixelRatio(2);
  image.fill(background);
  {
    QPainter p(&image);
    draw(p);
  }
  return image.save(path, "PNG");
}
