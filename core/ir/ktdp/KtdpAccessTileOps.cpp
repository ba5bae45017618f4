//===- KtdpAccessTileOps.cpp - access-tile constructors -------------------===//
//
// Custom syntax and verifiers of construct_access_tile and
// construct_indirect_access_tile. Both write their subscripts as affine
// expressions over SSA names, which the generic operand syntax cannot say.
//
//===----------------------------------------------------------------------===//

#include "ir/ktdp/KtdpOps.h"
#include "ir/ktdp/TileLayout.h"
#include "ir/ktdp/SsaAffineSyntax.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::ktdp;

using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

/// Parses `symbols(%a, %b)` if present.
static ParseResult
parseOptionalSymbols(OpAsmParser &parser,
                     SmallVectorImpl<UnresolvedOperand> &symbols) {
  if (failed(parser.parseOptionalKeyword("symbols")))
    return success();
  return parser.parseOperandList(symbols, OpAsmParser::Delimiter::Paren);
}

static void printOptionalSymbols(OpAsmPrinter &p, ValueRange symbols) {
  if (symbols.empty())
    return;
  p << " symbols(" << symbols << ')';
}

/// Checks that `order` is a permutation of the `rank` dimensions of a set.
static LogicalResult verifyOrder(Operation *op, StringRef name,
                                 AffineMap order, unsigned rank) {
  if (order.getNumDims() != rank || order.getNumResults() != rank ||
      order.getNumSymbols() != 0)
    return op->emitOpError()
           << name << " must map the " << rank
           << " set dimensions onto themselves, got "
           << AffineMapAttr::get(order);
  if (!order.isPermutation())
    return op->emitOpError() << name << " must be a permutation, got "
                             << AffineMapAttr::get(order);
  return success();
}

//===----------------------------------------------------------------------===//
// ConstructAccessTileOp
//===----------------------------------------------------------------------===//

/// A tile over a set without symbols that is not a box, whose type is
/// static, must take either the set's bounding box (in tile order;
/// positions outside the set are masked lanes) or exactly as many elements
/// as the set has points (the points packed in order). Box sets whose type
/// does not hold their points, and sets with symbols or too large to count,
/// are left to the interpreter (as before).
static LogicalResult verifyTileShape(ConstructAccessTileOp op) {
  AccessTileType type = op.getType();
  TileLayout layout = accessTileLayout(op.getAccessTileSet(),
                                       op.getAccessTileOrder(), type);
  if (layout.kind != TileLayout::Mismatch)
    return success();
  return op.emitOpError("access_tile_set is not a box: it has ")
         << layout.points << " points in a bounding box of "
         << layout.boxText() << ", so the type must be !ktdp.access_tile<"
         << layout.boxText()
         << "xindex> (the bounding box, anchored at the set's lowest point; "
            "positions outside the set are masked lanes) or hold exactly "
         << layout.points << " elements (the points packed in order); got "
         << type;
}

ParseResult ConstructAccessTileOp::parse(OpAsmParser &parser,
                                         OperationState &result) {
  UnresolvedOperand base;
  SmallVector<UnresolvedOperand> indices, symbols;
  AffineMap baseMap;
  Type baseType;
  AccessTileType tileType;
  if (parser.parseOperand(base) ||
      parseSsaAffineList(parser, OpAsmParser::Delimiter::Square, indices,
                         baseMap) ||
      parseOptionalSymbols(parser, symbols) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(baseType) || parser.parseArrow() ||
      parser.parseCustomTypeWithFallback(tileType))
    return failure();
  result.addAttribute("base_map", AffineMapAttr::get(baseMap));

  Type index = parser.getBuilder().getIndexType();
  if (parser.resolveOperand(base, baseType, result.operands) ||
      parser.resolveOperands(indices, index, result.operands) ||
      parser.resolveOperands(symbols, index, result.operands))
    return failure();
  result.addAttribute("operandSegmentSizes",
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(indices.size()),
                           static_cast<int32_t>(symbols.size())}));
  result.addTypes(tileType);
  return success();
}

