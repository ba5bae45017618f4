//===- RunSummaryRunner.h - a run's summary, worked out off the GUI -*- C++ -*-===//
//
// Fills a RunSummaryData on a worker thread. For the run the user
// recorded (Input::session, a whole run) it emulates nothing: the numbers
// are the recorded run's (driver::sessionResult: emu::summarise, the same
// as spyre-run --report) and its outputs are read from the final machine's
// memories; only the interpreter runs, on the same inputs, and the two
// outputs are judged (driver/NumericsVerdict.h). Without a session (a
// what-if: another target, double buffering off) it compiles the kernel
// (or takes the SpyreCode given), places the inputs as the interpreter
// does and runs the emulator once. The Run summary dock shows one for the
// current run and, for a what-if, a second one. One job at a time, the
// newest request wins (LatestJob).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_RUNSUMMARYRUNNER_H
#define SPYRE_APP_RUNSUMMARYRUNNER_H

#include "KernelInput.h"
#include "LatestJob.h"
#include "RunSummary.h"

#include "emu/Session.h"
#include "spyrecode/SpyreCode.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <map>
#include <memory>

class RunSummaryRunner : public QObject {
  Q_OBJECT

public:
  struct Input : KernelInput {
    /// The recorded run of these inputs (complete()): summarised as it is,
    /// not emulated again (spyreCode and arch are then the session's).
    std::shared_ptr<const spyre::emu::Session> session;
    /// false: compiled without double buffering (spyreCode must be null).
    bool doubleBuffer = true;
    QString variant; ///< RunSummaryData::variant of the result
  };

  explicit RunSummaryRunner(QObject *parent = nullptr);
  ~RunSummaryRunner() override;

  void start(const Input &input);
  bool busy() const { return jobs.busy(); }
  const RunSummaryData &latest() const { return result; }

  /// What the worker does (no Qt object touched).
  static RunSummaryData compute(const Input &input,
                                const std::atomic<bool> *cancel);

Q_SIGNALS:
  void finished();

private:
  void launch();

  Input pending;
  LatestJob jobs;
  QFutureWatcher<RunSummaryData> watcher;
  RunSummaryData result;
};

#endif
