//===- GenericForms.cpp - linalg.generic as the named ops it is -----------===//

#include "pipeline/utils/GenericForms.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace {

/// The dimensions `map` keeps when it is a projection that keeps them in
/// increasing order (no symbols, no constants); nullopt otherwise.
std::optional<SmallVector<int64_t>> keptDims(AffineMap map) {
  if (map.getNumSymbols() != 0)
    return std::nullopt;
  SmallVector<int64_t> kept;
  for (AffineExpr e : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    if (!dim || (!kept.empty() && int64_t(dim.getPosition()) <= kept.back()))
      return std::nullopt;
    kept.push_back(int64_t(dim.getPosition()));
  }
  return kept;
}

/// The dimensions of `rank` not in `kept`.
SmallVector<int64_t> droppedDims(unsigned rank, ArrayRef<int64_t> kept) {
  SmallVector<int64_t> dropped;
  for (int64_t d = 0; d < int64_t(rank); ++d)
    if (!llvm::is_contained(kept, d))
      dropped.push_back(d);
  return dropped;
}

/// A reduction generic -> linalg.reduce with its body.
void asReduce(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      !op.hasPureTensorSemantics() || op.getNumReductionLoops() == 0)
    return;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  std::optional<SmallVector<int64_t>> kept = keptDims(maps[1]);
  if (!maps[0].isIdentity() || !kept)
    return;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (auto [d, it] : llvm::enumerate(iterators))
    if ((it == utils::IteratorType::parallel) !=
        llvm::is_contained(*kept, int64_t(d)))
      return;
  Block *body = op.getBody();
  if (llvm::any_of(body->getOperations(), [](Operation &inner) {
        return inner.getNumRegions() != 0 || isa<linalg::IndexOp>(inner);
      }))
    return;
  OpBuilder b(op);
  auto reduce = linalg::ReduceOp::create(
      b, op.getLoc(), op.getDpsInputs(), op.getDpsInits(),
      droppedDims(op.getNumLoops(), *kept),
      [&](OpBuilder &in, Location, ValueRange args) {
        IRMapping map;
        map.map(body->getArguments(), args);
        for (Operation &inner : *body)
          in.clone(inner, map);
      });
  op->replaceAllUsesWith(reduce->getResults());
  op->erase();
}

/// A parallel generic reading inputs along fewer dimensions -> the same
/// generic on their broadcasts.
void broadcastInputs(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() ||
      op.getNumLoops() != op.getNumParallelLoops() || op.getNumDpsInits() == 0)
    return;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  unsigned rank = op.getNumLoops();
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!maps[init.getOperandNumber()].isIdentity())
      return;
  auto shaped = dyn_cast<RankedTensorType>(op.getDpsInits().front().getType());
  if (!shaped || !shaped.hasStaticShape())
    return;
  bool changed = false;
  OpBuilder b(op);
  for (OpOperand *inputPtr : op.getDpsInputOperands()) {
    OpOperand &input = *inputPtr;
    AffineMap &map = maps[input.getOperandNumber()];
    auto type = dyn_cast<RankedTensorType>(input.get().getType());
    std::optional<SmallVector<int64_t>> kept = keptDims(map);
    if (!type || map.isIdentity() || !kept || map.getNumResults() >= rank)
      continue;
    Value empty = tensor::EmptyOp::create(b, op.getLoc(), shaped.getShape(),
                                          type.getElementType());
    Value wide = linalg::BroadcastOp::create(b, op.getLoc(), input.get(), empty,
                                             droppedDims(rank, *kept))
                     ->getResult(0);
    input.set(wide);
    map = b.getMultiDimIdentityMap(rank);
    changed = true;
  }
  if (changed)
    op.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
}

/// Whether `v` is computed in `body` from its first argument (and values
/// from outside) only.
bool fromElementOnly(Value v, Block *body) {
  if (v == body->getArgument(1))
    return false;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != body)
    return true; // the element itself, or a value from outside
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return fromElementOnly(operand, body);
  });
}

