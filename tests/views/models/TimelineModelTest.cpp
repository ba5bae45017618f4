//===- TimelineModelTest.cpp - the timeline's scale and model -------------===//
//
// Data rows for the cycle <-> pixel mapping, zoom, ruler ticks, merging to
// pixels, the rows shown and the union of lanes; then the model filled as
// the app fills it. No widget: the test links views/models only (the view
// and the dock: tests/views/TimelineTest.cpp).
//
//===----------------------------------------------------------------------===//

#include "models/TimelineModel.h"
#include "models/TimelineScale.h"

#include <QTest>

#include <algorithm>

using timeline::Interval;
using timeline::PixelSpan;
using Row = TimelineModel::Row;

Q_DECLARE_METATYPE(std::vector<Interval>)
Q_DECLARE_METATYPE(std::vector<PixelSpan>)
Q_DECLARE_METATYPE(std::vector<int>)
Q_DECLARE_METATYPE(std::vector<bool>)
Q_DECLARE_METATYPE(std::vector<Row>)

namespace {

QString describe(const std::vector<PixelSpan> &spans) {
  QStringList out;
  for (const PixelSpan &s : spans)
    out << QStringLiteral("[%1,%2) line %3 x%4%5")
               .arg(s.x0)
               .arg(s.x1)
               .arg(s.line)
               .arg(s.count)
               .arg(s.mixed ? " mixed" : "");
  return out.join("; ");
}

QString describe(const std::vector<Interval> &list) {
  QStringList out;
  for (const Interval &i : list)
    out << QStringLiteral("[%1,%2) %3").arg(i.start).arg(i.end).arg(i.line);
  return out.join("; ");
}

QString describe(const std::vector<Row> &rows) {
  QStringList out;
  for (const Row &r : rows)
    out << (r.engine < 0 ? QStringLiteral("C%1").arg(r.core)
                         : QStringLiteral("e%1").arg(r.engine));
  return out.join(" ");
}

} // namespace

class TimelineModelTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void mapping_data() {
    QTest::addColumn<double>("first");
    QTest::addColumn<double>("perPixel");
    QTest::addColumn<double>("cycle");
    QTest::addColumn<double>("x");
    QTest::newRow("identity") << 0.0 << 1.0 << 10.0 << 10.0;
    QTest::newRow("offset") << 100.0 << 1.0 << 150.0 << 50.0;
    QTest::newRow("zoomed out") << 0.0 << 10.0 << 1000.0 << 100.0;
    QTest::newRow("zoomed in") << 8.0 << 0.25 << 9.0 << 4.0;
    QTest::newRow("left of view") << 500.0 << 2.0 << 100.0 << -200.0;
  }
  void mapping() {
    QFETCH(double, first);
    QFETCH(double, perPixel);
    QFETCH(double, cycle);
    QFETCH(double, x);
    timeline::Scale s{first, perPixel};
    QCOMPARE(s.x(cycle), x);
    QCOMPARE(s.cycleAt(x), cycle);
  }

  void fitAndZoom() {
    timeline::Scale f = timeline::fit(1000, 500);
    QCOMPARE(f.first, 0.0);
    QCOMPARE(f.cyclesPerPixel, 2.0);
    QCOMPARE(timeline::fit(0, 100).cyclesPerPixel, 0.01);
    // Zooming keeps the cycle under the anchor.
    timeline::Scale z = timeline::zoom(f, 4, 100, 0.01, 10);
    QCOMPARE(z.cyclesPerPixel, 0.5);
    QCOMPARE(z.cycleAt(100), f.cycleAt(100));
    // Limits.
    QCOMPARE(timeline::zoom(f, 1000, 0, 0.25, 10).cyclesPerPixel, 0.25);
    QCOMPARE(timeline::zoom(f, 0.001, 0, 0.25, 10).cyclesPerPixel, 10.0);
    // Clamping keeps the view on the run.
    timeline::Scale far{5000, 1};
    QCOMPARE(timeline::clamp(far, 1000, 200).first, 800.0);
    timeline::Scale neg{-50, 1};
    QCOMPARE(timeline::clamp(neg, 1000, 200).first, 0.0);
    QCOMPARE(timeline::clamp(far, 100, 200).first, 0.0);
  }

  void ticks_data() {
    QTest::addColumn<double>("perPixel");
    QTest::addColumn<double>("minPixels");
    QTest::addColumn<qulonglong>("step");
    QTest::newRow("1 cycle a pixel") << 1.0 << 60.0 << qulonglong(100);
    QTest::newRow("just over 100") << 1.01 << 100.0 << qulonglong(200);
    QTest::newRow("10 cycles a pixel") << 10.0 << 45.0 << qulonglong(500);
    QTest::newRow("zoomed in") << 0.01 << 50.0 << qulonglong(1);
    QTest::newRow("huge") << 1e6 << 80.0 << qulonglong(100000000);
  }
  void ticks() {
    QFETCH(double, perPixel);
    QFETCH(double, minPixels);
    QFETCH(qulonglong, step);
    QCOMPARE(qulonglong(timeline::tickStep(perPixel, minPixels)), step);
  }

  void merge_data() {
    QTest::addColumn<std::vector<Interval>>("intervals");
    QTest::addColumn<double>("first");
    QTest::addColumn<double>("perPixel");
    QTest::addColumn<int>("width");
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty") << std::vector<Interval>{} << 0.0 << 1.0 << 100
                           << QString();
    QTest::newRow("one to one")
        << std::vector<Interval>{{0, 10, 1}, {20, 30, 2}} << 0.0 << 1.0 << 100
        << "[0,10) line 1 x1; [20,30) line 2 x1";
    QTest::newRow("touching stay apart")
        << std::vector<Interval>{{0, 10, 1}, {10, 20, 2}} << 0.0 << 1.0 << 100
        << "[0,10) line 1 x1; [10,20) line 2 x1";
    QTest::newRow("one pixel, two lines, the longer wins")
        << std::vector<Interval>{{0, 3, 1}, {4, 10, 2}} << 0.0 << 10.0 << 100
        << "[0,1) line 2 x2 mixed";
    QTest::newRow("many in a pixel each")
        << std::vector<Interval>{{0, 1, 5}, {2, 3, 5}, {4, 5, 5}, {10, 11, 6},
                                 {12, 13, 6}}
        << 0.0 << 10.0 << 100 << "[0,1) line 5 x3; [1,2) line 6 x2";
    QTest::newRow("a short one is a pixel wide")
        << std::vector<Interval>{{50, 51, 3}} << 0.0 << 100.0 << 10
        << "[0,1) line 3 x1";
    QTest::newRow("clipped to the view")
        << std::vector<Interval>{{0, 10, 1}, {15, 40, 2}, {95, 200, 3},
                                 {300, 310, 4}}
        << 20.0 << 1.0 << 80 << "[0,20) line 2 x1; [75,80) line 3 x1";
    QTest::newRow("zero-length interval")
        << std::vector<Interval>{{5, 5, 1}} << 0.0 << 1.0 << 10
        << "[5,6) line 1 x1";
    QTest::newRow("zoomed in")
        << std::vector<Interval>{{10, 11, 1}} << 9.0 << 0.25 << 40
        << "[4,8) line 1 x1";
  }
  void merge() {
    QFETCH(std::vector<Interval>, intervals);
    QFETCH(double, first);
    QFETCH(double, perPixel);
    QFETCH(int, width);
    QFETCH(QString, expected);
    QCOMPARE(describe(timeline::merge(intervals, {first, perPixel}, width)),
             expected);
  }

  void mergeBoundsTheWork() {
    // 1 000 000 intervals in 1 000 pixels: at most one span a pixel.
    std::vector<Interval> many;
    for (uint64_t i = 0; i < 1'000'000; ++i)
      many.push_back({2 * i, 2 * i + 1, int(i % 7) + 1});
    std::vector<PixelSpan> spans =
        timeline::merge(many, timeline::fit(2'000'000, 1000), 1000);
    QVERIFY(spans.size() <= 1000);
    int merged = 0;
    for (const PixelSpan &s : spans)
      merged += s.count;
    QCOMPARE(merged, 1'000'000);
    // A narrow window looks only at what it shows.
    spans = timeline::merge(many, {1000, 1}, 10);
    QCOMPARE(describe(spans).count("x1"), 5);
  }

  void intervalAt_data() {
    QTest::addColumn<double>("cycle");
    QTest::addColumn<int>("index");
    QTest::newRow("before") << 1.0 << -1;
    QTest::newRow("first start") << 2.0 << 0;
    QTest::newRow("inside") << 4.5 << 0;
    QTest::newRow("end is out") << 5.0 << -1;
    QTest::newRow("second") << 9.0 << 1;
    QTest::newRow("after") << 100.0 << -1;
  }
  void intervalAt() {
    QFETCH(double, cycle);
    QFETCH(int, index);
    std::vector<Interval> list{{2, 5, 1}, {8, 12, 2}};
    QCOMPARE(timeline::intervalAt(list, cycle), index);
  }

  void layoutRows_data() {
    QTest::addColumn<std::vector<int>>("engineCores");
    QTest::addColumn<int>("cores");
    QTest::addColumn<int>("focused");
    QTest::addColumn<std::vector<bool>>("collapsed");
    QTest::addColumn<QString>("expected");
    QTest::newRow("all expanded") << std::vector<int>{0, 0, 1, 1} << 2 << 0
                                  << std::vector<bool>{false, false}
                                  << "C0 e0 e1 C1 e2 e3";
    QTest::newRow("focused first") << std::vector<int>{0, 0, 1, 1} << 2 << 1
                                   << std::vector<bool>{false, false}
                                   << "C1 e2 e3 C0 e0 e1";
    QTest::newRow("collapsed") << std::vector<int>{0, 0, 1, 1, 2} << 3 << 2
                               << std::vector<bool>{true, false, true}
                               << "C2 C0 C1 e2 e3";
    QTest::newRow("a core without engines")
        << std::vector<int>{1} << 3 << 0 << std::vector<bool>{false, false, false}
        << "C0 C1 e0 C2";
    QTest::newRow("focus out of range") << std::vector<int>{0, 1} << 2 << 7
                                        << std::vector<bool>{false, true}
                                        << "C0 e0 C1";
    QTest::newRow("one core") << std::vector<int>{0, 0, 0} << 1 << 0
                              << std::vector<bool>{false} << "C0 e0 e1 e2";
  }
  void layoutRows() {
    QFETCH(std::vector<int>, engineCores);
    QFETCH(int, cores);
    QFETCH(int, focused);
    QFETCH(std::vector<bool>, collapsed);
    QFETCH(QString, expected);
    QCOMPARE(describe(TimelineModel::layoutRows(engineCores, cores, focused,
                                                collapsed)),
             expected);
  }

  void unite_data() {
    QTest::addColumn<std::vector<Interval>>("a");
    QTest::addColumn<std::vector<Interval>>("b");
    QTest::addColumn<QString>("expected");
    QTest::newRow("apart") << std::vector<Interval>{{0, 5, 1}}
                           << std::vector<Interval>{{10, 15, 2}}
                           << "[0,5) 1; [10,15) 2";
    QTest::newRow("overlap keeps the later line")
        << std::vector<Interval>{{0, 10, 1}} << std::vector<Interval>{{5, 20, 2}}
        << "[0,10) 1; [10,20) 2";
    QTest::newRow("covered") << std::vector<Interval>{{0, 10, 1}}
                             << std::vector<Interval>{{2, 8, 2}} << "[0,10) 1";
    QTest::newRow("same line joins") << std::vector<Interval>{{0, 10, 1}}
                                     << std::vector<Interval>{{4, 12, 1}}
                                     << "[0,12) 1";
  }
  void unite() {
    QFETCH(std::vector<Interval>, a);
    QFETCH(std::vector<Interval>, b);
    QFETCH(QString, expected);
    QCOMPARE(describe(TimelineModel::unite({&a, &b})), expected);
  }

  void modelFromEvents() {
    TimelineModel m;
    m.reset({{0, "dma#0"}, {0, "sfu#0"}, {1, "dma#0"}}, 2);
    QCOMPARE(m.coreCount(), 2);
    // Focused core 0 expanded, core 1 collapsed.
    QCOMPARE(describe(m.rows()), QString("C0 e0 e1 C1"));
    m.addBusy(0, 0, 10, 3);
    m.addBusy(0, 10, 5, 3);  // continues line 3: one interval
    m.addBusy(0, 12, 4, 4);  // starts inside: [15, 16) is left
    m.block(1, 2);
    m.unblock(1, 9);
    m.addBusy(1, 9, 3, 5);
    m.block(1, 12);          // never woken: closed at the end
    m.addBusy(2, 0, 0, 1);   // nothing
    m.finish(40);
    QCOMPARE(describe(m.lanes()[0].busy), QString("[0,15) 3; [15,16) 4"));
    QCOMPARE(m.lanes()[0].busyCycles, uint64_t(16));
    QCOMPARE(describe(m.lanes()[1].blocked), QString("[2,9) 0; [12,40) 0"));
    QCOMPARE(describe(m.coreBusy(0)), QString("[0,15) 3; [15,16) 4"));
    QVERIFY(m.coreBusy(1).empty());
    QCOMPARE(m.endCycle(), uint64_t(40));
    QCOMPARE(m.intervalCount(), size_t(5));
    m.setFocusedCore(1);
    QCOMPARE(describe(m.rows()), QString("C1 e2 C0 e0 e1"));
    m.setCollapsed(0, true);
    QCOMPARE(describe(m.rows()), QString("C1 e2 C0"));
  }

  void focusBeforeTheRun() {
    // --focus-core 1 is given before the run's model has its cores.
    TimelineModel m;
    m.setFocusedCore(1);
    QCOMPARE(m.focusedCore(), 1);
    m.reset({{0, "dma#0"}, {0, "sfu#0"}, {1, "dma#0"}}, 2);
    QCOMPARE(m.focusedCore(), 1);
    QCOMPARE(describe(m.rows()), QString("C1 e2 C0"));
    // Out of range once the cores are known: ignored.
    m.setFocusedCore(5);
    QCOMPARE(m.focusedCore(), 1);
    // A request the next run cannot honour falls back to core 0.
    TimelineModel n;
    n.setFocusedCore(7);
    n.reset({{0, "dma#0"}, {1, "dma#0"}}, 2);
    QCOMPARE(n.focusedCore(), 0);
    QCOMPARE(describe(n.rows()), QString("C0 e0 C1"));
  }
};

QTEST_MAIN(TimelineModelTest)
#include "TimelineModelTest.moc"
