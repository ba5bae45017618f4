//===- StageIntermediates.cpp - a long compute stage split through LX -----===//
//
// build-pipelines gives each group one compute stage, which holds every
// tile it computes until its last use. A stage that chains several matmuls
// (an FFN: gate and up projections of one x, an activation, a down
// projection, a ring all-reduce of the result, a residual add) holds each
// intermediate whole, and x for all its readers: far more than the compute
// engine's own memory (compute_engine.local_bytes). The later passes stream
// a stage that does one thing (a matmul's operands, an elementwise chain, a
// pass-through), not one that does all of them.
//
// So such a stage is split into parts, each a pipeline of its own, run one
// after the other: every matmul is a part, every inter-tile exchange (with
// the reshapes that feed it or read its result) is a part, and each run of
// other ops between them is a part. A tile computed by one part and used
// by a later one goes through a persistent LX buffer: the part that
// computes it writes it (the store unit collects it), each part that uses
// it reads it (the load unit streams it again), behind a barrier. A tile
// loaded from device memory and used by several parts (an A operand of
// several matmuls, a residual) is loaded once into a persistent buffer and
// read from there by each part. Tiles without inputs (empty, constant,
// fills) are made again in each part that uses them. A result of the
// pipeline that later pipelines only read in their compute stages goes to
// LX too, and they read it there.
//
// Only stages with a matmul whose tiles crossing from one part to another
// (the intermediates, and the loaded tiles several parts read) add up to
// more than the compute engine's memory are split: a small chain stays one
// stage, as before, and so does a stage without matmuls (row reductions
// that come back into their rows, as softmax and the norms, stream as one
// stage: stream-row-passes). But a stage that is an inter-tile reduce
// alone, whose result later pipelines read (a store under scf.if by the
// group's first member), is one part whose result goes to LX when the
// lowered exchange would hold more than the compute engine holds (its
// partial, a received partial and their fold: three times the tile): the
// exchange then runs a stick at a time (pipeline/utils/RingRows.h).
//
//===----------------------------------------------------------------------===//

#include "ir/ktdp/KtdpOps.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/HeldTiles.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace spyre {
#define GEN_PASS_DEF_STAGEINTERMEDIATES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// A tile the load stage brings from device memory: `transfer -> buffer;
/// signal token` in the load stage, `wait token; read buffer` in the
/// compute stage.
struct DeviceRead {
  sched::AllocOp alloc;
  sched::FifoOp token;
  sched::TransferOp transfer;
  sched::SignalOp signal;
  sched::WaitOp wait;
  sched::ReadOp read;
  SmallVector<int> parts; // the parts that use it, in order
};

/// A tile the store stage writes to device memory: `write -> buffer;
/// signal token` in the compute stage, `wait token; transfer buffer ->`
/// in the store stage.
struct DeviceWrite {
  sched::AllocOp alloc;
  sched::FifoOp token;
  sched::WriteOp write;
  sched::SignalOp signal;
  sched::WaitOp wait;
  sched::TransferOp transfer;
};

bool isExchange(Operation *op) {
  return isa<ktdp::InterTileProduceOp, ktdp::InterTileReduceOp,
             ktdp::InterTileConsumeOp>(op);
}

bool isReshape(Operation *op) {
  return isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp,
             tensor::ReshapeOp>(op);
}

/// Tiles made without tile inputs: made again in every part that uses
/// them instead of crossing between parts.
bool isRemade(Operation *op, Block &stageBody) {
  if (isa<tensor::EmptyOp, arith::ConstantOp>(op))
    return true;
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    for (Value v : fill->getOperands()) {
      Operation *def = v.getDefiningOp();
      if (def && def->getBlock() == &stageBody && !isRemade(def, stageBody))
        return false;
    }
    return true;
  }
  return false;
}

/// The op of `stageBody` that is or contains `op`.
Operation *topLevel(Operation *op, Block &stageBody) {
  while (op && op->getBlock() != &stageBody)
    op = op->getParentOp();
  return op;
}

class Splitter {
public:
  Splitter(sched::PipelineOp pipeline, int64_t capacity)
      : pipeline(pipeline), capacity(capacity) {}

