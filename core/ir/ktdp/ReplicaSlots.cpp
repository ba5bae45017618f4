//===- ReplicaSlots.cpp - replicated partitions of a distributed view -----===//

#include "ir/ktdp/ReplicaSlots.h"
#include "ir/ktdp/IntegerSetUtils.h"

using namespace mlir;
using namespace mlir::ktdp;

SmallVector<int64_t>
mlir::ktdp::replicaSlotShifts(ConstructDistributedMemoryViewOp view) {
  size_t n = view.getMemrefs().size();
  SmallVector<int64_t> shifts(n, 0);
  auto type = llvm::dyn_cast<MemRefType>(view.getType());
  if (!type || type.getRank() == 0 || type.isDynamicDim(0))
    return shifts;
  // The slot of each partition: how many earlier partitions are the same
  // piece (the same coordinate_set). Every partition must be a memory view
  // with a set without symbols whose dimension 0 has constant bounds, else
  // there are no slots.
  SmallVector<IntegerSet> pieces;
  SmallVector<int64_t> slot(n, 0);
  int64_t slots = 1, pieceEnd = 0;
  for (auto [i, operand] : llvm::enumerate(view.getMemrefs())) {
    auto part = operand.getDefiningOp<ConstructMemoryViewOp>();
    std::optional<IntegerSet> set = part ? part.getCoordinateSet() : std::nullopt;
    if (!set || set->getNumDims() != unsigned(type.getRank()))
      return shifts;
    if (set->getNumSymbols() != 0)
      return shifts; // dimension 0's extent would depend on them
    for (IntegerSet earlier : pieces)
      slot[i] += earlier == *set;
    pieces.push_back(*set);
    slots = std::max(slots, slot[i] + 1);
    auto bounds = integerSetDimBounds(*set, 0, {});
    if (!bounds || bounds->first < 0)
      return shifts;
    pieceEnd = std::max(pieceEnd, bounds->second + 1);
  }
  int64_t extent = type.getDimSize(0);
  if (slots == 1 || extent % slots != 0 || extent / slots < pieceEnd)
    return shifts;
  for (size_t i = 0; i < n; ++i)
    shifts[i] = slot[i] * (extent / slots);
  return shifts;
}

IntegerSet mlir::ktdp::shiftDim0(IntegerSet set, int64_t shift) {
  if (shift == 0 || set.getNumDims() == 0)
    return set;
  MLIRContext *context = set.getContext();
  SmallVector<AffineExpr> dims;
  for (unsigned d = 0; d < set.getNumDims(); ++d)
    dims.push_back(getAffineDimExpr(d, context));
  dims[0] = dims[0] - shift;
  SmallVector<AffineExpr> symbols;
  for (unsigned s = 0; s < set.getNumSymbols(); ++s)
    symbols.push_back(getAffineSymbolExpr(s, context));
  return set.replaceDimsAndSymbols(dims, symbols, set.getNumDims(),
                                   set.getNumSymbols());
}
