//===- MachineDocks.h - the ring and scratchpad docks, and runs -*- C++ -*-===//
//
// What the main window shows of the machine: the Ring dock (RingView) and
// the Scratchpad dock (OccupancyChart over an OccupancyModel), the Run menu
// (Run on Interpreter, F5) and the RunController behind it. The ring
// follows the architecture of each finished compile and the pass selected
// in the pass list; focusing a core in either view focuses it in both.
// MainWindow only creates this and hands it the selected snapshot.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_MACHINEDOCKS_H
#define SPYRE_APP_MACHINEDOCKS_H

#include "RunController.h"

#include "driver/Compile.h"

#include <QObject>

#include <functional>

class CompileController;
class OccupancyChart;
class OccupancyModel;
class QAction;
class QDockWidget;
class QMainWindow;
class QMenuBar;
class RingView;
class RunNoteBar;

class MachineDocks : public QObject {
  Q_OBJECT

public:
  /// Adds the docks to `window` (the ring under the pass list, the chart
  /// beside the diagnostics) and follows `compiler`'s results.
  MachineDocks(QMainWindow *window, CompileController *compiler);

  /// Adds the Run menu; `input` gives the kernel to run when it is chosen.
  void addRunMenu(QMenuBar *menuBar, std::function<RunController::Input()> input);

  /// The selected pass's snapshot (null: none).
  void showSnapshot(const spyre::driver::PassSnapshot *snapshot);
  /// Runs on the interpreter (what F5 does).
  void run();
  void focusCore(int core);
  /// Raises the Scratchpad dock and gives it a third of the window's height.
  void showChart();

  RingView *ring() const { return ringView; }
  /// The note over the ring (RunNotes fills it).
  RunNoteBar *ringNoteBar() const { return ringNote; }
  OccupancyChart *chart() const { return chartView; }
  OccupancyModel *occupancy() const { return model; }
  RunController &runner() { return controller; }
  QAction *runAction() const { return runAct; }

private:
  void onCompiled();
  void onRun();

  QMainWindow *window;
  CompileController *compiler;
  RingView *ringView = nullptr;
  RunNoteBar *ringNote = nullptr;
  OccupancyChart *chartView = nullptr;
  OccupancyModel *model = nullptr;
  QDockWidget *ringDock = nullptr, *chartDock = nullptr;
  QAction *runAct = nullptr;
  RunController controller;
  std::function<RunController::Input()> inputOf;
  QString archShown = QStringLiteral("\x01"); ///< nothing loaded yet
};

#endif
