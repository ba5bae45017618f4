//===- VectorizeHeldTiles.cpp - compute on held tiles, a stick at a time --===//
//
// What the streaming passes leave at tile level (matmuls, reductions whose
// input is used again, broadcasts of computed values, the folds of a ring
// all-reduce) is computed on tiles the compute unit holds whole. This pass
// rewrites each such op into a loop nest over stick-wide SIMD vectors of
// those tiles, so that no arithmetic in a compute program is on a tile.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"
#include "pipeline/utils/HalfMatmul.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/StageTidy.h"
#include "pipeline/utils/RingRows.h"
#include "pipeline/utils/RowStages.h"
#include "pipeline/utils/StickPops.h"
#include "pipeline/utils/StreamedMatmul.h"
#include "pipeline/utils/Target.h"
#include "pipeline/utils/VectorCompute.h"
#include "ir/schedule/ScheduleDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

namespace spyre {
#define GEN_PASS_DEF_VECTORIZEHELDTILES
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

using ComputeFn = function_ref<SmallVector<Value>(OpBuilder &, Location,
                                                  ValueRange, ValueRange)>;

/// A tensor operand and the map from iteration point to its indices.
struct Access {
  Value tile;
  AffineMap map;     // null for a scalar operand
  bool read = true;  // an output: whether the computation reads it
  /// An input read from these offsets on (a slice's source): the map's
  /// indices each moved by the offset of its result.
  SmallVector<OpFoldResult> offsets = {};
};

bool isHeldTile(Type type) {
  auto tile = dyn_cast<RankedTensorType>(type);
  return tile && tile.hasStaticShape() &&
         VectorType::isValidElementType(tile.getElementType());
}

/// The dimension a projected-permutation map's last result names.
int64_t lastDim(AffineMap map) {
  return cast<AffineDimExpr>(map.getResults().back()).getPosition();
}

class HeldTileVectorizer {
public:
  explicit HeldTileVectorizer(int stickBytes) : stickBytes(stickBytes) {}

  /// Whether `op` computes on held tiles in a way this pass rewrites.
  bool lowerable(Operation *op) {
    if (auto splat = dyn_cast<tensor::SplatOp>(op))
      return isHeldTile(splat.getType()) && splat.getType().getRank() > 0;
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op))
      return sliceBox(slice).has_value();
    if (auto insert = dyn_cast<tensor::InsertSliceOp>(op))
      return concatPiece(insert);
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      if (!linalgOp.hasPureTensorSemantics() ||
          !spyre::appliesToVectors(*linalgOp.getBlock()))
        return false;
      for (OpOperand &operand : op->getOpOperands()) {
        if (isa<ShapedType>(operand.get().getType()) &&
            (!isHeldTile(operand.get().getType()) ||
             !linalgOp.getMatchingIndexingMap(&operand).isProjectedPermutation(
                 /*allowZeroInResults=*/false)))
          return false;
      }
      return rowReduction(op) || parallelDim(linalgOp).has_value();
    }
    if (!spyre::isElementwiseOp(op) || op->getNumResults() == 0)
      return false;
    auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!result || !isHeldTile(result) || result.getRank() == 0)
      return false;
    for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
      if (isa<ShapedType>(v.getType()) &&
          (!isHeldTile(v.getType()) ||
           cast<ShapedType>(v.getType()).getShape() != result.getShape()))
        return false;
    return true;
  }

  /// Splats, fills and broadcasts are read through by their users rather
  /// than built, when every user is rewritten here (or itself read through).
  /// An output is read once at each point before it is written, so an
  /// init is read through as well.
  static bool readThrough(Operation *op, const DenseSet<Operation *> &users) {
    if (!isa<tensor::SplatOp, linalg::FillOp, linalg::BroadcastOp>(op))
      return false;
    if (auto fill = dyn_cast<linalg::FillOp>(op))
      if (!fill.getInputs()[0].getType().isIntOrIndexOrFloat())
        return false;
    return llvm::all_of(op->getUsers(), [&](Operation *user) {
      return users.contains(user);
    });
  }

  /// Where a rewritten op's results are written: `init` itself, or a
  /// fresh tile when `init` is only read through.
  static Value destination(OpBuilder &b, Location loc, Value init) {
    if (!isa_and_nonnull<tensor::SplatOp, linalg::FillOp, linalg::BroadcastOp>(
            init.getDefiningOp()))
      return init;
    auto type = cast<RankedTensorType>(init.getType());
    return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  }

  /// An elementwise op on tiles: several in a row share one loop nest.
  bool chainable(Operation *op) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      return spyre::isElementwiseLinalg(linalgOp) && linalgOp.getNumDpsInits() == 1;
    return !isa<tensor::SplatOp, tensor::ExtractSliceOp, tensor::InsertSliceOp>(
        op);
  }

  /// The ops to rewrite, in order, with consecutive elementwise ops on
  /// tiles of one shape (nothing but inits, constants and read-through ops
  /// between them, none reading the chain) grouped into chains.
  SmallVector<SmallVector<Operation *>>
  groups(ArrayRef<Operation *> ops, const DenseSet<Operation *> &lowered) {
    SmallVector<SmallVector<Operation *>> result;
    for (Operation *op : ops) {
      if (!lowered.contains(op))
        continue;
      if (!result.empty() && extends(result.back(), op, lowered))
        result.back().push_back(op);
      else
        result.push_back({op});
    }
    return result;
  }

  /// Rewrites `ops` (one op, or a chain of elementwise ops on tiles of
  /// one shape) and replaces their results.
  void lower(ArrayRef<Operation *> ops) {
    Operation *op = ops.back();
    OpBuilder b(op);
    if (chainable(op)) {
      lowerChain(b, ops);
    } else {
      SmallVector<Value> results;
      if (auto reduce = dyn_cast<linalg::ReduceOp>(op); reduce && rowReduction(op))
        results = lowerRows(b, reduce);
      else if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op))
        results = lowerSlice(b, slice);
      else if (auto insert = dyn_cast<tensor::InsertSliceOp>(op))
        results = lowerInsert(b, insert);
      else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
        results = lowerLinalg(b, linalgOp);
      else
        results = lowerSplat(b, cast<tensor::SplatOp>(op));
      op->replaceAllUsesWith(results);
    }
    for (Operation *done : llvm::reverse(ops))
      done->erase();
  }

