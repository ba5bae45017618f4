//===- ViewExtents.h - memory views whose coordinates pass their sizes -*- C++ -*-===//
//
// A `ktdp.construct_memory_view` of static sizes [32, 128] whose
// coordinate_set names rows 0..63 claims coordinates it does not have: an
// access tile there is not masked (its points are in the set) and reaches
// past the view's memory, into whatever lies after it (often the next
// argument's array, which other cores may be writing). The spec leaves the
// set unchecked against the sizes (real files pair dynamic sizes with
// static memref types), so this is a warning on the view's line, not a
// refusal. A partition of a distributed view names global coordinates:
// only its set's extent is held against its sizes.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_VIEWEXTENTS_H
#define SPYRE_DRIVER_VIEWEXTENTS_H

namespace mlir::func {
class FuncOp;
}

namespace spyre::driver {

class DiagnosticCapture;

/// Warns, on its line, of every memory view of `function` whose static
/// sizes are smaller than the coordinates its coordinate_set names.
void warnViewsPastTheirSizes(mlir::func::FuncOp function, DiagnosticCapture &capture);

} // namespace spyre::driver

#endif
