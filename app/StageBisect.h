//===- StageBisect.h - Run ▸ Find the Pass That Changed the Output -*- C++ -*-===//
//
// The explorer's pass-by-pass debugging (docs/stage-execution.md): runs
// the snapshot after every pass (driver::runStages: the stage executor,
// the SpyreCode on the emulator) on the run's inputs, off the GUI thread,
// and fills the Passes list's Output column as each one finishes with the
// numerics verdict of its outputs against the KTIR's (✓ exact, ≈ within
// rounding, ✗ WRONG, ! it does not run). When it ends, the first ✗ is
// selected (the side-by-side diff then shows the change that broke the
// result; without one, the first ≈: the change that moved the last bits)
// and the KTIR line that stored the worst WRONG element is marked in the
// editor. Run This Snapshot (an IR pane's context menu) runs one snapshot
// the same way. One job at a time; Stop cancels it between (and within)
// snapshots.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_STAGEBISECT_H
#define SPYRE_APP_STAGEBISECT_H

#include "EmulatorRun.h"

#include "driver/Diagnostic.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class CodeEditor;
class PassListPanel;
class QAction;

class StageBisect : public QObject {
  Q_OBJECT

public:
  /// What a finished job found (read on the GUI thread).
  struct Outcome {
    bool ok = false, cancelled = false;
    QString firstPass;   ///< the first pass that is WRONG or fails, or empty
    bool firstFails = false; ///< that pass's snapshot does not run
    QString summary;     ///< its line (or the errors)
    QString inexactPass; ///< the first pass within rounding, or empty
    int wrongLine = 0;   ///< the KTIR line that stored the worst WRONG element
    int stagesRun = 0;
    /// Why the kernel did not run (not ok, not cancelled): its errors, as
    /// an emulated run's failure (a scalar without a value, a bad input).
    std::vector<spyre::driver::Diagnostic> failure;
  };

  /// `input` gives the kernel and the run's inputs when a job starts.
  StageBisect(PassListPanel *passes, CodeEditor *editor,
              std::function<EmulatorRun::Input()> input,
              QObject *parent = nullptr);
  ~StageBisect() override;

  /// Run ▸ Find the Pass That Changed the Output (object name
  /// findChangingPassAction) and Run ▸ Stop Finding (stopBisectAction).
  QAction *findAction() const { return findAct; }
  QAction *stopAction() const { return stopAct; }

  /// Every snapshot; the first ✗ is selected at the end.
  void findChangingPass();
  /// The snapshot of `pass` alone.
  void runSnapshot(const QString &pass);
  void cancel();
  /// Testing only (spyre-run --perturb-after): every job from now on
  /// breaks one op right after `pass` (empty: none).
  void setPerturbAfter(const QString &pass) { perturbPass = pass; }
  bool busy() const { return running; }
  const Outcome &latest() const { return latestOutcome; }

Q_SIGNALS:
  /// For the status bar.
  void message(const QString &text);
  /// The pass to select in the Passes list (the first WRONG, or the first
  /// within rounding).
  void selectPassRequested(const QString &pass);
  void finished();
  /// A job started (its earlier failure is no longer the newest).
  void started();
  /// The kernel did not run for the job (latest().failure says why).
  void failed();

private:
  void start(const QString &onlyPass);
  void stageDone(quint64 job, const QString &pass, int snapshot, int output,
                 const QString &summary);
  void jobDone();

  PassListPanel *passPanel;
  CodeEditor *kernelEditor;
  std::function<EmulatorRun::Input()> inputOf;
  QAction *findAct = nullptr, *stopAct = nullptr;
  QFutureWatcher<Outcome> watcher;
  std::shared_ptr<std::atomic<bool>> cancelFlag;
  QString perturbPass;
  quint64 jobNumber = 0;
  bool running = false;
  bool bisecting = false;
  Outcome latestOutcome;
};

#endif