private:
  /// Lanes of one vector: a stick of the widest element type involved.
  int64_t lanesFor(Operation *op) {
    int64_t widest = 1;
    for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
      if (auto shaped = dyn_cast<ShapedType>(v.getType()))
        widest = std::max(widest, spyre::elementBytes(shaped.getElementType()));
    return std::max<int64_t>(1, stickBytes / widest);
  }

  /// The output dimension the vectors run along: the last of the (common)
  /// output map, a parallel loop.
  std::optional<int64_t> parallelDim(linalg::LinalgOp op) {
    std::optional<int64_t> dim;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      AffineMap map = op.getMatchingIndexingMap(&init);
      if (map.getNumResults() == 0)
        return std::nullopt;
      int64_t d = lastDim(map);
      if ((dim && *dim != d) ||
          op.getIteratorTypesArray()[d] != utils::IteratorType::parallel)
        return std::nullopt;
      dim = d;
    }
    return dim;
  }

  /// A reduce of the innermost dimension of one input, folded lane-wise:
  /// whole sticks per row, or a known combining op whose identity pads.
  /// The sticks are folded into each other before the lanes are, so the
  /// element and the accumulator must be of one type (a body that widens
  /// f16 elements into an f32 sum is lowered point by point; one that maps
  /// the element before adding it was split by normalize-tensor-ops).
  bool rowReduction(Operation *op) {
    auto reduce = dyn_cast<linalg::ReduceOp>(op);
    if (!reduce || reduce.getInputs().size() != 1)
      return false;
    Block &body = reduce.getCombiner().front();
    if (body.getNumArguments() != 2 ||
        body.getArgument(0).getType() != body.getArgument(1).getType())
      return false;
    auto in = cast<RankedTensorType>(reduce.getInputs()[0].getType());
    if (in.getRank() == 0 ||
        reduce.getDimensions() != ArrayRef<int64_t>{in.getRank() - 1})
      return false;
    if (in.getShape().back() % lanesFor(op) == 0)
      return true;
    // A partial stick is padded with the combiner's identity.
    return combinerKind(reduce) &&
           isa<FloatType, IntegerType>(in.getElementType());
  }

  std::optional<vector::CombiningKind> combinerKind(linalg::ReduceOp reduce) {
    Block &body = reduce.getCombiner().front();
    if (body.getOperations().size() != 2)
      return std::nullopt;
    return spyre::combiningKindOf(&body.front());
  }

  VectorType vectorOf(Type element, int64_t lanes) {
    return VectorType::get({lanes}, element);
  }

  Value zero(OpBuilder &b, Location loc, Type element) {
    return arith::ConstantOp::create(b, loc, element, b.getZeroAttr(element));
  }

  /// The element of `tile` at `indices` (vecPos < 0), or the vector of
  /// `lanes` elements from there along dimension vecPos; splats, fills and
  /// broadcasts are read through to their input.
  Value read(OpBuilder &b, Location loc, Value tile, ArrayRef<Value> indices,
             int64_t vecPos, int64_t lanes, bool inBounds, Value padding = {}) {
    if (auto splat = tile.getDefiningOp<tensor::SplatOp>())
      return splat.getInput();
    if (auto fill = tile.getDefiningOp<linalg::FillOp>())
      if (fill.getInputs()[0].getType().isIntOrIndexOrFloat())
        return fill.getInputs()[0];
    DenseElementsAttr dense;
    if (matchPattern(tile, m_Constant(&dense)) && dense.isSplat()) {
      TypedAttr element = dense.getSplatValue<TypedAttr>();
      return arith::ConstantOp::create(b, loc, element.getType(), element);
    }
    if (auto broadcast = tile.getDefiningOp<linalg::BroadcastOp>()) {
      SmallVector<Value> inner;
      int64_t innerPos = -1;
      for (auto [d, index] : llvm::enumerate(indices)) {
        if (llvm::is_contained(broadcast.getDimensions(), int64_t(d)))
          continue;
        if (int64_t(d) == vecPos)
          innerPos = inner.size();
        inner.push_back(index);
      }
      return read(b, loc, broadcast.getInput(), inner, innerPos, lanes,
                  inBounds, padding);
    }
    if (vecPos < 0)
      return tensor::ExtractOp::create(b, loc, tile, indices);
    auto type = cast<RankedTensorType>(tile.getType());
    if (!padding)
      padding = zero(b, loc, type.getElementType());
    AffineMap map = AffineMap::get(type.getRank(), 0, b.getAffineDimExpr(vecPos));
    return vector::TransferReadOp::create(
        b, loc, vectorOf(type.getElementType(), lanes), tile, indices, padding,
        map, ArrayRef<bool>{inBounds});
  }

  /// A vector of `lanes`: `v` itself or its broadcast.
  Value splatted(OpBuilder &b, Location loc, Value v, int64_t lanes) {
    if (isa<VectorType>(v.getType()))
      return v;
    return spyre::splatVector(b, loc, v, vectorOf(v.getType(), lanes));
  }

  /// The indices of `access` at `point`, and which of them the vector
  /// dimension `vdim` is (-1: none).
  SmallVector<Value> indicesOf(AffineMap map, ArrayRef<Value> point,
                               int64_t vdim, int64_t &vecPos) {
    SmallVector<Value> indices;
    vecPos = -1;
    for (AffineExpr e : map.getResults()) {
      int64_t d = cast<AffineDimExpr>(e).getPosition();
      if (d == vdim)
        vecPos = indices.size();
      indices.push_back(point[d]);
    }
    return indices;
  }

  static void markVectorLoops(ArrayRef<scf::ForOp> loops) {
    for (scf::ForOp loop : loops)
      loop->setAttr("sched.vector_loop", UnitAttr::get(loop.getContext()));
  }

  /// `idx` (of `access` at a point) moved by its offsets; whether the
  /// vector of `lanes` there still lies in whole sticks of the tile (false
  /// when an offset along the vector dimension `pos` is not a whole number
  /// of sticks, or not known when compiling).
  static bool moveByOffsets(OpBuilder &at, Location l, const Access &access,
                            SmallVectorImpl<Value> &idx, int64_t pos,
                            int64_t lanes, bool inBounds) {
    bool within = inBounds;
    for (auto [k, offset] : llvm::enumerate(access.offsets)) {
      std::optional<int64_t> fixed = getConstantIntValue(offset);
      if (fixed == 0)
        continue;
      Value by = fixed ? arith::ConstantIndexOp::create(at, l, *fixed).getResult()
                       : cast<Value>(offset);
      idx[k] = arith::AddIOp::create(at, l, idx[k], by);
      within &= int64_t(k) != pos ||
                (fixed && *fixed % lanes == 0 &&
                 cast<ShapedType>(access.tile.getType()).getDimSize(k) %
                         lanes == 0);
    }
    return within;
  }

  /// for each parallel point (the vector dimension `vdim` a stick at a
  /// time): read the outputs' vectors, fold every reduction point into them
  /// with `compute` on the inputs' vectors, write them back. With `start`
  /// and `finish` the reduction points fold into what `start` makes of the
  /// outputs' vectors instead (an f32 partial), and `finish` makes the
  /// vectors written of the outputs' and the folded ones.
  SmallVector<Value> buildNest(OpBuilder &b, Location loc,
                               ArrayRef<int64_t> sizes,
                               ArrayRef<utils::IteratorType> iterators,
                               int64_t vdim, int64_t lanes,
                               ArrayRef<Access> inputs, ArrayRef<Access> outputs,
                               ComputeFn compute, ComputeFn start = nullptr,
                               ComputeFn finish = nullptr) {
    bool inBounds = sizes[vdim] % lanes == 0;
    // Dimensions one iteration long (extent 1, or the vector's one stick)
    // get no loop: their index is 0.
    SmallVector<int64_t> outer, reduced;
    SmallVector<Value> point(sizes.size());
    for (auto [d, kind] : llvm::enumerate(iterators)) {
      if (sizes[d] == 1 || (int64_t(d) == vdim && sizes[d] <= lanes)) {
        point[d] = arith::ConstantIndexOp::create(b, loc, 0);
        continue;
      }
      (kind == utils::IteratorType::parallel ? outer : reduced).push_back(d);
    }
    auto bounds = [&](ArrayRef<int64_t> dims, SmallVector<Value> &lbs,
                      SmallVector<Value> &ubs, SmallVector<Value> &steps) {
      for (int64_t d : dims) {
        lbs.push_back(arith::ConstantIndexOp::create(b, loc, 0));
        ubs.push_back(arith::ConstantIndexOp::create(b, loc, sizes[d]));
        steps.push_back(
            arith::ConstantIndexOp::create(b, loc, d == vdim ? lanes : 1));
      }
    };
    SmallVector<Value> lbs, ubs, steps, innerLbs, innerUbs, innerSteps;
    bounds(outer, lbs, ubs, steps);
    bounds(reduced, innerLbs, innerUbs, innerSteps);
    SmallVector<Value> inits;
    for (const Access &out : outputs)
      inits.push_back(destination(b, loc, out.tile));

    auto readInputs = [&](OpBuilder &at, Location l) {
      SmallVector<Value> values;
      for (const Access &in : inputs) {
        if (!in.map) {
          values.push_back(in.tile);
          continue;
        }
        int64_t pos;
        SmallVector<Value> idx = indicesOf(in.map, point, vdim, pos);
        bool within = moveByOffsets(at, l, in, idx, pos, lanes, inBounds);
        values.push_back(read(at, l, in.tile, idx, pos, lanes, within));
      }
      return values;
    };
    scf::LoopNest nest = scf::buildLoopNest(
        b, loc, lbs, ubs, steps, inits,
        [&](OpBuilder &at, Location l, ValueRange ivs, ValueRange tiles) {
          for (auto [d, iv] : llvm::zip(outer, ivs))
            point[d] = iv;
          // Each output point is read once, before it is written: from
          // the init itself.
          SmallVector<Value> accs;
          for (const Access &out : outputs) {
            if (!out.read) {
              accs.push_back(Value());
              continue;
            }
            int64_t pos;
            SmallVector<Value> idx = indicesOf(out.map, point, vdim, pos);
            accs.push_back(splatted(
                at, l, read(at, l, out.tile, idx, pos, lanes, inBounds), lanes));
          }
          SmallVector<Value> folded = start ? start(at, l, {}, accs) : accs;
          if (reduced.empty()) {
            folded = compute(at, l, readInputs(at, l), folded);
          } else {
            scf::LoopNest inner = scf::buildLoopNest(
                at, l, innerLbs, innerUbs, innerSteps, folded,
                [&](OpBuilder &in, Location il, ValueRange rivs,
                    ValueRange partial) -> scf::ValueVector {
                  for (auto [d, iv] : llvm::zip(reduced, rivs))
                    point[d] = iv;
                  return compute(in, il, readInputs(in, il), partial);
                });
            markVectorLoops(inner.loops);
            folded = inner.results;
          }
          accs = finish ? finish(at, l, accs, folded) : folded;
          scf::ValueVector written;
          for (auto [out, tile, acc] : llvm::zip(outputs, tiles, accs)) {
            int64_t pos;
            SmallVector<Value> idx = indicesOf(out.map, point, vdim, pos);
            bool within = moveByOffsets(at, l, out, idx, pos, lanes, inBounds);
            AffineMap map = AffineMap::get(out.map.getNumResults(), 0,
                                           at.getAffineDimExpr(pos));
            written.push_back(vector::TransferWriteOp::create(
                                  at, l, acc, tile, idx, map,
                                  ArrayRef<bool>{within})
                                  .getResult());
          }
          return written;
        });
    markVectorLoops(nest.loops);
    return nest.results;
  }

  /// A linalg op: its body applied to vectors at every point. A
  /// half-precision matmul (spyre::sumsInF32) sums each output vector's
  /// products in an f32 vector from zeros instead, rounds it once and adds
  /// the accumulator's vector (pipeline/utils/HalfMatmul.h).
  SmallVector<Value> lowerLinalg(OpBuilder &b, linalg::LinalgOp op) {
    int64_t lanes = lanesFor(op);
    SmallVector<Access> inputs, outputs;
    for (OpOperand *in : op.getDpsInputOperands())
      inputs.push_back({in->get(), isa<ShapedType>(in->get().getType())
                                       ? op.getMatchingIndexingMap(in)
                                       : AffineMap()});
    Block *body = op.getBlock();
    for (OpOperand &out : op.getDpsInitsMutable())
      outputs.push_back({out.get(), op.getMatchingIndexingMap(&out),
                         !op.getMatchingBlockArgument(&out).use_empty()});
    SmallVector<int64_t> sizes = op.getStaticLoopRanges();
    if (spyre::sumsInF32(op)) {
      VectorType f32 = vectorOf(b.getF32Type(), lanes);
      auto products = [&](OpBuilder &at, Location l, ValueRange ins,
                          ValueRange partial) -> SmallVector<Value> {
        return {spyre::fmaInF32(at, l, ins[0], ins[1], partial[0])};
      };
      auto zeros = [&](OpBuilder &at, Location l, ValueRange,
                       ValueRange) -> SmallVector<Value> {
        return {arith::ConstantOp::create(
            at, l, f32, DenseElementsAttr::get(f32, at.getF32FloatAttr(0)))};
      };
      auto rounded = [&](OpBuilder &at, Location l, ValueRange accs,
                         ValueRange partial) -> SmallVector<Value> {
        return {spyre::addRounded(at, l, partial[0], accs[0])};
      };
      return buildNest(b, op.getLoc(), sizes, op.getIteratorTypesArray(),
                       *parallelDim(op), lanes, inputs, outputs, products,
                       zeros, rounded);
    }
    auto compute = [&](OpBuilder &at, Location l, ValueRange ins,
                       ValueRange accs) {
      spyre::VectorBuilder vectors(
          [&](Type t) { return vectorOf(t, lanes); });
      unsigned nIn = ins.size();
      for (auto [i, v] : llvm::enumerate(ins))
        vectors.map(body->getArgument(i), splatted(at, l, v, lanes));
      for (auto [i, v] : llvm::enumerate(accs))
        if (v)
          vectors.map(body->getArgument(nIn + i), v);
      for (Operation &inner : body->without_terminator()) {
        Operation *clone = vectors.cloneOnVectors(at, inner);
        for (auto [from, to] : llvm::zip(inner.getResults(), clone->getResults()))
          vectors.map(from, to);
      }
      SmallVector<Value> yielded;
      for (Value v : body->getTerminator()->getOperands())
        yielded.push_back(vectors.vectorFor(at, l, v));
      return yielded;
    };
    return buildNest(b, op.getLoc(), sizes, op.getIteratorTypesArray(),
                     *parallelDim(op), lanes, inputs, outputs, compute);
  }

  /// Whether `op` can join `chain`.
  bool extends(ArrayRef<Operation *> chain, Operation *op,
               const DenseSet<Operation *> &lowered) {
    Operation *last = chain.back();
    if (!chainable(last) || !chainable(op) || last->getBlock() != op->getBlock() ||
        shapeOf(last) != shapeOf(op) || !last->isBeforeInBlock(op))
      return false;
    DenseSet<Operation *> members(chain.begin(), chain.end());
    auto readsChain = [&](Operation *between) {
      return llvm::any_of(between->getOperands(), [&](Value v) {
        return members.contains(v.getDefiningOp());
      });
    };
    for (Operation *between = last->getNextNode(); between != op;
         between = between->getNextNode()) {
      bool inert = isa<tensor::EmptyOp, arith::ConstantOp>(between) ||
                   (readThrough(between, lowered) && !lowered.contains(between));
      if (!inert || readsChain(between))
        return false;
    }
    // A chain value is read only stick for stick, not through a broadcast.
    for (Value v : op->getOperands())
      for (Operation *def = v.getDefiningOp();
           isa_and_nonnull<linalg::BroadcastOp>(def);
           def = def->getOperand(0).getDefiningOp())
        if (members.contains(def->getOperand(0).getDefiningOp()))
          return false;
    return true;
  }

  /// The tile shape every result of `op` has.
  static ArrayRef<int64_t> shapeOf(Operation *op) {
    return cast<RankedTensorType>(op->getResult(0).getType()).getShape();
  }

  /// A loop nest over the sticks of a tile of `shape`, all parallel.
  SmallVector<Value> parallelNest(OpBuilder &b, Location loc,
                                  ArrayRef<int64_t> shape, int64_t lanes,
                                  ArrayRef<Access> inputs, ArrayRef<Access> outputs,
                                  ComputeFn compute) {
    SmallVector<utils::IteratorType> parallel(shape.size(),
                                              utils::IteratorType::parallel);
    return buildNest(b, loc, shape, parallel, shape.size() - 1, lanes, inputs,
                     outputs, compute);
  }

  /// Elementwise ops on tiles of one shape, in one loop nest: each stick
  /// of the tiles they read from outside goes through all of them; the
  /// results used after the chain are written back.
  void lowerChain(OpBuilder &b, ArrayRef<Operation *> chain) {
    Location loc = chain.front()->getLoc();
    ArrayRef<int64_t> shape = shapeOf(chain.front());
    AffineMap identity =
        AffineMap::getMultiDimIdentityMap(shape.size(), b.getContext());
    DenseSet<Operation *> members(chain.begin(), chain.end());
    int64_t lanes = stickBytes;
    SmallVector<Value> read, kept;
    SmallVector<Access> inputs, outputs;
    for (Operation *op : chain) {
      lanes = std::min(lanes, lanesFor(op));
      for (OpOperand &use : op->getOpOperands()) {
        Value v = use.get();
        if (!isa<ShapedType>(v.getType()) || members.contains(v.getDefiningOp()) ||
            llvm::is_contained(read, v))
          continue;
        auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        if (linalgOp && linalgOp.getMatchingBlockArgument(&use).use_empty())
          continue; // an init the body does not read
        read.push_back(v);
        inputs.push_back({v, identity});
      }
      for (Value r : op->getResults())
        if (llvm::any_of(r.getUsers(), [&](Operation *user) {
              return !members.contains(user);
            })) {
          kept.push_back(r);
          auto type = cast<RankedTensorType>(r.getType());
          outputs.push_back({tensor::EmptyOp::create(b, loc, type.getShape(),
                                                     type.getElementType()),
                             identity, /*read=*/false});
        }
    }
    auto compute = [&](OpBuilder &at, Location l, ValueRange ins, ValueRange) {
      spyre::VectorBuilder vectors([&](Type t) { return vectorOf(t, lanes); });
      for (auto [tile, v] : llvm::zip(read, ins))
        vectors.map(tile, splatted(at, l, v, lanes));
      for (Operation *op : chain)
        vectors.apply(at, op);
      SmallVector<Value> results;
      for (Value r : kept)
        results.push_back(vectors.vectorFor(at, l, r));
      return results;
    };
    SmallVector<Value> written =
        parallelNest(b, loc, shape, lanes, inputs, outputs, compute);
    for (auto [from, to] : llvm::zip(kept, written))
      from.replaceAllUsesWith(to);
  }

  /// A fresh tile of `type` written a stick at a time (read nowhere).
  static Access freshOutput(OpBuilder &b, Location loc, RankedTensorType type) {
    return Access{tensor::EmptyOp::create(b, loc, type.getShape(),
                                          type.getElementType()),
                  AffineMap::getMultiDimIdentityMap(type.getRank(),
                                                    b.getContext()),
                  /*read=*/false};
  }

  /// A splat that must exist as a tile: its scalar, a stick at a time.
  SmallVector<Value> lowerSplat(OpBuilder &b, tensor::SplatOp splat) {
    Location loc = splat.getLoc();
    int64_t lanes = lanesFor(splat);
    auto type = splat.getType();
    auto compute = [&](OpBuilder &at, Location l, ValueRange, ValueRange) {
      return SmallVector<Value>{splatted(at, l, splat.getInput(), lanes)};
    };
    return parallelNest(b, loc, type.getShape(), lanes, {},
                        freshOutput(b, loc, type), compute);
  }

  /// A slice with static sizes and unit strides of a held tile, of its
  /// rank (a rotary embedding's halves, a tile's own columns of an
  /// all-reduced row): its box's offsets.
  static std::optional<SmallVector<OpFoldResult>>
  sliceBox(tensor::ExtractSliceOp slice) {
    if (!isHeldTile(slice.getSourceType()) || !isHeldTile(slice.getType()) ||
        slice.getType().getRank() != slice.getSourceType().getRank() ||
        slice.getType().getRank() == 0 || !slice.hasUnitStride())
      return std::nullopt;
    return slice.getMixedOffsets();
  }

  /// An insert_slice that is a piece of a concatenation along the last
  /// dimension of held tiles (`torch.cat` of computed tiles: an int4
  /// weight's two unpacked halves): a chain of inserts into an empty tile,
  /// each whole along the other dimensions, at offsets that follow each
  /// other from 0 to the end. Written a stick at a time, a piece whose
  /// width is not whole sticks spills past its end, into the next piece
  /// (written after it) or past the tile's end (not written): so only such
  /// chains.
  static bool concatPiece(tensor::InsertSliceOp insert) {
    auto type = insert.getDestType();
    if (!isHeldTile(type) || !isHeldTile(insert.getSourceType()) ||
        type.getRank() == 0 || insert.getSourceType().getRank() != type.getRank())
      return false;
    // The whole chain: back to its empty tile, forward to its last insert.
    tensor::InsertSliceOp first = insert, last = insert;
    while (auto previous = first.getDest().getDefiningOp<tensor::InsertSliceOp>())
      first = previous;
    while (last.getResult().hasOneUse())
      if (auto next = dyn_cast<tensor::InsertSliceOp>(
              *last.getResult().getUsers().begin());
          next && next.getDest() == last.getResult())
        last = next;
      else
        break;
    if (!first.getDest().getDefiningOp<tensor::EmptyOp>())
      return false;
    int64_t rank = type.getRank(), end = 0;
    for (tensor::InsertSliceOp piece = first;;
         piece = cast<tensor::InsertSliceOp>(*piece.getResult().getUsers().begin())) {
      if (!piece.hasUnitStride() ||
          llvm::any_of(piece.getStaticOffsets(), ShapedType::isDynamic) ||
          llvm::any_of(piece.getStaticSizes(), ShapedType::isDynamic))
        return false;
      for (int64_t d = 0; d + 1 < rank; ++d)
        if (piece.getStaticOffsets()[d] != 0 ||
            piece.getStaticSizes()[d] != type.getDimSize(d))
          return false;
      if (piece.getStaticOffsets()[rank - 1] != end)
        return false;
      end += piece.getStaticSizes()[rank - 1];
      if (piece == last)
        break;
    }
    return end == type.getDimSize(rank - 1);
  }

  /// A piece of a concatenation (concatPiece) written into its tile a
  /// stick at a time, from its offset.
  SmallVector<Value> lowerInsert(OpBuilder &b, tensor::InsertSliceOp insert) {
    auto source = insert.getSourceType();
    AffineMap identity =
        AffineMap::getMultiDimIdentityMap(source.getRank(), b.getContext());
    return copySticks(b, insert, source.getShape(),
                      Access{insert.getSource(), identity},
                      Access{insert.getDest(), identity, /*read=*/false,
                             insert.getMixedOffsets()});
  }

  /// A slice of a held tile: its box copied a stick at a time.
  SmallVector<Value> lowerSlice(OpBuilder &b, tensor::ExtractSliceOp slice) {
    Access out = freshOutput(b, slice.getLoc(), slice.getType());
    return copySticks(b, slice, slice.getType().getShape(),
                      Access{slice.getSource(), out.map, true, *sliceBox(slice)},
                      out);
  }

  /// `in`'s vectors copied into `out` a stick at a time over `shape` (a
  /// slice read from its offsets, a concatenation's piece written at them).
  SmallVector<Value> copySticks(OpBuilder &b, Operation *op,
                                ArrayRef<int64_t> shape, const Access &in,
                                const Access &out) {
    auto compute = [](OpBuilder &, Location, ValueRange ins, ValueRange) {
      return SmallVector<Value>{ins[0]};
    };
    return parallelNest(b, op->getLoc(), shape, lanesFor(op), in, out, compute);
  }

  /// for each row: a vector accumulator takes the row's sticks, then its
  /// lanes are folded into the row's initial value.
  SmallVector<Value> lowerRows(OpBuilder &b, linalg::ReduceOp reduce) {
    Location loc = reduce.getLoc();
    int64_t lanes = lanesFor(reduce);
    Value input = reduce.getInputs()[0];
    auto in = cast<RankedTensorType>(input.getType());
    Type element = in.getElementType();
    int64_t length = in.getShape().back();
    int64_t sticks = llvm::divideCeil(length, lanes);
    bool whole = length % lanes == 0;
    std::optional<vector::CombiningKind> kind = combinerKind(reduce);
    Block &combiner = reduce.getCombiner().front();
    auto combine = [&](OpBuilder &at, Value x, Value acc) {
      return spyre::applyCombiner(at, loc, combiner, x, acc);
    };

    // A loop over each outer dimension longer than 1.
    SmallVector<Value> lbs, ubs, steps;
    SmallVector<int64_t> looped;
    for (int64_t d = 0; d + 1 < in.getRank(); ++d) {
      if (in.getShape()[d] == 1)
        continue;
      looped.push_back(d);
      lbs.push_back(arith::ConstantIndexOp::create(b, loc, 0));
      ubs.push_back(arith::ConstantIndexOp::create(b, loc, in.getShape()[d]));
      steps.push_back(arith::ConstantIndexOp::create(b, loc, 1));
    }
    auto row = [&](OpBuilder &at, Location l, ValueRange loopIvs,
                   ValueRange outs) -> scf::ValueVector {
      SmallVector<Value> ivs(in.getRank() - 1);
      for (auto [d, iv] : llvm::zip(looped, loopIvs))
        ivs[d] = iv;
      for (Value &iv : ivs)
        if (!iv)
          iv = arith::ConstantIndexOp::create(at, l, 0);
      Value padding = whole ? zero(at, l, element)
                            : spyre::combiningIdentity(at, l, *kind, element);
      auto stick = [&](OpBuilder &sb, Value start) {
        SmallVector<Value> idx(ivs);
        idx.push_back(start);
        return read(sb, l, input, idx, in.getRank() - 1, lanes, whole, padding);
      };
      Value acc = stick(at, arith::ConstantIndexOp::create(at, l, 0));
      if (sticks > 1) {
        // The row's further sticks: from element `lanes` on, a stick a step.
        Value step = arith::ConstantIndexOp::create(at, l, lanes);
        auto loop = scf::ForOp::create(
            at, l, step, arith::ConstantIndexOp::create(at, l, length), step,
            ValueRange{acc});
        OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
        Value next = combine(body, stick(body, loop.getInductionVar()),
                             loop.getRegionIterArg(0));
        scf::YieldOp::create(body, l, next);
        markVectorLoops(loop);
        acc = loop.getResult(0);
      }
      Value start = read(at, l, reduce.getInits()[0], SmallVector<Value>(ivs),
                         -1, lanes, whole);
      Value total;
      if (kind) {
        total = vector::ReductionOp::create(at, l, *kind, acc, start);
      } else {
        // No lane-wise reduction for this combiner: fold lane by lane.
        Value zeroIdx = arith::ConstantIndexOp::create(at, l, 0);
        Value one = arith::ConstantIndexOp::create(at, l, 1);
        auto loop = scf::ForOp::create(
            at, l, zeroIdx, arith::ConstantIndexOp::create(at, l, lanes), one,
            ValueRange{start});
        OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
        Value lane = vector::ExtractOp::create(body, l, acc,
                                               OpFoldResult(loop.getInductionVar()));
        scf::YieldOp::create(body, l,
                             combine(body, lane, loop.getRegionIterArg(0)));
        total = loop.getResult(0);
      }
      return {tensor::InsertOp::create(at, l, total, outs[0], ivs).getResult()};
    };
    Value init = destination(b, loc, reduce.getInits()[0]);
    if (lbs.empty())
      return row(b, loc, {}, init);
    scf::LoopNest nest = scf::buildLoopNest(b, loc, lbs, ubs, steps, init, row);
    markVectorLoops(nest.loops);
    return nest.results;
  }

  int stickBytes;
};

