//===- EmuTest.cpp - the emulator on hand-built SpyreCode programs --------===//
//
// Functional results, faults as diagnostics (deadlock, cycle budget, LX
// and HBM accesses out of bounds), determinism, stepping forwards and
// backwards, the Chrome trace's tracks, launch-many, the physical lower
// bounds and the HBM-bandwidth timing check.
//
//===----------------------------------------------------------------------===//

#include "HandBuilt.h"
#include "SameState.h"

#include "emu/Alu.h"
#include "emu/ChromeTrace.h"
#include "emu/Machine.h"
#include "emu/PackedState.h"
#include "emu/Report.h"
#include "emu/Session.h"
#include "runtime/Runtime.h"

#include <nlohmann/json.hpp>

#include <QtTest/QtTest>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <sstream>

using namespace spyre;
using namespace spyre::emutest;

namespace {

constexpr int64_t kInBase = 0x10000 / 2;  // element index of `in`
constexpr int64_t kOutBase = 0x20000 / 2; // element index of `out`

std::shared_ptr<const runtime::Prepared> prepareOrFail(const code::Module &m,
                                                       arch::Arch a = arch::defaultArch()) {
  runtime::PrepareResult r = runtime::prepare(m, a);
  if (!r.ok())
    qWarning("%s", code::formatCodeErrors(&m, r.errors).c_str());
  return r.prepared;
}

std::shared_ptr<const runtime::Job>
launchCopy(const std::shared_ptr<const runtime::Prepared> &p, int64_t rows,
           int64_t inBase = kInBase, int64_t outBase = kOutBase,
           int64_t shift = 0, int64_t outElements = -1) {
  runtime::Bindings b;
  b.tensor("in", inBase, rows * 64);
  b.tensor("out", outBase, outElements < 0 ? rows * 64 : outElements);
  b.scalar("shift", shift);
  runtime::LaunchResult r = runtime::launch(p, b);
  if (!r.ok()) {
    qWarning("%s", code::formatCodeErrors(p->module.get(), r.errors).c_str());
    return nullptr;
  }
  return std::make_shared<const runtime::Job>(std::move(*r.job));
}

/// in[i] = (i % 200) - 100 as f16 (exact), at element index `base`.
void fillInput(emu::PagedMemory &hbm, int64_t rows, int64_t base = kInBase) {
  for (int64_t i = 0; i < rows * 64; ++i) {
    uint16_t h = toHalfBits(float(i % 200) - 100.0f);
    hbm.writeBytes(uint64_t((base + i) * 2), reinterpret_cast<uint8_t *>(&h), 2);
  }
}

/// `rows` rows copied on cores 0 and 3, launched (null when that fails), with
/// what fills its input and session options checkpointing every 16 events.
std::shared_ptr<const runtime::Job> copyOnTwoCores(std::function<void(emu::Machine &)> &init,
                                                   emu::SessionOptions &so,
                                                   int64_t rows = 64) {
  so.checkpointEvery = 16;
  CopyKernel k;
  k.rows = rows;
  k.placement = {0, 3};
  auto p = prepareOrFail(copyKernel(k));
  init = [rows = k.rows](emu::Machine &m) { fillInput(m.hbm(), rows); };
  // The output after the input, however many rows.
  return p ? launchCopy(p, k.rows, kInBase, std::max(kOutBase, kInBase + rows * 64)) : nullptr;
}

/// Checks out[i] == 2 * in[i] (f16 bits).
bool outputDoubled(const emu::PagedMemory &hbm, int64_t rows,
                   int64_t base = kOutBase) {
  for (int64_t i = 0; i < rows * 64; ++i) {
    uint16_t h = 0;
    hbm.readBytes(uint64_t((base + i) * 2), reinterpret_cast<uint8_t *>(&h), 2);
    if (h != toHalfBits(2.0f * (float(i % 200) - 100.0f))) {
      qWarning("out[%lld] = 0x%04x", (long long)i, h);
      return false;
    }
  }
  return true;
}

} // namespace

class EmuTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void copyKernelComputes_data();
  void copyKernelComputes();
  void vectorNotWholeSticksFaults();
  void deadlockIsADiagnostic();
  void barrierOnlyOneCoreReaches();
  void cycleBudgetStops();
  void lxAccessOutsideBuffer();
  void hbmAccessOutsideTensors();
  void heldTilesOverCapacity();
  void deterministic();
  void stepForwardThenBack();
  void denseCheckpointsAreThinned();
  void stepsBackInARowFromKeptStates();
  void unchangedPagesAreShared();
  void sealedPagesUnpackAsTheyWere();
  void sealedCheckpointsRestoreTheRun();
  void recordInPiecesWithSnapshots();
  void cancelStopsRecording();
  void seekByCycleAndLine();
  void chromeTraceHasTracks();
  void launchMany();
  void lowerBoundsHold();
  void ringTakesTheShorterWay();
  void halvedHbmBandwidthIsSlower();
  void aRunThatNeverEndsIsBounded();
  void reduceFollowsNumerics();
};

/// The copy kernel moving one stick per vector, and two (the compute
/// engine receives and sends vectors of 128 f16 lanes, two sticks each:
/// as many sticks move, in the same order, through half the receives).
void EmuTest::copyKernelComputes_data() {
  QTest::addColumn<int>("sticksPerVector");
  QTest::newRow("one stick per vector") << 1;
  QTest::newRow("two sticks per vector") << 2;
}

