//===- ExecContext.h - what the stage executor's handlers share -*- C++ -*-===//
//
// Internal to core/stagex. The op handlers are grouped by dialect family:
// ScheduleOps.cpp (`sched`), DataflowOps.cpp (`dflow`), VectorOps.cpp
// (`vector`, `affine`); Transfers.cpp moves data between device memory,
// LX buffers, queues and ring mailboxes for both; DirectOps.cpp runs the
// commonest of them by their values' numbers. Every other op is the
// interpreter's (core/interp), run by the process's CoreExec.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_STAGEX_EXECCONTEXT_H
#define SPYRE_STAGEX_EXECCONTEXT_H

#include "interp/CoreExec.h"
#include "stagex/BodyCode.h"
#include "stagex/LxBuffers.h"
#include "stagex/Processes.h"
#include "stagex/Queues.h"
#include "stagex/StageExecutor.h"

#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace spyre::stagex {

class Context {
public:
  Context(interp::Interpreter &interp, interp::Memories &memories,
          int64_t stickBytes, Order order);

  interp::Interpreter &interp;
  interp::Memories &memories;
  const int64_t stickBytes;
  Scheduler scheduler;
  Mailboxes mailboxes;
  /// The core of every tile (the kernel's placement; tile i on core i
  /// before placement).
  std::vector<int64_t> placement;
  /// Instances of a unit on each core (the programs' largest `per_core`).
  int instancesPerCore = 1;
  /// Ops the processes that ended executed (a core's own are the
  /// interpreter's count).
  uint64_t childOps = 0;
  /// Sticks that nothing holds any more (popped and then replaced in a
  /// compiled body's register, collected into LX), for the next stick
  /// streamed out of LX to be written into (DirectOps.cpp).
  std::vector<interp::TensorPtr> spareSticks;
  /// Whether the bodies of stages and programs run compiled (BodyCode.h),
  /// and each body compiled (null: it does not compile), once per run.
  bool compileBodies = true;
  /// How vector reductions fold (StageOptions::reduceNumerics).
  ReduceNumerics reduceNumerics;
  /// Process bodies that ran compiled (the rest ran op by op).
  uint64_t compiledBodiesRun = 0;
  llvm::DenseMap<mlir::Block *, std::unique_ptr<CompiledBody>> bodies;

  Process &process() { return *scheduler.running(); }
  interp::ByteStore &lx(int core) { return memories.lx[size_t(core)]; }
  int coreOfTile(int tile) const {
    return size_t(tile) < placement.size() ? int(placement[size_t(tile)])
                                           : tile;
  }

  /// A process running `body` for `parent`, on its core and tile, with
  /// values of its own that fall back on the parent's.
  Process &spawnChild(Process &parent, std::string unit, int instance,
                      std::function<bool(Process &)> body);

  /// Scratchpad for a buffer that has no address yet (before
  /// assign-addresses): a region of its core's LX store above every real
  /// address. A pipeline's buffers are given back when it ends
  /// (pipelineMark / pipelineRelease), the others never.
  uint64_t allocate(int core, uint64_t bytes, bool withPipeline);
  uint64_t pipelineMark(int core) { return stackTop(core); }
  void pipelineRelease(int core, uint64_t mark) { stackTop(core) = mark; }

  /// What a tile's programs share: its barrier and the blocks whose
  /// programs it started.
  struct TileState {
    std::unique_ptr<Barrier> barrier;
    llvm::DenseSet<mlir::Block *> started;
  };
  TileState &tile(int tile);

private:
  std::vector<uint64_t> stackTops, permanentTops;
  std::vector<std::unique_ptr<TileState>> tiles;
  uint64_t &stackTop(int core);
};

/// The op handlers: each returns failure() after a diagnostic (or silently
/// when the run stopped), and sets `handled` to false for ops it does not
/// know.
mlir::LogicalResult execSchedule(Context &ctx, interp::CoreExec &core,
                                 mlir::Operation *op, bool &handled);
mlir::LogicalResult execDataflow(Context &ctx, interp::CoreExec &core,
                                 mlir::Operation *op, bool &handled);
