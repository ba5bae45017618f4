//===- SsaAffineSyntax.h - affine expressions over SSA names ---*- C++ -*-===//
//
// The access-tile constructors write their anchors and subscripts as affine
// expressions whose variables are SSA values (`%v[%row + %i, 0]`). MLIR's
// own parser for that syntax accepts only single-result values, so a
// multi-result use (`%id#1`, what the printer writes for a result of a
// 2-D `get_compute_tile_id`) would print but not parse back. This parser
// reads the same grammar with any SSA use as a variable.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_KTDP_SSAAFFINESYNTAX_H
#define SPYRE_IR_KTDP_SSAAFFINESYNTAX_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/OpImplementation.h"

namespace mlir::ktdp {

/// Parses a delimited, comma-separated list of affine expressions whose
/// variables are SSA uses (`%x`, `%x#1`) or `symbol(%x)`: each distinct
/// dimension use becomes one map dimension and each distinct symbol use one
/// map symbol, in first-appearance order. `operands` receives the dimension
/// uses, then the symbol uses (the order printAffineMapOfSSAIds prints).
ParseResult
parseSsaAffineList(OpAsmParser &parser, OpAsmParser::Delimiter delimiter,
                   SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
                   AffineMap &map);

} // namespace mlir::ktdp

#endif // SPYRE_IR_KTDP_SSAAFFINESYNTAX_H