void ConstructAccessTileOp::print(OpAsmPrinter &p) {
  p << ' ' << getBase() << '[';
  p.printAffineMapOfSSAIds(getBaseMapAttr(), getIndices());
  p << ']';
  printOptionalSymbols(p, getSymbolOperands());
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"base_map", "operandSegmentSizes"});
  p << " : " << getBase().getType() << " -> " << getType();
}

LogicalResult ConstructAccessTileOp::verify() {
  AffineMap map = getBaseMap();
  IntegerSet set = getAccessTileSet();
  unsigned rank = set.getNumDims();
  if (map.getNumInputs() != getIndices().size())
    return emitOpError("base_map takes ")
           << map.getNumInputs() << " operands but " << getIndices().size()
           << " indices were given";
  int64_t baseRank = llvm::cast<ShapedType>(getBase().getType()).getRank();
  if (map.getNumResults() != baseRank)
    return emitOpError("the anchor has ")
           << map.getNumResults() << " coordinates but the base has rank "
           << baseRank;
  if (rank != map.getNumResults())
    return emitOpError("access_tile_set has ")
           << rank << " dimensions but the anchor has "
           << map.getNumResults() << " coordinates";
  if (set.getNumSymbols() != getSymbolOperands().size())
    return emitOpError("access_tile_set has ")
           << set.getNumSymbols() << " symbols but "
           << getSymbolOperands().size() << " symbol operands were given";
  if (failed(verifyOrder(*this, "access_tile_order", getAccessTileOrder(),
                         rank)))
    return failure();
  if (getType().getRank() != rank)
    return emitOpError("result access tile has rank ")
           << getType().getRank() << " but access_tile_set has " << rank
           << " dimensions";
  return verifyTileShape(*this);
}

//===----------------------------------------------------------------------===//
// ConstructIndirectAccessTileOp
//===----------------------------------------------------------------------===//

namespace {
/// One base-dimension subscript as written: `(expr)` or `ind(%v[exprs])`.
struct Subscript {
  bool indirect = false;
  UnresolvedOperand view;
  SmallVector<UnresolvedOperand> names;
  AffineMap map;
  SMLoc loc;
};
} // namespace

static std::pair<StringRef, unsigned> key(const UnresolvedOperand &operand) {
  return {operand.name, operand.number};
}

