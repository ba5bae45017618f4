//===- RunSummaryRunner.cpp - a run's summary, worked out off the GUI -----===//

#include "RunSummaryRunner.h"
#include "WorkerPool.h"

#include "RunInputs.h"

#include "driver/Architecture.h"
#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/NumericsVerdict.h"
#include "driver/OutputCompare.h"

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
  watcher.setFuture(QtConcurrent::run(
      workerPool(),
      [input, cancel] { return compute(input, cancel.get()); }));
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
  std::shared_ptr<const spyre::code::Module> module =
      recorded ? recorded->finalMachine().prepared().module : input.spyreCode;
  if (!module) {
    CompileRequest compile;
    compile.source = input.source.toStdString();
    compile.sourceName = input.name.toStdString();
    compile.arch = archName;
    compile.directory = input.directory.toStdString();
    compile.function = input.function.toStdString();
    compile.doubleBuffer = input.doubleBuffer;
    compile.cancel = cancel;
    CompileResult compiled = compileKernel(compile);
    for (const Diagnostic &d : compiled.diagnostics)
      if (d.severity == Diagnostic::Severity::Error)
        out.errors << QString::fromStdString(d.message);
    if (!compiled.spyreCode) {
      if (out.errors.isEmpty())
        out.errors << QObject::tr("the kernel did not compile to SpyreCode");
      return out;
    }
    module = compiled.spyreCode;
  }
  if (stopped())
    return out;
  // The inputs placed as the interpreter places them: the recorded run
  // was given these very bytes (EmulatorRun::prepare), at these places.
  RunRequest request;
  request.source = input.source.toStdString();
  request.sourceName = input.name.toStdString();
  request.arch = archName;
  request.function = input.function.toStdString();
  request.seed = input.seed;
  request.cancel = cancel;
  request.shadow = true; // the numerics verdict judges by it
  if (!RunInputs{input.seed, input.inputFiles, input.scalars}.load(request.args,
                                                                   out.errors))
    return out;
  PreparedRun interpreter(request);
  if (!interpreter.ok()) {
    for (const Diagnostic &d : interpreter.run().diagnostics)
      out.errors << QString::fromStdString(d.message);
    if (out.errors.isEmpty())
      out.errors << QObject::tr("the kernel's inputs could not be placed");
    return out;
  }
  EmulateResult emulated;
  if (recorded) {
    emulated = sessionResult(*recorded, emulatorArguments(interpreter));
  } else {
    EmulateOptions options;
    options.arch = archName;
    options.cycleBudget = input.cycleBudget;
    options.trace = true; // the scratchpad peaks come from the LX intervals
    emulated = emulate(module, emulatorArguments(interpreter), options);
  }
  for (const std::string &e : emulated.errors)
    out.errors << QString::fromStdString(e);
  out.ok = emulated.ok;
  out.summary = emulated.summary;
  if (!out.ok || stopped())
    return out;
  // Where the recorded run's time went (its trace is whole).
  if (recorded)
    out.why = spyre::emu::profileWaits(recorded->finalMachine(),
                                       recorded->totalCycles());
  RunResult reference = interpreter.run();
  if (!reference.ok) {
    out.interpreterError =
        reference.diagnostics.empty()
            ? QObject::tr("the interpreter failed")
            : QString::fromStdString(reference.diagnostics.front().message);
    return out;
  }
  out.compared = true;
  out.numerics = judgeOutputs(reference, emulated.arrays, emulated.regions);
  // The byte comparison too, for the session report (explorer's
  // SessionReport, to move to the verdict).
  out.outputs = compareOutputs(reference.arrays, emulated.arrays);
  for (ArrayComparison &c : compareOutputs(reference.regions, emulated.regions))
    out.outputs.push_back(std::move(c));
  return out;
}
