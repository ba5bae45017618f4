//===- AssignAddresses.cpp - LX addresses and the capacity check ----------===//

#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"

#include "ir/KernelLxData.h"
#include "ir/ktdp/KtdpOps.h"
#include "ir/schedule/ScheduleDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace spyre {
#define GEN_PASS_DEF_ASSIGNADDRESSES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// A stack allocator over the scratchpad: a scope (a block, a pipeline)
/// frees what it allocated when it ends.
class Scratchpad {
public:
  Scratchpad(const spyre::arch::Arch &arch) : arch(arch) {}

  /// LX bytes [begin, end) the kernel itself addresses (a ct_local view at
  /// a constant offset): no buffer is placed over them.
  void reserve(int64_t begin, int64_t end) { reserved.push_back({begin, end}); }

  /// Gives `alloc` the next free address; false (after an error) if the
  /// scratchpad is full.
  bool place(sched::AllocOp alloc, bool report = true) {
    // Every copy, for every instance of the units that use it.
    int64_t bytes = spyre::scratchpadBytes(alloc.getType(), arch.stickBytes) *
                    alloc.getCopies().value_or(1) * spyre::instancesOf(alloc);
    // Past every reserved range the buffer would overlap (stick-aligned).
    for (bool moved = true; moved && bytes > 0;) {
      moved = false;
      for (auto [begin, end] : reserved)
        if (top < end && begin < top + bytes) {
          int64_t stick = std::max(1, arch.stickBytes);
          top = (end + stick - 1) / stick * stick;
          moved = true;
        }
    }
    if (top + bytes > int64_t(arch.scratchpadBytesPerCore)) {
      if (!report)
        return false;
      InFlightDiagnostic diag =
          alloc.emitError("the kernel does not fit in the scratchpad: this ")
          << alloc.getType() << " buffer needs " << bytes << " bytes, "
          << top << " of the " << arch.scratchpadBytesPerCore
          << " bytes of a core's LX are in use by " << live.size()
          << " other buffers";
      for (auto [other, size] : live)
        diag.attachNote(other.getLoc())
            << size << " bytes: " << other.getType() << " at address "
            << *other.getAddress();
      for (auto [begin, end] : reserved)
        diag.attachNote(alloc.getLoc())
            << "bytes " << begin << " to " << end
            << " hold the kernel's own scratchpad data (its ct_local memory "
               "views): no buffer goes there";
      return false;
    }
    alloc.setAddress(top);
    live.push_back({alloc, bytes});
    top += bytes;
    peak = std::max(peak, top);
    highest = std::max(highest, top);
    return true;
  }

  struct Mark {
    int64_t top;
    size_t live;
  };
  Mark mark() const { return {top, live.size()}; }
  void release(Mark m) {
    top = m.top;
    live.resize(m.live);
  }
  int64_t peakBytes() const { return peak; }
  int64_t topBytes() const { return top; }

  /// Runs `placeAll` and returns the highest address end it reached.
  template <typename F> int64_t highestDuring(F placeAll) {
    int64_t saved = highest;
    highest = top;
    placeAll();
    int64_t reached = highest;
    highest = std::max(saved, reached);
    return reached;
  }

private:
  const spyre::arch::Arch &arch;
  int64_t top = 0, peak = 0, highest = 0;
  SmallVector<std::pair<sched::AllocOp, int64_t>> live;
  SmallVector<std::pair<int64_t, int64_t>> reserved;
};

