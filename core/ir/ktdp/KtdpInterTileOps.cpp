//===- KtdpInterTileOps.cpp - inter-tile produce / consume / reduce -------===//
//
// produce names what each tile of a group contributes; consume and reduce
// deliver it. Besides the canonical G2 syntax, produce accepts the draft
// spelling `producer_tiles_per_group = S : T -> F` used by the ktir-cpu ring
// examples (the types before `->` must agree with the future) and reduce
// accepts results that drop a leading unit dimension of the partial type.
//
//===----------------------------------------------------------------------===//

#include "ir/ktdp/IntegerSetUtils.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::ktdp;

/// Upper limits for the enumerative checks: beyond them a check is skipped
/// rather than slowing the verifier down.
static constexpr int64_t kMaxGroups = 4096;
static constexpr int64_t kMaxTilesPerGroup = 1 << 16;

static LogicalResult verifyTileSet(Operation *op, StringRef name,
                                   IntegerSet set) {
  if (set.getNumDims() != 1 || set.getNumSymbols() != 1)
    return op->emitOpError()
           << name
           << " must have one dimension (the tile id) and one symbol (the "
              "group id), got "
           << IntegerSetAttr::get(set);
  return success();
}

static LogicalResult
verifyDependencySet(Operation *op, std::optional<IntegerSet> set) {
  if (!set)
    return success();
  if (set->getNumDims() != 1 || set->getNumSymbols() < 1 ||
      set->getNumSymbols() > 2)
    return op->emitOpError()
           << "producer_dependency_per_consumer must have one dimension (the "
              "producer) and one or two symbols (the consumer, then "
              "optionally the group), got "
           << IntegerSetAttr::get(*set);
  return success();
}

/// Checks that `values` (what a region yields) match the partial types.
static LogicalResult verifyYieldedPartials(Operation *yield, StringRef what,
                                           TypeRange values,
                                           ArrayRef<Type> partials) {
  if (values.size() != partials.size())
    return yield->emitOpError()
           << "yields " << values.size() << " values but the future has "
           << partials.size() << " partial types";
  for (auto [i, type, partial] : llvm::enumerate(values, partials))
    if (type != partial)
      return yield->emitOpError()
             << what << " #" << i << " has type " << type
             << " but the partial type is " << partial;
  return success();
}

//===----------------------------------------------------------------------===//
// InterTileProduceOp
//===----------------------------------------------------------------------===//

ParseResult InterTileProduceOp::parse(OpAsmParser &parser,
                                      OperationState &result) {
  Attribute set;
  if (parser.parseKeyword("producer_tiles_per_group") ||
      parser.parseEqual() ||
      parser.parseAttribute(set, "producer_tiles_per_group",
                            result.attributes) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (!llvm::isa<IntegerSetAttr>(set))
    return parser.emitError(parser.getNameLoc(),
                            "producer_tiles_per_group must be an integer set");
  // Draft spelling: the partial types are repeated before `->`.
  SmallVector<Type> draftTypes;
  SMLoc draftLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalColon()) &&
      parser.parseTypeList(draftTypes))
    return failure();
  TileFutureType futureType;
  if (parser.parseArrow() || parser.parseCustomTypeWithFallback(futureType))
    return failure();
  if (!draftTypes.empty() &&
      ArrayRef<Type>(draftTypes) != futureType.getPartialTypes())
    return parser.emitError(draftLoc,
                            "the types before '->' must be the future's "
                            "partial types");
  result.addTypes(futureType);
  Region *body = result.addRegion();
  return parser.parseRegion(*body, /*arguments=*/{});
}

void InterTileProduceOp::print(OpAsmPrinter &p) {
  p << " producer_tiles_per_group = ";
  p.printAttribute(getProducerTilesPerGroupAttr());
  p.printOptionalAttrDict((*this)->getAttrs(), {"producer_tiles_per_group"});
  p << " -> ";
  p.printStrippedAttrOrType(getFuture().getType());
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/true,
                /*printBlockTerminators=*/true);
}

LogicalResult InterTileProduceOp::verify() {
  IntegerSet producers = getProducerTilesPerGroup();
  if (failed(verifyTileSet(*this, "producer_tiles_per_group", producers)))
    return failure();

  // R1: a tile belongs to at most one group.
  IntegerSet groups = getFuture().getType().getGroups();
  auto groupIds = enumerateIntegerSet1D(groups, {}, kMaxGroups);
  if (!groupIds)
    return success();
  llvm::DenseMap<int64_t, int64_t> owner;
  for (int64_t g : *groupIds) {
    auto tiles = enumerateIntegerSet1D(producers, {g}, kMaxTilesPerGroup);
    if (!tiles)
      return success();
    for (int64_t tile : *tiles) {
      auto [it, inserted] = owner.try_emplace(tile, g);
      if (!inserted)
        return emitOpError("producer sets of groups ")
               << it->second << " and " << g
               << " are not disjoint: both contain tile " << tile;
    }
  }
  return success();
}

