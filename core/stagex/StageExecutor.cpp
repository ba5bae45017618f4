//===- StageExecutor.cpp - run the IR after any pass ----------------------===//

#include "stagex/StageExecutor.h"
#include "interp/BlockPlan.h"
#include "stagex/ExecContext.h"

#include "ir/ktdp/KtdpOps.h"
#include "ir/schedule/ScheduleDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <map>
#include <tuple>

using namespace mlir;
using namespace spyre;
using namespace spyre::stagex;

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

namespace {
/// Buffers without an address live far above every real LX address: a
/// pipeline's from 2^40, the others from 2^41.
constexpr uint64_t kPipelineBase = uint64_t(1) << 40;
constexpr uint64_t kPermanentBase = uint64_t(1) << 41;
} // namespace

namespace {

/// The line of a location's file position (inside fused and named ones).
int lineOf(Location loc) {
  if (auto fileLine = dyn_cast<FileLineColLoc>(loc))
    return int(fileLine.getLine());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (int line = lineOf(inner))
        return line;
  if (auto name = dyn_cast<NameLoc>(loc))
    return lineOf(name.getChildLoc());
  return 0;
}

} // namespace

int spyre::stagex::ktirLineOf(Operation *op) {
  return op ? lineOf(op->getLoc()) : 0;
}

Context::Context(interp::Interpreter &interp, interp::Memories &memories,
                 int64_t stickBytes, Order order)
    : interp(interp), memories(memories), stickBytes(stickBytes),
      scheduler(order) {}

uint64_t &Context::stackTop(int core) {
  if (stackTops.size() <= size_t(core)) {
    stackTops.resize(size_t(core) + 1, kPipelineBase);
    permanentTops.resize(size_t(core) + 1, kPermanentBase);
  }
  return stackTops[size_t(core)];
}

uint64_t Context::allocate(int core, uint64_t bytes, bool withPipeline) {
  uint64_t &top = stackTop(core);
  uint64_t &at = withPipeline ? top : permanentTops[size_t(core)];
  uint64_t address = at;
  at += (bytes + uint64_t(stickBytes) - 1) / uint64_t(stickBytes) *
        uint64_t(stickBytes);
  return address;
}

Context::TileState &Context::tile(int t) {
  if (tiles.size() <= size_t(t))
    tiles.resize(size_t(t) + 1);
  if (!tiles[size_t(t)])
    tiles[size_t(t)] = std::make_unique<TileState>();
  return *tiles[size_t(t)];
}

Process &Context::spawnChild(Process &parent, std::string unit, int instance,
                             std::function<bool(Process &)> body) {
  auto p = std::make_unique<Process>();
  p->unit = std::move(unit);
  p->core = parent.core;
  p->tile = parent.tile;
  p->instance = instance;
  p->parent = &parent;
  interp::CoreExec *owner = parent.exec;
  p->owned = std::make_unique<interp::CoreExec>(interp, owner->id,
                                                owner->coords);
  p->owned->parent = owner;
  // Inter-tile exchanges count their executions per core.
  if (!owner->occurrences.empty())
    p->owned->occurrences = owner->occurrences;
  p->exec = p->owned.get();
  p->work = std::move(body);
  p->owner = owner;
  // Captures one pointer: held inside the std::function, no heap block.
  p->body = [this](Process &self) {
    bool ok = self.work(self);
    for (auto &[op, n] : self.exec->occurrences) {
      int &mine = self.owner->occurrences[op];
      mine = std::max(mine, n);
    }
    childOps += self.exec->opCount;
    return ok;
  };
  return scheduler.spawn(std::move(p));
}

//===----------------------------------------------------------------------===//
// StageExecutor
//===----------------------------------------------------------------------===//

