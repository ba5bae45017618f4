//===- LxBuffers.h - tiles at rest in a core's scratchpad -------*- C++ -*-===//
//
// An LX buffer (a ScheduleIR `sched.alloc`, a DataflowIR `dflow.lx_view`)
// is a range of one core's scratchpad holding a tile row by row, every
// row starting a stick (Sticks.h): the layout address assignment, the
// lowering to SpyreCode and the emulator share. Its bytes are the
// interpreter's LX store of that core, so buffers that overlap (a bug in
// an address assignment) overwrite each other here as on the machine.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_STAGEX_LXBUFFERS_H
#define SPYRE_STAGEX_LXBUFFERS_H

#include "interp/Memory.h"
#include "interp/Values.h"
#include "stagex/Sticks.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace spyre::stagex {

struct LxBuffer : interp::ForeignValue {
  static constexpr int kKind = 1; ///< ForeignValue::kind
  LxBuffer() : ForeignValue(kKind) {}
  int core = 0;
  uint64_t address = 0; ///< byte of the copy this value names
  interp::Dims shape;
  interp::DType dtype = interp::DType::F16;
  int64_t stickBytes = 128;
  StickLayout layout; ///< lanes: the elements one stick holds
  mlir::Operation *decl = nullptr;

  uint64_t bytes() const { return uint64_t(layout.sticks()) * stickBytes; }
  uint64_t stickAddress(int64_t s) const {
    return address + uint64_t(s) * uint64_t(stickBytes);
  }
};

/// A buffer of `shape` x `dtype` at `address` of core `core`'s LX.
std::shared_ptr<LxBuffer> makeLxBuffer(int core, uint64_t address,
                                       llvm::ArrayRef<int64_t> shape,
                                       interp::DType dtype, int64_t stickBytes,
                                       mlir::Operation *decl);

/// Bytes a tile of `shape` x `dtype` takes in LX (whole sticks per row).
uint64_t lxBytes(llvm::ArrayRef<int64_t> shape, interp::DType dtype,
                 int64_t stickBytes);

/// The whole tile the buffer holds.
interp::TensorPtr readBuffer(interp::ByteStore &lx, const LxBuffer &buffer);
/// Writes `tile` (of the buffer's element count) into the buffer, its
/// elements converted to the buffer's type.
void writeBuffer(interp::ByteStore &lx, const LxBuffer &buffer,
                 const interp::Tensor &tile);

/// The first `count` lanes of stick `s` of the buffer as they lie in LX
/// (the padding after a partial row included); count <= layout.lanes.
void readStick(interp::ByteStore &lx, const LxBuffer &buffer, int64_t s,
               double *out, int64_t count);
void writeStick(interp::ByteStore &lx, const LxBuffer &buffer, int64_t s,
                const double *values, int64_t count);

} // namespace spyre::stagex

#endif
