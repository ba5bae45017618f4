//===- NormalizeTensorOps.cpp - tensor ops the backend has no rule for ----===//
//
// Generated kernels use tensor ops the later passes have no rule for; each
// is rewritten into ops they do handle, with the same elements:
//
//   * tensor.reshape with a static result (its shape operand then says
//     nothing the type does not): a tensor.collapse_shape or
//     tensor.expand_shape, or both through the flat tensor when the
//     extents do not group;
//   * tensor.generate whose body folds at every index (a causal mask of
//     constants): the dense constant it generates;
//   * tensor.generate whose body reads run-time values (a mask shifted by
//     the tile's position): the body on whole tensors, each index it reads
//     a constant 1-D ramp broadcast along the other dimensions (below) and
//     each outside value splatted, so that it is elementwise compute like
//     any other, streamed a stick at a time;
//   * linalg.generic on parallel loops with identity maps whose body reads
//     linalg.index (a causal mask, a position-dependent scale): each
//     dimension read becomes one more input, a constant 1-D ramp broadcast
//     along the other dimensions, so the body is plain elementwise
//     arithmetic the later passes clone onto sticks;
//   * a reduction linalg.generic whose body reads linalg.index (argmax's
//     first index: `min(x == max ? j : BIG, acc)`): the body but its last,
//     combining op as an elementwise generic on the whole iteration space
//     (each index read a ramp, each input read along fewer dimensions
//     broadcast), then a linalg.reduce of that combining op; one of
//     another form (several outputs: torch-mlir's argmax, the maximum and
//     its index) keeps its order, each index it reads a 1-D ramp input;
//   * a load of an access tile whose type has a dynamic extent (its set
//     bounds the rows by its symbols), with the elementwise ops, stores
//     and reductions it feeds: loops over chunks of its rows
//     (pipeline/utils/DynamicTiles.h);
//   * tensor.from_elements (torch-mlir's scalars made tensors) becomes a
//     dense constant, a splat, or a splat and a tensor.insert per other
//     element (pipeline/utils/FromElements.h);
//   * math.isnan / isinf / isfinite become comparisons (`x uno x`,
//     `|x| oeq inf`, `|x| one inf`);
//   * first, an argmax or argmin of one strict comparison choosing a value
//     and its index together becomes a reduction of each role
//     (pipeline/utils/ArgExtremum.h), which the later passes stream.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"
#include "pipeline/utils/ArgExtremum.h"
#include "pipeline/utils/DynamicTiles.h"
#include "pipeline/utils/FromElements.h"
#include "pipeline/utils/GenericForms.h"
#include "pipeline/utils/SliceTiles.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace spyre {
#define GEN_PASS_DEF_NORMALIZETENSOROPS
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// Most elements a tensor.generate is folded to (a constant that large is
/// better computed).
constexpr int64_t kMaxFoldedElements = 1 << 16;

/// tensor.reshape to a static type as collapse / expand shapes.
LogicalResult rewriteReshape(tensor::ReshapeOp op) {
  auto from = cast<RankedTensorType>(op.getSource().getType());
  auto to = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!to || !to.hasStaticShape() || !from.hasStaticShape())
    return op.emitError("tensor.reshape to a shape known only at run time: "
                        "the Spyre pipeline needs the result's extents in "
                        "its type (the tile's layout is fixed when it is "
                        "compiled)");
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value result;
  // Back to the shape before an earlier reshape (a generator's view(-1),
  // then view(1, 576)): that reshape's source, nothing moved at all.
  Operation *earlier = op.getSource().getDefiningOp();
  if (from == to) {
    result = op.getSource();
  } else if (isa_and_nonnull<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(
                 earlier) &&
             earlier->getOperand(0).getType() == to) {
    result = earlier->getOperand(0);
  } else if (from.getRank() > to.getRank()) {
    if (auto groups =
            getReassociationIndicesForCollapse(from.getShape(), to.getShape()))
      result = tensor::CollapseShapeOp::create(b, loc, to, op.getSource(), *groups);
  } else if (from.getRank() < to.getRank()) {
    if (auto groups =
            getReassociationIndicesForCollapse(to.getShape(), from.getShape()))
      result = tensor::ExpandShapeOp::create(b, loc, to, op.getSource(), *groups);
  }
  if (!result) {
    // Through the flat tensor of the same elements.
    auto flat = RankedTensorType::get({from.getNumElements()},
                                      from.getElementType());
    auto all = [](int64_t rank) {
      ReassociationIndices group;
      for (int64_t d = 0; d < rank; ++d)
        group.push_back(d);
      return SmallVector<ReassociationIndices>{group};
    };
    Value flattened = from.getRank() == 1
                          ? op.getSource()
                          : tensor::CollapseShapeOp::create(
                                b, loc, flat, op.getSource(), all(from.getRank()))
                                .getResult();
    result = to.getRank() == 1 ? flattened
                               : tensor::ExpandShapeOp::create(
                                     b, loc, to, flattened, all(to.getRank()))
                                     .getResult();
  }
  // The shape operand's constant goes with the op when nothing else reads
  // it: a leftover tensor constant would keep the stage from streaming.
  Operation *shape = op.getShape().getDefiningOp();
  op.replaceAllUsesWith(result);
  op.erase();
  if (earlier && earlier->use_empty() &&
      isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(earlier))
    earlier->erase();
  if (isa_and_nonnull<arith::ConstantOp>(shape) && shape->use_empty())
    shape->erase();
  return success();
}

