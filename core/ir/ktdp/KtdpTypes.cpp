//===- KtdpTypes.cpp - ktdp types -----------------------------------------===//

#include "ir/ktdp/KtdpTypes.h"
#include "ir/ktdp/KtdpDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ktdp;

#define GET_TYPEDEF_CLASSES
#include "ir/ktdp/KtdpTypes.cpp.inc"

void KtdpDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ir/ktdp/KtdpTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// AccessTileType
//===----------------------------------------------------------------------===//

Type AccessTileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return {};
  return AccessTileType::getChecked([&] { return parser.emitError(loc); },
                                    parser.getContext(), shape, elementType);
}

void AccessTileType::print(AsmPrinter &printer) const {
  printer << '<';
  printer.printDimensionList(getShape());
  if (!getShape().empty())
    printer << 'x';
  printer << getElementType() << '>';
}

LogicalResult
AccessTileType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType) {
  if (!elementType.isIndex())
    return emitError() << "access tile element type must be 'index', got "
                       << elementType;
  for (int64_t dim : shape)
    if (dim < 0 && !ShapedType::isDynamic(dim))
      return emitError() << "access tile extents must be non-negative, got "
                         << dim;
  return success();
}

bool AccessTileType::hasStaticShape() const {
  return llvm::none_of(getShape(), ShapedType::isDynamic);
}

std::optional<int64_t> AccessTileType::getNumElements() const {
  if (!hasStaticShape())
    return std::nullopt;
  int64_t n = 1;
  for (int64_t dim : getShape())
    n *= dim;
  return n;
}

//===----------------------------------------------------------------------===//
// RuntimeArgType
//===----------------------------------------------------------------------===//

Type RuntimeArgType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  Type valueType;
  if (parser.parseLess() || parser.parseType(valueType))
    return {};
  std::optional<int64_t> granularity, upperbound;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    int64_t value = 0;
    if (parser.parseKeyword(&key))
      return {};
    std::optional<int64_t> *slot = key == "granularity" ? &granularity
                                   : key == "upperbound" ? &upperbound
                                                         : nullptr;
    if (!slot) {
      parser.emitError(keyLoc, "unknown runtime_arg keyword '")
          << key << "' (expected 'granularity' or 'upperbound')";
      return {};
    }
    if (slot->has_value()) {
      parser.emitError(keyLoc, "duplicate '") << key << "' keyword";
      return {};
    }
    if (parser.parseEqual() || parser.parseInteger(value))
      return {};
    *slot = value;
  }
  if (parser.parseGreater())
    return {};
  return RuntimeArgType::getChecked([&] { return parser.emitError(loc); },
                                    parser.getContext(), valueType,
                                    granularity, upperbound);
}

void RuntimeArgType::print(AsmPrinter &printer) const {
  printer << '<' << getValueType();
  if (getGranularity())
    printer << ", granularity=" << *getGranularity();
  if (getUpperbound())
    printer << ", upperbound=" << *getUpperbound();
  printer << '>';
}

LogicalResult
RuntimeArgType::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type valueType, std::optional<int64_t> granularity,
                       std::optional<int64_t> upperbound) {
  if (!valueType.isIntOrIndexOrFloat())
    return emitError() << "runtime_arg value type must be index, an integer "
                          "or a float type, got "
                       << valueType;
  if (granularity && *granularity <= 0)
    return emitError() << "runtime_arg granularity must be positive, got "
                       << *granularity;
  if (upperbound && *upperbound <= 0)
    return emitError() << "runtime_arg upperbound must be positive, got "
                       << *upperbound;
  return success();
}

//===----------------------------------------------------------------------===//
// TileFutureType
//===----------------------------------------------------------------------===//

Type TileFutureType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> partials;
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalLParen())) {
    // Canonical G2 spelling: `<(T1, T2, ...), groups = S>`.
    if (failed(parser.parseOptionalRParen()) &&
        (parser.parseTypeList(partials) || parser.parseRParen()))
      return {};
    if (parser.parseComma() || parser.parseKeyword("groups"))
      return {};
  } else {
    // Draft spelling: `<T1, ..., groups = S>`, partial types listed bare.
    do {
      Type type;
      if (parser.parseType(type) || parser.parseComma())
        return {};
      partials.push_back(type);
    } while (failed(parser.parseOptionalKeyword("groups")));
  }
  Attribute groups;
  if (parser.parseEqual())
    return {};
  SMLoc groupsLoc = parser.getCurrentLocation();
  if (parser.parseAttribute(groups) || parser.parseGreater())
    return {};
  auto setAttr = llvm::dyn_cast<IntegerSetAttr>(groups);
  if (!setAttr) {
    parser.emitError(groupsLoc, "expected an integer set for 'groups'");
    return {};
  }
  return TileFutureType::getChecked([&] { return parser.emitError(loc); },
                                    parser.getContext(), partials,
                                    setAttr.getValue());
}

void TileFutureType::print(AsmPrinter &printer) const {
  printer << "<(";
  llvm::interleaveComma(getPartialTypes(), printer);
  printer << "), groups = ";
  printer.printAttribute(IntegerSetAttr::get(getGroups()));
  printer << '>';
}

LogicalResult
TileFutureType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<Type> partialTypes, IntegerSet groups) {
  if (partialTypes.empty())
    return emitError() << "tile_future needs at least one partial type";
  for (Type type : partialTypes)
    if (!llvm::isa<RankedTensorType>(type))
      return emitError() << "tile_future partial types must be ranked "
                            "tensors, got "
                         << type;
  if (!groups || groups.getNumDims() != 1 || groups.getNumSymbols() != 0)
    return emitError() << "tile_future 'groups' must be a set with exactly "
                          "one dimension and no symbols";
  return success();
}
