//===- RunControls.h - run and step the emulator from the window -*- C++ -*-===//
//
// The debugger-like side of the window: the Run menu's emulator entries
// and the Run toolbar (Run / Continue F5, Pause F6, Stop Shift+F5, Step
// Event F10, Step Cycle F11, Step Back Shift+F10, Run to Cursor Line
// Ctrl+F10, Run to Cycle… Ctrl+Shift+F10), the Timeline dock, and what a
// step shows: the KTIR line of the instruction about to run highlighted
// in the editor, the lines it became in both IR panes, and its exact
// DataflowIR op / SpyreCode instruction when a pane shows that snapshot.
// It owns the EmulatorRun the other docks read (emulator()).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_RUNCONTROLS_H
#define SPYRE_APP_RUNCONTROLS_H

#include "EmulatorRun.h"
#include "RunInputs.h"
#include "RunTarget.h"

#include "driver/Compile.h"

#include <QObject>
#include <QPointer>

#include <functional>

class ArgumentNames;
class CodeEditor;
class IrDiffView;
class QAction;
class QMainWindow;
class QMenu;
class QToolBar;
class QsciScintilla;
class TimelineDock;

class RunControls : public QObject {
  Q_OBJECT

public:
  /// The snapshots the IR panes show, and which of them the SpyreCode's
  /// locations name (null when the compile did not reach SpyreCode).
  struct Shown {
    const spyre::driver::PassSnapshot *left = nullptr, *right = nullptr;
    const spyre::driver::PassSnapshot *spyreCode = nullptr;
    const spyre::driver::PassSnapshot *dataflow = nullptr;
  };

  RunControls(QMainWindow *window, CodeEditor *editor, IrDiffView *ir,
              std::function<EmulatorRun::Input()> input,
              std::function<Shown()> shown);

  /// Puts the emulator's actions at the top of `menu` (before its first
  /// action) and adds the Run toolbar to the window.
  void addActions(QMenu *menu);

  EmulatorRun &emulator() { return run; }
  TimelineDock *timeline() const { return dock; }
  QToolBar *toolBar() const { return bar; }

  // The actions, by what they do (object names: runContinue, runPause,
  // runStop, stepEvent, stepCycle, stepBack, runToLine, runToCycle).
  QAction *continueAction() const { return continueAct; }
  QAction *pauseAction() const { return pauseAct; }
  QAction *stopAction() const { return stopAct; }
  QAction *stepEventAction() const { return stepEventAct; }
  QAction *stepCycleAction() const { return stepCycleAct; }
  QAction *stepBackAction() const { return stepBackAct; }
  QAction *runToLineAction() const { return runToLineAct; }
  QAction *runToCycleAction() const { return runToCycleAct; }
  QAction *inputsAction() const { return inputsAct; }

  /// What runs start from (Run ▸ Inputs…): a seed, and .npy files for some
  /// arguments. A change makes the next step or F5 record a new run.
  void setInputs(const RunInputs &inputs);
  const RunInputs &inputs() const { return chosenInputs; }
  /// What of them a run of the editor's kernel is sent (not the files and
  /// values of arguments it does not have), as far as its arguments are
  /// known (readKernelArguments()); all of them until then.
  RunInputs inputsSent() const;
  /// Reads the editor's kernel's arguments again (after a compile), for
  /// the F5 tooltip.
  void readKernelArguments();
  /// Opens the Inputs dialog (modal) and takes what it is left with;
  /// `focusArgument`: the scalar whose value field gets the focus.
  /// Opens Run ▸ Inputs… (at `focusArgument`'s value); true when OK
  /// changed the inputs.
  bool editInputs(const QString &focusArgument = QString());
  /// The emulator's input for the editor's kernel with the chosen inputs.
  EmulatorRun::Input currentInput() const;
  /// What Ctrl+F10 runs to: the line, op or instruction under the cursor
  /// of the editor or IR pane the user was last in.
  RunTarget targetUnderCursor() const;

  /// F5: records a run of the current kernel when there is none (or the
  /// kernel or target changed) and plays it; continues a paused one.
  void runOrContinue();
  /// Records a run (if needed) and, when it is there, goes to event `n`
  /// (to the end when n exceeds it); `done` is called then (true: there).
  void runTo(uint64_t n, std::function<void(bool)> done);
  /// Puts `core` first in the timeline, expanded (-1: no change).
  void focusCore(int core);
  /// Shows the run's instruction again (the IR panes were refilled).
  void refreshHighlight();
  /// Another kernel was opened: the run of the previous one is no longer
  /// shown (highlights, timeline); the next step or F5 records one of the
  /// new kernel.
  void documentChanged();
  /// The run shown is of the editor's document (not hidden by
  /// documentChanged()).
  bool showsRun() const { return !hidden; }
  /// The line the highlight is on (0: none), for tests.
  int highlightedLine() const { return shownLine; }

Q_SIGNALS:
  /// setInputs() changed what runs start from.
  void inputsChanged();

private:
  /// Whether the session shown is for the editor's current kernel and
  /// target (a hidden one is not: it is recorded again).
  bool sessionCurrent() const;
  /// Whether the session is of the current input, shown or not.
  bool sessionOfCurrentInput() const;
  /// Starts a run; `then` runs once it is ready.
  void startRun(std::function<void()> then);
  /// With a current session: `step`; else records one first.
  void withSession(std::function<void()> step);
  void onReady();
  void onPosition();
  /// Says in the status bar what the run shown is: a part being recorded,
  /// a part whose recording was stopped, a fault, or the whole run.
  void announceRun();
  void showPoint(const EmulatorRun::Point &p);
  void updateActions();
  void askCycle();
  void runToCursorLine();
  void updateRunTip();

  QMainWindow *window;
  CodeEditor *editor;
  IrDiffView *ir;
  std::function<EmulatorRun::Input()> inputOf;
  std::function<Shown()> shownOf;
  EmulatorRun run;
  TimelineDock *dock = nullptr;
  QToolBar *bar = nullptr;
  QAction *continueAct = nullptr, *pauseAct = nullptr, *stopAct = nullptr,
          *stepEventAct = nullptr, *stepCycleAct = nullptr,
          *stepBackAct = nullptr, *runToLineAct = nullptr,
          *runToCycleAct = nullptr, *inputsAct = nullptr;
  RunInputs chosenInputs;
  ArgumentNames *kernelArguments = nullptr;
  /// The editor or IR pane that last had the focus (its cursor is what
  /// "Run to Cursor" means).
  QPointer<QWidget> cursorPane;
  std::function<void()> afterReady;
  int shownLine = 0;
  bool hidden = false; ///< the session is of a document no longer open
};

#endif
