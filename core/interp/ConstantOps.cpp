//===- ConstantOps.cpp - arith.constant and spyreop.constant --------------===//
//
// Scalars and dense tensors, worked out once and shared by every core and
// execution (literal tensors are never written). Constants are exact: they
// have no shadow.
//
//===----------------------------------------------------------------------===//

#include "interp/ElementwiseOps.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace spyre::interp;

namespace {

/// An integer constant's value (i1 unsigned, other integers signed; wider
/// than 64 bits: its low 64 bits).
int64_t integerValue(const APInt &v, bool i1) {
  return i1 ? static_cast<int64_t>(v.getZExtValue() & 1)
            : v.sextOrTrunc(64).getSExtValue();
}

/// The slot of an integer or float attribute in `dt`.
double attributeSlot(Attribute a, DType dt) {
  if (auto f = llvm::dyn_cast<FloatAttr>(a))
    return numberToSlot(dt, f.getValue().convertToDouble());
  if (auto i = llvm::dyn_cast<IntegerAttr>(a))
    return intToSlot(dt, integerValue(i.getValue(), i.getType().isInteger(1)));
  return 0;
}

/// The elements of a dense constant, as slots of `dt`, into `out`.
void denseValues(DenseElementsAttr dense, DType dt, Buffer &out) {
  Type element = dense.getElementType();
  if (dense.isSplat()) {
    std::fill(out.begin(), out.end(),
              attributeSlot(dense.getSplatValue<Attribute>(), dt));
  } else if (llvm::isa<FloatType>(element)) {
    size_t i = 0;
    for (const APFloat &f : dense.getValues<APFloat>())
      out[i++] = numberToSlot(dt, f.convertToDouble());
  } else if (element.isIntOrIndex()) {
    bool i1 = element.isInteger(1);
    size_t i = 0;
    for (const APInt &v : dense.getValues<APInt>())
      out[i++] = intToSlot(dt, integerValue(v, i1));
  } else {
    size_t i = 0;
    for (Attribute a : dense.getValues<Attribute>())
      out[i++] = attributeSlot(a, dt);
  }
}

} // namespace

LogicalResult spyre::interp::execConstant(CoreExec &core, Operation *op,
                                          Attribute value) {
  if (const RtValue *known = core.interp.constant(op)) {
    core.set(op->getResult(0), *known);
    return success();
  }
  Type type = op->getResult(0).getType();
  DType dt = dtypeOf(type);
  RtValue result;
  if (auto dense = llvm::dyn_cast<DenseElementsAttr>(value)) {
    auto shaped = llvm::cast<ShapedType>(type);
    TensorPtr t = makeTensor(dt, std::vector<int64_t>(shaped.getShape().begin(),
                                                      shaped.getShape().end()),
                             /*zeroFill=*/false);
    t->literal = true;
    denseValues(dense, dt, t->data);
    result = t;
  } else if (llvm::isa<FloatAttr, IntegerAttr>(value)) {
    result = Scalar{attributeSlot(value, dt), dt};
  } else {
    return op->emitError("the interpreter does not support the constant ")
           << value;
  }
  core.interp.rememberConstant(op, result);
  core.set(op->getResult(0), std::move(result));
  return success();
}
