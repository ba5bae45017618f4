//===- ArgExtremum.cpp - one-pass argmax as two streamed reductions -------===//

#include "pipeline/utils/ArgExtremum.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include <limits>

using namespace mlir;

namespace {

/// What the rewrite needs of an argmax / argmin reduction.
struct Idiom {
  linalg::LinalgOp op;
  unsigned valueRole = 0, indexRole = 0; ///< their inits / results
  unsigned valueInput = 0;               ///< the input of the elements
  /// The index role's candidate: a chain of integer casts of linalg.index
  /// (a generic: `chain`, the index first), or an input holding the
  /// reduced dimension's index (a reduce: the ramp's own chain, in the
  /// generic that makes the ramp; `rampInput` is that input, which the
  /// split reductions make again from linalg.index instead of reading a
  /// whole tile of indices).
  Value candidate;
  SmallVector<Operation *> chain;
  std::optional<unsigned> rampInput;
  arith::CmpFPredicate predicate = arith::CmpFPredicate::OGT;
};

/// The ops making `v` from `linalg.index d` (the reduced dimension)
/// through integer casts that keep its order and additions of a value from
/// outside the body (a shard's first column: `j + col0`), the index first;
/// empty when `v` is not such.
SmallVector<Operation *> indexChain(Value v, int64_t dim) {
  SmallVector<Operation *> chain;
  Block *body = v.getParentBlock();
  auto outside = [&](Value w) { return w.getParentBlock() != body; };
  while (Operation *def = v.getDefiningOp()) {
    chain.insert(chain.begin(), def);
    if (auto index = dyn_cast<linalg::IndexOp>(def))
      return int64_t(index.getDim()) == dim ? chain : SmallVector<Operation *>();
    if (auto add = dyn_cast<arith::AddIOp>(def)) {
      if (outside(add.getRhs()) && !outside(add.getLhs()))
        v = add.getLhs();
      else if (outside(add.getLhs()) && !outside(add.getRhs()))
        v = add.getRhs();
      else
        return {};
      continue;
    }
    if (!isa<arith::IndexCastOp, arith::ExtSIOp>(def))
      return {};
    v = def->getOperand(0);
  }
  return {};
}

/// The chain making, at every point of `tile`, its index along `dim` (a
/// generic of no input that yields that index, cast or shifted); empty when
/// `tile` is not such a ramp.
SmallVector<Operation *> rampAlong(Value tile, int64_t dim) {
  auto generic = tile.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 0 ||
      generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() != 0 ||
      !generic.getIndexingMapsArray().front().isIdentity())
    return {};
  return indexChain(generic.getBody()->getTerminator()->getOperand(0), dim);
}

/// Whether `init` is a constant (a fill or a dense constant) holding no
/// NaN: a NaN value init stays the fold's value (nothing compares above
/// it), which maxnumf would not keep.
bool constantWithoutNaN(Value init) {
  DenseFPElementsAttr dense;
  if (matchPattern(init, m_Constant(&dense)))
    return llvm::none_of(dense.getValues<APFloat>(),
                         [](const APFloat &v) { return v.isNaN(); });
  auto fill = init.getDefiningOp<linalg::FillOp>();
  FloatAttr value;
  return fill && matchPattern(fill.getInputs()[0], m_Constant(&value)) &&
         !value.getValue().isNaN();
}

