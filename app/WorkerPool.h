//===- WorkerPool.h - the threads the app's background work runs on -*- C++ -*-===//
//
// Compiles, interpreter runs, recordings, summaries, trace indexes and
// timeline models run on this pool, not on Qt's global one: Qt's raster
// painting splits large fills over the global pool's threads and waits
// for them, so while a recording held every global thread (2 on a 2-core
// machine) a repaint waited for the recording — seconds of frozen window.
// More threads than cores: a long recording must not hold up a short
// index build; the kernel shares the cores between them. Big data a
// turn of the GUI thread lets go of is freed there too (releaseOnWorker).
// Header-only.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_WORKERPOOL_H
#define SPYRE_APP_WORKERPOOL_H

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <memory>

inline QThreadPool *workerPool() {
  // Never destroyed: its threads end with the process (each owner waits
  // for its own job first).
  static QThreadPool *pool = [] {
    auto *p = new QThreadPool;
    p->setMaxThreadCount(std::max(6, 2 * QThread::idealThreadCount()));
    return p;
  }();
  return pool;
}

/// Drops `data` on a worker: when this was the last reference to a
/// recorded run's trace or index (millions of entries), freeing it takes
/// the GUI thread tens of milliseconds.
template <typename T> void releaseOnWorker(std::shared_ptr<T> data) {
  if (data)
    (void)QtConcurrent::run(workerPool(),
                            [data = std::move(data)]() mutable { data.reset(); });
}

#endif
