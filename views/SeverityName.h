//===- SeverityName.h - "error", "warning", "note", "remark" ----*- C++ -*-===//
#ifndef SPYRE_VIEWS_SEVERITYNAME_H
#define SPYRE_VIEWS_SEVERITYNAME_H

#include "driver/Diagnostic.h"

/// The lower-case word compilers print for a severity.
inline const char *severityName(spyre::driver::Diagnostic::Severity s) {
  using Severity = spyre::driver::Diagnostic::Severity;
  switch (s) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Note: return "note";
  case Severity::Remark: return "remark";
  }
  return "error";
}

#endif
