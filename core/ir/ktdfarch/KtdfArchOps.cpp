//===- KtdfArchOps.cpp - device descriptions: syntax and checks -----------===//
//
// The syntax follows the public Spyre dataflow scheduler's device files
// (docs/architecture-format.md, "Device declarations"):
//
//   ktdf_arch.device @d attributes {mem_space_mapping = ...} import("f.mlir")
//   ktdf_arch.device @d {
//     %ddr = memory #DDR                      // #DDR = {kind = ..., size = ...}
//     group {kind = "core"} share(%ddr) {
//       %u = exec_unit #UNIT
//       %g = group share() { %r = memory #REG ... yield %x } -> exec_unit
//       datapath #FIFO %u to %g : exec_unit, exec_unit
//     }
//     patterns ["pre_scheduling"] { pdl.pattern ... }
//   }
//
// Types in a datapath are written as bare keywords (`memory`, `exec_unit`,
// `switch`); `share` lists memories and `yield` execution units, so neither
// spells its types.
//
//===----------------------------------------------------------------------===//

#include "ir/ktdfarch/KtdfArchDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::ktdf_arch;

#define GET_OP_CLASSES
#include "ir/ktdfarch/KtdfArchOps.cpp.inc"

namespace {

/// `memory`, `exec_unit` or `switch`.
ParseResult parseResourceType(OpAsmParser &parser, Type &type) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  MLIRContext *context = parser.getContext();
  if (keyword == "memory")
    type = MemoryType::get(context);
  else if (keyword == "exec_unit")
    type = ExecUnitType::get(context);
  else if (keyword == "switch")
    type = SwitchType::get(context);
  else
    return parser.emitError(loc, "expected a resource kind (memory, "
                                 "exec_unit or switch), got '")
           << keyword << "'";
  return success();
}

void printResourceType(OpAsmPrinter &printer, Type type) {
  if (isa<MemoryType>(type))
    printer << "memory";
  else if (isa<ExecUnitType>(type))
    printer << "exec_unit";
  else
    printer << "switch";
}

/// An optional properties dictionary, written inline or as an alias.
ParseResult parseOptionalProps(OpAsmParser &parser, OperationState &result) {
  DictionaryAttr props;
  OptionalParseResult parsed = parser.parseOptionalAttribute(props);
  if (parsed.has_value() && failed(*parsed))
    return failure();
  if (props)
    result.addAttribute("props", props);
  return success();
}

void printOptionalProps(OpAsmPrinter &printer, DictionaryAttr props) {
  if (props) {
    printer << ' ';
    printer.printAttribute(props);
  }
}

/// `(@name)?`
ParseResult parseOptionalName(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  if (succeeded(parser.parseOptionalSymbolName(name)))
    result.addAttribute("sym_name", name);
  return success();
}

void printOptionalName(OpAsmPrinter &printer, StringAttr name) {
  if (name) {
    printer << ' ';
    printer.printSymbolName(name.getValue());
  }
}

} // namespace

ParseResult mlir::ktdf_arch::parseResource(OpAsmParser &parser,
                                           OperationState &result,
                                           Type resourceType) {
  if (parseOptionalName(parser, result) || parseOptionalProps(parser, result))
    return failure();
  result.addTypes(resourceType);
  return success();
}

void mlir::ktdf_arch::printResource(OpAsmPrinter &printer, Operation *,
                                    StringAttr name, DictionaryAttr props) {
  printOptionalName(printer, name);
  printOptionalProps(printer, props);
}

//===----------------------------------------------------------------------===//
// device
//===----------------------------------------------------------------------===//

StringRef DeviceOp::getDefaultDialect() { return "ktdf_arch"; }

ParseResult DeviceOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  if (parser.parseSymbolName(name))
    return failure();
  result.getOrAddProperties<Properties>().sym_name = name;
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (succeeded(parser.parseOptionalKeyword("import"))) {
    std::string path;
    if (parser.parseLParen() || parser.parseString(&path) ||
        parser.parseRParen())
      return failure();
    result.getOrAddProperties<Properties>().import_path =
        parser.getBuilder().getStringAttr(path);
    return success();
  }
  if (parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void DeviceOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printSymbolName(getSymName());
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {"sym_name", "import_path"});
  if (std::optional<StringRef> path = getImportPath()) {
    printer << " import(";
    printer.printString(*path);
    printer << ')';
    return;
  }
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/false);
}

