//===- EmulatedRunTest.cpp - the views fed by an emulated run -------------===//
//
// The occupancy model built from the emulator's LX intervals checked
// against the emulator itself (peak per core = emu::summarise's, the bytes
// in use at a cycle = the intervals covering it), the ring's live state
// with data rows (a hand-made trace) and against a real run, and the
// chart's cursor, range selection and background preparation.
//
//===----------------------------------------------------------------------===//

#include "OccupancyChart.h"
#include "models/OccupancyModel.h"
#include "models/RingLiveState.h"

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/Occupancy.h"
#include "emu/Report.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QGraphicsView>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <random>

using namespace spyre;
using namespace spyre::driver;

namespace {

std::string readSample(const QString &name) {
  QFile f(QStringLiteral(SPYRE_SAMPLES_DIR "/") + name);
  if (!f.open(QIODevice::ReadOnly))
    return {};
  return f.readAll().toStdString();
}

/// A recorded emulated run of a sample (as the app makes it: seed 0).
std::unique_ptr<emu::Session> emulateSample(const QString &name,
                                            const std::string &arch,
                                            QString &why) {
  CompileRequest compile;
  compile.source = readSample(name);
  compile.sourceName = name.toStdString();
  compile.arch = arch;
  CompileResult compiled = compileKernel(compile);
  if (!compiled.spyreCode) {
    why = "no SpyreCode";
    return nullptr;
  }
  RunRequest request;
  request.source = compile.source;
  request.sourceName = compile.sourceName;
  request.arch = arch;
  request.seed = 0;
  PreparedRun inputs(request);
  if (!inputs.ok()) {
    why = "inputs not placed";
    return nullptr;
  }
  EmulateOptions options;
  options.arch = arch;
  std::vector<std::string> errors;
  // The whole interval record is what the views are checked against
  // (matmul_kloop's 2 M events are past a session's default detail).
  emu::SessionOptions keepAll;
  keepAll.detailEvents = uint64_t(1) << 30;
  auto session = startSession(compiled.spyreCode, emulatorArguments(inputs),
                              options, errors, keepAll);
  if (!errors.empty())
    why = QString::fromStdString(errors.front());
  return session;
}

OccupancyTrace traceOf(const emu::Session &s) {
  const emu::Machine &m = s.finalMachine();
  return occupancyFromLxIntervals(
      s.trace().lx, *m.prepared().module,
      uint64_t(m.arch().scratchpadBytesPerCore), m.arch().numCores);
}

/// Bytes the intervals of `core` hold at `cycle`: those started at or
/// before it and not yet ended.
uint64_t heldAt(const std::vector<emu::LxInterval> &lx, int core,
                uint64_t cycle) {
  uint64_t sum = 0;
  for (const auto &i : lx)
    if (i.core == core && i.start <= cycle && i.end > cycle)
      sum += uint64_t(i.bytes);
  return sum;
}

/// A trace in cycles of `cores` cores with a 2 MiB scratchpad.
OccupancyTrace cycleTrace(int cores, std::vector<OccupancyEvent> events) {
  OccupancyTrace trace;
  trace.timeUnit = "cycle";
  trace.capacityBytes = 2 << 20;
  trace.cores = cores;
  trace.events = std::move(events);
  return trace;
}

/// `chart` over `model`, shown at `size` with its picture ready.
bool showChart(OccupancyChart &chart, OccupancyModel &model, QSize size) {
  chart.setModel(&model);
  chart.resize(size);
  chart.show();
  if (!QTest::qWaitForWindowExposed(&chart))
    return false;
  chart.finishPreparing();
  return true;
}

} // namespace

class EmulatedRunTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void occupancyAgainstTheEmulator_data() {
    QTest::addColumn<QString>("sample");
    QTest::addColumn<QString>("arch");
    QTest::newRow("softmax") << "softmax.mlir" << "spyre";
    QTest::newRow("rmsnorm_ring") << "rmsnorm_ring.mlir" << "spyre";
    QTest::newRow("matmul_kloop") << "matmul_kloop.mlir" << "spyre";
    QTest::newRow("transpose_tile, 4 cores") << "transpose_tile.mlir" << "spyre-4core";
  }

  void occupancyAgainstTheEmulator() {
    QFETCH(QString, sample);
    QFETCH(QString, arch);
    QString why;
    auto session = emulateSample(sample, arch.toStdString(), why);
    QVERIFY2(session && !session->faulted(), qPrintable(why));
    const auto &lx = session->trace().lx;
    QVERIFY(!lx.empty());
    OccupancyModel model;
    QAbstractItemModelTester tester(
        &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTrace(traceOf(*session));
    QCOMPARE(model.rowCount(), int(2 * std::count_if(lx.begin(), lx.end(),
                                                     [](const auto &i) {
                                                       return i.end > i.start;
                                                     })));
    QCOMPARE(model.trace().timeUnit, std::string("cycle"));
    // The peaks are the emulator's report's.
    emu::Summary summary = emu::summarise(session->finalMachine());
    int cores = session->finalMachine().arch().numCores;
    QCOMPARE(int(summary.peakLxBytes.size()), cores);
    for (int c = 0; c < cores; ++c) {
      QCOMPARE(int64_t(model.peak(c).bytes), summary.peakLxBytes[size_t(c)]);
      if (model.peak(c).core >= 0)
        QCOMPARE(model.valueAt(c, model.peak(c).time), model.peak(c).bytes);
    }
    // The value at a cycle is what the intervals hold there: at every
    // interval's start and end, and at random cycles.
    std::mt19937 rng(5);
    std::vector<uint64_t> cycles{0, session->totalCycles()};
    for (size_t i = 0; i < lx.size(); i += std::max<size_t>(1, lx.size() / 40))
      cycles.insert(cycles.end(), {lx[i].start, lx[i].end, lx[i].end - 1});
    for (int i = 0; i < 30; ++i)
      cycles.push_back(rng() % (session->totalCycles() + 1));
    for (uint64_t cycle : cycles)
      for (int c = 0; c < cores; ++c)
        QCOMPARE(model.valueAt(c, cycle), heldAt(lx, c, cycle));
    // Stacked by buffer, named by the KTIR value they hold; the layers add
    // up to the total after every event of the busiest core.
    int busiest = model.peak(-1).core;
    QVERIFY(busiest >= 0);
    auto layers = model.layers(busiest, 6);
    QVERIFY(!layers.empty());
    for (const auto &layer : layers)
      QVERIFY2(!layer.label.startsWith("line "), qPrintable(layer.label));
    const auto &rows = model.eventsOf(busiest);
    for (size_t i = 0; i < rows.size(); ++i) {
      double sum = 0;
      for (const auto &layer : layers)
        sum += layer.bytes[i];
      QCOMPARE(uint64_t(sum), model.trace().events[rows[i]].inUse);
    }
  }

  void ringStateRows_data() {
    // A two-core machine, engines: 0 = core 0 "sfu#0", 1 = core 0
    // "mnilu#0", 2 = core 1 "sfu#0". Issue at 10 for 5 cycles on engine 0;
    // engine 1 blocks at 12, wakes at 20, issues at 20 for 2; engine 2
    // issues at 0 for 100, halts at 100. Link 0 carries 256 bytes over
    // [8, 16) towards core 1, then 64 bytes over [16, 18); link 1 back
    // carries a DMA of 512 bytes over [30, 40).
    QTest::addColumn<quint64>("cycle");
    QTest::addColumn<QStringList>("busy0");
    QTest::addColumn<QStringList>("blocked0");
    QTest::addColumn<QStringList>("busy1");
    QTest::addColumn<QString>("links"); // "link/direction:bytes[d]" ...
    QTest::addColumn<quint64>("lx0");
    QTest::newRow("start") << 0ull << QStringList{} << QStringList{}
                           << QStringList{"sfu#0"} << "" << 0ull;
    QTest::newRow("link starts") << 8ull << QStringList{} << QStringList{}
                                 << QStringList{"sfu#0"} << "0/0:256" << 0ull;
    QTest::newRow("issue") << 10ull << QStringList{"sfu#0"} << QStringList{}
                           << QStringList{"sfu#0"} << "0/0:256" << 4096ull;
    QTest::newRow("blocked") << 12ull << QStringList{"sfu#0"}
                             << QStringList{"mnilu#0"} << QStringList{"sfu#0"}
                             << "0/0:256" << 4096ull;
    QTest::newRow("issue ended, next transfer")
        << 16ull << QStringList{} << QStringList{"mnilu#0"}
        << QStringList{"sfu#0"} << "0/0:64" << 4096ull;
    QTest::newRow("woken") << 20ull << QStringList{"mnilu#0"} << QStringList{}
                           << QStringList{"sfu#0"} << "" << 0ull;
    QTest::newRow("dma back") << 35ull << QStringList{} << QStringList{}
                              << QStringList{"sfu#0"} << "1/1:512d" << 0ull;
    QTest::newRow("halted") << 100ull << QStringList{} << QStringList{}
                            << QStringList{} << "" << 0ull;
  }

  void ringStateRows() {
    QFETCH(quint64, cycle);
    QFETCH(QStringList, busy0);
    QFETCH(QStringList, blocked0);
    QFETCH(QStringList, busy1);
    QFETCH(QString, links);
    QFETCH(quint64, lx0);
    using K = emu::EventKind;
    std::vector<emu::TraceEvent> events = {
        {0, 100, 2, 0, K::Issue},  {10, 5, 0, 0, K::Issue},
        {12, 0, 1, 0, K::Block},   {20, 0, 1, 0, K::Unblock},
        {20, 2, 1, 1, K::Issue},   {100, 0, 2, 1, K::Halt}};
    std::vector<emu::LinkTransfer> transfers = {
        {8, 16, 0, 0, 256, false}, {16, 18, 0, 0, 64, false},
        {30, 40, 1, 1, 512, true}};
    OccupancyTrace lx;
    lx.timeUnit = "cycle";
    lx.capacityBytes = 1 << 20;
    lx.cores = 2;
    lx.events = {{0, 10, 4096, 4096, 1, 3, "a", 0},
                 {0, 20, -4096, 0, 1, 3, "a", 0}};
    RingStateIndex index(events, transfers,
                         {{0, "sfu#0"}, {0, "mnilu#0"}, {1, "sfu#0"}}, 2,
                         std::make_shared<const OccupancyIndex>(lx));
    RingLiveState s = index.at(cycle);
    QVERIFY(s.valid);
    QCOMPARE(s.cycle, uint64_t(cycle));
    QCOMPARE(int(s.cores.size()), 2);
    auto list = [](const std::vector<std::string> &v) {
      QStringList out;
      for (const auto &n : v)
        out << QString::fromStdString(n);
      return out;
    };
    QCOMPARE(s.cores[0].engines, 2);
    QCOMPARE(s.cores[1].engines, 1);
    QCOMPARE(list(s.cores[0].busy), busy0);
    QCOMPARE(list(s.cores[0].blocked), blocked0);
    QCOMPARE(list(s.cores[1].busy), busy1);
    QCOMPARE(s.cores[0].lxBytes, uint64_t(lx0));
    QCOMPARE(s.lxCapacity, uint64_t(1 << 20));
    QStringList said;
    for (const auto &l : s.links)
      said << QStringLiteral("%1/%2:%3%4")
                  .arg(l.link)
                  .arg(l.direction)
                  .arg(l.bytes)
                  .arg(l.dma ? "d" : "");
    QCOMPARE(said.join(' '), links);
  }

  void ringStateAgainstTheEmulator() {
    QString why;
    auto session = emulateSample("rmsnorm_ring.mlir", "spyre", why);
    QVERIFY2(session && !session->faulted(), qPrintable(why));
    const emu::TraceData &trace = session->trace();
    const emu::Machine &m = session->finalMachine();
    auto lx = std::make_shared<const OccupancyIndex>(traceOf(*session));
    RingStateIndex index(trace.events, trace.links,
                         RingStateIndex::enginesOf(m.prepared()),
                         m.arch().numCores, lx);
    // Every issued instruction's engine is busy at its first cycle (and
    // the engine's name is in its core's busy list); sampled.
    size_t checked = 0;
    for (size_t i = 0; i < trace.events.size(); i += 7) {
      const emu::TraceEvent &e = trace.events[i];
      if (e.kind != emu::EventKind::Issue || e.duration == 0)
        continue;
      RingLiveState s = index.at(e.cycle);
      const auto &info = m.prepared().engines[e.engine];
      std::string name = m.prepared().module->programs[size_t(info.program)].unit +
                         "#" + std::to_string(info.instance);
      const auto &busy = s.cores[size_t(info.core)].busy;
      QVERIFY2(std::find(busy.begin(), busy.end(), name) != busy.end(),
               qPrintable(QString::fromStdString(m.engineName(e.engine))));
      ++checked;
    }
    QVERIFY(checked > 10);
    // Every link transfer shows at its first cycle on its link, with bytes.
    QVERIFY(!trace.links.empty());
    for (const emu::LinkTransfer &t : trace.links) {
      RingLiveState s = index.at(t.start);
      auto it = std::find_if(s.links.begin(), s.links.end(), [&](const auto &l) {
        return l.link == t.link && l.direction == t.direction;
      });
      QVERIFY(it != s.links.end());
      QCOMPARE(it->bytes, t.bytes);
    }
    // After the end nothing is busy and no link carries anything.
    RingLiveState end = index.at(session->totalCycles() + 1);
    QVERIFY(end.links.empty());
    for (const auto &c : end.cores)
      QVERIFY(c.busy.empty());
  }

  void chartCursorAndRange() {
    QString why;
    auto session = emulateSample("softmax.mlir", "spyre", why);
    QVERIFY2(session, qPrintable(why));
    OccupancyModel model;
    model.setTrace(traceOf(*session));
    OccupancyChart chart;
    chart.setModel(&model);
    chart.resize(900, 400);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    int core = model.peak(-1).core;
    chart.setFocusedCore(core);
    uint64_t at = model.peak(core).time;
    chart.setCursorTime(at);
    QVERIFY(chart.cursorTime() && *chart.cursorTime() == at);
    QString text = chart.cursorText();
    QVERIFY2(text.contains(QStringLiteral("cycle %1").arg(at)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("core %1").arg(core)), qPrintable(text));
    // Drag across the middle of the plot: a range inside the run.
    QSignalSpy selected(&chart, &OccupancyChart::rangeSelected);
    QSignalSpy clicked(&chart, &OccupancyChart::timeClicked);
    auto *view = chart.findChild<QGraphicsView *>("occupancyChartView");
    QVERIFY(view);
    QWidget *port = view->viewport();
    QPoint from(port->width() * 2 / 5, port->height() / 2);
    QPoint to(port->width() * 3 / 5, port->height() / 2);
    QTest::mousePress(port, Qt::LeftButton, {}, from);
    QTest::mouseMove(port, to);
    QTest::mouseRelease(port, Qt::LeftButton, {}, to);
    QCOMPARE(selected.count(), 1);
    quint64 lo = selected.at(0).at(0).toULongLong();
    quint64 hi = selected.at(0).at(1).toULongLong();
    QVERIFY(lo < hi);
    QVERIFY(hi <= session->totalCycles() + 1);
    QVERIFY(chart.selectedRange().has_value());
    QVERIFY(chart.cursorText().contains("selected"));
    // A click asks for a time; Escape clears the range.
    QTest::mouseClick(port, Qt::LeftButton, {}, from);
    QCOMPARE(clicked.count(), 1);
    QSignalSpy cleared(&chart, &OccupancyChart::rangeCleared);
    QTest::keyClick(port, Qt::Key_Escape);
    QCOMPARE(cleared.count(), 1);
    QVERIFY(!chart.selectedRange());
  }

  // The readout writes its numbers as the rest of the app does ("1,984"),
  // and says "nothing in use" rather than "most on core 0 (0 B)".
  void chartReadoutGroupsThousands() {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    OccupancyModel model;
    model.setTrace(cycleTrace(2, {{1, 1500, 1984, 1984, 1, 7, "op"},
                                  {0, 2000, 4096, 4096, 2, 8, "op"},
                                  {1, 12500, -1984, 0, 1, 7, "op"},
                                  {0, 13000, -4096, 0, 2, 8, "op"}}));
    OccupancyChart chart;
    QVERIFY(showChart(chart, model, QSize(900, 400)));
    chart.setCursorTime(1700);
    QString text = chart.cursorText();
    QVERIFY2(text.startsWith("cycle 1,700: "), qPrintable(text));
    QVERIFY2(text.contains("most on core 1"), qPrintable(text));
    chart.setCursorTime(15000);
    QVERIFY2(chart.cursorText() == "cycle 15,000: nothing in use", qPrintable(chart.cursorText()));
    chart.setFocusedCore(1);
    chart.finishPreparing();
    chart.setCursorTime(2500);
    QVERIFY2(chart.cursorText() == "cycle 2,500: 1.9 KiB in use on core 1",
             qPrintable(chart.cursorText()));
    chart.selectRange(1000, 12345);
    QVERIFY2(chart.cursorText().endsWith("selected cycles 1,000–12,345 (11,345)"),
             qPrintable(chart.cursorText()));
    QLocale::setDefault(QLocale::system());
  }

  // A peak at the run's first cycle, at the top of a plot fitted to the
  // data: its label stays inside the plot area (not over the axis' labels
  // at the left, nor over the title at the top).
  void peakLabelStaysInThePlot() {
    OccupancyModel model;
    model.setTrace(cycleTrace(1, {{0, 1, 65536, 65536, 1, 7, "op"},
                                  {0, 9000, -61440, 4096, 1, 7, "op"},
                                  {0, 20000, -4096, 0, 1, 7, "op"}}));
    OccupancyChart chart;
    QVERIFY(showChart(chart, model, QSize(640, 300)));
    for (int core : {-1, 0}) {
      chart.setFocusedCore(core);
      chart.finishPreparing();
      QCoreApplication::processEvents();
      const QRectF label = chart.peakLabelRect(), area = chart.plotArea();
      QVERIFY(!label.isEmpty());
      QVERIFY2(area.contains(label),
               qPrintable(QStringLiteral("label %1,%2 %3x%4 outside the plot %5,%6 %7x%8")
                              .arg(label.x()).arg(label.y()).arg(label.width())
                              .arg(label.height()).arg(area.x()).arg(area.y())
                              .arg(area.width()).arg(area.height())));
    }
  }

  void longTraceIsPreparedInTheBackground() {
    // 100k events on one core: the redraw returns at once and the picture
    // arrives from the worker.
    OccupancyTrace trace;
    trace.timeUnit = "cycle";
    trace.capacityBytes = 2 << 20;
    trace.cores = 1;
    uint64_t inUse = 0;
    std::mt19937 rng(3);
    for (uint64_t t = 1; t <= 100000; ++t) {
      bool alloc = inUse < 4096 || (rng() % 2 && inUse < (1u << 20));
      int64_t delta = alloc ? 4096 : -4096;
      inUse = uint64_t(int64_t(inUse) + delta);
      trace.events.push_back({0, t, delta, inUse, 0, int(t % 5) + 1, "op"});
    }
    OccupancyModel model;
    model.setTrace(trace);
    OccupancyChart chart;
    chart.setColumns(1000);
    QSignalSpy redrawn(&chart, &OccupancyChart::redrawn);
    chart.setModel(&model);
    QVERIFY(chart.isPreparing());
    QVERIFY(redrawn.wait(10000));
    QVERIFY(!chart.isPreparing());
    QVERIFY(chart.plottedPoints() > 0);
    QVERIFY(chart.plottedPoints() <= 2 * 4 * 1000 + 8);
    // Two requests in a row: only the newest is shown.
    chart.setFocusedCore(0);
    chart.setFocusedCore(-1);
    chart.setFocusedCore(0);
    chart.finishPreparing();
    QVERIFY(!chart.isPreparing());
    QCOMPARE(chart.focusedCore(), 0);
    QVERIFY(chart.plottedPoints() <= 6 * (2 * 4 * 1000 + 1));
  }
};

QTEST_MAIN(EmulatedRunTest)
#include "EmulatedRunTest.moc"
