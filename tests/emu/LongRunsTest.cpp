//===- LongRunsTest.cpp - bounded records of a run against the whole run --===//
//
// Issue 26: what a session keeps of a long run (its Overview, windows
// re-executed, the streaming Chrome trace, the scratchpad levels worked
// out as the run goes) gives the same numbers as the whole trace of the
// same run, on samples small enough to keep it whole:
//   * the overview's busy and blocked cycles per engine per bucket are the
//     Timeline's intervals (TimelineModel's rules) cut at the buckets; its
//     scratchpad minima and maxima per bucket are those of the levels the
//     interval record gives; its peaks are emu::peakLx's; its link bytes
//     add up to the run's;
//   * a window re-executed from its checkpoint issues the instructions the
//     whole run issued there, and its overview is the whole trace's;
//   * the Chrome trace written as the run goes holds the events the
//     in-memory trace's writer gives (gzipped too), and a cycle window
//     holds only that window;
//   * a run longer than every limit (detail, checkpoint budget, buckets)
//     keeps no trace, says so, and its overview still covers the whole
//     run; a budget that cannot hold a checkpoint is refused.
//
//===----------------------------------------------------------------------===//

#include "SameState.h"

#include "driver/Emulate.h"
#include "emu/ChromeTrace.h"
#include "emu/Report.h"
#include "emu/Session.h"

#include <nlohmann/json.hpp>
#include <zlib.h>

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>
#include <tuple>

using namespace spyre;