void EmuTest::copyKernelComputes() {
  QFETCH(int, sticksPerVector);
  CopyKernel k;
  k.sticksPerVector = sticksPerVector;
  auto p = prepareOrFail(copyKernel(k));
  QVERIFY(p);
  auto job = launchCopy(p, k.rows);
  QVERIFY(job);
  emu::Machine m(*job, {});
  fillInput(m.hbm(), k.rows);
  QCOMPARE(int(m.run()), int(emu::Machine::Status::Finished));
  QVERIFY(outputDoubled(m.hbm(), k.rows));
  // Every engine halted; the run took at least the two DMA setups.
  for (const auto &en : m.state().engines)
    QCOMPARE(int(en.status), 2);
  QVERIFY(m.state().lastActivity >= 2 * uint64_t(p->arch.timing.dmaSetupCycles));
}

/// The fault message of running copy kernel `k` ("" when it prepares,
/// launches or finishes instead).
std::string faultOf(const CopyKernel &k) {
  auto p = prepareOrFail(copyKernel(k));
  auto job = p ? launchCopy(p, k.rows) : nullptr;
  if (!job)
    return {};
  emu::Machine m(*job, {});
  return m.run() == emu::Machine::Status::Faulted ? m.state().fault.message : "";
}

/// A vector of 128 lanes sent as four sticks of 64 (256 lanes) is a
/// fault on the send, not a read past the register.
void EmuTest::vectorNotWholeSticksFaults() {
  CopyKernel k;
  k.sticksPerVector = 2;
  k.sendSticks = 4;
  std::string fault = faultOf(k);
  QVERIFY2(fault.find("a vector of 128 lanes moved as 4 sticks of 64 lanes") !=
               std::string::npos,
           fault.c_str());
}

void EmuTest::deadlockIsADiagnostic() {
  CopyKernel k;
  k.deadlock = true;
  const std::string msg = faultOf(k);
  QVERIFY2(msg.find("deadlock") != std::string::npos, msg.c_str());
  // Every engine is named with its instruction, op and KTIR line.
  for (const char *part : {"core 0 mnilu#0 pc 0 (dflow.wait, KTIR line 3)",
                           "core 0 l1lu#0 pc 0 (dflow.wait, KTIR line 5)",
                           "core 0 sfu#0 pc 2 (dflow.recv, KTIR line 8)",
                           "core 0 l1su#0 pc 1 (dflow.collect, KTIR line 13)",
                           "core 0 mnisu#0 pc 0 (dflow.wait, KTIR line 15)"})
    QVERIFY2(msg.find(part) != std::string::npos, (msg + "\nmissing: " + part).c_str());
}

// Issue 29: a barrier only some cores reach (tile 0's load engine waits
// there, its other engines wait for it) is a deadlock on that core, named
// as such; the other core finishes.
void EmuTest::barrierOnlyOneCoreReaches() {
  CopyKernel k;
  k.barrierOnTileZero = true;
  k.placement = {0, 1};
  const std::string msg = faultOf(k);
  QVERIFY2(msg.find("deadlock") != std::string::npos, msg.c_str());
  QVERIFY2(msg.find("core 0 mnilu#0 pc 1 (dflow.barrier, KTIR line 1) blocked at "
                    "a barrier") != std::string::npos,
           msg.c_str());
  QVERIFY2(msg.find("core 1 ") == std::string::npos, msg.c_str());
}

void EmuTest::cycleBudgetStops() {
  CopyKernel k;
  auto p = prepareOrFail(copyKernel(k));
  auto job = launchCopy(p, k.rows);
  QVERIFY(job);
  emu::Options o;
  o.cycleBudget = 50;
  emu::Machine m(*job, o);
  QCOMPARE(int(m.run()), int(emu::Machine::Status::Faulted));
  QVERIFY2(m.state().fault.message.find("cycle budget of 50 cycles") != std::string::npos,
           m.state().fault.message.c_str());
  QVERIFY(m.state().now <= 50 + 200); // stopped at the first event past it
}

void EmuTest::lxAccessOutsideBuffer() {
  CopyKernel k;
  auto p = prepareOrFail(copyKernel(k));
  auto job = launchCopy(p, k.rows, kInBase, kOutBase, /*shift=*/1);
  QVERIFY(job);
  emu::Machine m(*job, {});
  QCOMPARE(int(m.run()), int(emu::Machine::Status::Faulted));
  const std::string &msg = m.state().fault.message;
  QVERIFY2(msg.find("core 0 l1lu#0 pc 4 (dflow.stream, KTIR line 6)") != std::string::npos,
           msg.c_str());
  QVERIFY2(msg.find("outside buffer 0 'in tile' [0, 1024)") != std::string::npos, msg.c_str());
}

void EmuTest::hbmAccessOutsideTensors() {
  CopyKernel k;
  auto p = prepareOrFail(copyKernel(k));
  // `out` bound with half the elements the store writes.
  auto job = launchCopy(p, k.rows, kInBase, kOutBase, 0, k.rows * 32);
  QVERIFY(job);
  emu::Machine m(*job, {});
  QCOMPARE(int(m.run()), int(emu::Machine::Status::Faulted));
  const std::string &msg = m.state().fault.message;
  QVERIFY2(msg.find("mnisu#0 pc 3 (dflow.dma, KTIR line 16)") != std::string::npos, msg.c_str());
  QVERIFY2(msg.find("lies outside every bound tensor") != std::string::npos, msg.c_str());
}

