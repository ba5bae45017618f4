//===- SteppingTest.cpp - stepping a recorded sample, forwards and back ----===//
//
// Issue 12's stepping API on compiled samples (emu_test does it on a
// hand-built copy): softmax (32 cores, the default sample) and rmsnorm_ring
// (ring messages in flight), each recorded once as a Session with the
// default checkpoints:
//   * stepping forward then back returns the identical state (SameState.h:
//     registers, FIFOs, memories, ring mailboxes, LX occupancy, statistics),
//     from the middle of the run and from its end;
//   * a step back from the end, and from each of the next 100 events back,
//     takes under 16 ms of this thread's CPU time (CPU, not wall time: the
//     test machine is shared; a step is a replay of at most one checkpoint
//     interval, tenths of a millisecond).
//
//===----------------------------------------------------------------------===//

#include "LaunchTest.h"
#include "SameState.h"

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/Run.h"
#include "emu/Session.h"

#include <QTest>

#include <ctime>

using namespace spyre;

namespace {

double threadCpuMs() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

/// The sample compiled for the Spyre preset and recorded with the inputs
/// the interpreter places for seed 0; null on failure (with a warning).
std::unique_ptr<emu::Session> record(const QString &name) {
  std::string source = readSample(qPrintable(name));
  if (source.empty())
    return nullptr;
  driver::CompileRequest compile;
  compile.source = source;
  compile.sourceName = name.toStdString();
  driver::CompileResult compiled = driver::compileKernel(compile);
  if (!compiled.ok || !compiled.spyreCode)
    return nullptr;
  driver::RunRequest run;
  run.source = source;
  run.sourceName = compile.sourceName;
  run.seed = 0;
  driver::PreparedRun placed(run);
  if (!placed.ok())
    return nullptr;
  std::vector<std::string> errors;
  auto session = driver::startSession(compiled.spyreCode,
                                      driver::emulatorArguments(placed), {}, errors);
  for (const std::string &e : errors)
    qWarning("%s", e.c_str());
  return session;
}

} // namespace

void SteppingTest::forwardThenBack_data() {
  QTest::addColumn<QString>("sample");
  QTest::newRow("softmax") << QStringLiteral("softmax.mlir");
  QTest::newRow("rmsnorm_ring") << QStringLiteral("rmsnorm_ring.mlir");
}

void SteppingTest::forwardThenBack() {
  QFETCH(QString, sample);
  std::unique_ptr<emu::Session> s = record(sample);
  QVERIFY(s);
  QVERIFY(!s->faulted());
  const uint64_t total = s->totalEvents();
  QVERIFY(total > 2000);
  QVERIFY(s->checkpointCount() > 1); // the steps below cross checkpoints
  const uint64_t mid = total / 2;
  QVERIFY(s->seekEvent(mid));
  const emu::MachineState atMid = s->machine().state();
  for (int i = 0; i < 300; ++i)
    QVERIFY(s->stepEvent());
  QCOMPARE(s->position(), mid + 300);
  QVERIFY(!emutest::sameState(atMid, s->machine().state()));
  for (int i = 0; i < 300; ++i)
    QVERIFY(s->stepBack());
  QCOMPARE(s->position(), mid);
  std::string back;
  QVERIFY2(emutest::sameState(atMid, s->machine().state(), &back), back.c_str());
  // To the end (the recording's own final state) and back again.
  std::string why;
  QVERIFY(s->seekEvent(total));
  QVERIFY2(emutest::sameState(s->machine().state(), s->finalMachine().state(),
                              &why, /*occupancy=*/false),
           why.c_str());
  QVERIFY(s->seekEvent(mid));
  QVERIFY2(emutest::sameState(atMid, s->machine().state(), &why), why.c_str());
}

void SteppingTest::stepBackUnder16ms() {
  std::unique_ptr<emu::Session> s = record(QStringLiteral("softmax.mlir"));
  QVERIFY(s);
  QVERIFY(s->seekEvent(s->totalEvents()));
  double worst = 0;
  for (int i = 0; i < 101; ++i) {
    double t0 = threadCpuMs();
    QVERIFY(s->stepBack());
    worst = std::max(worst, threadCpuMs() - t0);
  }
  QCOMPARE(s->position(), s->totalEvents() - 101);
  qInfo("softmax: %llu events, %zu checkpoints every %llu events; worst step "
        "back %.3f ms of CPU",
        (unsigned long long)s->totalEvents(), s->checkpointCount(),
        (unsigned long long)s->checkpointInterval(), worst);
  QVERIFY2(worst < 16.0, qPrintable(QString::number(worst) + " ms"));
}
