//===- SpyreOpOps.cpp - Spyre intrinsic operations ------------------------===//

#include "ir/spyreop/SpyreOpOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::spyreop;

#define GET_OP_CLASSES
#include "ir/spyreop/SpyreOpOps.cpp.inc"

/// The fused-pair type exx2_fused produces for an element type, or null.
static Type fusedTypeFor(Type element) {
  MLIRContext *ctx = element.getContext();
  if (element.isF16())
    return FP16FusedType::get(ctx);
  if (element.isF32())
    return FP32FusedType::get(ctx);
  if (llvm::isa<DF16Type>(element))
    return DF16FusedType::get(ctx);
  return {};
}

static LogicalResult verifyFusedResult(Operation *op, Type input,
                                       Type result) {
  Type expected = fusedTypeFor(input);
  if (result != expected)
    return op->emitOpError("of ")
           << input << " produces " << expected << ", not " << result;
  return success();
}

LogicalResult Exx2FusedOp::verify() {
  return verifyFusedResult(*this, getInput().getType(), getType());
}

LogicalResult Exx2ZeromeanFusedOp::verify() {
  return verifyFusedResult(*this, getInput().getType(), getType());
}

LogicalResult LayerNormScaleFusedOp::verify() {
  if (fusedTypeFor(getType()) != getInput().getType())
    return emitOpError("of ") << getInput().getType() << " produces "
                              << "the matching scalar type, not "
                              << getType();
  return success();
}

LogicalResult SoftplusOp::verify() {
  if (getBeta().isZero())
    return emitOpError("beta must be non-zero");
  return success();
}

/// Shape of a scalar-or-tensor type; std::nullopt for a scalar.
/// Both scalars, or both tensors / both vectors of one shape.
static bool sameShape(Type a, Type b) {
  if (isa<VectorType>(a) != isa<VectorType>(b))
    return false;
  auto sa = llvm::dyn_cast<ShapedType>(a), sb = llvm::dyn_cast<ShapedType>(b);
  if (!sa || !sb)
    return !sa && !sb;
  return sa.getShape() == sb.getShape();
}

LogicalResult CmpOp::verify() {
  if (!sameShape(getLhs().getType(), getType()))
    return emitOpError("result must have the operands' shape");
  return success();
}

LogicalResult SelectOp::verify() {
  if (!sameShape(getCondition().getType(), getType()))
    return emitOpError("condition must have the values' shape");
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOp: `spyreop.constant 1.5 : f16`
//===----------------------------------------------------------------------===//

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  double value = 0;
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseFloat(value) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  auto floatType = llvm::dyn_cast<FloatType>(type);
  if (!floatType)
    return parser.emitError(loc, "spyreop.constant needs a float type, got ")
           << type;
  result.addAttribute("value", FloatAttr::get(floatType, value));
  result.addTypes(type);
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printFloat(llvm::cast<FloatAttr>(getValue()).getValue());
  p.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  p << " : " << getType();
}

LogicalResult ConstantOp::verify() {
  auto attr = llvm::dyn_cast<FloatAttr>(getValue());
  if (!attr || attr.getType() != getType())
    return emitOpError("value must be a float of the result type ")
           << getType();
  return success();
}