void EmuTest::heldTilesOverCapacity() {
  // A program holding more tiles than the compute engine's one capacity
  // (compute_engine.local_bytes) still runs; the report says how much it
  // holds against that capacity. -1: the run did not finish.
  CopyKernel k;
  auto held = [&](const code::Module &m) -> std::pair<int64_t, uint64_t> {
    auto p = prepareOrFail(m);
    auto job = p ? launchCopy(p, k.rows) : nullptr;
    if (!job)
      return {-1, 0};
    emu::Machine machine(*job, {});
    fillInput(machine.hbm(), k.rows);
    if (machine.run() != emu::Machine::Status::Finished)
      return {-1, 0};
    machine.closeOccupancy();
    emu::Summary s = emu::summarise(machine);
    return {s.heldTileBytes, s.computeLocalBytes};
  };
  code::Module m = copyKernel(k);
  for (code::Program &p : m.programs)
    if (p.unit == "sfu")
      p.tileRegs.push_back({{1024, 512}, code::ElemType::F16}); // 1 MiB
  auto [bytes, capacity] = held(m);
  QCOMPARE(bytes, int64_t(1048576));
  QCOMPARE(capacity, uint64_t(2048));
  // Without the extra tile the copy holds none.
  QCOMPARE(held(copyKernel(k)).first, int64_t(0));
}

void EmuTest::deterministic() {
  CopyKernel k;
  k.placement = {0, 5, 17};
  auto p = prepareOrFail(copyKernel(k));
  QVERIFY(p);
  auto job = launchCopy(p, k.rows);
  QVERIFY(job);
  std::vector<std::string> traces;
  for (int run = 0; run < 2; ++run) {
    emu::Options o;
    o.trace = true;
    emu::Machine m(*job, o);
    fillInput(m.hbm(), k.rows);
    QCOMPARE(int(m.run()), int(emu::Machine::Status::Finished));
    m.closeOccupancy();
    std::ostringstream out;
    emu::writeChromeTrace(m, out);
    traces.push_back(out.str());
    QVERIFY(m.trace().events.size() > 50);
  }
  QVERIFY(traces[0] == traces[1]);
}

void EmuTest::stepForwardThenBack() {
  CopyKernel k;
  k.rows = 64;
  k.placement = {0, 3};
  auto p = prepareOrFail(copyKernel(k));
  auto job = launchCopy(p, k.rows);
  QVERIFY(job);
  emu::SessionOptions so;
  so.checkpointEvery = 16;
  emu::Session s(job, [&](emu::Machine &m) { fillInput(m.hbm(), k.rows); }, so);
  QVERIFY(!s.faulted());
  QVERIFY(s.totalEvents() > 200);
  QVERIFY(outputDoubled(s.finalMachine().state().hbm, k.rows));
  QVERIFY(s.seekEvent(137));
  emu::MachineState at137 = s.machine().state();
  QCOMPARE(s.position(), uint64_t(137));
  for (int i = 0; i < 40; ++i)
    QVERIFY(s.stepEvent());
  QCOMPARE(s.position(), uint64_t(177));
  QVERIFY(!sameState(at137, s.machine().state()));
  for (int i = 0; i < 40; ++i)
    QVERIFY(s.stepBack());
  QCOMPARE(s.position(), uint64_t(137));
  QVERIFY(sameState(at137, s.machine().state()));
  // Back to the start and past the end.
  QVERIFY(s.seekEvent(0));
  QVERIFY(!s.stepBack());
  QVERIFY(s.seekEvent(s.totalEvents()));
  QVERIFY(!s.stepEvent());
  std::string why;
  QVERIFY2(sameState(s.machine().state(), s.finalMachine().state(), &why,
                     /*occupancy=*/false),
           why.c_str());
}

void EmuTest::denseCheckpointsAreThinned() {
  // Checkpoints closer than shortReplay events are kept only up to
  // denseCheckpoints of them (the budget is far from reached here); the
  // states reached through the fewer checkpoints are the dense session's.
  std::function<void(emu::Machine &)> init;
  emu::SessionOptions so;
  auto job = copyOnTwoCores(init, so, 8192);
  QVERIFY(job);
  emu::Session dense(job, init, so);
  so.denseCheckpoints = 8;
  emu::Session sparse(job, init, so);
  QVERIFY(dense.checkpointCount() > 8);
  QVERIFY2(sparse.checkpointCount() <= 8, std::to_string(sparse.checkpointCount()).c_str());
  QVERIFY(sparse.checkpointInterval() > dense.checkpointInterval());
  QVERIFY(sparse.checkpointBytes() < dense.checkpointBytes());
  // No thinning once the interval is as long as a short replay.
  so.shortReplay = 16;
  emu::Session notThinned(job, init, so);
  QCOMPARE(notThinned.checkpointCount(), dense.checkpointCount());
  const uint64_t total = dense.totalEvents();
  for (uint64_t n : {total / 2, total / 3, total - 1, uint64_t(1), total / 2 - 1}) {
    QVERIFY(dense.seekEvent(n));
    QVERIFY(sparse.seekEvent(n));
    std::string why;
    QVERIFY2(sameState(dense.machine().state(), sparse.machine().state(), &why), why.c_str());
    QVERIFY(sparse.stepBack());
    QVERIFY(dense.stepBack());
    QVERIFY2(sameState(dense.machine().state(), sparse.machine().state(), &why), why.c_str());
  }
}