LogicalResult DeviceOp::verify() {
  if (isImport() && !getBody().empty() && !getBody().front().empty())
    return emitOpError("imports its resources, so it cannot also list them");
  if (Attribute mapping = (*this)->getAttr(kMemSpaceMapping)) {
    auto map = dyn_cast<MapAttr>(mapping);
    if (!map)
      return emitOpError("'mem_space_mapping' must be a #ktdf_arch.map, got ")
             << mapping;
    for (auto [key, value] : llvm::zip(map.getKeys(), map.getValues()))
      if (!isa<StringAttr>(value))
        return emitOpError("'mem_space_mapping' maps ")
               << key << " to " << value
               << ", but a memory kind is a string (e.g. \"L1\")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// switch, datapath
//===----------------------------------------------------------------------===//

ParseResult SwitchOp::parse(OpAsmParser &parser, OperationState &result) {
  int64_t ports = 0;
  if (parser.parseLSquare() || parser.parseInteger(ports) ||
      parser.parseRSquare())
    return failure();
  result.addAttribute("ports", parser.getBuilder().getI64IntegerAttr(ports));
  if (parseOptionalProps(parser, result))
    return failure();
  result.addTypes(SwitchType::get(parser.getContext()));
  return success();
}

void SwitchOp::print(OpAsmPrinter &printer) {
  printer << " [" << getPorts() << ']';
  printOptionalProps(printer, getPropsAttr());
}

ParseResult DatapathOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand from, to;
  Type fromType, toType;
  if (parseOptionalProps(parser, result) || parser.parseOperand(from) ||
      parser.parseKeyword("to") || parser.parseOperand(to) ||
      parser.parseColon() || parseResourceType(parser, fromType) ||
      parser.parseComma() || parseResourceType(parser, toType) ||
      parser.resolveOperand(from, fromType, result.operands) ||
      parser.resolveOperand(to, toType, result.operands))
    return failure();
  return success();
}

void DatapathOp::print(OpAsmPrinter &printer) {
  printOptionalProps(printer, getPropsAttr());
  printer << ' ' << getFrom() << " to " << getTo() << " : ";
  printResourceType(printer, getFrom().getType());
  printer << ", ";
  printResourceType(printer, getTo().getType());
}

//===----------------------------------------------------------------------===//
// group, yield
//===----------------------------------------------------------------------===//

StringRef GroupOp::getDefaultDialect() { return "ktdf_arch"; }

ParseResult GroupOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> shared;
  if (parseOptionalName(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseKeyword("share") ||
      parser.parseOperandList(shared, OpAsmParser::Delimiter::Paren) ||
      parser.resolveOperands(shared, MemoryType::get(parser.getContext()),
                             result.operands))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  if (succeeded(parser.parseOptionalArrow())) {
    auto one = [&]() -> ParseResult {
      Type type;
      if (parseResourceType(parser, type))
        return failure();
      result.addTypes(type);
      return success();
    };
    if (parser.parseCommaSeparatedList(one))
      return failure();
  }
  GroupOp::ensureTerminator(*body, parser.getBuilder(), result.location);
  return success();
}

void GroupOp::print(OpAsmPrinter &printer) {
  printOptionalName(printer, getSymNameAttr());
  printer.printOptionalAttrDict((*this)->getAttrs(), {"sym_name"});
  printer << " share(" << getShared() << ") ";
  bool yields = !getUnits().empty();
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/yields);
  if (yields) {
    printer << " -> ";
    llvm::interleaveComma(getUnits().getTypes(), printer,
                          [&](Type type) { printResourceType(printer, type); });
  }
}

LogicalResult GroupOp::verify() {
  auto yield = cast<YieldOp>(getBody().front().getTerminator());
  if (yield.getUnits().size() != getUnits().size())
    return emitOpError("yields ")
           << yield.getUnits().size() << " units but declares "
           << getUnits().size() << " results";
  // Memories of enclosing levels are reached only through `share`.
  llvm::SmallPtrSet<Value, 4> shared(getShared().begin(), getShared().end());
  WalkResult walk = getBody().walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (!isa<MemoryType>(operand.getType()) || shared.contains(operand))
        continue;
      if (getBody().isAncestor(operand.getParentRegion()))
        continue;
      op->emitOpError("uses a memory of an enclosing level that the group "
                      "does not list in share(...)");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

ParseResult YieldOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> units;
  if (parser.parseOperandList(units) ||
      parser.resolveOperands(units, ExecUnitType::get(parser.getContext()),
                             result.operands))
    return failure();
  return success();
}

void YieldOp::print(OpAsmPrinter &printer) {
  if (!getUnits().empty())
    printer << ' ' << getUnits();
}

//===----------------------------------------------------------------------===//
// patterns
//===----------------------------------------------------------------------===//

ParseResult PatternsOp::parse(OpAsmParser &parser, OperationState &result) {
  ArrayAttr groups;
  if (parser.parseAttribute(groups))
    return failure();
  result.addAttribute("groups", groups);
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void PatternsOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printAttribute(getGroups());
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/false);
}
