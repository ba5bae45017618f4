//===- KtdpOps.cpp - ktdp memory-view, load/store and runtime-arg ops -----===//
//
// Verifiers for the ops whose syntax is declarative. The access-tile
// constructors and the inter-tile ops have their own files.
//
//===----------------------------------------------------------------------===//

#include "ir/ktdp/KtdpOps.h"
#include "support/Checked.h"

#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::ktdp;

#define GET_OP_CLASSES
#include "ir/ktdp/KtdpOps.cpp.inc"

/// Prints a shape as `4x?x8` for diagnostics.
static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (shape.empty())
    os << "a scalar (rank 0)";
  llvm::interleave(
      shape, os,
      [&](int64_t d) {
        if (ShapedType::isDynamic(d))
          os << '?';
        else
          os << d;
      },
      "x");
  return text;
}

LogicalResult GetComputeTileIdOp::verify() {
  if (getIds().empty())
    return emitOpError("must return at least one index (one per grid "
                       "dimension)");
  return success();
}

//===----------------------------------------------------------------------===//
// ConstructMemoryViewOp
//===----------------------------------------------------------------------===//

LogicalResult ConstructMemoryViewOp::verify() {
  ArrayRef<int64_t> sizes = getStaticSizes();
  ArrayRef<int64_t> strides = getStaticStrides();
  if (sizes.size() != strides.size())
    return emitOpError("has ") << sizes.size() << " sizes but "
                               << strides.size() << " strides";
  auto countDynamic = [](ArrayRef<int64_t> list) {
    return llvm::count_if(list, ShapedType::isDynamic);
  };
  if (countDynamic(sizes) != static_cast<int64_t>(getSizes().size()))
    return emitOpError("expects ")
           << countDynamic(sizes) << " dynamic size operands, got "
           << getSizes().size();
  if (countDynamic(strides) != static_cast<int64_t>(getStrides().size()))
    return emitOpError("expects ")
           << countDynamic(strides) << " dynamic stride operands, got "
           << getStrides().size();
  for (auto [i, size] : llvm::enumerate(sizes))
    if (!ShapedType::isDynamic(size) && size < 0)
      return emitOpError("size of dimension ")
             << i << " must be non-negative, got " << size;
  // The element count and the element index of the last coordinate must
  // fit in 64 bits (checked, not wrapped), for whatever is static.
  if (llvm::none_of(sizes, ShapedType::isDynamic) &&
      !spyre::checked::product(sizes))
    return emitOpError("has more than 2^63 elements");
  std::optional<int64_t> reach = 0;
  for (auto [size, stride] : llvm::zip(sizes, strides)) {
    if (ShapedType::isDynamic(size) || ShapedType::isDynamic(stride) ||
        size == 0 || !reach)
      continue;
    std::optional<int64_t> step = spyre::checked::mul(size - 1, stride);
    if (step && *step < 0)
      step = spyre::checked::sub(0, *step);
    reach = step ? spyre::checked::add(*reach, *step) : std::nullopt;
  }
  if (!reach)
    return emitOpError("strides and sizes reach beyond element 2^63: the "
                       "addresses would overflow");

  auto type = llvm::cast<MemRefType>(getResult().getType());
  if (type.getRank() != static_cast<int64_t>(sizes.size()))
    return emitOpError("result memref has rank ")
           << type.getRank() << " but " << sizes.size()
           << " sizes were given";
  for (auto [i, size, extent] : llvm::enumerate(sizes, type.getShape()))
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(extent) &&
        size != extent)
      return emitOpError("size ")
             << size << " of dimension " << i
             << " does not match the memref's extent " << extent;

  if (std::optional<IntegerSet> set = getCoordinateSet()) {
    if (set->getNumDims() != sizes.size())
      return emitOpError("coordinate_set has ")
             << set->getNumDims() << " dimensions but the view has rank "
             << sizes.size();
    if (set->getNumSymbols() > getSizes().size())
      return emitOpError("coordinate_set has ")
             << set->getNumSymbols() << " symbols but only "
             << getSizes().size()
             << " dynamic sizes are there to bind them";
  }
  return success();
}

LogicalResult ConstructDistributedMemoryViewOp::verify() {
  auto type = llvm::cast<MemRefType>(getResult().getType());
  for (auto [i, input] : llvm::enumerate(getMemrefs())) {
    auto part = llvm::cast<MemRefType>(input.getType());
    if (part.getElementType() != type.getElementType())
      return emitOpError("partition #")
             << i << " holds " << part.getElementType()
             << " but the distributed view holds " << type.getElementType();
    if (part.getRank() != type.getRank())
      return emitOpError("partition #")
             << i << " has rank " << part.getRank()
             << " but the distributed view has rank " << type.getRank();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// LoadOp / StoreOp
//===----------------------------------------------------------------------===//

/// The element type of the memory an access tile was built on, when the
/// tile's defining op is visible.
static Type viewedElementType(Value accessTile) {
  Operation *def = accessTile.getDefiningOp();
  if (auto op = llvm::dyn_cast_or_null<ConstructAccessTileOp>(def))
    return llvm::cast<ShapedType>(op.getBase().getType()).getElementType();
  if (auto op = llvm::dyn_cast_or_null<ConstructIndirectAccessTileOp>(def))
    return llvm::cast<ShapedType>(op.getBase().getType()).getElementType();
  return {};
}

static LogicalResult verifyTileTransfer(Operation *op, StringRef what,
                                        RankedTensorType data,
                                        Value accessTile) {
  auto tile = llvm::cast<AccessTileType>(accessTile.getType());
  if (data.getShape() != tile.getShape())
    return op->emitOpError() << what << " shape " << shapeString(data.getShape())
                             << " does not match the access tile shape "
                             << shapeString(tile.getShape());
  Type viewed = viewedElementType(accessTile);
  if (viewed && viewed != data.getElementType())
    return op->emitOpError() << what << " element type "
                             << data.getElementType()
                             << " does not match the viewed memory's "
                             << viewed;
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyTileTransfer(*this, "result",
                            llvm::cast<RankedTensorType>(getType()),
                            getAccessTile());
}

LogicalResult StoreOp::verify() {
  return verifyTileTransfer(
      *this, "data", llvm::cast<RankedTensorType>(getDataTile().getType()),
      getAccessTile());
}

//===----------------------------------------------------------------------===//
// RuntimeArgExtractOp
//===----------------------------------------------------------------------===//

LogicalResult RuntimeArgExtractOp::verify() {
  auto argType = llvm::cast<RuntimeArgType>(getInput().getType());
  switch (getKind()) {
  case RuntimeArgKind::value:
    if (getType() != argType.getValueType())
      return emitOpError("'value' extracts a ")
             << argType.getValueType() << " but the result is " << getType();
    return success();
  case RuntimeArgKind::granularity:
  case RuntimeArgKind::upperbound: {
    bool present = getKind() == RuntimeArgKind::granularity
                       ? argType.getGranularity().has_value()
                       : argType.getUpperbound().has_value();
    StringRef name = stringifyRuntimeArgKind(getKind());
    if (!present)
      return emitOpError("the runtime_arg carries no '") << name << "'";
    if (!getType().isIndex())
      return emitOpError("'") << name << "' must be extracted as index, not "
                              << getType();
    return success();
  }
  }
  return success();
}
