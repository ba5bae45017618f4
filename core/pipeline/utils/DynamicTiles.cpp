//===- DynamicTiles.cpp - access tiles of a run-time row count ------------===//

#include "pipeline/utils/DynamicTiles.h"
#include "ir/ktdp/IntegerSetUtils.h"
#include "pipeline/utils/BoxTiles.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace {

/// Most bytes one chunk of rows takes in any tile of the loop: a few
/// chunks of every tile fit the scratchpad and the compute unit streams
/// each a stick at a time.
constexpr int64_t kChunkBytes = 8192;

/// The dynamic dimension of an access tile and its row count, an affine
/// expression of the tile's symbol operands.
struct DynamicRows {
  unsigned dim = 0;
  int64_t first = 0; // the set's first row along `dim`
  AffineExpr count;  // over `symbols`
  SmallVector<Value> symbols;
};

bool hasSymbol(AffineExpr e) {
  bool found = false;
  e.walk([&](AffineExpr s) { found |= isa<AffineSymbolExpr>(s); });
  return found;
}

/// `c` with dimension `d` set to `value` and the others to 0.
AffineExpr at(AffineExpr c, unsigned dims, unsigned d, int64_t value) {
  MLIRContext *ctx = c.getContext();
  SmallVector<AffineExpr> repl(dims, getAffineConstantExpr(0, ctx));
  repl[d] = getAffineConstantExpr(value, ctx);
  return c.replaceDims(repl);
}

/// The dynamic rows of `tile`: one dimension of its type is dynamic, its
/// set bounds it by a constant below and an affine expression of its
/// symbols above, and the other dimensions form a box from 0 of the
/// type's extents. Empty on success, else why not.
std::string dynamicRowsOf(ktdp::ConstructAccessTileOp tile, DynamicRows &rows) {
  auto type = cast<ktdp::AccessTileType>(tile.getType());
  ArrayRef<int64_t> shape = type.getShape();
  int dynamic = -1;
  for (auto [d, extent] : llvm::enumerate(shape)) {
    if (!ShapedType::isDynamic(extent))
      continue;
    if (dynamic >= 0)
      return "more than one of its dimensions has a dynamic extent";
    dynamic = int(d);
  }
  if (dynamic < 0)
    return "its type is static";
  if (!tile.getAccessTileOrder().isIdentity())
    return "its access_tile_order is not the identity";
  IntegerSet set = tile.getAccessTileSet();
  unsigned dims = set.getNumDims(), d = unsigned(dynamic);
  if (dims != shape.size())
    return "its set and its type have different ranks";
  std::optional<int64_t> lower;
  std::optional<AffineExpr> upper;
  SmallVector<AffineExpr> others;
  SmallVector<bool> otherEq;
  for (auto [c, eq] : llvm::zip(set.getConstraints(), set.getEqFlags())) {
    if (!c.isFunctionOfDim(d)) {
      if (hasSymbol(c))
        return "a symbol bounds a dimension of static extent";
      others.push_back(c);
      otherEq.push_back(eq);
      continue;
    }
    for (unsigned o = 0; o < dims; ++o)
      if (o != d && c.isFunctionOfDim(o))
        return "a constraint ties its dynamic dimension to another one";
    AffineExpr base = simplifyAffineExpr(at(c, dims, d, 0), dims, set.getNumSymbols());
    auto coef = dyn_cast<AffineConstantExpr>(simplifyAffineExpr(
        at(c, dims, d, 1) - at(c, dims, d, 0), dims, set.getNumSymbols()));
    auto coef2 = dyn_cast<AffineConstantExpr>(simplifyAffineExpr(
        at(c, dims, d, 2) - at(c, dims, d, 0), dims, set.getNumSymbols()));
    if (eq || !coef || !coef2 || coef2.getValue() != 2 * coef.getValue() ||
        std::abs(coef.getValue()) != 1)
      return "its dynamic dimension is not bounded by one range "
             "(first <= d <= an expression of the symbols)";
    if (coef.getValue() == 1) { // d + base >= 0: d >= -base
      auto constant = dyn_cast<AffineConstantExpr>(base);
      if (!constant || lower)
        return "its dynamic dimension's first row is not one constant";
      lower = -constant.getValue();
    } else { // -d + base >= 0: d <= base
      if (upper)
        return "its dynamic dimension has several upper bounds";
      upper = base;
    }
  }
  if (!lower || !upper)
    return "its dynamic dimension is not bounded on both sides";
  // The other dimensions: a box from 0 of the type's extents.
  MLIRContext *ctx = tile.getContext();
  others.push_back(getAffineDimExpr(d, ctx));
  otherEq.push_back(true);
  IntegerSet box = IntegerSet::get(dims, 0, others, otherEq);
  int64_t points = 1;
  for (unsigned o = 0; o < dims; ++o) {
    if (o == d)
      continue;
    auto bounds = ktdp::integerSetDimBounds(box, o, {});
    if (!bounds || bounds->first != 0 || bounds->second != shape[o] - 1)
      return "its static dimensions are not a box from 0 of its type's extents";
    points *= shape[o];
  }
  if (ktdp::countIntegerSetPoints(box) != points)
    return "its static dimensions are not a box from 0 of its type's extents";
  rows.dim = d;
  rows.first = *lower;
  rows.count = simplifyAffineExpr(*upper - *lower + 1, dims, set.getNumSymbols());
  rows.symbols.assign(tile.getSymbolOperands().begin(), tile.getSymbolOperands().end());
  return {};
}

