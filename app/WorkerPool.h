//===- WorkerPool.h - the threads the app's background work runs on -*- C++ -*-===//
//
// Compiles, interpreter runs, recordings, summaries, trace indexes and
// timeline models run on this pool, not on Qt's global one: Qt's raster
// painting splits large fills over the global pool's threads and waits
// for them, so while a recording held every global thread (2 on a 2-core
// machine) a repaint waited for the recording — seconds of frozen window.
// More threads than cores: a long recording must not hold up a short
// index build; the kernel shares the cores between them. Header-only.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_WORKERPOOL_H
#define SPYRE_APP_WORKERPOOL_H

#include <QThread>
#include <QThreadPool>

#include <algorithm>

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

#endif
