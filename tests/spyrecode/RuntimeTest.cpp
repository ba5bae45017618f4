// RuntimeTest.cpp - prepare once, launch many times: the layout prepare()
// computes, two launches of one prepared program with different tensor
// addresses and dimensions (each job's resolved values), every launch
// check and the architecture checks of prepare().
#include "TestFiles.h"

#include "Presets.h"
#include "arch/Arch.h"
#include "runtime/Runtime.h"

#include <algorithm>
#include <ctime>

using namespace spyre;
using namespace spyre::code;
using namespace spyre::code::test;
using namespace spyre::runtime;

namespace {

std::string messages(const std::vector<CodeError> &errors) {
  return formatCodeErrors(nullptr, errors);
}

const ResolvedUse *useAt(const Job &job, int32_t program, int32_t instr) {
  for (const ResolvedUse &u : job.uses)
    if (u.program == program && u.instr == instr)
      return &u;
  return nullptr;
}

} // namespace

class RuntimeTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void prepareLaysOut() {
    bool ok = false;
    Module m = assemble("copy.spys", ok);
    QVERIFY(ok);
    arch::Arch a = preset("spyre");
    PrepareResult r = prepare(m, a);
    QVERIFY2(r.ok(), messages(r.errors).c_str());
    const Prepared &p = *r.prepared;
    QCOMPARE(p.programs.size(), size_t(5));
    for (size_t i = 0; i < p.programs.size(); ++i) {
      QCOMPARE(a.engines[size_t(p.programs[i].engineKind)].name,
               m.programs[i].unit);
      QCOMPARE(p.programs[i].size, uint32_t(m.programs[i].code.size()));
      QCOMPARE(p.programs[i].code[p.programs[i].size - 1].op, Opcode::Halt);
    }
    // c0 runs l1lu (p1) -> sfu (p2); c2 carries tokens mnilu -> l1lu.
    QCOMPARE(p.channels[0].producer, 1);
    QCOMPARE(p.channels[0].consumer, 2);
    QCOMPARE(p.channels[0].slotBytes, int64_t(128));
    QCOMPARE(p.channels[2].producer, 0);
    QCOMPARE(p.channels[2].slotBytes, int64_t(0));
    QCOMPARE(p.buffers[1].begin, int64_t(128));
    QCOMPARE(p.buffers[1].end, int64_t(256));
    QCOMPARE(p.lxBytesUsed, int64_t(256));
    QCOMPARE(p.views[0].extentBytes, int64_t(128));
    // Two tiles on cores 0 and 1: every program once on each.
    QCOMPARE(p.engines.size(), size_t(10));
    QCOMPARE(p.engines[0].core, 0);
    QCOMPARE(p.engines[9].core, 1);
    QCOMPARE(p.engines[9].tiles, std::vector<int64_t>{1});
    QCOMPARE(p.tilesOfCore.size(), size_t(a.numCores));
    QVERIFY(p.tilesOfCore[2].empty());
  }

  void launchTwiceResolvesEachTime() {
    bool ok = false;
    Module m = assemble("copy.spys", ok);
    QVERIFY(ok);
    PrepareResult r = prepare(m, preset("spyre"));
    QVERIFY(r.ok());
    struct Case {
      int64_t x, y, n;
    } cases[] = {{0, 4096, 2}, {1 << 20, 3 << 20, 7}};
    for (const Case &c : cases) {
      Bindings b;
      b.tensor("y", c.y, 128).tensor("x", c.x, 64 * c.n).dimension("n", c.n);
      LaunchResult l = launch(r.prepared, b);
      QVERIFY2(l.ok(), messages(l.errors).c_str());
      const Job &job = *l.job;
      QVERIFY(job.prepared == r.prepared); // the same preparation
      QCOMPARE(job.arg(0).i, c.x);
      QCOMPARE(job.arg(1).i, c.y);
      QCOMPARE(job.arg(2).i, c.n);
      // The arg instructions read the addresses of this launch.
      const ResolvedUse *ux = useAt(job, 0, 0), *uy = useAt(job, 4, 0);
      QVERIFY(ux && uy);
      QCOMPARE(ux->value.i, c.x);
      QCOMPARE(uy->value.i, c.y);
      QCOMPARE(job.uses.size(), size_t(2));
      // Tensors in symbol order, in bytes of f16.
      QCOMPARE(job.tensors.size(), size_t(2));
      QCOMPARE(job.tensors[0].symbol, 0);
      QCOMPARE(job.tensors[0].byteBegin, c.x * 2);
      QCOMPARE(job.tensors[0].byteEnd, (c.x + 64 * c.n) * 2);
      QCOMPARE(job.tensors[1].byteBegin, c.y * 2);
    }
  }

  void scalarsAreChecked() {
    bool ok = false;
    Module m = assemble("loop.spys", ok);
    QVERIFY(ok);
    PrepareResult r = prepare(m, preset("spyre-4core"));
    QVERIFY2(r.ok(), messages(r.errors).c_str());
    Bindings good;
    good.dimension("n", 4).scalar("scale", 2.5);
    LaunchResult l = launch(r.prepared, good);
    QVERIFY2(l.ok(), messages(l.errors).c_str());
    QCOMPARE(l.job->arg(1).f, 2.5);
    Bindings asInt;
    asInt.dimension("n", 4).scalar("scale", int64_t(3));
    l = launch(r.prepared, asInt);
    QVERIFY(l.ok());
    QCOMPARE(l.job->arg(1).f, 3.0);
    Bindings tooBig;
    tooBig.dimension("n", 4).scalar("scale", 1e39);
    l = launch(r.prepared, tooBig);
    QVERIFY(!l.ok());
    QVERIFY2(messages(l.errors).find("is out of the range of f32") !=
                 std::string::npos,
             messages(l.errors).c_str());
  }

  void launchChecks_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing") << 0 << "argument 'y' (a tensor) is not bound";
    QTest::newRow("unknown") << 1 << "'z' is not an argument of kernel "
                                     "'add_one' (its arguments: x, y, n)";
    QTest::newRow("wrong kind") << 2 << "argument 'n' is a dimension, bound "
                                        "as a tensor";
    QTest::newRow("outside device memory")
        << 3 << "do not lie in the";
    QTest::newRow("twice") << 4 << "argument 'x' is bound twice";
    QTest::newRow("negative dimension")
        << 5 << "dimension -3 is negative or does not fit index";
    QTest::newRow("negative address") << 6 << "elements [-1, +64)";
  }
  void launchChecks() {
    QFETCH(int, which);
    QFETCH(QString, message);
    bool ok = false;
    Module m = assemble("copy.spys", ok);
    QVERIFY(ok);
    arch::Arch a = preset("spyre");
    PrepareResult r = prepare(m, a);
    QVERIFY(r.ok());
    Bindings b;
    int64_t hbmElements = int64_t(a.hbmBytes / 2);
    switch (which) {
    case 0:
      b.tensor("x", 0, 64).dimension("n", 1);
      break;
    case 1:
      b.tensor("x", 0, 64).tensor("y", 64, 64).dimension("n", 1).scalar(
          "z", int64_t(1));
      break;
    case 2:
      b.tensor("x", 0, 64).tensor("y", 64, 64).tensor("n", 0, 1);
      break;
    case 3:
      b.tensor("x", hbmElements - 10, 64).tensor("y", 0, 64).dimension("n", 1);
      break;
    case 4:
      b.tensor("x", 0, 64).tensor("x", 0, 64).tensor("y", 64, 64).dimension(
          "n", 1);
      break;
    case 5:
      b.tensor("x", 0, 64).tensor("y", 64, 64).dimension("n", -3);
      break;
    case 6:
      b.tensor("x", -1, 64).tensor("y", 64, 64).dimension("n", 1);
      break;
    }
    LaunchResult l = launch(r.prepared, b);
    QVERIFY(!l.ok());
    std::string all = messages(l.errors);
    QVERIFY2(all.find(message.toStdString()) != std::string::npos,
             all.c_str());
  }

  void prepareChecksTheArchitecture() {
    bool ok = false;
    Module m = assemble("copy.spys", ok);
    QVERIFY(ok);
    arch::Arch a = preset("spyre");
    a.engines[0].name = "xyz";
    PrepareResult r = prepare(m, a);
    QVERIFY(!r.ok());
    QVERIFY2(messages(r.errors).find("does not have") != std::string::npos,
             messages(r.errors).c_str());

    a = preset("spyre-4core");
    Module far = m;
    far.plan.placement = {0, 7};
    r = prepare(far, a);
    QVERIFY(!r.ok());
    QVERIFY2(messages(r.errors).find("tile 1 is placed on core 7") !=
                 std::string::npos,
             messages(r.errors).c_str());

    a.scratchpadBytesPerCore = 200;
    r = prepare(m, a);
    QVERIFY(!r.ok());
    QVERIFY2(messages(r.errors).find("ends at byte 256, past the 200-byte "
                                     "scratchpad") != std::string::npos,
             messages(r.errors).c_str());

    // A stream of more sticks than its view holds.
    Module wide = m;
    wide.programs[1].code[2].aux = 2;
    r = prepare(wide, preset("spyre"));
    QVERIFY(!r.ok());
    QVERIFY2(messages(r.errors).find("2 sticks (256 bytes) do not fit LX "
                                     "view lx0 (128 bytes)") !=
                 std::string::npos,
             messages(r.errors).c_str());

    // And an invalid module never gets prepared.
    Module bad = m;
    bad.programs[0].code.back().op = Opcode::Nop;
    r = prepare(bad, preset("spyre"));
    QVERIFY(!r.ok());
  }

  // Not a timed assertion: the numbers go to the docs' table.
  void prepareCost() {
    for (const char *f : kListings) {
      bool ok = false;
      Module m = assemble(f, ok);
      QVERIFY(ok);
      auto shared = std::make_shared<const Module>(m);
      arch::Arch a = preset(m.plan.arch.c_str());
      // CPU time of this thread, median of 201 runs (the machine is shared).
      std::vector<double> times;
      for (int i = 0; i < 201; ++i) {
        timespec t0, t1;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        bool prepared = prepare(shared, a).ok();
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        QVERIFY(prepared);
        times.push_back(double(t1.tv_sec - t0.tv_sec) * 1e6 +
                        double(t1.tv_nsec - t0.tv_nsec) / 1e3);
      }
      std::sort(times.begin(), times.end());
      double us = times[times.size() / 2];
      qInfo("prepare %s: %.1f us", f, us);
    }
  }
};

QTEST_APPLESS_MAIN(RuntimeTest)
#include "RuntimeTest.moc"
