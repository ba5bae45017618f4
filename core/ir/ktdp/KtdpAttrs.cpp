//===- KtdpAttrs.cpp - ktdp attributes ------------------------------------===//
//
// The memory-space attribute in its canonical G2 spelling, and the reader for
// the legacy G1 spelling that maps onto it:
//   HBM -> global,   LX / L0 -> ct_local,   core = N -> ct_id = N.
//
//===----------------------------------------------------------------------===//

#include "ir/ktdp/KtdpAttrs.h"
#include "ir/ktdp/KtdpDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ktdp;

#include "ir/ktdp/KtdpEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ir/ktdp/KtdpAttrs.cpp.inc"

void KtdpDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ir/ktdp/KtdpAttrs.cpp.inc"
      >();
}

Attribute KtdpDialect::parseAttribute(DialectAsmParser &parser,
                                      Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return succeeded(*result) ? attr : Attribute();
  if (mnemonic == "spyre_memory_space")
    return parseLegacyMemorySpace(parser);
  parser.emitError(loc, "unknown ktdp attribute '#ktdp.")
      << mnemonic
      << "' (expected 'memory_space' or the legacy 'spyre_memory_space')";
  return {};
}

void KtdpDialect::printAttribute(Attribute attr,
                                 DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}

//===----------------------------------------------------------------------===//
// MemorySpaceAttr
//===----------------------------------------------------------------------===//

/// Parses an optional `, <key> = <int>` suffix. Returns the value, -1 when the
/// suffix is absent, or std::nullopt after reporting an error.
static std::optional<int32_t> parseOptionalCoreSuffix(AsmParser &parser,
                                                      StringRef key) {
  if (failed(parser.parseOptionalComma()))
    return -1;
  int32_t value = 0;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(key) || parser.parseEqual() ||
      parser.parseInteger(value))
    return std::nullopt;
  if (value < 0) {
    parser.emitError(loc) << "'" << key << "' must be non-negative, got "
                          << value;
    return std::nullopt;
  }
  return value;
}

Attribute MemorySpaceAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef kindName;
  if (parser.parseLess() || parser.parseKeyword(&kindName))
    return {};
  std::optional<MemorySpaceKind> kind = symbolizeMemorySpaceKind(kindName);
  if (!kind) {
    parser.emitError(loc, "unknown memory space '")
        << kindName << "' (expected 'global' or 'ct_local')";
    return {};
  }
  SMLoc idLoc = parser.getCurrentLocation();
  std::optional<int32_t> ctId = parseOptionalCoreSuffix(parser, "ct_id");
  if (!ctId || parser.parseGreater())
    return {};
  return MemorySpaceAttr::getChecked(
      [&] { return parser.emitError(idLoc); }, parser.getContext(), *kind,
      *ctId);
}

void MemorySpaceAttr::print(AsmPrinter &printer) const {
  printer << '<' << stringifyMemorySpaceKind(getKind());
  if (hasCtId())
    printer << ", ct_id = " << getCtId();
  printer << '>';
}

LogicalResult
MemorySpaceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        MemorySpaceKind kind, int32_t ctId) {
  if (ctId < -1)
    return emitError() << "ct_id must be non-negative, got " << ctId;
  if (ctId >= 0 && kind == MemorySpaceKind::global)
    return emitError() << "ct_id is only valid for ct_local memory spaces, "
                          "not for 'global'";
  return success();
}

Attribute mlir::ktdp::parseLegacyMemorySpace(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  if (parser.parseLess() || parser.parseKeyword(&name))
    return {};
  MemorySpaceKind kind;
  if (name == "HBM") {
    kind = MemorySpaceKind::global;
  } else if (name == "LX" || name == "L0") {
    kind = MemorySpaceKind::ct_local;
  } else if (name == "unspecified") {
    parser.emitError(loc, "the legacy 'unspecified' memory space has no "
                          "KTIR equivalent; write "
                          "#ktdp.memory_space<global> or <ct_local>");
    return {};
  } else {
    parser.emitError(loc, "unknown legacy memory space '")
        << name << "' (expected HBM, LX or L0)";
    return {};
  }
  SMLoc coreLoc = parser.getCurrentLocation();
  std::optional<int32_t> core = parseOptionalCoreSuffix(parser, "core");
  if (!core || parser.parseGreater())
    return {};
  if (*core >= 0 && kind == MemorySpaceKind::global) {
    parser.emitError(coreLoc, "core affinity is only valid for LX or L0 "
                              "memory spaces, not for HBM");
    return {};
  }
  return MemorySpaceAttr::get(parser.getContext(), kind, *core);
}