/// The value `v` has at the current index: its folded attribute.
class FoldedValues {
public:
  Attribute get(Value v) const {
    if (Attribute a = now.lookup(v))
      return a;
    return outside.lookup(v);
  }
  DenseMap<Value, Attribute> outside; ///< constants from outside the body
  DenseMap<Value, Attribute> now;     ///< the body's values at this index
};

/// The constant `op` generates, when every value its body reads from
/// outside is a constant and every op of the body folds; null otherwise.
DenseElementsAttr foldGenerate(tensor::GenerateOp op) {
  auto type = cast<RankedTensorType>(op.getType());
  if (!type.hasStaticShape() || type.getNumElements() > kMaxFoldedElements)
    return {};
  Block &body = op.getBody().front();
  FoldedValues values;
  for (Operation &inner : body.without_terminator())
    for (Value v : inner.getOperands()) {
      if (v.getParentBlock() == &body)
        continue;
      Attribute a;
      if (!matchPattern(v, m_Constant(&a)))
        return {};
      values.outside[v] = a;
    }
  Value yielded = body.getTerminator()->getOperand(0);
  Builder b(op.getContext());
  SmallVector<Attribute> elements;
  SmallVector<int64_t> index(type.getRank(), 0);
  for (int64_t n = 0; n < type.getNumElements(); ++n) {
    values.now.clear();
    for (auto [arg, i] : llvm::zip(body.getArguments(), index))
      values.now[arg] = b.getIndexAttr(i);
    for (Operation &inner : body.without_terminator()) {
      SmallVector<Attribute> operands;
      for (Value v : inner.getOperands())
        operands.push_back(values.get(v));
      SmallVector<OpFoldResult> results;
      if (llvm::is_contained(operands, Attribute()) ||
          failed(inner.fold(operands, results)) ||
          results.size() != inner.getNumResults())
        return {};
      for (auto [result, folded] : llvm::zip(inner.getResults(), results)) {
        Attribute a = dyn_cast<Attribute>(folded);
        if (!a)
          a = values.get(cast<Value>(folded));
        if (!a)
          return {};
        values.now[result] = a;
      }
    }
    Attribute element = values.get(yielded);
    if (!element)
      return {};
    elements.push_back(element);
    for (int64_t d = type.getRank() - 1; d >= 0; --d) {
      if (++index[d] < type.getDimSize(d))
        break;
      index[d] = 0;
    }
  }
  return DenseElementsAttr::get(type, elements);
}

/// Index `dim` of every element of `type`'s shape, as a constant tensor.
Value ramp(OpBuilder &b, Location loc, RankedTensorType type, int64_t dim) {
  auto indexType = RankedTensorType::get(type.getShape(), b.getIndexType());
  SmallVector<Attribute> values;
  SmallVector<int64_t> index(type.getRank(), 0);
  for (int64_t n = 0; n < type.getNumElements(); ++n) {
    values.push_back(b.getIndexAttr(index[dim]));
    for (int64_t d = type.getRank() - 1; d >= 0; --d) {
      if (++index[d] < type.getDimSize(d))
        break;
      index[d] = 0;
    }
  }
  return arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(indexType, values));
}