/// `rows.count` over the symbol list `all` (extended with its symbols).
AffineExpr countOver(const DynamicRows &rows, SmallVector<Value> &all) {
  SmallVector<AffineExpr> repl;
  for (Value s : rows.symbols) {
    auto it = llvm::find(all, s);
    if (it == all.end()) {
      all.push_back(s);
      it = all.end() - 1;
    }
    repl.push_back(getAffineSymbolExpr(unsigned(it - all.begin()), s.getContext()));
  }
  AffineExpr e = rows.count.replaceSymbols(repl);
  return simplifyAffineExpr(e, 0, unsigned(all.size()));
}

bool sameRows(const DynamicRows &a, const DynamicRows &b) {
  SmallVector<Value> all;
  return a.dim == b.dim && countOver(a, all) == countOver(b, all);
}

ktdp::ConstructAccessTileOp accessTileOf(Value accessTile) {
  return accessTile.getDefiningOp<ktdp::ConstructAccessTileOp>();
}

/// A load of an access tile of a dynamic type, with what it feeds.
struct RowLoop {
  DynamicRows rows;
  llvm::SetVector<Operation *> ops; // loads, compute, reductions, stores
  DenseSet<Value> values;           // tensors of the dynamic rows
  Operation *last = nullptr;        // the loop goes before it
};

class RowLoopPlanner {
public:
  explicit RowLoopPlanner(RowLoop &loop) : loop(loop) {}

  /// Empty when the load and what it feeds can be a loop over its rows.
  std::string plan(ktdp::LoadOp seed) {
    auto tile = accessTileOf(seed.getAccessTile());
    if (!tile)
      return "the load's access tile is not made by construct_access_tile";
    if (std::string why = dynamicRowsOf(tile, loop.rows); !why.empty())
      return why;
    block = seed->getBlock();
    if (std::string why = addLoad(seed); !why.empty())
      return why;
    while (!work.empty()) {
      Value v = work.pop_back_val();
      for (Operation *user : v.getUsers())
        if (std::string why = addUser(user, v); !why.empty())
          return why;
    }
    return checkOrder();
  }

private:
  std::string addLoad(ktdp::LoadOp load) {
    if (loop.ops.contains(load))
      return {};
    DynamicRows rows;
    auto tile = accessTileOf(load.getAccessTile());
    if (!tile || !dynamicRowsOf(tile, rows).empty() || !sameRows(rows, loop.rows))
      return "it is combined with a tile of other rows";
    if (load->getBlock() != block)
      return "it is combined with a tile loaded in another block";
    loop.ops.insert(load);
    loop.values.insert(load.getResult());
    work.push_back(load.getResult());
    return {};
  }

