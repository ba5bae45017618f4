//===- MarkerLines.cpp - which lines of a QScintilla pane carry a marker --===//

#include "MarkerLines.h"

#include <Qsci/qsciscintilla.h>

#include <algorithm>

namespace markers {

QVector<int> linesWith(QsciScintilla *pane, int marker) {
  QVector<int> out;
  long line = 0;
  for (;;) {
    line = pane->SendScintilla(QsciScintillaBase::SCI_MARKERNEXT,
                               (unsigned long)line, long(1 << marker));
    if (line < 0)
      break;
    out.push_back(int(line));
    ++line;
  }
  return out;
}

bool setLines(QsciScintilla *pane, int marker, QVector<int> lines) {
  const int count = pane->lines();
  lines.erase(std::remove_if(lines.begin(), lines.end(),
                             [count](int l) { return l < 0 || l >= count; }),
              lines.end());
  std::sort(lines.begin(), lines.end());
  lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  if (linesWith(pane, marker) == lines)
    return false;
  pane->markerDeleteAll(marker);
  for (int line : lines)
    pane->markerAdd(line, marker);
  return true;
}

} // namespace markers
