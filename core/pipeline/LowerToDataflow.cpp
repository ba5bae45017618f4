//===- LowerToDataflow.cpp - one program per unit -------------------------===//

#include "ir/dataflow/DataflowDialect.h"
#include "ir/ktdp/KtdpOps.h"
#include "ir/ktdp/KtdpTypes.h"
#include "ir/ktdp/TileLayout.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/utils/DeviceOrder.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"

namespace spyre {
#define GEN_PASS_DEF_LOWERTODATAFLOW
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// A DMA of an access tile whose set is not a box says how the tile lays
/// out its points: `masked` (the set's bounding box; positions outside the
/// set read as 0 and are not written) or `packed` (the points in order: a
/// gather / scatter).
void markTileLayout(Operation *dma, Value tile) {
  auto access = tile.getDefiningOp<ktdp::ConstructAccessTileOp>();
  if (!access)
    return;
  ktdp::TileLayout layout = ktdp::accessTileLayout(
      access.getAccessTileSet(), access.getAccessTileOrder(), access.getType());
  if (layout.kind == ktdp::TileLayout::Masked)
    dma->setAttr("masked", UnitAttr::get(dma->getContext()));
  else if (layout.kind == ktdp::TileLayout::Packed)
    dma->setAttr("packed", UnitAttr::get(dma->getContext()));
}

/// A copy, made with `b`, of the side-effect-free scalar and view
/// computation inside `stage` that yields `v` (index arithmetic, constants,
/// the tile id, memory views), so that another unit's program computes the
/// value itself instead of naming a value it never receives; null when the
/// computation involves anything else (a tensor, a received value, a
/// region).
Value rematerialize(Value v, Operation *stage, OpBuilder &b, IRMapping &map,
                    int depth = 0) {
  if (Value known = map.lookupOrNull(v))
    return known;
  Operation *def = v.getDefiningOp();
  if (!def)
    return stage->isAncestor(v.getParentBlock()->getParentOp()) ? Value() : v;
  if (!stage->isAncestor(def))
    return v;
  if (depth > 32 || def->getNumRegions() != 0 || !isMemoryEffectFree(def) ||
      llvm::any_of(def->getResultTypes(),
                   [](Type t) { return isa<TensorType, VectorType>(t); }))
    return Value();
  for (Value operand : def->getOperands())
    if (!rematerialize(operand, stage, b, map, depth + 1))
      return Value();
  Operation *copy = b.clone(*def, map);
  return copy->getResult(cast<OpResult>(v).getResultNumber());
}

/// Whether every unit can compute `v` itself (rematerialize succeeds).
bool everyUnitComputes(Value v, Operation *stage) {
  OpBuilder scratch(stage->getContext());
  Block block;
  scratch.setInsertionPointToStart(&block);
  IRMapping map;
  bool computes = bool(rematerialize(v, stage, scratch, map));
  while (!block.empty())
    block.back().erase();
  return computes;
}

/// A scalar one unit computes from data (a tensor.extract of a loaded
/// tile: a position, a scale, a branch condition) that other units need
/// for their addresses or control flow: the owner sends it as a one-lane
/// vector down a channel of its own to each unit that uses it, which
/// receives it where the pipeline that made it ends. Made while the
/// programs are built: the owner sends to every other unit (`sends`), the
/// others leave a `dflow.remote` tagged with the value (`handoffAttr`);
/// the remotes still used after the clean-up become receives, and the
/// sends nobody receives are dropped again.
constexpr llvm::StringLiteral handoffAttr = "dflow.handoff";

struct Handoffs {
  /// (value's tag, receiving unit) -> its channel.
  std::map<std::pair<int64_t, std::string>, dflow::ChannelOp> channels;
  /// Where channels are declared (after the kernel's own).
  OpBuilder *declare = nullptr;
  int64_t depth = 1;

