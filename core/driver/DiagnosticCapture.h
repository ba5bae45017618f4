//===- DiagnosticCapture.h - MLIR diagnostics into std types ----*- C++ -*-===//
#ifndef SPYRE_DRIVER_DIAGNOSTICCAPTURE_H
#define SPYRE_DRIVER_DIAGNOSTICCAPTURE_H

#include "driver/Diagnostic.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <set>
#include <string>
#include <vector>

namespace spyre::driver {

/// While alive, turns every diagnostic of `context` (and its notes) into a
/// driver::Diagnostic with file, line and column; one repeated (the same
/// severity, location and message) is kept once.
class DiagnosticCapture {
public:
  DiagnosticCapture(mlir::MLIRContext &context, std::vector<Diagnostic> &out);
  void error(const std::string &message);
  void error(mlir::Location loc, const std::string &message);
  void warning(mlir::Location loc, const std::string &message);
  void note(mlir::Location loc, const std::string &message);
  /// Diagnostics from now on are attributed to `pass` (empty: none).
  void setPass(std::string pass) { currentPass = std::move(pass); }

private:
  void add(mlir::Location loc, Diagnostic::Severity severity,
           const std::string &message);
  mlir::MLIRContext &context;
  std::vector<Diagnostic> &out;
  std::string currentPass;
  std::set<std::string> said; ///< severity, location and message of each
  mlir::ScopedDiagnosticHandler handler;
};

} // namespace spyre::driver

#endif
