//===- VectorCompute.cpp - tile compute rewritten on SIMD vectors ---------===//

#include "pipeline/utils/VectorCompute.h"
#include "ir/spyreop/SpyreOpOps.h"
#include "pipeline/utils/ScheduleUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

bool spyre::isElementwiseIntrinsic(Operation *op) {
  return isa<spyreop::ExpOp, spyreop::GeluOp, spyreop::SigmoidOp,
             spyreop::SiluOp, spyreop::SqrtOp, spyreop::RsqrtOp,
             spyreop::ReciprocalOp, spyreop::RealDivOp, spyreop::SoftplusOp,
             spyreop::CmpOp, spyreop::SelectOp>(op);
}

bool spyre::isElementwiseLinalg(linalg::LinalgOp op) {
  if (op.getNumLoops() != op.getNumParallelLoops() ||
      !op.hasPureTensorSemantics())
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<RankedTensorType>(operand.get().getType()))
      continue;
    if (!op.getMatchingIndexingMap(&operand).isIdentity())
      return false;
  }
  return appliesToVectors(*op.getBlock());
}

bool spyre::appliesToVectors(Block &body) {
  for (Operation &inner : body.without_terminator())
    if (inner.getNumRegions() != 0 ||
        !(isa<arith::ArithDialect, math::MathDialect>(inner.getDialect()) ||
          isElementwiseIntrinsic(&inner)))
      return false;
  return true;
}

Value spyre::splatVector(OpBuilder &b, Location loc, Value scalar,
                         VectorType type) {
  Attribute constant;
  if (matchPattern(scalar, m_Constant(&constant)))
    return arith::ConstantOp::create(b, loc, type,
                                     SplatElementsAttr::get(type, constant));
  return vector::BroadcastOp::create(b, loc, type, scalar);
}

Value spyre::applyCombiner(OpBuilder &b, Location loc, Block &combiner,
                           Value in, Value acc) {
  auto vector = dyn_cast<VectorType>(in.getType());
  VectorBuilder vectors([&](Type t) {
    return VectorType::get(vector ? vector.getShape() : ArrayRef<int64_t>{1},
                           t);
  });
  IRMapping scalars;
  for (auto [arg, v] : llvm::zip(combiner.getArguments(), ValueRange{in, acc})) {
    vectors.map(arg, v);
    scalars.map(arg, v);
  }
  for (Operation &op : combiner.without_terminator()) {
    Operation *clone = vector ? vectors.cloneOnVectors(b, op) : b.clone(op, scalars);
    for (auto [from, to] : llvm::zip(op.getResults(), clone->getResults())) {
      vectors.map(from, to);
      scalars.map(from, to);
    }
  }
  Value result = combiner.getTerminator()->getOperand(0);
  return vector ? vectors.vectorFor(b, loc, result)
                : scalars.lookupOrDefault(result);
}

bool spyre::isElementwiseOp(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return isElementwiseLinalg(linalgOp);
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0;
  return isElementwiseIntrinsic(op);
}

std::optional<vector::CombiningKind>
spyre::combiningKindOf(Operation *combiner) {
  using K = vector::CombiningKind;
  return llvm::TypeSwitch<Operation *, std::optional<K>>(combiner)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return K::ADD; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return K::MUL; })
      .Case<arith::MaximumFOp>([](auto) { return K::MAXIMUMF; })
      .Case<arith::MinimumFOp>([](auto) { return K::MINIMUMF; })
      .Case<arith::MaxNumFOp>([](auto) { return K::MAXNUMF; })
      .Case<arith::MinNumFOp>([](auto) { return K::MINNUMF; })
      .Case<arith::MaxSIOp>([](auto) { return K::MAXSI; })
      .Case<arith::MinSIOp>([](auto) { return K::MINSI; })
      .Default([](Operation *) { return std::nullopt; });
}

