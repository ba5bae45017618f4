//===- NormalizeMatmuls.cpp - matmuls in the form the backend streams -----===//
//
// Generated kernels write their matmuls in forms the later passes do not
// know; each is rewritten into one they do, with the same result:
//
//   * a linalg.generic contraction of f16 operands into an f32
//     accumulator (`acc + f32(a) * f32(b)`, maps of a matmul with B as is
//     or transposed): the linalg.matmul of its maps;
//   * indexing maps that transpose an operand (what
//     linalg.matmul_transpose_b and its siblings parse into): a `ktdp.load`
//     of a `ktdp.construct_access_tile` is loaded transposed (the tile's
//     order map swaps the two dimensions, so the DMA reads it transposed,
//     as a kernel that loads K^T does), anything else goes through a
//     linalg.transpose;
//     but a B read transposed alone (x @ W^T, Q @ K^T) stays as stored,
//     with its map, when it is loaded (through unit reshapes), its rows
//     along K are whole sticks of a float type and the matmul's tiles are
//     not ones chunk-large-matmuls chunks: vectorize-held-tiles computes
//     it as dot products over B's rows (pipeline/utils/DotMatmul.h);
//   * a linalg.batch_matmul of one batch (a head per tile): a linalg.matmul
//     of the operands without their unit batch dimension (B's transposed
//     map, when it is kept, without its batch dimension too);
//   * a matmul into zeros whose result is only added to an f32 accumulator
//     (`part = A @ B; acc + part`, the K loop of a generated projection):
//     the matmul accumulates into the accumulator itself. The same
//     products in the same order, but the f32 sum now continues from acc
//     instead of adding the part's own sum to it: its last bits may move
//     (docs/stage-execution.md lists this pass among those that reorder).
//
//===----------------------------------------------------------------------===//

#include "ir/KernelLxData.h"
#include "ir/ktdp/KtdpOps.h"
#include "ir/ktdp/KtdpTypes.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/MatmulChunks.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

namespace spyre {
#define GEN_PASS_DEF_NORMALIZEMATMULS
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// The permutation that reads an operand indexed by `map` in the layout of
/// `standard` (result i of `standard` is dimension perm[i] of the operand);
/// empty when `map` is not a permutation of `standard`'s results.
SmallVector<int64_t> permutationTo(AffineMap map, AffineMap standard) {
  SmallVector<int64_t> perm;
  if (map.getNumResults() != standard.getNumResults())
    return {};
  for (AffineExpr want : standard.getResults()) {
    auto found = llvm::find(map.getResults(), want);
    if (found == map.getResults().end())
      return {};
    perm.push_back(found - map.getResults().begin());
  }
  return perm;
}

RankedTensorType permutedType(RankedTensorType type, ArrayRef<int64_t> perm) {
  SmallVector<int64_t> shape;
  for (int64_t d : perm)
    shape.push_back(type.getDimSize(d));
  return RankedTensorType::get(shape, type.getElementType());
}

/// `value` loaded again through a copy of its access tile whose order map
/// is permuted by `perm`; null when `value` is not such a load.
Value loadPermuted(OpBuilder &b, Value value, ArrayRef<int64_t> perm) {
  auto load = value.getDefiningOp<ktdp::LoadOp>();
  auto tile = load ? load.getAccessTile().getDefiningOp<ktdp::ConstructAccessTileOp>()
                   : nullptr;
  if (!tile)
    return {};
  auto tileType = cast<ktdp::AccessTileType>(tile.getType());
  AffineMap order = tile.getAccessTileOrder();
  if (order.getNumResults() != perm.size() ||
      tileType.getRank() != int64_t(perm.size()))
    return {};
  SmallVector<AffineExpr> results;
  SmallVector<int64_t> shape;
  for (int64_t d : perm) {
    results.push_back(order.getResult(d));
    shape.push_back(tileType.getShape()[d]);
  }
  b.setInsertionPointAfter(load);
  auto newTile = cast<ktdp::ConstructAccessTileOp>(b.clone(*tile));
  newTile.setAccessTileOrderAttr(AffineMapAttr::get(AffineMap::get(
      order.getNumDims(), order.getNumSymbols(), results, b.getContext())));
  newTile.getResult().setType(
      ktdp::AccessTileType::get(b.getContext(), shape,
                                tileType.getElementType()));
  auto type = permutedType(cast<RankedTensorType>(load.getType()), perm);
  return ktdp::LoadOp::create(b, load.getLoc(), type, newTile.getResult())
      .getResult();
}

/// `value` through a linalg.transpose by `perm`, before `user`.
Value transposed(OpBuilder &b, Operation *user, Value value,
                 ArrayRef<int64_t> perm) {
  b.setInsertionPoint(user);
  auto type = permutedType(cast<RankedTensorType>(value.getType()), perm);
  Value init = tensor::EmptyOp::create(b, user->getLoc(), type.getShape(),
                                       type.getElementType());
  return linalg::TransposeOp::create(b, user->getLoc(), value, init, perm)
      ->getResult(0);
}

/// `v` through reshapes (unit dimensions added or dropped) back to the
/// `ktdp.load` it is; null otherwise.
ktdp::LoadOp loadThroughReshapes(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto load = dyn_cast<ktdp::LoadOp>(def))
      return load;
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def))
      return nullptr;
    v = def->getOperand(0);
  }
  return nullptr;
}

