//===- TurnQueue.h - GUI-thread work spread over event-loop turns -*- C++ -*-===//
//
// Jobs that must run on the GUI thread (they build widgets' contents) but
// together would hold it too long: when a run appears, the Scratchpad
// chart's series and the Run summary each take 10-20 ms, and the first
// paint of what changed as much again. Posted here, each job runs in a
// turn of the event loop of its own, one at a time and in order, a short
// pause (kPauseMs) after the previous one, so the layouts and paints the
// previous job (or the caller) asked for happen in between and the thread
// answers (timers, input) between every two. Header-only, no moc.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_TURNQUEUE_H
#define SPYRE_APP_TURNQUEUE_H

#include <QObject>
#include <QTimer>

#include <deque>
#include <functional>
#include <utility>

class TurnQueue {
public:
  static constexpr int kPauseMs = 10; ///< before each job
  /// Jobs run while `context` lives (it owns the queue, e.g. as a member).
  explicit TurnQueue(QObject *context) : context(context) {}
  TurnQueue(const TurnQueue &) = delete;
  TurnQueue &operator=(const TurnQueue &) = delete;

  /// Runs `job` in a later turn, after the jobs posted before it.
  void post(std::function<void()> job) {
    jobs.push_back(std::move(job));
    schedule();
  }
  /// True while a job waits.
  bool pending() const { return !jobs.empty(); }
  /// Runs every waiting job now, in order (tests, --screenshot).
  void drain() {
    while (!jobs.empty())
      runOne();
  }

private:
  // A short pause before each job: the layouts and paints asked for
  // before it (posted events) go first, in turns of their own, and the
  // next job is timed only once this one is done.
  void schedule() {
    if (scheduled || jobs.empty())
      return;
    scheduled = true;
    QTimer::singleShot(kPauseMs, context, [this] {
      scheduled = false;
      runOne();
      schedule();
    });
  }
  void runOne() {
    if (jobs.empty())
      return;
    std::function<void()> job = std::move(jobs.front());
    jobs.pop_front();
    job();
  }

  QObject *context;
  std::deque<std::function<void()>> jobs;
  bool scheduled = false;
};

#endif
