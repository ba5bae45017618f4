//===- EmulatorRunTest.cpp - an emulated run stepped from the GUI side ----===//
//
// EmulatorRun on a real sample: the session is prepared off the GUI
// thread, stepping 10 events and back 3 is the state after 7 (position,
// cycle, the instruction about to run and its lines), cycles and lines
// can be run to, play() reaches the end, and a kernel that does not
// compile fails with its diagnostics. A long run is shown in parts while
// it is recorded (the position kept from part to part, the whole run the
// same as one recorded at once), and its recording stops promptly when
// asked (Stop, a newer run, the window closed).
//
//===----------------------------------------------------------------------===//

#include "EmulatorRun.h"
#include "SampleText.h"
#include "MainWindow.h"

#include "emu/Session.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

namespace {

struct Seen {
  uint64_t position = 0, cycle = 0;
  int engine = -1, ktirLine = 0, listingLine = 0;
  uint32_t pc = 0;
  QString op;
  bool operator==(const Seen &o) const {
    return position == o.position && cycle == o.cycle && engine == o.engine &&
           ktirLine == o.ktirLine && listingLine == o.listingLine &&
           pc == o.pc && op == o.op;
  }
};

Seen seen(const EmulatorRun &run) {
  EmulatorRun::Point p = run.current();
  return {run.session()->position(), run.session()->cycle(), p.engine,
          p.ktirLine, p.listingLine, p.pc, p.op};
}

} // namespace

class EmulatorRunTest : public QObject {
  Q_OBJECT

  bool startSample(EmulatorRun &run, const QString &name, QString arch = {}) {
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QObject::connect(&run, &EmulatorRun::failed, &run, [](const QStringList &e) {
      qWarning("the run failed: %s", qPrintable(e.join("\n")));
    });
    EmulatorRun::Input in;
    in.source = sampleText(name);
    in.name = name;
    in.arch = arch;
    run.start(in);
    return ready.wait(60000) || ready.count() > 0;
  }

private Q_SLOTS:
  void stepForwardAndBack() {
    EmulatorRun run;
    QSignalSpy moves(&run, &EmulatorRun::positionChanged);
    QVERIFY(!run.stepEvent()); // no session yet
    QVERIFY(startSample(run, "elementwise_add.mlir"));
    QVERIFY(run.hasSession());
    const spyre::emu::Session *s = run.session();
    QVERIFY(s->totalEvents() > 20);
    QCOMPARE(s->position(), uint64_t(0));
    QVERIFY(!run.stepBack());

    for (int i = 0; i < 10; ++i)
      QVERIFY(run.stepEvent());
    QCOMPARE(s->position(), uint64_t(10));
    Seen after10 = seen(run);
    for (int i = 0; i < 3; ++i)
      QVERIFY(run.stepBack());
    Seen back = seen(run);
    QCOMPARE(back.position, uint64_t(7));

    // The same 7 events from the start, step by step.
    QVERIFY(run.reset());
    QCOMPARE(s->position(), uint64_t(0));
    for (int i = 0; i < 7; ++i)
      QVERIFY(run.stepEvent());
    Seen after7 = seen(run);
    QVERIFY(back == after7);
    QVERIFY(!(after10 == after7));
    // The instruction about to run has a KTIR line, an op and a place in
    // the SpyreCode listing, and that line of the listing is instruction pc.
    QVERIFY(after7.engine >= 0);
    QVERIFY(after7.ktirLine > 0);
    QVERIFY(!after7.op.isEmpty());
    QVERIFY(after7.listingLine > 0);
    QString line = run.listing().split('\n').value(after7.listingLine - 1);
    QVERIFY2(line.trimmed().startsWith(QString::number(after7.pc) + ": "),
             qPrintable(line));
    QVERIFY(moves.count() >= 21);
  }