  dflow::ChannelOp channelFor(int64_t tag, StringRef from, StringRef to,
                              Type scalar, Location loc) {
    dflow::ChannelOp &ch = channels[{tag, to.str()}];
    if (!ch)
      ch = dflow::ChannelOp::create(
          *declare, loc,
          dflow::ChannelType::get(scalar.getContext(),
                                  VectorType::get({1}, scalar)),
          from, to, depth, IntegerAttr());
    return ch;
  }
};

/// The unit whose stage uses `op`, or "" outside stages.
StringRef unitOf(Operation *op) {
  auto stage = op->getParentOfType<sched::StageOp>();
  return stage ? stage.getUnit() : StringRef();
}

/// The channel every FIFO becomes, declared at the top of the kernel.
DenseMap<Value, Value> makeChannels(func::FuncOp function, OpBuilder &b) {
  DenseMap<Value, Value> channels;
  function.walk([&](sched::FifoOp fifo) {
    StringRef from, to;
    for (Operation *user : fifo.getResult().getUsers()) {
      bool sends = isa<sched::PushOp, sched::SignalOp>(user) ||
                   (isa<sched::TransferOp>(user) &&
                    cast<sched::TransferOp>(user).getDest() == fifo);
      (sends ? from : to) = unitOf(user);
    }
    auto type = dflow::ChannelType::get(b.getContext(),
                                        fifo.getType().getElementType());
    channels[fifo] = dflow::ChannelOp::create(
        b, fifo.getLoc(), type, from.empty() ? "?" : from,
        to.empty() ? "?" : to, fifo.getDepth(), fifo.getInitialAttr());
  });
  return channels;
}

class ProgramBuilder {
public:
  ProgramBuilder(const spyre::arch::Arch &arch, StringRef unit,
                 const std::vector<std::string> &units,
                 DenseMap<Value, Value> channels, Handoffs &handoffs)
      : arch(arch), unit(unit), units(units), channels(std::move(channels)),
        handoffs(handoffs) {}

  /// Rewrites the pipelines of a program's body to this unit's share.
  LogicalResult lower(Block &body) {
    SmallVector<Operation *> work;
    body.walk([&](Operation *op) {
      if (isa<sched::PipelineOp, sched::AllocOp, sched::BarrierOp>(op) &&
          !op->getParentOfType<sched::PipelineOp>())
        work.push_back(op);
    });
    SmallVector<sched::InstanceOp> instances(body.getOps<sched::InstanceOp>());
    for (Operation *op : work) {
      if (auto barrier = dyn_cast<sched::BarrierOp>(op)) {
        OpBuilder b(barrier);
        dflow::BarrierOp::create(b, barrier.getLoc());
        barrier.erase();
      } else if (auto alloc = dyn_cast<sched::AllocOp>(op)) {
        if (failed(view(alloc)))
          return failure();
      } else if (failed(lowerPipeline(cast<sched::PipelineOp>(op)))) {
        return failure();
      }
    }
    for (sched::InstanceOp instance : instances) {
      OpBuilder b(instance);
      instance.replaceAllUsesWith(
          dflow::InstanceOp::create(b, instance.getLoc(), b.getIndexType(),
                                    instance.getCount())
              .getResult());
      instance.erase();
    }
    return success();
  }

private:
  /// An LX buffer becomes a view at its address (the copy of this loop
  /// iteration when it has several).
  LogicalResult view(sched::AllocOp alloc) {
    if (!alloc.getAddress())
      return alloc.emitError("LX buffer without an address: run "
                             "assign-addresses before lower-to-dataflow");
    OpBuilder b(alloc);
    Location loc = alloc.getLoc();
    Value address = arith::ConstantIndexOp::create(b, loc, *alloc.getAddress());
    int64_t copies = alloc.getCopies().value_or(1);
    auto loop = alloc->getParentOfType<scf::ForOp>();
    if (copies > 1 && loop) {
      int64_t bytes = spyre::scratchpadBytes(alloc.getType(), arch.stickBytes);
      // copy = ((iv - lb) / step) mod copies, on index (a loop may count
      // on i32: the kernel's own sizes are).
      auto asIndex = [&](Value v) -> Value {
        return v.getType().isIndex()
                   ? v
                   : arith::IndexCastOp::create(b, loc, b.getIndexType(), v)
                         .getResult();
      };
      Value iteration = arith::DivUIOp::create(
          b, loc,
          arith::SubIOp::create(b, loc, asIndex(loop.getInductionVar()),
                                asIndex(loop.getLowerBound())),
          asIndex(loop.getStep()));
      Value copy = arith::RemUIOp::create(
          b, loc, iteration, arith::ConstantIndexOp::create(b, loc, copies));
      address = arith::AddIOp::create(
          b, loc, address,
          arith::MulIOp::create(b, loc, copy,
                                arith::ConstantIndexOp::create(b, loc, bytes)));
    }
    // Each instance of a spread loop's units has its own copies.
    if (Operation *spread = spyre::spreadLoopOf(alloc)) {
      auto instances = spread->getBlock()->getOps<sched::InstanceOp>();
      if (instances.empty())
        return alloc.emitError("spread loop without its instance index");
      int64_t bytes = spyre::scratchpadBytes(alloc.getType(), arch.stickBytes) *
                      copies;
      address = arith::AddIOp::create(
          b, loc, address,
          arith::MulIOp::create(b, loc, (*instances.begin()).getResult(),
                                arith::ConstantIndexOp::create(b, loc, bytes)));
    }
    Value view = dflow::LxViewOp::create(b, loc, alloc.getType(), address);
    alloc.getResult().replaceAllUsesWith(view);
    alloc.erase();
    return success();
  }

