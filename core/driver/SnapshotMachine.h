//===- SnapshotMachine.h - what a snapshot says about the machine -*- C++ -*-===//
//
// Private to core/driver (it includes MLIR): reads a module's placement,
// scratchpad peak and LX buffers into a PassSnapshot's std fields.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_SNAPSHOTMACHINE_H
#define SPYRE_DRIVER_SNAPSHOTMACHINE_H

#include "driver/Compile.h"

#include "mlir/IR/BuiltinOps.h"

namespace spyre::driver {

/// Fills `snapshot.placement`, `lxPeakBytes` and `buffers` from the first
/// kernel of `module` that carries them. `stickBytes` sizes DataflowIR
/// views (every innermost row starts a stick).
void readMachineState(mlir::ModuleOp module, int stickBytes,
                      PassSnapshot &snapshot);

} // namespace spyre::driver

#endif