  void cyclesAndLines() {
    EmulatorRun run;
    QVERIFY(startSample(run, "elementwise_add.mlir"));
    const spyre::emu::Session *s = run.session();
    // One cycle: every event of the next cycle is done.
    QVERIFY(run.stepCycle());
    uint64_t c1 = s->cycle();
    QVERIFY(run.stepCycle());
    QVERIFY(s->cycle() > c1);

    // To a cycle, forwards and backwards.
    uint64_t mid = s->totalCycles() / 2;
    QVERIFY(run.runToCycle(mid));
    QVERIFY(s->cycle() <= mid);
    QVERIFY(s->machine().nextEventCycle() > mid);
    QVERIFY(run.runToCycle(1));
    QVERIFY(s->cycle() <= 1);

    // To the next event of a line: it is the one about to run.
    QVERIFY(run.reset());
    QVERIFY(run.stepEvent());
    int line = run.current().ktirLine;
    QVERIFY(line > 0);
    uint64_t first = s->position();
    QVERIFY(run.runToNextEventOfLine(line));
    QCOMPARE(run.current().ktirLine, line);
    QVERIFY(s->position() > first);
    uint64_t second = s->position();
    // Again: the next one after it (or nothing, and no move).
    if (run.runToNextEventOfLine(line)) {
      QVERIFY(s->position() > second);
      QCOMPARE(run.current().ktirLine, line);
    } else {
      QCOMPARE(s->position(), second);
    }
    QVERIFY(!run.runToNextEventOfLine(100000));
  }

  void playsToTheEnd() {
    EmulatorRun run;
    QVERIFY(startSample(run, "elementwise_add.mlir"));
    run.setPlayRate(200, 5);
    QSignalSpy playing(&run, &EmulatorRun::playingChanged);
    run.play();
    QVERIFY(run.playing());
    QTRY_VERIFY_WITH_TIMEOUT(!run.playing(), 30000);
    QCOMPARE(run.session()->position(), run.session()->totalEvents());
    QCOMPARE(run.current().engine, -1); // nothing left to run
    QCOMPARE(playing.count(), 2);
    QVERIFY(!run.stepEvent());
  }

  void newestWins() {
    EmulatorRun run;
    QSignalSpy ready(&run, &EmulatorRun::ready);
    EmulatorRun::Input a;
    a.source = sampleText("elementwise_add.mlir");
    a.name = "a.mlir";
    
    EmulatorRun::Input b = a;
    b.name = "b.mlir";
    run.start(a);
    run.start(b);
    QTRY_VERIFY_WITH_TIMEOUT(!run.busy() && ready.count() > 0, 60000);
    QCOMPARE(run.input().name, QString("b.mlir"));
  }

  void failsWithDiagnostics() {
    EmulatorRun run;
    QSignalSpy failed(&run, &EmulatorRun::failed);
    EmulatorRun::Input in;
    in.source = "func.func @k() {\n  %x = arith.bogus\n}\n";
    in.name = "bad.mlir";
    run.start(in);
    QVERIFY(failed.wait(60000));
    QStringList errors = failed.first().first().toStringList();
    QVERIFY(!errors.isEmpty());
    QVERIFY(!run.hasSession());
  }

