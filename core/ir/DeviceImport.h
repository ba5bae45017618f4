//===- DeviceImport.h - the device a kernel declares ------------*- C++ -*-===//
//
// A kernel may carry one `ktdf_arch.device` declaration: inline, with its
// resource graph, or as `import("file.mlir")`, a file holding one inline
// device. A relative import path is resolved against the directory set with
// setDeviceImportDirectory() (the driver sets the kernel file's directory),
// else against the directory of the file the declaration was parsed from.
// The file is read when the device is needed, and dropped after: the IR
// keeps the declaration as written, so printing the kernel round-trips.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_DEVICEIMPORT_H
#define SPYRE_IR_DEVICEIMPORT_H

#include "ir/ktdfarch/KtdfArchDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>

namespace spyre {

/// Relative imports of kernels parsed in `context` resolve against `dir`.
void setDeviceImportDirectory(mlir::MLIRContext &context,
                              const std::string &dir);

/// The device declaration of the module `op` belongs to (searched from the
/// outermost module, at any depth), or null when there is none. A second
/// declaration is an error on it, and the result is failure.
mlir::FailureOr<mlir::ktdf_arch::DeviceOp>
findDeviceDeclaration(mlir::Operation *op);

/// The file an import declaration names, made absolute.
std::string deviceImportPath(mlir::ktdf_arch::DeviceOp declaration);

/// The device op holding the resources of `declaration`: the declaration
/// itself when inline; for an import, the device of the file, parsed into
/// `holder`, which must outlive the result. A file that is missing,
/// unreadable, too large, not valid MLIR or not exactly one inline device
/// is an error on the declaration.
mlir::FailureOr<mlir::ktdf_arch::DeviceOp>
resolveDevice(mlir::ktdf_arch::DeviceOp declaration,
              mlir::OwningOpRef<mlir::ModuleOp> &holder);

} // namespace spyre

#endif