/// The terminator of a single-block region, or null when it has none.
template <typename TerminatorOp>
static TerminatorOp regionTerminator(Region &region) {
  if (region.empty() || region.front().empty())
    return {};
  return llvm::dyn_cast<TerminatorOp>(region.front().back());
}

LogicalResult InterTileProduceOp::verifyRegions() {
  Block &block = getBody().front();
  if (block.getNumArguments() != 1 ||
      !block.getArgument(0).getType().isIndex())
    return emitOpError("body must have exactly one 'index' argument (the "
                       "group id)");
  auto yield = regionTerminator<YieldPartialOp>(getBody());
  if (!yield)
    return emitOpError("body must end with ktdp.yield_partial");
  return verifyYieldedPartials(yield, "value", yield.getValues().getTypes(),
                               getFuture().getType().getPartialTypes());
}

//===----------------------------------------------------------------------===//
// InterTileConsumeOp
//===----------------------------------------------------------------------===//

LogicalResult InterTileConsumeOp::verify() {
  auto future = llvm::cast<TileFutureType>(getFuture().getType());
  if (TypeRange(getResults().getTypes()) !=
      TypeRange(future.getPartialTypes()))
    return emitOpError("result types must match the future's partial types");
  if (failed(verifyTileSet(*this, "consumer_tiles_per_group",
                           getConsumerTilesPerGroup())))
    return failure();
  return verifyDependencySet(*this, getProducerDependencyPerConsumer());
}

//===----------------------------------------------------------------------===//
// InterTileReduceOp
//===----------------------------------------------------------------------===//

/// True when `result` is `partial`, or `partial` with leading unit
/// dimensions dropped (the draft inter-tile spelling).
static bool isReduceResultOf(Type result, Type partial) {
  if (result == partial)
    return true;
  auto r = llvm::dyn_cast<RankedTensorType>(result);
  auto p = llvm::cast<RankedTensorType>(partial);
  if (!r || r.getElementType() != p.getElementType() ||
      r.getRank() >= p.getRank())
    return false;
  ArrayRef<int64_t> dropped = p.getShape().take_front(p.getRank() - r.getRank());
  return llvm::all_of(dropped, [](int64_t d) { return d == 1; }) &&
         p.getShape().take_back(r.getRank()) == r.getShape();
}

LogicalResult InterTileReduceOp::verify() {
  auto future = llvm::cast<TileFutureType>(getFuture().getType());
  ArrayRef<Type> partials = future.getPartialTypes();
  if (getResults().size() != partials.size())
    return emitOpError("has ")
           << getResults().size() << " results but the future has "
           << partials.size() << " partial types";
  for (auto [i, result, partial] :
       llvm::enumerate(getResults().getTypes(), partials))
    if (!isReduceResultOf(result, partial))
      return emitOpError("result #")
             << i << " has type " << result << " but the partial type is "
             << partial;
  if (TypeRange(getIdentity().getTypes()) != TypeRange(partials))
    return emitOpError("identity types must match the future's partial "
                       "types");
  if (failed(verifyTileSet(*this, "consumer_tiles_per_group",
                           getConsumerTilesPerGroup())))
    return failure();
  return verifyDependencySet(*this, getProducerDependencyPerConsumer());
}

LogicalResult InterTileReduceOp::verifyRegions() {
  auto future = llvm::cast<TileFutureType>(getFuture().getType());
  ArrayRef<Type> partials = future.getPartialTypes();
  Block &block = getCombiner().front();
  SmallVector<Type> expected(partials);
  llvm::append_range(expected, partials);
  if (TypeRange(block.getArgumentTypes()) != TypeRange(expected))
    return emitOpError("combiner must take ")
           << expected.size()
           << " arguments of the partial types (every lhs, then every rhs)";
  auto yield = regionTerminator<YieldReducedOp>(getCombiner());
  if (!yield)
    return emitOpError("combiner must end with ktdp.yield_reduced");
  return verifyYieldedPartials(yield, "value", yield.getValues().getTypes(),
                               partials);
}
