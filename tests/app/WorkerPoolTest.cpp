//===- WorkerPoolTest.cpp - background jobs at a low priority ---------------===//
//
// A run's summary (minutes of interpreter on a billion-event run) must not
// take a core from a click: runInBackground() runs a job on threads of
// their own at a low priority, and the pool the interactive work uses
// (workerPool) keeps its normal priority.
//
//===----------------------------------------------------------------------===//

#include "WorkerPool.h"

#include <QTest>
#include <QThread>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace {

/// The calling thread's nice value (Linux), its QThread priority elsewhere.
int priorityHere() {
#ifdef Q_OS_LINUX
  return getpriority(PRIO_PROCESS, int(gettid()));
#else
  return int(QThread::currentThread()->priority());
#endif
}

} // namespace

class WorkerPoolTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void backgroundJobsRunLowAndApart() {
    const int normal =
        QtConcurrent::run(workerPool(), [] { return priorityHere(); }).result();
    // Several background jobs at once: each on a thread of its own pool,
    // each lowered, whatever thread of that pool it lands on.
    // (Each sleeps a little, so that the four do not all run on one.)
    QList<QFuture<int>> jobs;
    for (int i = 0; i < 4; ++i)
      jobs << runInBackground([] {
        QThread::msleep(20);
        return priorityHere();
      });
    for (auto &job : jobs) {
#ifdef Q_OS_LINUX
      QCOMPARE(job.result(), std::min(19, normal + kBackgroundNice));
#else
      QCOMPARE(job.result(), int(QThread::LowestPriority));
#endif
    }
    // The interactive pool's threads are untouched afterwards.
    for (int i = 0; i < 4; ++i)
      QCOMPARE(QtConcurrent::run(workerPool(), [] { return priorityHere(); }).result(),
               normal);
    // A job's result comes back as from QtConcurrent::run.
    QCOMPARE(runInBackground([] { return 41 + 1; }).result(), 42);
  }
};

QTEST_GUILESS_MAIN(WorkerPoolTest)
#include "WorkerPoolTest.moc"
