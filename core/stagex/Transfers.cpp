//===- Transfers.cpp - data movement between memories and units -----------===//
//
// Device memory <-> LX moves the points of an access tile (the
// interpreter's loads and stores, masked lanes and packed points
// included) into or out of a buffer's stick layout; a chunk (`at stick`)
// moves the tile's sticks s .. s + n - 1, counted in the tile's own order,
// to or from the start of the buffer. LX <-> queues and the compute unit's
// sends and receives move one stick (one vector of the queue's lanes) per
// slot, blocking on a full or empty queue; a queue of whole tiles (a FIFO
// before tile-to-sticks) takes a tile per slot, and a pop gives it the
// FIFO's element type (the same elements, in order, in that shape).
//
//===----------------------------------------------------------------------===//

#include "stagex/ExecContext.h"
#include "interp/KtdpTiles.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace spyre;
using namespace spyre::stagex;
using interp::RtValue;
using interp::TensorPtr;

LxBuffer *spyre::stagex::bufferOf(interp::CoreExec &core, Value v) {
  auto *p = std::get_if<interp::ForeignPtr>(&core.get(v));
  return p && *p && (*p)->kind == LxBuffer::kKind ? static_cast<LxBuffer *>(p->get())
                                                  : nullptr;
}

QueueValue *spyre::stagex::queueOf(interp::CoreExec &core, Value v) {
  auto *p = std::get_if<interp::ForeignPtr>(&core.get(v));
  return p && *p && (*p)->kind == QueueValue::kKind ? static_cast<QueueValue *>(p->get())
                                                    : nullptr;
}

const interp::AccessTile *spyre::stagex::tileOf(interp::CoreExec &core,
                                                Value v) {
  auto *p = std::get_if<interp::AccessTilePtr>(&core.get(v));
  return p ? p->get() : nullptr;
}

const interp::AccessTile *spyre::stagex::movedTile(interp::CoreExec &core,
                                                   Value v, bool &ok) {
  ok = true;
  // A DMA reads an indirect tile's index view when it moves the tile
  // (the view may have been stored since the tile op ran).
  if (auto indirect = v.getDefiningOp<ktdp::ConstructIndirectAccessTileOp>())
    if (tileOf(core, v) && failed(core.execOp(indirect))) {
      ok = false;
      return nullptr;
    }
  return tileOf(core, v);
}

std::optional<int64_t> spyre::stagex::sticksAttr(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>("sticks"))
    return attr.getInt();
  return std::nullopt;
}

interp::ForeignPtr spyre::stagex::makeQueue(Context &ctx, Operation *decl,
                                            Type element, int64_t depth,
                                            int64_t initialTokens) {
  auto value = std::allocate_shared<QueueValue>(interp::PoolAllocator<QueueValue>());
  bool tokens = isa<NoneType>(element);
  int64_t lanes = 0; // whole tiles
  if (auto vec = dyn_cast<VectorType>(element))
    lanes = vec.getNumElements();
  interp::DType dtype = tokens ? interp::DType::F16 : interp::dtypeOf(element);
  value->instances.reserve(size_t(ctx.instancesPerCore));
  for (int j = 0; j < ctx.instancesPerCore; ++j)
    value->instances.push_back(std::make_unique<Queue>(
        decl, depth, initialTokens, tokens, lanes, dtype));
  return value;
}

namespace {

/// The sticks a chunk moves, checked against both sides.
LogicalResult chunkRange(Operation *op, const StickLayout &tile,
                         const LxBuffer &buffer, int64_t first, int64_t n) {
  if (first < 0 || n < 0 || first + n > tile.sticks())
    return op->emitError("the transfer moves sticks ")
           << first << " to " << first + n - 1 << " of a tile of "
           << tile.sticks() << " sticks";
  if (n > buffer.layout.sticks())
    return op->emitError("the transfer moves ")
           << n << " sticks into a buffer of " << buffer.layout.sticks();
  return success();
}

/// The element range of the tile the chunk covers.
std::pair<int64_t, int64_t> chunkElements(const StickLayout &tile,
                                          int64_t first, int64_t n) {
  if (n == 0)
    return {0, 0};
  int64_t begin = tile.offset(first);
  int64_t end = tile.offset(first + n - 1) + tile.count(first + n - 1);
  return {begin, end};
}

LogicalResult sameSize(Operation *op, const interp::AccessTile &tile,
                       const LxBuffer &buffer) {
  if (tile.numPoints() == buffer.layout.elements())
    return success();
  return op->emitError("the transfer moves a tile of ")
         << tile.numPoints() << " elements and a buffer of "
         << buffer.layout.elements();
}

} // namespace