/// Whether `op` (a matmul, or a batch matmul of one batch) reads B alone
/// transposed, and B can stay as stored: loaded, float operands, rows
/// along K of whole sticks, tiles that chunk-large-matmuls leaves whole
/// (at most half of what the kernel's own LX data leaves of the
/// scratchpad, its test) or chunks as stored (a matmul whose maps are
/// already `maps`).
bool keepsBTransposed(linalg::LinalgOp op, ArrayRef<AffineMap> maps,
                      ArrayRef<AffineMap> standard, int stickBytes,
                      int64_t lxBytes, int64_t rowBytes) {
  if (maps.size() != 3 || maps[0] != standard[0] || maps[2] != standard[2] ||
      op->getNumResults() != 1)
    return false;
  SmallVector<int64_t> perm = permutationTo(maps[1], standard[1]);
  int64_t rank = int64_t(perm.size());
  if (rank < 2 || perm[rank - 1] != rank - 2 || perm[rank - 2] != rank - 1)
    return false;
  if (isa<linalg::BatchMatmulOp>(op)) {
    auto t = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (!t || t.getRank() != 3 || t.getDimSize(0) != 1)
      return false;
  }
  int64_t bytes = 0;
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults())) {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    if (!t || !t.hasStaticShape() || !isa<FloatType>(t.getElementType()))
      return false;
    bytes += spyre::scratchpadBytes(t, stickBytes);
  }
  auto bType = cast<RankedTensorType>(op->getOperand(1).getType());
  int64_t width = bType.getElementTypeBitWidth() / 8;
  if (!loadThroughReshapes(op->getOperand(1)) || width <= 0 ||
      bType.getShape().back() * width % stickBytes != 0)
    return false;
  if (bytes <= lxBytes / 2)
    return true;
  auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation());
  std::string why;
  return matmul && op.getIndexingMapsArray() == maps &&
         spyre::planMatmulChunks(matmul, lxBytes, stickBytes, rowBytes, why);
}

