//===- RunViewsRig.h - the run views on their own ---------------*- C++ -*-===//
//
// What the tests of the emulated run's views start from: a main window
// with the machine docks, a compile controller, an emulated run and the
// views that follow it (declared in the order they are built; destroyed in
// the reverse one).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_APP_RUNVIEWSRIG_H
#define SPYRE_TESTS_APP_RUNVIEWSRIG_H

#include "CompileController.h"
#include "EmulatedRunViews.h"
#include "EmulatorRun.h"
#include "MachineDocks.h"

#include <QMainWindow>
#include <QTest>

struct RunViewsRig {
  QMainWindow window;
  CompileController compiler;
  MachineDocks docks{&window, &compiler};
  EmulatorRun run;
  EmulatedRunViews views{&window, &docks, &run, &compiler};

  /// Shows the window at `size`; false when it is not exposed in time.
  bool show(QSize size) {
    window.resize(size);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
  }
};

#endif