void EmuTest::stepsBackInARowFromKeptStates() {
  // Few checkpoints far apart: a jump keeps states on its way, each step
  // back after it starts from the nearest and keeps closer ones (down to
  // the state's size in events). Every state reached so, steps back in a
  // row after a jump and after a click on a cycle, is the state forward
  // execution had there, event by event.
  std::function<void(emu::Machine &)> init;
  emu::SessionOptions so;
  auto job = copyOnTwoCores(init, so, 8192);
  QVERIFY(job);
  so.denseCheckpoints = 8;
  so.shortReplay = UINT64_MAX; // at most 8 checkpoints, whatever the run
  so.fineSpacing = 64;          // the states kept nest three levels deep
  emu::Session s(job, init, so);
  QVERIFY(s.checkpointCount() <= 8);
  const uint64_t total = s.totalEvents();
  QVERIFY2(s.checkpointInterval() > 8 * 1024, std::to_string(s.checkpointInterval()).c_str());
  // A click: the cycle of the event half way to the jump, and the events
  // done once every event of that cycle is.
  const uint64_t jump = 3 * s.checkpointInterval() + s.checkpointInterval() / 2;
  constexpr uint64_t kBack = 60;
  QVERIFY(jump + 1 < total);
  emu::Machine m(*job, {});
  init(m);
  while (m.state().events < jump / 2)
    m.step();
  const uint64_t clicked = m.nextEventCycle();
  while (m.state().events < total && m.nextEventCycle() <= clicked)
    m.step();
  const uint64_t clickEvents = m.state().events;
  // The forward run's states at the events the steps back visit.
  auto visited = [&](uint64_t n) {
    return (n <= jump && n + kBack >= jump) || (n <= clickEvents && n + 10 >= clickEvents);
  };
  std::map<uint64_t, emu::MachineState> forward;
  emu::Machine f(*job, {});
  init(f);
  while (f.state().events < total) {
    if (visited(f.state().events))
      forward[f.state().events] = f.state();
    f.step();
  }
  std::string why;
  QVERIFY(s.seekEvent(jump));
  const size_t afterJump = s.fineStateCount();
  QVERIFY(afterJump > 0);
  QVERIFY2(sameState(s.machine().state(), forward.at(jump), &why), why.c_str());
  // Each step back replays from a kept state: together far less than
  // one replay from the checkpoint each (kBack times half an interval).
  uint64_t replayed = 0;
  for (uint64_t k = 1; k <= kBack; ++k) {
    QVERIFY(s.stepBack());
    QCOMPARE(s.position(), jump - k);
    QVERIFY(s.lastReplay() <= s.checkpointInterval() / 16 + 1);
    replayed += s.lastReplay();
    QVERIFY2(sameState(s.machine().state(), forward.at(jump - k), &why),
             (std::to_string(jump - k) + ": " + why).c_str());
  }
  QVERIFY2(replayed <= s.checkpointInterval() / 2, std::to_string(replayed).c_str());
  // The steps back kept closer states: more than the jump alone kept.
  const size_t afterSteps = s.fineStateCount();
  QVERIFY2(afterSteps > afterJump && afterSteps <= 48,
           (std::to_string(afterJump) + " then " + std::to_string(afterSteps)).c_str());
  QVERIFY(s.seekCycle(clicked));
  QCOMPARE(s.position(), clickEvents);
  for (uint64_t k = 1; k <= 10 && clickEvents > k; ++k) {
    QVERIFY(s.stepBack());
    QVERIFY2(sameState(s.machine().state(), forward.at(clickEvents - k), &why),
             (std::to_string(clickEvents - k) + ": " + why).c_str());
  }
  // Forwards again through the kept states, to the end as recorded.
  QVERIFY(s.seekEvent(total));
  QVERIFY2(sameState(s.machine().state(), s.finalMachine().state(), &why,
                     /*occupancy=*/false),
           why.c_str());
}

void EmuTest::unchangedPagesAreShared() {
  // A page rewritten with the bytes it had is shared with the copy that
  // has them (a chunk whose every page is, the chunk); one written with
  // other bytes is not; neither memory reads differently.
  emu::PagedMemory a;
  std::vector<uint8_t> ones(3 * emu::PagedMemory::kPageSize, 1);
  a.writeBytes(0, ones.data(), ones.size());
  const emu::PagedMemory before = a;
  QCOMPARE(a.bytesNotIn(before), uint64_t(0));
  a.writeBytes(100, ones.data(), 10); // the same bytes again
  QVERIFY(a.bytesNotIn(before) > 0);
  a.shareUnchanged(before);
  QCOMPARE(a.bytesNotIn(before), uint64_t(0));
  const uint8_t two = 2;
  a.writeBytes(100, ones.data(), 10);
  a.writeBytes(emu::PagedMemory::kPageSize + 7, &two, 1);
  a.shareUnchanged(before);
  const uint64_t kept = a.bytesNotIn(before);
  QVERIFY(kept >= sizeof(emu::PagedMemory::Page));
  QVERIFY(kept < 2 * sizeof(emu::PagedMemory::Page));
  uint8_t byte = 0;
  a.readBytes(emu::PagedMemory::kPageSize + 7, &byte, 1);
  QCOMPARE(int(byte), 2);
  before.readBytes(emu::PagedMemory::kPageSize + 7, &byte, 1);
  QCOMPARE(int(byte), 1);
  QVERIFY(!a.sameBytes(before));
  a.writeBytes(emu::PagedMemory::kPageSize + 7, ones.data(), 1);
  QVERIFY(a.sameBytes(before));
}

