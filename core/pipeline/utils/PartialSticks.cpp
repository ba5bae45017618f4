//===- PartialSticks.cpp - the padding lanes of a row's last stick -------===//

#include "pipeline/utils/PartialSticks.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

bool spyre::hasPaddingIdentity(vector::CombiningKind kind, Type type) {
  OpBuilder b(type.getContext());
  // combiningIdentity builds a constant: build it in a detached block and
  // drop it.
  Block block;
  b.setInsertionPointToStart(&block);
  Value identity =
      spyre::combiningIdentity(b, UnknownLoc::get(type.getContext()), kind, type);
  bool found = static_cast<bool>(identity);
  while (!block.empty())
    block.front().erase();
  return found;
}

Value spyre::padPastLanes(OpBuilder &b, Location loc, Value v, int64_t valid,
                          vector::CombiningKind kind) {
  auto type = cast<VectorType>(v.getType());
  Type element = type.getElementType();
  Value identity = spyre::combiningIdentity(b, loc, kind, element);
  Value scratch = tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{valid}, element);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  AffineMap map = AffineMap::getMultiDimIdentityMap(1, b.getContext());
  Value kept = vector::TransferWriteOp::create(b, loc, v, scratch,
                                               ValueRange{zero}, map,
                                               ArrayRef<bool>{false})
                   .getResult();
  return vector::TransferReadOp::create(b, loc, type, kept, ValueRange{zero},
                                        identity, map, ArrayRef<bool>{false})
      .getResult();
}