  /// Splits the pipeline when it qualifies; returns whether it did.
  bool run() {
    if (!analyse())
      return false;
    build();
    return true;
  }

private:
  sched::PipelineOp pipeline;
  int64_t capacity;
  sched::StageOp load, compute, store;
  llvm::MapVector<Value, DeviceRead> reads;        // by read result
  llvm::MapVector<Operation *, DeviceWrite> writes; // by write op
  DenseMap<Operation *, int> partOf;               // top-level compute ops
  SmallVector<bool> exchangePart;                  // per part
  int parts = 0;
  // Tiles computed in one part and used by later ones (in order), the
  // parts reading each, and their LX buffers.
  llvm::MapVector<Value, SmallVector<int>> crossing;
  // Pipeline results staged in LX: result index -> the value yielded.
  llvm::MapVector<unsigned, Value> stagedResults;
  DenseMap<Value, Value> buffers; // crossing value or read result -> LX

  bool analyse();
  int64_t heldBesideDotProducts();
  bool collectDeviceTransfers();
  void assignParts();
  bool collectUses();
  bool resultsToStage();
  void build();
  int usePart(OpOperand &use);
};

bool Splitter::collectDeviceTransfers() {
  Block &body = compute.getBody().front();
  auto findAlloc = [](Value v) { return v.getDefiningOp<sched::AllocOp>(); };
  auto findFifo = [](Value v) { return v.getDefiningOp<sched::FifoOp>(); };
  for (Operation &op : body) {
    if (auto read = dyn_cast<sched::ReadOp>(op)) {
      auto wait = dyn_cast_or_null<sched::WaitOp>(read->getPrevNode());
      if (!wait || !load)
        return false;
      DeviceRead d;
      d.read = read;
      d.wait = wait;
      d.alloc = findAlloc(read.getBuffer());
      d.token = findFifo(wait.getFifo());
      if (!d.alloc || !d.token || d.alloc->getParentOp() != pipeline ||
          d.token->getParentOp() != pipeline)
        return false;
      for (Operation &l : load.getBody().front()) {
        auto transfer = dyn_cast<sched::TransferOp>(l);
        if (!transfer || transfer.getDest() != read.getBuffer())
          continue;
        auto signal = dyn_cast_or_null<sched::SignalOp>(l.getNextNode());
        if (!signal || signal.getFifo() != wait.getFifo())
          return false;
        d.transfer = transfer;
        d.signal = signal;
      }
      if (!d.transfer)
        return false;
      reads.insert({read.getResult(), d});
    } else if (auto write = dyn_cast<sched::WriteOp>(op)) {
      auto signal = dyn_cast_or_null<sched::SignalOp>(write->getNextNode());
      if (!signal || !store)
        return false;
      DeviceWrite d;
      d.write = write;
      d.signal = signal;
      d.alloc = findAlloc(write.getBuffer());
      d.token = findFifo(signal.getFifo());
      if (!d.alloc || !d.token || d.alloc->getParentOp() != pipeline ||
          d.token->getParentOp() != pipeline)
        return false;
      for (Operation &s : store.getBody().front()) {
        auto transfer = dyn_cast<sched::TransferOp>(s);
        if (!transfer || transfer.getSource() != write.getBuffer())
          continue;
        auto wait = dyn_cast_or_null<sched::WaitOp>(s.getPrevNode());
        if (!wait || wait.getFifo() != signal.getFifo())
          return false;
        d.transfer = transfer;
        d.wait = wait;
      }
      if (!d.transfer)
        return false;
      writes.insert({write, d});
    } else if (isa<sched::WaitOp, sched::SignalOp>(op)) {
      // Paired with a read or a write, checked there.
      continue;
    } else if (op.getDialect() &&
               isa<sched::SchedDialect>(op.getDialect()) &&
               !isa<sched::YieldOp>(op)) {
      return false; // anything else of ours: not split
    }
  }
  // Every wait and signal belongs to a read or a write.
  for (Operation &op : body) {
    if (auto wait = dyn_cast<sched::WaitOp>(op)) {
      auto read = dyn_cast_or_null<sched::ReadOp>(wait->getNextNode());
      if (!read || !reads.count(read.getResult()))
        return false;
    } else if (auto signal = dyn_cast<sched::SignalOp>(op)) {
      auto write = dyn_cast_or_null<sched::WriteOp>(signal->getPrevNode());
      if (!write || !writes.count(write))
        return false;
    }
  }
  return true;
}