void EmuTest::sealedPagesUnpackAsTheyWere() {
  // A state packed mid-run, then sealed beside a later one that rewrote
  // some of its pages: those are kept compressed (and no longer in the
  // skeleton's memories), the others still shared; unpacking gives back
  // the state as it was.
  std::function<void(emu::Machine &)> init;
  emu::SessionOptions so;
  auto job = copyOnTwoCores(init, so, 8192);
  QVERIFY(job);
  emu::Machine m(*job, {});
  init(m);
  for (int i = 0; i < 20000; ++i)
    m.step();
  QCOMPARE(int(m.status()), int(emu::Machine::Status::Running));
  const emu::MachineState at = m.state();
  const emu::PackedState packed(at);
  // Beside itself nothing is sealed.
  QCOMPARE(packed.sealed(at)->sealedPageCount(), size_t(0));
  // Later: six pages of each memory written (other values), and a page
  // no earlier state had.
  emu::MachineState later = at;
  size_t rewritten = 0;
  auto rewrite = [&](emu::PagedMemory &memory, const emu::PagedMemory &before) {
    static const emu::PagedMemory none;
    std::vector<uint64_t> pages;
    before.forEachPageNotIn(none, [&](uint64_t page, const auto &) { pages.push_back(page); });
    for (size_t i = 0; i < pages.size() && i < 6; ++i, ++rewritten) {
      std::vector<uint8_t> bytes(emu::PagedMemory::kPageSize);
      memory.readBytes(pages[i] * bytes.size(), bytes.data(), bytes.size());
      for (size_t b = 0; b < bytes.size(); b += 2)
        bytes[b] ^= uint8_t(b / 2 + i);
      memory.writeBytes(pages[i] * bytes.size(), bytes.data(), bytes.size());
    }
  };
  rewrite(later.hbm, at.hbm);
  rewrite(later.lx[0], at.lx[0]);
  rewrite(later.lx[1], at.lx[1]);
  const uint8_t one = 1;
  later.lx[0].writeBytes(uint64_t(1) << 30, &one, 1);
  QVERIFY(rewritten > 6);
  auto sealed = packed.sealed(later);
  QCOMPARE(sealed->sealedPageCount(), rewritten);
  // Compressed: the pages cost less than half their size.
  QVERIFY2(sealed->bytes() < packed.bytes() + rewritten * emu::PagedMemory::kPageSize / 2,
           std::to_string(sealed->bytes() - packed.bytes()).c_str());
  QVERIFY(!sealed->skeleton().lx[0].sameBytes(at.lx[0]));
  QVERIFY(sealed->skeleton().lx[0].bytesNotIn(at.lx[0]) < emu::PagedMemory::kPageSize);
  emu::MachineState back = m.state(); // other arrays to reuse
  sealed->unpack(back);
  std::string why;
  QVERIFY2(sameState(back, at, &why), why.c_str());
  // Sealing a sealed state again changes nothing.
  QCOMPARE(sealed->sealed(m.state())->sealedPageCount(), rewritten);
}

void EmuTest::sealedCheckpointsRestoreTheRun() {
  // Every checkpoint but the last keeps the pages the run rewrote after
  // it compressed; each state restored from them, newest first (so that
  // each seek restores a checkpoint instead of stepping on), and one
  // replayed from each, is the state forward execution had there.
  std::function<void(emu::Machine &)> init;
  emu::SessionOptions so;
  auto job = copyOnTwoCores(init, so, 8192);
  QVERIFY(job);
  so.denseCheckpoints = 16;
  emu::Session s(job, init, so);
  QVERIFY(s.checkpointCount() > 4);
  QVERIFY2(s.sealedPageCount() > s.checkpointCount(),
           std::to_string(s.sealedPageCount()).c_str());
  const uint64_t total = s.totalEvents(), interval = s.checkpointInterval();
  std::map<uint64_t, emu::MachineState> forward;
  emu::Machine f(*job, {});
  init(f);
  while (true) {
    const uint64_t n = f.state().events;
    if (n % interval == 0 || n % interval == interval / 3)
      forward[n] = f.state();
    if (n >= total)
      break;
    f.step();
  }
  QVERIFY(forward.size() >= 2 * s.checkpointCount() - 1);
  std::string why;
  for (auto it = forward.rbegin(); it != forward.rend(); ++it) {
    QVERIFY(s.seekEvent(it->first));
    QVERIFY2(sameState(s.machine().state(), it->second, &why, it->first < total),
             (std::to_string(it->first) + ": " + why).c_str());
  }
}

