//===- ChunkLargeTransfers.cpp - big tiles stream through LX in chunks ----===//

#include "ir/KernelLxData.h"
#include "ir/ktdp/KtdpTypes.h"
#include "ir/schedule/ScheduleDialect.h"
#include "pipeline/Passes.h"
#include "pipeline/utils/ScheduleUtils.h"
#include "pipeline/utils/Target.h"
#include "pipeline/utils/VectorCompute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"

namespace spyre {
#define GEN_PASS_DEF_CHUNKLARGETRANSFERS
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

/// A tile of `shape` with the chunk's shape: `rows` rows of its innermost
/// extent.
SmallVector<int64_t> chunkShape(ArrayRef<int64_t> shape, int64_t rows) {
  return {rows, shape.back()};
}

/// The buffers of a pipeline that can be chunked: those cut into chunks of
/// rows, and those read whole in every chunk (a row of weights or a bias
/// the compute broadcasts along the leading dimensions).
struct ChunkBuffers {
  SmallVector<sched::AllocOp> chunked, whole;
};

/// Whether `broadcast` repeats its input along leading dimensions only
/// (its input is the trailing dimensions of its result).
bool leadingBroadcast(linalg::BroadcastOp broadcast) {
  for (auto [i, d] : llvm::enumerate(broadcast.getDimensions()))
    if (d != int64_t(i))
      return false;
  return true;
}

/// The buffers the compute stage reads whole in every chunk: each is read
/// once and only broadcast along the leading dimensions.
llvm::DenseSet<Value> wholeBuffers(sched::StageOp compute) {
  llvm::DenseSet<Value> whole;
  for (auto read : compute.getBody().getOps<sched::ReadOp>()) {
    bool broadcastOnly = !read.getResult().use_empty();
    for (Operation *user : read.getResult().getUsers()) {
      auto broadcast = dyn_cast<linalg::BroadcastOp>(user);
      broadcastOnly &= broadcast && leadingBroadcast(broadcast) &&
                       broadcast.getInput() == read.getResult();
    }
    if (broadcastOnly && read.getBuffer().getDefiningOp<sched::AllocOp>())
      whole.insert(read.getBuffer());
  }
  return whole;
}

/// The pipeline's LX buffers, if it can be chunked: every other buffer and
/// every tile of its compute stage has one static shape, the compute stage
/// only reads and writes those buffers and applies elementwise ops (splat
/// constants and empty tensors aside, and broadcasts along the leading
/// dimensions of buffers read whole), and nothing leaves the pipeline.
std::optional<ChunkBuffers> chunkable(sched::PipelineOp pipeline,
                                      ArrayRef<int64_t> &shape) {
  sched::StageOp compute = spyre::stageFor(pipeline, "compute");
  if (pipeline.getNumResults() != 0 || !compute ||
      compute.getNumResults() != 0)
    return std::nullopt;
  llvm::DenseSet<Value> whole = wholeBuffers(compute);
  ChunkBuffers buffers;
  std::optional<ArrayRef<int64_t>> common;
  auto sameShape = [&](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || !shaped.hasStaticShape() || shaped.getRank() == 0)
      return false;
    if (!common)
      common = shaped.getShape();
    return shaped.getShape() == *common;
  };
  for (auto alloc : pipeline.getBody().front().getOps<sched::AllocOp>()) {
    if (whole.contains(alloc.getResult())) {
      buffers.whole.push_back(alloc);
      continue;
    }
    if (!sameShape(alloc.getType()))
      return std::nullopt;
    buffers.chunked.push_back(alloc);
  }
  if (buffers.chunked.empty())
    return std::nullopt;
  auto readsWhole = [&](Value v) {
    auto read = v.getDefiningOp<sched::ReadOp>();
    return read && whole.contains(read.getBuffer());
  };
  bool ok = true;
  compute.getBody().walk([&](Operation *op) {
    if (isa<sched::WaitOp, sched::SignalOp, sched::ReadOp, sched::WriteOp,
            sched::YieldOp, tensor::EmptyOp>(op))
      return;
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      ok &= !isa<ShapedType>(constant.getType()) || (dense && dense.isSplat());
      return;
    }
    if (op->getParentOp() != compute.getOperation())
      return; // inside an elementwise linalg op: scalars
    auto broadcast = dyn_cast<linalg::BroadcastOp>(op);
    ok &= (broadcast && readsWhole(broadcast.getInput())) ||
          spyre::isElementwiseOp(op);
  });
  if (!ok)
    return std::nullopt;
  // Every other tile of the compute stage has the buffers' shape.
  auto check = [&](Value v) {
    if (isa<RankedTensorType>(v.getType()) && !readsWhole(v) &&
        !sameShape(v.getType()))
      ok = false;
  };
  compute.getBody().walk([&](Operation *op) {
    llvm::for_each(op->getResults(), check);
    llvm::for_each(op->getOperands(), check);
  });
  if (!ok)
    return std::nullopt;
  shape = *common;
  return buffers;
}

