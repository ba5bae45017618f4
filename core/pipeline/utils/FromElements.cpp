//===- FromElements.cpp - tensors built from scalars ----------------------===//

#include "pipeline/utils/FromElements.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace {

/// The dense constant of elements that are all constants, else null.
DenseElementsAttr constantElements(tensor::FromElementsOp op) {
  SmallVector<Attribute> values;
  for (Value element : op.getElements()) {
    Attribute value;
    if (!matchPattern(element, m_Constant(&value)))
      return {};
    values.push_back(value);
  }
  return DenseElementsAttr::get(op.getType(), values);
}

/// The element listed most often (the first of those tied): the splat the
/// fewest inserts complete.
Value mostFrequent(ValueRange elements) {
  llvm::DenseMap<Value, int> counts;
  Value best;
  for (Value element : elements)
    if (++counts[element] > counts.lookup(best))
      best = element;
  return best;
}

/// Row-major position `linear` of a tensor of `shape`, as index constants.
SmallVector<Value> positionOf(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                              int64_t linear) {
  SmallVector<Value> position(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    position[d] = arith::ConstantIndexOp::create(b, loc, linear % shape[d]).getResult();
    linear /= shape[d];
  }
  return position;
}

void asSplats(tensor::FromElementsOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  RankedTensorType type = op.getType();
  Value result;
  if (DenseElementsAttr folded = constantElements(op)) {
    result = arith::ConstantOp::create(b, loc, folded).getResult();
  } else {
    Value common = mostFrequent(op.getElements());
    result = tensor::SplatOp::create(b, loc, type, common).getResult();
    for (auto [i, element] : llvm::enumerate(op.getElements()))
      if (element != common)
        result = tensor::InsertOp::create(b, loc, element, result,
                                          positionOf(b, loc, type.getShape(), i))
                     .getResult();
  }
  op.getResult().replaceAllUsesWith(result);
  op.erase();
}

/// A splat an elementwise linalg.generic reads through a map that
/// broadcasts it (a 0-d tensor read with `(d0, d1) -> ()`) as a splat of the
/// loops' shape read through the identity: the same value at every point,
/// in the form the compute stages stream (a splat vector).
void widenSplatInputs(linalg::GenericOp op) {
  if (op.getNumReductionLoops() != 0)
    return;
  SmallVector<int64_t> loops = op.getStaticLoopRanges();
  if (llvm::any_of(loops, ShapedType::isDynamic))
    return;
  AffineMap identity = AffineMap::getMultiDimIdentityMap(loops.size(), op.getContext());
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  bool changed = false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto splat = input->get().getDefiningOp<tensor::SplatOp>();
    AffineMap &map = maps[input->getOperandNumber()];
    if (!splat || map == identity)
      continue;
    OpBuilder b(op);
    auto type = RankedTensorType::get(loops, splat.getType().getElementType());
    input->set(tensor::SplatOp::create(b, splat.getLoc(), type, splat.getInput()));
    map = identity;
    changed = true;
    if (splat->use_empty())
      splat->erase();
  }
  if (changed)
    op.setIndexingMapsAttr(OpBuilder(op).getAffineMapArrayAttr(maps));
}

} // namespace

namespace spyre {

void fromElementsAsSplats(Operation *root) {
  SmallVector<tensor::FromElementsOp> work;
  root->walk([&](tensor::FromElementsOp op) { work.push_back(op); });
  for (tensor::FromElementsOp op : work)
    asSplats(op);
  root->walk(widenSplatInputs);
}

} // namespace spyre
