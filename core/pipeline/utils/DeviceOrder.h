//===- DeviceOrder.h - pipelines that depend through device memory -*- C++ -*-===//
//
// What the passes share about the order of device-memory accesses: the
// barriers that keep a load from overtaking the store it depends on once
// the units run ahead of each other (DataflowIR). Which views may reach
// the same memory is spyre::mayAlias (pipeline/utils/ScheduleUtils.h).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_DEVICEORDER_H
#define SPYRE_PIPELINE_UTILS_DEVICEORDER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Value.h"

namespace spyre {

/// ScheduleIR runs pipelines one after the other; in DataflowIR every unit
/// runs its share of them as far ahead as its tokens let it, so the load
/// unit may start a pipeline before the store unit has finished an earlier
/// one. Where a pipeline loads device memory that an earlier pipeline of
/// its block may store (or, in a loop, one at or after it stored in the
/// previous iteration), a `sched.barrier` keeps the order: before the
/// pipeline, or before the loop body's terminator (unless one is there).
/// Returns the number of barriers added.
int orderDeviceAccesses(mlir::func::FuncOp function);

} // namespace spyre

#endif