/// Index `dim` of every element of `type`'s shape, as the broadcast of a
/// constant 1-D ramp along the other dimensions: the compute unit holds the
/// ramp's extent, not the whole tile.
Value broadcastRamp(OpBuilder &b, Location loc, RankedTensorType type,
                    int64_t dim) {
  auto line = RankedTensorType::get({type.getDimSize(dim)}, b.getIndexType());
  Value values = ramp(b, loc, line, 0);
  SmallVector<int64_t> others; // none for a 1-D tile: a broadcast all the same
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (d != dim)
      others.push_back(d);
  Value empty =
      tensor::EmptyOp::create(b, loc, type.getShape(), b.getIndexType());
  return linalg::BroadcastOp::create(b, loc, values, empty, others)
      ->getResult(0);
}

/// The body of `op` on whole tensors (see the file comment); fails, with
/// the reason on the op, for a body of ops that are not elementwise.
LogicalResult vectorizeGenerate(tensor::GenerateOp op) {
  auto type = cast<RankedTensorType>(op.getType());
  auto refuse = [&](Operation *at, StringRef why) {
    return at->emitError("tensor.generate: ")
           << why << "; the Spyre pipeline computes a generated tensor as "
           << "elementwise ops on whole tiles (or folds it when its body is "
           << "constant)";
  };
  if (!type.hasStaticShape())
    return refuse(op, "its shape is known only at run time");
  if (type.getNumElements() > kMaxFoldedElements)
    return refuse(op, "it has more elements than its index tiles may hold");
  Block &body = op.getBody().front();
  OpBuilder b(op);
  IRMapping map;
  for (auto [d, arg] : llvm::enumerate(body.getArguments()))
    if (!arg.use_empty())
      map.map(arg, broadcastRamp(b, op.getLoc(), type, int64_t(d)));
  auto wide = [&](Value v) -> Value {
    if (Value mapped = map.lookupOrNull(v))
      return mapped;
    // A scalar from outside the body: the same at every element.
    auto splatType = RankedTensorType::get(type.getShape(), v.getType());
    Value splat = tensor::SplatOp::create(b, op.getLoc(), splatType, v);
    map.map(v, splat);
    return splat;
  };
  for (Operation &inner : body.without_terminator()) {
    if (inner.getNumOperands() == 0 && matchPattern(&inner, m_Constant())) {
      // A scalar constant of the body: splatted when used.
      Operation *scalar = b.clone(inner);
      map.map(inner.getResult(0), wide(scalar->getResult(0)));
      continue;
    }
    if (inner.getNumRegions() != 0 ||
        !inner.hasTrait<OpTrait::Elementwise>() ||
        !llvm::all_of(inner.getResultTypes(),
                      [](Type t) { return t.isIntOrIndexOrFloat(); }))
      return refuse(&inner, "its body holds an op that is not elementwise "
                            "on scalars");
    OperationState state(inner.getLoc(), inner.getName());
    for (Value v : inner.getOperands())
      state.operands.push_back(wide(v));
    for (Type t : inner.getResultTypes())
      state.types.push_back(RankedTensorType::get(type.getShape(), t));
    state.attributes = inner.getAttrs();
    Operation *made = b.create(state);
    map.map(inner.getResults(), made->getResults());
  }
  op.replaceAllUsesWith(wide(body.getTerminator()->getOperand(0)));
  op.erase();
  return success();
}

/// The linalg.index ops of a generic's body, the dimensions they read
/// (sorted, once each), and whether one is nested in a region of the body.
struct IndexReads {
  SmallVector<linalg::IndexOp> reads;
  SmallVector<int64_t> dims;
  bool nested = false;
};
IndexReads indexReadsOf(linalg::GenericOp op) {
  IndexReads r;
  op.getBody()->walk([&](linalg::IndexOp index) {
    r.reads.push_back(index);
    r.nested |= index->getParentOp() != op.getOperation();
    if (!llvm::is_contained(r.dims, int64_t(index.getDim())))
      r.dims.push_back(int64_t(index.getDim()));
  });
  llvm::sort(r.dims);
  return r;
}

