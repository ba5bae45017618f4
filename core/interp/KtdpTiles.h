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
/// Points [first, first + count) of `tile` (in tile order) read as
/// elements of `dtype` into out[0, count); masked points read as 0.
void loadPoints(CoreExec &core, const AccessTile &tile, DType dtype,
                int64_t first, int64_t count, double *out);
/// values[0, count) written to points [first, first + count) of `tile`;
/// masked points are skipped.
void storePoints(CoreExec &core, const AccessTile &tile, int64_t first,
                 int64_t count, const double *values);
mlir::LogicalResult execStore(CoreExec &core, mlir::ktdp::StoreOp op);

} // namespace spyre::interp

#endif
