//===- OccupancyModelTest.cpp - the occupancy model and decimation --------===//
//
// The model under QAbstractItemModelTester; its peaks and values checked
// against the reference interpreter's scratchpad events of a real sample;
// decimation of 100k points. No widget: the chart is views.occupancy.
//
//===----------------------------------------------------------------------===//

#include "OccupancySamples.h"
#include "models/AxisTicks.h"
#include "models/OccupancyModel.h"
#include "models/OccupancyPlot.h"
#include "models/SeriesDecimator.h"

#include <QAbstractItemModelTester>
#include <QTest>

#include <algorithm>
#include <map>
#include <random>

using namespace spyre::driver;
using occupancy_samples::runSample;

class OccupancyModelTest : public QObject {
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

  void axisTicks() {
    // Every label differs and reads its value: 0.05 steps get two decimals.
    for (double top : {0.1475, 0.2, 1.0, 7.3, 151.0, 2048.0, 0.003}) {
      for (int most : {2, 3, 5, 7}) {
        AxisTicks t = AxisTicks::from0(top, most);
        QVERIFY(t.count >= 2 && t.count <= most);
        QVERIFY(t.max >= top * (1 - 1e-12));
        QStringList labels;
        for (int i = 0; i < t.count; ++i) {
          labels << t.label(i);
          QVERIFY(std::abs(labels.last().toDouble() - t.step * i) < t.step * 1e-6);
        }
        labels.removeDuplicates();
        QCOMPARE(labels.size(), t.count);
      }
    }
    AxisTicks small = AxisTicks::from0(0.15, 5);
    QCOMPARE(small.step, 0.05);
    QCOMPARE(small.format(), QString("%.2f"));
    QCOMPARE(small.label(3), QString("0.15"));
    // Whole units: no step under 1.
    AxisTicks bytes = AxisTicks::from0(3, 7, 1);
    QCOMPARE(bytes.step, 1.0);
    QCOMPARE(bytes.decimals, 0);
    QCOMPARE(AxisTicks::from0(151, 5, 1).label(4), QString("200"));
  }

  void smallPeakInBytes() {
    // A 128 B peak (dynamic_rows_loop's) is drawn in B, not in 0.1 KiB.
    OccupancyTrace trace;
    trace.timeUnit = "cycle";
    trace.capacityBytes = 2 << 20;
    trace.cores = 1;
    trace.events.push_back({0, 18, 128, 128, 1, 3, "load"});
    trace.events.push_back({0, 500, -128, 0, 1, 3, "free"});
    OccupancyIndex index(trace);
    OccupancyPlot plot = OccupancyPlot::build(index, -1, 600, true, 6);
    QCOMPARE(plot.unit, QString("B"));
    QCOMPARE(plot.top, 128.0);
    plot = OccupancyPlot::build(index, -1, 600, false, 6);
    QCOMPARE(plot.unit, QString("MiB"));
  }
};

QTEST_MAIN(OccupancyModelTest)
#include "OccupancyModelTest.moc"