void Splitter::assignParts() {
  Block &body = compute.getBody().front();
  bool inRun = false;
  auto newPart = [&](bool exchange) {
    exchangePart.push_back(exchange);
    return parts++;
  };
  int current = -1;
  DenseMap<Value, int> futurePart;
  for (Operation &op : body.without_terminator()) {
    if (isa<sched::ReadOp, sched::WaitOp, sched::WriteOp, sched::SignalOp>(
            op) ||
        isRemade(&op, body))
      continue;
    if (isa<linalg::MatmulOp>(op)) {
      partOf[&op] = newPart(false);
      inRun = false;
    } else if (auto produce = dyn_cast<ktdp::InterTileProduceOp>(op)) {
      int part = newPart(true);
      partOf[&op] = part;
      futurePart[produce.getFuture()] = part;
      inRun = false;
    } else if (isExchange(&op)) {
      Value future = op.getOperand(0);
      auto it = futurePart.find(future);
      partOf[&op] = it != futurePart.end() ? it->second : newPart(true);
      inRun = false;
    } else {
      if (!inRun)
        current = newPart(false);
      inRun = true;
      partOf[&op] = current;
    }
  }
  // A reshape that feeds an exchange or reads its result belongs to the
  // exchange's part (the matmul before it pushes its whole result; the op
  // after it reads a tile of its own shape).
  for (Operation &op : body.without_terminator()) {
    if (!isReshape(&op) || !partOf.count(&op))
      continue;
    std::optional<int> usersPart;
    bool oneUserPart = true;
    for (OpOperand &use : op.getResult(0).getUses()) {
      Operation *user = topLevel(use.getOwner(), body);
      auto it = user ? partOf.find(user) : partOf.end();
      if (it == partOf.end() || (usersPart && *usersPart != it->second)) {
        oneUserPart = false;
        break;
      }
      usersPart = it->second;
    }
    if (oneUserPart && usersPart && exchangePart[*usersPart]) {
      partOf[&op] = *usersPart;
      continue;
    }
    Operation *def = op.getOperand(0).getDefiningOp();
    auto it = def ? partOf.find(def) : partOf.end();
    if (it != partOf.end() && exchangePart[it->second])
      partOf[&op] = it->second;
  }
  // Parts left without ops (a reshape that went to its exchange) go; the
  // rest keep their order.
  SmallVector<int> renumbered(parts, -1);
  for (auto &[op, part] : partOf)
    renumbered[part] = 0;
  SmallVector<bool> exchanges;
  for (int part = 0; part < parts; ++part)
    if (renumbered[part] == 0) {
      renumbered[part] = int(exchanges.size());
      exchanges.push_back(exchangePart[part]);
    }
  for (auto &[op, part] : partOf)
    part = renumbered[part];
  exchangePart = exchanges;
  parts = int(exchanges.size());
}

/// The part of the op using `use` (a top-level op of the compute stage or
/// nested in one), -1 for the terminator.
int Splitter::usePart(OpOperand &use) {
  Operation *user = topLevel(use.getOwner(), compute.getBody().front());
  auto it = partOf.find(user);
  return it == partOf.end() ? -1 : it->second;
}

