//===- KtdpOps.cpp - ktdp ops: views, inter-tile exchange, dispatch -------===//
//
// Memory views resolve coordinates to byte addresses: element index
// `offset + sum(c_i * stride_i)`, byte address = index * element size
// (the project's decision, shared with ktir-cpu). A partition of a
// distributed view is addressed relative to the lower corner of its
// coordinate set. Access tiles (AccessTileOps.cpp) resolve their points
// when they are built; loads and stores are in LoadStoreOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "interp/KtdpTiles.h"
#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/ReplicaSlots.h"
#include "support/Checked.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"

#include <algorithm>
#include <unordered_set>

using namespace mlir;
using namespace spyre::interp;
namespace kt = mlir::ktdp;

bool ViewPart::contains(const int64_t *coord) const {
  for (size_t d = 0; d < lo.size(); ++d)
    if (coord[d] < lo[d] || coord[d] > hi[d])
      return false;
  if (isBox || set == mlir::IntegerSet())
    return true;
  if (slotShift != 0) {
    Dims unshifted(coord, coord + lo.size());
    unshifted[0] -= slotShift;
    return kt::integerSetContains(set, unshifted, symbols);
  }
  return kt::integerSetContains(set, ArrayRef<int64_t>(coord, lo.size()),
                                symbols);
}

