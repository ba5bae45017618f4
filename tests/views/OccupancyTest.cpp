//===- OccupancyTest.cpp - the occupancy chart ----------------------------===//
//
// The chart over the occupancy model (the model itself:
// tests/views/models/OccupancyModelTest.cpp), exported to PNG and SVG.
//
//===----------------------------------------------------------------------===//

#include "OccupancyChart.h"
#include "models/OccupancyModel.h"
#include "models/OccupancySamples.h"

#include <QCheckBox>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using occupancy_samples::runSample;

class OccupancyTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void chartExports() {
    OccupancyModel model;
    model.setTrace(runSample("softmax.mlir"));
    QVERIFY(!model.isEmpty());
    OccupancyChart chart;
    chart.setModel(&model);
    chart.resize(900, 420);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QVERIFY(chart.plottedPoints() > 0);
    QTemporaryDir dir;
    auto *fit = chart.findChild<QCheckBox *>("occupancyFit");
    QVERIFY(fit);
    // Fitted to softmax's peak (far under 2 MiB), the capacity is named
    // under the plot instead of drawn.
    QVERIFY(fit->isChecked());
    QVERIFY(model.peak(-1).bytes * 2 < model.trace().capacityBytes);
    QVERIFY(chart.exportSvg(dir.filePath("fitted.svg")));
    QFile fitted(dir.filePath("fitted.svg"));
    QVERIFY(fitted.open(QIODevice::ReadOnly));
    QByteArray fittedText = fitted.readAll();
    QVERIFY(fittedText.contains("capacity 2 MiB (off the scale)<"));
    QVERIFY(!fittedText.contains(">capacity 2 MiB<"));
    fit->setChecked(false);
    for (int core : {-1, model.peak(-1).core}) {
      chart.setFocusedCore(core);
      QString png = dir.filePath(QStringLiteral("chart%1.png").arg(core));
      QString svg = dir.filePath(QStringLiteral("chart%1.svg").arg(core));
      QVERIFY(chart.exportPng(png));
      QVERIFY(chart.exportSvg(svg));
      QImage image(png);
      QVERIFY(!image.isNull());
      QVERIFY(image.width() >= 400);
      // Not blank: many colours (series, text, axes), not one background.
      QSet<QRgb> colours;
      for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
          colours.insert(image.pixel(x, y));
      QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
      QFile file(svg);
      QVERIFY(file.open(QIODevice::ReadOnly));
      QByteArray text = file.readAll();
      QVERIFY(text.contains("<svg"));
      QVERIFY(text.contains("<path") || text.contains("<polyline"));
      // Labels drawn as text: the capacity line's and the peak's.
      QVERIFY(text.contains(">capacity 2 MiB<"));
      QVERIFY(text.contains(">peak "));
    }
    // Nothing to draw: no file.
    OccupancyModel none;
    OccupancyChart blank;
    blank.setModel(&none);
    QVERIFY(!blank.exportPng(dir.filePath("none.png")));
    QVERIFY(!QFile::exists(dir.filePath("none.png")));
  }
  // 100k events: EmulatedRunTest::longTraceIsPreparedInTheBackground.

  void bytesLabelsHaveRoomInAShortDock() {
    // cross_entropy_vocab_f32's run: 96 KiB held on each core. In the
    // Scratchpad dock of a 1024x700 window (about 490x170) the bytes labels
    // need room between their ticks, or Qt Charts draws each one as "…"
    // (it did: seven ticks over 100 px).
    spyre::driver::OccupancyTrace trace;
    trace.timeUnit = "cycle";
    trace.capacityBytes = 2 << 20;
    trace.cores = 4;
    for (int c = 0; c < 4; ++c) {
      trace.events.push_back({c, 800 + uint64_t(c), 98304, 98304, 1, 3, "load"});
      trace.events.push_back({c, 45000 + uint64_t(c), -98304, 0, 1, 3, "free"});
    }
    OccupancyModel model;
    model.setTrace(trace);
    OccupancyChart chart;
    chart.setModel(&model);
    chart.resize(QSize(490, 170));
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QTest::qWait(50);
    const QStringList labels = chart.axisLabels(Qt::Vertical);
    QVERIFY2(labels.size() >= 3, qPrintable(labels.join(" ")));
    const double line = QFontMetricsF(chart.font()).height();
    QVERIFY2(chart.plotArea().height() / (labels.size() - 1) > line * 1.4,
             qPrintable(QString("%1 ticks (%2) over %3 px")
                            .arg(labels.size())
                            .arg(labels.join(" "))
                            .arg(chart.plotArea().height())));
  }

  void smallValuesHaveDistinctTicks() {
    // dynamic_rows_loop's run: 128 B at most on each of 4 cores. The bytes
    // axis is in B with labels that differ (not 0.2, 0.1, 0.1, 0.1, 0.0
    // KiB), the time axis no more ticks than its labels fit, in a short
    // dock (as in a 1024x700 window) and a tall one.
    spyre::driver::OccupancyTrace trace;
    trace.timeUnit = "cycle";
    trace.capacityBytes = 2 << 20;
    trace.cores = 4;
    for (int c = 0; c < 4; ++c)
      for (uint64_t t = 18; t < 600; t += 80) {
        trace.events.push_back({c, t + uint64_t(c), 128, 128, 1, 3, "load"});
        trace.events.push_back({c, t + 70 + uint64_t(c), -128, 0, 1, 3, "free"});
      }
    OccupancyModel model;
    model.setTrace(trace);
    OccupancyChart chart;
    chart.setModel(&model);
    for (QSize size : {QSize(490, 260), QSize(900, 420)}) {
      chart.resize(size);
      chart.show();
      QVERIFY(QTest::qWaitForWindowExposed(&chart));
      QTest::qWait(50);
      QCOMPARE(chart.axisTitle(Qt::Vertical), QString("B"));
      QStringList labels = chart.axisLabels(Qt::Vertical);
      QVERIFY2(labels.size() >= 3, qPrintable(labels.join(" ")));
      QVERIFY2(labels.last().toDouble() >= 128, qPrintable(labels.join(" ")));
      for (int i = 1; i < labels.size(); ++i)
        QVERIFY2(labels[i].toDouble() > labels[i - 1].toDouble(),
                 qPrintable(labels.join(" ")));
      // The time labels ("600") fit between their ticks.
      const QStringList times = chart.axisLabels(Qt::Horizontal);
      QVERIFY(times.size() >= 2);
      const double labelWidth =
          QFontMetricsF(chart.font()).horizontalAdvance(QStringLiteral("600"));
      QVERIFY2(chart.plotArea().width() / (times.size() - 1) > labelWidth * 1.2,
               qPrintable(QString("%1 ticks over %2 px")
                              .arg(times.size())
                              .arg(chart.plotArea().width())));
    }
  }
};

QTEST_MAIN(OccupancyTest)
#include "OccupancyTest.moc"
