//===- ReplicaSlots.h - replicated partitions of a distributed view -*- C++ -*-===//
//
// Inter-core relayouts state replication in the destination view: a piece
// that several cores own is that many ct_local views with the same
// coordinate_set (and different ct_id), and the composed type counts them,
// stacked on dimension 0: with R owners per piece the composed extent of
// dimension 0 is R times the pieces'. The r-th view (in operand order) with
// a given coordinate_set is slot r: it holds the global coordinates of its
// set shifted by r * (extent / R) along dimension 0, so that every slot is
// a distinct region of the composed view and no coordinate has two owners.
//
// Both engines read a distributed view through these shifts (the
// interpreter when it builds the view, SpyreCode when it encodes the
// partitions of a DMA's view), so they agree on which core a coordinate
// lives on. A view whose partitions repeat no set, or whose composed type
// does not leave room for the slots (a dynamic extent, an extent that is
// not R times a size holding every piece), keeps the plain rule: the first
// partition holding a coordinate owns it.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_KTDP_REPLICASLOTS_H
#define SPYRE_IR_KTDP_REPLICASLOTS_H

#include "ir/ktdp/KtdpOps.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::ktdp {

/// The shift along dimension 0 of each partition (operand) of `view`; all
/// zero when the view has no replica slots.
llvm::SmallVector<int64_t>
replicaSlotShifts(ConstructDistributedMemoryViewOp view);

/// `set` with dimension 0 shifted by `shift`: (d0, ...) is in the result
/// when (d0 - shift, ...) is in `set`.
IntegerSet shiftDim0(IntegerSet set, int64_t shift);

} // namespace mlir::ktdp

#endif
