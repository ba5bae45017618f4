//===- LxBuffers.cpp - tiles at rest in a core's scratchpad ---------------===//

#include "stagex/LxBuffers.h"
#include "interp/CoreExec.h"
#include "interp/HalfArrays.h"

#include "llvm/ADT/SmallVector.h"

#include <vector>

using namespace spyre;
using namespace spyre::stagex;

namespace {

/// A row's or a stick's bytes: on the stack up to a few sticks.
using Bytes = llvm::SmallVector<uint8_t, 512>;

/// Elements of `dtype` from `address`, `count` of them.
void loadElements(interp::ByteStore &lx, interp::DType dtype, uint64_t address,
                  double *out, int64_t count) {
  unsigned size = interp::dtypeSize(dtype);
  Bytes bytes;
  bytes.resize_for_overwrite(size_t(count) * size);
  lx.readBytes(address, bytes.data(), bytes.size());
  if (dtype == interp::DType::F16) {
    interp::decodeHalves(bytes.data(), out, count);
    return;
  }
  for (int64_t i = 0; i < count; ++i)
    out[i] = interp::loadSlot(dtype, bytes.data() + size_t(i) * size);
}

void storeElements(interp::ByteStore &lx, interp::DType dtype,
                   uint64_t address, const double *values, int64_t count) {
  unsigned size = interp::dtypeSize(dtype);
  Bytes bytes;
  bytes.resize_for_overwrite(size_t(count) * size);
  if (dtype == interp::DType::F16)
    interp::encodeHalves(values, bytes.data(), count);
  else
    for (int64_t i = 0; i < count; ++i)
      interp::storeSlot(dtype, values[i], bytes.data() + size_t(i) * size);
  lx.writeBytes(address, bytes.data(), bytes.size());
}

} // namespace

uint64_t spyre::stagex::lxBytes(llvm::ArrayRef<int64_t> shape,
                                interp::DType dtype, int64_t stickBytes) {
  int64_t lanes = stickBytes / std::max<unsigned>(1, interp::dtypeSize(dtype));
  return uint64_t(stickLayout(shape, lanes).sticks()) * uint64_t(stickBytes);
}

std::shared_ptr<LxBuffer>
spyre::stagex::makeLxBuffer(int core, uint64_t address,
                            llvm::ArrayRef<int64_t> shape, interp::DType dtype,
                            int64_t stickBytes, mlir::Operation *decl) {
  // One per lx_view / alloc executed: from the thread's pool.
  auto b = std::allocate_shared<LxBuffer>(interp::PoolAllocator<LxBuffer>());
  b->core = core;
  b->address = address;
  b->shape.assign(shape.begin(), shape.end());
  b->dtype = dtype;
  b->stickBytes = stickBytes;
  b->layout = stickLayout(
      shape, stickBytes / std::max<unsigned>(1, interp::dtypeSize(dtype)));
  b->decl = decl;
  return b;
}

interp::TensorPtr spyre::stagex::readBuffer(interp::ByteStore &lx,
                                            const LxBuffer &buffer) {
  interp::TensorPtr t =
      interp::makeTensor(buffer.dtype, buffer.shape, /*zeroFill=*/false);
  const StickLayout &l = buffer.layout;
  uint64_t rowBytes = uint64_t(l.sticksPerRow) * buffer.stickBytes;
  for (int64_t r = 0; r < l.rows; ++r)
    loadElements(lx, buffer.dtype, buffer.address + uint64_t(r) * rowBytes,
                 t->data.data() + r * l.rowElements, l.rowElements);
  return t;
}

void spyre::stagex::writeBuffer(interp::ByteStore &lx, const LxBuffer &buffer,
                                const interp::Tensor &tile) {
  const StickLayout &l = buffer.layout;
  uint64_t rowBytes = uint64_t(l.sticksPerRow) * buffer.stickBytes;
  std::vector<double> converted;
  const double *data = tile.data.data();
  if (tile.splat || tile.dtype != buffer.dtype) {
    converted.resize(size_t(tile.numElements()));
    for (size_t i = 0; i < converted.size(); ++i)
      converted[i] = interp::convertSlot(
          tile.dtype, buffer.dtype, tile.splat ? tile.splatValue : data[i]);
    data = converted.data();
  }
  int64_t n = std::min<int64_t>(tile.numElements(), l.elements());
  for (int64_t r = 0; r < l.rows && r * l.rowElements < n; ++r)
    storeElements(lx, buffer.dtype, buffer.address + uint64_t(r) * rowBytes,
                  data + r * l.rowElements,
                  std::min(l.rowElements, n - r * l.rowElements));
}

void spyre::stagex::readStick(interp::ByteStore &lx, const LxBuffer &buffer,
                              int64_t s, double *out, int64_t count) {
  loadElements(lx, buffer.dtype, buffer.stickAddress(s), out, count);
}

void spyre::stagex::writeStick(interp::ByteStore &lx, const LxBuffer &buffer,
                               int64_t s, const double *values,
                               int64_t count) {
  storeElements(lx, buffer.dtype, buffer.stickAddress(s), values, count);
}