namespace {

interp::InterpOptions interpOptions(const StageOptions &o) {
  interp::InterpOptions i;
  // The IR's own buffers are the scratchpad here; the interpreter's model
  // of what a KTIR kernel holds does not apply.
  i.lxCapacityBytes = uint64_t(1) << 62;
  i.accountScratchpad = false;
  i.directPaths = o.directPaths;
  i.maxOpsPerCore = o.maxOpsPerProcess;
  i.cancel = o.cancel;
  i.watchHbmByte = o.watchHbmByte;
  i.onWatchedStore = o.onWatchedStore;
  return i;
}

/// "0-3, 5" for a sorted list of cores.
std::string coreList(const std::vector<int> &cores) {
  std::string text;
  for (size_t i = 0; i < cores.size();) {
    size_t j = i;
    while (j + 1 < cores.size() && cores[j + 1] == cores[j] + 1)
      ++j;
    text += (text.empty() ? "" : ", ") + std::to_string(cores[i]);
    if (j > i)
      text += "-" + std::to_string(cores[j]);
    i = j + 1;
  }
  return text;
}

} // namespace

struct StageExecutor::Impl : interp::Extension {
  Impl(func::FuncOp function, interp::Memories &memories,
       const StageOptions &options)
      : function(function), memories(memories),
        interp(function, memories, optionsWith(options)),
        ctx(interp, memories, options.stickBytes, options.order) {
    ctx.compileBodies = options.compiledBodies;
    ctx.reduceNumerics = options.reduceNumerics;
    ctx.placement.clear();
    for (const char *name : {"dflow.placement", "sched.placement"})
      if (auto placed = function->getAttrOfType<DenseI64ArrayAttr>(name))
        ctx.placement.assign(placed.asArrayRef().begin(),
                             placed.asArrayRef().end());
    function.walk([&](Operation *op) {
      if (auto perCore = op->getAttrOfType<IntegerAttr>("per_core"))
        ctx.instancesPerCore =
            std::max(ctx.instancesPerCore, int(perCore.getInt()));
    });
    ctx.scheduler.onDeadlock = [this](const std::vector<const Process *> &b) {
      reportDeadlock(b);
    };
    MLIRContext *context = function->getContext();
    schedDialect = context->getLoadedDialect("sched");
    dflowDialect = context->getLoadedDialect("dflow");
    vectorDialect = context->getLoadedDialect("vector");
    affineDialect = context->getLoadedDialect("affine");
  }

  /// The options with this extension in them (the interpreter keeps a
  /// copy).
  interp::InterpOptions optionsWith(const StageOptions &o) {
    interp::InterpOptions i = interpOptions(o);
    i.extension = this;
    return i;
  }

  LogicalResult exec(interp::CoreExec &core, Operation *op,
                     bool &handled) override {
    // By the dialect's address: no name compared per executed op.
    const Dialect *dialect = op->getDialect();
    if (dialect && dialect == schedDialect)
      return execSchedule(ctx, core, op, handled);
    if (dialect && dialect == dflowDialect)
      return execDataflow(ctx, core, op, handled);
    if (dialect && (dialect == vectorDialect || dialect == affineDialect))
      return execVector(ctx, core, op, handled);
    handled = false;
    return failure();
  }

  bool waitUntil(const std::function<bool()> &ready) override {
    Process &me = ctx.process();
    return ctx.scheduler.wait(ready, me.exec->currentOperation(),
                              "waits for every tile at this exchange",
                              nullptr);
  }

  bool planOp(interp::OpPlan &plan) override { return planDirect(plan); }
  bool runPlanned(interp::CoreExec &core, interp::OpPlan &plan) override {
    return runDirect(ctx, core, plan);
  }

  /// The scheduler reports the deadlock (onDeadlock); the interpreter's
  /// waits stay silent.
  bool reportDeadlock() override { return false; }