namespace {

std::string readSample(const std::string &name) {
  std::ifstream in(std::string(SPYRE_SAMPLES_DIR) + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

driver::EmulateRequest requestFor(const std::string &sample) {
  driver::EmulateRequest r;
  r.run.source = readSample(sample);
  r.run.sourceName = sample;
  r.run.seed = 0;
  return r;
}

/// A session of `sample` keeping the whole trace.
driver::Emulation recordWhole(const std::string &sample, size_t buckets = 512) {
  emu::SessionOptions so;
  so.detailEvents = uint64_t(1) << 30;
  so.overviewBuckets = buckets;
  return driver::startSession(requestFor(sample), so);
}

/// Per engine, per bucket of `ov`: busy and blocked cycles of the
/// TimelineModel built from `events` (a start before the lane's last end
/// moves to it; blocked from Block to Unblock, still blocked at `end`
/// closes there), only inside [ov.origin(), limit).
struct Spans {
  std::vector<std::vector<uint64_t>> busy, blocked;
};
Spans spansOf(const std::vector<emu::TraceEvent> &events, const emu::Overview &ov,
              uint64_t end, uint64_t limit) {
  Spans s;
  s.busy.assign(ov.engineCount(), std::vector<uint64_t>(ov.capacity(), 0));
  s.blocked = s.busy;
  std::vector<uint64_t> busyEnd(ov.engineCount(), 0), blockedEnd(ov.engineCount(), 0),
      since(ov.engineCount(), UINT64_MAX);
  auto add = [&](std::vector<uint64_t> &row, uint64_t a, uint64_t b) {
    a = std::max(a, ov.origin());
    b = std::min(b, limit);
    if (b <= a)
      return;
    for (size_t i = 0; i < ov.capacity(); ++i) {
      uint64_t b0 = ov.bucketStart(i), b1 = b0 + ov.width();
      if (b1 > a && b0 < b)
        row[i] += std::min(b, b1) - std::max(a, b0);
    }
  };
  for (const emu::TraceEvent &e : events) {
    size_t k = e.engine;
    if (e.kind == emu::EventKind::Issue) {
      uint64_t a = std::max(e.cycle, busyEnd[k]), b = e.cycle + e.duration;
      if (b > a) {
        add(s.busy[k], a, b);
        busyEnd[k] = b;
      }
    } else if (e.kind == emu::EventKind::Block && since[k] == UINT64_MAX) {
      since[k] = e.cycle;
    } else if (e.kind == emu::EventKind::Unblock && since[k] != UINT64_MAX) {
      uint64_t a = std::max(since[k], blockedEnd[k]);
      since[k] = UINT64_MAX;
      if (e.cycle > a) {
        add(s.blocked[k], a, e.cycle);
        blockedEnd[k] = e.cycle;
      }
    }
  }
  for (size_t k = 0; k < since.size(); ++k)
    if (since[k] != UINT64_MAX) {
      uint64_t a = std::max(since[k], blockedEnd[k]), b = std::max(end, since[k]);
      if (b > a)
        add(s.blocked[k], a, b);
    }
  return s;
}

/// Each core's level after every cycle's changes, from the interval record.
std::vector<std::map<uint64_t, int64_t>> levelsOf(const std::vector<emu::LxInterval> &lx,
                                                  int cores) {
  std::vector<std::map<uint64_t, int64_t>> delta{size_t(cores)};
  for (const emu::LxInterval &i : lx) {
    delta[size_t(i.core)][i.start] += i.bytes;
    delta[size_t(i.core)][i.end] -= i.bytes;
  }
  for (auto &d : delta) {
    int64_t in = 0;
    for (auto &[t, v] : d)
      v = (in += v);
  }
  return delta;
}

/// The overview's scratchpad minima and maxima per bucket from `levels`
/// at the cycles before `limit` (a whole run: its last cycle + 1, the
/// frees there included; a window: its end).
void checkLevels(const emu::Overview &ov,
                 const std::vector<std::map<uint64_t, int64_t>> &levels,
                 uint64_t limit) {
  for (int32_t c = 0; c < ov.coreCount(); ++c) {
    const auto &lv = levels[size_t(c)];
    for (size_t i = 0; i < ov.size(); ++i) {
      uint64_t b0 = ov.bucketStart(i), b1 = std::min(b0 + ov.width(), std::max(limit, b0 + 1));
      if (b0 >= ov.lxKnownUntil(c))
        continue;
      // The level at b0 and at every change inside the bucket.
      auto at = lv.upper_bound(b0);
      int64_t lo = at == lv.begin() ? 0 : std::prev(at)->second, hi = lo;
      for (auto it = at; it != lv.end() && it->first < b1; ++it) {
        lo = std::min(lo, it->second);
        hi = std::max(hi, it->second);
      }
      if (ov.lxMin(c, i) != lo || ov.lxMax(c, i) != hi)
        QFAIL(qPrintable(QString("core %1 bucket %2 [%3, %4): overview %5..%6, "
                                 "record %7..%8")
                             .arg(c)
                             .arg(i)
                             .arg(b0)
                             .arg(b1)
                             .arg(ov.lxMin(c, i))
                             .arg(ov.lxMax(c, i))
                             .arg(lo)
                             .arg(hi)));
    }
  }
}

/// The trace file's events as sorted JSON texts (metadata left out).
std::vector<std::string> eventsOf(const std::string &text) {
  nlohmann::json j = nlohmann::json::parse(text);
  std::vector<std::string> out;
  for (const auto &e : j["traceEvents"])
    out.push_back(e.dump());
  std::sort(out.begin(), out.end());
  return out;
}

std::string readGzip(const std::string &path) {
  gzFile f = gzopen(path.c_str(), "rb");
  std::string out;
  if (!f)
    return out;
  char buf[1 << 16];
  int n = 0;
  while ((n = gzread(f, buf, sizeof buf)) > 0)
    out.append(buf, size_t(n));
  gzclose(f);
  return out;
}

std::string fileText(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace

class LongRunsTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void overviewMatchesWholeTrace_data();
  void overviewMatchesWholeTrace();
  void windowMatchesWholeRun();
  void windowFromKeptStateMatches();
  void seekPreparedElsewhereIsSeekCycle();
  void streamedTraceMatchesInMemory();
  void longerThanEveryLimit();
  void budgetTooSmallIsRefused();
  void everyRecordWithinTheTraceLimit();
};

void LongRunsTest::overviewMatchesWholeTrace_data() {
  QTest::addColumn<QString>("sample");
  QTest::addColumn<int>("buckets");
  QTest::newRow("softmax 512") << "softmax.mlir" << 512;
  QTest::newRow("softmax 7") << "softmax.mlir" << 8; // width doubled often
  QTest::newRow("rmsnorm_ring") << "rmsnorm_ring.mlir" << 256;
  QTest::newRow("gather_rows") << "gather_rows.mlir" << 128;
  QTest::newRow("transpose_tile") << "transpose_tile.mlir" << 1024;
  QTest::newRow("silu_gelu_chain") << "silu_gelu_chain.mlir" << 64;
}

void LongRunsTest::overviewMatchesWholeTrace() {
  QFETCH(QString, sample);
  QFETCH(int, buckets);
  driver::Emulation run = recordWhole(sample.toStdString(), size_t(buckets));
  QVERIFY2(run.session, run.errors.empty() ? "?" : run.errors.front().c_str());
  const emu::Session &s = *run.session;
  QVERIFY(s.complete());
  QVERIFY(s.detailed());
  const emu::TraceData &t = s.trace();
  const emu::Overview &ov = s.overview();
  QVERIFY(ov.finished());
  QCOMPARE(ov.endCycle(), s.totalCycles());
  QCOMPARE(ov.events(), s.totalEvents());
  QVERIFY(ov.size() <= size_t(buckets));
  // Engines: busy and blocked per bucket.
  Spans want = spansOf(t.events, ov, s.totalCycles(), UINT64_MAX);
  for (size_t e = 0; e < ov.engineCount(); ++e)
    for (size_t i = 0; i < ov.capacity(); ++i) {
      QCOMPARE(uint64_t(ov.busy(e, i)), want.busy[e][i]);
      QCOMPARE(uint64_t(ov.blocked(e, i)), want.blocked[e][i]);
    }
  // Scratchpad levels and peaks.
  int cores = ov.coreCount();
  checkLevels(ov, levelsOf(t.lx, cores), s.totalCycles() + 1);
  std::vector<int64_t> peaks = emu::peakLx(t.lx, cores);
  emu::Summary summary = emu::summarise(s.finalMachine());
  QVERIFY(summary.lxPeaksComplete);
  for (int c = 0; c < cores; ++c) {
    QCOMPARE(ov.lxPeak(c), peaks[size_t(c)]);
    QCOMPARE(summary.peakLxBytes[size_t(c)], peaks[size_t(c)]);
  }
  // Link bytes add up to the run's.
  const emu::MachineState &end = s.finalMachine().state();
  for (size_t slot = 0; slot < ov.linkSlots(); ++slot) {
    double sum = 0;
    for (size_t i = 0; i < ov.capacity(); ++i)
      sum += ov.linkBytes(slot, i);
    QVERIFY2(std::abs(sum - double(end.linkBytes[slot])) <= 1e-6 * double(end.linkBytes[slot]) + 1e-6,
             qPrintable(QString("link slot %1: %2 vs %3").arg(slot).arg(sum).arg(end.linkBytes[slot])));
  }
}

void LongRunsTest::windowMatchesWholeRun() {
  driver::Emulation run = recordWhole("softmax.mlir");
  QVERIFY(run.session);
  const emu::Session &s = *run.session;
  const uint64_t total = s.totalCycles();
  for (auto [from, to] : {std::pair<uint64_t, uint64_t>{0, total / 5},
                          {total / 3, total / 3 + 97}, {total / 2, total}}) {
    emu::RunWindow w = s.window(from, to, 64, uint64_t(1) << 24);
    QVERIFY(w.detail);
    auto issues = [&](const std::vector<emu::TraceEvent> &events) {
      std::vector<std::tuple<uint64_t, uint32_t, uint32_t, uint32_t>> out;
      for (const emu::TraceEvent &e : events)
        if (e.kind == emu::EventKind::Issue && e.cycle >= from && e.cycle < to)
          out.push_back({e.cycle, e.engine, e.pc, e.duration});
      return out;
    };
    QVERIFY(!issues(s.trace().events).empty());
    QVERIFY(issues(w.detail->events) == issues(s.trace().events));
    // The window's overview against the whole trace cut at its buckets.
    Spans want = spansOf(s.trace().events, w.overview, total, to);
    for (size_t e = 0; e < w.overview.engineCount(); ++e)
      for (size_t i = 0; i < w.overview.capacity(); ++i) {
        QCOMPARE(uint64_t(w.overview.busy(e, i)), want.busy[e][i]);
        QCOMPARE(uint64_t(w.overview.blocked(e, i)), want.blocked[e][i]);
      }
    checkLevels(w.overview, levelsOf(s.trace().lx, w.overview.coreCount()),
                std::min(to, total + 1));
  }
}

void LongRunsTest::windowFromKeptStateMatches() {
  // Checkpoints far apart and states kept close together on a seek's way,
  // so that the state kept nearest before a window is well past its
  // checkpoint.
  // (Far apart said outright: softmax's state is small since its vector
  // registers are shared, and the interval no longer grows with it.)
  emu::SessionOptions so;
  so.detailEvents = uint64_t(1) << 30;
  so.overviewBuckets = 512;
  so.fineSpacing = 64;
  so.checkpointEvery = 17841; // what softmax's larger state gave
  driver::Emulation run = driver::startSession(requestFor("softmax.mlir"), so);
  QVERIFY(run.session);
  emu::Session &s = *run.session;
  QVERIFY(s.checkpointCount() >= 2);
  const uint64_t total = s.totalCycles();
  // A click late in the second interval: the seek keeps states on its way.
  const uint64_t secondCheckpoint = s.checkpointInterval();
  s.seekEvent(
      std::min(secondCheckpoint + s.checkpointInterval() * 7 / 8, s.totalEvents()));
  const uint64_t clicked = s.cycle();
  s.seekCycle(0);
  s.seekCycle(clicked);
  QVERIFY(s.fineStateCount() > 0);
  for (uint64_t back : {uint64_t(40), uint64_t(7), uint64_t(300)}) {
    const uint64_t from = clicked > back ? clicked - back : 0,
                   to = std::min(from + 97, total);
    emu::ReplayStart start = s.startFor(from);
    QVERIFY(start.checkpoint);
    // The nearer state is used (not the checkpoint) and comes before `from`.
    QVERIFY(start.state);
    QVERIFY(start.state->events > start.checkpoint->skeleton().events);
    QVERIFY(start.state->queue.empty() || start.state->queue.top().time < from);
    emu::RunWindow near = s.window(from, to, 64, uint64_t(1) << 24, &start);
    emu::RunWindow far = s.window(from, to, 64, uint64_t(1) << 24);
    QVERIFY(near.detail && far.detail);
    QCOMPARE(near.firstEvent, far.firstEvent);
    QCOMPARE(near.lastEvent, far.lastEvent);
    // What either replay recorded inside the window (each also recorded
    // some of what came before it, from where it started), sorted: a
    // record seeded at the start comes first, not where it was made.
    auto events = [&](const emu::TraceData &t) {
      std::vector<std::tuple<uint64_t, uint32_t, uint32_t, uint32_t, int>> out;
      for (const emu::TraceEvent &e : t.events)
        if (e.cycle < to && (e.cycle >= from || (e.kind == emu::EventKind::Issue &&
                                                 e.cycle + e.duration > from)))
          out.push_back({e.cycle, e.duration, e.engine, e.pc, int(e.kind)});
      std::sort(out.begin(), out.end());
      return out;
    };
    // Which engines are blocked when the window opens.
    auto blockedAtFrom = [&](const emu::TraceData &t) {
      std::map<uint32_t, bool> blocked;
      for (const emu::TraceEvent &e : t.events)
        if (e.cycle < from && e.kind != emu::EventKind::Issue)
          blocked[e.engine] = e.kind == emu::EventKind::Block;
      std::vector<uint32_t> out;
      for (auto [engine, is] : blocked)
        if (is)
          out.push_back(engine);
      return out;
    };
    auto links = [&](const emu::TraceData &t) {
      std::vector<std::tuple<uint64_t, uint64_t, int32_t, int, int64_t, bool>> out;
      for (const emu::LinkTransfer &l : t.links)
        if (l.start < to && l.end > from)
          out.push_back({l.start, l.end, l.link, int(l.direction), l.bytes, l.dma});
      std::sort(out.begin(), out.end());
      return out;
    };
    auto lx = [&](const emu::TraceData &t) {
      std::vector<std::tuple<int32_t, int32_t, int32_t, uint64_t, uint64_t, int64_t>> out;
      for (const emu::LxInterval &i : t.lx)
        if (i.start < to && i.end > from)
          out.push_back({i.core, i.buffer, i.copy, i.start, i.end, i.bytes});
      std::sort(out.begin(), out.end());
      return out;
    };
    QVERIFY(!events(*near.detail).empty());
    QVERIFY(events(*near.detail) == events(*far.detail));
    QVERIFY(blockedAtFrom(*near.detail) == blockedAtFrom(*far.detail));
    QVERIFY(links(*near.detail) == links(*far.detail));
    QVERIFY(lx(*near.detail) == lx(*far.detail));
    const emu::Overview &a = near.overview, &b = far.overview;
    QCOMPARE(a.capacity(), b.capacity());
    for (size_t e = 0; e < a.engineCount(); ++e)
      for (size_t i = 0; i < a.capacity(); ++i) {
        QCOMPARE(a.busy(e, i), b.busy(e, i));
        QCOMPARE(a.blocked(e, i), b.blocked(e, i));
      }
    for (int32_t c = 0; c < a.coreCount(); ++c)
      for (size_t i = 0; i < a.capacity(); ++i) {
        QCOMPARE(a.lxMin(c, i), b.lxMin(c, i));
        QCOMPARE(a.lxMax(c, i), b.lxMax(c, i));
      }
    // And both are the run's own records there.
    checkLevels(a, levelsOf(s.trace().lx, a.coreCount()), std::min(to, total + 1));
  }
}

void LongRunsTest::seekPreparedElsewhereIsSeekCycle() {
  // Two sessions of the same run: one seeks on its own thread, the other
  // has each seek's replay made on another thread and adopts it.
  emu::SessionOptions so;
  so.fineSpacing = 64;
  driver::Emulation one = driver::startSession(requestFor("softmax.mlir"), so);
  driver::Emulation two = driver::startSession(requestFor("softmax.mlir"), so);
  QVERIFY(one.session && two.session);
  emu::Session &a = *one.session, &b = *two.session;
  QVERIFY(a.checkpointCount() >= 2);
  const uint64_t total = a.totalCycles();
  auto same = [&] {
    std::string why;
    QVERIFY2(emutest::sameState(a.machine().state(), b.machine().state(), &why),
             why.c_str());
    QCOMPARE(b.position(), a.position());
    QCOMPARE(b.cycle(), a.cycle());
    QCOMPARE(b.lastReplay(), a.lastReplay());
    QCOMPARE(b.fineStateCount(), a.fineStateCount());
  };
  // Backwards, forwards from the cursor (stepping on), into another
  // interval, onto a state kept, past the end.
  int fromCursor = 0, kept = 0;
  for (uint64_t c : {total * 3 / 4, total / 3, total / 3 + 40, total / 2, total / 3 + 20,
                     total * 3 / 4 + 5, uint64_t(0), total + 10}) {
    QVERIFY(a.seekCycle(c));
    emu::SeekStart start = b.seekStart(c);
    fromCursor += start.fromCursor;
    kept += !start.fromCursor && start.state != nullptr;
    emu::PreparedSeek prepared;
    std::thread elsewhere([&] { prepared = b.prepareSeekCycle(c, start); });
    elsewhere.join();
    QVERIFY(prepared.state);
    QVERIFY(b.adoptSeek(std::move(prepared)));
    same();
    // And the steps back after it, from the states each kept.
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(b.stepBack(), a.stepBack());
      same();
    }
  }
  QVERIFY(fromCursor > 0);
  QVERIFY(kept > 0);
  // A seek cancelled on its way gives nothing to adopt; the cursor stays.
  const uint64_t at = b.position();
  std::atomic<bool> cancel{true};
  emu::PreparedSeek stopped = b.prepareSeekCycle(total, b.seekStart(total), &cancel);
  QVERIFY(!stopped.state);
  QVERIFY(!b.adoptSeek(std::move(stopped)));
  QCOMPARE(b.position(), at);
}

void LongRunsTest::streamedTraceMatchesInMemory() {
  QTemporaryDir dir;
  driver::EmulateRequest request = requestFor("rmsnorm_ring.mlir");
  request.options.trace = true;
  driver::Emulation inMemory = driver::emulate(request);
  QVERIFY(inMemory.ok() && inMemory.result.ok);
  // The same run again with its trace written as it goes, plain and gzipped.
  request.spyreCode = inMemory.module;
  request.arguments = inMemory.arguments;
  request.options.trace = false;
  const std::string plain = dir.filePath("t.json").toStdString();
  const std::string gz = dir.filePath("t.json.gz").toStdString();
  request.options.tracePath = plain;
  QVERIFY(driver::emulate(request).result.ok);
  request.options.tracePath = gz;
  QVERIFY(driver::emulate(request).result.ok);
  // The in-memory writer on a machine run with the whole trace.
  std::ostringstream whole;
  {
    driver::EmulateOptions o;
    o.trace = true;
    // emulate() does not hand back its machine: run one here the same way.
    std::vector<std::string> errors;
    auto session = driver::startSession(inMemory.module, inMemory.arguments, o, errors);
    QVERIFY(session && session->detailed());
    // The session's trace is the whole run's: write it as a finished
    // machine with that trace would.
    emu::Options traced;
    traced.trace = true;
    emu::Machine replayed(session->job(), traced);
    replayed.restore(session->finalMachine().state());
    replayed.trace() = session->trace();
    emu::writeChromeTrace(replayed, whole);
  }
  std::vector<std::string> want = eventsOf(whole.str());
  QCOMPARE(eventsOf(fileText(plain)), want);
  QCOMPARE(eventsOf(readGzip(gz)), want);
  // A window: nothing outside it.
  request.options.tracePath = plain;
  uint64_t cycles = inMemory.result.summary.totalCycles;
  request.options.traceFrom = cycles / 4;
  request.options.traceTo = cycles / 2;
  QVERIFY(driver::emulate(request).result.ok);
  nlohmann::json j = nlohmann::json::parse(fileText(plain));
  double usPerCycle = 1.0 / j["metadata"]["cycles_per_us"].get<double>();
  size_t inside = 0;
  for (const auto &e : j["traceEvents"]) {
    if (e["ph"] == "M")
      continue;
    double from = e["ts"].get<double>() / usPerCycle;
    double to = from + (e.contains("dur") ? e["dur"].get<double>() / usPerCycle : 0);
    QVERIFY2(to + 1e-6 >= double(cycles / 4) && from < double(cycles / 2) + 1e-6,
             e.dump().c_str());
    ++inside;
  }
  QVERIFY(inside > 0);
  QCOMPARE(j["metadata"]["window"]["from_cycle"].get<uint64_t>(), cycles / 4);
}

void LongRunsTest::longerThanEveryLimit() {
  driver::Emulation whole = recordWhole("softmax.mlir");
  QVERIFY(whole.session);
  emu::SessionOptions so;
  so.detailEvents = 1000;
  so.overviewBuckets = 16;
  so.checkpointBudget = 64 * emu::Session::stateBytes(whole.session->finalMachine().state());
  driver::Emulation run = driver::startSession(requestFor("softmax.mlir"), so);
  QVERIFY2(run.session, run.errors.empty() ? "?" : run.errors.front().c_str());
  const emu::Session &s = *run.session;
  QVERIFY(s.complete());
  QCOMPARE(s.totalEvents(), whole.session->totalEvents());
  QVERIFY(!s.detailed());
  QVERIFY(s.trace().events.empty());
  QVERIFY(s.checkpointBytes() <= so.checkpointBudget);
  // The overview still covers the whole run, with the whole run's totals.
  const emu::Overview &ov = s.overview();
  QCOMPARE(ov.endCycle(), whole.session->totalCycles());
  QVERIFY(ov.size() <= 16);
  QVERIFY(ov.bucketStart(ov.size() - 1) + ov.width() >= ov.endCycle());
  for (size_t e = 0; e < ov.engineCount(); ++e)
    QCOMPARE(ov.busyCycles(e), whole.session->overview().busyCycles(e));
  for (int c = 0; c < ov.coreCount(); ++c)
    QCOMPARE(ov.lxPeak(c), whole.session->overview().lxPeak(c));
  // Stepping still reaches every event, and the same states.
  emu::Session &a = *run.session, &b = *whole.session;
  for (uint64_t n : {uint64_t(0), a.totalEvents() / 3, a.totalEvents() - 1, a.totalEvents()}) {
    QVERIFY(a.seekEvent(n) && b.seekEvent(n));
    QCOMPARE(a.cycle(), b.cycle());
  }
  QVERIFY(a.seekEvent(a.totalEvents() / 2));
  QVERIFY(a.stepBack());
  QCOMPARE(a.position(), a.totalEvents() / 2 - 1);
}

void LongRunsTest::budgetTooSmallIsRefused() {
  emu::SessionOptions so;
  so.checkpointBudget = 0;
  driver::Emulation run = driver::startSession(requestFor("softmax.mlir"), so);
  QVERIFY(!run.session);
  QCOMPARE(run.errors.size(), size_t(1));
  QVERIFY2(run.errors.front().find("checkpoint budget of 0 bytes") != std::string::npos,
           run.errors.front().c_str());
}

void LongRunsTest::everyRecordWithinTheTraceLimit() {
  // Issue 29 section 6: Options::traceLimit bounds every record of the
  // in-memory trace, the scratchpad intervals as well as the events, and
  // what is left out is counted.
  driver::Emulation whole = recordWhole("softmax.mlir");
  QVERIFY(whole.session);
  const emu::TraceData &all = whole.session->trace();
  QVERIFY(all.whole());
  const size_t limit = 100;
  QVERIFY(all.lx.size() > limit && all.events.size() > limit);
  emu::Options o;
  o.trace = true;
  o.traceLimit = limit;
  emu::Machine m(whole.session->job(), o);
  QCOMPARE(m.run(), emu::Machine::Status::Finished);
  m.closeOccupancy();
  const emu::TraceData &t = m.trace();
  QCOMPARE(t.events.size(), limit);
  QCOMPARE(t.lx.size(), limit);
  QVERIFY(t.fifo.size() <= limit && t.links.size() <= limit && t.hbm.size() <= limit);
  QVERIFY(!t.whole());
  QCOMPARE(t.droppedEvents, uint64_t(all.events.size() - limit));
  const uint64_t records = all.fifo.size() + all.links.size() + all.hbm.size() + all.lx.size();
  QCOMPARE(t.droppedRecords + t.fifo.size() + t.links.size() + t.hbm.size() + t.lx.size(),
           records);
  // Without the trace nothing is kept at all.
  emu::Machine quiet(whole.session->job(), emu::Options{});
  QCOMPARE(quiet.run(), emu::Machine::Status::Finished);
  quiet.closeOccupancy();
  QVERIFY(quiet.trace().events.empty() && quiet.trace().lx.empty());
}

QTEST_GUILESS_MAIN(LongRunsTest)
#include "LongRunsTest.moc"
