//===- OccupancyTest.cpp - the occupancy model, decimation and the chart --===//
//
// The model under QAbstractItemModelTester; its peaks and values checked
// against the reference interpreter's scratchpad events of a real sample;
// decimation of 100k points; the chart exported to PNG and SVG.
//
//===----------------------------------------------------------------------===//

#include "OccupancyChart.h"
#include "models/OccupancyModel.h"
#include "models/SeriesDecimator.h"

#include "driver/Occupancy.h"
#include "driver/Run.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <random>

using namespace spyre::driver;

namespace {

std::string readSample(const char *name) {
  QFile f(QStringLiteral(SPYRE_SAMPLES_DIR "/") + name);
  if (!f.open(QIODevice::ReadOnly))
    return {};
  return f.readAll().toStdString();
}

/// A run of the interpreter on a sample, as the app makes it.
OccupancyTrace runSample(const char *name, RunResult *out = nullptr) {
  RunRequest request;
  request.source = readSample(name);
  request.sourceName = name;
  request.seed = 0;
  request.recordLxEvents = true;
  RunResult result = runKernel(request);
  OccupancyTrace trace = occupancyFromLxEvents(
      result.lxEvents, result.lxCapacityBytes, int(result.perCore.size()));
  if (out)
    *out = std::move(result);
  return trace;
}

} // namespace

class OccupancyTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void modelTester() {
    OccupancyModel model;
    QAbstractItemModelTester tester(
        &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    OccupancyTrace trace;
    trace.capacityBytes = 1024;
    trace.cores = 2;
    trace.events = {{0, 1, 100, 100, 1, 3, "a"},
                    {1, 1, 50, 50, 1, 4, "b"},
                    {0, 2, 30, 130, 2, 5, "c"},
                    {0, 3, -100, 30, 1, 3, "d"}};
    model.setTrace(trace);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), int(OccupancyModel::ColumnCount));
    QCOMPARE(model.index(2, OccupancyModel::InUseColumn)
                 .data(Qt::UserRole)
                 .toULongLong(),
             130ull);
    QCOMPARE(model.index(3, OccupancyModel::ChangeColumn)
                 .data(Qt::UserRole)
                 .toLongLong(),
             -100ll);
    QCOMPARE(model.peak(0).bytes, 130ull);
    QCOMPARE(model.peak(0).time, 2ull);
    QCOMPARE(model.peak(-1).core, 0);
    QCOMPARE(model.valueAt(0, 0), 0ull);
    QCOMPARE(model.valueAt(0, 2), 130ull);
    QCOMPARE(model.valueAt(0, 99), 30ull);
    QCOMPARE(model.valueAt(1, 5), 50ull);
    QCOMPARE(model.valueAt(7, 5), 0ull); // no such core
    // Stacked by line: line 3 rises to 100 and drops to 0, line 5 holds 30.
    std::vector<OccupancyModel::Layer> layers = model.layers(0, 6);
    QCOMPARE(int(layers.size()), 2);
    QCOMPARE(layers[0].line, 3);
    QCOMPARE(layers[0].bytes, (std::vector<double>{100, 100, 0}));
    QCOMPARE(layers[1].bytes, (std::vector<double>{0, 30, 30}));
    // Only one named layer: the rest is "other".
    layers = model.layers(0, 1);
    QCOMPARE(int(layers.size()), 2);
    QCOMPARE(layers[1].line, -1);
    model.setTrace({});
    QCOMPARE(model.rowCount(), 0);
  }

  void againstTheInterpreter_data() {
    QTest::addColumn<QString>("sample");
    QTest::newRow("softmax") << "softmax.mlir";
    QTest::newRow("rmsnorm_ring") << "rmsnorm_ring.mlir";
    QTest::newRow("matmul_kloop") << "matmul_kloop.mlir";
  }

  void againstTheInterpreter() {
    QFETCH(QString, sample);
    RunResult result;
    OccupancyTrace trace = runSample(qPrintable(sample), &result);
    QVERIFY2(result.ok, result.diagnostics.empty()
                            ? "run failed"
                            : result.diagnostics.front().message.c_str());
    QVERIFY(!result.lxEvents.empty());
    OccupancyModel model;
    QAbstractItemModelTester tester(
        &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTrace(trace);
    QCOMPARE(model.rowCount(), int(result.lxEvents.size()));
    QCOMPARE(model.trace().capacityBytes, result.lxCapacityBytes);

    // Per core: the peak is the largest inUse of its events (and what the
    // interpreter's own estimate reports), reached at the first such event.
    std::map<int, uint64_t> highest;
    std::map<int, std::vector<uint64_t>> inUse;
    for (const LxEvent &e : result.lxEvents) {
      highest[e.core] = std::max(highest[e.core], e.inUse);
      inUse[e.core].push_back(e.inUse);
    }
    uint64_t overall = 0;
    for (auto [core, bytes] : highest) {
      OccupancyModel::Peak peak = model.peak(core);
      QCOMPARE(peak.bytes, bytes);
      QCOMPARE(model.valueAt(core, peak.time), bytes);
      overall = std::max(overall, bytes);
      for (const CoreEstimate &estimate : result.perCore)
        if (estimate.core == core)
          QCOMPARE(estimate.peakLxBytes, bytes);
      // The value at every event's time is the inUse the interpreter
      // reported after that event; before the first, nothing.
      const std::vector<uint64_t> &values = inUse[core];
      QCOMPARE(model.valueAt(core, 0), 0ull);
      for (size_t i = 0; i < values.size(); ++i)
        QCOMPARE(model.valueAt(core, i + 1), values[i]);
      QCOMPARE(model.valueAt(core, values.size() + 10), values.back());
      // Stacked by allocating line, the layers add up to the total after
      // every event (every release names its buffer).
      std::vector<OccupancyModel::Layer> layers = model.layers(core, 4);
      for (size_t i = 0; i < values.size(); ++i) {
        double sum = 0;
        for (const auto &layer : layers)
          sum += layer.bytes[i];
        QCOMPARE(uint64_t(sum), values[i]);
      }
    }
    QCOMPARE(model.peak(-1).bytes, overall);
  }

  void decimation() {
    // A random walk of 100k points with one spike and one dip.
    std::mt19937 rng(7);
    std::normal_distribution<double> step(0, 1);
    std::vector<double> x(100000), y(100000);
    double v = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      x[i] = double(i);
      v += step(rng);
      y[i] = v;
    }
    y[31337] = 1e6;
    y[77777] = -1e6;
    std::vector<size_t> kept = decimate::keep(x, y, 800);
    QVERIFY(kept.size() <= 4 * 800);
    QVERIFY(kept.size() >= 800);
    QVERIFY(std::is_sorted(kept.begin(), kept.end()));
    QVERIFY(std::adjacent_find(kept.begin(), kept.end()) == kept.end());
    QCOMPARE(kept.front(), size_t(0));
    QCOMPARE(kept.back(), x.size() - 1);
    QVERIFY(std::binary_search(kept.begin(), kept.end(), size_t(31337)));
    QVERIFY(std::binary_search(kept.begin(), kept.end(), size_t(77777)));
    // Short series are kept whole.
    std::vector<double> few{0, 1, 2}, fewY{5, 1, 5};
    QCOMPARE(decimate::keep(few, fewY, 800), (std::vector<size_t>{0, 1, 2}));
    QVERIFY(decimate::keep({}, {}, 10).empty());
  }

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