mlir::LogicalResult execVector(Context &ctx, interp::CoreExec &core,
                               mlir::Operation *op, bool &handled);
/// Runs `block`, the body of a stage or a program, as process `p`:
/// compiled (BodyRun.cpp) when the run takes direct paths, else op by op.
mlir::LogicalResult runProcessBody(Context &ctx, Process &p, mlir::Block &block,
                                   llvm::SmallVectorImpl<interp::RtValue> &yielded);
/// The direct paths (DirectOps.cpp, interp/BlockPlan.h): whether plan.op
/// has one (plan.variant: which), and running it (false: the handler runs
/// instead).
enum class Direct : uint8_t { Pop, Push, Broadcast, Stream, Collect, Extract, Signal, Wait };
bool planDirect(interp::OpPlan &plan);
bool runDirect(Context &ctx, interp::CoreExec &core, interp::OpPlan &plan);

/// What the direct paths do, on values (also the compiled process bodies',
/// BodyRun.cpp). The moves return false when they cannot go on without
/// waiting or the values are not what they handle: the handler then runs.
/// The queue of a FIFO or channel value for the running process (null
/// once the run has stopped: the handler's wait then says so).
Queue *queueIn(Context &ctx, const interp::RtValue &v);
LxBuffer *bufferIn(const interp::RtValue &v);
/// A pop of one vector of `shape` / a push of one (not a splat).
bool popStick(Queue *queue, llvm::ArrayRef<int64_t> shape, interp::TensorPtr &out);
bool pushStick(Queue *queue, const interp::TensorPtr &value);
/// One stick `s` from an LX buffer into a queue / from a queue into one.
bool streamStick(Context &ctx, LxBuffer *buffer, Queue *queue, int64_t s);
bool collectStick(Context &ctx, Queue *queue, LxBuffer *buffer, int64_t s);
/// Gives `stick` (emptied) to Context::spareSticks when nothing else holds
/// it and it is a plain vector.
void recycleStick(Context &ctx, interp::TensorPtr &stick);
/// A token signalled into a queue with room / taken from one that has it.
bool moveToken(Queue *queue, bool signal);
/// A vector of `shape` with every element `s` converted to `result` (in
/// `*reuse` when interp::resultTensor may reuse it).
interp::TensorPtr broadcastScalar(interp::DType result, llvm::ArrayRef<int64_t> shape,
                                  const interp::Scalar &s,
                                  const interp::TensorPtr *reuse = nullptr);
/// vector.reduction of kind `kind` (vector::CombiningKind) into `dtype`
/// from `init` (null: from lane 0), folded as `numerics` says, when the
/// kind folds inline (the float kinds: VectorOps.cpp); nullopt: the
/// handler computes it.
std::optional<interp::Scalar> foldReduction(unsigned kind, interp::DType dtype,
                                            const interp::Tensor &x,
                                            const interp::Scalar *init,
                                            const ReduceNumerics &numerics);
/// Element `at` of a dense vector, as a scalar of `type` (nullopt: out of
/// range or a splat).
std::optional<interp::Scalar> elementOf(const interp::Tensor &v, int64_t at,
                                        interp::DType type);

//===----------------------------------------------------------------------===//
// Transfers.cpp: data movement shared by ScheduleIR and DataflowIR
//===----------------------------------------------------------------------===//

/// The LX buffer, queue or access tile a value holds, or null.
LxBuffer *bufferOf(interp::CoreExec &core, mlir::Value v);
QueueValue *queueOf(interp::CoreExec &core, mlir::Value v);
const interp::AccessTile *tileOf(interp::CoreExec &core, mlir::Value v);
/// The access tile a transfer or DMA moves: an indirect one built again
/// first (its index view is read when the data moves). `ok` is false
/// after a diagnostic.
const interp::AccessTile *movedTile(interp::CoreExec &core, mlir::Value v,
                                    bool &ok);

/// The `sticks` attribute of a transfer, push or pop, if it has one.
std::optional<int64_t> sticksAttr(mlir::Operation *op);