ParseResult ConstructIndirectAccessTileOp::parse(OpAsmParser &parser,
                                                 OperationState &result) {
  Builder &builder = parser.getBuilder();
  MLIRContext *ctx = builder.getContext();
  SmallVector<UnresolvedOperand> variables;
  UnresolvedOperand base;
  if (parser.parseKeyword("intermediate_variables") ||
      parser.parseOperandList(variables, OpAsmParser::Delimiter::Paren) ||
      parser.parseOperand(base) || parser.parseLSquare())
    return failure();

  SmallVector<Subscript> subscripts;
  auto parseSubscript = [&]() -> ParseResult {
    Subscript sub;
    sub.loc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword("ind"))) {
      sub.indirect = true;
      if (parser.parseLParen() || parser.parseOperand(sub.view) ||
          parseSsaAffineList(parser, OpAsmParser::Delimiter::Square,
                             sub.names, sub.map) ||
          parser.parseRParen())
        return failure();
    } else if (parseSsaAffineList(parser, OpAsmParser::Delimiter::Paren,
                                  sub.names, sub.map)) {
      return failure();
    }
    if (sub.map.getNumSymbols() != 0)
      return parser.emitError(sub.loc, "symbol(...) is not allowed in an "
                                       "indirect access tile subscript");
    subscripts.push_back(std::move(sub));
    return success();
  };
  if (parser.parseCommaSeparatedList(parseSubscript) || parser.parseRSquare())
    return failure();

  // Unify every subscript's names into one dimension list:
  // (captured variables in first-appearance order..., intermediates...).
  llvm::DenseMap<std::pair<StringRef, unsigned>, unsigned> intermediatePos;
  for (auto [i, var] : llvm::enumerate(variables))
    if (!intermediatePos.try_emplace(key(var), i).second)
      return parser.emitError(var.location, "intermediate variable '")
             << var.name << "' is listed twice";
  llvm::DenseMap<std::pair<StringRef, unsigned>, unsigned> capturedPos;
  SmallVector<UnresolvedOperand> captured;
  for (const Subscript &sub : subscripts)
    for (const UnresolvedOperand &name : sub.names)
      if (!intermediatePos.count(key(name)) &&
          capturedPos.try_emplace(key(name), captured.size()).second)
        captured.push_back(name);
  unsigned numDims = captured.size() + variables.size();

  SmallVector<Attribute> kinds, maps;
  SmallVector<UnresolvedOperand> views;
  for (const Subscript &sub : subscripts) {
    SmallVector<AffineExpr> dims;
    for (const UnresolvedOperand &name : sub.names) {
      auto it = intermediatePos.find(key(name));
      unsigned pos = it != intermediatePos.end()
                         ? captured.size() + it->second
                         : capturedPos.lookup(key(name));
      dims.push_back(getAffineDimExpr(pos, ctx));
    }
    AffineMap unified = sub.map.replaceDimsAndSymbols(dims, {}, numDims, 0);
    kinds.push_back(builder.getBoolAttr(sub.indirect));
    maps.push_back(AffineMapAttr::get(unified));
    if (sub.indirect)
      views.push_back(sub.view);
  }

  SmallVector<UnresolvedOperand> symbols;
  SmallVector<Type> types;
  AccessTileType tileType;
  SMLoc typesLoc;
  if (parseOptionalSymbols(parser, symbols) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  typesLoc = parser.getCurrentLocation();
  if (parser.parseTypeList(types) || parser.parseArrow() ||
      parser.parseCustomTypeWithFallback(tileType))
    return failure();
  if (types.size() != views.size() + 1)
    return parser.emitError(typesLoc, "expected ")
           << views.size() + 1
           << " types (the base, then one per ind(...) index view), got "
           << types.size();

  Type index = builder.getIndexType();
  if (parser.resolveOperand(base, types.front(), result.operands))
    return failure();
  for (auto [view, type] : llvm::zip(views, ArrayRef(types).drop_front()))
    if (parser.resolveOperand(view, type, result.operands))
      return failure();
  if (parser.resolveOperands(captured, index, result.operands) ||
      parser.resolveOperands(symbols, index, result.operands))
    return failure();

  result.addAttribute("per_dim_subscript_kinds", builder.getArrayAttr(kinds));
  result.addAttribute("per_dim_subscript_maps", builder.getArrayAttr(maps));
  result.addAttribute("operandSegmentSizes",
                      builder.getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(views.size()),
                           static_cast<int32_t>(captured.size()),
                           static_cast<int32_t>(symbols.size())}));
  result.addTypes(tileType);

  // The intermediate variables become the arguments of the hidden region;
  // their source names travel in NameLocs so the printer can reuse them.
  Region *region = result.addRegion();
  auto *block = new Block();
  region->push_back(block);
  for (const UnresolvedOperand &var : variables) {
    Location loc = NameLoc::get(builder.getStringAttr(var.name.drop_front()),
                                parser.getEncodedSourceLoc(var.location));
    block->addArgument(index, loc);
  }
  OpBuilder regionBuilder(ctx);
  regionBuilder.setInsertionPointToEnd(block);
  RegionTerminatorOp::create(regionBuilder, result.location);
  return success();
}