  /// The induction variable of a loop whose pipelines have multi-copy
  /// buffers (their copy is the iteration's: ScheduleOps.cpp), and what an
  /// indirect access tile is built from (built again by the transfer that
  /// moves it: Transfers.cpp).
  bool keepsAlive(Value value) override {
    for (Operation *user : value.getUsers())
      if (isa<ktdp::ConstructIndirectAccessTileOp>(user))
        return true;
    auto arg = dyn_cast<BlockArgument>(value);
    auto loop = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())
                    : scf::ForOp();
    if (!loop || value != loop.getInductionVar())
      return false;
    bool copies = false;
    loop.getBody()->walk([&](sched::AllocOp alloc) {
      copies |= alloc.getCopies().value_or(1) > 1 &&
                alloc->getParentOfType<scf::ForOp>() == loop;
    });
    return copies;
  }

  void reportDeadlock(const std::vector<const Process *> &blocked);
  bool run(const std::vector<interp::RtValue> &args);

  func::FuncOp function;
  interp::Memories &memories;
  interp::Interpreter interp;
  Context ctx;
  /// The dialects exec() hands to the handlers (null: not loaded).
  const Dialect *schedDialect = nullptr, *dflowDialect = nullptr,
                *vectorDialect = nullptr, *affineDialect = nullptr;
};

void StageExecutor::Impl::reportDeadlock(
    const std::vector<const Process *> &blocked) {
  // One line per kind of wait, with the cores it happens on.
  std::map<std::tuple<std::string, int, std::string>, std::vector<int>> lines;
  for (const Process *p : blocked) {
    int line = p->blockedAt ? lineOf(p->blockedAt->getLoc()) : 0;
    std::string op =
        p->blockedAt ? p->blockedAt->getName().getStringRef().str() : "";
    std::string what = std::string(p->blockedHow) +
                       (p->blockedOn ? " " + p->blockedOn->describe() : "");
    lines[{p->unit, line, op + ": " + what}].push_back(p->core);
  }
  Operation *at = blocked.empty() || !blocked.front()->blockedAt
                      ? function.getOperation()
                      : blocked.front()->blockedAt;
  InFlightDiagnostic diag = at->emitError();
  diag << "deadlock: no process can go on; " << blocked.size()
       << " are blocked:";
  for (auto &[key, cores] : lines) {
    auto &[unit, line, what] = key;
    std::vector<int> sorted = cores;
    std::sort(sorted.begin(), sorted.end());
    diag << "\n  " << (sorted.size() == 1 ? "core " : "cores ")
         << coreList(sorted) << ", '" << unit << "'"
         << (line ? " at line " + std::to_string(line) : std::string())
         << ", " << what;
  }
}

bool StageExecutor::Impl::run(const std::vector<interp::RtValue> &args) {
  Block &entry = function.getBody().front();
  if (args.size() != entry.getNumArguments()) {
    function.emitError("expected ")
        << entry.getNumArguments() << " arguments, got " << args.size();
    return false;
  }
  for (int t = 0; t < interp.numCores(); ++t) {
    auto p = std::make_unique<Process>();
    p->unit = "kernel";
    p->tile = t;
    p->core = ctx.coreOfTile(t);
    if (size_t(p->core) >= memories.lx.size())
      memories.lx.resize(size_t(p->core) + 1);
    p->exec = &interp.core(t);
    p->body = [this, &entry, &args](Process &self) {
      SmallVector<interp::RtValue> results;
      bool ok = succeeded(self.exec->runBlock(entry, args, results));
      self.exec->releaseHeld(results);
      return ctx.scheduler.join(function) && ok;
    };
    ctx.scheduler.spawn(std::move(p));
  }
  return ctx.scheduler.run();
}

StageExecutor::StageExecutor(Operation *function, interp::Memories &memories,
                             StageOptions options)
    : impl(std::make_unique<Impl>(cast<func::FuncOp>(function), memories,
                                  options)) {}

StageExecutor::~StageExecutor() = default;

bool StageExecutor::run(const std::vector<interp::RtValue> &args) {
  return impl->run(args);
}

int StageExecutor::numTiles() const { return impl->interp.numCores(); }

uint64_t StageExecutor::compiledBodiesRun() const {
  return impl->ctx.compiledBodiesRun;
}

uint64_t StageExecutor::opsExecuted() const {
  return impl->interp.opsExecuted() + impl->ctx.childOps;
}

uint64_t StageExecutor::processesRun() const {
  return impl->ctx.scheduler.spawned();
}