bool Splitter::collectUses() {
  Block &body = compute.getBody().front();
  // Every value a part uses from another part or from a device read.
  for (Operation &op : body.without_terminator()) {
    auto own = partOf.find(&op);
    if (own == partOf.end())
      continue;
    bool ok = true;
    op.walk([&](Operation *nested) {
      for (Value v : nested->getOperands()) {
        Operation *def = v.getDefiningOp();
        Block *defBlock = def ? def->getBlock()
                              : cast<BlockArgument>(v).getOwner();
        if (defBlock != &body)
          continue; // outside the stage, or inside the op itself
        if (!def)
          continue;
        if (auto read = dyn_cast<sched::ReadOp>(def)) {
          SmallVector<int> &users = reads.find(read.getResult())->second.parts;
          if (!llvm::is_contained(users, own->second))
            users.push_back(own->second);
          continue;
        }
        if (isRemade(def, body))
          continue;
        auto from = partOf.find(def);
        if (from == partOf.end() || from->second == own->second)
          continue;
        auto tile = dyn_cast<RankedTensorType>(v.getType());
        if (from->second > own->second || !tile || !tile.hasStaticShape()) {
          ok = false; // a scalar or a later value: not split
          continue;
        }
        SmallVector<int> &users = crossing[v];
        if (!llvm::is_contained(users, own->second))
          users.push_back(own->second);
      }
    });
    if (!ok)
      return false;
  }
  // Writes to device memory go with the part that computes their tile.
  for (auto &[op, d] : writes) {
    Operation *def = d.write.getValue().getDefiningOp();
    auto it = def ? partOf.find(def) : partOf.end();
    if (it == partOf.end())
      return false;
    partOf[op] = it->second;
    partOf[d.signal] = it->second;
  }
  // Device reads used only by the terminator or by writes: not handled.
  for (auto &[v, d] : reads) {
    for (Operation *user : v.getUsers()) {
      Operation *top = topLevel(user, body);
      if (isa<sched::YieldOp>(top) || isa<sched::WriteOp>(top))
        return false;
    }
    if (d.parts.empty())
      return false;
    llvm::sort(d.parts);
  }
  return true;
}

/// Results of the pipeline that only compute stages of later pipelines
/// read are staged in LX.
bool Splitter::resultsToStage() {
  auto yield = cast<sched::YieldOp>(pipeline.getBody().front().getTerminator());
  auto stageYield =
      cast<sched::YieldOp>(compute.getBody().front().getTerminator());
  for (auto [index, v] : llvm::enumerate(yield.getValues())) {
    auto result = dyn_cast<OpResult>(v);
    if (!result || result.getOwner() != compute.getOperation())
      return false;
    Value yielded = stageYield.getValues()[result.getResultNumber()];
    Operation *def = yielded.getDefiningOp();
    // A scalar the stage only passes on from outside it (a column offset
    // the group's load and a later store both use): the first part yields
    // its copy.
    if (!isa<ShapedType>(yielded.getType()) &&
        !compute->isAncestor(yielded.getParentRegion()->getParentOp()))
      continue;
    if (!def || !partOf.count(def))
      return false;
    auto tile = dyn_cast<RankedTensorType>(yielded.getType());
    Value pipelineResult = pipeline->getResult(index);
    bool onlyLaterComputes =
        tile && tile.hasStaticShape() && !pipelineResult.use_empty();
    for (Operation *user : pipelineResult.getUsers()) {
      auto stage = user->getParentOfType<sched::StageOp>();
      auto reader = stage ? dyn_cast<sched::PipelineOp>(stage->getParentOp())
                          : sched::PipelineOp();
      Operation *after =
          reader ? pipeline->getBlock()->findAncestorOpInBlock(*reader)
                 : nullptr;
      if (!stage || stage.getUnit() != "compute" || !after ||
          after == pipeline.getOperation() ||
          !pipeline->isBeforeInBlock(after))
        onlyLaterComputes = false;
    }
    if (onlyLaterComputes)
      stagedResults.insert({unsigned(index), yielded});
  }
  return true;
}

