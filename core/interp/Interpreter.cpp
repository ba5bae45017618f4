//===- Interpreter.cpp - KTIR reference interpreter -----------------------===//

#include "interp/Interpreter.h"
#include "interp/BlockPlan.h"
#include "interp/CoreExec.h"
#include "interp/Coroutine.h"
#include "ir/GridAttr.h"
#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpTypes.h"
#include "support/Checked.h"
#include "support/Limits.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include <limits>
#include <malloc.h>
#include <mutex>
#ifdef SPYRE_CALLGRIND
// Profiling aid (off unless defined): under callgrind, each run() is dumped
// on its own, so a profile holds the measured execution and nothing else.
#include <valgrind/callgrind.h>
namespace {
struct CallgrindRun {
  CallgrindRun() { CALLGRIND_ZERO_STATS; }
  ~CallgrindRun() { CALLGRIND_DUMP_STATS_AT("run"); }
};
} // namespace
#endif

using namespace mlir;
using namespace spyre::interp;

//===----------------------------------------------------------------------===//
// Helpers shared by the op handlers
//===----------------------------------------------------------------------===//

int64_t spyre::interp::numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

DType spyre::interp::dtypeOf(Type type) {
  // The commonest shaped types by their TypeID first: the ShapedType
  // interface lookup costs more than the rest of this function.
  if (auto vector = llvm::dyn_cast<VectorType>(type))
    type = vector.getElementType();
  else if (auto tensor = llvm::dyn_cast<RankedTensorType>(type))
    type = tensor.getElementType();
  else if (auto memref = llvm::dyn_cast<MemRefType>(type))
    type = memref.getElementType();
  else if (auto shaped = llvm::dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  else if (auto runtime = llvm::dyn_cast<ktdp::RuntimeArgType>(type))
    type = runtime.getValueType(); // a host-supplied scalar: its value's type
  if (type.isF16())
    return DType::F16;
  if (type.isBF16())
    return DType::BF16;
  if (type.isF32())
    return DType::F32;
  if (type.isF64())
    return DType::F64;
  if (type.isIndex())
    return DType::Index;
  if (type.isInteger(1))
    return DType::I1;
  if (type.isInteger(8))
    return DType::I8;
  if (type.isInteger(16))
    return DType::I16;
  if (type.isInteger(32))
    return DType::I32;
  if (type.isInteger(64))
    return DType::I64;
  if (type.getDialect().getNamespace() == "spyreop")
    return DType::DF16;
  return DType::F32;
}

bool spyre::interp::dtypeSupported(Type type) {
  if (auto shaped = llvm::dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  else if (auto runtime = llvm::dyn_cast<ktdp::RuntimeArgType>(type))
    type = runtime.getValueType();
  if (type.isF16() || type.isBF16() || type.isF32() || type.isF64() ||
      type.isIndex())
    return true;
  if (type.isSignlessInteger())
    return llvm::is_contained({1u, 8u, 16u, 32u, 64u},
                              type.getIntOrFloatBitWidth());
  auto *dialect = &type.getDialect();
  return dialect->getNamespace() == "spyreop" &&
         type.getAbstractType().getName() == "spyreop.df16";
}

TensorPtr spyre::interp::makeTensor(DType dtype, ArrayRef<int64_t> shape,
                                    bool zeroFill) {
  // The tensor and its count in one block of the thread's pool.
  auto t = std::allocate_shared<Tensor>(PoolAllocator<Tensor>());
  t->dtype = dtype;
  int64_t n = numElements(shape);
  t->shape.assign(shape.begin(), shape.end());
  if (zeroFill)
    t->data.assign(static_cast<size_t>(n), 0.0);
  else
    t->data.resize(static_cast<size_t>(n));
  return t;
}

TensorPtr spyre::interp::resultTensor(DType dtype, ArrayRef<int64_t> shape,
                                      const TensorPtr *reuse) {
  if (reuse && *reuse && reuse->use_count() == 1) {
    Tensor &t = **reuse;
    if (t.dtype == dtype && !t.literal && !t.splat && !t.shadow && t.held.count == 0 &&
        ArrayRef<int64_t>(t.shape) == shape) {
      t.dataLanes = -1;
      return *reuse;
    }
  }
  return makeTensor(dtype, shape, /*zeroFill=*/false);
}

TensorPtr spyre::interp::reshaped(const Tensor &src,
                                  ArrayRef<int64_t> shape) {
  auto t = std::allocate_shared<Tensor>(PoolAllocator<Tensor>());
  t->dtype = src.dtype;
  t->shape.assign(shape.begin(), shape.end());
  t->data = src.data;
  t->shadow = src.shadow; // never changed once set: shared
  t->splat = src.splat;
  t->splatValue = src.splatValue;
  t->splatCount = src.splatCount;
  t->splatShadow = src.splatShadow;
  t->dataLanes = src.dataLanes;
  return t;
}

std::vector<int64_t> spyre::interp::gridOf(func::FuncOp function) {
  std::vector<int64_t> grid;
  if (auto attr = function->getAttrOfType<ArrayAttr>("grid"))
    for (Attribute a : attr)
      if (auto i = llvm::dyn_cast<IntegerAttr>(a))
        grid.push_back(i.getInt());
  if (grid.empty())
    grid.push_back(function->getAttr("grid")
                       ? 1
                       : std::max<int64_t>(1, spyre::inferredGrid(function)));
  return grid;
}

//===----------------------------------------------------------------------===//
// Integer sets with bound symbols
//===----------------------------------------------------------------------===//

namespace {
/// Whether every constraint of `set` (symbols fixed) bounds a single
/// dimension linearly, i.e. the set is exactly its bounding box.
bool isBoxSet(IntegerSet set, ArrayRef<int64_t> symbols) {
  MLIRContext *ctx = set.getContext();
  SmallVector<AffineExpr> symbolValues;
  for (int64_t s : symbols)
    symbolValues.push_back(getAffineConstantExpr(s, ctx));
  for (AffineExpr c : set.getConstraints()) {
    AffineExpr e = simplifyAffineExpr(c.replaceSymbols(symbolValues),
                                      set.getNumDims(), 0);
    // Linear only: mod / floordiv / ceildiv carve holes into the box.
    bool linear = e.isPureAffine();
    e.walk([&](AffineExpr sub) {
      linear &= sub.getKind() != AffineExprKind::Mod &&
                sub.getKind() != AffineExprKind::FloorDiv &&
                sub.getKind() != AffineExprKind::CeilDiv;
    });
    if (!linear)
      return false;
    int dims = 0;
    for (unsigned d = 0; d < set.getNumDims(); ++d)
      dims += e.isFunctionOfDim(d);
    if (dims > 1)
      return false;
  }
  return true;
}

/// The constraints of `set` as linear rows (constant, per-dimension and
/// per-symbol coefficients), or nullopt when one is not linear (mod,
/// floordiv, ceildiv, products).
std::optional<Interpreter::LinearRows> linearRows(IntegerSet set) {
  unsigned rank = set.getNumDims(), numSymbols = set.getNumSymbols();
  Interpreter::LinearRows rows;
  std::vector<int64_t> dims(rank, 0), syms(numSymbols, 0);
  for (auto [expr, isEq] : llvm::zip(set.getConstraints(), set.getEqFlags())) {
    if (!expr.isPureAffine())
      return std::nullopt;
    bool linear = true;
    expr.walk([&](AffineExpr sub) {
      linear &= sub.getKind() != AffineExprKind::Mod &&
                sub.getKind() != AffineExprKind::FloorDiv &&
                sub.getKind() != AffineExprKind::CeilDiv;
    });
    if (!linear)
      return std::nullopt;
    Interpreter::LinearRow row;
    row.isEq = isEq;
    row.constant = ktdp::evaluateAffineExpr(expr, dims, syms);
    for (unsigned d = 0; d < rank; ++d) {
      dims[d] = 1;
      row.dims.push_back(ktdp::evaluateAffineExpr(expr, dims, syms) -
                         row.constant);
      dims[d] = 0;
    }
    for (unsigned k = 0; k < numSymbols; ++k) {
      syms[k] = 1;
      row.symbols.push_back(ktdp::evaluateAffineExpr(expr, dims, syms) -
                            row.constant);
      syms[k] = 0;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

/// The common case without any polyhedral machinery: every constraint is
/// linear in at most one dimension (c * d + k >= 0 or == 0 once symbols are
/// bound), so the set is a box whose bounds follow directly. False when the
/// set is not of that form (the caller falls back to the general path).
bool linearBox(unsigned rank, const Interpreter::LinearRows &rows,
               ArrayRef<int64_t> symbols, Interpreter::SetShape &shape) {
  constexpr int64_t kNone = std::numeric_limits<int64_t>::min();
  Dims lo(rank, kNone), hi(rank, kNone);
  bool empty = false;
  for (const Interpreter::LinearRow &row : rows) {
    bool isEq = row.isEq;
    int64_t k = row.constant;
    for (size_t j = 0; j < row.symbols.size(); ++j) {
      if (row.symbols[j] == 0)
        continue;
      if (j >= symbols.size())
        return false; // a symbol without a value: the general path says so
      k += row.symbols[j] * symbols[j];
    }
    int dim = -1;
    int64_t c = 0;
    for (unsigned d = 0; d < rank; ++d) {
      int64_t coeff = row.dims[d];
      if (coeff == 0)
        continue;
      if (dim >= 0)
        return false; // couples two dimensions
      dim = static_cast<int>(d);
      c = coeff;
    }
    if (dim < 0) {
      empty |= isEq ? k != 0 : k < 0;
      continue;
    }
    auto floorDiv = [](int64_t a, int64_t b) {
      int64_t q = a / b;
      return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
    };
    auto tighten = [](int64_t &bound, int64_t value, bool lower) {
      if (bound == kNone || (lower ? value > bound : value < bound))
        bound = value;
    };
    if (isEq) {
      if (k % c != 0) {
        empty = true;
        continue;
      }
      tighten(lo[dim], -k / c, true);
      tighten(hi[dim], -k / c, false);
    } else if (c > 0) {
      tighten(lo[dim], -floorDiv(k, c), true); // c*x >= -k: x >= ceil(-k/c)
    } else {
      tighten(hi[dim], floorDiv(k, -c), false); // -c*x <= k: x <= floor(k/-c)
    }
  }
  for (unsigned d = 0; d < rank; ++d)
    if (lo[d] == kNone || hi[d] == kNone)
      return false; // unbounded: let the general path say so
  if (empty)
    for (unsigned d = 0; d < rank; ++d)
      hi[d] = lo[d] - 1;
  shape.bounded = true;
  shape.isBox = true;
  shape.lo = std::move(lo);
  shape.hi = std::move(hi);
  return true;
}

/// Bounding box of `set` with `symbols` bound; false if unbounded.
bool boundingBox(IntegerSet set, ArrayRef<int64_t> symbols, Dims &lo,
                 Dims &hi) {
  lo.clear(), hi.clear();
  for (unsigned d = 0; d < set.getNumDims(); ++d) {
    auto b = ktdp::integerSetDimBounds(set, d, symbols);
    if (!b)
      return false;
    lo.push_back(b->first);
    hi.push_back(b->second);
  }
  return true;
}

} // namespace

const Interpreter::SetShape &Interpreter::setShape(IntegerSet set,
                                                   ArrayRef<int64_t> symbols) {
  auto compute = [&] {
    SetShape shape;
    auto rows = linearRowsOf.find(set.getAsOpaquePointer());
    std::optional<LinearRows> fresh;
    if (rows == linearRowsOf.end())
      fresh = linearRows(set);
    const std::optional<LinearRows> &linear =
        rows == linearRowsOf.end() ? fresh : rows->second;
    if (!linear || !linearBox(set.getNumDims(), *linear, symbols, shape)) {
      shape.bounded = boundingBox(set, symbols, shape.lo, shape.hi);
      shape.isBox = shape.bounded && isBoxSet(set, symbols);
    }
    return shape;
  };
  if (symbols.empty()) {
    auto [it, inserted] = plainSetShapes.try_emplace(set.getAsOpaquePointer());
    if (inserted)
      it->second = compute();
    return it->second;
  }
  auto key = std::make_pair(set.getAsOpaquePointer(),
                            std::vector<int64_t>(symbols.begin(), symbols.end()));
  auto it = setShapes.find(key);
  if (it != setShapes.end())
    return it->second;
  return setShapes.emplace(std::move(key), compute()).first->second;
}

//===----------------------------------------------------------------------===//
// Scheduler: cores as coroutines, one running at a time
//===----------------------------------------------------------------------===//

/// Each core runs on its own stack (Coroutine.h) and gives control back to
/// the scheduler loop in run() when it waits for an exchange or finishes.
struct Interpreter::Scheduler {
  enum State { Runnable, Waiting, Done };
  struct Coroutine {
    CoroutineContext context;
    void *stack = nullptr;
    State state = Runnable;
    std::function<bool()> waitFor;
    bool ok = true;
  };
  CoroutineContext scheduler;
  std::vector<Coroutine> cores;
  bool deadlocked = false;
  bool failed = false;
  bool deadlockReported = false;

  explicit Scheduler(int n) : cores(n) {}
  ~Scheduler() {
    for (Coroutine &c : cores)
      if (c.stack)
        releaseCoroutineStack(c.stack);
  }
};

bool Interpreter::waitUntil(int coreId, const std::function<bool()> &ready) {
  if (ready())
    return true;
  if (opts.extension)
    return opts.extension->waitUntil(ready);
  if (!isThreaded)
    return false;
  Scheduler::Coroutine &me = scheduler->cores[coreId];
  me.state = Scheduler::Waiting;
  me.waitFor = ready;
  switchCoroutine(me.context, scheduler->scheduler);
  me.waitFor = nullptr;
  return !scheduler->deadlocked && !scheduler->failed && ready();
}

bool Interpreter::reportDeadlock() {
  if (opts.extension)
    return opts.extension->reportDeadlock();
  if (!scheduler || !scheduler->deadlocked || scheduler->deadlockReported)
    return false;
  scheduler->deadlockReported = true;
  return true;
}

Interpreter::Exchange &Interpreter::exchange(Operation *op, int occurrence) {
  auto &slot = exchanges[{op, occurrence}];
  if (!slot) {
    slot = std::make_unique<Exchange>();
    slot->deposits.resize(coreCount);
    slot->results.resize(coreCount);
  }
  return *slot;
}

//===----------------------------------------------------------------------===//
// Interpreter
//===----------------------------------------------------------------------===//

Interpreter::Interpreter(func::FuncOp function, Memories &memories,
                         InterpOptions options, CostModel *costs)
    : function(function), mems(memories), opts(std::move(options)),
      costModel(costs) {
  // Tensors of a few MiB come and go with every op: keep freed memory in
  // the heap instead of returning it to the system each time.
  static std::once_flag tuned;
  std::call_once(tuned, [] {
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
  });
  gridShape = opts.grid.empty() ? gridOf(function) : opts.grid;
  coreCount = static_cast<int>(numElements(gridShape));
  if (mems.lx.size() < static_cast<size_t>(coreCount))
    mems.lx.resize(coreCount);
  if (mems.lxShadow.size() < mems.lx.size())
    mems.lxShadow.resize(mems.lx.size());
  for (int c = 0; c < coreCount; ++c) {
    Dims coords;
    int64_t rest = c;
    for (int64_t extent : gridShape) {
      coords.push_back(rest % extent);
      rest /= extent;
    }
    cores.push_back(std::make_unique<CoreExec>(*this, c, std::move(coords)));
  }
  prepare();
}

Interpreter::~Interpreter() = default;

static bool supportedResultType(Type t) {
  return dtypeSupported(t) || llvm::isa<MemRefType>(t) ||
         t.getDialect().getNamespace() == "ktdp";
}

void Interpreter::prepare() {
  const std::pair<const char *, OpHandler> byName[] = {
      {"arith", execArithMath}, {"math", execArithMath},
      {"spyreop", execArithMath}, {"tensor", execTensorOp},
      {"linalg", execLinalg}, {"ktdp", execKtdp}, {"scf", execScf}};
  for (const auto &[name, handler] : byName)
    if (const Dialect *d = function->getContext()->getLoadedDialect(name))
      handlers.emplace_back(d, handler);
  unsigned numConstants = 0;
  // Every value numbered first: the liveness below names values by it.
  auto number = [&](Value v) {
    valueIds.try_emplace(v.getAsOpaquePointer(), static_cast<unsigned>(valueIds.size()));
  };
  function.walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          number(arg);
    for (Value result : op->getResults())
      number(result);
  });
  function.walk<WalkOrder::PreOrder>([&](Operation *op) {
    writerOps.push_back(op);
    writerIds.try_emplace(op, static_cast<uint32_t>(writerOps.size()));
    StringRef name = op->getName().getStringRef();
    if (name == "arith.constant" || name == "spyreop.constant")
      ++numConstants;
    // Types the interpreter does not know are an extension's to define.
    if ((!opts.extension &&
         !llvm::all_of(op->getResultTypes(), supportedResultType)) ||
        llvm::any_of(op->getResultTypes(), [&](Type t) {
          return !fitsScratchpad(t, name);
        }))
      unsupportedResults.insert(op);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        plan(block);
    // The attributes as getAttrs() has them, without making them a
    // uniqued dictionary (which it does for every op with properties).
    NamedAttrList attrs(op->getRawDictionaryAttrs());
    if (op->getPropertiesStorageSize())
      op->getName().populateInherentAttrs(op, attrs);
    for (const NamedAttribute &attr : attrs)
      if (auto set = llvm::dyn_cast<IntegerSetAttr>(attr.getValue())) {
        linearRowsOf.try_emplace(set.getValue().getAsOpaquePointer(),
                                 linearRows(set.getValue()));
        if (set.getValue().getNumSymbols() == 0)
          setShape(set.getValue(), {});
      }
    for (Type t : op->getResultTypes())
      if (auto future = llvm::dyn_cast<ktdp::TileFutureType>(t))
        setPoints(future.getGroups());
  });
  // Room for what a run binds, so the map does not grow while it runs.
  constants.reserve(numConstants);
}

std::optional<SmallVector<int64_t>> Interpreter::setPoints(IntegerSet set) {
  auto [it, inserted] = setPointsOf.try_emplace(set.getAsOpaquePointer());
  if (inserted)
    it->second = ktdp::enumerateIntegerSet1D(set, {}, 1 << 16);
  return it->second;
}

void Interpreter::recordLx(const LxEvent &event) {
  if (!opts.recordLxEvents)
    return;
  if (events.size() < opts.maxLxEvents)
    events.push_back(event);
  else
    ++droppedEvents;
}

std::vector<uint64_t> Interpreter::peakLxBytes() const {
  std::vector<uint64_t> peaks;
  for (const auto &c : cores)
    peaks.push_back(c->lxPeak);
  return peaks;
}

uint64_t Interpreter::opsExecuted() const {
  uint64_t n = 0;
  for (const auto &c : cores)
    n += c->opCount;
  return n;
}

static bool hasInterTileOps(func::FuncOp function) {
  bool found = false;
  function.walk([&](Operation *op) {
    if (op->getName().getStringRef().starts_with("ktdp.inter_tile_"))
      found = true;
  });
  return found;
}

LogicalResult Interpreter::run(ArrayRef<RtValue> args) {
#ifdef SPYRE_CALLGRIND
  CallgrindRun profiled;
#endif
  Block &entry = function.getBody().front();
  if (args.size() != entry.getNumArguments())
    return function.emitError("expected ")
           << entry.getNumArguments() << " arguments, got " << args.size();
  for (BlockArgument arg : entry.getArguments())
    if (!dtypeSupported(arg.getType()) &&
        !llvm::isa<RankedTensorType>(arg.getType()))
      return function.emitError("argument #")
             << arg.getArgNumber() << " has type " << arg.getType()
             << ", which the interpreter does not support";

  auto runCore = [&](int c) -> LogicalResult {
    SmallVector<RtValue> results;
    LogicalResult r = cores[c]->runBlock(entry, args, results);
    cores[c]->releaseHeld(results);
    return r;
  };

  isThreaded = coreCount > 1 && hasInterTileOps(function);
  if (!isThreaded) {
    for (int c = 0; c < coreCount; ++c)
      if (failed(runCore(c)))
        return failure();
    return success();
  }

  scheduler = std::make_unique<Scheduler>(coreCount);
  struct Start {
    Interpreter *interp;
    int core;
    const std::function<LogicalResult(int)> *body;
  };
  std::function<LogicalResult(int)> body = runCore;
  std::vector<Start> starts(coreCount);
  auto coreMain = [](void *arg) {
    auto *start = static_cast<Start *>(arg);
    Scheduler &s = *start->interp->scheduler;
    s.cores[start->core].ok = succeeded((*start->body)(start->core));
    s.cores[start->core].state = Scheduler::Done;
    // Back to the scheduler loop for good.
    switchCoroutine(s.cores[start->core].context, s.scheduler);
  };
  for (int c = 0; c < coreCount; ++c) {
    Scheduler::Coroutine &co = scheduler->cores[c];
    co.stack = acquireCoroutineStack();
    if (!co.stack)
      return function.emitError("cannot allocate the stacks of ")
             << coreCount << " cores";
    starts[c] = {this, c, &body};
    makeCoroutine(co.context, co.stack, kCoroutineStackBytes,
                  +static_cast<void (*)(void *)>(coreMain), &starts[c]);
  }
  // Round-robin over the cores that can make progress. When none can but
  // some wait, that is a deadlock: the waiting cores are resumed once more
  // so they fail (and unwind) with a diagnostic.
  int last = coreCount - 1;
  while (true) {
    int next = -1;
    for (int i = 1; i <= coreCount && next < 0; ++i) {
      int c = (last + i) % coreCount;
      Scheduler::Coroutine &co = scheduler->cores[c];
      if (co.state == Scheduler::Waiting &&
          (scheduler->deadlocked || scheduler->failed || co.waitFor()))
        co.state = Scheduler::Runnable;
      if (co.state == Scheduler::Runnable)
        next = c;
    }
    if (next < 0) {
      bool anyWaiting = llvm::any_of(scheduler->cores, [](const auto &co) {
        return co.state == Scheduler::Waiting;
      });
      if (!anyWaiting)
        break;
      scheduler->deadlocked = true;
      continue;
    }
    last = next;
    switchCoroutine(scheduler->scheduler, scheduler->cores[next].context);
    if (scheduler->cores[next].state == Scheduler::Done &&
        !scheduler->cores[next].ok)
      scheduler->failed = true;
  }
  bool allOk = llvm::all_of(scheduler->cores,
                            [](const auto &co) { return co.ok; });
  return success(allOk);
}

//===----------------------------------------------------------------------===//
// CoreExec: values, scratchpad accounting, block execution
//===----------------------------------------------------------------------===//

namespace {
uint64_t nextCoreSerial() {
  static std::atomic<uint64_t> serials{0};
  return ++serials;
}
} // namespace

CoreExec::CoreExec(Interpreter &interp, int id, Dims coords)
    : interp(interp), id(id), coords(std::move(coords)), serial(nextCoreSerial()),
      accounting(interp.options().accountScratchpad),
      direct(interp.options().directPaths && !interp.costs() &&
             !interp.options().shadow) {}

const RtValue &CoreExec::get(Value value) const {
  static const RtValue empty;
  unsigned id = interp.valueId(value);
  for (const CoreExec *core = this; core; core = core->parent) {
    if (id != Interpreter::kNoValueId) {
      if (id < core->slots.size() &&
          !std::holds_alternative<std::monostate>(core->slots[id]))
        return core->slots[id];
      continue;
    }
    auto it = core->others.find(value);
    if (it != core->others.end())
      return it->second;
  }
  return empty;
}

uint64_t CoreExec::charge(uint64_t bytes) {
  if (!accounting)
    return 0;
  uint64_t capacity = interp.options().lxCapacityBytes;
  if (!lxFailed && lxInUse + bytes > capacity) {
    lxFailed = true;
    InFlightDiagnostic diag =
        currentOp ? currentOp->emitError() : emitError(UnknownLoc());
    diag << "scratchpad (LX) overflow on core " << id << ": allocating "
         << bytes << " bytes with " << lxInUse << " of " << capacity
         << " bytes in use";
  }
  lxInUse += bytes;
  lxPeak = std::max(lxPeak, lxInUse);
  uint64_t buffer = ++buffersCharged;
  interp.recordLx({id, true, bytes, lxInUse, currentOp, buffer});
  return buffer;
}

LogicalResult CoreExec::fitsScratchpad(Operation *op, DType dtype,
                                       ArrayRef<int64_t> shape) {
  uint64_t capacity = interp.options().lxCapacityBytes;
  std::optional<int64_t> count = spyre::checked::product(shape);
  std::optional<int64_t> bytes =
      count ? spyre::checked::mul(*count, dtypeSize(dtype)) : std::nullopt;
  if (bytes && static_cast<uint64_t>(*bytes) <= capacity)
    return success();
  return op->emitError("scratchpad (LX) overflow on core ")
         << id << ": a tensor of "
         << (bytes ? std::to_string(*bytes) : std::string("more than 2^63"))
         << " bytes does not fit in the " << capacity << "-byte scratchpad";
}

void CoreExec::discharge(uint64_t bytes, uint64_t buffer) {
  if (!accounting)
    return;
  lxInUse -= bytes;
  interp.recordLx({id, false, bytes, lxInUse, currentOp, buffer});
}

void CoreExec::hold(const RtValue &rv) {
  if (!accounting)
    return;
  auto *t = std::get_if<TensorPtr>(&rv);
  if (!t || !*t || (*t)->literal)
    return;
  // A core holds a tensor in one place: in the tensor, or in its map.
  Tensor::HoldState &inline_ = (*t)->held;
  if (inline_.core == serial ||
      (inline_.core == 0 && (refs.empty() || !refs.count(t->get())))) {
    inline_.core = serial;
    if (inline_.count++ == 0)
      inline_.buffer = charge((*t)->bytes());
    return;
  }
  Held &held = refs[t->get()];
  if (held.count++ == 0)
    held.buffer = charge((*t)->bytes());
}

void CoreExec::release(const RtValue &rv) {
  if (!accounting)
    return;
  auto *t = std::get_if<TensorPtr>(&rv);
  if (!t || !*t || (*t)->literal)
    return;
  Tensor::HoldState &inline_ = (*t)->held;
  if (inline_.core == serial) {
    if (--inline_.count > 0)
      return;
    inline_.core = 0;
    discharge((*t)->bytes(), inline_.buffer);
    return;
  }
  auto it = refs.find(t->get());
  if (it == refs.end() || --it->second.count > 0)
    return;
  uint64_t buffer = it->second.buffer;
  refs.erase(it);
  discharge((*t)->bytes(), buffer);
}

void CoreExec::holdAll(ArrayRef<RtValue> held) {
  for (const RtValue &rv : held)
    hold(rv);
}

void CoreExec::releaseHeld(ArrayRef<RtValue> held) {
  for (const RtValue &rv : held)
    release(rv);
}

void CoreExec::set(Value value, RtValue rv) {
  hold(rv);
  unsigned id = interp.valueId(value);
  RtValue &bound = id != Interpreter::kNoValueId ? slot(id) : others[value];
  release(bound);
  bound = std::move(rv);
}

const RtValue &CoreExec::getId(unsigned id) const {
  static const RtValue empty;
  for (const CoreExec *core = this; core; core = core->parent)
    if (id < core->slots.size() &&
        !std::holds_alternative<std::monostate>(core->slots[id]))
      return core->slots[id];
  return empty;
}

void CoreExec::setId(unsigned id, RtValue rv) {
  hold(rv);
  RtValue &bound = slot(id);
  release(bound);
  bound = std::move(rv);
}

void CoreExec::drop(unsigned id) {
  if (id >= slots.size() || std::holds_alternative<std::monostate>(slots[id]))
    return;
  if (!accounting) {
    slots[id].emplace<std::monostate>();
    return;
  }
  RtValue old = std::move(slots[id]);
  slots[id] = std::monostate();
  release(old);
}

/// For every value defined in `block`, the op of `block` after which it is
/// dead: its last user's ancestor in the block (or its definer if unused);
/// and for every op, its values' numbers and its direct path.
BlockPlan &Interpreter::plan(Block &block) {
  std::unique_ptr<BlockPlan> &slot = plans[&block];
  if (slot)
    return *slot;
  slot = std::make_unique<BlockPlan>();
  // Sized once: a snapshot's executor plans every block of a new module.
  size_t numOps = std::distance(block.begin(), block.end());
  slot->ops.reserve(numOps);
  slot->dropAfter.reserve(numOps);
  for (BlockArgument arg : block.getArguments())
    slot->arguments.push_back(valueId(arg));
  for (Operation &op : block) {
    OpPlan &p = slot->ops.emplace_back();
    p.op = &op;
    p.terminator = op.hasTrait<OpTrait::IsTerminator>();
    for (Value operand : op.getOperands())
      p.operands.push_back(valueId(operand));
    if (op.getNumResults() > 0)
      p.resultId = valueId(op.getResult(0));
    planFast(&op, p);
    if (p.fast == FastKind::None && opts.extension &&
        !llvm::is_contained(p.operands, kNoValueId) && opts.extension->planOp(p))
      p.fast = FastKind::Extension;
  }
  auto lastUse = [&](Value v) -> Operation * {
    Operation *last = nullptr;
    for (Operation *user : v.getUsers()) {
      Operation *anc = block.findAncestorOpInBlock(*user);
      if (anc && (!last || last->isBeforeInBlock(anc)))
        last = anc;
    }
    return last;
  };
  // What an extension reads without naming it stays until the block ends.
  Operation *end = !block.empty() && opts.extension ? &block.back() : nullptr;
  auto kept = [&](Value v) {
    return end && opts.extension->keepsAlive(v) ? end : nullptr;
  };
  llvm::DenseMap<Operation *, SmallVector<unsigned, 2>> dropAfter;
  for (BlockArgument arg : block.getArguments()) {
    if (Operation *last = kept(arg))
      dropAfter[last].push_back(valueId(arg));
    else if (Operation *last = lastUse(arg))
      dropAfter[last].push_back(valueId(arg));
    else
      slot->unusedArguments.push_back(valueId(arg));
  }
  for (Operation &op : block)
    for (Value result : op.getResults()) {
      Operation *last = kept(result);
      if (!last)
        last = lastUse(result);
      dropAfter[last ? last : &op].push_back(valueId(result));
    }
  // In the block's order (the order runBlock walks it).
  for (Operation &op : block) {
    auto it = dropAfter.find(&op);
    slot->dropAfter.emplace_back(it == dropAfter.end() ? SmallVector<unsigned, 2>()
                                                       : std::move(it->second));
  }
  return *slot;
}

LogicalResult CoreExec::runBlock(Block &block, ArrayRef<RtValue> args,
                                 SmallVectorImpl<RtValue> &yielded) {
  BlockPlan &live = interp.plan(block);
  for (auto [arg, id, value] : llvm::zip(block.getArguments(), live.arguments, args)) {
    if (id != Interpreter::kNoValueId)
      setId(id, value);
    else
      set(arg, value);
  }
  for (unsigned v : live.unusedArguments)
    drop(v);
  size_t index = 0;
  for (Operation &op : block) {
    static const SmallVector<unsigned, 2> none;
    const SmallVector<unsigned, 2> &drops =
        index < live.dropAfter.size() ? live.dropAfter[index] : none;
    OpPlan &plan = live.ops[index];
    ++index;
    if (plan.terminator) {
      currentOp = &op;
      for (auto [operand, id] : llvm::zip(op.getOperands(), plan.operands)) {
        yielded.push_back(id != Interpreter::kNoValueId ? getId(id) : get(operand));
        hold(yielded.back());
      }
      for (unsigned v : drops)
        drop(v);
      return success();
    }
    if (direct && plan.fast != FastKind::None) {
      if (failed(enterOp(&op)))
        return failure();
      if (!runFast(*this, plan)) {
        if (failed(dispatch(&op)))
          return failure();
        // A constant's value, once its handler has made it, for next time.
        if (plan.fast == FastKind::Constant && !plan.constant)
          if (auto *s = std::get_if<Scalar>(&getId(plan.resultId)))
            plan.constant = *s;
      }
    } else if (failed(execOp(&op))) {
      return failure();
    }
    currentOp = &op;
    for (unsigned v : drops)
      drop(v);
    if (lxFailed)
      return failure();
  }
  return success();
}

/// Whether a static tensor type fits in the scratchpad; constants (not
/// charged, but held in memory all the same) within limits::kMaxConstantBytes.
bool Interpreter::fitsScratchpad(Type t, StringRef opName) const {
  auto tensor = llvm::dyn_cast<RankedTensorType>(t);
  if (!tensor || !dtypeSupported(tensor))
    return true;
  std::optional<int64_t> count =
      spyre::checked::product(tensor.getShape()); // dynamic: negative
  if (!tensor.hasStaticShape())
    return true; // checked when the sizes are known
  std::optional<int64_t> bytes =
      count ? spyre::checked::mul(*count, dtypeSize(dtypeOf(tensor)))
            : std::nullopt;
  bool constant = opName == "arith.constant" || opName == "spyreop.constant";
  uint64_t limit =
      constant ? spyre::limits::kMaxConstantBytes : opts.lxCapacityBytes;
  return bytes && static_cast<uint64_t>(*bytes) <= limit;
}

LogicalResult CoreExec::enterOp(Operation *op) {
  currentOp = op;
  if (++opCount > interp.options().maxOpsPerCore)
    return op->emitError("core ")
           << id << " stopped after executing "
           << interp.options().maxOpsPerCore
           << " ops (an endless loop?); raise the limit to go on";
  if (interp.options().cancel &&
      interp.options().cancel->load(std::memory_order_relaxed))
    return op->emitError("run cancelled");
  if (interp.hasUnsupportedResult(op))
    for (Type t : op->getResultTypes()) {
      if (!supportedResultType(t) && !interp.options().extension)
        return op->emitError("the interpreter does not support values of type ")
               << t;
      // Refused before the handler allocates it, in the words of charge().
      if (isa<RankedTensorType>(t) &&
          !interp.fitsScratchpad(t, op->getName().getStringRef())) {
        auto tensor = llvm::cast<RankedTensorType>(t);
        std::optional<int64_t> count =
            spyre::checked::product(tensor.getShape());
        std::optional<int64_t> bytes =
            count ? spyre::checked::mul(*count, dtypeSize(dtypeOf(tensor)))
                  : std::nullopt;
        return op->emitError("scratchpad (LX) overflow on core ")
               << id << ": allocating "
               << (bytes ? std::to_string(*bytes)
                         : std::string("more than 2^63"))
               << " bytes with " << lxInUse << " of "
               << interp.options().lxCapacityBytes << " bytes in use";
      }
    }
  return success();
}

LogicalResult CoreExec::execOp(Operation *op) {
  if (failed(enterOp(op)))
    return failure();
  return dispatch(op);
}

LogicalResult CoreExec::dispatch(Operation *op) {
  bool handled = true;
  LogicalResult result = failure();
  if (Interpreter::OpHandler handler = interp.handlerFor(op->getDialect()))
    result = handler(*this, op, handled);
  else if (interp.options().extension)
    result = interp.options().extension->exec(*this, op, handled);
  else
    handled = false;
  if (!handled)
    return op->emitError("the interpreter does not support '")
           << op->getName() << "'";
  if (lxFailed)
    return failure();
  return result;
}

FailureOr<TensorPtr> CoreExec::tensor(Operation *op, Value value) {
  if (auto *t = std::get_if<TensorPtr>(&get(value)))
    if (*t)
      return *t;
  return op->emitError("operand is not an evaluated tensor");
}

FailureOr<Scalar> CoreExec::scalar(Operation *op, Value value) {
  if (auto *s = std::get_if<Scalar>(&get(value)))
    return *s;
  return op->emitError("operand is not an evaluated scalar");
}

FailureOr<int64_t> CoreExec::integer(Operation *op, Value value) {
  FailureOr<Scalar> s = scalar(op, value);
  if (failed(s))
    return failure();
  return s->integer();
}

FailureOr<SmallVector<int64_t, 4>> CoreExec::integers(Operation *op,
                                                     ValueRange values) {
  SmallVector<int64_t, 4> out;
  for (Value v : values) {
    FailureOr<int64_t> x = integer(op, v);
    if (failed(x))
      return failure();
    out.push_back(*x);
  }
  return out;
}

namespace {
/// Appends the static entries of a mixed list to `out`, each dynamic one
/// read from the next of `dynamic`.
template <typename Vec>
LogicalResult appendMixed(CoreExec &core, Operation *op,
                          ArrayRef<int64_t> statics, ValueRange dynamic,
                          Vec &out) {
  auto next = dynamic.begin();
  for (int64_t v : statics) {
    if (!ShapedType::isDynamic(v)) {
      out.push_back(v);
      continue;
    }
    if (next == dynamic.end())
      return op->emitError("fewer dynamic values than '?' entries");
    FailureOr<int64_t> d = core.integer(op, *next++);
    if (failed(d))
      return failure();
    out.push_back(*d);
  }
  return success();
}
} // namespace

FailureOr<std::vector<int64_t>>
CoreExec::mixedList(Operation *op, ArrayRef<int64_t> statics,
                    ValueRange dynamic) {
  std::vector<int64_t> out;
  out.reserve(statics.size());
  if (failed(appendMixed(*this, op, statics, dynamic, out)))
    return failure();
  return out;
}

FailureOr<Dims> CoreExec::mixedDims(Operation *op, ArrayRef<int64_t> statics,
                                    ValueRange dynamic) {
  Dims out;
  if (failed(appendMixed(*this, op, statics, dynamic, out)))
    return failure();
  return out;
}
