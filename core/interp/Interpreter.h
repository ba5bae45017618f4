//===- Interpreter.h - KTIR reference interpreter ---------------*- C++ -*-===//
//
// Executes a KTIR function SPMD over its grid: tile i runs on core i (grid
// linearised with dimension 0 fastest), all cores share one HBM and each has
// its own scratchpad (LX). Values are computed exactly as ktir-cpu does
// (fp16 rounded after every op). Every error is an MLIR diagnostic on the
// op that caused it.
//
// Kernels with inter-tile communication run each core as a coroutine on its
// own stack, one at a time: a core runs until it finishes or waits for an
// exchange, then the next core that can make progress runs. Runs are
// therefore deterministic, and a wait nobody can satisfy is reported as a
// deadlock instead of hanging.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_INTERPRETER_H
#define SPYRE_INTERP_INTERPRETER_H

#include "interp/CostModel.h"
#include "interp/Memory.h"
#include "interp/ShadowMemory.h"
#include "interp/Values.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <atomic>
#include <functional>
#include <map>
#include <unordered_map>
#include <memory>
#include <optional>
#include <vector>

namespace spyre::interp {

class CoreExec;
struct BlockPlan;
struct OpPlan;

/// One allocation or release of a tensor in a core's scratchpad.
struct LxEvent {
  int core = 0;
  bool alloc = true;
  uint64_t bytes = 0;
  uint64_t inUse = 0; ///< bytes in use after the event
  mlir::Operation *op = nullptr;
  /// Which allocation (per core, from 1): a release names the buffer its
  /// allocation charged.
  uint64_t buffer = 0;
};

/// A memory view as the kernel built it: where it lies and which element
/// type it holds (InterpOptions::onMemoryView).
struct ViewExtent {
  bool lx = false; ///< false: HBM
  int core = 0;    ///< owner of the scratchpad when lx
  DType dtype = DType::F16;
  /// Element indices of the lowest and highest coordinate of the view's
  /// bounding box (inclusive); bytes are these times the element size.
  int64_t first = 0, last = 0;
  mlir::Operation *op = nullptr;
};

/// What an executor that embeds the interpreter supplies (core/stagex runs
/// the IR after any pass: it executes the ops of the dialects the
/// interpreter does not know, and runs the kernel's work as processes of
/// its own, so the waits of inter-tile exchanges go to its scheduler).
class Extension {
public:
  virtual ~Extension() = default;
  /// Executes `op`, which the interpreter does not know; sets `handled` to
  /// false when the extension does not know it either.
  virtual mlir::LogicalResult exec(CoreExec &core, mlir::Operation *op,
                                   bool &handled) = 0;
  /// Blocks the running process until `ready()` holds; false on deadlock
  /// or when another process failed.
  virtual bool waitUntil(const std::function<bool()> &ready) = 0;
  /// True exactly once after a deadlock (see Interpreter::reportDeadlock).
  virtual bool reportDeadlock() = 0;
  /// Whether `value` must stay bound until the end of its block, read
  /// later by ops that do not name it (a buffer's copy depends on its
  /// loop's induction variable; an indirect access tile is built again
  /// when a transfer moves it).
  virtual bool keepsAlive(mlir::Value value) = 0;
  /// A direct path of the extension's own for plan.op (BlockPlan.h): true
  /// when it has one (plan.variant says which; the plan's value numbers
  /// are filled in).
  virtual bool planOp(OpPlan &plan) { return false; }
  /// Executes plan.op by that path; false (nothing done) to have exec()
  /// run it instead.
  virtual bool runPlanned(CoreExec &core, OpPlan &plan) { return false; }
};

struct InterpOptions {
  std::vector<int64_t> grid; ///< empty: the function's grid attribute
  uint64_t lxCapacityBytes = 2 * 1024 * 1024;
  /// Charge the tensors a core holds to its scratchpad (the KTIR's model of
  /// LX: lxCapacityBytes, the peaks, the events). An executor whose IR has
  /// buffers of its own (core/stagex) turns it off: binding a value then
  /// costs no bookkeeping.
  bool accountScratchpad = true;
  /// Take the direct paths of the block plans (BlockPlan.h) where they
  /// apply (never with a cost model or shadows). Tests turn them off to
  /// check that the handlers compute the same.
  bool directPaths = true;
  /// Keep the scratchpad events (only when asked: the log grows with the
  /// run), at most maxLxEvents of them; later ones are only counted.
  bool recordLxEvents = false;
  uint64_t maxLxEvents = uint64_t(1) << 20;
  /// A core that executes more ops than this stops with a diagnostic (an
  /// endless scf.while, say) instead of running forever.
  uint64_t maxOpsPerCore = 20'000'000;
  /// Set from another thread to stop the run (it ends with a diagnostic).
  const std::atomic<bool> *cancel = nullptr;
  /// Compute every float value's f64 shadow and error bound alongside
  /// (Shadow.h, docs/numerics.md); the memories keep the shadows of what
  /// the kernel stores (Memories::shadow).
  bool shadow = false;
  /// The hardware's numerics the bounds assume (the architecture's
  /// [numerics]).
  NumericsModel numerics;
  /// Called for every memory view the kernel builds (after its addresses
  /// are checked), empty ones excepted: the driver's discovery of the
  /// memory a kernel addresses by itself (driver/AutomaticInputs.h).
  std::function<void(const ViewExtent &)> onMemoryView;
  /// Set by an embedding executor (see Extension); not owned.
  Extension *extension = nullptr;
  /// Called with the op that stores to byte `watchHbmByte` of HBM, at
  /// every such store (which op wrote a given output element).
  uint64_t watchHbmByte = ~uint64_t(0);
  std::function<void(mlir::Operation *)> onWatchedStore;
};

struct Memories {
  ByteStore hbm;
  std::vector<ByteStore> lx; ///< one per core of the grid
  /// The shadows of what the kernel stored (InterpOptions::shadow): the
  /// HBM's, and each core's scratchpad's.
  ShadowStore hbmShadow;
  std::vector<ShadowStore> lxShadow;
};

class Interpreter {
public:
  Interpreter(mlir::func::FuncOp function, Memories &memories,
              InterpOptions options, CostModel *costs = nullptr);
  ~Interpreter();