/// A queue value for a sched.fifo / dflow.channel of element type
/// `element` (`none`: tokens; a vector: sticks; a tensor: whole tiles).
interp::ForeignPtr makeQueue(Context &ctx, mlir::Operation *decl,
                             mlir::Type element, int64_t depth,
                             int64_t initialTokens);

/// Device memory <-> LX: the whole tile, or (first given) the tile's
/// sticks first .. first + sticks - 1 to / from the start of the buffer.
mlir::LogicalResult tileToBuffer(Context &ctx, interp::CoreExec &core,
                                 mlir::Operation *op,
                                 const interp::AccessTile &tile,
                                 const LxBuffer &buffer,
                                 std::optional<int64_t> first,
                                 std::optional<int64_t> sticks);
mlir::LogicalResult bufferToTile(Context &ctx, interp::CoreExec &core,
                                 mlir::Operation *op, const LxBuffer &buffer,
                                 const interp::AccessTile &tile,
                                 std::optional<int64_t> first,
                                 std::optional<int64_t> sticks);
/// LX <-> queue: `sticks` sticks from stick `first` (0 when not given);
/// a queue of whole tiles takes the buffer as one tile.
mlir::LogicalResult bufferToQueue(Context &ctx, mlir::Operation *op,
                                  const LxBuffer &buffer, Queue &queue,
                                  std::optional<int64_t> first,
                                  std::optional<int64_t> sticks);
mlir::LogicalResult queueToBuffer(Context &ctx, mlir::Operation *op,
                                  Queue &queue, const LxBuffer &buffer,
                                  std::optional<int64_t> first,
                                  std::optional<int64_t> sticks);
/// A compute unit sending a vector or a tile (stick by stick) / receiving
/// one of type `type`.
mlir::LogicalResult pushValue(Context &ctx, mlir::Operation *op,
                              const interp::RtValue &value, mlir::Type type,
                              Queue &queue, std::optional<int64_t> sticks);
mlir::FailureOr<interp::RtValue> popValue(Context &ctx, mlir::Operation *op,
                                          Queue &queue, mlir::Type type,
                                          std::optional<int64_t> sticks);
mlir::LogicalResult signalToken(Context &ctx, mlir::Operation *op,
                                Queue &queue);
mlir::LogicalResult waitToken(Context &ctx, mlir::Operation *op, Queue &queue);

/// A use of a queue by a unit: `op` is a PushOp (sends its value), a PopOp
/// (receives its result), a SignalOp or a wait (sched's push / pop /
/// signal / wait, dflow's send / receive / signal / wait).
template <typename PushOp, typename PopOp, typename SignalOp>
mlir::LogicalResult execQueueUse(Context &ctx, interp::CoreExec &core,
                                 mlir::Operation *op, Queue &queue) {
  if (auto push = llvm::dyn_cast<PushOp>(op))
    return pushValue(ctx, op, core.get(push.getValue()),
                     push.getValue().getType(), queue, sticksAttr(op));
  if (auto pop = llvm::dyn_cast<PopOp>(op)) {
    mlir::FailureOr<interp::RtValue> v =
        popValue(ctx, op, queue, pop.getType(), sticksAttr(op));
    if (mlir::failed(v))
      return mlir::failure();
    core.set(pop.getResult(), *v);
    return mlir::success();
  }
  if (llvm::isa<SignalOp>(op))
    return signalToken(ctx, op, queue);
  return waitToken(ctx, op, queue);
}
/// Ring traffic between the compute units of cores: the tiles `values`
/// sent to core `to`; received from core `from` into the staging buffers
/// (one per tile, or none) and bound to the op's results.
mlir::LogicalResult ringSend(Context &ctx, interp::CoreExec &core,
                             mlir::Operation *op, mlir::ValueRange values,
                             mlir::Value to);
mlir::LogicalResult ringReceive(Context &ctx, interp::CoreExec &core,
                                mlir::Operation *op, mlir::Value from,
                                mlir::ValueRange staging);

} // namespace spyre::stagex

#endif
