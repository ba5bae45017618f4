//===- MarkerLines.h - which lines of a QScintilla pane carry a marker -*- C++ -*-===//
//
// Reading and setting the lines a marker is on. Any marker change makes
// QScintilla repaint the pane's whole text area (markers with a
// background colour are drawn in the text), so setLines() leaves a pane
// alone when the marker is already on exactly the lines asked for: a
// stepped run that stays on the same line repaints nothing.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_MARKERLINES_H
#define SPYRE_VIEWS_MARKERLINES_H

#include <QVector>

class QsciScintilla;

namespace markers {

/// The 0-based lines of `pane` that carry `marker`, in order.
QVector<int> linesWith(QsciScintilla *pane, int marker);

/// Puts `marker` on exactly `lines` (0-based; out-of-range lines and
/// repeats are ignored). Returns false, without touching the pane, when
/// the marker was on exactly those lines already.
bool setLines(QsciScintilla *pane, int marker, QVector<int> lines);

} // namespace markers

#endif