/// A reduce whose body maps the element before combining it (a norm's
/// `acc + f32(x) * f32(x)`) -> the map as an elementwise generic on the
/// whole tile, then a reduce whose body is only the combining op.
void splitReduceBody(linalg::ReduceOp reduce) {
  Block *body = &reduce.getCombiner().front();
  if (reduce.getInputs().size() != 1 || body->getNumArguments() != 2)
    return;
  Operation *combine = body->getTerminator()->getOperand(0).getDefiningOp();
  if (!combine || combine->getBlock() != body || !spyre::combiningKindOf(combine) ||
      combine->getNumOperands() != 2)
    return;
  Value acc = body->getArgument(1);
  int accAt = combine->getOperand(0) == acc ? 0 : 1;
  Value mapped = combine->getOperand(1 - accAt);
  if (combine->getOperand(accAt) != acc || mapped == body->getArgument(0) ||
      !fromElementOnly(mapped, body) ||
      llvm::any_of(body->getOperations(), [&](Operation &op) {
        return op.getNumRegions() != 0 ||
               (&op != combine && !op.hasTrait<OpTrait::IsTerminator>() &&
                !fromElementOnly(op.getResult(0), body));
      }))
    return;
  auto in = cast<RankedTensorType>(reduce.getInputs()[0].getType());
  OpBuilder b(reduce);
  Location loc = reduce.getLoc();
  Value empty =
      tensor::EmptyOp::create(b, loc, in.getShape(), mapped.getType());
  AffineMap id = b.getMultiDimIdentityMap(unsigned(in.getRank()));
  SmallVector<utils::IteratorType> parallel(in.getRank(),
                                            utils::IteratorType::parallel);
  auto map = linalg::GenericOp::create(
      b, loc, TypeRange{empty.getType()}, reduce.getInputs(), ValueRange{empty},
      ArrayRef<AffineMap>{id, id}, parallel,
      [&](OpBuilder &at, Location l, ValueRange args) {
        IRMapping m;
        m.map(body->getArgument(0), args[0]);
        for (Operation &op : body->without_terminator())
          if (&op != combine)
            at.clone(op, m);
        linalg::YieldOp::create(at, l, m.lookupOrDefault(mapped));
      });
  Operation *folded = spyre::reduceByCombiner(
      b, loc, map->getResults(), reduce.getInits(), reduce.getDimensions(),
      combine, mapped, acc);
  reduce->replaceAllUsesWith(folded->getResults());
  reduce->erase();
}

/// Whether `v` is computed in `body` from `acc`.
bool readsAccumulator(Value v, Value acc, Block *body) {
  if (v == acc)
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != body)
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return readsAccumulator(operand, acc, body);
  });
}

