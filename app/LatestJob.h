//===- LatestJob.h - one worker job at a time, the newest wins --*- C++ -*-===//
//
// The bookkeeping CompileController and RunController share: requests are
// numbered; one job runs at a time on a worker thread; a request made
// while a job runs asks that job to stop (its cancel flag) and a job for
// the newest request starts when it has ended; only the result of a job
// started for the newest request is shown.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_LATESTJOB_H
#define SPYRE_APP_LATESTJOB_H

#include <QtGlobal>

#include <atomic>
#include <memory>
#include <utility>

class LatestJob {
public:
  /// A newer request: a job started before it is stale.
  void request() { ++newest; }
  /// Starts a job for the newest request and returns its cancel flag; when
  /// a job is running, asks it to stop, remembers to start again once it
  /// has ended, and returns null.
  std::shared_ptr<std::atomic<bool>> start() {
    if (running) {
      restart = true;
      cancel->store(true);
      return nullptr;
    }
    running = true;
    started = newest;
    cancel = std::make_shared<std::atomic<bool>>(false);
    return cancel;
  }
  /// The running job ended; whether it answers the newest request.
  bool end() {
    running = false;
    return started == newest;
  }
  /// Makes the running job stale and asks it to stop, without a new job.
  void abandon() {
    ++newest;
    if (running)
      cancel->store(true);
  }
  /// Whether start() was refused while the job ran (call it again now).
  bool restartWanted() { return std::exchange(restart, false); }
  /// The id of the job started last.
  quint64 job() const { return started; }
  bool busy() const { return running; }

private:
  quint64 newest = 0, started = 0;
  bool running = false, restart = false;
  std::shared_ptr<std::atomic<bool>> cancel;
};

#endif