  LogicalResult lowerPipeline(sched::PipelineOp pipeline) {
    Operation *before = pipeline->getPrevNode();
    Block &shared = pipeline.getBody().front();
    auto yield = cast<sched::YieldOp>(shared.getTerminator());
    SmallVector<Value> results(yield.getValues());
    // What this unit takes from other units' stages, placed after its own
    // stage: a value handed over is received where the pipeline ends, so
    // this unit first moves the pipeline's tiles (a receive before them
    // would wait for a send that comes after a tile larger than the
    // channel, which waits for this unit to take the tile: a deadlock).
    SmallVector<Operation *> remotes;
    for (Operation &op : llvm::make_early_inc_range(shared.without_terminator())) {
      if (isa<sched::FifoOp>(op))
        continue;
      auto stage = dyn_cast<sched::StageOp>(op);
      if (!stage) {
        op.moveBefore(pipeline);
        if (auto alloc = dyn_cast<sched::AllocOp>(op))
          if (failed(view(alloc)))
            return failure();
        continue;
      }
      Block &body = stage.getBody().front();
      auto stageYield = cast<sched::YieldOp>(body.getTerminator());
      if (stage.getUnit() == unit) {
        for (auto [result, value] : llvm::zip(stage.getResults(), stageYield.getValues()))
          for (Value &r : results)
            if (r == result)
              r = value;
        SmallVector<std::pair<unsigned, Value>> handed;
        for (auto [i, result] : llvm::enumerate(stage.getResults()))
          if (handsOff(result) && !everyUnitComputes(stageYield.getValues()[i], stage))
            handed.push_back({unsigned(i), stageYield.getValues()[i]});
        for (Operation &inner : llvm::make_early_inc_range(body.without_terminator()))
          inner.moveBefore(pipeline);
        OpBuilder b(pipeline);
        for (auto [i, value] : handed)
          sendToOthers(b, stage, i, value);
      } else {
        OpBuilder b(pipeline);
        IRMapping map;
        for (auto [result, value] :
             llvm::zip(stage.getResults(), stageYield.getValues()))
          for (Value &r : results)
            if (r == result) {
              Value local = rematerialize(value, stage, b, map);
              if (local) {
                r = local;
                continue;
              }
              auto remote = dflow::RemoteOp::create(
                  b, stage.getLoc(), result.getType(), stage.getUnit());
              if (handsOff(result))
                remote->setAttr(handoffAttr,
                                b.getI64IntegerAttr(tagOf(stage, result)));
              remotes.push_back(remote);
              r = remote;
            }
      }
    }
    for (Operation *remote : remotes)
      remote->moveBefore(pipeline);
    pipeline.replaceAllUsesWith(results);
    SmallVector<Operation *> moved;
    Operation *first = before ? before->getNextNode()
                              : &pipeline->getBlock()->front();
    for (Operation *op = first; op != pipeline; op = op->getNextNode())
      op->walk([&](Operation *nested) { moved.push_back(nested); });
    LogicalResult converted = convertOps(moved);
    pipeline.erase();
    return converted;
  }