void ConstructIndirectAccessTileOp::print(OpAsmPrinter &p) {
  if (getVariables().empty()) {
    p.printGenericOp(*this, /*printOpName=*/false);
    return;
  }
  Block &block = getVariables().front();
  p << " intermediate_variables(";
  llvm::interleaveComma(block.getArguments(), p,
                        [&](BlockArgument arg) { p.printOperand(arg); });
  p << ") " << getBase() << '[';

  SmallVector<Value> dims(getCapturedVariables());
  llvm::append_range(dims, block.getArguments());
  auto views = getIndirectMemrefs().begin();
  llvm::interleaveComma(
      llvm::zip(getPerDimSubscriptKinds(), getPerDimSubscriptMaps()), p,
      [&](auto pair) {
        auto [kind, map] = pair;
        if (llvm::cast<BoolAttr>(kind).getValue()) {
          p << "ind(" << *views++ << '[';
          p.printAffineMapOfSSAIds(llvm::cast<AffineMapAttr>(map), dims);
          p << "])";
        } else {
          p << '(';
          p.printAffineMapOfSSAIds(llvm::cast<AffineMapAttr>(map), dims);
          p << ')';
        }
      });
  p << ']';
  printOptionalSymbols(p, getSymbolOperands());
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"per_dim_subscript_kinds", "per_dim_subscript_maps",
                           "operandSegmentSizes"});
  p << " : " << getBase().getType();
  for (Value view : getIndirectMemrefs())
    p << ", " << view.getType();
  p << " -> " << getType();
}

void ConstructIndirectAccessTileOp::getAsmBlockArgumentNames(
    Region &region, OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    if (auto name = llvm::dyn_cast<NameLoc>(arg.getLoc()))
      setNameFn(arg, name.getName().getValue());
}

LogicalResult ConstructIndirectAccessTileOp::verify() {
  IntegerSet set = getVariablesSpaceSet();
  unsigned rank = set.getNumDims();
  if (failed(verifyOrder(*this, "variables_space_order",
                         getVariablesSpaceOrder(), rank)))
    return failure();
  Block &block = getVariables().front();
  if (block.getNumArguments() != rank ||
      llvm::any_of(block.getArgumentTypes(),
                   [](Type t) { return !t.isIndex(); }))
    return emitOpError("needs one index intermediate variable per dimension "
                       "of variables_space_set (")
           << rank << "), got " << block.getNumArguments();
  if (set.getNumSymbols() != getSymbolOperands().size())
    return emitOpError("variables_space_set has ")
           << set.getNumSymbols() << " symbols but "
           << getSymbolOperands().size() << " symbol operands were given";

  int64_t baseRank = llvm::cast<ShapedType>(getBase().getType()).getRank();
  ArrayAttr kinds = getPerDimSubscriptKinds();
  ArrayAttr maps = getPerDimSubscriptMaps();
  if (kinds.size() != static_cast<size_t>(baseRank) ||
      maps.size() != static_cast<size_t>(baseRank))
    return emitOpError("expects one subscript per base dimension (")
           << baseRank << "), got " << maps.size();
  unsigned numDims = getCapturedVariables().size() + rank;
  unsigned numIndirect = 0;
  for (auto [i, kind, mapAttr] : llvm::enumerate(kinds, maps)) {
    AffineMap map = llvm::cast<AffineMapAttr>(mapAttr).getValue();
    if (map.getNumDims() != numDims || map.getNumSymbols() != 0)
      return emitOpError("subscript #")
             << i << " must be written over the "
             << getCapturedVariables().size() << " captured and " << rank
             << " intermediate variables";
    if (!llvm::cast<BoolAttr>(kind).getValue()) {
      if (map.getNumResults() != 1)
        return emitOpError("direct subscript #")
               << i << " must be a single expression, got "
               << map.getNumResults();
      continue;
    }
    if (numIndirect >= getIndirectMemrefs().size())
      return emitOpError("has more ind(...) subscripts than index views (")
             << getIndirectMemrefs().size() << ")";
    auto view =
        llvm::cast<MemRefType>(getIndirectMemrefs()[numIndirect++].getType());
    if (map.getNumResults() != view.getRank())
      return emitOpError("indirect subscript #")
             << i << " has " << map.getNumResults()
             << " expressions but its index view has rank " << view.getRank();
    if (!view.getElementType().isSignlessInteger())
      return emitOpError("index view of subscript #")
             << i << " must hold integers, got " << view.getElementType();
  }
  if (numIndirect != getIndirectMemrefs().size())
    return emitOpError("has ")
           << getIndirectMemrefs().size() << " index views but "
           << numIndirect << " ind(...) subscripts";
  if (getType().getRank() != rank)
    return emitOpError("result access tile has rank ")
           << getType().getRank() << " but variables_space_set has " << rank
           << " dimensions";
  return success();
}