/// The LX byte range a ct_local memory view with a constant offset and
/// static sizes and strides covers (on whichever core: every core has the
/// same layout); std::nullopt for any other view.
std::optional<std::pair<int64_t, int64_t>>
lxRangeOf(ktdp::ConstructMemoryViewOp view) {
  if (view.getMemorySpace().isGlobal())
    return std::nullopt;
  APInt offset;
  if (!matchPattern(view.getOffset(), m_ConstantInt(&offset)))
    return std::nullopt;
  auto type = dyn_cast<MemRefType>(view.getType());
  int64_t eb = type ? spyre::elementBytes(type.getElementType()) : 0;
  ArrayRef<int64_t> sizes = view.getStaticSizes(),
                    strides = view.getStaticStrides();
  if (eb <= 0 || sizes.size() != strides.size())
    return std::nullopt;
  int64_t lo = offset.getSExtValue(), hi = lo;
  for (auto [size, stride] : llvm::zip(sizes, strides)) {
    int64_t span = 0;
    if (ShapedType::isDynamic(size) || ShapedType::isDynamic(stride) ||
        size <= 0 || llvm::MulOverflow(size - 1, stride, span))
      return std::nullopt;
    int64_t &edge = span > 0 ? hi : lo; // the end this dimension extends
    if (llvm::AddOverflow(edge, span, edge))
      return std::nullopt;
  }
  int64_t begin = 0, end = 0;
  if (lo < 0 || llvm::MulOverflow(lo, eb, begin) ||
      llvm::AddOverflow(hi, int64_t(1), end) || llvm::MulOverflow(end, eb, end))
    return std::nullopt;
  return std::make_pair(begin, end);
}

/// Places the buffers of a double-buffered pipeline; when both copies do
/// not fit, falls back to single buffers (and says so).
bool placeDoubled(sched::PipelineOp pipeline, Scratchpad &lx) {
  Scratchpad::Mark before = lx.mark();
  bool fits = true;
  for (auto alloc : pipeline.getBody().getOps<sched::AllocOp>())
    fits = fits && lx.place(alloc, /*report=*/false);
  lx.release(before);
  if (fits)
    return true;
  pipeline->removeAttr(pipeline.getModuloAttrName());
  for (auto alloc : pipeline.getBody().getOps<sched::AllocOp>())
    alloc->removeAttr(alloc.getCopiesAttrName());
  for (auto fifo : pipeline.getBody().getOps<sched::FifoOp>())
    if (fifo.getInitial())
      fifo.setInitial(1); // one free copy now
  pipeline.emitRemark("not double-buffered: two copies of its buffers do "
                      "not fit in the scratchpad");
  return false;
}

/// Whether `block` (or a branch in it, not a loop: a loop's own body
/// waits at its end) places a buffer that outlives its pipeline.
bool keepsBuffers(Block &block) {
  for (Operation &op : block) {
    if (auto alloc = dyn_cast<sched::AllocOp>(op); alloc && alloc.getPersistent())
      return true;
    if (isa<LoopLikeOpInterface, sched::PipelineOp>(op))
      continue;
    for (Region &region : op.getRegions())
      for (Block &inner : region)
        if (keepsBuffers(inner))
          return true;
  }
  return false;
}

/// The memory views `op` (with what it holds) loads from and stores to
/// through device tiles (a null view: an indirect tile).
void deviceAccesses(Operation *op, SmallVectorImpl<Value> &loads,
                    SmallVectorImpl<Value> &stores) {
  op->walk([&](sched::TransferOp t) {
    if (isa<ktdp::AccessTileType>(t.getSource().getType()))
      loads.push_back(spyre::viewOf(t.getSource()));
    if (isa<ktdp::AccessTileType>(t.getDest().getType()))
      stores.push_back(spyre::viewOf(t.getDest()));
  });
}

/// Stores a later op of the block must wait for: the units of a core run
/// their own programs, so a load of memory an earlier pipeline stored
/// (data a helper left in a scratchpad view, an in-place update read back)
/// waits behind a barrier for the store to be done.
class MemoryOrder {
public:
  /// Whether `op` loads memory a store since the last barrier may reach.
  bool mustWait(Operation *op) const {
    SmallVector<Value> loads, stores;
    deviceAccesses(op, loads, stores);
    return llvm::any_of(loads, [&](Value l) {
      return llvm::any_of(stored, [&](Value s) { return spyre::mayAlias(s, l); });
    });
  }
  void after(Operation *op) {
    if (isa<sched::BarrierOp>(op)) {
      stored.clear();
      return;
    }
    SmallVector<Value> loads;
    deviceAccesses(op, loads, stored);
  }
  bool pending() const { return !stored.empty(); }

private:
  SmallVector<Value> stored;
};

