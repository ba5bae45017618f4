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
            if (watchedJob == nextJob) {
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
  pendingSource = source;
  pendingName = name;
  ++nextJob;
  debounce.stop();
  launch();
}

void CompileController::launch() {
  if (running) {
    // One compile at a time: the newest text runs when this one ends.
    queued = true;
    return;
  }
  running = true;
  watchedJob = nextJob;
  Q_EMIT started(watchedJob);
  spyre::driver::CompileRequest request{pendingSource.toStdString(),
                                        pendingName.toStdString(), ""};
  watcher.setFuture(QtConcurrent::run(
      [request] { return spyre::driver::compileKernel(request); }));
}