/// Runs `pipeline` once per chunk of `chunkRows` rows inside a new loop.
void chunk(sched::PipelineOp pipeline, const ChunkBuffers &buffers,
           ArrayRef<int64_t> shape, int64_t chunkRows, int64_t rows,
           int stickBytes) {
  Location loc = pipeline.getLoc();
  OpBuilder b(pipeline);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value count = arith::ConstantIndexOp::create(b, loc, rows / chunkRows);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(b, loc, zero, count, one);
  loop->setAttr("sched.chunks", b.getUnitAttr());
  pipeline->moveBefore(loop.getBody()->getTerminator());
  Value index = loop.getInductionVar();

  SmallVector<int64_t> chunked = chunkShape(shape, chunkRows);
  auto retype = [&](Type type) -> Type {
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return RankedTensorType::get(chunked, tensor.getElementType());
    if (auto memref = dyn_cast<MemRefType>(type))
      return MemRefType::get(chunked, memref.getElementType(),
                             MemRefLayoutAttrInterface(),
                             memref.getMemorySpace());
    return type;
  };
  // Device transfers move the chunk's sticks of the tile; every buffer and
  // compute tile takes the chunk's shape. A buffer read whole is moved
  // whole for every chunk.
  llvm::DenseSet<Value> whole;
  for (sched::AllocOp alloc : buffers.whole)
    whole.insert(alloc.getResult());
  pipeline.walk([&](sched::TransferOp transfer) {
    Value buffer = isa<MemRefType>(transfer.getSource().getType())
                       ? transfer.getSource()
                       : transfer.getDest();
    bool device = isa<ktdp::AccessTileType>(transfer.getSource().getType()) ||
                  isa<ktdp::AccessTileType>(transfer.getDest().getType());
    if (!device || whole.contains(buffer))
      return;
    auto type = cast<MemRefType>(buffer.getType());
    int64_t sticks =
        spyre::tileSticks(MemRefType::get(chunked, type.getElementType()),
                          stickBytes);
    OpBuilder at(transfer);
    Value perChunk = arith::ConstantIndexOp::create(at, transfer.getLoc(), sticks);
    Value first = arith::MulIOp::create(at, transfer.getLoc(), index, perChunk);
    transfer.getFirstMutable().assign(first);
  });
  for (sched::AllocOp alloc : buffers.chunked)
    alloc.getResult().setType(cast<MemRefType>(retype(alloc.getType())));
  sched::StageOp compute = spyre::stageFor(pipeline, "compute");
  compute.getBody().walk([&](Operation *op) {
    auto read = dyn_cast<sched::ReadOp>(op);
    if (op->getParentOp() != compute.getOperation() ||
        (read && whole.contains(read.getBuffer())))
      return;
    for (OpResult result : op->getResults())
      result.setType(retype(result.getType()));
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
        constant.setValueAttr(DenseElementsAttr::get(
            cast<ShapedType>(retype(dense.getType())),
            dense.getSplatValue<Attribute>()));
  });
}

struct ChunkLargeTransfers
    : spyre::impl::ChunkLargeTransfersBase<ChunkLargeTransfers> {
  using ChunkLargeTransfersBase::ChunkLargeTransfersBase;
  void runOnOperation() override {
    auto run = [&](func::FuncOp function, const spyre::arch::Arch &target) {
      // The top of LX may hold the kernel's own data (ir/KernelLxData.h).
      int64_t capacity = spyre::lxArgumentDataStart(
          function, int64_t(target.scratchpadBytesPerCore), target.stickBytes);
      SmallVector<sched::PipelineOp> pipelines;
      function.walk([&](sched::PipelineOp p) { pipelines.push_back(p); });
      for (sched::PipelineOp pipeline : pipelines) {
        int64_t bytes = 0;
        for (auto alloc : pipeline.getBody().getOps<sched::AllocOp>())
          bytes += spyre::scratchpadBytes(cast<MemRefType>(alloc.getType()),
                                          target.stickBytes);
        if (capacity <= 0 || bytes <= capacity)
          continue;
        ArrayRef<int64_t> shape;
        std::optional<ChunkBuffers> buffers = chunkable(pipeline, shape);
        if (!buffers) {
          pipeline.emitError("this pipeline's LX buffers take ")
              << bytes << " bytes, more than the " << capacity
              << "-byte scratchpad, and its compute is not elementwise on "
                 "tiles of one shape, so it cannot be streamed in chunks";
          return failure();
        }
        // A row of every chunked buffer; the buffers read whole are there
        // in every chunk.
        int64_t rowBytes = 0, wholeBytes = 0;
        for (sched::AllocOp alloc : buffers->chunked) {
          auto type = cast<MemRefType>(alloc.getType());
          rowBytes += spyre::scratchpadBytes(
              MemRefType::get({type.getShape().back()}, type.getElementType()),
              target.stickBytes);
        }
        for (sched::AllocOp alloc : buffers->whole)
          wholeBytes += spyre::scratchpadBytes(
              cast<MemRefType>(alloc.getType()), target.stickBytes);
        int64_t rows = 1;
        for (int64_t d : shape.drop_back())
          rows *= d;
        // Four chunks of every buffer fit: two copies each once the loop is
        // double-buffered, and room for what else is live.
        int64_t budget = capacity / 4;
        int64_t best = 0;
        for (int64_t k = 1; k <= rows; ++k)
          if (rows % k == 0 && k * rowBytes + 2 * wholeBytes <= budget)
            best = k;
        if (best == 0) {
          pipeline.emitError("one row of this pipeline's tiles takes ")
              << rowBytes << " bytes of LX, more than a quarter of the "
              << capacity << "-byte scratchpad: it cannot be chunked by rows";
          return failure();
        }
        chunk(pipeline, *buffers, shape, best, rows, target.stickBytes);
      }
      return success();
    };
    if (failed(spyre::forEachKernel(getOperation(), arch, run)))
      signalPassFailure();
  }
};

} // namespace