/// `op` again with `inputs` (its own, then from `firstRamp` on one per
/// dimension of `dims`, the ramps) and `maps`, its body reading each of
/// `reads` (linalg.index of a dimension of `dims`) from that ramp's
/// argument instead.
void readIndicesFromInputs(OpBuilder &b, linalg::GenericOp op,
                           ArrayRef<linalg::IndexOp> reads,
                           ArrayRef<int64_t> dims, ValueRange inputs,
                           ArrayRef<AffineMap> maps, size_t firstRamp) {
  Location loc = op.getLoc();
  auto made = linalg::GenericOp::create(
      b, loc, op.getResultTypes(), inputs, op.getDpsInits(), maps,
      op.getIteratorTypesArray());
  made->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  made.getRegion().takeBody(op.getRegion());
  Block *body = made.getBody();
  SmallVector<Value> rampArgs;
  for (size_t k = 0; k < dims.size(); ++k)
    rampArgs.push_back(
        body->insertArgument(unsigned(firstRamp + k), b.getIndexType(), loc));
  for (linalg::IndexOp index : reads) {
    size_t k = size_t(llvm::find(dims, int64_t(index.getDim())) - dims.begin());
    index.replaceAllUsesWith(rampArgs[k]);
    index.erase();
  }
  op.replaceAllUsesWith(made.getResults());
  op.erase();
}