bool Splitter::analyse() {
  load = spyre::stageFor(pipeline, "load");
  compute = spyre::stageFor(pipeline, "compute");
  store = spyre::stageFor(pipeline, "store");
  // Not inside a loop: the parts' barriers and persistent buffers would
  // repeat with it, and double buffering would overlap its iterations.
  if (!compute || pipeline.getModulo() ||
      pipeline->getParentOfType<LoopLikeOpInterface>())
    return false;
  // The class handled: stages with matmuls (whose parts the later passes
  // stream). Reductions whose results come back into the rows (softmax,
  // norms, with or without an exchange between) stream as one stage
  // already (stream-row-passes).
  // So is a stage that is an inter-tile reduce alone, whose result later
  // pipelines read (a conditional store of it): staged in LX, the exchange
  // runs a stick at a time (vectorize-held-tiles) instead of holding it.
  Block &body = compute.getBody().front();
  bool matmuls = !body.getOps<linalg::MatmulOp>().empty();
  if (!matmuls && body.getOps<ktdp::InterTileReduceOp>().empty())
    return false;
  // Only the three stages of build-pipelines, nothing else after them.
  for (Operation &op : pipeline.getBody().front())
    if (auto stage = dyn_cast<sched::StageOp>(op))
      if (stage != load && stage != compute && stage != store)
        return false;
  if (!collectDeviceTransfers())
    return false;
  assignParts();
  // Without matmuls: the stage is the exchange alone (a norm's reduction
  // that comes back into its rows streams as one stage).
  if ((matmuls ? parts < 2 : parts != 1) || !collectUses() ||
      !resultsToStage() || (!matmuls && stagedResults.empty()))
    return false;
  // Worth it only when what crosses between the parts is more than the
  // compute engine holds.
  int64_t bytes = 0;
  auto add = [&](Value v) {
    int64_t b = spyre::tileBytes(cast<ShapedType>(v.getType()));
    if (b < 0 || llvm::AddOverflow(bytes, b, bytes))
      bytes = INT64_MAX;
  };
  for (auto &[v, users] : crossing)
    add(v);
  for (auto &[v, d] : reads)
    if (d.parts.size() > 1)
      add(v);
  // An exchange alone, once lowered (lower-ring-exchanges), holds the
  // partial it starts from, the partial it last received and their fold:
  // three tiles of the reduced tile's size (a 1x256 f32 partial, 1 KiB,
  // holds 3 KiB), not the one its result is.
  if (!matmuls)
    for (auto reduce : body.getOps<ktdp::InterTileReduceOp>())
      for (Value result : reduce->getResults())
        if (isa<RankedTensorType>(result.getType()))
          for (int held = 0; held < 3; ++held)
            add(result);
  return bytes > capacity || heldBesideDotProducts() > capacity;
}

int64_t Splitter::heldBesideDotProducts() {
  // A matmul whose B normalize-matmuls kept transposed (dot products over
  // B's rows, pipeline/utils/DotMatmul.cpp) and a row reduction after it
  // (an attention's softmax between Q @ K^T and P @ V): split the stage
  // too when the tiles it holds whole besides the B operands that stream
  // (the keys, V: popped for one matmul) are more than the compute
  // engine's memory, so that each part streams on its own (the softmax by
  // stream-row-passes).
  Block &body = compute.getBody().front();
  auto kept = [](linalg::MatmulOp m) { return m.hasUserDefinedMaps(); };
  if (llvm::none_of(body.getOps<linalg::MatmulOp>(), kept) ||
      body.getOps<linalg::ReduceOp>().empty())
    return 0;
  int64_t held = spyre::heldTileBytes(compute);
  for (auto matmul : body.getOps<linalg::MatmulOp>()) {
    Value b = matmul.getDpsInputs()[1];
    if (b.getDefiningOp<sched::PopOp>() && b.hasOneUse())
      held -= spyre::tileBytes(cast<ShapedType>(b.getType()));
  }
  return held;
}

