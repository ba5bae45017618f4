//===- RunController.cpp - run the kernel off the GUI thread --------------===//

#include "RunController.h"


#include "driver/Architecture.h"

#include "WorkerPool.h"

#include <QtConcurrent/QtConcurrentRun>

RunController::RunController(QObject *parent) : QObject(parent) {
  connect(&watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
    if (jobs.end()) {
      outcome = watcher.result();
      finishedInput = runningInput;
      finishedJob = jobs.job();
      Q_EMIT finished(finishedJob);
    }
    if (jobs.restartWanted())
      launch();
  });
}

void RunController::run(const Input &input) {
  pending = input;
  jobs.request();
  launch();
}

void RunController::launch() {
  std::shared_ptr<std::atomic<bool>> cancel = jobs.start();
  if (!cancel)
    return;
  runningInput = pending;
  Q_EMIT started(jobs.job());
  Input input = pending;
  watcher.setFuture(QtConcurrent::run(
      workerPool(),
      [input, cancel] { return execute(input, cancel.get()); }));
}

RunController::Outcome RunController::execute(const Input &input,
                                              const std::atomic<bool> *cancel) {
  Outcome out;
  spyre::driver::RunRequest request;
  // The Scratchpad chart is drawn from the run's LX events.
  request.recordLxEvents = true;
  QStringList errors;
  if (!input.runRequest(request, errors, cancel, &out.sent)) {
    for (const QString &e : errors) {
      spyre::driver::Diagnostic d;
      d.severity = spyre::driver::Diagnostic::Severity::Error;
      d.message = e.toStdString();
      out.result.diagnostics.push_back(d);
    }
    return out;
  }
  out.result = spyre::driver::runKernel(request);
  std::vector<spyre::driver::Diagnostic> ignored; // the run reported them
  if (auto arch = spyre::driver::loadArchitecture(request.arch, ignored))
    out.cores = arch->numCores;
  out.trace = spyre::driver::occupancyFromLxEvents(
      out.result.lxEvents, out.result.lxCapacityBytes, out.cores);
  return out;
}
