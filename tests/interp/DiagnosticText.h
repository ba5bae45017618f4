//===- DiagnosticText.h - a run's diagnostics as one text -------*- C++ -*-===//
//
// What the interpreter tests print when a run did not do what they expect.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_INTERP_DIAGNOSTICTEXT_H
#define SPYRE_TESTS_INTERP_DIAGNOSTICTEXT_H

#include "driver/Run.h"

#include <string>

/// Every diagnostic of `r`, one per line ("no diagnostics" when it has none).
inline std::string diagText(const spyre::driver::RunResult &r) {
  if (r.diagnostics.empty())
    return "no diagnostics";
  std::string s;
  for (const spyre::driver::Diagnostic &d : r.diagnostics)
    s += d.format() + "\n";
  return s;
}

#endif
