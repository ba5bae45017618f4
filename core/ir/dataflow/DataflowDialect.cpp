//===- DataflowDialect.cpp - DataflowIR (`dflow`) -------------------------===//

#include "ir/dataflow/DataflowDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::dflow;

#include "ir/dataflow/DataflowDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ir/dataflow/DataflowTypes.cpp.inc"

#define GET_OP_CLASSES
#include "ir/dataflow/DataflowOps.cpp.inc"

void DflowDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ir/dataflow/DataflowTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ir/dataflow/DataflowOps.cpp.inc"
      >();
}
