//===- SpyreOpDialect.h - Spyre intrinsics dialect --------------*- C++ -*-===//
#ifndef SPYRE_IR_SPYREOP_SPYREOPDIALECT_H
#define SPYRE_IR_SPYREOP_SPYREOPDIALECT_H

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Types.h"

#include "ir/spyreop/SpyreOpDialect.h.inc"
#include "ir/spyreop/SpyreOpEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ir/spyreop/SpyreOpTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ir/spyreop/SpyreOpAttrs.h.inc"

#endif
