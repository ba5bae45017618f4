//===- Diagnostic.h - a diagnostic in plain std types -----------*- C++ -*-===//
#ifndef SPYRE_DRIVER_DIAGNOSTIC_H
#define SPYRE_DRIVER_DIAGNOSTIC_H

#include <string>

namespace spyre::driver {

struct Diagnostic {
  enum class Severity { Error, Warning, Note, Remark };
  Severity severity = Severity::Error;
  std::string file;
  int line = 0, column = 0; ///< 1-based; 0 when unknown
  std::string message;
  std::string pass; ///< the pass that raised it, empty outside passes
  /// An internal compiler error: `pass` produced IR that does not verify
  /// (the kernel is not at fault; no line of it is given).
  bool internal = false;

  /// MLIR's note naming the op a diagnostic is about, printed in generic
  /// form ("see current operation: ...").
  bool isOpDump() const {
    return severity == Severity::Note && message.rfind("see current operation:", 0) == 0;
  }

  /// "file:line:col: error: message", as compilers print it; MLIR's note
  /// that prints an op with regions in generic form names the op instead
  /// (`message` keeps it all).
  std::string format() const;
};

} // namespace spyre::driver

#endif
