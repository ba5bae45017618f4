//===- KernelLocations.h - parse a kernel, keep its own lines ---*- C++ -*-===//
//
// Generated kernels carry the generator's locations
// (`loc("/path/gen.py":45:12)`), and MLIR's parser gives every such op that
// location instead of its place in the text: a diagnostic would name a
// line of gen.py. parseKernelModule parses with the parser's record of
// where each op and block argument was written, gives every one whose
// location does not already point into the kernel's buffer its place there,
// fused with (and followed by) the location it carried, and only then
// verifies. Every diagnostic, the IR panes' line links and the listing's
// KTIR lines then name the line of the file the user opened;
// generatedLocation() recovers the original for a note.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_KERNELLOCATIONS_H
#define SPYRE_IR_KERNELLOCATIONS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class AsmParserState;
} // namespace mlir

namespace spyre {

/// Parses and verifies the main buffer of `sourceMgr` as
/// parseSourceFile<ModuleOp> does, with the locations described above;
/// `state` (when given) receives the parser's record of the text.
mlir::OwningOpRef<mlir::ModuleOp>
parseKernelModule(const llvm::SourceMgr &sourceMgr, mlir::MLIRContext &context,
                  mlir::AsmParserState *state = nullptr);

/// The location an op or argument carried in the kernel text when
/// parseKernelModule placed it on its line (the first found in `loc`).
std::optional<mlir::Location> generatedLocation(mlir::Location loc);

/// Where each op and block argument of a kernel text is written (line and
/// column, 0 when not written: an implicit module), in the order a walk of
/// the module parsed from it meets them (ops in pre-order, then block
/// arguments block by block in pre-order). For a tool that parses the text
/// itself (spyre-opt through MlirOptMain): placeOnKernelLines then does to
/// its module what parseKernelModule does.
struct KernelPlaces {
  std::string buffer; ///< the kernel's buffer name
  std::vector<std::pair<unsigned, unsigned>> ops, arguments;
};

/// The places of `sourceMgr`'s main buffer, parsed in `context` (which must
/// have the kernel dialects); nullopt when it does not parse.
std::optional<KernelPlaces> kernelPlaces(const llvm::SourceMgr &sourceMgr,
                                         mlir::MLIRContext &context);

/// Places `module`'s ops and arguments as parseKernelModule would; false
/// (nothing changed) when the module is not the one `places` describes.
bool placeOnKernelLines(mlir::ModuleOp module, const KernelPlaces &places);

} // namespace spyre

#endif
