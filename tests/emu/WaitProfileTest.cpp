//===- WaitProfileTest.cpp - where the hand-built copy kernel's time goes --===//
//
// emu::profileWaits on the hand-built copy kernel (tests/emu/HandBuilt.h:
// mnilu DMA in -> l1lu stream -> sfu -> l1su collect -> mnisu DMA out): every
// engine kind's time adds up to the run, each wait names its channel and
// the engine at the other end, the critical path covers the whole run once,
// and its largest cause is a DMA whose stretch is that DMA in the trace.
//
//===----------------------------------------------------------------------===//

#include "HandBuilt.h"

#include "emu/Machine.h"
#include "emu/WaitProfile.h"
#include "runtime/Runtime.h"

#include <QTest>

using namespace spyre;
using namespace spyre::emutest;

namespace {

struct Ran {
  std::shared_ptr<const runtime::Prepared> prepared;
  std::shared_ptr<const runtime::Job> job;
  std::unique_ptr<emu::Machine> machine;
};

Ran runCopy(int64_t rows) {
  Ran r;
  CopyKernel k;
  k.rows = rows;
  runtime::PrepareResult p = runtime::prepare(copyKernel(k), arch::defaultArch());
  if (!p.ok())
    return r;
  r.prepared = p.prepared;
  runtime::Bindings b;
  b.tensor("in", 0x10000 / 2, rows * 64);
  b.tensor("out", 0x20000 / 2, rows * 64);
  b.scalar("shift", int64_t(0));
  runtime::LaunchResult l = runtime::launch(r.prepared, b);
  if (!l.ok())
    return r;
  r.job = std::make_shared<const runtime::Job>(std::move(*l.job));
  emu::Options o;
  o.trace = true;
  r.machine = std::make_unique<emu::Machine>(*r.job, o);
  r.machine->run();
  return r;
}

const emu::UnitTime *unit(const emu::WaitProfile &w, const std::string &name) {
  for (const emu::UnitTime &u : w.units)
    if (u.unit == name)
      return &u;
  return nullptr;
}

/// The cycles of `unit`'s engine's Dma instruction in the trace.
std::pair<uint64_t, uint64_t> dmaOf(const emu::Machine &m, const std::string &name) {
  const runtime::Prepared &p = m.prepared();
  for (const emu::TraceEvent &t : m.trace().events) {
    if (t.kind != emu::EventKind::Issue)
      continue;
    if (p.module->programs[size_t(p.engines[t.engine].program)].unit == name &&
        m.instr(t.engine, t.pc).op == code::Opcode::Dma)
      return {t.cycle, t.cycle + t.duration};
  }
  return {0, 0};
}

} // namespace

class WaitProfileTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void timeAddsUpPerEngineKind();
  void waitsNameTheirChannelAndPartner();
  void criticalPathCoversTheRunOnce();
  void largestCauseIsADmaStretchOfTheTrace();
  void droppedEventsGiveNoProfile();
};

void WaitProfileTest::timeAddsUpPerEngineKind() {
  Ran r = runCopy(8);
  QVERIFY(r.machine);
  const uint64_t total = r.machine->state().lastActivity;
  emu::WaitProfile w = emu::profileWaits(*r.machine, total);
  QCOMPARE(int(w.units.size()), 5);
  for (const emu::UnitTime &u : w.units) {
    QCOMPARE(u.engines, 1);
    QCOMPARE(u.total, total);
    QCOMPARE(u.busy + u.hbm + u.ring + u.channel + u.barrier + u.idle, u.total);
    uint64_t waits = 0;
    for (const emu::ChannelWait &c : u.channels)
      waits += c.cycles;
    QCOMPARE(waits, u.channel);
  }
  // The DMA engines spend exactly their DMA instructions with HBM.
  for (const char *name : {"mnilu", "mnisu"}) {
    auto [from, to] = dmaOf(*r.machine, name);
    QVERIFY(to > from);
    QCOMPARE(unit(w, name)->hbm, to - from);
  }
  QCOMPARE(unit(w, "sfu")->hbm, uint64_t(0));
  QVERIFY(unit(w, "sfu")->busy > 0);
}

