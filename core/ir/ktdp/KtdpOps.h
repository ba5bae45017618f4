//===- KtdpOps.h - ktdp operations ------------------------------*- C++ -*-===//
#ifndef SPYRE_IR_KTDP_KTDPOPS_H
#define SPYRE_IR_KTDP_KTDPOPS_H

#include "ir/ktdp/KtdpAttrs.h"
#include "ir/ktdp/KtdpDialect.h"
#include "ir/ktdp/KtdpTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "ir/ktdp/KtdpOps.h.inc"

#endif