LogicalResult spyre::stagex::tileToBuffer(Context &ctx, interp::CoreExec &core,
                                          Operation *op,
                                          const interp::AccessTile &tile,
                                          const LxBuffer &buffer,
                                          std::optional<int64_t> first,
                                          std::optional<int64_t> sticks) {
  interp::ByteStore &lx = ctx.lx(buffer.core);
  if (!first) {
    if (failed(sameSize(op, tile, buffer)))
      return failure();
    TensorPtr t = interp::makeTensor(buffer.dtype, buffer.shape, false);
    interp::loadPoints(core, tile, buffer.dtype, 0, tile.numPoints(),
                       t->data.data());
    writeBuffer(lx, buffer, *t);
    return success();
  }
  StickLayout layout = stickLayout(tile.shape, buffer.layout.lanes);
  int64_t n = sticks.value_or(buffer.layout.sticks());
  if (failed(chunkRange(op, layout, buffer, *first, n)))
    return failure();
  auto [begin, end] = chunkElements(layout, *first, n);
  std::vector<double> data(size_t(end - begin));
  interp::loadPoints(core, tile, buffer.dtype, begin, end - begin, data.data());
  for (int64_t k = 0; k < n; ++k)
    writeStick(lx, buffer, k, data.data() + (layout.offset(*first + k) - begin),
               layout.count(*first + k));
  return success();
}

LogicalResult spyre::stagex::bufferToTile(Context &ctx, interp::CoreExec &core,
                                          Operation *op, const LxBuffer &buffer,
                                          const interp::AccessTile &tile,
                                          std::optional<int64_t> first,
                                          std::optional<int64_t> sticks) {
  interp::ByteStore &lx = ctx.lx(buffer.core);
  if (!first) {
    if (failed(sameSize(op, tile, buffer)))
      return failure();
    TensorPtr t = readBuffer(lx, buffer);
    interp::storePoints(core, tile, 0, tile.numPoints(), t->data.data());
    return success();
  }
  StickLayout layout = stickLayout(tile.shape, buffer.layout.lanes);
  int64_t n = sticks.value_or(buffer.layout.sticks());
  if (failed(chunkRange(op, layout, buffer, *first, n)))
    return failure();
  auto [begin, end] = chunkElements(layout, *first, n);
  std::vector<double> data(size_t(end - begin));
  for (int64_t k = 0; k < n; ++k)
    readStick(lx, buffer, k, data.data() + (layout.offset(*first + k) - begin),
              layout.count(*first + k));
  interp::storePoints(core, tile, begin, end - begin, data.data());
  return success();
}

namespace {

/// Waits until `queue` has room (fill) or something in it (drain).
bool waitFor(Context &ctx, Operation *op, Queue &queue, bool fill) {
  if (fill ? !queue.full() : !queue.empty())
    return true;
  std::function<bool()> ready = fill ? std::function<bool()>([&queue] {
    return !queue.full();
  })
                                     : std::function<bool()>([&queue] {
                                         return !queue.empty();
                                       });
  return ctx.scheduler.wait(ready, op,
                            fill ? "waits for room in" : "waits for data on",
                            &queue);
}

LogicalResult checkSticks(Operation *op, const LxBuffer &buffer, int64_t first,
                          int64_t n) {
  if (first >= 0 && n >= 0 && first + n <= buffer.layout.sticks())
    return success();
  return op->emitError("the transfer moves sticks ")
         << first << " to " << first + n - 1 << " of a buffer of "
         << buffer.layout.sticks() << " sticks";
}

TensorPtr vectorOf(const Queue &queue) {
  return interp::makeTensor(queue.dtype(), {queue.lanes()});
}

} // namespace