void Splitter::build() {
  Block &shared = pipeline.getBody().front();
  Block &body = compute.getBody().front();
  Location loc = pipeline.getLoc();
  OpBuilder b(pipeline);

  // Persistent buffers: intermediates, tiles several parts read, staged
  // results.
  auto persistent = [&](Value v) {
    auto tile = cast<RankedTensorType>(v.getType());
    Location at = v.getDefiningOp() ? v.getDefiningOp()->getLoc() : loc;
    return sched::AllocOp::create(b, at, spyre::scratchpadType(tile), nullptr,
                                  nullptr, /*persistent=*/true)
        .getResult();
  };
  for (auto &[v, d] : reads)
    if (d.parts.size() > 1)
      buffers[v] = persistent(v);
  for (auto &[v, users] : crossing)
    buffers[v] = persistent(v);
  for (auto &[index, v] : stagedResults)
    if (!buffers.count(v))
      buffers[v] = persistent(v);

  // The ops of the shared block every part may use (views, access tiles,
  // index arithmetic), without the buffers and tokens of the transfers.
  llvm::SmallPtrSet<Operation *, 16> ownedByTransfers;
  for (auto &[v, d] : reads) {
    ownedByTransfers.insert(d.alloc);
    ownedByTransfers.insert(d.token);
  }
  for (auto &[op, d] : writes) {
    ownedByTransfers.insert(d.alloc);
    ownedByTransfers.insert(d.token);
  }

  auto stageYield = cast<sched::YieldOp>(body.getTerminator());
  SmallVector<Value> resultOf(pipeline->getNumResults());

  for (int part = 0; part < parts; ++part) {
    IRMapping map;
    // What this part yields: unstaged results computed here.
    SmallVector<unsigned> yieldIndices;
    auto pipeYield = cast<sched::YieldOp>(shared.getTerminator());
    for (auto [index, v] : llvm::enumerate(pipeYield.getValues())) {
      Value yielded =
          stageYield.getValues()[cast<OpResult>(v).getResultNumber()];
      Operation *def = yielded.getDefiningOp();
      int from = def && partOf.count(def) ? partOf.lookup(def) : 0;
      if (!stagedResults.count(index) && from == part)
        yieldIndices.push_back(index);
    }
    SmallVector<Type> types;
    for (unsigned index : yieldIndices)
      types.push_back(pipeline->getResult(index).getType());

    // A part that reads what an earlier part wrote waits for it.
    bool readsEarlier = false;
    for (auto &[v, users] : crossing)
      readsEarlier |= llvm::is_contained(users, part);
    for (auto &[v, d] : reads)
      readsEarlier |= d.parts.size() > 1 && d.parts.front() != part &&
                      llvm::is_contained(d.parts, part);
    if (readsEarlier)
      sched::BarrierOp::create(b, loc);

    auto fresh = sched::PipelineOp::create(b, loc, types, nullptr);
    OpBuilder pb(fresh.getContext());
    Block *freshShared = pb.createBlock(&fresh.getBody());
    for (Operation &op : shared) {
      if (isa<sched::StageOp, sched::YieldOp>(op) ||
          ownedByTransfers.contains(&op))
        continue;
      pb.clone(op, map);
    }
    // Buffers and tokens of this part's own transfers.
    SmallVector<DeviceRead *> loadsHere;
    for (auto &[v, d] : reads)
      if (!d.parts.empty() && d.parts.front() == part) {
        loadsHere.push_back(&d);
        if (d.parts.size() == 1)
          pb.clone(*d.alloc, map);
        else
          map.map(d.alloc.getResult(), buffers[v]);
        pb.clone(*d.token, map);
      }
    SmallVector<DeviceWrite *> storesHere;
    for (auto &[op, d] : writes)
      if (partOf.lookup(op) == part) {
        storesHere.push_back(&d);
        pb.clone(*d.alloc, map);
        pb.clone(*d.token, map);
      }

    auto makeStage = [&](StringRef unit, TypeRange results) {
      auto stage = sched::StageOp::create(pb, loc, results, unit);
      pb.createBlock(&stage.getBody());
      return stage;
    };
    if (!loadsHere.empty()) {
      makeStage("load", {});
      for (DeviceRead *d : loadsHere) {
        pb.clone(*d->transfer, map);
        pb.clone(*d->signal, map);
      }
      sched::YieldOp::create(pb, loc);
      pb.setInsertionPointToEnd(freshShared);
    }

    SmallVector<Type> stageTypes;
    for (unsigned index : yieldIndices)
      stageTypes.push_back(pipeline->getResult(index).getType());
    auto stage = makeStage("compute", stageTypes);
    // Tiles from LX: the intermediates first, then the loaded tiles in
    // their order.
    for (auto &[v, users] : crossing)
      if (llvm::is_contained(users, part))
        map.map(v, sched::ReadOp::create(pb, v.getDefiningOp()->getLoc(),
                                         v.getType(), buffers[v]));
    for (auto &[v, d] : reads) {
      if (!llvm::is_contained(d.parts, part))
        continue;
      if (d.parts.front() == part) {
        pb.clone(*d.wait, map);
        pb.clone(*d.read, map);
      } else {
        map.map(v, sched::ReadOp::create(pb, d.read.getLoc(), v.getType(),
                                         buffers[v]));
      }
    }
    // The tiles made without inputs that this part uses, then its ops.
    llvm::SetVector<Operation *> remade;
    std::function<void(Operation *)> needRemade = [&](Operation *op) {
      op->walk([&](Operation *nested) {
        for (Value v : nested->getOperands()) {
          Operation *def = v.getDefiningOp();
          if (def && def->getBlock() == &body && isRemade(def, body) &&
              !remade.contains(def)) {
            needRemade(def);
            remade.insert(def);
          }
        }
      });
    };
    for (Operation &op : body.without_terminator())
      if (partOf.count(&op) && partOf.lookup(&op) == part)
        needRemade(&op);
    for (Operation &op : body.without_terminator())
      if (remade.contains(&op))
        pb.clone(op, map);
    for (Operation &op : body.without_terminator()) {
      if (!partOf.count(&op) || partOf.lookup(&op) != part)
        continue;
      Operation *copy = pb.clone(op, map);
      for (auto [old, now] :
           llvm::zip(op.getResults(), copy->getResults())) {
        bool staged = buffers.count(old) && !reads.count(old);
        if (staged)
          sched::WriteOp::create(pb, op.getLoc(), now, buffers[old]);
      }
    }
    SmallVector<Value> yielded;
    for (unsigned index : yieldIndices)
      yielded.push_back(map.lookupOrDefault(stageYield.getValues()[cast<OpResult>(
          pipeYield.getValues()[index]).getResultNumber()]));
    sched::YieldOp::create(pb, stageYield.getLoc(), yielded);
    pb.setInsertionPointToEnd(freshShared);

    if (!storesHere.empty()) {
      makeStage("store", {});
      for (DeviceWrite *d : storesHere) {
        pb.clone(*d->wait, map);
        pb.clone(*d->transfer, map);
      }
      sched::YieldOp::create(pb, loc);
      pb.setInsertionPointToEnd(freshShared);
    }
    sched::YieldOp::create(pb, pipeYield.getLoc(), stage.getResults());
    for (auto [i, index] : llvm::enumerate(yieldIndices))
      resultOf[index] = fresh->getResult(i);

    // Shared ops no stage of this part uses.
    for (bool erased = true; erased;) {
      SmallVector<Operation *> dead;
      for (Operation &op : freshShared->without_terminator())
        if (!isa<sched::StageOp>(op) && isOpTriviallyDead(&op))
          dead.push_back(&op);
      for (Operation *op : llvm::reverse(dead))
        op->erase();
      erased = !dead.empty();
    }
  }

  // Later pipelines read the staged results from LX.
  for (auto &[index, v] : stagedResults) {
    Value result = pipeline->getResult(index);
    SmallVector<sched::StageOp> readers;
    for (Operation *user : result.getUsers()) {
      auto stage = user->getParentOfType<sched::StageOp>();
      if (!llvm::is_contained(readers, stage))
        readers.push_back(stage);
    }
    for (sched::StageOp reader : readers) {
      OpBuilder rb(&reader.getBody().front(),
                   reader.getBody().front().begin());
      Value tile = sched::ReadOp::create(rb, v.getDefiningOp()->getLoc(),
                                         v.getType(), buffers[v]);
      result.replaceUsesWithIf(tile, [&](OpOperand &use) {
        return reader->isProperAncestor(use.getOwner());
      });
      Operation *readerPipeline = reader->getParentOp();
      if (!isa_and_nonnull<sched::BarrierOp>(readerPipeline->getPrevNode())) {
        OpBuilder bb(readerPipeline);
        sched::BarrierOp::create(bb, readerPipeline->getLoc());
      }
    }
  }
  for (auto [index, r] : llvm::enumerate(pipeline->getResults()))
    if (!stagedResults.count(index))
      r.replaceAllUsesWith(resultOf[index]);
  pipeline.erase();
}

struct StageIntermediates
    : spyre::impl::StageIntermediatesBase<StageIntermediates> {
  using StageIntermediatesBase::StageIntermediatesBase;
  void runOnOperation() override {
    std::optional<spyre::arch::Arch> target =
        spyre::targetArch(arch, getOperation());
    if (!target)
      return signalPassFailure();
    SmallVector<sched::PipelineOp> pipelines;
    getOperation().walk([&](sched::PipelineOp p) { pipelines.push_back(p); });
    for (sched::PipelineOp p : pipelines)
      Splitter(p, int64_t(target->computeLocalBytes)).run();
  }
};

} // namespace
