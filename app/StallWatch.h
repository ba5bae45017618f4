//===- StallWatch.h - the longest time the GUI thread did not answer -*- C++ -*-===//
//
// For the benches: a 1 ms timer on the GUI thread; the longest gap between
// two of its ticks (or between start() and the first) is the longest the
// thread was held. Header-only, no moc.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_STALLWATCH_H
#define SPYRE_APP_STALLWATCH_H

#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>

class StallWatch {
public:
  StallWatch() {
    ticker.setInterval(1);
    QObject::connect(&ticker, &QTimer::timeout, [this] { tick(); });
  }
  void start() {
    longestMs = 0;
    since.start();
    ticker.start();
  }
  /// Counts the time since the last tick (a stall that just ended).
  void tick() {
    longestMs = std::max(longestMs, double(since.nsecsElapsed()) / 1e6);
    since.restart();
  }
  void stop() { ticker.stop(); }
  double longest() const { return longestMs; }

private:
  QTimer ticker;
  QElapsedTimer since;
  double longestMs = 0;
};

#endif