  Value channel(Value fifo) { return channels.lookup(fifo); }

  /// A scalar result another unit may need past the pipeline.
  static bool handsOff(Value result) {
    Type t = result.getType();
    return (t.isIntOrIndexOrFloat()) && !result.use_empty();
  }

  /// The value's tag: its stage's number (`dflow.stage`, the same in every
  /// unit's copy of the kernel) and its result's.
  static int64_t tagOf(sched::StageOp stage, Value result) {
    auto n = stage->getAttrOfType<IntegerAttr>("dflow.stage");
    return n.getInt() * 1024 + cast<OpResult>(result).getResultNumber();
  }

  void sendToOthers(OpBuilder &b, sched::StageOp stage, unsigned i,
                    Value value) {
    int64_t tag = tagOf(stage, stage.getResult(i));
    auto vec = VectorType::get({1}, value.getType());
    Value lanes;
    for (const std::string &other : units) {
      if (other == unit)
        continue;
      if (!lanes)
        lanes = vector::BroadcastOp::create(b, stage.getLoc(), vec, value);
      dflow::ChannelOp ch = handoffs.channelFor(tag, unit, other,
                                                value.getType(), stage.getLoc());
      auto send = dflow::SendOp::create(b, stage.getLoc(), lanes, ch, 1);
      send->setAttr(handoffAttr, b.getI64IntegerAttr(tag));
    }
  }

  /// The ScheduleIR ops of this unit's stage become DataflowIR.
  LogicalResult convertOps(ArrayRef<Operation *> ops) {
    for (Operation *op : ops) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      auto sticks = [&](Operation *o) {
        auto attr = o->getAttrOfType<IntegerAttr>("sticks");
        return attr ? attr.getInt() : int64_t(1);
      };
      if (auto t = dyn_cast<sched::TransferOp>(op)) {
        Type from = t.getSource().getType(), to = t.getDest().getType();
        if (isa<ktdp::AccessTileType>(from) || isa<ktdp::AccessTileType>(to)) {
          auto dma = dflow::DmaOp::create(b, loc, t.getSource(), t.getDest(),
                                          t.getFirst(), sticks(op),
                                          t.getHops().value_or(0));
          markTileLayout(dma, isa<ktdp::AccessTileType>(from) ? t.getSource()
                                                              : t.getDest());
        }
        else if (isa<sched::FifoType>(to))
          dflow::StreamOp::create(b, loc, t.getSource(), channel(t.getDest()),
                                  t.getFirst(), sticks(op));
        else
          dflow::CollectOp::create(b, loc, channel(t.getSource()), t.getDest(),
                                   t.getFirst(), sticks(op));
      } else if (auto pop = dyn_cast<sched::PopOp>(op)) {
        pop.replaceAllUsesWith(dflow::ReceiveOp::create(
            b, loc, pop.getType(), channel(pop.getFifo()), sticks(op))
                                   .getResult());
      } else if (auto push = dyn_cast<sched::PushOp>(op)) {
        dflow::SendOp::create(b, loc, push.getValue(), channel(push.getFifo()),
                              sticks(op));
      } else if (auto signal = dyn_cast<sched::SignalOp>(op)) {
        dflow::SignalOp::create(b, loc, channel(signal.getFifo()));
      } else if (auto wait = dyn_cast<sched::WaitOp>(op)) {
        dflow::WaitOp::create(b, loc, channel(wait.getFifo()));
      } else if (auto ring = dyn_cast<sched::RingExchangeOp>(op)) {
        dflow::RingExchangeOp::create(b, loc, ring.getStaging(), ring.getKind(),
                                      ring.getGroups(), ring.getMembers(),
                                      ring.getSteps(), ring.getHops(),
                                      ring.getBytes(), ring.getTileGroupsAttr());
      } else if (auto send = dyn_cast<sched::RingSendOp>(op)) {
        dflow::RingSendOp::create(b, loc, send.getValues(), send.getCore(),
                                  send.getBytes());
      } else if (auto receive = dyn_cast<sched::RingReceiveOp>(op)) {
        auto lowered = dflow::RingReceiveOp::create(
            b, loc, receive.getResultTypes(), receive.getCore(),
            receive.getStaging());
        receive.replaceAllUsesWith(lowered.getResults());
      } else if (isa<sched::ReadOp, sched::WriteOp>(op)) {
        return op->emitError("the compute unit reads LX directly: run "
                             "route-transfers before lower-to-dataflow");
      } else {
        continue;
      }
      op->erase();
    }
    return success();
  }

