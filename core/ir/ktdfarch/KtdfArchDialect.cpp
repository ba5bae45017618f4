//===- KtdfArchDialect.cpp - device descriptions: dialect, types, map -----===//

#include "ir/ktdfarch/KtdfArchDialect.h"
#include "ir/ktdp/KtdpDialect.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ktdf_arch;

#include "ir/ktdfarch/KtdfArchDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ir/ktdfarch/KtdfArchTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ir/ktdfarch/KtdfArchAttrs.cpp.inc"

void KtdfArchDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "ir/ktdfarch/KtdfArchTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ir/ktdfarch/KtdfArchAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ir/ktdfarch/KtdfArchOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// #ktdf_arch.map<key = value, ...>
//===----------------------------------------------------------------------===//

Attribute MapAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Attribute> keys, values;
  auto entry = [&]() -> ParseResult {
    Attribute key, value;
    if (parser.parseAttribute(key) || parser.parseEqual() ||
        parser.parseAttribute(value))
      return failure();
    keys.push_back(key);
    values.push_back(value);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater, entry))
    return {};
  MLIRContext *context = parser.getContext();
  return MapAttr::getChecked([&] { return parser.emitError(loc); }, context,
                             ArrayAttr::get(context, keys),
                             ArrayAttr::get(context, values));
}

void MapAttr::print(AsmPrinter &printer) const {
  printer << '<';
  llvm::interleaveComma(llvm::zip(getKeys(), getValues()), printer,
                        [&](auto entry) {
                          printer.printAttribute(std::get<0>(entry));
                          printer << " = ";
                          printer.printAttribute(std::get<1>(entry));
                        });
  printer << '>';
}

LogicalResult MapAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              ArrayAttr keys, ArrayAttr values) {
  if (keys.size() != values.size())
    return emitError() << "a map needs one value per key, got " << keys.size()
                       << " keys and " << values.size() << " values";
  llvm::DenseSet<Attribute> seen;
  for (Attribute key : keys)
    if (!seen.insert(key).second)
      return emitError() << "key " << key << " appears twice in the map";
  return success();
}

Attribute MapAttr::lookup(Attribute key) const {
  for (auto [k, v] : llvm::zip(getKeys(), getValues()))
    if (k == key)
      return v;
  return {};
}