  /// Whether `t` is a tensor of the loop's rows (its dynamic dimension).
  bool rowsTensor(Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && tensor.getRank() > loop.rows.dim &&
           tensor.isDynamicDim(loop.rows.dim) && tensor.getNumDynamicDims() == 1;
  }

  /// An operand of a compute op: a tensor of the rows, or another dynamic
  /// load of the same rows (which joins the loop).
  std::string addOperand(Value v) {
    if (loop.values.contains(v))
      return {};
    if (auto load = v.getDefiningOp<ktdp::LoadOp>(); load && rowsTensor(v.getType()))
      return addLoad(load);
    if (isa<TensorType>(v.getType()))
      return "it is combined with a tensor that is not a tile of its rows";
    return {};
  }

  std::string addUser(Operation *user, Value v) {
    if (loop.ops.contains(user))
      return {};
    if (user->getBlock() != block)
      return "it is used in another block";
    if (auto store = dyn_cast<ktdp::StoreOp>(user)) {
      DynamicRows rows;
      auto tile = accessTileOf(store.getAccessTile());
      if (store.getDataTile() != v || !tile || !dynamicRowsOf(tile, rows).empty() ||
          !sameRows(rows, loop.rows))
        return "it is stored into a tile that is not of the same rows";
      loop.ops.insert(user);
      return {};
    }
    if (auto reduce = dyn_cast<linalg::ReduceOp>(user)) {
      if (reduce.getInputs().size() != 1 ||
          reduce.getDimensions() != ArrayRef<int64_t>{int64_t(loop.rows.dim)})
        return "a reduction of it is not over its dynamic dimension alone";
      loop.ops.insert(user);
      return {};
    }
    if (auto generic = dyn_cast<linalg::GenericOp>(user)) {
      if (generic.getNumReductionLoops() != 0 ||
          !llvm::all_of(generic.getIndexingMapsArray(),
                        [](AffineMap m) { return m.isIdentity(); }))
        return "a linalg.generic reads it other than elementwise";
      for (Value in : generic.getDpsInputs())
        if (std::string why = addOperand(in); !why.empty())
          return why;
      for (Value out : generic.getDpsInits())
        if (!out.getDefiningOp<tensor::EmptyOp>() && !loop.values.contains(out))
          return "a linalg.generic on it writes into a tensor that is not empty";
      return addCompute(user);
    }
    if (spyre::isElementwiseOp(user) && !isa<linalg::LinalgOp>(user)) {
      for (Value in : user->getOperands())
        if (std::string why = addOperand(in); !why.empty())
          return why;
      return addCompute(user);
    }
    return "'" + user->getName().getStringRef().str() +
           "' uses it (only elementwise ops, reductions over its dynamic "
           "dimension and stores into tiles of the same rows are compiled)";
  }

  std::string addCompute(Operation *op) {
    if (op->getNumResults() != 1 || !rowsTensor(op->getResult(0).getType()))
      return "an op on it gives a result that is not a tile of its rows";
    loop.ops.insert(op);
    loop.values.insert(op->getResult(0));
    work.push_back(op->getResult(0));
    return {};
  }