namespace {

/// Byte addresses of the interpreter's memories stay below 2^62.
constexpr int64_t kMaxAddress = int64_t(1) << 62;

/// Every coordinate of the view's box must have an element index and a
/// byte address that fit (checked arithmetic): a huge stride or offset is
/// refused here instead of wrapping to another row.
/// `low` and `high` are set to the element indices of the lowest and highest
/// coordinate; `empty` when the view holds none.
LogicalResult checkAddressRange(kt::ConstructMemoryViewOp op,
                                const ViewPart &part, int64_t &lowOut,
                                int64_t &highOut, bool &empty) {
  namespace ck = spyre::checked;
  empty = false;
  std::optional<int64_t> low = part.offset, high = part.offset;
  for (size_t d = 0; d < part.strides.size() && d < part.lo.size(); ++d) {
    if (part.hi[d] < part.lo[d]) {
      empty = true;
      return success(); // an empty view addresses nothing
    }
    std::optional<int64_t> a = ck::mul(part.lo[d], part.strides[d]);
    std::optional<int64_t> b = ck::mul(part.hi[d], part.strides[d]);
    if (!a || !b || !low || !high) {
      low.reset();
      break;
    }
    low = ck::add(*low, std::min(*a, *b));
    high = ck::add(*high, std::max(*a, *b));
  }
  unsigned size = dtypeSize(part.dtype);
  std::optional<int64_t> lastByte =
      low && high ? ck::mul(*high, size) : std::nullopt;
  if (!lastByte || *lastByte > kMaxAddress || *low < -kMaxAddress / size)
    return op.emitError("the memory view's addresses overflow: offset ")
           << part.offset << " with these sizes and strides reaches beyond "
           << "byte 2^62";
  lowOut = *low;
  highOut = *high;
  return success();
}

LogicalResult execMemoryView(CoreExec &core, kt::ConstructMemoryViewOp op) {
  FailureOr<int64_t> offset = core.integer(op, op.getOffset());
  auto sizes = core.mixedDims(op, op.getStaticSizes(), op.getSizes());
  auto strides = core.mixedDims(op, op.getStaticStrides(), op.getStrides());
  if (failed(offset) || failed(sizes) || failed(strides))
    return failure();
  // The one part is built in place (not moved into the view).
  auto view = std::make_shared<MemoryView>();
  ViewPart &part = view->parts.emplace_back();
  kt::MemorySpaceAttr space = op.getMemorySpace();
  part.space = space.isGlobal() ? Space::HBM : Space::LX;
  part.core = space.hasCtId() ? space.getCtId() : core.id;
  if (part.space == Space::LX && part.core >= core.interp.numCores())
    return op.emitError("ct_id ")
           << part.core << " names a core outside the grid of "
           << core.interp.numCores() << " cores";
  auto memref = llvm::cast<MemRefType>(op.getType());
  if (!dtypeSupported(memref.getElementType()))
    return op.emitError("the interpreter does not support memory of ")
           << memref.getElementType();
  // A dynamic size below 0 (a row count given as -1) is no view; the
  // emulator refuses the same value when it binds the argument.
  for (auto [d, size] : llvm::enumerate(*sizes))
    if (size < 0)
      return op.emitError("size ")
             << size << " of dimension " << d << " is negative";
  part.dtype = dtypeOf(memref);
  part.offset = *offset;
  part.sizes = std::move(*sizes);
  part.strides = std::move(*strides);
  if (std::optional<IntegerSet> set = op.getCoordinateSet()) {
    part.set = *set;
    for (Value dyn : op.getSizes()) {
      if (part.symbols.size() == set->getNumSymbols())
        break;
      part.symbols.push_back(*core.integer(op, dyn));
    }
    const Interpreter::SetShape &shape =
        core.interp.setShape(part.set, part.symbols);
    if (!shape.bounded)
      return op.emitError("coordinate_set is unbounded for the sizes given");
    part.lo = shape.lo;
    part.hi = shape.hi;
    part.isBox = shape.isBox;
  } else {
    for (int64_t s : part.sizes) {
      part.lo.push_back(0);
      part.hi.push_back(s - 1);
    }
  }
  int64_t low = 0, high = 0;
  bool empty = false;
  if (failed(checkAddressRange(op, part, low, high, empty)))
    return failure();
  if (!empty && core.interp.options().onMemoryView) {
    // A partition of a distributed view addresses its box from its lower
    // corner (AccessTileOps: the origin is the part's lo), a plain view
    // from coordinate 0: the extent reported is the one its uses address.
    bool plain = false, partition = false;
    for (Operation *user : op.getResult().getUsers())
      (isa<kt::ConstructDistributedMemoryViewOp>(user) ? partition : plain) = true;
    if (plain || !partition)
      core.interp.options().onMemoryView(
          ViewExtent{part.space == Space::LX, part.core, part.dtype, low, high,
                     op.getOperation()});
    if (partition) {
      ViewPart shifted = part;
      bool fits = true;
      for (size_t d = 0; d < shifted.lo.size(); ++d) {
        fits &= !__builtin_sub_overflow(shifted.hi[d], shifted.lo[d],
                                        &shifted.hi[d]);
        shifted.lo[d] = 0;
      }
      if (fits && succeeded(checkAddressRange(op, shifted, low, high, empty)) &&
          !empty)
        core.interp.options().onMemoryView(
            ViewExtent{part.space == Space::LX, part.core, part.dtype, low,
                       high, op.getOperation()});
    }
  }
  view->dtype = part.dtype;
  view->shape = part.sizes;
  core.set(op.getResult(), MemoryViewPtr(view));
  return success();
}

LogicalResult execDistributedView(CoreExec &core,
                                  kt::ConstructDistributedMemoryViewOp op) {
  auto view = std::make_shared<MemoryView>();
  view->distributed = true;
  auto type = llvm::cast<MemRefType>(op.getType());
  view->dtype = dtypeOf(type);
  view->shape.assign(type.getRank(), 0);
  // Replicated pieces are slots stacked on dimension 0.
  SmallVector<int64_t> shifts = kt::replicaSlotShifts(op);
  for (auto [input, shift] : llvm::zip(op.getMemrefs(), shifts)) {
    auto *part = std::get_if<MemoryViewPtr>(&core.get(input));
    if (!part || !*part)
      return op.emitError("partition is not an evaluated memory view");
    for (const ViewPart &p : (*part)->parts) {
      ViewPart &added = view->parts.emplace_back(p);
      if (shift != 0 && !added.lo.empty()) {
        added.lo[0] += shift;
        added.hi[0] += shift;
        added.slotShift += shift;
      }
      for (size_t d = 0; d < added.hi.size() && d < view->shape.size(); ++d)
        view->shape[d] = std::max(view->shape[d], added.hi[d] + 1);
    }
  }
  // Disjoint bounding boxes: every coordinate has at most one partition.
  view->disjoint = true;
  for (size_t a = 0; a < view->parts.size() && view->disjoint; ++a)
    for (size_t b = a + 1; b < view->parts.size() && view->disjoint; ++b) {
      const ViewPart &x = view->parts[a], &y = view->parts[b];
      bool overlap = x.lo.size() == y.lo.size();
      for (size_t d = 0; d < x.lo.size() && overlap; ++d)
        overlap = x.lo[d] <= y.hi[d] && y.lo[d] <= x.hi[d];
      view->disjoint = !overlap;
    }
  core.set(op.getResult(), MemoryViewPtr(view));
  return success();
}

//===----------------------------------------------------------------------===//
// Inter-tile communication
//===----------------------------------------------------------------------===//

/// The groups of a future's group set, enumerated.
FailureOr<SmallVector<int64_t>> groupsOf(CoreExec &core, Operation *op,
                                         kt::TileFutureType t) {
  auto groups = core.interp.setPoints(t.getGroups());
  if (!groups)
    return op->emitError("the future's groups set is unbounded");
  return *groups;
}

LogicalResult execProduce(CoreExec &core, kt::InterTileProduceOp op) {
  auto groups = groupsOf(core, op, op.getFuture().getType());
  if (failed(groups))
    return failure();
  auto future = std::make_shared<Future>();
  for (int64_t g : *groups)
    if (kt::integerSetContains(op.getProducerTilesPerGroup(), {core.id}, {g})) {
      future->producer = true;
      future->group = g;
      break;
    }
  if (future->producer) {
    RtValue gid = indexScalar(future->group);
    SmallVector<RtValue> yielded;
    if (failed(core.runBlock(op.getBody().front(), gid, yielded)))
      return failure();
    for (const RtValue &v : yielded)
      future->partials.push_back(std::get<TensorPtr>(v));
    core.releaseHeld(yielded);
  }
  core.set(op.getFuture(), FuturePtr(future));
  return success();
}

/// Deposits this core's future at the exchange of `op` and waits until
/// every core of the grid has deposited.
FailureOr<Interpreter::Exchange *> rendezvous(CoreExec &core, Operation *op,
                                              Value futureValue) {
  auto *future = std::get_if<FuturePtr>(&core.get(futureValue));
  if (!future || !*future)
    return op->emitError("the future has not been produced on core ")
           << core.id;
  int &occurrence = core.occurrences[op];
  Interpreter::Exchange &ex = core.interp.exchange(op, occurrence++);
  ex.deposits[core.id] = *future;
  ++ex.arrived;
  int n = core.interp.numCores();
  if (ex.arrived < n &&
      !core.interp.waitUntil(core.id, [&ex, n] { return ex.arrived == n; })) {
    if (core.interp.reportDeadlock()) {
      InFlightDiagnostic diag = op->emitError("deadlock: core ");
      diag << core.id << " waits here for the cores that never arrive:";
      for (int c = 0; c < n; ++c)
        if (!ex.deposits[c])
          diag << " " << c;
    }
    return failure();
  }
  return &ex;
}

/// The group `core` belongs to for delivery: its producer group, or else
/// the group whose consumer set names it.
int64_t groupOf(int coreId, const Future &f, IntegerSet consumers,
                ArrayRef<int64_t> groups) {
  if (f.producer)
    return f.group;
  for (int64_t g : groups)
    if (kt::integerSetContains(consumers, {coreId}, {g}))
      return g;
  return -1;
}

LogicalResult execReduce(CoreExec &core, kt::InterTileReduceOp op) {
  auto ex = rendezvous(core, op, op.getFuture());
  if (failed(ex))
    return failure();
  Interpreter::Exchange &x = **ex;
  auto futureType = llvm::cast<kt::TileFutureType>(op.getFuture().getType());
  if (!x.done) {
    // The last core to arrive computes everybody's result: each core folds
    // the partials of its group's producers in ring order (the partial of
    // core id-1 first, then id-2, ...), starting from its own partial, or
    // from the identity when it produced nothing. With a dependency set, a
    // consumer folds only the producers the set names for it (its own
    // partial too only when named): a partial reduction over that subset,
    // as the spec says (a prefix over tiles: `(p)[c] : p <= c`).
    x.done = true;
    std::optional<IntegerSet> dependency = op.getProducerDependencyPerConsumer();
    auto depends = [&](int consumer, int producer, int64_t group) {
      return kt::dependencyNames(dependency, producer, consumer, group);
    };
    auto groups = groupsOf(core, op, futureType);
    if (failed(groups))
      return failure();
    int n = core.interp.numCores();
    SmallVector<RtValue> identity;
    for (Value v : op.getIdentity())
      identity.push_back(core.get(v));
    for (int c = 0; c < n; ++c) {
      CoreExec &target = core.interp.core(c);
      const Future &mine = *x.deposits[c];
      int64_t group = groupOf(c, mine, op.getConsumerTilesPerGroup(), *groups);
      SmallVector<RtValue> acc;
      if (mine.producer && depends(c, c, group))
        acc.assign(mine.partials.begin(), mine.partials.end());
      else
        acc.assign(identity.begin(), identity.end());
      target.holdAll(acc);
      int64_t bytes = 0;
      for (Type t : futureType.getPartialTypes())
        bytes += numElements(llvm::cast<RankedTensorType>(t).getShape()) *
                 dtypeSize(dtypeOf(t));
      if (CostModel *costs = core.interp.costs())
        costs->onComm(c, bytes * (n - 1));
      for (int k = 1; k < n; ++k) {
        int origin = ((c - k) % n + n) % n;
        const Future &other = *x.deposits[origin];
        if (!other.producer || other.group != group ||
            !depends(c, origin, group))
          continue;
        SmallVector<RtValue> args(acc);
        args.append(other.partials.begin(), other.partials.end());
        SmallVector<RtValue> yielded;
        if (failed(target.runBlock(op.getCombiner().front(), args, yielded)))
          return failure();
        target.releaseHeld(acc);
        acc.assign(yielded.begin(), yielded.end());
      }
      // Results may drop leading unit dimensions (draft spelling).
      for (auto [i, result] : llvm::enumerate(op.getResults())) {
        auto *t = std::get_if<TensorPtr>(&acc[i]);
        auto type = llvm::cast<RankedTensorType>(result.getType());
        if (t && *t && ArrayRef<int64_t>((*t)->shape) != type.getShape()) {
          auto r = std::make_shared<Tensor>(**t);
          r->shape.assign(type.getShape().begin(), type.getShape().end());
          r->literal = false;
          x.results[c].push_back(TensorPtr(r));
        } else {
          x.results[c].push_back(acc[i]);
        }
      }
      target.releaseHeld(acc);
    }
  }
  for (auto [result, value] : llvm::zip(op.getResults(), x.results[core.id]))
    core.set(result, value);
  return success();
}

LogicalResult execConsume(CoreExec &core, kt::InterTileConsumeOp op) {
  auto ex = rendezvous(core, op, op.getFuture());
  if (failed(ex))
    return failure();
  Interpreter::Exchange &x = **ex;
  auto futureType = llvm::cast<kt::TileFutureType>(op.getFuture().getType());
  auto groups = groupsOf(core, op, futureType);
  if (failed(groups))
    return failure();
  const Future &mine = *x.deposits[core.id];
  IntegerSet consumers = op.getConsumerTilesPerGroup();
  int64_t group = -1;
  for (int64_t g : *groups)
    if (kt::integerSetContains(consumers, {core.id}, {g}))
      group = g;
  if (group < 0) {
    // Not a consumer: its results are undefined; give it its own partials
    // (or zeros) so that the kernel can go on.
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      auto type = llvm::cast<RankedTensorType>(result.getType());
      core.set(result, mine.producer ? RtValue(mine.partials[i])
                                     : RtValue(makeTensor(dtypeOf(type),
                                                          std::vector<int64_t>(type.getShape().begin(), type.getShape().end()))));
    }
    return success();
  }
  std::optional<IntegerSet> dependency = op.getProducerDependencyPerConsumer();
  SmallVector<int> sources;
  for (int p = 0; p < core.interp.numCores(); ++p) {
    const Future &f = *x.deposits[p];
    if (!f.producer || f.group != group)
      continue;
    if (kt::dependencyNames(dependency, p, core.id, group))
      sources.push_back(p);
  }
  if (sources.size() != 1)
    return op.emitError("consumer tile ")
           << core.id << " of group " << group << " has " << sources.size()
           << " sources; inter_tile_consume needs exactly one";
  const Future &src = *x.deposits[sources.front()];
  int64_t bytes = 0;
  for (const TensorPtr &t : src.partials)
    bytes += t->bytes();
  if (CostModel *costs = core.costs())
    costs->onComm(core.id, bytes);
  for (auto [result, value] : llvm::zip(op.getResults(), src.partials))
    core.set(result, value);
  return success();
}

} // namespace

