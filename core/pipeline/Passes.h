//===- Passes.h - the Spyre pipeline's passes -------------------*- C++ -*-===//
#ifndef SPYRE_PIPELINE_PASSES_H
#define SPYRE_PIPELINE_PASSES_H

// Declarations only: the passes' create functions, options and
// registration. A pass file includes the dialects its pass depends on
// (Passes.td's dependentDialects) itself, before its GEN_PASS_DEF.
#include "mlir/Pass/Pass.h"

namespace spyre {

#define GEN_PASS_DECL
#include "pipeline/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "pipeline/Passes.h.inc"

} // namespace spyre

#endif
