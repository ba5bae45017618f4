//===- TimelineTest.cpp - the timeline's view and dock --------------------===//
//
// The view over the model (tests/views/models/TimelineModelTest.cpp has the
// scale and the model): dragging the cursor asks for cycles, clicking a
// core's label collapses it, the wheel zooms, and a lane of 200 000
// intervals repaints quickly (the time is printed).
//
//===----------------------------------------------------------------------===//

#include "TimelineDock.h"
#include "models/TimelineModel.h"
#include "models/TimelineScale.h"
#include "TimelineView.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

#include <algorithm>
#include <ctime>

using Row = TimelineModel::Row;

class TimelineTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void viewInteraction() {
    TimelineDock dock;
    TimelineModel &m = dock.model();
    m.reset({{0, "dma#0"}, {0, "sfu#0"}, {1, "sfu#0"}}, 2);
    for (uint64_t i = 0; i < 100; ++i)
      m.addBusy(int(i % 3), i * 10, 6, int(i % 5) + 1);
    m.finish(1000);
    TimelineView *view = dock.view();
    view->modelChanged();
    dock.resize(900, 300);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    QCOMPARE(view->visibleFirst(), 0.0);
    QVERIFY(std::abs(view->visibleLast() - 1000.0) < 1e-6);
    view->viewport()->repaint();
    QVERIFY(view->paintedSpans() > 0);

    // Clicking the ruler asks for that cycle; dragging follows.
    QSignalSpy asked(view, &TimelineView::cycleRequested);
    int x = view->xOf(500);
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, QPoint(x, 2));
    QCOMPARE(asked.count(), 1);
    QVERIFY(std::abs(qint64(asked.last().first().toULongLong()) - 500) <= 2);
    QTest::mouseMove(view->viewport(), QPoint(view->xOf(700), 2));
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {},
                        QPoint(view->xOf(700), 2));
    QVERIFY(asked.count() >= 2);
    QVERIFY(std::abs(qint64(view->cursorCycle()) - 700) <= 2);

    // Clicking core 1's label expands it.
    int header1 = -1;
    for (int r = 0; r < int(m.rows().size()); ++r)
      if (m.rows()[size_t(r)] == Row{1, -1})
        header1 = r;
    QVERIFY(header1 >= 0);
    QVERIFY(m.isCollapsed(1));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      view->rowRect(header1).center() - QPoint(view->rowRect(header1).width() / 2 - 10, 0));
    QVERIFY(!m.isCollapsed(1));
    // Core 0 and its engines, then core 1 and its engine.
    QVERIFY(m.rows() == (std::vector<Row>{{0, -1}, {0, 0}, {0, 1}, {1, -1}, {1, 2}}));

    // The wheel zooms around the pointer.
    double before = view->scale().cyclesPerPixel;
    QPoint at(view->xOf(300), view->rowRect(1).center().y());
    double under = view->scale().cycleAt(at.x() - view->labelWidth());
    QWheelEvent wheel(at, view->viewport()->mapToGlobal(at), QPoint(),
                      QPoint(0, 240), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(view->viewport(), &wheel);
    QVERIFY(view->scale().cyclesPerPixel < before);
    QVERIFY(std::abs(view->scale().cycleAt(at.x() - view->labelWidth()) - under) < 1.0);

    // A view that shows the whole run (not by Fit: a run that ended while
    // it followed) still shows the whole run, spread over the track, once
    // the window is wider; a zoomed-in part stays as it is.
    view->setVisibleRange(0, 1000);
    dock.resize(1800, 300);
    QTRY_VERIFY(std::abs(view->visibleLast() - 1000.0) < 1e-6);
    QCOMPARE(view->visibleFirst(), 0.0);
    view->setVisibleRange(100, 300);
    dock.resize(1200, 300);
    QTRY_COMPARE(view->visibleFirst(), 100.0);
    QVERIFY(view->visibleLast() < 1000.0);
  }

  void paintsManyIntervalsQuickly() {
    // 16 engines on 4 cores, 50 000 intervals each (800 000 in all), all
    // expanded, 1200 pixels wide.
    TimelineDock dock;
    TimelineModel &m = dock.model();
    std::vector<TimelineModel::Engine> engines;
    for (int e = 0; e < 16; ++e)
      engines.push_back({e / 4, QStringLiteral("eng#%1").arg(e % 4)});
    m.reset(engines, 4);
    for (int e = 0; e < 16; ++e)
      for (uint64_t i = 0; i < 50'000; ++i)
        m.addBusy(e, i * 20 + uint64_t(e), 12, int((i / 3) % 11) + 1);
    for (int c = 0; c < 4; ++c)
      m.setCollapsed(c, false);
    m.finish(1'000'000);
    TimelineView *view = dock.view();
    view->modelChanged();
    dock.resize(1400, 700);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    // Wall time, and the thread's CPU time (what the wall time would be on
    // a machine not shared with other jobs).
    auto cpuMs = [] {
      timespec ts{};
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
      return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
    };
    std::vector<double> ms, cpu;
    for (int i = 0; i < 20; ++i) {
      QElapsedTimer t;
      t.start();
      double c0 = cpuMs();
      view->viewport()->repaint();
      cpu.push_back(cpuMs() - c0);
      ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    std::sort(cpu.begin(), cpu.end());
    qInfo("timeline: repaint CPU time median %.2f ms, longest %.2f ms",
          cpu[cpu.size() / 2], cpu.back());
    // The merging alone, every shown lane and core summary.
    QElapsedTimer mergeTimer;
    mergeTimer.start();
    size_t spans = 0;
    for (const TimelineModel::Row &r : m.rows())
      spans += timeline::merge(r.engine < 0 ? m.coreBusy(r.core)
                                            : m.lanes()[size_t(r.engine)].busy,
                               view->scale(), view->plotWidth())
                   .size();
    qInfo("timeline: merging the %zu rows: %.2f ms, %zu spans", m.rows().size(),
          double(mergeTimer.nsecsElapsed()) / 1e6, spans);
    qInfo("timeline: %zu intervals, %d spans painted; repaint median %.2f ms, "
          "longest %.2f ms",
          m.intervalCount(), view->paintedSpans(), ms[ms.size() / 2], ms.back());
    QVERIFY(view->paintedSpans() > 0);
    QVERIFY(view->paintedSpans() <= 20 * 1400);
    // Zoomed in on a thousand cycles, the same lanes.
    view->setVisibleRange(500'000, 501'000);
    view->viewport()->repaint();
    QVERIFY(view->paintedSpans() > 0);
    // The paint's own cost: the thread's CPU time (a repaint takes about
    // 10 ms of it). Wall time on a shared machine measures the other jobs
    // too (over 100 ms at a load of 18, the same CPU time): it is printed
    // above, not judged; spyre-explorer-paintbench measures it quietly.
    QVERIFY2(cpu[cpu.size() / 2] < 50, qPrintable(QString::number(cpu[cpu.size() / 2])));
  }
};

QTEST_MAIN(TimelineTest)
#include "TimelineTest.moc"
