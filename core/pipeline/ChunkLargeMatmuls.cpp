//===- ChunkLargeMatmuls.cpp - matmuls too large for LX run in chunks -----===//

#include "ir/KernelLxData.h"
#include "pipeline/utils/BoxTiles.h"
#include "pipeline/utils/MatmulChunks.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

namespace spyre {
#define GEN_PASS_DEF_CHUNKLARGEMATMULS
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {


ktdp::ConstructAccessTileOp tileOf(Value accessTile) {
  return accessTile.getDefiningOp<ktdp::ConstructAccessTileOp>();
}

/// The matmul's value for one chunk of N at `nOffset` (null: N whole):
/// the sum over chunks of K into an f32 accumulator, rounded to the
/// result's type, plus the matmul's accumulator.
Value chunkedValue(OpBuilder &b, spyre::MatmulChunks c, Value nOffset) {
  Location loc = c.matmul.getLoc();
  Type f32 = b.getF32Type();
  auto result = cast<RankedTensorType>(c.matmul.getResult(0).getType());
  Type out = result.getElementType();
  SmallVector<int64_t> shape{c.m, c.nChunk};
  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
  Value empty = tensor::EmptyOp::create(b, loc, shape, f32);
  Value acc0 = linalg::FillOp::create(b, loc, zero, empty).getResult(0);
  Value lo = arith::ConstantIndexOp::create(b, loc, 0);
  Value hi = arith::ConstantIndexOp::create(b, loc, c.k);
  Value step = arith::ConstantIndexOp::create(b, loc, c.kChunk);
  auto loop = scf::ForOp::create(
      b, loc, lo, hi, step, ValueRange{acc0},
      [&](OpBuilder &in, Location l, Value k, ValueRange iter) {
        Value ta = spyre::offsetBoxTile(in, l, tileOf(c.loadA.getAccessTile()),
                             {Value(), k}, {c.m, c.kChunk});
        // B stored transposed: its chunk is N x K, read as stored.
        SmallVector<Value> bAt = {k, nOffset};
        SmallVector<int64_t> bShape = {c.kChunk, c.nChunk};
        if (c.transposedB) {
          std::swap(bAt[0], bAt[1]);
          std::swap(bShape[0], bShape[1]);
        }
        Value tb = spyre::offsetBoxTile(in, l, tileOf(c.loadB.getAccessTile()),
                                        bAt, bShape);
        Type f16 = c.loadA.getType().getElementType();
        Value a = ktdp::LoadOp::create(
            in, l, RankedTensorType::get({c.m, c.kChunk}, f16), ta);
        Value bt = ktdp::LoadOp::create(
            in, l, RankedTensorType::get(bShape, f16), tb);
        auto chunk = linalg::MatmulOp::create(
            in, l, TypeRange{iter[0].getType()}, ValueRange{a, bt},
            ValueRange{iter[0]});
        if (c.transposedB)
          chunk->setAttr("indexing_maps", c.matmul->getAttr("indexing_maps"));
        // The body MLIR builds has no location: the matmul's line, as
        // normalize-grid gives the kernel's own matmuls.
        chunk->walk([&](Operation *op) {
          if (isa<UnknownLoc>(op->getLoc()))
            op->setLoc(l);
        });
        scf::YieldOp::create(in, l, chunk.getResult(0));
      });
  Value sum = loop.getResult(0);
  if (!out.isF32())
    sum = arith::TruncFOp::create(b, loc, RankedTensorType::get(shape, out),
                                  sum);
  // The matmul adds its accumulator to the rounded sum (as the interpreter
  // does); a fill of +0 adds nothing.
  Value acc = c.matmul.getOutputs()[0];
  if (c.fill && *c.fill == 0.0 && !std::signbit(*c.fill))
    return sum;
  if (c.fill) {
    Value v = arith::ConstantOp::create(b, loc, b.getFloatAttr(out, *c.fill));
    Value e = tensor::EmptyOp::create(b, loc, shape, out);
    acc = linalg::FillOp::create(b, loc, v, e).getResult(0);
  } else {
    // A loaded accumulator (planMatmulChunks checked) is loaded here, so
    // that the addition's pipeline streams it like its other operand.
    acc = b.clone(*acc.getDefiningOp())->getResult(0);
  }
  return arith::AddFOp::create(b, loc, sum, acc);
}

/// Erases `op` and then what only it used (loads, tiles, fills), in order.
void eraseWithOperands(Operation *op) {
  SmallVector<Value> operands(op->getOperands());
  op->erase();
  for (Value v : operands) {
    Operation *def = v.getDefiningOp();
    if (def && def->use_empty() &&
        isa<ktdp::LoadOp, ktdp::ConstructAccessTileOp, linalg::FillOp,
            tensor::EmptyOp>(def))
      eraseWithOperands(def);
  }
}

void rewrite(spyre::MatmulChunks c) {
  Location loc = c.matmul.getLoc();
  if (!c.store || c.nChunk == c.n) {
    OpBuilder b(c.matmul);
    Value value = chunkedValue(b, c, Value());
    c.matmul.getResult(0).replaceAllUsesWith(value);
    eraseWithOperands(c.matmul);
    return;
  }
  // N in chunks: each chunk's value stored where the store puts it.
  OpBuilder b(c.store);
  Value lo = arith::ConstantIndexOp::create(b, loc, 0);
  Value hi = arith::ConstantIndexOp::create(b, loc, c.n);
  Value step = arith::ConstantIndexOp::create(b, loc, c.nChunk);
  scf::ForOp::create(b, loc, lo, hi, step, ValueRange{},
                     [&](OpBuilder &in, Location l, Value n, ValueRange) {
                       Value value = chunkedValue(in, c, n);
                       Value tile = spyre::offsetBoxTile(
                           in, c.store.getLoc(), tileOf(c.store.getAccessTile()),
                           {Value(), n}, {c.m, c.nChunk});
                       ktdp::StoreOp::create(in, c.store.getLoc(), value, tile);
                       scf::YieldOp::create(in, l);
                     });
  eraseWithOperands(c.store);
  eraseWithOperands(c.matmul);
}

struct ChunkLargeMatmuls
    : spyre::impl::ChunkLargeMatmulsBase<ChunkLargeMatmuls> {
  using ChunkLargeMatmulsBase::ChunkLargeMatmulsBase;
  void runOnOperation() override {
    auto run = [&](func::FuncOp function, const spyre::arch::Arch &target) {
      int64_t capacity = spyre::lxArgumentDataStart(
          function, int64_t(target.scratchpadBytesPerCore), target.stickBytes);
      SmallVector<spyre::MatmulChunks> plans;
      function.walk([&](linalg::MatmulOp matmul) {
        std::string why;
        if (!spyre::matmulTooLarge(matmul, capacity, target.stickBytes))
          return;
        if (auto plan = spyre::planMatmulChunks(
                matmul, capacity, target.stickBytes,
                int64_t(target.computeLocalBytes), why))
          plans.push_back(*plan);
        else
          matmul.emitRemark("not chunked: ") << why;
      });
      for (spyre::MatmulChunks &plan : plans)
        rewrite(plan);
      return success();
    };
    if (failed(spyre::forEachKernel(getOperation(), arch, run)))
      signalPassFailure();
  }
};

} // namespace
