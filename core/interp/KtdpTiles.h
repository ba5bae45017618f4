//===- KtdpTiles.h - access tiles, loads and stores -------------*- C++ -*-===//
//
// Internal to the interpreter: the ktdp handlers that build access tiles
// (AccessTileOps.cpp) and move data through them (LoadStoreOps.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_KTDPTILES_H
#define SPYRE_INTERP_KTDPTILES_H

#include "interp/CoreExec.h"
#include "ir/ktdp/KtdpOps.h"

namespace spyre::interp {

/// The memory (HBM, or a core's LX) a view partition lives in.
ByteStore &storeFor(CoreExec &core, const ViewPart &part);

mlir::LogicalResult execAccessTile(CoreExec &core,
                                   mlir::ktdp::ConstructAccessTileOp op);
mlir::LogicalResult
execIndirectTile(CoreExec &core, mlir::ktdp::ConstructIndirectAccessTileOp op);
mlir::LogicalResult execLoad(CoreExec &core, mlir::ktdp::LoadOp op);
mlir::LogicalResult execStore(CoreExec &core, mlir::ktdp::StoreOp op);

} // namespace spyre::interp

#endif