std::optional<Idiom> matchArgExtremum(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 2 || op->getNumResults() != 2 ||
      !op.hasPureTensorSemantics() || op.getNumReductionLoops() != 1 ||
      llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic))
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  unsigned inputs = op.getNumDpsInputs();
  if (maps[inputs] != maps[inputs + 1])
    return std::nullopt;
  int64_t reduced = -1;
  for (auto [d, it] : llvm::enumerate(op.getIteratorTypesArray()))
    if (it == utils::IteratorType::reduction)
      reduced = int64_t(d);
  Block *body = op.getBlock();
  Operation *yield = body->getTerminator();
  auto first = yield->getOperand(0).getDefiningOp<arith::SelectOp>();
  auto second = yield->getOperand(1).getDefiningOp<arith::SelectOp>();
  if (!first || !second || first.getCondition() != second.getCondition())
    return std::nullopt;
  auto cmp = first.getCondition().getDefiningOp<arith::CmpFOp>();
  if (!cmp || (cmp.getPredicate() != arith::CmpFPredicate::OGT &&
               cmp.getPredicate() != arith::CmpFPredicate::OLT))
    return std::nullopt;
  auto in = dyn_cast<BlockArgument>(cmp.getLhs());
  auto acc = dyn_cast<BlockArgument>(cmp.getRhs());
  if (!in || !acc || in.getOwner() != body || acc.getOwner() != body ||
      in.getArgNumber() >= inputs || acc.getArgNumber() < inputs)
    return std::nullopt;
  Idiom idiom;
  idiom.op = op;
  idiom.predicate = cmp.getPredicate();
  idiom.valueInput = in.getArgNumber();
  idiom.valueRole = acc.getArgNumber() - inputs;
  idiom.indexRole = 1 - idiom.valueRole;
  arith::SelectOp value = idiom.valueRole == 0 ? first : second;
  arith::SelectOp index = idiom.valueRole == 0 ? second : first;
  Value accIndex = body->getArgument(inputs + idiom.indexRole);
  if (value.getTrueValue() != in || value.getFalseValue() != acc ||
      index.getFalseValue() != accIndex ||
      op.getDpsInputs()[idiom.valueInput].getType() !=
          RankedTensorType::get(op.getStaticLoopRanges(), in.getType()) ||
      getElementTypeOrSelf(op.getDpsInits()[idiom.valueRole].getType()) !=
          in.getType() ||
      !constantWithoutNaN(op.getDpsInits()[idiom.valueRole]) ||
      !maps[idiom.valueInput].isIdentity())
    return std::nullopt;
  Type indexType = accIndex.getType();
  if (!indexType.isIndex() && !indexType.isSignlessInteger(32) &&
      !indexType.isSignlessInteger(64))
    return std::nullopt;
  // The candidate: the reduced dimension's index, so the smallest is the
  // first in the fold's order.
  Value candidate = index.getTrueValue();
  if (auto arg = dyn_cast<BlockArgument>(candidate)) {
    if (arg.getOwner() != body || arg.getArgNumber() >= inputs ||
        arg.getArgNumber() == idiom.valueInput ||
        !maps[arg.getArgNumber()].isIdentity())
      return std::nullopt;
    idiom.chain = rampAlong(op.getDpsInputs()[arg.getArgNumber()], reduced);
    if (idiom.chain.empty())
      return std::nullopt;
    idiom.rampInput = arg.getArgNumber();
    candidate = idiom.chain.back()->getResult(0);
  } else if ((idiom.chain = indexChain(candidate, reduced)).empty()) {
    return std::nullopt;
  }
  idiom.candidate = candidate;
  // Nothing else in the body (the ramp's chain is in its own generic).
  for (Operation &inner : body->without_terminator())
    if (&inner != cmp && &inner != first && &inner != second &&
        (idiom.rampInput || !llvm::is_contained(idiom.chain, &inner)))
      return std::nullopt;
  return idiom;
}

Value filled(OpBuilder &b, Location loc, RankedTensorType type,
             TypedAttr value) {
  Value empty = tensor::EmptyOp::create(b, loc, type.getShape(),
                                        type.getElementType());
  Value scalar = arith::ConstantOp::create(b, loc, value);
  return linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
}

