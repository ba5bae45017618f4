//===- CoreExec.h - one core's execution state ------------------*- C++ -*-===//
//
// Internal to the interpreter: the SSA value bindings of one core, the
// scratchpad accounting of the tensors they hold, and the op handlers,
// grouped by dialect in ArithMathOps.cpp, TensorLinalgOps.cpp and
// KtdpOps.cpp. core/stagex builds on it too: each of its processes (a
// stage, a program) is a CoreExec whose parent holds the values defined
// around it, and it executes the ops the interpreter does not know
// (Extension in Interpreter.h).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_COREEXEC_H
#define SPYRE_INTERP_COREEXEC_H

#include "interp/Interpreter.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"


namespace mlir::linalg {
class ReduceOp;
} // namespace mlir::linalg

namespace spyre::interp {

class CoreExec {
public:
  CoreExec(Interpreter &interp, int id, Dims coords);
  /// From the thread's pool (SmallPool.h): the stage executor makes one
  /// per process, thousands of them a run.
  static void *operator new(std::size_t bytes) { return poolAllocate(bytes); }
  static void operator delete(void *p, std::size_t bytes) { poolDeallocate(p, bytes); }

  Interpreter &interp;
  const int id;
  /// Grid coordinates, dimension 0 first (inline: a process of core/stagex
  /// copies its core's, thousands of times a run).
  const Dims coords;
  uint64_t opCount = 0;
  /// Where get() looks for a value this core has not bound (a process of
  /// core/stagex reads the values of the region around its own); not owned.
  const CoreExec *parent = nullptr;

  /// Executes `block` with its arguments bound to `args`; the terminator's
  /// operands end up in `yielded` (and stay alive until released with
  /// releaseHeld()).
  mlir::LogicalResult runBlock(mlir::Block &block,
                               llvm::ArrayRef<RtValue> args,
                               llvm::SmallVectorImpl<RtValue> &yielded);
  mlir::LogicalResult execOp(mlir::Operation *op);
  /// Keeps tensors alive (and charged) outside any binding, e.g. values a
  /// loop carries between iterations; undone by releaseHeld().
  void holdAll(llvm::ArrayRef<RtValue> values);
  void releaseHeld(llvm::ArrayRef<RtValue> values);

  // Value access -----------------------------------------------------------
  const RtValue &get(mlir::Value value) const;
  void set(mlir::Value value, RtValue rv);
  /// The same by the value's number (Interpreter::valueId), as the direct
  /// paths (BlockPlan.h) read and bind.
  const RtValue &getId(unsigned id) const;
  void setId(unsigned id, RtValue rv);
  mlir::FailureOr<TensorPtr> tensor(mlir::Operation *op, mlir::Value value);
  mlir::FailureOr<int64_t> integer(mlir::Operation *op, mlir::Value value);
  mlir::FailureOr<Scalar> scalar(mlir::Operation *op, mlir::Value value);
  /// The integers `values` hold.
  mlir::FailureOr<llvm::SmallVector<int64_t, 4>>
  integers(mlir::Operation *op, mlir::ValueRange values);
  /// A mixed static/dynamic list (sizes, offsets, strides): the static
  /// entries, with each dynamic one read from the next of `dynamic`.
  mlir::FailureOr<std::vector<int64_t>>
  mixedList(mlir::Operation *op, llvm::ArrayRef<int64_t> statics,
            mlir::ValueRange dynamic);
  /// The same, held inline up to rank 4 (for views and tiles).
  mlir::FailureOr<Dims> mixedDims(mlir::Operation *op,
                                  llvm::ArrayRef<int64_t> statics,
                                  mlir::ValueRange dynamic);

  /// Inside a linalg.generic body: the iteration space (vectorised run) or
  /// the current point (per-point run), for linalg.index.
  std::vector<int64_t> genericSpace, genericIndex;
  /// The cost model, or null when the run has none.
  CostModel *costs() const { return interp.costs(); }
  /// How often this core has executed each inter-tile delivery op.
  llvm::DenseMap<mlir::Operation *, int> occurrences;

