//===- WindowWithSample.h - a shown main window with a sample open -*- C++ -*-===//
//
// What the scripted sessions of the app tests start from: the window at a
// size, shown and active, a bundled sample opened and compiled.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_APP_WINDOWWITHSAMPLE_H
#define SPYRE_TESTS_APP_WINDOWWITHSAMPLE_H

#include "EmulatedRunViews.h"
#include "EmulatorRun.h"
#include "MainWindow.h"
#include "RunControls.h"

#include <QDir>
#include <QSignalSpy>
#include <QTest>

/// Shows `window` at `size`, opens the bundled `sample` and waits for its
/// compile; false when any step does not happen in time.
inline bool showWithSample(MainWindow &window, const QString &sample, QSize size) {
  window.resize(size);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window))
    return false;
  window.activateWindow();
  if (!QTest::qWaitForWindowActive(&window))
    return false;
  window.restoreDefaultLayout();
  if (!window.openFile(QDir(MainWindow::samplesDirectory()).filePath(sample)))
    return false;
  return QTest::qWaitFor([&] { return window.compiler().latestJob() > 0; }, 20000);
}

/// Presses F10 in `window` (a compiled kernel open) and waits for the
/// emulated run's first part, its views indexed; false when it does not come.
inline bool recordFirstPart(MainWindow &window) {
  QSignalSpy ready(&window.runs()->emulator(), &EmulatorRun::ready);
  QTest::keyClick(&window, Qt::Key_F10);
  if (!ready.wait(60000))
    return false;
  window.runViews()->finishIndexing();
  return true;
}

/// Records the whole emulated run of `window`'s kernel and waits for
/// every view (indexes, timeline, summary); false when it does not come.
inline bool recordWholeRun(MainWindow &window) {
  QSignalSpy ready(&window.runs()->emulator(), &EmulatorRun::ready);
  window.runs()->runTo(UINT64_MAX, nullptr);
  if (!ready.wait(60000))
    return false;
  window.runViews()->finishIndexing();
  if (!QTest::qWaitFor([&] { return !window.runViews()->summarising(); }, 60000))
    return false;
  window.runViews()->finishIndexing();
  return true;
}

#endif