Value spyre::combiningIdentity(OpBuilder &b, Location loc,
                               vector::CombiningKind kind, Type type) {
  using K = vector::CombiningKind;
  if (auto f = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = f.getFloatSemantics();
    // -0.0 for an addition: -0.0 + x is x even when x is -0.0 (+0.0 would
    // turn a sum of negative zeros positive).
    APFloat value = APFloat::getZero(sem, /*Negative=*/true);
    switch (kind) {
    case K::ADD: break;
    case K::MUL: value = APFloat::getOne(sem); break;
    case K::MAXIMUMF: value = APFloat::getInf(sem, /*Negative=*/true); break;
    case K::MINIMUMF: value = APFloat::getInf(sem); break;
    case K::MAXNUMF:
    case K::MINNUMF: value = APFloat::getNaN(sem); break; // ignored by maxnum/minnum
    default: return {};
    }
    return arith::ConstantOp::create(b, loc, f, b.getFloatAttr(f, value));
  }
  auto i = dyn_cast<IntegerType>(type);
  if (!i)
    return {};
  unsigned w = i.getWidth();
  APInt value = APInt::getZero(w);
  switch (kind) {
  case K::ADD: break;
  case K::MUL: value = APInt(w, 1); break;
  case K::MAXSI: value = APInt::getSignedMinValue(w); break;
  case K::MINSI: value = APInt::getSignedMaxValue(w); break;
  default: return {};
  }
  return arith::ConstantOp::create(b, loc, i, b.getIntegerAttr(i, value));
}

Value spyre::VectorBuilder::vectorFor(OpBuilder &b, Location loc, Value v) {
  if (Value mapped = vectors.lookupOrNull(v))
    return mapped;
  if (v.getType().isIntOrIndexOrFloat())
    return broadcast(b, loc, v);
  if (outside && isa<RankedTensorType>(v.getType()))
    return outside(b, loc, v);
  return {};
}

Value spyre::VectorBuilder::broadcast(OpBuilder &b, Location loc, Value scalar) {
  return splatVector(b, loc, scalar, vectorOf(scalar.getType()));
}

Value spyre::VectorBuilder::splat(OpBuilder &b, Location loc, SplatElementsAttr tile) {
  VectorType type = vectorOf(tile.getElementType());
  return arith::ConstantOp::create(
      b, loc, type, SplatElementsAttr::get(type, tile.getSplatValue<Attribute>()));
}

SplatElementsAttr spyre::splatConstantOf(Operation *op) {
  auto constant = dyn_cast_or_null<arith::ConstantOp>(op);
  if (!constant || !isa<RankedTensorType>(constant.getType()))
    return {};
  return dyn_cast<SplatElementsAttr>(constant.getValue());
}

Operation *spyre::VectorBuilder::cloneOnVectors(OpBuilder &b, Operation &op) {
  // A scalar constant of a body (a generator's 0.0 in a relu): its splat.
  Attribute scalar;
  if (op.getNumResults() == 1 &&
      op.getResult(0).getType().isIntOrIndexOrFloat() &&
      matchPattern(&op, m_Constant(&scalar)) && isa<TypedAttr>(scalar)) {
    VectorType type = vectorOf(op.getResult(0).getType());
    return arith::ConstantOp::create(b, op.getLoc(), type,
                                     SplatElementsAttr::get(type, scalar));
  }
  IRMapping mapping;
  for (Value operand : op.getOperands()) {
    if (Value v = vectorFor(b, op.getLoc(), operand))
      mapping.map(operand, v);
    else if (isa<RankedTensorType>(operand.getType()))
      return nullptr; // a vector op on a tile would not verify
  }
  Operation *clone = b.clone(op, mapping);
  for (OpResult result : clone->getResults())
    result.setType(vectorOf(getElementTypeOrSelf(result.getType())));
  return clone;
}

bool spyre::VectorBuilder::apply(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    // The body, inlined on vectors.
    Block *body = linalgOp.getBlock();
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument arg = linalgOp.getMatchingBlockArgument(&operand);
      if (arg.use_empty())
        continue;
      Value v = vectorFor(b, loc, operand.get());
      if (!v)
        return false;
      vectors.map(arg, v);
    }
    for (Operation &inner : body->without_terminator()) {
      Operation *clone = cloneOnVectors(b, inner);
      if (!clone)
        return false;
      for (auto [from, to] : llvm::zip(inner.getResults(), clone->getResults()))
        vectors.map(from, to);
    }
    for (auto [result, yielded] :
         llvm::zip(op->getResults(), body->getTerminator()->getOperands())) {
      Value v = vectorFor(b, loc, yielded);
      if (!v)
        return false;
      vectors.map(result, v);
    }
    return true;
  }
  Operation *clone = cloneOnVectors(b, *op);
  if (!clone)
    return false;
  for (auto [from, to] : llvm::zip(op->getResults(), clone->getResults()))
    vectors.map(from, to);
  return true;
}

