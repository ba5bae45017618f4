//===- Diagnostic.cpp - a diagnostic in plain std types -------------------===//

#include "driver/Diagnostic.h"

std::string spyre::driver::Diagnostic::format() const {
  const char *kind = severity == Severity::Error     ? "error"
                     : severity == Severity::Warning ? "warning"
                     : severity == Severity::Note    ? "note"
                                                     : "remark";
  std::string out = file.empty() ? std::string("<unknown>") : file;
  if (line > 0)
    out += ":" + std::to_string(line) + ":" + std::to_string(column);
  return out + ": " + kind + ": " + message;
}
