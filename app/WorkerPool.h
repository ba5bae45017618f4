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
// Work nobody waits on while exploring a run (its summary: the
// interpreter run of the whole kernel for the numerics verdict, minutes on
// a billion-event run; the what-if comparisons) runs through
// runInBackground(), on threads of a low priority: a click's seek, the
// repaints and the windows re-executed for them get the cores first.
// Header-only.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_WORKERPOOL_H
#define SPYRE_APP_WORKERPOOL_H

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <unistd.h>
#endif

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

/// The pool runInBackground() uses: its own threads, so that the priority a
/// job there lowers is never that of a thread the other work runs on.
inline QThreadPool *backgroundThreads() {
  static QThreadPool *pool = [] {
    auto *p = new QThreadPool;
    p->setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
    return p;
  }();
  return pool;
}

/// How much nicer than the process backgroundThreads() run on Linux: a
/// third of a normal thread's share of a core when both want it (+10, a
/// tenth, would leave a summary on a machine busy with other work waiting
/// ten times as long).
constexpr int kBackgroundNice = 5;

/// The calling thread runs at a low priority from now on (Linux: its nice
/// value kBackgroundNice more, per thread; elsewhere the thread's lowest
/// priority). It still takes a whole core whenever nothing else wants it.
inline void lowerThisThread() {
  thread_local bool lowered = false; // once: a thread runs many jobs
  if (lowered)
    return;
  lowered = true;
#ifdef Q_OS_LINUX
  const int tid = int(gettid());
  setpriority(PRIO_PROCESS, tid,
              std::min(19, getpriority(PRIO_PROCESS, tid) + kBackgroundNice));
#else
  QThread::currentThread()->setPriority(QThread::LowestPriority);
#endif
}

/// Runs `job` on backgroundThreads() at their low priority.
template <typename Job> auto runInBackground(Job job) {
  return QtConcurrent::run(backgroundThreads(), [job = std::move(job)]() mutable {
    lowerThisThread();
    return job();
  });
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
