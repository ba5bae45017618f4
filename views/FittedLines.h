//===- FittedLines.h - text wrapped to a width, the last line elided -*- C++ -*-===//
//
// What a painted header does with a text that may not fit: wrapped at
// word boundaries to `width` pixels in at most `maxLines` lines, the last
// line ending in "…" when text is left over (never cut mid-letter).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_FITTEDLINES_H
#define SPYRE_VIEWS_FITTEDLINES_H

#include <QFont>
#include <QStringList>

/// `text` in at most `maxLines` lines of at most `width` pixels in `font`
/// (an empty text: no lines).
QStringList fittedLines(const QString &text, const QFont &font, int width,
                        int maxLines);

#endif
