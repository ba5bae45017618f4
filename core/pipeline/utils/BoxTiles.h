//===- BoxTiles.h - access tiles that are boxes of their view -*- C++ -*-===//
//
// An access tile that is a box from its indices with the shape of its type,
// in the identity order, can be cut into smaller boxes by moving its
// indices: a chunk of a matmul's operand (chunk-large-matmuls), the part of
// a loaded tile a tensor.extract_slice keeps or the part of a stored tile
// a tensor.insert_slice wrote (normalize-tensor-ops).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_BOXTILES_H
#define SPYRE_PIPELINE_UTILS_BOXTILES_H

#include "ir/ktdp/KtdpOps.h"

namespace spyre {

/// Whether `tile` is a box from the origin with the shape of its type, in
/// the identity order (what a smaller box can be cut from by offsetting it).
bool isPlainBoxTile(mlir::ktdp::ConstructAccessTileOp tile);

/// A box of the plain box tile `tile`: the same view and indices, each
/// dimension d of `offsets` moved by offsets[d] (null: not moved), of
/// `shape`.
mlir::Value offsetBoxTile(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::ktdp::ConstructAccessTileOp tile,
                          llvm::ArrayRef<mlir::Value> offsets,
                          llvm::ArrayRef<int64_t> shape);

} // namespace spyre

#endif
