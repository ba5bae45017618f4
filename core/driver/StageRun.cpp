//===- StageRun.cpp - run every snapshot, find the pass that changed it ---===//

#include "driver/StageRun.h"
#include "driver/Architecture.h"
#include "driver/CompileHooks.h"
#include "driver/DiagnosticCapture.h"
#include "driver/Emulate.h"
#include "driver/Perturb.h"
#include "driver/StageJudge.h"
#include "pipeline/Pipeline.h"
#include "interp/Interpreter.h"
#include "ir/KernelFunctions.h"
#include "stagex/StageExecutor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <chrono>
#include <ctime>

using namespace spyre;
using namespace spyre::driver;
using namespace mlir;

namespace {

constexpr const char *kSpyreCodePass = "lower-to-spyrecode";

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       start)
      .count();
}

/// The CPU time of the calling thread (the snapshot's processes are
/// coroutines on it): unlike the wall clock, not inflated by other work
/// sharing the machine.
double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}


/// The inputs of the reference run placed once per bisect: every
/// snapshot's memories start from this image and share its pages until
/// they write one (interp::PageImage), so no snapshot sees another's
/// stores.
struct InputImage {
  interp::PageImage hbm;
  std::vector<interp::PageImage> lx;
};

InputImage placeInputs(const PreparedRun &prepared) {
  interp::Memories placed;
  for (const PreparedRun::PlacedArgument &a : prepared.placedArguments())
    if (a.isArray)
      placed.hbm.writeBytes(a.byteStart, a.array->data.data(),
                            a.array->data.size());
  for (const MemoryRegion &r : prepared.placedRegions()) {
    if (r.lx && placed.lx.size() <= size_t(r.core))
      placed.lx.resize(size_t(r.core) + 1);
    (r.lx ? placed.lx[size_t(r.core)] : placed.hbm)
        .writeBytes(r.byteStart, r.data.data.data(), r.data.data.size());
  }
  InputImage image;
  image.hbm = placed.hbm.freeze();
  for (interp::ByteStore &lx : placed.lx)
    image.lx.push_back(lx.freeze());
  return image;
}

/// Fresh memories holding the inputs (sharing the image's pages).
void startFrom(const InputImage &image, interp::Memories &memories) {
  memories.hbm = interp::ByteStore(image.hbm);
  memories.lx.reserve(image.lx.size());
  for (const interp::PageImage &lx : image.lx)
    memories.lx.emplace_back(lx);
}

/// The snapshot function's arguments for the reference's inputs.
std::vector<interp::RtValue> argumentsOf(const PreparedRun &prepared,
                                         func::FuncOp function) {
  std::vector<interp::RtValue> args;
  Block &entry = function.getBody().front();
  std::vector<PreparedRun::PlacedArgument> placed = prepared.placedArguments();
  for (size_t i = 0; i < placed.size() && i < entry.getNumArguments(); ++i) {
    const PreparedRun::PlacedArgument &a = placed[i];
    interp::DType type = interp::dtypeOf(entry.getArgument(i).getType());
    args.push_back(
        interp::isFloat(type)
            ? interp::Scalar{interp::roundTo(type, a.scalar), type}
            : interp::Scalar{interp::intToSlot(
                                 type, a.integer.value_or(int64_t(a.scalar))),
                             type});
  }
  return args;
}

/// The array `like` describes, read from `store` at `byteStart`: its bytes
/// copied once, straight from the store's pages.
npy::Array readSnapshotArray(interp::ByteStore &store, uint64_t byteStart,
                             const npy::Array &like) {
  npy::Array out;
  out.dtype = like.dtype;
  out.shape = like.shape;
  out.data.reserve(like.data.size());
  uint64_t address = byteStart, left = like.data.size();
  constexpr uint64_t kPage = interp::ByteStore::kPageSize;
  while (left > 0) {
    uint64_t chunk = std::min(left, kPage - (address & (kPage - 1)));
    if (const uint8_t *bytes = store.find(address)) {
      out.data.insert(out.data.end(), bytes, bytes + chunk);
    } else {
      store.noteUninitialised(address, chunk);
      out.data.insert(out.data.end(), chunk, uint8_t(0));
    }
    address += chunk;
    left -= chunk;
  }
  return out;
}

/// The kernel function of a snapshot module.
func::FuncOp kernelOf(ModuleOp module, const std::string &name) {
  func::FuncOp found;
  module.walk([&](func::FuncOp f) {
    if (!found && !f.isDeclaration() && (name.empty() || f.getSymName() == name))
      found = f;
  });
  return found;
}