void EmuTest::recordInPiecesWithSnapshots() {
  std::function<void(emu::Machine &)> init;
  emu::SessionOptions so;
  auto job = copyOnTwoCores(init, so);
  QVERIFY(job);
  emu::Session whole(job, init, so);
  so.deferred = true;
  emu::Session pieces(job, init, so);
  QVERIFY(!pieces.complete());
  QVERIFY(!pieces.record(100)); // not over yet
  std::unique_ptr<emu::Session> part = pieces.snapshot();
  QCOMPARE(part->totalEvents(), uint64_t(100));
  QVERIFY(!part->complete());
  QVERIFY(!part->trace().events.empty());
  // The recording goes on while the snapshot is stepped: its frontier
  // stays where it was taken, and each state there is the whole run's.
  QVERIFY(pieces.record());
  QVERIFY(pieces.complete());
  QCOMPARE(pieces.totalEvents(), whole.totalEvents());
  QCOMPARE(pieces.trace().events.size(), whole.trace().events.size());
  QVERIFY(part->seekEvent(100));
  QVERIFY(!part->stepEvent());
  QVERIFY(!part->seekEvent(101));
  QVERIFY(whole.seekEvent(100));
  QVERIFY(sameState(part->machine().state(), whole.machine().state()));
  QVERIFY(part->seekEvent(37) && whole.seekEvent(37));
  QVERIFY(sameState(part->machine().state(), whole.machine().state()));
  QVERIFY(part->seekCycle(~uint64_t(0)));
  QCOMPARE(part->position(), uint64_t(100));
  // Its trace is the whole run's up to the frontier.
  QVERIFY(part->trace().events.size() < whole.trace().events.size());
  for (size_t i = 0; i < part->trace().events.size(); ++i) {
    QCOMPARE(part->trace().events[i].cycle, whole.trace().events[i].cycle);
    QCOMPARE(part->trace().events[i].pc, whole.trace().events[i].pc);
  }
  std::unique_ptr<emu::Session> all = pieces.snapshot();
  QVERIFY(all->complete());
  QCOMPARE(all->totalCycles(), whole.totalCycles());
  QVERIFY(outputDoubled(all->finalMachine().state().hbm, 64));
}

void EmuTest::cancelStopsRecording() {
  CopyKernel k;
  k.rows = 64;
  auto p = prepareOrFail(copyKernel(k));
  auto job = launchCopy(p, k.rows);
  QVERIFY(job);
  std::atomic<bool> cancel{true};
  emu::SessionOptions so;
  so.cancel = &cancel;
  emu::Session s(job, [&](emu::Machine &m) { fillInput(m.hbm(), k.rows); }, so);
  QVERIFY(s.cancelled());
  QVERIFY(!s.complete());
  QCOMPARE(s.totalEvents(), uint64_t(0));
  QVERIFY(!s.stepEvent());
}

void EmuTest::seekByCycleAndLine() {
  CopyKernel k;
  auto p = prepareOrFail(copyKernel(k));
  auto job = launchCopy(p, k.rows);
  emu::Session s(job, [&](emu::Machine &m) { fillInput(m.hbm(), k.rows); });
  // The first event of KTIR line 9 (the sfu's addf) issues on the sfu.
  QVERIFY(s.nextEventOf(9));
  const emu::TraceEvent *found = nullptr;
  for (const emu::TraceEvent &e : s.trace().events)
    if (e.kind == emu::EventKind::Issue &&
        job->prepared->module->programs[size_t(job->prepared->engines[e.engine].program)].unit == "sfu" &&
        e.pc == 3) {
      found = &e;
      break;
    }
  QVERIFY(found);
  QCOMPARE(s.cycle(), found->cycle);
  // By op name: the first dflow.collect.
  QVERIFY(s.seekEvent(0));
  QVERIFY(s.nextEventOf(0, "dflow.collect"));
  QVERIFY(s.position() > 0);
  // To a cycle: every event at or before it has run.
  QVERIFY(s.seekCycle(100));
  QVERIFY(s.cycle() <= 100);
  QVERIFY(s.machine().nextEventCycle() > 100 || s.position() == s.totalEvents());
  uint64_t before = s.cycle();
  QVERIFY(s.stepCycle());
  QVERIFY(s.cycle() > before);
}

void EmuTest::chromeTraceHasTracks() {
  CopyKernel k;
  k.placement = {5};
  auto p = prepareOrFail(copyKernel(k));
  auto job = launchCopy(p, k.rows);
  emu::Options o;
  o.trace = true;
  emu::Machine m(*job, o);
  fillInput(m.hbm(), k.rows);
  QCOMPARE(int(m.run()), int(emu::Machine::Status::Finished));
  m.closeOccupancy();
  std::ostringstream out;
  emu::writeChromeTrace(m, out);
  nlohmann::json j = nlohmann::json::parse(out.str());
  std::set<std::string> processes, threads, counters;
  std::set<std::string> ops;
  for (const auto &e : j["traceEvents"]) {
    std::string ph = e["ph"];
    if (ph == "M" && e["name"] == "process_name")
      processes.insert(e["args"]["name"].get<std::string>());
    if (ph == "M" && e["name"] == "thread_name")
      threads.insert(e["args"]["name"].get<std::string>());
    if (ph == "C")
      counters.insert(e["name"].get<std::string>());
    if (ph == "X")
      ops.insert(e["name"].get<std::string>());
  }
  QVERIFY(processes.count("core 5"));
  QVERIFY(processes.count("ring"));
  for (const char *t : {"mnilu#0", "l1lu#0", "sfu#0", "l1su#0", "mnisu#0"})
    QVERIFY2(threads.count(t), t);
  // HBM sits at core 0: the loads cross links 0->1 .. 4->5 and the stores
  // come back the same way round.
  QVERIFY(threads.count("link 0->1") && threads.count("link 4->5"));
  QVERIFY(threads.count("link 5->4") && threads.count("link 1->0"));
  QVERIFY(counters.count("LX bytes"));
  QVERIFY(counters.count("FIFO 1") && counters.count("FIFO 2"));
  QVERIFY(counters.count("HBM bytes in flight"));
  for (const char *op : {"dflow.dma", "dflow.stream", "arith.addf", "dflow.collect", "dma"})
    QVERIFY2(ops.count(op), op);
  QCOMPARE(j["metadata"]["total_cycles"].get<uint64_t>(), m.state().lastActivity);
}

