//===- KernelHazards.h - what a run warns of before it starts --*- C++ -*-===//
//
// Kernels the interpreter runs, as ktir-cpu would, but that most likely do
// not mean what they say, each warned of on its line before the run:
//
//   * a `ktdp.construct_memory_view` of static sizes [32, 128] whose
//     coordinate_set names rows 0..63 claims coordinates it does not have:
//     an access tile there is not masked (its points are in the set) and
//     reaches past the view's memory, into whatever lies after it (often
//     the next argument's array, which other cores may be writing). The
//     spec leaves the set unchecked against the sizes (real files pair
//     dynamic sizes with static memref types), so it is a warning, not a
//     refusal. A partition of a distributed view names global coordinates:
//     only its set's extent is held against its sizes.
//   * a `ktdp.inter_tile_reduce` whose consumers are not all producers of
//     their group (the spec's rule R13, which the legality check enforces):
//     the compiler refuses it, the interpreter gives those tiles the
//     group's reduction;
//   * a `ktdp.get_compute_tile_id` asking for more coordinates than the
//     grid has dimensions: the compiler refuses it, the interpreter gives
//     the extra ones 0.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_KERNELHAZARDS_H
#define SPYRE_DRIVER_KERNELHAZARDS_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace mlir::func {
class FuncOp;
}

namespace spyre::driver {

class DiagnosticCapture;

/// Warns, on its line, of each hazard above in `function`, run on `grid`.
void warnKernelHazards(mlir::func::FuncOp function, llvm::ArrayRef<int64_t> grid,
                       DiagnosticCapture &capture);

} // namespace spyre::driver

#endif
