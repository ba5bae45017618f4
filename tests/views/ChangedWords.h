//===- ChangedWords.h - the IR diff's word marks, for tests -----*- C++ -*-===//
#ifndef SPYRE_TESTS_VIEWS_CHANGEDWORDS_H
#define SPYRE_TESTS_VIEWS_CHANGEDWORDS_H

#include "IrDiffView.h"

#include <Qsci/qsciscintilla.h>

/// Whether the character at (`line`, `column`) of `pane` is marked as a
/// changed word.
inline bool indicatorAt(QsciScintilla *pane, int line, int column) {
  const long pos =
      pane->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, (unsigned long)line) +
      column;
  return pane->SendScintilla(QsciScintillaBase::SCI_INDICATORVALUEAT,
                             (unsigned long)IrDiffView::ChangedWordIndicator, pos) != 0;
}

#endif