void WaitProfileTest::waitsNameTheirChannelAndPartner() {
  Ran r = runCopy(8);
  QVERIFY(r.machine);
  emu::WaitProfile w = emu::profileWaits(*r.machine, r.machine->state().lastActivity);
  // l1lu waits for mnilu's token (channel 0) while the DMA runs; sfu for
  // l1lu's sticks (channel 1); mnisu for l1su's token (channel 3).
  struct Expect {
    const char *waiter;
    int channel;
    const char *partner;
  };
  for (Expect e : {Expect{"l1lu", 0, "mnilu"}, Expect{"sfu", 1, "l1lu"},
                   Expect{"mnisu", 3, "l1su"}}) {
    const emu::UnitTime *u = unit(w, e.waiter);
    QVERIFY(u);
    bool found = false;
    for (const emu::ChannelWait &c : u->channels)
      if (c.channel == e.channel) {
        found = true;
        QCOMPARE(QString::fromStdString(c.partner), QString(e.partner));
        QVERIFY(c.forData);
        QVERIFY(c.cycles > 0);
      }
    QVERIFY2(found, e.waiter);
  }
  // mnisu waits from the start until the row is stored: at least the
  // whole inbound DMA.
  auto [from, to] = dmaOf(*r.machine, "mnilu");
  QVERIFY(unit(w, "mnisu")->channels.front().cycles >= to - from);
}

void WaitProfileTest::criticalPathCoversTheRunOnce() {
  for (int64_t rows : {1, 8, 40}) {
    Ran r = runCopy(rows);
    QVERIFY(r.machine);
    const uint64_t total = r.machine->state().lastActivity;
    emu::WaitProfile w = emu::profileWaits(*r.machine, total);
    QCOMPARE(w.pathCycles, total);
    QVERIFY(!w.causes.empty() && w.causes.size() <= 3);
    double shares = 0;
    for (const emu::PathCause &c : w.causes) {
      shares += c.share;
      QVERIFY(c.to > c.from && c.to <= total);
      QVERIFY(c.to - c.from <= c.cycles);
      QVERIFY(!c.sentence.empty());
    }
    QVERIFY(shares <= 1.0 + 1e-9);
    for (size_t i = 1; i < w.causes.size(); ++i)
      QVERIFY(w.causes[i - 1].cycles >= w.causes[i].cycles);
  }
}

void WaitProfileTest::largestCauseIsADmaStretchOfTheTrace() {
  Ran r = runCopy(8);
  QVERIFY(r.machine);
  emu::WaitProfile w = emu::profileWaits(*r.machine, r.machine->state().lastActivity);
  // Two DMAs with 64 setup cycles each dominate a copy of 8 sticks.
  const emu::PathCause &top = w.causes.front();
  QCOMPARE(int(top.activity), int(emu::Activity::Hbm));
  QVERIFY(top.unit == "mnilu" || top.unit == "mnisu");
  auto [from, to] = dmaOf(*r.machine, top.unit);
  QCOMPARE(top.from, from);
  QCOMPARE(top.to, to);
  QCOMPARE(top.core, 0);
  // The inbound DMA is reached through the engines that waited for it.
  for (const emu::PathCause &c : w.causes)
    if (c.unit == "mnilu") {
      QCOMPARE(QString::fromStdString(c.waiter), QStringLiteral("l1lu"));
      QCOMPARE(c.waiterChannel, 0);
      QVERIFY(c.waiterShare > 0);
      QVERIFY2(c.sentence.find("l1lu waits on it through channel 0") != std::string::npos,
               c.sentence.c_str());
    }
}

void WaitProfileTest::droppedEventsGiveNoProfile() {
  CopyKernel k;
  runtime::PrepareResult p = runtime::prepare(copyKernel(k), arch::defaultArch());
  QVERIFY(p.ok());
  runtime::Bindings b;
  b.tensor("in", 0x10000 / 2, k.rows * 64);
  b.tensor("out", 0x20000 / 2, k.rows * 64);
  b.scalar("shift", int64_t(0));
  runtime::LaunchResult l = runtime::launch(p.prepared, b);
  QVERIFY(l.ok());
  emu::Options o;
  o.trace = true;
  o.traceLimit = 10;
  emu::Machine m(*l.job, o);
  m.run();
  QVERIFY(m.trace().droppedEvents > 0);
  QVERIFY(emu::profileWaits(m, m.state().lastActivity).empty());
}

QTEST_APPLESS_MAIN(WaitProfileTest)
#include "WaitProfileTest.moc"