void EmuTest::launchMany() {
  CopyKernel k;
  auto p = prepareOrFail(copyKernel(k));
  QVERIFY(p);
  // One prepared program, two launches at different addresses.
  const int64_t bases[2][2] = {{kInBase, kOutBase}, {0x40000 / 2, 0x80000 / 2}};
  for (const auto &b : bases) {
    auto job = launchCopy(p, k.rows, b[0], b[1]);
    QVERIFY(job);
    emu::Machine m(*job, {});
    fillInput(m.hbm(), k.rows, b[0]);
    QCOMPARE(int(m.run()), int(emu::Machine::Status::Finished));
    QVERIFY(outputDoubled(m.hbm(), k.rows, b[1]));
  }
}

void EmuTest::lowerBoundsHold() {
  for (std::vector<int64_t> placement :
       {std::vector<int64_t>{0}, std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7},
        std::vector<int64_t>{3, 9, 16, 31}}) {
    CopyKernel k;
    k.rows = 32;
    k.placement = placement;
    auto p = prepareOrFail(copyKernel(k));
    auto job = launchCopy(p, k.rows);
    emu::Machine m(*job, {});
    fillInput(m.hbm(), k.rows);
    QCOMPARE(int(m.run()), int(emu::Machine::Status::Finished));
    m.closeOccupancy();
    emu::Summary s = emu::summarise(m);
    double cycles = double(s.totalCycles);
    QVERIFY(s.boundHbm > 0 && s.boundCompute > 0);
    QVERIFY(cycles >= s.boundHbm);
    QVERIFY(cycles >= s.boundCompute);
    QVERIFY(cycles >= s.boundRing);
    // HBM bytes: every tile read once and written once.
    QCOMPARE(s.hbmBytes, int64_t(placement.size()) * 2 * k.rows * 128);
    for (int64_t peak : s.peakLxBytes)
      QVERIFY(peak <= int64_t(p->arch.scratchpadBytesPerCore));
    QCOMPARE(s.peakLxBytes[size_t(placement[0])], 2 * k.rows * 128);
  }
}

/// A DMA between HBM (its ring stop: core 0) and core c takes the shorter
/// way round the bidirectional ring (ties towards higher core ids) and
/// occupies every link it crosses in its direction; two cores behind the
/// same link share it.
void EmuTest::ringTakesTheShorterWay() {
  const int32_t n = int32_t(arch::defaultArch().numCores);
  QCOMPARE(n, 32);
  // Per placement: the links each direction carries (0: i -> i+1).
  struct Case {
    int64_t core;
    std::set<int32_t> up, down;
  };
  std::set<int32_t> from17, from0to15, from16;
  for (int32_t l = 17; l < 32; ++l)
    from17.insert(l);
  for (int32_t l = 0; l < 16; ++l)
    from0to15.insert(l);
  for (int32_t l = 16; l < 32; ++l)
    from16.insert(l);
  std::set<int32_t> all = from0to15;
  all.insert(from16.begin(), from16.end());
  const Case cases[] = {
      {31, {31}, {31}},     // load 0 -> 31 one hop down, store 31 -> 0 one hop up
      {17, from17, from17}, // 15 hops each way, not 17
      {16, all, {}},        // 16 either way: both go up (0 -> 16 -> 0)
  };
  // The bytes each link carried in each direction (direction * n + link)
  // when the copy kernel runs on `placement`, or empty on a failure.
  CopyKernel k;
  auto linkBytes = [&](std::vector<int64_t> placement) -> std::vector<int64_t> {
    k.placement = std::move(placement);
    auto p = prepareOrFail(copyKernel(k));
    auto job = p ? launchCopy(p, k.rows) : nullptr;
    if (!job)
      return {};
    emu::Machine m(*job, {});
    fillInput(m.hbm(), k.rows);
    if (m.run() != emu::Machine::Status::Finished || !outputDoubled(m.hbm(), k.rows))
      return {};
    return m.state().linkBytes;
  };
  for (const Case &c : cases) {
    std::vector<int64_t> bytes = linkBytes({c.core});
    QCOMPARE(bytes.size(), size_t(2 * n));
    // The tile's rows cross each link of their way once (in, out, or
    // both when both go the same way); no other link carries anything.
    for (int32_t l = 0; l < n; ++l) {
      QCOMPARE(bytes[size_t(l)] > 0, c.up.count(l) > 0);
      QCOMPARE(bytes[size_t(n + l)] > 0, c.down.count(l) > 0);
      if (c.up.count(l))
        QVERIFY(bytes[size_t(l)] >= k.rows * 128);
    }
  }
  // Cores 1 and 2 both load over link 0 -> 1: it carries both tiles.
  std::vector<int64_t> shared = linkBytes({1, 2});
  QCOMPARE(shared.size(), size_t(2 * n));
  QCOMPARE(shared[0], 2 * shared[1]);
}

