//===- CompileController.cpp - live compilation off the GUI thread --------===//

#include "CompileController.h"

#include <QtConcurrent/QtConcurrentRun>

CompileController::CompileController(QObject *parent) : QObject(parent) {
  debounce.setSingleShot(true);
  debounce.setInterval(400);
  connect(&debounce, &QTimer::timeout, this, &CompileController::launch);
  connect(&watcher, &QFutureWatcher<spyre::driver::CompileResult>::finished,
          this, [this] {
            running = false;
            // Only the newest job's result is shown; older ones are dropped.
            if (watchedJob == nextJob && !watcher.result().cancelled) {
              result = watcher.result();
              finishedJob = watchedJob;
              Q_EMIT finished(finishedJob);
            }
            if (queued) {
              queued = false;
              launch();
            }
          });
}

void CompileController::requestCompile(const QString &source,
                                       const QString &name) {
  pendingSource = source;
  pendingName = name;
  ++nextJob;
  debounce.start();
}

void CompileController::compileNow(const QString &source,
                                   const QString &name) {
  requestCompile(source, name);
  debounce.stop();
  launch();
}

void CompileController::launch() {
  if (running) {
    // One compile at a time: stop the running one at its next pass and
    // run the newest text when it ends.
    queued = true;
    runningCancel->store(true);
    return;
  }
  running = true;
  watchedJob = nextJob;
  Q_EMIT started(watchedJob);
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  runningCancel = cancel;
  spyre::driver::CompileRequest request;
  request.source = pendingSource.toStdString();
  request.sourceName = pendingName.toStdString();
  request.arch = architecture.toStdString();
  request.directory = kernelDirectory.toStdString();
  watcher.setFuture(QtConcurrent::run([request, cancel]() mutable {
    // The flag lives as long as the worker needs it.
    request.cancel = cancel.get();
    return spyre::driver::compileKernel(request);
  }));
}