struct SnapshotOutcome {
  bool ok = false;
  std::map<std::string, npy::Array> arrays, regions;
  uint64_t ops = 0;
  uint64_t compiledBodies = 0;
  int watchedLine = 0;
};

/// Runs the snapshot `module` on the reference's inputs (`image`: placed
/// on the first call).
SnapshotOutcome runSnapshot(ModuleOp module, const PreparedRun &prepared,
                            std::optional<InputImage> &image,
                            const RunResult &reference,
                            const StageRunRequest &request,
                            const stagex::StageOptions &target,
                            std::optional<uint64_t> watchByte = std::nullopt) {
  SnapshotOutcome out;
  func::FuncOp function = kernelOf(module, reference.function);
  if (!function) {
    module.emitError("the snapshot has no function '")
        << reference.function << "'";
    return out;
  }
  // A snapshot before select-kernel still calls its helpers: it runs as
  // the interpreter runs the kernel, with them inlined, on a copy (the
  // snapshot shown stays as the pass left it).
  OwningOpRef<ModuleOp> inlined;
  if (function.walk([](func::CallOp) { return WalkResult::interrupt(); })
          .wasInterrupted()) {
    inlined = module.clone();
    function = kernelOf(*inlined, reference.function);
    if (failed(inlineCalls(function)))
      return out;
  }
  if (!image)
    image = placeInputs(prepared);
  interp::Memories memories;
  startFrom(*image, memories);
  stagex::StageOptions options;
  options.stickBytes = target.stickBytes;
  options.reduceNumerics = target.reduceNumerics;
  options.maxOpsPerProcess = request.run.maxOpsPerCore;
  options.cancel = request.cancel;
  options.order = request.backwardSchedule ? stagex::Order::Backward
                                           : stagex::Order::Forward;
  options.directPaths = request.directPaths;
  options.compiledBodies = request.compiledBodies;
  if (watchByte) {
    options.watchHbmByte = *watchByte;
    options.onWatchedStore = [&out](Operation *op) {
      if (op)
        out.watchedLine = stagex::ktirLineOf(op);
    };
  }
  stagex::StageExecutor executor(function, memories, options);
  out.ok = executor.run(argumentsOf(prepared, function));
  out.ops = executor.opsExecuted();
  out.compiledBodies = executor.compiledBodiesRun();
  for (const PreparedRun::PlacedArgument &a : prepared.placedArguments())
    if (a.isArray)
      out.arrays[a.name] =
          readSnapshotArray(memories.hbm, a.byteStart, *a.array);
  for (const MemoryRegion &r : prepared.placedRegions()) {
    interp::ByteStore &store =
        r.lx && size_t(r.core) < memories.lx.size()
            ? memories.lx[size_t(r.core)]
            : memories.hbm;
    out.regions[r.name] = readSnapshotArray(store, r.byteStart, r.data);
  }
  return out;
}

/// The byte of HBM an output element lives at, if it is an array's.
std::optional<uint64_t> byteOf(const PreparedRun &prepared,
                               const std::string &array, size_t element) {
  for (const PreparedRun::PlacedArgument &a : prepared.placedArguments())
    if (a.isArray && a.name == array)
      return a.byteStart + element * npy::elementSize(a.array->dtype);
  for (const MemoryRegion &r : prepared.placedRegions())
    if (!r.lx && r.name == array)
      return r.byteStart + element * npy::elementSize(r.data.dtype);
  return std::nullopt;
}

void judge(StageRun &s, const RunResult &reference) {
  StageJudgement j = judgeStage(reference, s.arrays, s.regions,
                                s.emulated ? "emulator" : "snapshot");
  s.outcome = j.verdict == Verdict::Wrong ? StageOutcome::Differs
                                          : StageOutcome::Agrees;
  s.exact = j.verdict == Verdict::Exact;
  s.summary = std::move(j.summary);
  s.numerics = std::move(j.numerics);
  s.wrongArray = std::move(j.wrongArray);
  s.wrongElement = j.wrongElement;
  s.wrongCoords = std::move(j.wrongCoords);
}

/// The reference's failure to run, or the compile's, as the result.
bool referenceRan(PreparedRun &prepared, StageRunResult &out) {
  out.reference = prepared.run();
  out.diagnostics = out.reference.diagnostics;
  return out.reference.ok;
}

