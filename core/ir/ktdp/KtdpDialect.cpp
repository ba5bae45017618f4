//===- KtdpDialect.cpp - ktdp dialect registration ------------------------===//

#include "ir/ktdp/KtdpDialect.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::ktdp;

#include "ir/ktdp/KtdpDialect.cpp.inc"

void KtdpDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ir/ktdp/KtdpOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
}