LogicalResult spyre::stagex::bufferToQueue(Context &ctx, Operation *op,
                                           const LxBuffer &buffer, Queue &queue,
                                           std::optional<int64_t> first,
                                           std::optional<int64_t> sticks) {
  interp::ByteStore &lx = ctx.lx(buffer.core);
  if (queue.lanes() == 0) {
    if (!waitFor(ctx, op, queue, true))
      return failure();
    queue.push(readBuffer(lx, buffer));
    return success();
  }
  int64_t from = first.value_or(0);
  int64_t n = sticks.value_or(buffer.layout.sticks() - from);
  if (failed(checkSticks(op, buffer, from, n)))
    return failure();
  int64_t fit = std::min(queue.lanes(), buffer.layout.lanes);
  for (int64_t k = 0; k < n; ++k) {
    TensorPtr v = vectorOf(queue);
    readStick(lx, buffer, from + k, v->data.data(), fit);
    // The lanes past a partial row's end are padding (Tensor::dataLanes).
    v->dataLanes = std::min(fit, buffer.layout.count(from + k));
    if (!waitFor(ctx, op, queue, true))
      return failure();
    queue.push(std::move(v));
  }
  return success();
}

LogicalResult spyre::stagex::queueToBuffer(Context &ctx, Operation *op,
                                           Queue &queue, const LxBuffer &buffer,
                                           std::optional<int64_t> first,
                                           std::optional<int64_t> sticks) {
  interp::ByteStore &lx = ctx.lx(buffer.core);
  if (queue.lanes() == 0) {
    if (!waitFor(ctx, op, queue, false))
      return failure();
    TensorPtr t = queue.pop();
    writeBuffer(lx, buffer, *t);
    return success();
  }
  int64_t from = first.value_or(0);
  int64_t n = sticks.value_or(buffer.layout.sticks() - from);
  if (failed(checkSticks(op, buffer, from, n)))
    return failure();
  int64_t fit = std::min(queue.lanes(), buffer.layout.lanes);
  for (int64_t k = 0; k < n; ++k) {
    if (!waitFor(ctx, op, queue, false))
      return failure();
    TensorPtr v = queue.pop();
    writeStick(lx, buffer, from + k, v->data.data(), fit);
  }
  return success();
}

namespace {

/// Whether `sticks` sticks of `queue` make one vector of `lanes` lanes.
LogicalResult vectorSticksFit(Operation *op, const Queue &queue, int64_t lanes,
                              int64_t sticks) {
  if (queue.lanes() != 0 && sticks * queue.lanes() == lanes)
    return success();
  return op->emitError("a vector of ")
         << lanes << " lanes is not " << sticks << " sticks of "
         << queue.lanes() << " lanes";
}

/// A vector as `sticks` sticks of the queue's lanes: stick k holds lanes
/// k * L .. k * L + L - 1 (an f32 vector in the lanes of an f16 stick is
/// two f32 sticks). The data lanes run to the vector's last.
LogicalResult pushVectorSticks(Context &ctx, Operation *op,
                               const interp::Tensor &vector, Queue &queue,
                               int64_t sticks) {
  if (failed(vectorSticksFit(op, queue, vector.numElements(), sticks)))
    return failure();
  int64_t lanes = queue.lanes();
  int64_t data = vector.dataLanes < 0 ? vector.numElements() : vector.dataLanes;
  for (int64_t k = 0; k < sticks; ++k) {
    TensorPtr v = vectorOf(queue);
    v->dataLanes = std::clamp<int64_t>(data - k * lanes, 0, lanes);
    for (int64_t l = 0; l < lanes; ++l)
      v->data[size_t(l)] = interp::convertSlot(
          vector.dtype, queue.dtype(), vector.data[size_t(k * lanes + l)]);
    if (!waitFor(ctx, op, queue, true))
      return failure();
    queue.push(std::move(v));
  }
  return success();
}

/// `sticks` sticks of the queue as one vector (pushVectorSticks' inverse).
FailureOr<RtValue> popVectorSticks(Context &ctx, Operation *op, Queue &queue,
                                   ShapedType type, int64_t sticks) {
  if (failed(vectorSticksFit(op, queue, type.getNumElements(), sticks)))
    return failure();
  int64_t lanes = queue.lanes();
  interp::DType dtype = interp::dtypeOf(type);
  TensorPtr out = interp::makeTensor(dtype, type.getShape());
  int64_t data = -1; // every lane, unless a stick says otherwise
  for (int64_t k = 0; k < sticks; ++k) {
    if (!waitFor(ctx, op, queue, false))
      return failure();
    TensorPtr v = queue.pop();
    for (int64_t l = 0; l < lanes; ++l)
      out->data[size_t(k * lanes + l)] =
          interp::convertSlot(queue.dtype(), dtype, v->data[size_t(l)]);
    // The data lanes run to the first stick that is not full.
    if (data < 0 && v->dataLanes >= 0 && v->dataLanes < lanes)
      data = k * lanes + v->dataLanes;
  }
  out->dataLanes = data;
  return RtValue(out);
}

} // namespace

