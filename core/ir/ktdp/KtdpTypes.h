//===- KtdpTypes.h - ktdp types ---------------------------------*- C++ -*-===//
#ifndef SPYRE_IR_KTDP_KTDPTYPES_H
#define SPYRE_IR_KTDP_KTDPTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "ir/ktdp/KtdpTypes.h.inc"

#endif
