//===- KtdpAttrs.h - ktdp attributes ----------------------------*- C++ -*-===//
#ifndef SPYRE_IR_KTDP_KTDPATTRS_H
#define SPYRE_IR_KTDP_KTDPATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

#include "ir/ktdp/KtdpEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ir/ktdp/KtdpAttrs.h.inc"

namespace mlir::ktdp {
/// Parses the body of the legacy (G1) `#ktdp.spyre_memory_space<...>`
/// attribute, after its mnemonic, and returns the equivalent G2
/// `#ktdp.memory_space`.
Attribute parseLegacyMemorySpace(AsmParser &parser);
} // namespace mlir::ktdp

#endif