LogicalResult spyre::stagex::pushValue(Context &ctx, Operation *op,
                                       const RtValue &value, Type type,
                                       Queue &queue,
                                       std::optional<int64_t> sticks) {
  auto *t = std::get_if<TensorPtr>(&value);
  if (!t || !*t)
    return op->emitError("the value to send has not been evaluated");
  TensorPtr tile = *t;
  if (tile->splat) {
    TensorPtr dense = interp::makeTensor(tile->dtype, tile->shape, false);
    std::fill(dense->data.begin(), dense->data.end(), tile->splatValue);
    tile = dense;
  }
  if (isa<VectorType>(type) && sticks && *sticks > 1)
    return pushVectorSticks(ctx, op, *tile, queue, *sticks);
  if (queue.lanes() == 0 || isa<VectorType>(type)) {
    if (isa<VectorType>(type) && sticks && *sticks != 1)
      return op->emitError("sending one vector as ") << *sticks << " sticks";
    if (!waitFor(ctx, op, queue, true))
      return failure();
    queue.push(tile);
    return success();
  }
  StickLayout layout = stickLayout(tile->shape, queue.lanes());
  if (sticks && *sticks != layout.sticks())
    return op->emitError("sending a tile of ")
           << layout.sticks() << " sticks as " << *sticks;
  for (int64_t s = 0; s < layout.sticks(); ++s) {
    TensorPtr v = vectorOf(queue);
    int64_t count = layout.count(s);
    v->dataLanes = count;
    for (int64_t l = 0; l < count; ++l)
      v->data[size_t(l)] = interp::convertSlot(
          tile->dtype, queue.dtype(), tile->data[size_t(layout.offset(s) + l)]);
    if (!waitFor(ctx, op, queue, true))
      return failure();
    queue.push(std::move(v));
  }
  return success();
}

FailureOr<RtValue> spyre::stagex::popValue(Context &ctx, Operation *op,
                                           Queue &queue, Type type,
                                           std::optional<int64_t> sticks) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return op->emitError("receiving a value of type ")
           << type << ", not a vector or a tile";
  if (isa<VectorType>(type) && sticks && *sticks > 1)
    return popVectorSticks(ctx, op, queue, shaped, *sticks);
  if (queue.lanes() == 0 || isa<VectorType>(type)) {
    if (isa<VectorType>(type) && sticks && *sticks != 1)
      return op->emitError("receiving ") << *sticks << " sticks as one vector";
    if (!waitFor(ctx, op, queue, false))
      return failure();
    TensorPtr tile = queue.pop();
    // A FIFO of whole tiles hands out its element type: a tile moved in
    // from an LX buffer of another shape with as many elements (unit dims
    // a pass dropped) is the same elements in that shape.
    if (ArrayRef<int64_t>(tile->shape) == shaped.getShape())
      return RtValue(tile);
    if (tile->numElements() != shaped.getNumElements())
      return op->emitError("receiving a tile of ")
             << tile->numElements() << " elements as " << type;
    return RtValue(interp::reshaped(*tile, shaped.getShape()));
  }
  StickLayout layout = stickLayout(shaped.getShape(), queue.lanes());
  if (sticks && *sticks != layout.sticks())
    return op->emitError("receiving ")
           << *sticks << " sticks as a tile of " << layout.sticks();
  interp::DType dtype = interp::dtypeOf(type);
  TensorPtr tile = interp::makeTensor(dtype, shaped.getShape());
  for (int64_t s = 0; s < layout.sticks(); ++s) {
    if (!waitFor(ctx, op, queue, false))
      return failure();
    TensorPtr v = queue.pop();
    int64_t count = layout.count(s);
    for (int64_t l = 0; l < count; ++l)
      tile->data[size_t(layout.offset(s) + l)] =
          interp::convertSlot(queue.dtype(), dtype, v->data[size_t(l)]);
  }
  return RtValue(tile);
}

