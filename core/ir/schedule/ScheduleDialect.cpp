//===- ScheduleDialect.cpp - ScheduleIR (`sched`) -------------------------===//

#include "ir/schedule/ScheduleDialect.h"
#include "ir/ktdp/KtdpTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sched;

#include "ir/schedule/ScheduleDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ir/schedule/ScheduleTypes.cpp.inc"

#define GET_OP_CLASSES
#include "ir/schedule/ScheduleOps.cpp.inc"

void SchedDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ir/schedule/ScheduleTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ir/schedule/ScheduleOps.cpp.inc"
      >();
}

namespace {
enum class Place { DeviceMemory, Scratchpad, Fifo, Other };

Place placeOf(Type type) {
  if (isa<ktdp::AccessTileType>(type))
    return Place::DeviceMemory;
  if (isa<MemRefType>(type))
    return Place::Scratchpad;
  if (isa<FifoType>(type))
    return Place::Fifo;
  return Place::Other;
}
} // namespace

LogicalResult TransferOp::verify() {
  Place from = placeOf(getSource().getType());
  Place to = placeOf(getDest().getType());
  if (from == Place::Other || to == Place::Other)
    return emitOpError("moves between access tiles, LX buffers and FIFOs only");
  if (from == to)
    return emitOpError("source and destination are in the same kind of memory");
  if (from == Place::DeviceMemory && to == Place::Fifo)
    return emitOpError("device memory reaches a FIFO only through LX");
  if (from == Place::Fifo && to == Place::DeviceMemory)
    return emitOpError("a FIFO reaches device memory only through LX");
  return success();
}
