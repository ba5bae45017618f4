//===- RingGeometryTest.cpp - ring layout and hit-testing, data rows ------===//

#include "RingGeometry.h"

#include <QTest>

#include <cmath>

class RingGeometryTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void layout_data() {
    QTest::addColumn<int>("cores");
    QTest::addColumn<QRectF>("area");
    QTest::addColumn<int>("hbm");
    QTest::newRow("1 core") << 1 << QRectF(0, 0, 300, 300) << 0;
    QTest::newRow("4 cores") << 4 << QRectF(0, 40, 360, 300) << 0;
    QTest::newRow("32 cores") << 32 << QRectF(6, 40, 340, 330) << 0;
    QTest::newRow("32 cores, wide") << 32 << QRectF(0, 0, 1200, 400) << 5;
    QTest::newRow("33 cores") << 33 << QRectF(0, 0, 500, 500) << 32;
  }

  void layout() {
    QFETCH(int, cores);
    QFETCH(QRectF, area);
    QFETCH(int, hbm);
    ring::Layout l = ring::layout(cores, area, hbm);
    QCOMPARE(int(l.cores.size()), cores);
    QVERIFY(l.coreSize > 8);
    for (int i = 0; i < cores; ++i) {
      QRectF box = l.coreRect(i);
      // Inside the area, label included, and clear of every other box.
      QVERIFY2(area.contains(box), qPrintable(QString::number(i)));
      QVERIFY(area.contains(l.labelPosition(i)));
      for (int j = i + 1; j < cores; ++j)
        QVERIFY2(QLineF(l.cores[size_t(i)], l.cores[size_t(j)]).length() >
                     l.coreSize * 1.05,
                 qPrintable(QStringLiteral("%1 %2").arg(i).arg(j)));
      // On the circle, clockwise from the top.
      QPointF d = l.cores[size_t(i)] - l.centre;
      QVERIFY(std::abs(std::hypot(d.x(), d.y()) - l.radius) < 1e-6);
    }
    if (cores > 1) {
      QVERIFY(l.cores[0].y() < l.centre.y());
      QVERIFY(std::abs(l.cores[0].x() - l.centre.x()) < 1e-6);
      QVERIFY(l.cores[1].x() > l.centre.x()); // clockwise on screen
      QCOMPARE(l.hbmAttachCore, hbm);
      // HBM sits inside the ring, clear of the cores.
      for (int i = 0; i < cores; ++i)
        QVERIFY(!l.hbm.intersects(l.coreRect(i)));
      QVERIFY(area.contains(l.hbm));
      QLineF line = ring::hbmLine(l);
      QVERIFY(!line.isNull());
      QVERIFY(l.coreRect(hbm).adjusted(-1, -1, 1, 1).contains(line.p2()));
    }
  }

  void hitTest_data() { layout_data(); }

  void hitTest() {
    QFETCH(int, cores);
    QFETCH(QRectF, area);
    QFETCH(int, hbm);
    ring::Layout l = ring::layout(cores, area, hbm);
    for (int i = 0; i < cores; ++i) {
      QRectF box = l.coreRect(i);
      QCOMPARE(ring::coreAt(l, l.cores[size_t(i)]), i);
      double r = l.coreSize / 2 - 0.5;
      for (QPointF edge : {QPointF(r, 0), QPointF(-r, 0), QPointF(0, r),
                           QPointF(0, -r)})
        QCOMPARE(ring::coreAt(l, l.cores[size_t(i)] + edge), i);
      // The corner of its square is outside its disc (it may fall on a
      // neighbour's).
      QVERIFY(ring::coreAt(l, box.topLeft() + QPointF(0.5, 0.5)) != i);
      // Just outside the box, away from the ring: nothing.
      QPointF out = l.cores[size_t(i)] - l.centre;
      double len = std::hypot(out.x(), out.y());
      if (len > 0) {
        QPointF beyond = l.cores[size_t(i)] + out / len * l.coreSize;
        QCOMPARE(ring::coreAt(l, beyond), -1);
      }
    }
    if (cores > 1)
      QCOMPARE(ring::coreAt(l, l.centre), -1);
    QCOMPARE(ring::coreAt(l, area.topLeft() - QPointF(5, 5)), -1);
  }

  void links_data() {
    QTest::addColumn<int>("cores");
    QTest::addColumn<bool>("bidirectional");
    QTest::addColumn<int>("expected");
    QTest::newRow("1 core") << 1 << true << 0;
    QTest::newRow("2 cores, one-way") << 2 << false << 2;
    QTest::newRow("2 cores, both ways") << 2 << true << 4;
    QTest::newRow("4 cores, one-way") << 4 << false << 4;
    QTest::newRow("4 cores, both ways") << 4 << true << 8;
    QTest::newRow("32 cores, both ways") << 32 << true << 64;
    QTest::newRow("33 cores, one-way") << 33 << false << 33;
  }

  void links() {
    QFETCH(int, cores);
    QFETCH(bool, bidirectional);
    QFETCH(int, expected);
    ring::Layout l = ring::layout(cores, QRectF(0, 0, 500, 500), 0);
    std::vector<ring::Link> all = ring::links(l, bidirectional);
    QCOMPARE(int(all.size()), expected);
    int forward = 0, backward = 0;
    for (const ring::Link &link : all) {
      // Only neighbours, and the line runs from the source's box towards
      // the destination's.
      int step = (link.to - link.from + cores) % cores;
      QVERIFY(step == 1 || step == cores - 1);
      if (cores > 2)
        (step == 1 ? forward : backward)++;
      double before = QLineF(link.line.p1(), l.cores[size_t(link.to)]).length();
      double after = QLineF(link.line.p2(), l.cores[size_t(link.to)]).length();
      QVERIFY(after < before);
      // On a lane clear of the discs: clockwise outside, the other way
      // inside; the arc sweeps the way the traffic goes.
      QVERIFY(link.line.length() > 0);
      QVERIFY(std::abs(link.radius - l.radius) > l.coreSize / 2);
      bool clockwise = link.to == (link.from + 1) % cores && link.from != link.to;
      if (cores > 2) {
        QCOMPARE(link.radius > l.radius, clockwise);
        QCOMPARE(link.sweepDegrees < 0, clockwise);
      }
      QVERIFY(std::abs(link.sweepDegrees) < 360.0 / cores);
      QCOMPARE(link.tip.p2(), link.line.p2());
    }
    if (cores > 2) {
      QCOMPARE(forward, cores);
      QCOMPARE(backward, bidirectional ? cores : 0);
    }
  }

  void tinyArea() {
    // Too small to draw: boxes shrink, nothing is outside, nothing crashes.
    ring::Layout l = ring::layout(32, QRectF(0, 0, 10, 10), 0);
    QCOMPARE(int(l.cores.size()), 32);
    QVERIFY(l.coreSize >= 0);
    QCOMPARE(ring::layout(0, QRectF(0, 0, 100, 100), 0).cores.size(), size_t(0));
    QCOMPARE(ring::layout(-3, QRectF(0, 0, 100, 100), 0).cores.size(), size_t(0));
  }
};

QTEST_GUILESS_MAIN(RingGeometryTest)
#include "RingGeometryTest.moc"