linalg::BroadcastOp spyre::rowBroadcastOf(Value tile) {
  if (!tile)
    return {};
  auto broadcast = tile.getDefiningOp<linalg::BroadcastOp>();
  auto out = dyn_cast<RankedTensorType>(tile.getType());
  if (!broadcast || !out || out.getRank() < 2)
    return {};
  auto in = dyn_cast<RankedTensorType>(broadcast.getInput().getType());
  ArrayRef<int64_t> dims = broadcast.getDimensions();
  // Repeated along the innermost dimension, and along any others (a
  // [B, 1, N] tile from B values: inductor's [B, 1] operand of a rank-3
  // generic): each row still takes one value.
  if (!in || !in.hasStaticShape() || !llvm::is_contained(dims, out.getRank() - 1))
    return {};
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < out.getRank(); ++d)
    if (!llvm::is_contained(dims, d))
      kept.push_back(out.getDimSize(d));
  if (in.getShape() != ArrayRef<int64_t>(kept))
    return {};
  return broadcast;
}

bool spyre::isHeldOperand(Value tile, Operation *stage, ArrayRef<int64_t> shape) {
  auto type = dyn_cast<RankedTensorType>(tile.getType());
  if (!type || !type.hasStaticShape() || type.getRank() == 0 ||
      type.getShape() != shape)
    return false;
  // A held per-row value broadcast along the rows, in the stage.
  if (linalg::BroadcastOp broadcast = rowBroadcastOf(tile))
    tile = broadcast.getInput();
  Region *region = tile.getParentRegion();
  return !region || !stage->isAncestor(region->getParentOp());
}

Value spyre::readHeldVector(OpBuilder &b, Location loc, Value tile, Value row,
                            Value column, VectorType type) {
  auto tensor = cast<RankedTensorType>(tile.getType());
  ArrayRef<int64_t> shape = tensor.getShape();
  int64_t rank = tensor.getRank();
  SmallVector<Value> indices(rank);
  indices[rank - 1] = column;
  Value rest = row;
  for (int64_t d = rank - 2; d >= 0; --d) {
    if (d == 0) {
      indices[d] = rest;
      break;
    }
    Value extent = arith::ConstantIndexOp::create(b, loc, shape[d]);
    indices[d] = arith::RemUIOp::create(b, loc, rest, extent);
    rest = arith::DivUIOp::create(b, loc, rest, extent);
  }
  if (linalg::BroadcastOp broadcast = rowBroadcastOf(tile)) {
    // The row's one value in every lane: the compute unit holds only the
    // per-row values, not their broadcast (indexed by the dimensions they
    // are not repeated along).
    SmallVector<Value> kept;
    for (int64_t d = 0; d + 1 < rank; ++d)
      if (!llvm::is_contained(broadcast.getDimensions(), d))
        kept.push_back(indices[d]);
    Value element = tensor::ExtractOp::create(b, loc, broadcast.getInput(), kept);
    return splatVector(b, loc, element, type);
  }
  Type element = tensor.getElementType();
  Value padding = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  bool inBounds = shape[rank - 1] % type.getShape()[0] == 0;
  AffineMap map = AffineMap::get(rank, 0, b.getAffineDimExpr(rank - 1));
  return vector::TransferReadOp::create(b, loc, type, tile, indices, padding,
                                        map, ArrayRef<bool>{inBounds});
}