  const spyre::arch::Arch &arch;
  std::string unit;
  const std::vector<std::string> &units;
  DenseMap<Value, Value> channels;
  Handoffs &handoffs;
};

void cleanUp(dflow::ProgramOp program);

/// The remotes still used become receives of the owner's sends; the
/// sends and channels nobody receives from go (and what only they used).
void connectHandoffs(func::FuncOp function, Handoffs &handoffs) {
  llvm::DenseSet<Operation *> received;
  function.walk([&](dflow::RemoteOp remote) {
    auto tag = remote->getAttrOfType<IntegerAttr>(handoffAttr);
    if (!tag || remote.use_empty())
      return;
    StringRef unit = remote->getParentOfType<dflow::ProgramOp>().getUnit();
    auto it = handoffs.channels.find({tag.getInt(), unit.str()});
    if (it == handoffs.channels.end())
      return; // left for the lowering to refuse on its line
    OpBuilder b(remote);
    Type scalar = remote.getType();
    Value lanes = dflow::ReceiveOp::create(
        b, remote.getLoc(), VectorType::get({1}, scalar), it->second, 1);
    Value value = vector::ExtractOp::create(b, remote.getLoc(), lanes,
                                            ArrayRef<int64_t>{0});
    remote.replaceAllUsesWith(value);
    remote.erase();
    received.insert(it->second);
  });
  llvm::SetVector<dflow::ProgramOp> changed;
  function.walk([&](dflow::SendOp send) {
    if (!send->hasAttr(handoffAttr))
      return;
    send->removeAttr(handoffAttr);
    if (received.contains(send.getChannel().getDefiningOp()))
      return;
    changed.insert(send->getParentOfType<dflow::ProgramOp>());
    Operation *lanes = send.getValue().getDefiningOp();
    send.erase();
    if (lanes && lanes->use_empty())
      lanes->erase();
  });
  for (auto &[key, ch] : handoffs.channels)
    if (!received.contains(ch))
      ch.erase();
  function.walk([&](dflow::RemoteOp remote) { remote->removeAttr(handoffAttr); });
  for (dflow::ProgramOp program : changed)
    cleanUp(program);
}

/// Drops what a program does not use: dead ops, loop-carried values only
/// another unit needs.
void cleanUp(dflow::ProgramOp program) {
  MLIRContext *ctx = program.getContext();
  RewritePatternSet patterns(ctx);
  scf::ForOp::getCanonicalizationPatterns(patterns, ctx);
  scf::IfOp::getCanonicalizationPatterns(patterns, ctx);
  GreedyRewriteConfig config;
  config.enableFolding(false).enableConstantCSE(false);
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  (void)applyPatternsGreedily(program.getBody(), std::move(patterns), config);
}