  // Scratchpad accounting -------------------------------------------------
  uint64_t lxInUse = 0, lxPeak = 0;
  bool lxFailed = false;
  /// Charges / releases `bytes` of scratchpad as binding / dropping a
  /// tensor of that size does (an event on the current op; overflow is a
  /// diagnostic and sets lxFailed). charge() returns the new buffer's id,
  /// which its discharge() names.
  uint64_t charge(uint64_t bytes);
  /// An error on `op` unless a tensor of `shape` fits in the scratchpad
  /// (checked arithmetic; called before such a tensor is allocated).
  mlir::LogicalResult fitsScratchpad(mlir::Operation *op, DType dtype,
                                     llvm::ArrayRef<int64_t> shape);
  void discharge(uint64_t bytes, uint64_t buffer);
  /// Whether this core holds `t` (binding it again charges nothing).
  bool holds(const Tensor *t) const {
    return (t->held.core == serial && t->held.count > 0) ||
           refs.count(t) != 0;
  }
  void setCurrentOp(mlir::Operation *op) { currentOp = op; }
  mlir::Operation *currentOperation() const { return currentOp; }
  /// What execOp does before an op's handler: the op budget, cancellation
  /// and the one-time check of its result types.
  mlir::LogicalResult enterOp(mlir::Operation *op);
  /// What execOp does after enterOp: the op's handler.
  mlir::LogicalResult dispatchOp(mlir::Operation *op) { return dispatch(op); }
  /// Whether ops with a direct path take it (no cost model, no shadows).
  bool directPaths() const { return direct; }

private:
  /// The values this core has bound, by Interpreter::valueId (monostate:
  /// not bound here); sized when the first one is bound.
  std::vector<RtValue, PoolAllocator<RtValue>> slots;
  /// Values outside the function's numbering (none in practice).
  llvm::DenseMap<mlir::Value, RtValue> others;
  struct Held {
    int count = 0;
    uint64_t buffer = 0; ///< the id charge() gave it
  };
  llvm::DenseMap<const Tensor *, Held> refs;
  /// Names this core in Tensor::held: unique for the process's lifetime
  /// (an address could be another core's after this one is gone).
  const uint64_t serial;
  /// InterpOptions::accountScratchpad (hold / release do nothing without).
  const bool accounting;
  /// Ops with a direct path take it (no cost model, no shadows).
  const bool direct;
  /// execOp after enterOp: the op's handler.
  mlir::LogicalResult dispatch(mlir::Operation *op);
  uint64_t buffersCharged = 0;
  mlir::Operation *currentOp = nullptr;


  void hold(const RtValue &rv);
  void release(const RtValue &rv);
  /// The slot of value number `id` (the array sized on first use).
  RtValue &slot(unsigned id) {
    if (slots.empty())
      slots.resize(interp.numValueIds());
    return slots[id];
  }
  void drop(unsigned id);
};

/// What the cores of the grid deposit at one execution of an inter-tile
/// delivery op, and what each receives.
struct Interpreter::Exchange {
  int arrived = 0;
  bool done = false;
  std::vector<FuturePtr> deposits;          ///< per core
  std::vector<std::vector<RtValue>> results; ///< per core
};

// Op handlers by dialect (Interpreter::handlerFor picks one by the op's
// dialect): each returns failure() after a diagnostic, and sets `handled`
// to false for ops it does not know.
mlir::LogicalResult execArithMath(CoreExec &core, mlir::Operation *op,
                                  bool &handled);
mlir::LogicalResult execTensorOp(CoreExec &core, mlir::Operation *op,
                                 bool &handled);
mlir::LogicalResult execLinalg(CoreExec &core, mlir::Operation *op,
                               bool &handled);
mlir::LogicalResult execKtdp(CoreExec &core, mlir::Operation *op,
                             bool &handled);
mlir::LogicalResult execScf(CoreExec &core, mlir::Operation *op,
                            bool &handled);

/// A tensor of `shape`; zero-filled unless the caller writes every element.
TensorPtr makeTensor(DType dtype, llvm::ArrayRef<int64_t> shape,
                     bool zeroFill = true);
/// A tensor of `shape` whose every element the caller writes: `*reuse`
/// itself when it is a plain tensor of that type and shape that nothing
/// else holds (the previous value of a register whose value is being
/// replaced: its elements are overwritten, its lanes reset), else a new one.
TensorPtr resultTensor(DType dtype, llvm::ArrayRef<int64_t> shape,
                       const TensorPtr *reuse);
/// A copy of `src` (not a literal) with the same elements in `shape`.
TensorPtr reshaped(const Tensor &src, llvm::ArrayRef<int64_t> shape);

/// linalg.reduce (LinalgReduce.cpp).
mlir::LogicalResult execLinalgReduce(CoreExec &core,
                                     mlir::linalg::ReduceOp op);

} // namespace spyre::interp

#endif
