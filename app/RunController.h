//===- RunController.h - run the kernel off the GUI thread -------*- C++ -*-===//
//
// Runs the editor's kernel on core/driver's runKernel (the reference
// interpreter today; the emulator's run will come through here too) on a
// worker thread, with inputs from a seed, and turns its scratchpad events
// into an OccupancyTrace there as well. One run at a time: a new request
// cancels the running one and starts when it has stopped; only the newest
// run's result is kept.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_RUNCONTROLLER_H
#define SPYRE_APP_RUNCONTROLLER_H

#include "KernelInput.h"
#include "LatestJob.h"
#include "driver/Occupancy.h"
#include "driver/Run.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>

class RunController : public QObject {
  Q_OBJECT

public:
  using Input = KernelInput;
  struct Outcome {
    spyre::driver::RunResult result;
    spyre::driver::OccupancyTrace trace;
    int cores = 0; ///< of the architecture
    /// The inputs the run was given: those of the kernel's own arguments
    /// (not another kernel's values still chosen in Run ▸ Inputs…).
    RunInputs sent;
  };

  explicit RunController(QObject *parent = nullptr);

  void run(const Input &input);
  bool busy() const { return jobs.busy(); }
  quint64 latestJob() const { return finishedJob; }
  const Outcome &latest() const { return outcome; }
  const Input &latestInput() const { return finishedInput; }

  /// What a worker does: runs `input` and builds the trace (no Qt objects
  /// touched, callable from any thread).
  static Outcome execute(const Input &input, const std::atomic<bool> *cancel);

Q_SIGNALS:
  void started(quint64 job);
  void finished(quint64 job);

private:
  void launch();

  Input pending, runningInput, finishedInput;
  LatestJob jobs;
  quint64 finishedJob = 0;
  QFutureWatcher<Outcome> watcher;
  Outcome outcome;
};

#endif