LogicalResult spyre::interp::execKtdp(CoreExec &core, Operation *op,
                                      bool &handled) {
  if (auto id = llvm::dyn_cast<kt::GetComputeTileIdOp>(op)) {
    for (auto [i, result] : llvm::enumerate(id.getIds()))
      core.set(result, indexScalar(i < core.coords.size()
                                       ? static_cast<int64_t>(core.coords[i])
                                       : 0));
    return success();
  }
  if (auto v = llvm::dyn_cast<kt::ConstructMemoryViewOp>(op))
    return execMemoryView(core, v);
  if (auto v = llvm::dyn_cast<kt::ConstructDistributedMemoryViewOp>(op))
    return execDistributedView(core, v);
  if (auto t = llvm::dyn_cast<kt::ConstructAccessTileOp>(op))
    return execAccessTile(core, t);
  if (auto t = llvm::dyn_cast<kt::ConstructIndirectAccessTileOp>(op))
    return execIndirectTile(core, t);
  if (auto l = llvm::dyn_cast<kt::LoadOp>(op))
    return execLoad(core, l);
  if (auto s = llvm::dyn_cast<kt::StoreOp>(op))
    return execStore(core, s);
  if (auto p = llvm::dyn_cast<kt::InterTileProduceOp>(op))
    return execProduce(core, p);
  if (auto r = llvm::dyn_cast<kt::InterTileReduceOp>(op))
    return execReduce(core, r);
  if (auto c = llvm::dyn_cast<kt::InterTileConsumeOp>(op))
    return execConsume(core, c);
  if (auto e = llvm::dyn_cast<kt::RuntimeArgExtractOp>(op)) {
    auto type = llvm::cast<kt::RuntimeArgType>(e.getInput().getType());
    switch (e.getKind()) {
    case kt::RuntimeArgKind::value: {
      FailureOr<Scalar> s = core.scalar(op, e.getInput());
      if (failed(s))
        return failure();
      DType to = dtypeOf(e.getType());
      core.set(e.getResult(), Scalar{convertSlot(s->dtype, to, s->value), to});
      return success();
    }
    case kt::RuntimeArgKind::granularity:
      core.set(e.getResult(), indexScalar(*type.getGranularity()));
      return success();
    case kt::RuntimeArgKind::upperbound:
      core.set(e.getResult(), indexScalar(*type.getUpperbound()));
      return success();
    }
  }
  handled = false;
  return failure();
}
