//===- KtdfArchDialect.h - device descriptions ------------------*- C++ -*-===//
#ifndef SPYRE_IR_KTDFARCH_KTDFARCHDIALECT_H
#define SPYRE_IR_KTDFARCH_KTDFARCHDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <string>

#include "ir/ktdfarch/KtdfArchDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ir/ktdfarch/KtdfArchTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ir/ktdfarch/KtdfArchAttrs.h.inc"

namespace mlir::ktdf_arch {
/// The custom syntax every resource op shares: `(@name)? (#attrs)?`.
ParseResult parseResource(OpAsmParser &parser, OperationState &result,
                          Type resourceType);
void printResource(OpAsmPrinter &printer, Operation *op, StringAttr name,
                   DictionaryAttr props);
} // namespace mlir::ktdf_arch

#define GET_OP_CLASSES
#include "ir/ktdfarch/KtdfArchOps.h.inc"

#endif
