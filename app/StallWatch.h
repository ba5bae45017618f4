//===- StallWatch.h - the longest time the GUI thread did not answer -*- C++ -*-===//
//
// For the benches and tests: a 1 ms timer on the GUI thread; the longest
// gap between two of its ticks (or between start() and the first) is the
// longest the thread was held: in wall time (longest()), and in the
// thread's own CPU time (longestCpu(): what the thread itself spent, not
// counting the time other processes had the cores — steadier on a shared
// machine). Header-only, no moc.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_STALLWATCH_H
#define SPYRE_APP_STALLWATCH_H

#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <ctime>

class StallWatch {
public:
  StallWatch() {
    ticker.setInterval(1);
    QObject::connect(&ticker, &QTimer::timeout, [this] { tick(); });
  }
  void start() {
    longestMs = longestCpuMs = 0;
    since.start();
    cpuSince = cpuMs();
    ticker.start();
  }
  /// Counts the time since the last tick (a stall that just ended).
  void tick() {
    longestMs = std::max(longestMs, double(since.nsecsElapsed()) / 1e6);
    since.restart();
    double now = cpuMs();
    longestCpuMs = std::max(longestCpuMs, now - cpuSince);
    cpuSince = now;
  }
  void stop() { ticker.stop(); }
  double longest() const { return longestMs; }
  double longestCpu() const { return longestCpuMs; }
  /// The timer whose ticks are watched (to tell event-loop turns apart).
  const QObject *ticks() const { return &ticker; }

  /// The calling thread's CPU time so far, in milliseconds.
  static double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
  }

private:
  QTimer ticker;
  QElapsedTimer since;
  double longestMs = 0, longestCpuMs = 0, cpuSince = 0;
};

#endif