  void longRunShownInParts() {
    // softmax: 33,339 events; parts at 4,096, 8,192, 16,384 events, then
    // the whole run.
    EmulatorRun whole;
    QVERIFY(startSample(whole, "softmax.mlir"));
    QVERIFY(whole.complete());
    QVERIFY(!whole.growing());
    const uint64_t total = whole.session()->totalEvents();
    QVERIFY(total > 16384);

    EmulatorRun run;
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QSignalSpy extended(&run, &EmulatorRun::extended);
    EmulatorRun::Input in;
    in.source = sampleText("softmax.mlir");
    in.name = "softmax.mlir";
    in.firstFrontier = 4096;
    in.firstPartMs = 0; // by events only: the same parts on any machine
    // The first part is looked at as it is shown: a later part may be
    // applied in the same turn of the event loop that delivers it.
    struct FirstPart {
      uint64_t total = 0, cycleAt100 = 0;
      bool complete = true, seekFrontier = false, stepBeyond = true,
           seek100 = false;
      Seen seen100;
    } firstPart;
    connect(&run, &EmulatorRun::ready, this, [&] {
      const spyre::emu::Session *first = run.session();
      firstPart.total = first->totalEvents();
      firstPart.complete = first->complete();
      // Steppable up to its frontier, not beyond.
      firstPart.seekFrontier = run.seekEvent(4096);
      firstPart.stepBeyond = run.stepEvent();
      firstPart.seek100 = run.seekEvent(100);
      firstPart.cycleAt100 = first->cycle();
      firstPart.seen100 = seen(run);
    });
    run.start(in);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1, 60000);
    QCOMPARE(firstPart.total, uint64_t(4096));
    QVERIFY(!firstPart.complete);
    QVERIFY(firstPart.seekFrontier);
    QVERIFY(!firstPart.stepBeyond);
    QVERIFY(firstPart.seek100);
    const uint64_t cycleAt100 = firstPart.cycleAt100;
    const Seen seen100 = firstPart.seen100;
    QTRY_VERIFY_WITH_TIMEOUT(run.complete(), 60000);
    QVERIFY(!run.busy());
    QCOMPARE(ready.count(), 1);
    QVERIFY(extended.count() >= 1);
    QCOMPARE(run.session()->totalEvents(), total);
    QCOMPARE(run.session()->totalCycles(), whole.session()->totalCycles());
    QCOMPARE(run.session()->trace().events.size(),
             whole.session()->trace().events.size());
    // Still where it was, in the same state as the whole run there.
    QVERIFY(seen(run) == seen100);
    QVERIFY(whole.seekEvent(100));
    QCOMPARE(whole.session()->cycle(), cycleAt100);
    QVERIFY(seen(whole) == seen100);
    QVERIFY(run.seekEvent(total));
  }

  /// A click's seek in a long run is replayed on a worker: the GUI thread
  /// goes on, the run moves once it is done, to where runToCycle() goes;
  /// a move meanwhile (or a newer click) supersedes it.
  void requestCycleOnAWorker() {
    // The whole run, kept whole: its seeks answer at once.
    EmulatorRun whole;
    QVERIFY(startSample(whole, "softmax.mlir"));
    const uint64_t cycles = whole.session()->totalCycles();
    whole.requestCycle(cycles / 2);
    QVERIFY(!whole.seeking());
    QVERIFY(whole.session()->cycle() <= cycles / 2);
    const Seen wholeAtHalf = seen(whole);

    // The same run kept as checkpoints only (a long run's session).
    EmulatorRun run;
    QSignalSpy ready(&run, &EmulatorRun::ready);
    EmulatorRun::Input in;
    in.source = sampleText("softmax.mlir");
    in.name = "softmax.mlir";
    in.detailEvents = 1000;
    in.checkpointBudget =
        16 * spyre::emu::Session::stateBytes(whole.session()->finalMachine().state());
    run.start(in);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1 && run.complete() && !run.busy(), 60000);
    QVERIFY(!run.session()->detailed());
    QSignalSpy moved(&run, &EmulatorRun::positionChanged);

    // Moved once the worker is done, where the whole run's seek went.
    run.requestCycle(cycles / 2);
    QVERIFY(run.seeking());
    QCOMPARE(run.session()->position(), uint64_t(0)); // not yet
    QTRY_VERIFY_WITH_TIMEOUT(!run.seeking(), 20000);
    QCOMPARE(moved.count(), 1);
    QVERIFY(seen(run) == wholeAtHalf);
    // The same as on the GUI thread, and a step back after it.
    run.runToCycle(0);
    QVERIFY(run.runToCycle(cycles / 2));
    QVERIFY(seen(run) == wholeAtHalf);
    QVERIFY(run.stepBack() && whole.stepBack());
    QVERIFY(seen(run) == seen(whole));

    // A step before the seek is done: the seek is dropped, the step stays.
    moved.clear();
    const uint64_t at = run.session()->position();
    run.requestCycle(cycles / 5);
    QVERIFY(run.stepEvent());
    QVERIFY(!run.seeking());
    run.finishSeeking();
    QCoreApplication::processEvents();
    QCOMPARE(run.session()->position(), at + 1);
    QCOMPARE(moved.count(), 1);

    // A click while the run plays: it stops, and the click's seek is not
    // dropped by the next tick (it was, from the chart).
    run.runToCycle(0);
    run.play();
    QVERIFY(run.playing());
    run.requestCycle(cycles / 2);
    QVERIFY(!run.playing());
    QTRY_VERIFY_WITH_TIMEOUT(!run.seeking(), 20000);
    QVERIFY(seen(run) == wholeAtHalf);

    // Two clicks in a row: the newest wins, one move.
    moved.clear();
    run.requestCycle(cycles / 5);
    run.requestCycle(cycles * 4 / 5);
    run.finishSeeking();
    QVERIFY(!run.seeking());
    QCoreApplication::processEvents();
    QCOMPARE(moved.count(), 1);
    whole.runToCycle(cycles * 4 / 5);
    QVERIFY(seen(run) == seen(whole));
  }

  void playWaitsAtTheFrontier() {
    EmulatorRun run;
    QSignalSpy ready(&run, &EmulatorRun::ready);
    EmulatorRun::Input in;
    in.source = sampleText("softmax.mlir");
    in.name = "softmax.mlir";
    in.firstFrontier = 2048;
    in.firstPartMs = 0;
    run.start(in);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1, 60000);
    run.setPlayRate(4000, 1);
    run.play();
    // Playing past the first part's frontier goes on into the later parts
    // and ends at the whole run's end.
    QTRY_VERIFY_WITH_TIMEOUT(!run.playing(), 60000);
    QVERIFY(run.complete());
    QCOMPARE(run.session()->position(), run.session()->totalEvents());
  }

  void stopRecordingIsPrompt() {
    // matmul_kloop: 2.7 million events; its first part shows first.
    EmulatorRun run;
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QSignalSpy failed(&run, &EmulatorRun::failed);
    EmulatorRun::Input in;
    in.source = sampleText("matmul_kloop.mlir");
    in.name = "matmul_kloop.mlir";
    // The first part handed over early (at 65,536 events, not after a
    // quarter of a second, by when a quick recording is nearly done): the
    // rest of the run, about 2.6 million events, is still being recorded
    // when it is stopped, however fast the recording.
    in.firstPartMs = 0;
    in.firstFrontier = uint64_t(1) << 16;
    run.start(in);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1, 120000);
    QVERIFY(run.growing());
    uint64_t part = run.session()->totalEvents();
    QElapsedTimer stopping;
    stopping.start();
    run.stopRecording();
    QTRY_VERIFY_WITH_TIMEOUT(!run.busy(), 5000);
    qint64 ms = stopping.elapsed();
    qInfo("the recording stopped %lld ms after it was asked to", ms);
    // Within a few thousand events (the machine is shared with builds:
    // the bound leaves room for the scheduler).
    QVERIFY2(ms < 500, qPrintable(QString::number(ms)));
    QCOMPARE(failed.count(), 0);
    // The part shown stays, known to be incomplete; no more parts come.
    QVERIFY(run.hasSession());
    QVERIFY(!run.complete());
    QVERIFY(!run.growing());
    QVERIFY(run.session()->totalEvents() >= part);

    // A newer run cancels the recording of the older one.
    run.start(in);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 2, 120000);
    EmulatorRun::Input small;
    small.source = sampleText("elementwise_add.mlir");
    small.name = "elementwise_add.mlir";
    stopping.restart();
    run.start(small);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 3, 60000);
    qInfo("a newer small run was shown %lld ms after it was asked for",
          qint64(stopping.elapsed()));
    QVERIFY(run.complete());
    QCOMPARE(run.input().name, small.name);

    // Closing the window: the destructor stops the recording.
    auto *closing = new EmulatorRun;
    QSignalSpy closingReady(closing, &EmulatorRun::ready);
    closing->start(in);
    QTRY_VERIFY_WITH_TIMEOUT(closingReady.count() == 1, 120000);
    QVERIFY(closing->busy());
    stopping.restart();
    delete closing;
    ms = stopping.elapsed();
    qInfo("destroyed %lld ms after it was asked to, while recording", ms);
    QVERIFY2(ms < 500, qPrintable(QString::number(ms)));
  }
};

QTEST_MAIN(EmulatorRunTest)
#include "EmulatorRunTest.moc"