  /// The loop runs where the last of its ops was: nothing between the
  /// first and the last may write memory (or read it, when the loop
  /// stores), and what uses the reductions comes after.
  std::string checkOrder() {
    Operation *first = nullptr;
    bool stores = false;
    for (Operation *op : loop.ops) {
      if (!first || op->isBeforeInBlock(first))
        first = op;
      if (!loop.last || loop.last->isBeforeInBlock(op))
        loop.last = op;
      stores |= isa<ktdp::StoreOp>(op);
    }
    for (Operation *op = first; op != loop.last; op = op->getNextNode()) {
      if (loop.ops.contains(op) || isMemoryEffectFree(op))
        continue;
      bool reads = isa<ktdp::LoadOp>(op);
      if (!reads || stores)
        return "'" + op->getName().getStringRef().str() +
               "' between its load and its last use may touch the same memory";
    }
    for (Operation *op : loop.ops)
      for (Value result : op->getResults())
        for (Operation *user : result.getUsers()) {
          if (loop.ops.contains(user))
            continue;
          Operation *at = block->findAncestorOpInBlock(*user);
          if (!at || !loop.last->isBeforeInBlock(at))
            return "a result of it is used before its last use";
        }
    return {};
  }

  RowLoop &loop;
  Block *block = nullptr;
  SmallVector<Value> work;
};

/// `count` (an affine expression of `symbols`) as index arithmetic.
Value expand(OpBuilder &b, Location loc, AffineExpr e, ArrayRef<Value> symbols) {
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return arith::ConstantIndexOp::create(b, loc, c.getValue());
  if (auto s = dyn_cast<AffineSymbolExpr>(e))
    return symbols[s.getPosition()];
  auto bin = cast<AffineBinaryOpExpr>(e);
  Value l = expand(b, loc, bin.getLHS(), symbols);
  Value r = expand(b, loc, bin.getRHS(), symbols);
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return arith::AddIOp::create(b, loc, l, r);
  case AffineExprKind::Mul:
    return arith::MulIOp::create(b, loc, l, r);
  case AffineExprKind::FloorDiv:
    return arith::FloorDivSIOp::create(b, loc, l, r);
  case AffineExprKind::CeilDiv:
    return arith::CeilDivSIOp::create(b, loc, l, r);
  default: { // mod: the non-negative remainder
    Value rem = arith::RemSIOp::create(b, loc, l, r);
    Value neg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rem,
                                      arith::ConstantIndexOp::create(b, loc, 0));
    return arith::SelectOp::create(b, loc, neg, arith::AddIOp::create(b, loc, rem, r),
                                   rem);
  }
  }
}

/// The loop's tensors with `rows` rows along the dynamic dimension.
RankedTensorType withRows(Type t, unsigned dim, int64_t rows) {
  auto tensor = cast<RankedTensorType>(t);
  SmallVector<int64_t> shape(tensor.getShape());
  shape[dim] = rows;
  return RankedTensorType::get(shape, tensor.getElementType());
}

/// Rows per chunk: as many as keep every tile of the loop within
/// kChunkBytes (a power of two, at least 1); one when the loop carries a
/// reduction, whose chunk the compute unit would hold whole where a row
/// streams.
int64_t chunkRows(const RowLoop &loop) {
  // A reduction over a leading dimension (a column sum over the rows):
  // its chunk would be held whole; over the last one (a row's maximum
  // over its first n columns) each chunk is a row the stages stream.
  for (Value v : loop.values)
    if (loop.rows.dim + 1 != cast<RankedTensorType>(v.getType()).getRank() &&
        llvm::any_of(loop.ops, [](Operation *op) { return isa<linalg::ReduceOp>(op); }))
      return 1;
  int64_t rowBytes = 1;
  for (Value v : loop.values) {
    auto tensor = cast<RankedTensorType>(v.getType());
    int64_t bytes = std::max<int64_t>(1, spyre::elementBytes(tensor.getElementType()));
    for (auto [d, extent] : llvm::enumerate(tensor.getShape()))
      if (d != loop.rows.dim)
        bytes *= extent;
    rowBytes = std::max(rowBytes, bytes);
  }
  int64_t rows = 1;
  while (rows * 2 * rowBytes <= kChunkBytes)
    rows *= 2;
  return rows;
}