/// The reference run again with its f64 shadow and error bounds, once:
/// what a snapshot that is not exact is judged against (the shadow costs
/// 2-100x the run: the bisect of a kernel whose snapshots are all exact
/// does without). The shadow changes no value the interpreter computes.
void addShadow(const StageRunRequest &request, StageRunResult &out,
               bool &shadowed) {
  if (shadowed)
    return;
  shadowed = true;
  RunRequest withShadow = request.run;
  withShadow.shadow = true;
  PreparedRun prepared(withShadow);
  RunResult run = prepared.run();
  if (run.ok)
    out.reference.shadows = std::move(run.shadows);
}

} // namespace

std::vector<std::string> spyre::driver::stageNames() {
  std::vector<std::string> names = {"input"};
  for (const PassInfo &info : pipelinePasses())
    names.push_back(info.argument);
  return names;
}

StageRunResult spyre::driver::runStages(const StageRunRequest &request) {
  StageRunResult out;
  out.comparison = stageComparisonName();
  std::vector<std::string> names = stageNames();
  for (const std::string *name : {&request.onlyPass, &request.perturbAfter})
    if (!name->empty() &&
        std::find(names.begin(), names.end(), *name) == names.end()) {
      Diagnostic d;
      d.message = "no pass named '" + *name + "'";
      out.diagnostics.push_back(d);
      return out;
    }

  // The reference: the interpreter on the kernel as written (its f64
  // shadow and error bounds added when a snapshot is not exact).
  PreparedRun prepared(request.run);
  if (!referenceRan(prepared, out))
    return out;
  bool shadowed = false;
  auto judged = [&](StageRun &s) {
    judge(s, out.reference);
    if (!s.exact && !shadowed) {
      addShadow(request, out, shadowed);
      judge(s, out.reference);
    }
  };

  // The compile, keeping the module of every snapshot.
  MLIRContext context;
  std::vector<OwningOpRef<ModuleOp>> modules;
  CompileHooks hooks;
  hooks.afterPass = [&](const std::string &pass, ModuleOp module) {
    if (pass == request.perturbAfter && pass != kSpyreCodePass)
      out.perturbed = perturbModule(module);
  };
  hooks.snapshotTaken = [&](ModuleOp module) {
    modules.push_back(OwningOpRef<ModuleOp>(module.clone()));
  };
  CompileRequest compile;
  compile.source = request.run.source;
  compile.sourceName = request.run.sourceName;
  compile.arch = request.run.arch;
  compile.function = request.run.function; // the kernel the reference ran
  compile.grid = request.run.grid;         // on the grid the reference ran
  compile.directory = request.directory;
  compile.cancel = request.cancel;
  CompileResult compiled = compileKernelIn(context, compile, hooks);
  out.diagnostics.insert(out.diagnostics.end(), compiled.diagnostics.begin(),
                         compiled.diagnostics.end());
  if (compiled.cancelled) {
    out.cancelled = true;
    return out;
  }
  if (!compiled.ok)
    return out;
  // The snapshots run on the grid the kernel declares (the pipeline
  // compiles that one): a record's may only pad it with 1s.
  if (func::FuncOp kernel = kernelOf(*modules.front(), out.reference.function)) {
    std::vector<int64_t> own = interp::gridOf(kernel), given = request.run.grid;
    while (own.size() > 1 && own.back() == 1)
      own.pop_back();
    while (given.size() > 1 && given.back() == 1)
      given.pop_back();
    if (!given.empty() && given != own) {
      Diagnostic d;
      d.message = "the snapshots run on the grid the kernel declares, not "
                  "the one given (--grid or a record's)";
      out.diagnostics.push_back(d);
      return out;
    }
  }
  std::shared_ptr<const code::Module> spyreCode = compiled.spyreCode;
  if (request.perturbAfter == kSpyreCodePass && spyreCode) {
    auto copy = std::make_shared<code::Module>(*spyreCode);
    out.perturbed = perturbSpyreCode(*copy);
    spyreCode = copy;
  }
  std::optional<arch::Arch> architecture =
      loadArchitecture(request.run.arch, out.diagnostics);
  // What the snapshots take from the target: its sticks, and how its
  // reductions fold (so a snapshot rounds as the program it becomes).
  stagex::StageOptions target;
  if (architecture) {
    target.stickBytes = architecture->stickBytes;
    target.reduceNumerics.tree = architecture->numerics.treeReduce;
    target.reduceNumerics.accumulateF32 = architecture->numerics.accumulateF32;
  }

  // Every snapshot (or the one asked for), in order, on the inputs placed
  // once.
  std::optional<InputImage> inputs;
  for (size_t i = 0; i < compiled.snapshots.size(); ++i) {
    const PassSnapshot &snap = compiled.snapshots[i];
    StageRun s;
    s.pass = snap.pass;
    s.stage = snap.stage;
    s.snapshot = int(i);
    bool wanted = request.onlyPass.empty() || request.onlyPass == snap.pass;
    if (!wanted || (request.cancel && request.cancel->load())) {
      out.cancelled |= wanted;
      out.stages.push_back(std::move(s));
      continue;
    }
    auto start = std::chrono::steady_clock::now();
    bool spyre = snap.pass == kSpyreCodePass;
    if (!spyre && i > 0 && !snap.changed && request.onlyPass.empty() &&
        out.stages.back().outcome != StageOutcome::Skipped) {
      // The IR is the previous snapshot's: so is the result.
      StageRun previous = out.stages.back();
      previous.pass = s.pass;
      previous.stage = s.stage;
      previous.snapshot = s.snapshot;
      previous.unchanged = true;
      previous.diagnostics.clear();
      previous.wallSeconds = 0;
      previous.executeSeconds = 0;
      s = std::move(previous);
    } else if (spyre) {
      s.emulated = true;
      if (request.emulator || !request.onlyPass.empty()) {
        EmulateOptions eo;
        eo.arch = request.run.arch;
        EmulateResult emu = emulate(spyreCode, emulatorArguments(prepared), eo);
        for (const std::string &e : emu.errors) {
          Diagnostic d;
          d.message = "emulator: " + e;
          d.pass = s.pass;
          if (emu.faultLine > 0) {
            d.file = request.run.sourceName;
            d.line = emu.faultLine;
          }
          s.diagnostics.push_back(std::move(d));
        }
        if (emu.ok) {
          s.arrays = std::move(emu.arrays);
          s.regions = std::move(emu.regions);
          judged(s);
        } else {
          s.outcome = StageOutcome::Failed;
        }
      }
    } else if (!modules[i] || snap.invalid) {
      s.outcome = StageOutcome::Failed;
    } else {
      DiagnosticCapture capture(context, s.diagnostics);
      capture.setPass(s.pass);
      double executed = threadCpuSeconds();
      SnapshotOutcome run = runSnapshot(*modules[i], prepared, inputs,
                                        out.reference,
                                        request, target);
      s.executeSeconds = threadCpuSeconds() - executed;
      s.opsExecuted = run.ops;
      s.compiledBodiesRun = run.compiledBodies;
      if (run.ok) {
        s.arrays = std::move(run.arrays);
        s.regions = std::move(run.regions);
        judged(s);
      } else {
        s.outcome = StageOutcome::Failed;
      }
    }
    if (s.outcome == StageOutcome::Failed) {
      s.summary = "does not run";
      for (const Diagnostic &d : s.diagnostics)
        if (d.severity == Diagnostic::Severity::Error) {
          s.summary += ": " + d.message;
          break;
        }
    }
    if (!s.unchanged)
      s.wallSeconds = secondsSince(start);
    if (out.firstDiffering < 0 && (s.outcome == StageOutcome::Differs ||
                                   s.outcome == StageOutcome::Failed))
      out.firstDiffering = int(out.stages.size());
    if (out.firstInexact < 0 && s.outcome == StageOutcome::Agrees && !s.exact)
      out.firstInexact = int(out.stages.size());
    out.stages.push_back(std::move(s));
    if (request.progress)
      request.progress(out.stages.back());
  }

  // Which KTIR line stored the worst WRONG element: the input snapshot run
  // once more, watching that byte (integer outputs have no shadow that
  // would say).
  if (out.firstDiffering >= 0) {
    StageRun &first = out.stages[size_t(out.firstDiffering)];
    if (std::optional<uint64_t> byte =
            first.wrongArray.empty()
                ? std::nullopt
                : byteOf(prepared, first.wrongArray, first.wrongElement)) {
      std::vector<Diagnostic> ignored;
      DiagnosticCapture capture(context, ignored);
      first.wrongLine = runSnapshot(*modules[0], prepared, inputs,
                                    out.reference,
                                    request, target, byte)
                            .watchedLine;
    }
  }
  out.ok = !out.cancelled;
  return out;
}
