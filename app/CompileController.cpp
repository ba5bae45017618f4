//===- CompileController.cpp - live compilation off the GUI thread --------===//

#include "CompileController.h"

#include "WorkerPool.h"

#include <QtConcurrent/QtConcurrentRun>

CompileController::CompileController(QObject *parent) : QObject(parent) {
  debounce.setSingleShot(true);
  debounce.setInterval(400);
  connect(&debounce, &QTimer::timeout, this, &CompileController::launch);
  connect(&watcher, &QFutureWatcher<spyre::driver::CompileResult>::finished,
          this, [this] {
            // Only the newest job's result is shown; older ones are dropped.
            if (jobs.end() && !watcher.result().cancelled) {
              result = watcher.result();
              finishedSource = runningSource;
              finishedArch = runningArch;
              finishedDirectory = runningDirectory;
              finishedJob = jobs.job();
              Q_EMIT finished(finishedJob);
            }
            if (jobs.restartWanted())
              launch();
          });
}

void CompileController::requestCompile(const QString &source,
                                       const QString &name) {
  pendingSource = source;
  pendingName = name;
  jobs.request();
  debounce.start();
}

void CompileController::compileNow(const QString &source,
                                   const QString &name) {
  requestCompile(source, name);
  debounce.stop();
  launch();
}

void CompileController::launch() {
  // One compile at a time: a running one stops at its next pass and the
  // newest text runs when it ends.
  std::shared_ptr<std::atomic<bool>> cancel = jobs.start();
  if (!cancel)
    return;
  Q_EMIT started(jobs.job());
  runningSource = pendingSource;
  runningArch = architecture;
  runningDirectory = kernelDirectory;
  spyre::driver::CompileRequest request;
  request.source = pendingSource.toStdString();
  request.sourceName = pendingName.toStdString();
  request.arch = architecture.toStdString();
  request.directory = kernelDirectory.toStdString();
  request.function = kernel.toStdString();
  watcher.setFuture(QtConcurrent::run(workerPool(), [request, cancel]() mutable {
    // The flag lives as long as the worker needs it.
    request.cancel = cancel.get();
    return spyre::driver::compileKernel(request);
  }));
}
