//===- TurnQueueTest.cpp - GUI-thread jobs one per event-loop turn ---------===//

#include "TurnQueue.h"

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <memory>
#include <vector>

class TurnQueueTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void runsJobsInOrderInTurnsOfTheirOwn() {
    QObject context;
    TurnQueue turns(&context);
    // A 1 ms ticker counts the turns of the event loop that let timers run.
    int ticks = 0;
    QTimer ticker;
    ticker.setInterval(1);
    connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
    ticker.start();
    std::vector<std::pair<char, int>> ran; // job, ticks when it ran
    turns.post([&] { ran.push_back({'a', ticks}); });
    turns.post([&] {
      ran.push_back({'b', ticks});
      // Posted from a job: runs after it, not inside it.
      turns.post([&] { ran.push_back({'c', ticks}); });
      QCOMPARE(ran.back().first, 'b');
    });
    QVERIFY(turns.pending());
    QVERIFY(ran.empty()); // nothing at once
    QTRY_COMPARE_WITH_TIMEOUT(ran.size(), size_t(3), 10000);
    QVERIFY(!turns.pending());
    QCOMPARE(ran[0].first, 'a');
    QCOMPARE(ran[1].first, 'b');
    QCOMPARE(ran[2].first, 'c');
    // The ticker ran between every two jobs: none shared a turn.
    QVERIFY2(ran[1].second > ran[0].second, qPrintable(QString::number(ran[1].second)));
    QVERIFY(ran[2].second > ran[1].second);
  }

  void drainRunsEverythingNow() {
    QObject context;
    TurnQueue turns(&context);
    std::vector<int> ran;
    for (int i = 0; i < 4; ++i)
      turns.post([&ran, i] { ran.push_back(i); });
    turns.drain();
    QCOMPARE(ran, (std::vector<int>{0, 1, 2, 3}));
    QVERIFY(!turns.pending());
    // The pause timed before the drain finds nothing left to run.
    QTest::qWait(3 * TurnQueue::kPauseMs);
    QCOMPARE(ran.size(), size_t(4));
  }

  void noJobOnceItsContextIsGone() {
    auto context = std::make_unique<QObject>();
    TurnQueue turns(context.get());
    bool ran = false;
    turns.post([&] { ran = true; });
    context.reset();
    QTest::qWait(5 * TurnQueue::kPauseMs);
    QVERIFY(!ran);
  }
};

QTEST_MAIN(TurnQueueTest)
#include "TurnQueueTest.moc"
