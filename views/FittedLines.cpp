//===- FittedLines.cpp - text wrapped to a width, the last line elided ----===//

#include "FittedLines.h"

#include <QFontMetrics>
#include <QTextLayout>

#include <algorithm>

QStringList fittedLines(const QString &text, const QFont &font, int width,
                        int maxLines) {
  QStringList lines;
  if (text.isEmpty() || maxLines <= 0)
    return lines;
  width = std::max(width, 1);
  QTextLayout layout(text, font);
  QTextOption option;
  option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
  layout.setTextOption(option);
  layout.beginLayout();
  int consumed = 0, lastStart = 0;
  while (lines.size() < maxLines) {
    QTextLine line = layout.createLine();
    if (!line.isValid())
      break;
    line.setLineWidth(width);
    lastStart = line.textStart();
    consumed = lastStart + line.textLength();
    lines << text.mid(line.textStart(), line.textLength()).trimmed();
  }
  layout.endLayout();
  if (consumed < text.size() && !lines.isEmpty()) {
    // Text left over: the last line takes the rest, elided.
    QString rest = text.mid(lastStart).trimmed();
    lines.back() = QFontMetrics(font).elidedText(rest, Qt::ElideRight, width);
  }
  return lines;
}