struct NormalizeMatmuls
    : spyre::impl::NormalizeMatmulsBase<NormalizeMatmuls> {
  using NormalizeMatmulsBase::NormalizeMatmulsBase;
  void runOnOperation() override {
    auto run = [&](func::FuncOp function, const spyre::arch::Arch &target) {
      stickBytes = target.stickBytes;
      lxBytes = spyre::lxArgumentDataStart(
          function, int64_t(target.scratchpadBytesPerCore), stickBytes);
      rowBytes = int64_t(target.computeLocalBytes);
      return normalize(function);
    };
    if (failed(spyre::forEachKernel(getOperation(), arch, run)))
      signalPassFailure();
  }

  LogicalResult normalize(func::FuncOp function) {
    SmallVector<linalg::GenericOp> contractions;
    function->walk([&](linalg::GenericOp g) {
      if (isHalfMatmul(g))
        contractions.push_back(g);
    });
    for (linalg::GenericOp g : contractions)
      asMatmul(g);
    SmallVector<linalg::LinalgOp> matmuls;
    function->walk([&](linalg::LinalgOp op) {
      if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op) && op.hasPureTensorSemantics())
        matmuls.push_back(op);
    });
    for (linalg::LinalgOp op : matmuls) {
      readTransposeInPlace(op);
      if (failed(defaultMaps(op)))
        return failure();
      if (auto batch = dyn_cast<linalg::BatchMatmulOp>(op.getOperation()))
        op = withoutUnitBatch(batch);
      accumulateInPlace(op);
      // A matmul made here has the body MLIR builds for a named op, without
      // locations: its ops and arguments take the matmul's, so that the
      // vector ops cloned from them keep a KTIR line.
      Location loc = op->getLoc();
      op->walk([&](Block *block) {
        for (BlockArgument arg : block->getArguments())
          if (isa<UnknownLoc>(arg.getLoc()))
            arg.setLoc(loc);
        for (Operation &inner : *block)
          if (isa<UnknownLoc>(inner.getLoc()))
            inner.setLoc(loc);
      });
    }
    return success();
  }

  /// A linalg.generic that is a matmul of f16 operands into an f32
  /// accumulator (a contraction of Q @ K^T as a generator writes it):
  /// iterators (parallel, parallel, reduction), maps (m, k), (k, n) or
  /// (n, k), (m, n), body `acc + f32(a) * f32(b)`: exactly what
  /// linalg.matmul computes, and the interpreter sums it the same way
  /// (the f32 sum continued product by product, in k order).
  static bool isHalfMatmul(linalg::GenericOp g) {
    MLIRContext *context = g.getContext();
    if (g.getNumDpsInputs() != 2 || g.getNumDpsInits() != 1 ||
        g->getNumResults() != 1 || !g.hasPureTensorSemantics() ||
        g.getNumLoops() != 3 || g.getNumReductionLoops() != 1 ||
        g.getIteratorTypesArray()[2] != utils::IteratorType::reduction)
      return false;
    AffineExpr m = getAffineDimExpr(0, context),
               n = getAffineDimExpr(1, context),
               k = getAffineDimExpr(2, context);
    SmallVector<AffineMap> maps = g.getIndexingMapsArray();
    if (maps[0] != AffineMap::get(3, 0, {m, k}, context) ||
        maps[2] != AffineMap::get(3, 0, {m, n}, context) ||
        (maps[1] != AffineMap::get(3, 0, {k, n}, context) &&
         maps[1] != AffineMap::get(3, 0, {n, k}, context)))
      return false;
    auto elementOf = [](Value v) { return getElementTypeOrSelf(v.getType()); };
    if (!elementOf(g.getDpsInputs()[0]).isF16() ||
        !elementOf(g.getDpsInputs()[1]).isF16() ||
        !elementOf(g.getDpsInits()[0]).isF32())
      return false;
    Block &body = *g.getBlock();
    auto yield = cast<linalg::YieldOp>(body.getTerminator());
    auto add = yield.getValues()[0].getDefiningOp<arith::AddFOp>();
    if (!add || std::distance(body.begin(), body.end()) != 5)
      return false;
    Value acc = body.getArgument(2);
    Value product = add.getLhs() == acc ? add.getRhs() : add.getLhs();
    auto mul = product.getDefiningOp<arith::MulFOp>();
    if ((add.getLhs() != acc && add.getRhs() != acc) || !mul)
      return false;
    auto widened = [&](Value v, unsigned arg) {
      auto ext = v.getDefiningOp<arith::ExtFOp>();
      return ext && ext.getIn() == body.getArgument(arg);
    };
    return (widened(mul.getLhs(), 0) && widened(mul.getRhs(), 1)) ||
           (widened(mul.getLhs(), 1) && widened(mul.getRhs(), 0));
  }

  /// `g` (isHalfMatmul) as the linalg.matmul of its maps.
  static void asMatmul(linalg::GenericOp g) {
    OpBuilder b(g);
    auto matmul = linalg::MatmulOp::create(
        b, g.getLoc(), TypeRange{g->getResult(0).getType()},
        ValueRange{g.getDpsInputs()}, ValueRange{g.getDpsInits()});
    if (matmul.getIndexingMapsArray() != g.getIndexingMapsArray())
      matmul->setAttr("indexing_maps", g.getIndexingMaps());
    g->getResult(0).replaceAllUsesWith(matmul->getResult(0));
    g.erase();
  }

  /// A linalg.matmul of default maps whose B is a linalg.transpose of a
  /// tile (torch-mlir's x @ W^T: `linalg.transpose` of the weight, then
  /// `linalg.matmul`) reads that tile through B's transposed map instead,
  /// when B can then stay as stored (keepsBTransposed); the transpose goes
  /// once nothing else reads it. The same products in the same order.
  void readTransposeInPlace(linalg::LinalgOp op) {
    auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation());
    SmallVector<AffineMap> standard =
        linalg::MatmulOp::getDefaultIndexingMaps(&getContext());
    if (!matmul || op.getIndexingMapsArray() != standard)
      return;
    OpOperand &b = op->getOpOperand(1);
    auto transpose = b.get().getDefiningOp<linalg::TransposeOp>();
    if (!transpose || transpose.getPermutation() != ArrayRef<int64_t>{1, 0} ||
        !transpose->getResult(0).hasOneUse())
      return;
    SmallVector<AffineMap> maps = standard;
    maps[1] = standard[1].getSubMap({1, 0});
    Value old = b.get();
    Attribute oldMaps = op->getAttr("indexing_maps");
    SmallVector<Attribute> attrs;
    for (AffineMap m : maps)
      attrs.push_back(AffineMapAttr::get(m));
    b.set(transpose.getInput());
    op->setAttr("indexing_maps", ArrayAttr::get(&getContext(), attrs));
    if (!keepsBTransposed(op, maps, standard, stickBytes, lxBytes, rowBytes)) {
      b.set(old);
      if (oldMaps)
        op->setAttr("indexing_maps", oldMaps);
      else
        op->removeAttr("indexing_maps");
      return;
    }
    Value init = transpose.getInit();
    transpose.erase();
    if (Operation *empty = init.getDefiningOp<tensor::EmptyOp>();
        empty && empty->use_empty())
      empty->erase();
  }

  LogicalResult defaultMaps(linalg::LinalgOp op) {
    bool batched = isa<linalg::BatchMatmulOp>(op);
    SmallVector<AffineMap> standard =
        batched ? linalg::BatchMatmulOp::getDefaultIndexingMaps(&getContext())
                : linalg::MatmulOp::getDefaultIndexingMaps(&getContext());
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    if (maps == standard)
      return success();
    if (maps.size() != 3 || maps[2] != standard[2])
      return op->emitError("the Spyre pipeline compiles matmuls whose "
                           "result has the default indexing map, not ")
             << AffineMapAttr::get(maps[2]);
    bool keepB =
        keepsBTransposed(op, maps, standard, stickBytes, lxBytes, rowBytes);
    OpBuilder b(op);
    for (unsigned i = 0; i < 2; ++i) {
      if (maps[i] == standard[i] || (i == 1 && keepB))
        continue;
      SmallVector<int64_t> perm = permutationTo(maps[i], standard[i]);
      if (perm.empty())
        return op->emitError("the Spyre pipeline compiles matmuls whose "
                             "operands are read whole or transposed, not "
                             "through ")
               << AffineMapAttr::get(maps[i]);
      OpOperand &operand = op->getOpOperand(i);
      Value old = operand.get();
      Value value = loadPermuted(b, old, perm);
      if (!value)
        value = transposed(b, op, old, perm);
      operand.set(value);
      eraseIfUnused(old);
    }
    SmallVector<Attribute> attrs;
    for (auto [i, m] : llvm::enumerate(standard))
      attrs.push_back(AffineMapAttr::get(i == 1 && keepB ? maps[1] : m));
    op->setAttr("indexing_maps", ArrayAttr::get(&getContext(), attrs));
    return success();
  }

  /// `op` as a linalg.matmul when its batch extent is 1 (each operand
  /// collapsed to its last two dimensions, the result expanded back);
  /// `op` itself otherwise.
  static linalg::LinalgOp withoutUnitBatch(linalg::BatchMatmulOp op) {
    auto isUnitBatch = [](Value v) {
      auto t = dyn_cast<RankedTensorType>(v.getType());
      return t && t.getRank() == 3 && t.getDimSize(0) == 1 &&
             t.hasStaticShape();
    };
    if (op->getNumResults() != 1 ||
        !llvm::all_of(op->getOperands(), isUnitBatch))
      return op;
    OpBuilder b(op);
    Location loc = op.getLoc();
    SmallVector<ReassociationIndices> groups = {{0, 1}, {2}};
    auto collapse = [&](Value v) -> Value {
      auto t = cast<RankedTensorType>(v.getType());
      auto flat = RankedTensorType::get(t.getShape().drop_front(),
                                        t.getElementType());
      // A constant or a fill (the accumulator's zeros): made in that shape.
      DenseElementsAttr dense;
      if (matchPattern(v, m_Constant(&dense)))
        return arith::ConstantOp::create(b, loc, dense.reshape(flat));
      if (auto fill = v.getDefiningOp<linalg::FillOp>())
        if (fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>())
          return linalg::FillOp::create(
                     b, loc, fill.getInputs()[0],
                     tensor::EmptyOp::create(b, loc, flat.getShape(),
                                             flat.getElementType())
                         .getResult())
              .getResult(0);
      return tensor::CollapseShapeOp::create(b, loc, flat, v, groups);
    };
    Value a = collapse(op.getInputs()[0]), bm = collapse(op.getInputs()[1]);
    Value c = collapse(op.getOutputs()[0]);
    auto matmul = linalg::MatmulOp::create(b, loc, TypeRange{c.getType()},
                                           ValueRange{a, bm}, ValueRange{c});
    if (op.hasUserDefinedMaps()) {
      // B kept transposed: the maps without the batch dimension.
      SmallVector<Attribute> attrs;
      llvm::SmallBitVector batchDim(4);
      batchDim.set(0);
      for (AffineMap m : op.getIndexingMapsArray())
        attrs.push_back(
            AffineMapAttr::get(compressDims(m.dropResult(0), batchDim)));
      matmul->setAttr("indexing_maps", ArrayAttr::get(b.getContext(), attrs));
    }
    Value result = tensor::ExpandShapeOp::create(
        b, loc, op->getResult(0).getType(), matmul->getResult(0), groups);
    op->getResult(0).replaceAllUsesWith(result);
    op.erase();
    return cast<linalg::LinalgOp>(matmul.getOperation());
  }

  /// `acc + (A @ B into zeros)` on f32 as `A @ B into acc`: the same sum
  /// (the partial is added to the accumulator once either way, up to the
  /// order of f32 additions), and the form whose accumulator the later
  /// passes keep in place. f16 keeps its partial: rounding it first is what
  /// the kernel says.
  static void accumulateInPlace(linalg::LinalgOp op) {
    if (!isa<linalg::MatmulOp>(op) || op->getNumResults() != 1 ||
        !op->getResult(0).hasOneUse())
      return;
    Value init = op.getDpsInits()[0];
    auto type = dyn_cast<RankedTensorType>(init.getType());
    if (!type || !type.getElementType().isF32() || !isZeros(init))
      return;
    auto add = dyn_cast<arith::AddFOp>(*op->getResult(0).getUsers().begin());
    if (!add || add.getType() != type)
      return;
    Value acc = add.getLhs() == op->getResult(0) ? add.getRhs() : add.getLhs();
    if (acc == op->getResult(0))
      return;
    // The accumulator must be there before the matmul.
    if (Operation *def = acc.getDefiningOp())
      if (def->getBlock() == op->getBlock() && !def->isBeforeInBlock(op))
        return;
    op.getDpsInitsMutable()[0].set(acc);
    add.getResult().replaceAllUsesWith(op->getResult(0));
    add.erase();
  }

  int stickBytes = 0;
  int64_t lxBytes = 0, rowBytes = 0;

  /// A tensor of zeros: an arith.constant splat of 0, or linalg.fill of 0.
  static bool isZeros(Value v) {
    if (matchPattern(v, m_AnyZeroFloat()))
      return true;
    auto fill = v.getDefiningOp<linalg::FillOp>();
    return fill && matchPattern(fill.getInputs()[0], m_AnyZeroFloat());
  }

  /// The load the matmul read before, and its access tile, once nothing
  /// else reads them (a load is not dead code to MLIR: it reads memory).
  static void eraseIfUnused(Value old) {
    auto load = old.getDefiningOp<ktdp::LoadOp>();
    if (!load || !load->use_empty())
      return;
    Operation *tile = load.getAccessTile().getDefiningOp();
    load.erase();
    if (tile && tile->use_empty() && isa<ktdp::ConstructAccessTileOp>(tile))
      tile->erase();
  }
};

} // namespace