void spyre::sinkRowBroadcasts(Operation *root) {
  SmallVector<linalg::BroadcastOp> broadcasts;
  root->walk([&](linalg::BroadcastOp op) { broadcasts.push_back(op); });
  for (linalg::BroadcastOp broadcast : broadcasts) {
    // The broadcast is what a compute stage yields, and through it its
    // pipeline; every use of the pipeline's result is in a stage.
    Value tile = broadcast->getResult(0);
    if (!rowBroadcastOf(tile) || !tile.hasOneUse())
      continue;
    OpOperand &stageYield = *tile.getUses().begin();
    auto stage = dyn_cast<sched::StageOp>(stageYield.getOwner()->getParentOp());
    if (!stage || !isa<sched::YieldOp>(stageYield.getOwner()))
      continue;
    Value stageResult = stage->getResult(stageYield.getOperandNumber());
    if (!stageResult.hasOneUse())
      continue;
    OpOperand &pipelineYield = *stageResult.getUses().begin();
    auto pipeline = dyn_cast<sched::PipelineOp>(stage->getParentOp());
    if (!pipeline || !isa<sched::YieldOp>(pipelineYield.getOwner()) ||
        pipelineYield.getOwner()->getParentOp() != pipeline)
      continue;
    Value result = pipeline->getResult(pipelineYield.getOperandNumber());
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : result.getUses())
      uses.push_back(&use);
    if (uses.empty() || llvm::any_of(uses, [](OpOperand *use) {
          return !use->getOwner()->getParentOfType<sched::StageOp>();
        }))
      continue;
    auto type = cast<RankedTensorType>(tile.getType());
    Value perRow = broadcast.getInput();
    stageYield.set(perRow);
    stageResult.setType(perRow.getType());
    result.setType(perRow.getType());
    llvm::DenseMap<Operation *, Value> again; // per using stage
    for (OpOperand *use : uses) {
      auto user = use->getOwner()->getParentOfType<sched::StageOp>();
      Value &made = again[user];
      if (!made) {
        OpBuilder b = OpBuilder::atBlockBegin(&user.getBody().front());
        Location loc = broadcast.getLoc();
        Value empty = tensor::EmptyOp::create(b, loc, type.getShape(),
                                              type.getElementType());
        made = linalg::BroadcastOp::create(b, loc, result, empty,
                                           broadcast.getDimensions())
                   ->getResult(0);
      }
      use->set(made);
    }
    Value init = broadcast.getInit();
    broadcast->erase();
    if (init.use_empty())
      if (Operation *empty = init.getDefiningOp<tensor::EmptyOp>())
        empty->erase();
  }
}

arith::ConstantOp spyre::indexRampConstant(Value v) {
  auto constant = v ? v.getDefiningOp<arith::ConstantOp>() : arith::ConstantOp();
  auto type = v ? dyn_cast<RankedTensorType>(v.getType()) : RankedTensorType();
  if (!constant || !type || type.getRank() != 1 ||
      !type.getElementType().isIndex() || !type.hasStaticShape())
    return {};
  auto dense = dyn_cast<DenseIntElementsAttr>(constant.getValue());
  if (!dense)
    return {};
  int64_t expected = 0;
  for (const APInt &value : dense.getValues<APInt>())
    if (value.getSExtValue() != expected++)
      return {};
  return constant;
}

std::optional<int64_t> spyre::rampDimOf(Value tile) {
  auto broadcast = tile.getDefiningOp<linalg::BroadcastOp>();
  if (!broadcast || !indexRampConstant(broadcast.getInput()))
    return std::nullopt;
  auto out = cast<RankedTensorType>(broadcast.getInit().getType());
  ArrayRef<int64_t> dims = broadcast.getDimensions();
  if (int64_t(dims.size()) + 1 != out.getRank())
    return std::nullopt;
  int64_t dim = 0;
  while (llvm::is_contained(dims, dim))
    ++dim;
  return dim;
}

Value spyre::rampLanes(OpBuilder &b, Location loc, int64_t dim, Value row,
                       Value stick, int64_t lanes) {
  VectorType type = VectorType::get({lanes}, b.getIndexType());
  if (dim == 0)
    return splatVector(b, loc, row, type);
  SmallVector<int64_t> iota;
  for (int64_t k = 0; k < lanes; ++k)
    iota.push_back(k);
  Value offsets = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, ArrayRef<int64_t>(iota)));
  Value first = arith::MulIOp::create(
      b, loc, stick, arith::ConstantIndexOp::create(b, loc, lanes));
  return arith::AddIOp::create(b, loc, splatVector(b, loc, first, type),
                               offsets);
}
