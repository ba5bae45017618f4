//===- SpyreOpDialect.cpp - Spyre intrinsics dialect registration ---------===//

#include "ir/spyreop/SpyreOpDialect.h"
#include "ir/spyreop/SpyreOpOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::spyreop;

#include "ir/spyreop/SpyreOpDialect.cpp.inc"
#include "ir/spyreop/SpyreOpEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ir/spyreop/SpyreOpTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ir/spyreop/SpyreOpAttrs.cpp.inc"

void SpyreOpDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ir/spyreop/SpyreOpOps.cpp.inc"
      >();
  registerTypes();
  registerAttributes();
}

void SpyreOpDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ir/spyreop/SpyreOpTypes.cpp.inc"
      >();
}

void SpyreOpDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ir/spyreop/SpyreOpAttrs.cpp.inc"
      >();
}
