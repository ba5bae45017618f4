//===- DataflowDialect.h - DataflowIR (`dflow`) ------------------*- C++ -*-===//
#ifndef SPYRE_IR_DATAFLOW_DATAFLOWDIALECT_H
#define SPYRE_IR_DATAFLOW_DATAFLOWDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ir/dataflow/DataflowDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ir/dataflow/DataflowTypes.h.inc"

#define GET_OP_CLASSES
#include "ir/dataflow/DataflowOps.h.inc"

#endif