/// `op`'s linalg.index reads as inputs of constant ramps (see the file
/// comment). A generic this does not apply to (a reduction, a map that is
/// not the identity, a shape known only at run time) is left as it is: the
/// backend refuses it on its line.
void rampIndices(linalg::GenericOp op) {
  IndexReads index = indexReadsOf(op);
  if (index.reads.empty() || index.nested || op.getNumLoops() != op.getNumParallelLoops() ||
      !op.hasPureTensorSemantics() || op.getNumDpsInits() == 0 ||
      !llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return;
  auto shaped = cast<RankedTensorType>(op.getDpsInits().front().getType());
  if (!shaped.hasStaticShape() ||
      llvm::any_of(shaped.getShape(),
                   [](int64_t n) { return n > kMaxFoldedElements; }))
    return;
  OpBuilder b(op);
  Location loc = op.getLoc();
  // One ramp per dimension read, in the order of the dimensions.
  SmallVector<Value> inputs(op.getDpsInputs());
  size_t firstRamp = inputs.size();
  for (int64_t d : index.dims)
    inputs.push_back(broadcastRamp(b, loc, shaped, d));
  SmallVector<AffineMap> maps(
      inputs.size() + op.getNumDpsInits(),
      b.getMultiDimIdentityMap(unsigned(shaped.getRank())));
  readIndicesFromInputs(b, op, index.reads, index.dims, inputs, maps,
                        firstRamp);
}

/// Whether `map` keeps some of its dimensions, in order, and nothing else.
bool keepsDimsInOrder(AffineMap map) {
  int64_t previous = -1;
  for (AffineExpr e : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    if (!dim || int64_t(dim.getPosition()) <= previous)
      return false;
    previous = dim.getPosition();
  }
  return map.getNumSymbols() == 0;
}

/// A reduction generic whose body reads linalg.index (see the file
/// comment) -> an elementwise generic of everything but the combining op,
/// its index reads ramps, then a linalg.reduce of the combining op. A
/// generic of another form is left as it is.
bool splitIndexedReduction(linalg::GenericOp op) {
  if (op.getNumReductionLoops() == 0 || op.getNumDpsInits() != 1 ||
      !op.hasPureTensorSemantics())
    return false;
  Block *body = op.getBody();
  bool reads = false, nested = false;
  body->walk([&](linalg::IndexOp index) {
    reads = true;
    nested |= index->getParentOp() != op.getOperation();
  });
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (!reads || nested ||
      llvm::any_of(ranges, [](int64_t n) {
        return ShapedType::isDynamic(n) || n > kMaxFoldedElements;
      }))
    return false;
  // The output keeps the parallel dimensions in order; inputs keep some.
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  AffineMap out = maps.back();
  SmallVector<int64_t> reduced;
  for (auto [d, it] : llvm::enumerate(iterators))
    if (it == utils::IteratorType::reduction)
      reduced.push_back(int64_t(d));
  if (!keepsDimsInOrder(out) ||
      out.getNumResults() != iterators.size() - reduced.size() ||
      llvm::any_of(reduced, [&](int64_t d) {
        return out.isFunctionOfDim(unsigned(d));
      }) ||
      !llvm::all_of(ArrayRef<AffineMap>(maps).drop_back(), keepsDimsInOrder))
    return false;
  // The body: a combining op of the accumulator and a value computed
  // without it.
  Value acc = body->getArguments().back();
  Operation *combine = body->getTerminator()->getOperand(0).getDefiningOp();
  if (!combine || combine->getBlock() != body ||
      !spyre::combiningKindOf(combine) || combine->getNumOperands() != 2)
    return false;
  int accAt = combine->getOperand(0) == acc ? 0 : 1;
  Value mapped = combine->getOperand(1 - accAt);
  if (combine->getOperand(accAt) != acc || mapped == acc ||
      llvm::any_of(acc.getUsers(), [&](Operation *u) { return u != combine; }) ||
      llvm::any_of(body->getOperations(), [](Operation &inner) {
        return inner.getNumRegions() != 0;
      }))
    return false;

  OpBuilder b(op);
  Location loc = op.getLoc();
  unsigned rank = unsigned(ranges.size());
  // Every input over the whole iteration space.
  SmallVector<Value> inputs;
  for (auto [k, input] : llvm::enumerate(op.getDpsInputs())) {
    AffineMap map = maps[k];
    if (map.isIdentity() && map.getNumDims() == rank) {
      inputs.push_back(input);
      continue;
    }
    auto type = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> dropped;
    for (unsigned d = 0; d < rank; ++d)
      if (!map.isFunctionOfDim(d))
        dropped.push_back(int64_t(d));
    Value empty =
        tensor::EmptyOp::create(b, loc, ranges, type.getElementType());
    inputs.push_back(
        linalg::BroadcastOp::create(b, loc, input, empty, dropped)
            ->getResult(0));
  }
  auto whole = RankedTensorType::get(ranges, b.getIndexType());
  SmallVector<int64_t> dims;
  body->walk([&](linalg::IndexOp index) {
    if (!llvm::is_contained(dims, int64_t(index.getDim())))
      dims.push_back(int64_t(index.getDim()));
  });
  llvm::sort(dims);
  size_t firstRamp = inputs.size();
  for (int64_t d : dims)
    inputs.push_back(broadcastRamp(b, loc, whole, d));
  Value empty = tensor::EmptyOp::create(b, loc, ranges, mapped.getType());
  SmallVector<AffineMap> identity(inputs.size() + 1,
                                  b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> parallel(rank,
                                            utils::IteratorType::parallel);
  unsigned numInputs = op.getNumDpsInputs();
  auto map = linalg::GenericOp::create(
      b, loc, TypeRange{empty.getType()}, inputs, ValueRange{empty}, identity,
      parallel, [&](OpBuilder &at, Location l, ValueRange args) {
        IRMapping m;
        for (unsigned k = 0; k < numInputs; ++k)
          m.map(body->getArgument(k), args[k]);
        for (Operation &inner : body->without_terminator()) {
          if (&inner == combine)
            continue;
          if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
            size_t k = size_t(llvm::find(dims, int64_t(index.getDim())) -
                              dims.begin());
            m.map(index.getResult(), args[firstRamp + k]);
            continue;
          }
          at.clone(inner, m);
        }
        linalg::YieldOp::create(at, l, m.lookupOrDefault(mapped));
      });
  Operation *folded = spyre::reduceByCombiner(
      b, loc, map->getResults(), op.getDpsInits(), reduced, combine, mapped,
      acc);
  op->replaceAllUsesWith(folded->getResults());
  op->erase();
  return true;
}

/// A reduction generic whose body reads linalg.index and that
/// splitIndexedReduction leaves (several outputs: torch-mlir's argmax
/// yields the maximum and its index, `select(x > acc, j, acc_j)`): each
/// dimension read becomes one more input, a constant 1-D ramp read along
/// that dimension, so the body is arithmetic on its arguments the later
/// passes apply to vectors, in the generic's own order.
void rampReductionIndices(linalg::GenericOp op) {
  IndexReads index = indexReadsOf(op);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (index.reads.empty() || index.nested || !op.hasPureTensorSemantics() ||
      llvm::any_of(ranges, [](int64_t n) {
        return ShapedType::isDynamic(n) || n > kMaxFoldedElements;
      }))
    return;
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<AffineMap> oldMaps = op.getIndexingMapsArray();
  SmallVector<Value> inputs(op.getDpsInputs());
  SmallVector<AffineMap> maps(oldMaps.begin(),
                              oldMaps.begin() + op.getNumDpsInputs());
  size_t firstRamp = inputs.size();
  unsigned loops = unsigned(ranges.size());
  for (int64_t d : index.dims) {
    auto line = RankedTensorType::get({ranges[size_t(d)]}, b.getIndexType());
    inputs.push_back(ramp(b, loc, line, 0));
    maps.push_back(AffineMap::get(loops, 0, b.getAffineDimExpr(unsigned(d))));
  }
  maps.append(oldMaps.begin() + op.getNumDpsInputs(), oldMaps.end());
  readIndicesFromInputs(b, op, index.reads, index.dims, inputs, maps,
                        firstRamp);
}

/// math.isnan / isinf / isfinite as the comparisons SpyreCode has:
/// `x uno x`, `|x| oeq inf`, `|x| one inf` (a NaN is unordered: not
/// finite, not infinite).
void compareFloatClasses(Operation *root) {
  SmallVector<Operation *> classes;
  root->walk([&](Operation *op) {
    if (isa<math::IsNaNOp, math::IsInfOp, math::IsFiniteOp>(op))
      classes.push_back(op);
  });
  for (Operation *op : classes) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value x = op->getOperand(0);
    Value result;
    if (isa<math::IsNaNOp>(op)) {
      result = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    } else {
      Type element = getElementTypeOrSelf(x.getType());
      auto inf = b.getFloatAttr(
          element, APFloat::getInf(cast<FloatType>(element).getFloatSemantics()));
      TypedAttr limit = inf;
      if (auto shaped = dyn_cast<ShapedType>(x.getType()))
        limit = DenseElementsAttr::get(shaped, inf);
      Value bound = arith::ConstantOp::create(b, loc, limit);
      Value magnitude = math::AbsFOp::create(b, loc, x);
      result = arith::CmpFOp::create(
          b, loc,
          isa<math::IsInfOp>(op) ? arith::CmpFPredicate::OEQ
                                 : arith::CmpFPredicate::ONE,
          magnitude, bound);
    }
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  }
}