void splitIdiom(const Idiom &idiom) {
  linalg::LinalgOp op = idiom.op;
  OpBuilder b(op);
  Location loc = op.getLoc();
  bool max = idiom.predicate == arith::CmpFPredicate::OGT;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  unsigned inputs = op.getNumDpsInputs();
  AffineMap xMap = maps[idiom.valueInput], outMap = maps[inputs];
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  Value x = op.getDpsInputs()[idiom.valueInput];
  Value valueInit = op.getDpsInits()[idiom.valueRole];
  Value indexInit = op.getDpsInits()[idiom.indexRole];
  auto indexTile = cast<RankedTensorType>(indexInit.getType());
  Type indexType = indexTile.getElementType();

  // The extreme from the value init (maxnumf: a NaN never wins).
  auto extreme = linalg::GenericOp::create(
      b, loc, TypeRange{valueInit.getType()}, ValueRange{x},
      ValueRange{valueInit}, ArrayRef<AffineMap>{xMap, outMap}, iterators,
      [&](OpBuilder &at, Location l, ValueRange args) {
        Value m = max ? arith::MaxNumFOp::create(at, l, args[0], args[1])
                            .getResult()
                      : arith::MinNumFOp::create(at, l, args[0], args[1])
                            .getResult();
        linalg::YieldOp::create(at, l, m);
      });
  Value m = extreme->getResult(0);

  // The smallest index whose element equals it.
  int64_t big = indexType.isSignlessInteger(32)
                    ? std::numeric_limits<int32_t>::max()
                    : std::numeric_limits<int64_t>::max();
  TypedAttr bigAttr = indexType.isIndex()
                          ? TypedAttr(b.getIndexAttr(big))
                          : TypedAttr(b.getIntegerAttr(indexType, big));
  Value none = filled(b, loc, indexTile, bigAttr);
  // The inputs but a ramp of indices, which the body makes again.
  SmallVector<Value> ins;
  SmallVector<AffineMap> indexMaps;
  SmallVector<unsigned> kept;
  for (unsigned k = 0; k < inputs; ++k)
    if (k != idiom.rampInput) {
      ins.push_back(op.getDpsInputs()[k]);
      indexMaps.push_back(maps[k]);
      kept.push_back(k);
    }
  ins.push_back(m);
  indexMaps.append({outMap, outMap});
  unsigned mArg = unsigned(kept.size());
  Block *body = op.getBlock();
  auto first = linalg::GenericOp::create(
      b, loc, TypeRange{indexTile}, ins, ValueRange{none}, indexMaps,
      iterators, [&](OpBuilder &at, Location l, ValueRange args) {
        IRMapping map;
        for (auto [arg, k] : llvm::enumerate(kept))
          map.map(body->getArgument(k), args[arg]);
        for (Operation *inner : idiom.chain)
          at.clone(*inner, map);
        Value candidate = map.lookupOrDefault(idiom.candidate);
        Value hit = arith::CmpFOp::create(
            at, l, arith::CmpFPredicate::OEQ,
            map.lookupOrDefault(body->getArgument(idiom.valueInput)), args[mArg]);
        Value bigValue = arith::ConstantOp::create(at, l, bigAttr);
        Value pick = arith::SelectOp::create(at, l, hit, candidate, bigValue);
        linalg::YieldOp::create(
            at, l, arith::MinSIOp::create(at, l, pick, args[mArg + 1])
                       .getResult());
      });

  // The index init where no element beat the value init.
  unsigned rank = unsigned(indexTile.getRank());
  AffineMap same = b.getMultiDimIdentityMap(rank);
  Value empty = tensor::EmptyOp::create(b, loc, indexTile.getShape(), indexType);
  SmallVector<utils::IteratorType> parallel(rank, utils::IteratorType::parallel);
  auto chosen = linalg::GenericOp::create(
      b, loc, TypeRange{indexTile},
      ValueRange{m, valueInit, first->getResult(0), indexInit},
      ValueRange{empty}, SmallVector<AffineMap>(5, same), parallel,
      [&](OpBuilder &at, Location l, ValueRange args) {
        Value beat = arith::CmpFOp::create(at, l, idiom.predicate, args[0],
                                           args[1]);
        linalg::YieldOp::create(
            at, l, arith::SelectOp::create(at, l, beat, args[2], args[3])
                       .getResult());
      });
  op->getResult(idiom.valueRole).replaceAllUsesWith(m);
  op->getResult(idiom.indexRole).replaceAllUsesWith(chosen->getResult(0));
  Operation *ramp = idiom.rampInput
                        ? op.getDpsInputs()[*idiom.rampInput].getDefiningOp()
                        : nullptr;
  op->erase();
  if (ramp && ramp->use_empty())
    ramp->erase(); // a whole tile of indices nobody reads any more
}

} // namespace

void spyre::splitArgExtremums(Operation *root) {
  SmallVector<Idiom> found;
  root->walk([&](linalg::LinalgOp op) {
    if (isa<linalg::ReduceOp, linalg::GenericOp>(op.getOperation()))
      if (std::optional<Idiom> idiom = matchArgExtremum(op))
        found.push_back(*idiom);
  });
  for (const Idiom &idiom : found)
    splitIdiom(idiom);
}
