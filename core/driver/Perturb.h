//===- Perturb.h - testing only: break one op, as a buggy pass would -*- C++ -*-===//
//
// Private to core/driver. `--perturb-after=PASS` (spyre-run, for testing
// the bisect: docs/stage-execution.md) changes the meaning of one op right
// after PASS, before its snapshot is taken, so that PASS looks like the
// pass that broke the kernel: every later pass, the stage runs and the
// SpyreCode carry the change. The op: the first floating-point
// subtraction whose operands differ (arith.subf on scalars, tensors or
// vectors, or linalg.sub) gets its operands swapped; a kernel without one
// loses its last store to device memory (ktdp.store, or the transfer or
// DMA to an access tile that stores it). After lower-to-spyrecode the same
// is done to the SpyreCode: the first vector or scalar SubF swapped, or
// the last LX -> HBM DMA made a no-op.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_PERTURB_H
#define SPYRE_DRIVER_PERTURB_H

#include "spyrecode/SpyreCode.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace spyre::driver {

/// Perturbs `module`; returns what changed ("swapped the operands of
/// arith.subf from line 42"), or "" when nothing could be.
std::string perturbModule(mlir::ModuleOp module);

/// The same on SpyreCode.
std::string perturbSpyreCode(code::Module &module);

} // namespace spyre::driver

#endif