struct VectorizeHeldTiles
    : spyre::impl::VectorizeHeldTilesBase<VectorizeHeldTiles> {
  using VectorizeHeldTilesBase::VectorizeHeldTilesBase;
  void runOnOperation() override {
    auto run = [](func::FuncOp function, const spyre::arch::Arch &target) {
      std::vector<std::string> compute = spyre::unitsWithRole(target, "compute");
      HeldTileVectorizer vectorizer(target.stickBytes);
      function.walk([&](sched::StageOp stage) {
        if (!llvm::is_contained(compute, stage.getUnit().str()))
          return;
        // A ring all-reduce of a tile popped whole runs a row at a time
        // when the stage holds too much (pipeline/utils/RingRows.h).
        spyre::streamRingRows(stage, target.stickBytes,
                              int64_t(target.computeLocalBytes));
        // Elementwise stages that hold more than the compute engine's
        // memory run a row at a time (pipeline/utils/RowStages.h).
        spyre::runByRows(stage, target.stickBytes,
                         int64_t(target.computeLocalBytes));
        // A matmul's B streams from LX a stick at a time instead of being
        // held (pipeline/utils/StreamedMatmul.h).
        spyre::streamMatmulOperands(stage, target.stickBytes,
                                     int64_t(target.computeLocalBytes));
        // A row popped whole only to be read element by element comes a
        // stick at a time (pipeline/utils/StickPops.h).
        spyre::popRowsByStick(stage);
        SmallVector<Operation *> ops;
        DenseSet<Operation *> lowered, rewritten; // rewritten: or read through
        stage.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
          if (isa<linalg::LinalgOp>(op->getParentOp()))
            return WalkResult::skip();
          if (vectorizer.lowerable(op)) {
            ops.push_back(op);
            lowered.insert(op);
            rewritten.insert(op);
          }
          return WalkResult::advance();
        });
        // Users come after their producers: decide read-through from the
        // last op back, so a chain of broadcasts folds whole.
        for (Operation *op : llvm::reverse(ops))
          if (HeldTileVectorizer::readThrough(op, rewritten))
            lowered.erase(op);
        SmallVector<SmallVector<Operation *>> groups =
            vectorizer.groups(ops, lowered);
        if (groups.empty())
          return;
        // The op before the first rewritten one, in the stage's body (and
        // not read through: those go).
        Block &top = stage.getBody().front();
        Operation *before =
            top.findAncestorOpInBlock(*groups.front().front())->getPrevNode();
        while (before && rewritten.contains(before) && !lowered.contains(before))
          before = before->getPrevNode();
        for (ArrayRef<Operation *> group : groups)
          vectorizer.lower(group);
        for (Operation *op : llvm::reverse(ops))
          if (!lowered.contains(op) && op->use_empty())
            op->erase();
        spyre::gatherConstants(stage, before ? before->getNextNode() : &top.front());
        spyre::tidyStage(stage);
      });
      return success();
    };
    if (failed(spyre::forEachKernel(getOperation(), arch, run)))
      signalPassFailure();
  }
};

} // namespace
