//===- KernelLxData.h - scratchpad data a kernel's arguments address -*- C++ -*-===//
//
// A kernel may keep data in the scratchpads itself: an inter-core relayout
// reads its source from ct_local views whose offset is a kernel argument
// (an earlier kernel left it there) and writes its destination the same
// way. The compiled program's own LX buffers must not overlap that data,
// but its address is only known at launch. So the top of every core's
// scratchpad is the kernel's: each such argument gets a stick-aligned
// region there, in argument order, as large as its views reach. The
// compiler keeps its buffers below the first (assign-addresses,
// chunk-large-transfers), and a run without a value for the argument gives
// it that region's address (driver, automatic inputs). A launch that puts
// the data elsewhere, over a buffer, is refused by the emulator when a DMA
// touches it.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_KERNELLXDATA_H
#define SPYRE_IR_KERNELLXDATA_H

#include "mlir/IR/Operation.h"

#include <cstdint>
#include <vector>

namespace spyre {

/// The region an argument's scratchpad data takes at the top of LX.
struct LxArgumentRegion {
  unsigned argument = 0;  ///< position in the kernel's signature
  int64_t byteAddress = 0;
  int64_t bytes = 0;      ///< stick-aligned
  int64_t elementBytes = 2;
};

/// The regions of the arguments of `function` that only ct_local memory
/// views with static sizes and strides take as their offset, laid out
/// downwards from the top of a `capacity`-byte scratchpad in argument
/// order (empty when there are none, or when they do not fit).
std::vector<LxArgumentRegion> lxArgumentRegions(mlir::Operation *function,
                                                int64_t capacity,
                                                int64_t stickBytes);

/// The first byte of the kernel's data at the top of LX: `capacity` when
/// it has none.
int64_t lxArgumentDataStart(mlir::Operation *function, int64_t capacity,
                            int64_t stickBytes);

} // namespace spyre

#endif
