//===- Passes.h - the Spyre pipeline's passes -------------------*- C++ -*-===//
#ifndef SPYRE_PIPELINE_PASSES_H
#define SPYRE_PIPELINE_PASSES_H

#include "ir/dataflow/DataflowDialect.h"
#include "ir/schedule/ScheduleDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace spyre {

#define GEN_PASS_DECL
#include "pipeline/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "pipeline/Passes.h.inc"

} // namespace spyre

#endif
