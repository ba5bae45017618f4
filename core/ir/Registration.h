//===- Registration.h - dialects a KTIR kernel may use ----------*- C++ -*-===//
#ifndef SPYRE_IR_REGISTRATION_H
#define SPYRE_IR_REGISTRATION_H

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace spyre {

/// Adds our dialects (ktdp, spyreop, sched, dflow, ktdf_arch for device
/// declarations) and the upstream dialects KTIR kernels are written with
/// (func, arith, math, linalg, scf, tensor, memref, affine; pdl for the
/// patterns a device may carry), and the linalg spellings of older MLIR
/// (ir/LegacyLinalgOps.h), to `registry`. spyre-opt, the driver and the tests all call this.
void registerKernelDialects(mlir::DialectRegistry &registry);

/// Loads every dialect of registerKernelDialects into `context`.
void loadKernelDialects(mlir::MLIRContext &context);

} // namespace spyre

#endif
