//===- SinkIntoBranches.h - stores of a branch's result, in the branch -*- C++ -*-===//
//
// `%y = scf.if ... { yield a } else { yield b }; store %y` computes the tile
// in a branch's pipeline, yields it whole out of the branch and stores it
// from another pipeline: the compute unit holds it in between. Storing it
// in each branch instead lets each branch's pipeline stream it to LX a
// stick at a time. A constant tile with one value used inside such a
// branch is made again where it is used, so that the branch's compute
// stage takes it as a splat vector instead of holding it from before.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_SINKINTOBRANCHES_H
#define SPYRE_PIPELINE_UTILS_SINKINTOBRANCHES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace spyre {

/// For each ktdp.store of a result of an scf.if (with an else branch) in
/// the same block, with only ops without memory effects between the two:
/// the store (and the access tile it uses, if built after the branch from
/// values defined before it) is repeated at the end of each branch on the
/// value that branch yields, and the original store erased; a result left
/// unused is dropped from the scf.if. Then every splat constant tile used
/// in another block is cloned before its first use there.
void sinkStoresIntoBranches(mlir::func::FuncOp function);

/// Every splat constant tile used in another block than its own is cloned
/// before its first use there (and erased when nothing else uses it).
void sinkSplatConstants(mlir::func::FuncOp function);

} // namespace spyre

#endif
