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
};

QTEST_MAIN(OccupancyTest)
#include "OccupancyTest.moc"
