//===- HeldTiles.cpp - what a compute program holds whole -----------------===//

#include "pipeline/utils/HeldTiles.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/Support/MathExtras.h"

#include <climits>

using namespace mlir;

namespace {

/// Whether `op`'s tile results alias a tile it was given.
bool updatesInPlace(Operation *op) {
  return isa<DestinationStyleOpInterface, RegionBranchOpInterface,
             tensor::InsertOp, tensor::InsertSliceOp, tensor::ExtractSliceOp,
             tensor::CastOp, tensor::CollapseShapeOp, tensor::ExpandShapeOp,
             tensor::ReshapeOp, vector::TransferWriteOp>(op);
}

} // namespace

int64_t spyre::heldTileBytes(Operation *program) {
  int64_t total = 0;
  program->walk([&](Operation *op) {
    if (op == program || updatesInPlace(op))
      return;
    for (Value result : op->getResults()) {
      auto tile = dyn_cast<RankedTensorType>(result.getType());
      if (!tile || !tile.hasStaticShape())
        continue;
      int64_t bytes = tileBytes(tile);
      if (bytes < 0 || llvm::AddOverflow(total, bytes, total))
        total = INT64_MAX;
    }
  });
  return total;
}
