//===- PassVerifier.h - invalid IR after a pass is our bug ------*- C++ -*-===//
//
// Every pass of the pipeline keeps the locations of the ops it rewrites, so
// a verifier error on IR a pass produced would point at a line of the
// user's kernel as if the kernel were wrong. These helpers verify after a
// pass and turn a failure into an internal compiler error that names the
// pass and shows the op, with no location in the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_PASSVERIFIER_H
#define SPYRE_PIPELINE_PASSVERIFIER_H

#include "mlir/IR/Operation.h"
#include "mlir/Pass/PassInstrumentation.h"

#include <memory>
#include <optional>
#include <string>

namespace spyre {

/// What a pass left behind that does not verify.
struct InvalidIr {
  std::string pass;    ///< the pass's argument (its name on the command line)
  std::string error;   ///< the verifier's first error
  std::string op;      ///< the offending op, printed generically (shortened)
  int sourceLine = 0;  ///< the kernel line the op's location names, or 0
  /// "internal compiler error: pass 'P' produced invalid IR ...": the whole
  /// message, naming the pass, the error and the op.
  std::string message() const;
};

/// Verifies `root` (and everything in it) after `pass`. The verifier's
/// diagnostics are kept from the context's other handlers; std::nullopt
/// when the IR is valid.
std::optional<InvalidIr> verifyAfterPass(mlir::Operation *root,
                                         llvm::StringRef pass);

/// For tools built on mlir-opt's main (spyre-opt): verifies after every
/// pass and, when a pass produced invalid IR, reports it as an internal
/// compiler error (an error without a location in the kernel) and ends the
/// process with status 1 before another pass runs on the invalid IR. Use it
/// with the pass manager's own verifier off.
std::unique_ptr<mlir::PassInstrumentation> createPassVerifierInstrumentation();

} // namespace spyre

#endif
