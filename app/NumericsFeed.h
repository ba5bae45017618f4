//===- NumericsFeed.h - the Numerics dock follows the run -------*- C++ -*-===//
//
// Puts the Numerics dock (views/NumericsDock.h) in the window, tabbed with
// the Run summary, and feeds it the numerics verdict of every run the
// summary judges (EmulatedRunViews::summarised). Picking one of its worst
// elements moves the emulated run to the execution of the store that wrote
// it, on its core (the KTIR line of that store is then highlighted as the
// instruction about to run), and selects the line that computed it in the
// editor.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_NUMERICSFEED_H
#define SPYRE_APP_NUMERICSFEED_H

#include "driver/NumericsVerdict.h"

#include <QObject>

class CodeEditor;
class EmulatedRunViews;
class EmulatorRun;
class NumericsDock;
class QMainWindow;
class QMenu;

class NumericsFeed : public QObject {
  Q_OBJECT

public:
  NumericsFeed(QMainWindow *window, EmulatedRunViews *views, EmulatorRun *run,
               CodeEditor *editor);

  NumericsDock *dock() const { return numerics; }
  /// The dock's toggle, for the Run menu.
  void addToMenu(QMenu *menu);
  /// Goes to the element (what a click on it in the dock does); false when
  /// the run has no execution of its store (or no run is shown).
  bool goTo(const spyre::driver::JudgedElement &element);

private:
  QMainWindow *window;
  EmulatorRun *run;
  CodeEditor *editor;
  NumericsDock *numerics = nullptr;
};

#endif