bool assignBlock(Block &block, Scratchpad &lx) {
  Scratchpad::Mark scope = lx.mark();
  // The highest address the ops so far in this block used: an op that
  // places buffers below it reuses their space, behind a barrier.
  int64_t used = lx.topBytes();
  bool barriers = false;
  MemoryOrder order;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (!isa<sched::BarrierOp>(op) && order.mustWait(&op)) {
      if (!isa_and_nonnull<sched::BarrierOp>(op.getPrevNode())) {
        OpBuilder b(&op);
        sched::BarrierOp::create(b, op.getLoc());
      }
      order.after(op.getPrevNode());
    }
    order.after(&op);
    if (auto alloc = dyn_cast<sched::AllocOp>(op)) {
      if (!lx.place(alloc))
        return false;
      // A buffer of this block (persistent: filled by a later pipeline,
      // read by others) placed in space an earlier op of the block used:
      // the units of that op may still read it while the next pipeline's
      // load unit fills it, so the ops after it wait behind a barrier (a
      // tile loaded twice, once before a loop for after it and once for the
      // loop's own use, read the loop's data: the sixth tester's 12b).
      if (*alloc.getAddress() < used) {
        if (!isa_and_nonnull<sched::BarrierOp>(op.getPrevNode())) {
          OpBuilder b(&op);
          sched::BarrierOp::create(b, op.getLoc());
        }
        barriers = true;
      }
      used = std::max(used, lx.topBytes());
      continue;
    }
    if (auto pipeline = dyn_cast<sched::PipelineOp>(op))
      if (pipeline.getModulo())
        placeDoubled(pipeline, lx);
    int64_t start = lx.topBytes();
    bool ok = true;
    int64_t reached = lx.highestDuring([&] {
      for (Region &region : op.getRegions())
        for (Block &inner : region)
          ok = ok && assignBlock(inner, lx);
    });
    if (!ok)
      return false;
    if (reached > start && start < used) {
      // (build-pipelines may have put one there already: an accumulator
      // kept in LX is read behind one.)
      if (!isa_and_nonnull<sched::BarrierOp>(op.getPrevNode())) {
        OpBuilder b(&op);
        sched::BarrierOp::create(b, op.getLoc());
      }
      barriers = true;
    }
    used = std::max(used, reached);
  }
  // In a loop, the next iteration's first pipeline reuses the last one's
  // space too, and may load what this one stored. So does the next
  // iteration's fill of a buffer this one keeps for later pipelines (a table
  // hoisted out of an inner loop, read there by the load unit while the one
  // that fills it runs ahead): it waits until every unit is done with this
  // iteration.
  bool loopCarried = false;
  if (order.pending() && isa<LoopLikeOpInterface>(block.getParentOp()))
    for (Operation &op : block)
      loopCarried = loopCarried || order.mustWait(&op);
  if ((barriers || loopCarried || keepsBuffers(block)) &&
      isa<LoopLikeOpInterface>(block.getParentOp()) &&
      block.mightHaveTerminator() &&
      !isa_and_nonnull<sched::BarrierOp>(block.getTerminator()->getPrevNode()))
  {
    OpBuilder b(block.getTerminator());
    sched::BarrierOp::create(b, block.getTerminator()->getLoc());
  }
  lx.release(scope);
  return true;
}

struct AssignAddresses : spyre::impl::AssignAddressesBase<AssignAddresses> {
  using AssignAddressesBase::AssignAddressesBase;
  void runOnOperation() override {
    auto assign = [](func::FuncOp function, const spyre::arch::Arch &target) {
      Scratchpad lx(target);
      // Buffers go around the LX data the kernel addresses itself.
      function.walk([&](ktdp::ConstructMemoryViewOp view) {
        if (auto range = lxRangeOf(view))
          lx.reserve(range->first, range->second);
      });
      // And around the data it addresses through its arguments, at the
      // top of LX (ir/KernelLxData.h).
      int64_t capacity = int64_t(target.scratchpadBytesPerCore);
      int64_t data =
          spyre::lxArgumentDataStart(function, capacity, target.stickBytes);
      if (data < capacity)
        lx.reserve(data, capacity);
      if (!assignBlock(function.getBody().front(), lx))
        return failure();
      function->setAttr("sched.lx_peak",
                        Builder(function).getI64IntegerAttr(lx.peakBytes()));
      return success();
    };
    if (failed(spyre::forEachKernel(getOperation(), arch, assign)))
      signalPassFailure();
  }
};

} // namespace
