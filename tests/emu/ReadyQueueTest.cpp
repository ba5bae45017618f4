//===- ReadyQueueTest.cpp - the emulator's ready queue against a plain one -===//
//
// emu::ReadyQueue (a calendar queue with a heap for cycles outside its
// window) must pop in exactly (cycle, push order), the order a sorted set
// of (cycle, sequence) gives: the emulator's traces depend on it.
//
//===----------------------------------------------------------------------===//

#include "emu/ReadyQueue.h"

#include <QtTest/QtTest>

#include <random>
#include <set>
#include <tuple>

using spyre::emu::ReadyQueue;

class ReadyQueueTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void popsInCycleThenPushOrder();
  void copiesAreIndependent();
};

void ReadyQueueTest::popsInCycleThenPushOrder() {
  std::mt19937_64 rng(12);
  ReadyQueue q;
  std::set<std::tuple<uint64_t, uint64_t, uint32_t>> model;
  uint64_t seq = 0, now = 0;
  for (int i = 0; i < 200000; ++i) {
    uint64_t r = rng() % 100;
    if (r < 52 || model.empty()) {
      // Mostly a few cycles ahead; some far ahead (past the window), some
      // at the current cycle, a few before it.
      uint64_t k = rng() % 100;
      uint64_t time = k < 70   ? now + rng() % 8
                      : k < 85 ? now
                      : k < 97 ? now + 400 + rng() % 5000
                               : (now > 10 ? now - rng() % 10 : now);
      uint32_t engine = uint32_t(rng() % 160);
      q.push(engine, time);
      model.insert({time, seq++, engine});
    } else {
      auto [time, s, engine] = *model.begin();
      model.erase(model.begin());
      QCOMPARE(q.top().time, time);
      ReadyQueue::Entry e = q.pop();
      QCOMPARE(e.time, time);
      QCOMPARE(e.seq, s);
      QCOMPARE(e.engine, engine);
      now = std::max(now, time);
    }
    QCOMPARE(q.size(), model.size());
  }
  while (!model.empty()) {
    ReadyQueue::Entry e = q.pop();
    QCOMPARE(e.seq, std::get<1>(*model.begin()));
    model.erase(model.begin());
  }
  QVERIFY(q.empty());
}

void ReadyQueueTest::copiesAreIndependent() {
  ReadyQueue a;
  for (uint32_t e = 0; e < 50; ++e)
    a.push(e, e % 7 == 0 ? 100000 + e : e % 5);
  ReadyQueue b = a;
  QVERIFY(a == b);
  ReadyQueue::Entry first = b.pop();
  QVERIFY(a != b);
  QCOMPARE(a.top().engine, first.engine); // a still holds it
  b.push(first.engine, first.time);       // same entry, later in order
  QVERIFY(a != b);
  QCOMPARE(a.size(), b.size());
}

QTEST_APPLESS_MAIN(ReadyQueueTest)
#include "ReadyQueueTest.moc"
