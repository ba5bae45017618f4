//===- ElidedLabel.cpp - a label that ends cut lines with "…" -------------===//

#include "ElidedLabel.h"

#include <QStringList>

ElidedLabel::ElidedLabel(QWidget *parent) : QLabel(parent) {
  setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  setMinimumWidth(0);
  setTextFormat(Qt::PlainText);
}

void ElidedLabel::setFullText(const QString &text) {
  full = text;
  setToolTip(text);
  elide();
}

void ElidedLabel::resizeEvent(QResizeEvent *event) {
  QLabel::resizeEvent(event);
  elide();
}

void ElidedLabel::elide() {
  const int room = std::max(0, contentsRect().width());
  QStringList lines = full.split(QLatin1Char('\n'));
  for (QString &line : lines)
    line = fontMetrics().elidedText(line, Qt::ElideRight, room);
  QLabel::setText(lines.join(QLatin1Char('\n')));
}