/// One loop over [lo, hi) in chunks of `rows` rows: the loop's ops on
/// static tiles anchored at the chunk's first row, the reductions'
/// accumulators carried. Gives the reductions' results.
SmallVector<Value> emitLoop(OpBuilder &b, Location loc, const RowLoop &loop,
                            ArrayRef<Operation *> ordered,
                            ArrayRef<linalg::ReduceOp> reductions, ValueRange inits,
                            Value lo, Value hi, int64_t rows) {
  unsigned dim = loop.rows.dim;
  Value step = arith::ConstantIndexOp::create(b, loc, rows);
  auto body = [&](OpBuilder &in, Location l, Value iv, ValueRange acc) {
    Value row = iv;
    if (loop.rows.first != 0)
      row = arith::AddIOp::create(in, l, iv,
                                  arith::ConstantIndexOp::create(in, l, loop.rows.first));
    auto chunkTile = [&](Value accessTile) {
      auto tile = accessTileOf(accessTile);
      SmallVector<Value> offsets(
          cast<ktdp::AccessTileType>(tile.getType()).getShape().size());
      offsets[dim] = row;
      SmallVector<int64_t> shape(cast<ktdp::AccessTileType>(tile.getType()).getShape());
      shape[dim] = rows;
      return spyre::offsetBoxTile(in, tile.getLoc(), tile, offsets, shape);
    };
    IRMapping map;
    SmallVector<Value> yields(acc.begin(), acc.end());
    for (Operation *op : ordered) {
      if (auto load = dyn_cast<ktdp::LoadOp>(op)) {
        Value chunk =
            ktdp::LoadOp::create(in, load.getLoc(), withRows(load.getType(), dim, rows),
                                 chunkTile(load.getAccessTile()));
        map.map(load.getResult(), chunk);
        continue;
      }
      if (auto store = dyn_cast<ktdp::StoreOp>(op)) {
        ktdp::StoreOp::create(in, store.getLoc(), map.lookup(store.getDataTile()),
                              chunkTile(store.getAccessTile()));
        continue;
      }
      for (Value operand : op->getOperands())
        if (auto empty = operand.getDefiningOp<tensor::EmptyOp>();
            empty && !map.contains(operand))
          map.map(operand,
                  tensor::EmptyOp::create(in, empty.getLoc(),
                                          withRows(empty.getType(), dim, rows).getShape(),
                                          empty.getType().getElementType()));
      auto reduce = dyn_cast<linalg::ReduceOp>(op);
      if (reduce) {
        size_t k = llvm::find(reductions, reduce) - reductions.begin();
        map.map(reduce.getInits()[0], yields[k]);
        Operation *copy = in.clone(*op, map);
        yields[k] = copy->getResult(0);
        map.erase(reduce.getInits()[0]);
        continue;
      }
      Operation *copy = in.clone(*op, map);
      copy->getResult(0).setType(withRows(op->getResult(0).getType(), dim, rows));
    }
    scf::YieldOp::create(in, l, yields);
  };
  auto forOp = scf::ForOp::create(b, loc, lo, hi, step, inits, body);
  return SmallVector<Value>(forOp.getResults());
}

