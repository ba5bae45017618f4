//===- ScheduleUtils.cpp - what the ScheduleIR passes share ---------------===//

#include "pipeline/ScheduleUtils.h"
#include "support/Checked.h"
#include "pipeline/Target.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
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