LogicalResult spyre::stagex::signalToken(Context &ctx, Operation *op,
                                         Queue &queue) {
  if (!waitFor(ctx, op, queue, true))
    return failure();
  queue.pushToken();
  return success();
}

LogicalResult spyre::stagex::waitToken(Context &ctx, Operation *op,
                                       Queue &queue) {
  if (!waitFor(ctx, op, queue, false))
    return failure();
  queue.popToken();
  return success();
}

namespace {

/// The core `value` names for a ring send or receive (`what`): an error on
/// `op` when no such core exists (a receive from it would wait forever).
FailureOr<int64_t> peerCore(Context &ctx, interp::CoreExec &core, Operation *op,
                            Value value, const char *what) {
  FailureOr<int64_t> peer = core.integer(op, value);
  if (failed(peer))
    return failure();
  if (*peer < 0 || size_t(*peer) >= ctx.memories.lx.size())
    return op->emitError(what) << " core " << *peer << ", which does not exist";
  return peer;
}

} // namespace

LogicalResult spyre::stagex::ringSend(Context &ctx, interp::CoreExec &core,
                                      Operation *op, ValueRange values,
                                      Value to) {
  FailureOr<int64_t> dest = peerCore(ctx, core, op, to, "ring send to");
  if (failed(dest))
    return failure();
  Mailboxes::Message message;
  for (Value v : values) {
    FailureOr<TensorPtr> t = core.tensor(op, v);
    if (failed(t))
      return failure();
    message.tiles.push_back(*t);
  }
  ctx.mailboxes.box(ctx.process().core, int(*dest)).push_back(std::move(message));
  return success();
}

LogicalResult spyre::stagex::ringReceive(Context &ctx, interp::CoreExec &core,
                                         Operation *op, Value from,
                                         ValueRange staging) {
  FailureOr<int64_t> source = peerCore(ctx, core, op, from, "ring receive from");
  if (failed(source))
    return failure();
  int me = ctx.process().core;
  auto &box = ctx.mailboxes.box(int(*source), me);
  Mailboxes::Target target(int(*source), me);
  std::function<bool()> ready = [&box] { return !box.empty(); };
  if (!ctx.scheduler.wait(ready, op, "waits for a ring message in", &target))
    return failure();
  Mailboxes::Message message = std::move(box.front());
  box.pop_front();
  if (message.tiles.size() != op->getNumResults())
    return op->emitError("the ring message holds ")
           << message.tiles.size() << " tiles, the receive takes "
           << op->getNumResults();
  for (auto [i, result] : llvm::enumerate(op->getResults())) {
    TensorPtr tile = message.tiles[i];
    if (i < staging.size()) {
      LxBuffer *buffer = bufferOf(core, staging[i]);
      if (!buffer)
        return op->emitError("the staging operand is not an LX buffer");
      writeBuffer(ctx.lx(buffer->core), *buffer, *tile);
    }
    auto type = cast<RankedTensorType>(result.getType());
    if (ArrayRef<int64_t>(tile->shape) != type.getShape())
      tile = interp::reshaped(*tile, type.getShape());
    core.set(result, tile);
  }
  return success();
}
