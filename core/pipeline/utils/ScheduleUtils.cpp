//===- ScheduleUtils.cpp - what the ScheduleIR passes share ---------------===//

#include "pipeline/utils/ScheduleUtils.h"
#include "support/Checked.h"
#include "pipeline/utils/Target.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace {
bool hasTensor(TypeRange types) {
  return llvm::any_of(types, [](Type t) { return isa<TensorType>(t); });
}
} // namespace

bool spyre::isTileOp(Operation *op) {
  if (isa<scf::SCFDialect>(op->getDialect()))
    return false;
  if (isa<ktdp::LoadOp, ktdp::StoreOp, ktdp::InterTileProduceOp,
          ktdp::InterTileConsumeOp, ktdp::InterTileReduceOp>(op))
    return true;
  return hasTensor(op->getOperandTypes()) || hasTensor(op->getResultTypes());
}

bool spyre::isControlWithTiles(Operation *op) {
  if (!isa<scf::SCFDialect>(op->getDialect()) || op->getNumRegions() == 0)
    return false;
  if (hasTensor(op->getOperandTypes()) || hasTensor(op->getResultTypes()))
    return true;
  bool found = false;
  op->walk([&](Operation *inner) {
    if (inner != op && isTileOp(inner))
      found = true;
  });
  return found;
}

int64_t spyre::elementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return std::max<int64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
  return 2; // df16
}

int64_t spyre::tileBytes(ShapedType type) {
  std::optional<int64_t> elements = checked::product(type.getShape());
  std::optional<int64_t> bytes =
      elements ? checked::mul(*elements, elementBytes(type.getElementType()))
               : std::nullopt;
  return bytes.value_or(INT64_MAX);
}

int64_t spyre::tileSticks(ShapedType type, int stickBytes) {
  if (type.getRank() == 0)
    return 1;
  int64_t stick = std::max(stickBytes, 1);
  std::optional<int64_t> rowBytes =
      checked::mul(type.getShape().back(), elementBytes(type.getElementType()));
  std::optional<int64_t> rows =
      checked::product(type.getShape().drop_back());
  std::optional<int64_t> sticks =
      rowBytes && rows
          ? checked::mul(*rows, *rowBytes / stick + (*rowBytes % stick != 0))
          : std::nullopt;
  return sticks.value_or(INT64_MAX);
}

int64_t spyre::scratchpadBytes(ShapedType type, int stickBytes) {
  return checked::mul(tileSticks(type, stickBytes), std::max(stickBytes, 1))
      .value_or(INT64_MAX);
}

MemRefType spyre::scratchpadType(RankedTensorType type) {
  return MemRefType::get(type.getShape(), type.getElementType(),
                         MemRefLayoutAttrInterface(),
                         StringAttr::get(type.getContext(), kScratchpadSpace));
}

spyre::StageParts spyre::partsOf(sched::StageOp stage) {
  StageParts parts;
  for (Operation &op : stage.getBody().front().without_terminator())
    (isa<sched::WaitOp>(op)       ? parts.waits
     : isa<sched::TransferOp>(op) ? parts.transfers
                                  : parts.signals)
        .push_back(&op);
  return parts;
}

sched::StageOp spyre::stageFor(sched::PipelineOp pipeline, StringRef unit) {
  for (auto stage : pipeline.getBody().getOps<sched::StageOp>())
    if (stage.getUnit() == unit)
      return stage;
  return {};
}

void spyre::forEachComputeStage(
    Operation *root, const arch::Arch &target,
    function_ref<void(sched::PipelineOp, sched::StageOp)> fn) {
  std::vector<std::string> compute = unitsWithRole(target, "compute");
  root->walk([&](sched::PipelineOp pipeline) {
    for (const std::string &unit : compute)
      if (sched::StageOp stage = stageFor(pipeline, unit))
        fn(pipeline, stage);
  });
}

