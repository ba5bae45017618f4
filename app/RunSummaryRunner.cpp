//===- RunSummaryRunner.cpp - a run's summary, worked out off the GUI -----===//

#include "RunSummaryRunner.h"
#include "WorkerPool.h"

#include "models/Bytes.h"

#include "driver/Architecture.h"
#include "driver/Emulate.h"
#include "driver/NumericsVerdict.h"

#include "arch/Arch.h"

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

RunSummaryRunner::RunSummaryRunner(QObject *parent) : QObject(parent) {
  connect(&watcher, &QFutureWatcher<RunSummaryData>::finished, this, [this] {
    if (jobs.end()) {
      result = watcher.result();
      Q_EMIT finished();
    }
    if (jobs.restartWanted())
      launch();
  });
}

RunSummaryRunner::~RunSummaryRunner() { watcher.waitForFinished(); }

void RunSummaryRunner::start(const Input &input) {
  pending = input;
  jobs.request();
  launch();
}

void RunSummaryRunner::launch() {
  std::shared_ptr<std::atomic<bool>> cancel = jobs.start();
  if (!cancel)
    return;
  Input input = pending;
  // Nobody waits on it while exploring the run: the lowest priority.
  watcher.setFuture(
      runInBackground([input, cancel] { return compute(input, cancel.get()); }));
}

RunSummaryData RunSummaryRunner::compute(const Input &input,
                                         const std::atomic<bool> *cancel) {
  using namespace spyre::driver;
  RunSummaryData out;
  out.kernel = QFileInfo(input.name).fileName();
  out.variant = input.variant;
  const spyre::emu::Session *recorded = input.session.get();
  if (recorded && !recorded->complete()) {
    out.errors << QObject::tr("the run was not recorded to its end");
    return out;
  }
  std::string archName = input.arch.toStdString();
  if (recorded) {
    // The recorded run's own target and code.
    const spyre::arch::Arch &arch = recorded->finalMachine().arch();
    out.arch = QString::fromStdString(arch.name);
    out.cores = arch.numCores;
    out.clockGhz = arch.clockGhz;
    out.scratchpadBytes = uint64_t(arch.scratchpadBytesPerCore);
  } else {
    std::vector<Diagnostic> archErrors;
    auto arch = loadArchitecture(archName, archErrors);
    out.arch = arch ? QString::fromStdString(arch->name) : input.arch;
    if (arch) {
      out.cores = arch->numCores;
      out.clockGhz = arch->clockGhz;
      out.scratchpadBytes = uint64_t(arch->scratchpadBytesPerCore);
    }
  }
  auto stopped = [&] { return cancel && cancel->load(); };
  // The inputs placed as the interpreter places them: the recorded run
  // was given these very bytes (EmulatorRun::prepare), at these places.
  spyre::driver::EmulateRequest request;
  if (!input.emulateRequest(request, out.errors, cancel))
    return out;
  request.run.shadow = true; // the numerics verdict judges by it
  request.doubleBuffer = input.doubleBuffer;
  if (recorded) {
    request.spyreCode = recorded->finalMachine().prepared().module;
    request.recorded = input.session;
  }
  Emulation emulated = emulate(request);
  if (!emulated.ok()) {
    for (const Diagnostic &d : emulated.diagnostics)
      if (d.severity == Diagnostic::Severity::Error)
        out.errors << QString::fromStdString(d.message);
    if (out.errors.isEmpty())
      for (const std::string &e : emulated.errors)
        out.errors << QString::fromStdString(e);
    return out;
  }
  for (const std::string &e : emulated.result.errors)
    out.errors << QString::fromStdString(e);
  out.ok = emulated.result.ok;
  out.summary = emulated.result.summary;
  if (!out.ok || stopped())
    return out;
  // Where the recorded run's time went (when its whole trace is kept).
  if (recorded && recorded->detailed()) {
    spyre::emu::Machine traced(recorded->finalMachine());
    traced.trace() = recorded->trace();
    out.why = spyre::emu::profileWaits(traced, recorded->totalCycles());
  } else if (recorded) {
    // The critical path walks the whole trace, which a run this long does
    // not keep (EmulatorRun::Input::detailEvents): said, not left out.
    out.whyMissing =
        QObject::tr("<i>Why %1 cycles</i> is not worked out for this run: it is read "
                    "from the run's whole trace, which the explorer keeps only for "
                    "shorter runs (this one has %2 events). The Timeline still shows "
                    "every engine's busy and blocked time.")
            .arg(formatCount(recorded->totalCycles()), formatCount(recorded->totalEvents()));
  }
  RunResult reference = emulated.interpreter->run();
  if (!reference.ok) {
    out.interpreterError =
        reference.diagnostics.empty()
            ? QObject::tr("the interpreter failed")
            : QString::fromStdString(reference.diagnostics.front().message);
    return out;
  }
  out.compared = true;
  out.numerics = judgeOutputs(reference, emulated.result.arrays, emulated.result.regions);
  return out;
}