void EmuTest::halvedHbmBandwidthIsSlower() {
  CopyKernel k;
  k.rows = 256;
  k.placement = {0, 1, 2, 3, 4, 5, 6, 7};
  arch::Arch full = arch::defaultArch();
  arch::Arch half = full;
  half.hbmBandwidthGBs /= 2;
  uint64_t cycles[2];
  double bound[2];
  int i = 0;
  for (const arch::Arch &a : {full, half}) {
    auto p = prepareOrFail(copyKernel(k), a);
    auto job = launchCopy(p, k.rows);
    emu::Machine m(*job, {});
    fillInput(m.hbm(), k.rows);
    QCOMPARE(int(m.run()), int(emu::Machine::Status::Finished));
    QVERIFY(outputDoubled(m.hbm(), k.rows));
    m.closeOccupancy();
    emu::Summary s = emu::summarise(m);
    QCOMPARE(s.bottleneck, std::string("hbm"));
    bound[i] = s.boundHbm;
    cycles[i++] = s.totalCycles;
  }
  // The HBM bound doubles; the run slows by at least half of what it adds
  // (loads and stores overlap other cores' streaming, so not all of it).
  QCOMPARE(bound[1], 2 * bound[0]);
  QVERIFY2(double(cycles[1] - cycles[0]) >= 0.5 * (bound[1] - bound[0]),
           qPrintable(QString("%1 vs %2 cycles").arg(cycles[0]).arg(cycles[1])));
}

void EmuTest::aRunThatNeverEndsIsBounded() {
  // One engine jumping to itself for ever: the cycle budget ends the run
  // with a fault, and what the session keeps stays within its limits.
  code::Module m;
  m.sourceName = "hand-built spin";
  m.plan.kernel = "spin";
  m.plan.arch = "spyre";
  m.plan.grid = {1};
  m.plan.placement = {0};
  m.locations.push_back({});
  {
    emutest::ProgramBuilder b(m, "sfu", 2);
    b.simple(code::Opcode::Jmp, 0, "scf.while", 1);
    b.done();
  }
  auto p = prepareOrFail(m);
  QVERIFY(p);
  runtime::LaunchResult launched = runtime::launch(p, runtime::Bindings());
  QVERIFY(launched.ok());
  auto job = std::make_shared<const runtime::Job>(std::move(*launched.job));
  emu::SessionOptions so;
  so.machine.cycleBudget = 300'000;
  so.detailEvents = 1000;
  so.overviewBuckets = 32;
  emu::Session probe(job, {}, [] {
    emu::SessionOptions o;
    o.deferred = true;
    return o;
  }());
  so.checkpointBudget = 16 * probe.checkpointBytes();
  emu::Session s(job, {}, so);
  QVERIFY(s.refusal().empty());
  QVERIFY(s.complete());
  QVERIFY(s.faulted());
  QVERIFY2(s.fault().message.find("cycle budget of 300000 cycles") != std::string::npos,
           s.fault().message.c_str());
  QVERIFY(s.totalEvents() > 250'000);
  QVERIFY(!s.detailed());
  QVERIFY(s.checkpointBytes() <= so.checkpointBudget);
  QVERIFY(s.overview().finished());
  QVERIFY(s.overview().size() <= 32);
  QCOMPARE(s.overview().busyCycles(0), s.finalMachine().state().engines[0].busyCycles);
  // Stepping anywhere in it still works.
  QVERIFY(s.seekEvent(s.totalEvents() / 2));
  QVERIFY(s.stepBack());
  QCOMPARE(s.position(), s.totalEvents() / 2 - 1);
  // Stop: a recording cancelled midway ends there, within its limits.
  std::atomic<bool> stop{false};
  emu::SessionOptions stopping = so;
  stopping.deferred = true;
  stopping.cancel = &stop;
  emu::Session r(job, {}, stopping);
  QVERIFY(!r.record(50'000));
  stop = true;
  QVERIFY(r.record());
  QVERIFY(r.cancelled() && !r.complete());
  QVERIFY(r.recordedEvents() < 60'000);
}

/// VReduce's fold follows the architecture's [numerics]
/// (docs/numerics.md): one lane after the other in f16, or pairwise in f32
/// rounded once to f16; both from the init value.
void EmuTest::reduceFollowsNumerics() {
  double x[64];
  for (int i = 0; i < 64; ++i) // terms far below the sum's ulp, and one big
    x[i] = i == 0 ? 1024.0 : interp::roundTo(interp::DType::F16, 0.3 + i / 256.0);
  emu::AluOp op;
  op.fn = code::AluFn::AddF;
  op.type = code::ElemType::F16;
  emu::AluStatus status = emu::AluStatus::Ok;
  arch::NumericsParams sequential;
  sequential.accumulateF32 = false;
  sequential.treeReduce = false;
  double seq = 0.5; // the init
  for (double v : x)
    seq = interp::roundTo(interp::DType::F16, seq + v);
  QCOMPARE(emu::reduceLanes(op, x, 64, 0.5, sequential, status), seq);
  // Pairwise in f32, then one rounding to f16.
  double p[64];
  std::copy(x, x + 64, p);
  for (int m = 64; m > 1; m /= 2)
    for (int i = 0; i < m / 2; ++i)
      p[i] = float(p[i] + p[i + m / 2]);
  double tree = interp::roundTo(interp::DType::F16, float(0.5 + p[0]));
  arch::NumericsParams preset; // the presets' [numerics]
  QCOMPARE(emu::reduceLanes(op, x, 64, 0.5, preset, status), tree);
  QCOMPARE(int(status), int(emu::AluStatus::Ok));
  // The running f16 sum stalls above 1024 (ulp 1, terms below 1/2); the
  // tree does not: the two differ by many ulps of the result.
  QVERIFY(tree - seq > 8);
  // Without an init the fold starts from the lanes alone; max is exact in
  // any order.
  op.fn = code::AluFn::MaxNumF;
  QCOMPARE(emu::reduceLanes(op, x, 64, std::nullopt, preset, status), 1024.0);
}

QTEST_APPLESS_MAIN(EmuTest)
#include "EmuTest.moc"