/// A reduction generic of several inputs, each read whole or along fewer
/// dimensions in order (logsumexp's `acc + exp(f32(x) - m[row])`, m read
/// through (d0, d1) -> (d0)), whose body maps the inputs' elements before
/// one combining op with the accumulator -> that map as an elementwise
/// generic on the inputs (broadcast where read along fewer dimensions),
/// then a reduce of the combining op. (One input: asReduce, then
/// splitReduceBody.)
void splitReductionOfInputs(linalg::GenericOp op) {
  if (op.getNumDpsInputs() < 2 || op.getNumDpsInits() != 1 ||
      !op.hasPureTensorSemantics() || op.getNumReductionLoops() == 0)
    return;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  const unsigned rank = op.getNumLoops();
  std::optional<SmallVector<int64_t>> kept = keptDims(maps.back());
  if (!kept)
    return;
  for (auto [d, it] : llvm::enumerate(op.getIteratorTypesArray()))
    if ((it == utils::IteratorType::parallel) != llvm::is_contained(*kept, int64_t(d)))
      return;
  // The iteration's shape: an input read whole.
  RankedTensorType whole;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    if (!type || !keptDims(maps[input->getOperandNumber()]))
      return;
    if (maps[input->getOperandNumber()].isIdentity())
      whole = type;
  }
  if (!whole || !whole.hasStaticShape())
    return;
  Block *body = op.getBody();
  Value acc = body->getArguments().back();
  Operation *combine = body->getTerminator()->getOperand(0).getDefiningOp();
  if (!combine || combine->getBlock() != body || !spyre::combiningKindOf(combine) ||
      combine->getNumOperands() != 2)
    return;
  const int accAt = combine->getOperand(0) == acc ? 0 : 1;
  Value mapped = combine->getOperand(1 - accAt);
  if (combine->getOperand(accAt) != acc || readsAccumulator(mapped, acc, body) ||
      llvm::any_of(body->getOperations(), [&](Operation &inner) {
        return inner.getNumRegions() != 0 || isa<linalg::IndexOp>(inner) ||
               (&inner != combine && !inner.hasTrait<OpTrait::IsTerminator>() &&
                llvm::any_of(inner.getResults(), [&](Value r) {
                  return readsAccumulator(r, acc, body);
                }));
      }))
    return;
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> inputs;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = maps[input->getOperandNumber()];
    if (map.isIdentity()) {
      inputs.push_back(input->get());
      continue;
    }
    auto type = cast<RankedTensorType>(input->get().getType());
    Value empty = tensor::EmptyOp::create(b, loc, whole.getShape(), type.getElementType());
    inputs.push_back(linalg::BroadcastOp::create(b, loc, input->get(), empty,
                                                 droppedDims(rank, *keptDims(map)))
                         ->getResult(0));
  }
  Value empty = tensor::EmptyOp::create(b, loc, whole.getShape(), mapped.getType());
  SmallVector<AffineMap> identities(inputs.size() + 1, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> parallel(rank, utils::IteratorType::parallel);
  auto map = linalg::GenericOp::create(
      b, loc, TypeRange{empty.getType()}, inputs, ValueRange{empty}, identities, parallel,
      [&](OpBuilder &at, Location l, ValueRange args) {
        IRMapping m;
        for (unsigned i = 0; i < inputs.size(); ++i)
          m.map(body->getArgument(i), args[i]);
        for (Operation &inner : body->without_terminator())
          if (&inner != combine)
            at.clone(inner, m);
        linalg::YieldOp::create(at, l, m.lookupOrDefault(mapped));
      });
  Operation *reduce = spyre::reduceByCombiner(b, loc, map->getResults(), op.getDpsInits(),
                                              droppedDims(rank, *kept), combine, mapped, acc);
  op->replaceAllUsesWith(reduce->getResults());
  op->erase();
}