int64_t spyre::gridTiles(Operation *function) {
  SmallVector<int64_t> extents;
  if (auto grid = function->getAttrOfType<ArrayAttr>("grid"))
    for (Attribute extent : grid)
      if (auto i = dyn_cast<IntegerAttr>(extent))
        extents.push_back(i.getInt());
  // Saturates (a pass run alone sees grids nobody checked): callers compare
  // it with the core count before sizing anything by it.
  return checked::product(extents).value_or(INT64_MAX);
}

Operation *spyre::spreadLoopOf(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (parent->hasAttr("sched.spread"))
      return parent;
  return nullptr;
}

int64_t spyre::instancesOf(Operation *op) {
  Operation *loop = spreadLoopOf(op);
  return loop ? loop->getAttrOfType<IntegerAttr>("sched.spread").getInt() : 1;
}

Value spyre::viewOf(Value tile) {
  if (auto access = tile.getDefiningOp<ktdp::ConstructAccessTileOp>())
    return access->getOperand(0);
  return {};
}

SmallVector<int64_t> spyre::placementOf(Operation *function) {
  SmallVector<int64_t> cores;
  if (auto placed = function->getAttrOfType<DenseI64ArrayAttr>("sched.placement"))
    cores.assign(placed.asArrayRef().begin(), placed.asArrayRef().end());
  else
    for (int64_t tile = 0; tile < gridTiles(function); ++tile)
      cores.push_back(tile);
  return cores;
}

/// The kernel arguments a memory view's addresses derive from (through the
/// index arithmetic on its offsets and the partitions of a distributed
/// view); views at constant offsets share one root. `known` drops to false
/// when the view is not one this can follow.
static void addressRoots(Value view, llvm::SmallPtrSetImpl<void *> &roots,
                  bool &known) {
  Operation *def = view.getDefiningOp();
  if (auto dist = dyn_cast_or_null<ktdp::ConstructDistributedMemoryViewOp>(def)) {
    for (Value part : dist->getOperands())
      addressRoots(part, roots, known);
    return;
  }
  auto mem = dyn_cast_or_null<ktdp::ConstructMemoryViewOp>(def);
  if (!mem) {
    known = false;
    return;
  }
  size_t before = roots.size();
  SmallVector<Value> work(mem->getOperands().begin(), mem->getOperands().end());
  llvm::SmallPtrSet<Value, 8> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (isa<func::FuncOp>(arg.getOwner()->getParentOp()))
        roots.insert(arg.getAsOpaquePointer());
      else
        known = false; // a loop variable: follow no further, stay safe
      continue;
    }
    Operation *producer = v.getDefiningOp();
    if (!producer || producer->getNumRegions() != 0) {
      known = false;
      continue;
    }
    for (Value operand : producer->getOperands())
      work.push_back(operand);
  }
  static char constantAddress; // every view at a constant offset
  if (roots.size() == before)
    roots.insert(&constantAddress);
}

/// Whether memory reached through `a` may overlap memory reached through
/// `b`. Views built on different kernel arguments are different tensors
/// (the convention every kernel and the interpreter follow); anything this
/// cannot follow may alias.
bool spyre::mayAlias(Value a, Value b) {
  if (!a || !b || a == b)
    return true;
  llvm::SmallPtrSet<void *, 4> rootsA, rootsB;
  bool known = true;
  addressRoots(a, rootsA, known);
  addressRoots(b, rootsB, known);
  if (!known)
    return true;
  return llvm::any_of(rootsA, [&](void *r) { return rootsB.contains(r); });
}

void spyre::remakeBeforeUses(Operation *op, ArrayRef<OpOperand *> uses) {
  Operation *first = uses.front()->getOwner();
  for (OpOperand *use : uses)
    if (use->getOwner()->isBeforeInBlock(first))
      first = use->getOwner();
  OpBuilder b(first);
  Operation *again = b.clone(*op);
  for (OpOperand *use : uses)
    use->set(again->getResult(0));
}
