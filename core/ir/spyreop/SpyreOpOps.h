//===- SpyreOpOps.h - Spyre intrinsic operations ----------------*- C++ -*-===//
#ifndef SPYRE_IR_SPYREOP_SPYREOPOPS_H
#define SPYRE_IR_SPYREOP_SPYREOPOPS_H

#include "ir/spyreop/SpyreOpDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "ir/spyreop/SpyreOpOps.h.inc"

#endif