LogicalResult lowerFunction(func::FuncOp function,
                            const spyre::arch::Arch &arch) {
  // The units in use, in the architecture's order.
  llvm::StringSet<> used;
  function.walk([&](sched::StageOp stage) { used.insert(stage.getUnit()); });
  std::vector<std::string> units;
  for (const spyre::arch::EngineKind &engine : arch.engines)
    if (used.contains(engine.name))
      units.push_back(engine.name);
  if (units.empty()) {
    std::vector<std::string> compute = spyre::unitsWithRole(arch, "compute");
    if (compute.empty())
      return function.emitError("the architecture has no compute unit");
    units.push_back(compute.front());
  }

  // The units run ahead of each other across pipelines: a pipeline that
  // loads what an earlier one stores waits for it behind a barrier.
  spyre::orderDeviceAccesses(function);

  Block &entry = function.getBody().front();
  SmallVector<Operation *> original;
  for (Operation &op : entry.without_terminator())
    original.push_back(&op);

  int64_t stages = 0;
  function.walk([&](sched::StageOp stage) {
    stage->setAttr("dflow.stage",
                   IntegerAttr::get(IntegerType::get(function.getContext(), 64),
                                    stages++));
  });
  OpBuilder b(&entry, entry.begin());
  DenseMap<Value, Value> channels = makeChannels(function, b);
  Handoffs handoffs;
  handoffs.declare = &b;
  handoffs.depth = std::max(arch.fifoDepth, 1);
  int64_t instances = spyre::gridTiles(function);
  OpBuilder programs(entry.getTerminator());
  for (const std::string &unit : units) {
    OpBuilder &b = programs;
    auto perCore = function->getAttrOfType<IntegerAttr>("sched.instances_per_core");
    auto program = dflow::ProgramOp::create(b, function.getLoc(), unit,
                                            instances, perCore);
    Block *body = b.createBlock(&program.getBody());
    OpBuilder inner = OpBuilder::atBlockEnd(body);
    IRMapping mapping;
    for (Operation *op : original)
      inner.clone(*op, mapping);
    dflow::EndOp::create(inner, function.getLoc());
    DenseMap<Value, Value> local;
    for (auto [fifo, channel] : channels)
      local[mapping.lookupOrDefault(fifo)] = channel;
    ProgramBuilder builder(arch, unit, units, std::move(local), handoffs);
    if (failed(builder.lower(*body)))
      return failure();
    cleanUp(program);
    program.walk([&](Operation *op) {
      if (op->removeAttr("sched.vector_loop"))
        op->setAttr("dflow.vector_loop", b.getUnitAttr());
      if (op->removeAttr("sched.passes"))
        op->setAttr("dflow.passes", b.getUnitAttr());
      if (op->removeAttr("sched.chunks"))
        op->setAttr("dflow.chunks", b.getUnitAttr());
      if (Attribute spread = op->removeAttr("sched.spread"))
        op->setAttr("dflow.spread", spread);
    });
    b.setInsertionPointAfter(program);
  }
  connectHandoffs(function, handoffs);
  // What the programs now do leaves the kernel's body; what its return
  // still uses (a scalar result) stays.
  for (Operation *op : llvm::reverse(original)) {
    if (op->use_empty()) {
      op->erase();
    } else if (isa<sched::SchedDialect>(op->getDialect())) {
      return op->emitError("the kernel returns a computed tile; a kernel "
                           "hands results back through ktdp.store");
    }
  }
  function->removeAttr("sched.instances_per_core");
  for (StringRef name : {"placement", "lx_peak"})
    if (Attribute attr = function->removeAttr(("sched." + name).str()))
      function->setAttr(("dflow." + name).str(), attr);
  return success();
}

struct LowerToDataflow : spyre::impl::LowerToDataflowBase<LowerToDataflow> {
  using LowerToDataflowBase::LowerToDataflowBase;
  void runOnOperation() override {
    if (failed(spyre::forEachKernel(getOperation(), arch, lowerFunction)))
      signalPassFailure();
  }
};

} // namespace