/// A reduce of every dimension into a rank-0 tensor (a tile's total) ->
/// a reduce of all but the first dimension into one value per row
/// (starting from the combining op's exact identity), then of those rows into a
/// one-element tensor: ktir-cpu reduces the highest dimension first and
/// combines with the init last, so the values are the same. The backend
/// keeps no rank-0 tiles; the total is that one element.
void splitTotal(linalg::ReduceOp reduce) {
  auto in = dyn_cast<RankedTensorType>(reduce.getInputs()[0].getType());
  auto out = dyn_cast<RankedTensorType>(reduce.getInits()[0].getType());
  Block &body = reduce.getCombiner().front();
  if (reduce.getInputs().size() != 1 || !in || !out || out.getRank() != 0 ||
      in.getRank() < 2 || !in.hasStaticShape() ||
      body.getOperations().size() != 2)
    return;
  Operation *combine = &body.front();
  OpBuilder b(reduce);
  Location loc = reduce.getLoc();
  Type element = out.getElementType();
  std::optional<vector::CombiningKind> kind = spyre::combiningKindOf(combine);
  Value identity =
      kind ? spyre::combiningIdentity(b, loc, *kind, element) : Value();
  if (!identity)
    return;
  auto cloneBody = [&](OpBuilder &at, Location l, ValueRange args) {
    IRMapping m;
    m.map(body.getArguments(), args);
    Operation *c = at.clone(*combine, m);
    linalg::YieldOp::create(at, l, c->getResult(0));
  };
  int64_t rows = in.getDimSize(0);
  Value rowInit = linalg::FillOp::create(
                      b, loc, identity,
                      tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{rows},
                                              element)
                          .getResult())
                      .getResult(0);
  SmallVector<int64_t> inner;
  for (int64_t d = 1; d < in.getRank(); ++d)
    inner.push_back(d);
  Value perRow = linalg::ReduceOp::create(b, loc, reduce.getInputs(),
                                          ValueRange{rowInit}, inner, cloneBody)
                     ->getResult(0);
  auto oneRow = RankedTensorType::get({1, rows}, element);
  Value wide = tensor::ExpandShapeOp::create(
      b, loc, oneRow, perRow, ArrayRef<ReassociationIndices>{{0, 1}});
  auto one = RankedTensorType::get({1}, element);
  Value init = reduce.getInits()[0];
  Value init1;
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    init1 = linalg::FillOp::create(
                b, loc, fill.getInputs()[0],
                tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{1}, element)
                    .getResult())
                .getResult(0);
  else
    init1 = tensor::ExpandShapeOp::create(b, loc, one, init,
                                          ArrayRef<ReassociationIndices>{});
  Value total = linalg::ReduceOp::create(b, loc, ValueRange{wide},
                                         ValueRange{init1},
                                         ArrayRef<int64_t>{1}, cloneBody)
                    ->getResult(0);
  // Users: an expand to one element reads `total` itself, an extract reads
  // its element, anything else its rank-0 form.
  Value scalarForm;
  for (OpOperand &use : llvm::make_early_inc_range(reduce->getResult(0).getUses())) {
    Operation *user = use.getOwner();
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(user);
        expand && expand.getResultType() == one) {
      expand.replaceAllUsesWith(total);
      expand.erase();
      continue;
    }
    if (auto extract = dyn_cast<tensor::ExtractOp>(user)) {
      OpBuilder at(extract);
      Value zero = arith::ConstantIndexOp::create(at, loc, 0);
      extract.replaceAllUsesWith(
          tensor::ExtractOp::create(at, loc, total, ValueRange{zero})
              .getResult());
      extract.erase();
      continue;
    }
    if (!scalarForm)
      scalarForm = tensor::CollapseShapeOp::create(
          b, loc, out, total, ArrayRef<ReassociationIndices>{});
    use.set(scalarForm);
  }
  reduce.erase();
  if (init.use_empty())
    if (Operation *def = init.getDefiningOp())
      if (isa<linalg::FillOp>(def)) {
        Value empty = def->getOperand(1);
        def->erase();
        if (empty.use_empty() && empty.getDefiningOp())
          empty.getDefiningOp()->erase();
      }
}

} // namespace

Operation *spyre::reduceByCombiner(OpBuilder &b, Location loc,
                                   ValueRange inputs, ValueRange inits,
                                   ArrayRef<int64_t> dims, Operation *combine,
                                   Value element, Value acc) {
  return linalg::ReduceOp::create(
      b, loc, inputs, inits, dims,
      [&](OpBuilder &at, Location l, ValueRange args) {
        IRMapping m;
        m.map(element, args[0]);
        m.map(acc, args[1]);
        Operation *c = at.clone(*combine, m);
        linalg::YieldOp::create(at, l, c->getResult(0));
      });
}

void spyre::namedFormsOfGenerics(Operation *root) {
  SmallVector<linalg::GenericOp> generics;
  root->walk([&](linalg::GenericOp op) { generics.push_back(op); });
  for (linalg::GenericOp op : generics) {
    if (op.getNumReductionLoops() != 0 && op.getNumDpsInputs() == 1)
      asReduce(op);
    else if (op.getNumReductionLoops() != 0)
      splitReductionOfInputs(op);
    else
      broadcastInputs(op);
  }
  SmallVector<linalg::ReduceOp> reduces;
  root->walk([&](linalg::ReduceOp op) { reduces.push_back(op); });
  for (linalg::ReduceOp op : reduces)
    splitReduceBody(op);
  reduces.clear();
  root->walk([&](linalg::ReduceOp op) { reduces.push_back(op); });
  for (linalg::ReduceOp op : reduces)
    splitTotal(op);
}