  /// The grid the function runs on (padded to at least one dimension).
  const std::vector<int64_t> &grid() const { return gridShape; }
  int numCores() const { return coreCount; }

  /// Runs the kernel on every core with `args` bound to the function
  /// arguments. Fails after emitting a diagnostic.
  mlir::LogicalResult run(llvm::ArrayRef<RtValue> args);

  const std::vector<LxEvent> &lxEvents() const { return events; }
  /// Events past InterpOptions::maxLxEvents, counted but not kept.
  uint64_t droppedLxEvents() const { return droppedEvents; }
  std::vector<uint64_t> peakLxBytes() const;
  uint64_t opsExecuted() const;

  // Used by the per-core executors.
  Memories &memories() { return mems; }
  CostModel *costs() { return costModel; }
  const InterpOptions &options() const { return opts; }
  void recordLx(const LxEvent &event);
  CoreExec &core(int id) { return *cores[id]; }
  /// Blocks the running core until `ready()` holds; false on deadlock or
  /// when another core failed.
  bool waitUntil(int core, const std::function<bool()> &ready);
  bool threaded() const { return isThreaded; }
  /// The handler of ops of `dialect` (null: none), found by the dialect's
  /// address: no op name is compared as a string per executed op.
  using OpHandler = mlir::LogicalResult (*)(CoreExec &, mlir::Operation *,
                                            bool &);
  OpHandler handlerFor(const mlir::Dialect *dialect) const {
    for (const auto &[d, handler] : handlers)
      if (d == dialect)
        return handler;
    return nullptr;
  }
  /// True exactly once after a deadlock, for the core that reports it.
  bool reportDeadlock();
  /// What the interpreter knows about an integer set with its symbols bound:
  /// its bounding box (if bounded) and whether it is exactly that box.
  struct SetShape {
    bool bounded = false;
    bool isBox = false;
    Dims lo, hi;
  };
  /// A constraint of an integer set that is linear: constant +
  /// dims . x + symbols . s (== 0 or >= 0).
  struct LinearRow {
    bool isEq = false;
    int64_t constant = 0;
    Dims dims, symbols;
  };
  using LinearRows = llvm::SmallVector<LinearRow, 4>;
  const SetShape &setShape(mlir::IntegerSet set,
                           llvm::ArrayRef<int64_t> symbols);
  /// Per block (worked out once, shared by all cores): the numbers of the
  /// values each op reads and defines, which die after it, and the ops
  /// with a direct path (BlockPlan.h): no lookup per executed op.
  BlockPlan &plan(mlir::Block &block);
  /// Every value of the function (block arguments, then each op's results,
  /// in pre-order) has a number from 0, given when the kernel is prepared:
  /// a core keeps its values in an array indexed by it (no hash map per
  /// core, nothing inserted or erased per binding). kNoValueId for a value
  /// outside the function.
  static constexpr unsigned kNoValueId = ~0u;
  unsigned valueId(mlir::Value value) const {
    auto it = valueIds.find(value.getAsOpaquePointer());
    return it == valueIds.end() ? kNoValueId : it->second;
  }
  unsigned numValueIds() const { return unsigned(valueIds.size()); }
  /// The ops with a result of a type the interpreter does not support
  /// (found when the kernel is prepared; an error only if one executes).
  /// Whether a value of type `t` made by an op named `opName` fits: static
  /// tensors must fit in the scratchpad (constants within
  /// limits::kMaxConstantBytes). Ops with a result that does not are
  /// refused before they run (see hasUnsupportedResult).
  bool fitsScratchpad(mlir::Type t, llvm::StringRef opName) const;
  bool hasUnsupportedResult(mlir::Operation *op) const {
    return !unsupportedResults.empty() && unsupportedResults.count(op);
  }
  /// The value of a constant op once one core has worked it out, or null.
  const RtValue *constant(mlir::Operation *op) const {
    auto it = constants.find(op);
    return it == constants.end() ? nullptr : &it->second;
  }
  void rememberConstant(mlir::Operation *op, RtValue value) {
    constants.try_emplace(op, std::move(value));
  }
  /// The points of a one-dimensional integer set without symbols (the
  /// groups of a future's type), enumerated when the kernel is prepared;
  /// nullopt if the set is unbounded.
  std::optional<llvm::SmallVector<int64_t>> setPoints(mlir::IntegerSet set);
  /// The number that names `op` in shadows (ShadowCell::writer): from 1,
  /// in the order of the function's ops; 0 for an op outside it.
  uint32_t writerId(mlir::Operation *op) const {
    auto it = writerIds.find(op);
    return it == writerIds.end() ? 0 : it->second;
  }
  /// The op a writer id names (null for 0 or an unknown id).
  mlir::Operation *writerOp(uint32_t id) const {
    return id > 0 && id <= writerOps.size() ? writerOps[id - 1] : nullptr;
  }
  /// Exchange state of the inter-tile ops, keyed by op and occurrence.
  struct Exchange;
  Exchange &exchange(mlir::Operation *op, int occurrence);

private:
  mlir::func::FuncOp function;
  Memories &mems;
  InterpOptions opts;
  CostModel *costModel;
  std::vector<int64_t> gridShape;
  int coreCount = 1;
  std::vector<std::unique_ptr<CoreExec>> cores;
  std::vector<LxEvent> events;
  uint64_t droppedEvents = 0;
  bool isThreaded = false;
  struct Scheduler;
  std::unique_ptr<Scheduler> scheduler;
  std::map<std::pair<mlir::Operation *, int>, std::unique_ptr<Exchange>>
      exchanges;
  std::map<std::pair<const void *, std::vector<int64_t>>, SetShape> setShapes;
  /// Sets without symbols (the common case), found without building a key
  /// (node-based: references stay valid as it grows).
  std::unordered_map<const void *, SetShape> plainSetShapes;
  llvm::DenseMap<mlir::Block *, std::unique_ptr<BlockPlan>> plans;
  /// Keyed by the value's address (a pointer's cheap hash, not
  /// mlir::Value's).
  llvm::DenseMap<const void *, unsigned> valueIds;
  llvm::DenseSet<mlir::Operation *> unsupportedResults;
  llvm::DenseMap<mlir::Operation *, RtValue> constants;
  /// The integer sets of the kernel's attributes as linear rows (nullopt
  /// where a constraint is not linear), worked out when it is prepared.
  llvm::DenseMap<const void *, std::optional<LinearRows>> linearRowsOf;
  llvm::DenseMap<const void *, std::optional<llvm::SmallVector<int64_t>>>
      setPointsOf;
  llvm::DenseMap<mlir::Operation *, uint32_t> writerIds;
  /// The handlers of the dialects loaded in the kernel's context.
  std::vector<std::pair<const mlir::Dialect *, OpHandler>> handlers;
  std::vector<mlir::Operation *> writerOps;

  /// What does not depend on the run's values, worked out once when the
  /// interpreter is made: every block's liveness, the shapes of the integer
  /// sets without symbols, the ops with unsupported result types.
  void prepare();
};

int64_t numElements(llvm::ArrayRef<int64_t> shape);
/// The interpreter's element type for a scalar or shaped MLIR type.
DType dtypeOf(mlir::Type type);
bool dtypeSupported(mlir::Type type);

/// The grid attribute of `function` ([1] when absent).
std::vector<int64_t> gridOf(mlir::func::FuncOp function);

} // namespace spyre::interp

#endif
