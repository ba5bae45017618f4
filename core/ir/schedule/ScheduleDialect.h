//===- ScheduleDialect.h - ScheduleIR (`sched`) ------------------*- C++ -*-===//
#ifndef SPYRE_IR_SCHEDULE_SCHEDULEDIALECT_H
#define SPYRE_IR_SCHEDULE_SCHEDULEDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ir/schedule/ScheduleDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ir/schedule/ScheduleTypes.h.inc"

#define GET_OP_CLASSES
#include "ir/schedule/ScheduleOps.h.inc"

#endif