void rewriteAsLoop(RowLoop &loop) {
  Operation *last = loop.last;
  OpBuilder b(last);
  Location loc = last->getLoc();
  SmallVector<Operation *> ordered(loop.ops.begin(), loop.ops.end());
  llvm::sort(ordered, [](Operation *a, Operation *c) { return a->isBeforeInBlock(c); });
  SmallVector<linalg::ReduceOp> reductions;
  SmallVector<Value> inits;
  for (Operation *op : ordered)
    if (auto reduce = dyn_cast<linalg::ReduceOp>(op)) {
      reductions.push_back(reduce);
      inits.push_back(reduce.getInits()[0]);
    }
  Value count = expand(b, loc, loop.rows.count, loop.rows.symbols);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  // Chunks of `rows` rows, then of half as many, ..., then of one: each
  // loop after the first runs at most once, so the rows left after the
  // whole chunks take as many loops as bits, not one iteration each.
  SmallVector<Value> results = inits;
  Value done = zero;
  for (int64_t rows = chunkRows(loop); rows >= 1; rows /= 2) {
    Value end = count;
    if (rows > 1) {
      Value r = arith::ConstantIndexOp::create(b, loc, rows);
      Value left = arith::SubIOp::create(b, loc, count, done);
      Value whole =
          arith::MulIOp::create(b, loc, arith::DivSIOp::create(b, loc, left, r), r);
      end = arith::AddIOp::create(b, loc, done, whole);
    }
    results = emitLoop(b, loc, loop, ordered, reductions, results, done, end, rows);
    done = end;
  }
  for (auto [reduce, result] : llvm::zip(reductions, results))
    reduce.getResult(0).replaceAllUsesWith(result);
  SmallVector<Operation *> feeders;
  for (Operation *op : llvm::reverse(ordered)) {
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp();
          def && isa<ktdp::ConstructAccessTileOp, tensor::EmptyOp>(def))
        feeders.push_back(def);
    op->erase();
  }
  for (Operation *def : feeders)
    if (def->use_empty())
      def->erase();
}

} // namespace

namespace spyre {

std::string whyDynamicTileStays(ktdp::ConstructAccessTileOp tile) {
  auto type = cast<ktdp::AccessTileType>(tile.getType());
  if (!llvm::any_of(type.getShape(), ShapedType::isDynamic))
    return {};
  DynamicRows rows;
  if (std::string why = dynamicRowsOf(tile, rows); !why.empty())
    return why;
  const char *notFromRows = "what is stored into it is not computed from a "
                            "load of a tile of the same rows";
  for (Operation *user : tile->getUsers()) {
    auto seed = dyn_cast<ktdp::LoadOp>(user);
    auto store = dyn_cast<ktdp::StoreOp>(user);
    if (store) {
      // A load of a dynamic tile what it stores is computed from.
      SmallVector<Value> work{store.getDataTile()};
      DenseSet<Value> seen;
      while (!work.empty() && !seed) {
        Value v = work.pop_back_val();
        Operation *def = v.getDefiningOp();
        if (!seen.insert(v).second || !def)
          continue;
        auto load = dyn_cast<ktdp::LoadOp>(def);
        if (load && !load.getType().hasStaticShape())
          seed = load;
        else if (!load)
          work.append(def->operand_begin(), def->operand_end());
      }
      if (!seed)
        return notFromRows;
    } else if (!seed) {
      return "'" + user->getName().getStringRef().str() +
             "' uses it (only ktdp.load and ktdp.store are compiled)";
    }
    RowLoop loop;
    std::string why = RowLoopPlanner(loop).plan(seed);
    if (store && !why.empty())
      return "what is stored into it is computed from a loaded tile whose "
             "rows cannot be a loop (said on that tile)";
    if (!why.empty())
      return why;
    if (!loop.ops.contains(user))
      return notFromRows;
  }
  return {};
}

void loopDynamicTiles(Operation *root) {
  SmallVector<ktdp::LoadOp> seeds;
  root->walk([&](ktdp::LoadOp load) {
    auto tensor = dyn_cast<RankedTensorType>(load.getType());
    if (tensor && !tensor.hasStaticShape())
      seeds.push_back(load);
  });
  DenseSet<Operation *> done;
  for (ktdp::LoadOp seed : seeds) {
    if (done.contains(seed))
      continue;
    RowLoop loop;
    if (!RowLoopPlanner(loop).plan(seed).empty())
      continue;
    for (Operation *op : loop.ops)
      done.insert(op);
    rewriteAsLoop(loop);
  }
}

} // namespace spyre