struct NormalizeTensorOps
    : spyre::impl::NormalizeTensorOpsBase<NormalizeTensorOps> {
  void runOnOperation() override {
    spyre::loopDynamicTiles(getOperation());
    compareFloatClasses(getOperation());
    spyre::fromElementsAsSplats(getOperation());
    spyre::splitArgExtremums(getOperation());
    spyre::namedFormsOfGenerics(getOperation());
    SmallVector<Operation *> work;
    getOperation()->walk([&](Operation *op) {
      if (isa<tensor::ReshapeOp, tensor::GenerateOp, linalg::GenericOp>(op))
        work.push_back(op);
    });
    for (Operation *op : work) {
      if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
        if (generic.getNumReductionLoops() != 0) {
          if (!splitIndexedReduction(generic))
            rampReductionIndices(generic);
        } else
          rampIndices(generic);
        continue;
      }
      if (auto reshape = dyn_cast<tensor::ReshapeOp>(op)) {
        if (failed(rewriteReshape(reshape)))
          return signalPassFailure();
        continue;
      }
      auto generate = cast<tensor::GenerateOp>(op);
      if (DenseElementsAttr folded = foldGenerate(generate)) {
        OpBuilder b(generate);
        generate.replaceAllUsesWith(
            arith::ConstantOp::create(b, generate.getLoc(), folded)
                .getResult());
        generate.erase();
      } else if (failed(vectorizeGenerate(generate))) {
        return signalPassFailure();
      }
    }
    spyre::sliceLoadsAndStores(getOperation());
  }
};

} // namespace
