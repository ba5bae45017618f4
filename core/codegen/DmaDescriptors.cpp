//===- DmaDescriptors.cpp - a dflow.dma's access tile as one descriptor ---===//
//
// A dflow.dma names an access tile; the tile, its memory view (plain or
// distributed) and, for an indirect tile, its index views are traced back
// to their ktdp ops and written into one DmaDesc: static parts as
// constants, dynamic ones as the registers holding them, sets and
// subscripts as postfix affine code. The anchor's affine map is computed
// by scalar instructions before the Dma.
//
//===----------------------------------------------------------------------===//

#include "codegen/ProgramLowering.h"
#include "ir/ktdp/KtdpOps.h"
#include "ir/ktdp/KtdpTypes.h"
#include "ir/ktdp/ReplicaSlots.h"

#include "mlir/IR/AffineMap.h"

using namespace mlir;

namespace spyre::code {

namespace {

void encodeInto(AffineExpr e, AffineExprCode &code) {
  using K = AffineExprCode::Kind;
  if (auto d = dyn_cast<AffineDimExpr>(e)) {
    code.code.push_back({K::Dim, int64_t(d.getPosition())});
  } else if (auto s = dyn_cast<AffineSymbolExpr>(e)) {
    code.code.push_back({K::Sym, int64_t(s.getPosition())});
  } else if (auto c = dyn_cast<AffineConstantExpr>(e)) {
    code.code.push_back({K::Const, c.getValue()});
  } else {
    auto bin = cast<AffineBinaryOpExpr>(e);
    encodeInto(bin.getLHS(), code);
    encodeInto(bin.getRHS(), code);
    K kind = K::Add;
    switch (e.getKind()) {
    case AffineExprKind::Add:
      kind = K::Add;
      break;
    case AffineExprKind::Mul:
      kind = K::Mul;
      break;
    case AffineExprKind::Mod:
      kind = K::Mod;
      break;
    case AffineExprKind::FloorDiv:
      kind = K::FloorDiv;
      break;
    default:
      kind = K::CeilDiv;
      break;
    }
    code.code.push_back({kind, 0});
  }
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

} // namespace

AffineExprCode encodeAffine(AffineExpr e) {
  AffineExprCode code;
  encodeInto(e, code);
  return code;
}

IntegerSetCode encodeSet(IntegerSet set) {
  IntegerSetCode code;
  if (!set)
    return code;
  code.dims = int32_t(set.getNumDims());
  code.symbols = int32_t(set.getNumSymbols());
  for (auto [expr, eq] : llvm::zip(set.getConstraints(), set.getEqFlags())) {
    code.exprs.push_back(encodeAffine(expr));
    code.eq.push_back(eq ? 1 : 0);
  }
  return code;
}

/// Evaluates `e` over the operands: folded when every input is a constant,
/// else computed into a register by scalar instructions (floor semantics
/// for floordiv and mod, as MLIR's).
FailureOr<Operand> ProgramLowering::affine(AffineExpr e, ArrayRef<Operand> dims,
                                           ArrayRef<Operand> syms,
                                           Operation *op) {
  if (auto d = dyn_cast<AffineDimExpr>(e)) {
    if (d.getPosition() >= dims.size())
      return op->emitError("affine expression reads a missing dimension");
    return dims[d.getPosition()];
  }
  if (auto s = dyn_cast<AffineSymbolExpr>(e)) {
    if (s.getPosition() >= syms.size())
      return op->emitError("affine expression reads a missing symbol");
    return syms[s.getPosition()];
  }
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return Operand{-1, c.getValue()};
  auto bin = cast<AffineBinaryOpExpr>(e);
  FailureOr<Operand> l = affine(bin.getLHS(), dims, syms, op);
  FailureOr<Operand> r = failed(l) ? FailureOr<Operand>(failure()) : affine(bin.getRHS(), dims, syms, op);
  if (failed(r))
    return failure();
  AffineExprKind kind = e.getKind();
  if (l->reg < 0 && r->reg < 0) {
    int64_t a = l->value, b = r->value, v = 0;
    bool overflow = false;
    switch (kind) {
    case AffineExprKind::Add:
      overflow = __builtin_add_overflow(a, b, &v);
      break;
    case AffineExprKind::Mul:
      overflow = __builtin_mul_overflow(a, b, &v);
      break;
    default:
      if (b == 0 || (a == INT64_MIN && b == -1))
        return op->emitError("affine expression divides by zero or overflows");
      if (kind == AffineExprKind::FloorDiv)
        v = floorDiv(a, b);
      else if (kind == AffineExprKind::CeilDiv)
        v = -floorDiv(-a, b);
      else
        v = a - floorDiv(a, b) * b;
      break;
    }
    if (overflow)
      return op->emitError("affine expression overflows 64 bits");
    return Operand{-1, v};
  }
  int32_t a = materialize(*l, op), b = materialize(*r, op);
  auto alu = [&](AluFn fn, int32_t x, int32_t y) {
    Instr in;
    in.op = Opcode::SAlu;
    in.fn = fn;
    in.type = ElemType::Index;
    in.dst = newS();
    in.a = x;
    in.b = y;
    emit(in, op);
    return in.dst;
  };
  switch (kind) {
  case AffineExprKind::Add:
    return Operand{alu(AluFn::AddI, a, b), 0};
  case AffineExprKind::Mul:
    return Operand{alu(AluFn::MulI, a, b), 0};
  case AffineExprKind::FloorDiv:
    return Operand{alu(AluFn::FloorDivSI, a, b), 0};
  case AffineExprKind::CeilDiv:
    return Operand{alu(AluFn::CeilDivSI, a, b), 0};
  default: {
    int32_t q = alu(AluFn::FloorDivSI, a, b);
    return Operand{alu(AluFn::SubI, a, alu(AluFn::MulI, q, b)), 0};
  }
  }
}

/// The parts of a memory view: one for construct_memory_view, one per
/// partition for construct_distributed_memory_view.
LogicalResult ProgramLowering::viewParts(Value view, std::vector<ViewPart> &parts,
                                         Operation *dma) {
  if (auto dist = view.getDefiningOp<ktdp::ConstructDistributedMemoryViewOp>()) {
    // A replicated piece's slot holds its set shifted along dimension 0
    // (ir/ktdp/ReplicaSlots.h): that is the part's partition.
    SmallVector<int64_t> shifts = ktdp::replicaSlotShifts(dist);
    for (auto [part, shift] : llvm::zip(dist.getMemrefs(), shifts)) {
      size_t first = parts.size();
      if (failed(viewParts(part, parts, dma)))
        return failure();
      auto mv = part.getDefiningOp<ktdp::ConstructMemoryViewOp>();
      if (shift != 0 && mv && parts.size() == first + 1)
        parts.back().partition =
            encodeSet(ktdp::shiftDim0(*mv.getCoordinateSet(), shift));
    }
    return success();
  }
  auto mv = view.getDefiningOp<ktdp::ConstructMemoryViewOp>();
  if (!mv)
    return dma->emitError("SpyreCode traces a DMA's view to "
                          "ktdp.construct_memory_view or "
                          "construct_distributed_memory_view only; this one "
                          "is a ")
           << (view.getDefiningOp() ? view.getDefiningOp()->getName().getStringRef()
                                    : StringRef("block argument"));
  ViewPart part;
  auto space = mv.getMemorySpace();
  part.lx = !space.isGlobal();
  part.core = Operand{-1, space.hasCtId() ? int64_t(space.getCtId()) : -1};
  FailureOr<Operand> base = operand(mv.getOffset(), dma);
  if (failed(base))
    return failure();
  part.base = *base;
  auto fill = [&](ArrayRef<int64_t> statics, OperandRange dynamics,
                  std::vector<Operand> &list,
                  std::vector<Operand> *symbols) -> LogicalResult {
    auto next = dynamics.begin();
    for (int64_t s : statics) {
      if (!ShapedType::isDynamic(s)) {
        list.push_back({-1, s});
        continue;
      }
      if (next == dynamics.end())
        return mv.emitError("fewer dynamic operands than '?' entries");
      FailureOr<Operand> o = operand(*next++, dma);
      if (failed(o))
        return failure();
      list.push_back(*o);
      if (symbols)
        symbols->push_back(*o);
    }
    return success();
  };
  if (failed(fill(mv.getStaticSizes(), mv.getSizes(), part.sizes, &part.symbols)) ||
      failed(fill(mv.getStaticStrides(), mv.getStrides(), part.strides, nullptr)))
    return failure();
  if (std::optional<IntegerSet> set = mv.getCoordinateSet())
    part.coordinateSet = encodeSet(*set);
  std::optional<ElemType> type = elemTypeOf(mv.getType());
  if (!type)
    return dma->emitError("SpyreCode has no element type for the view ")
           << mv.getType();
  part.type = *type;
  parts.push_back(std::move(part));
  return success();
}

namespace {

/// The registers a descriptor reads, each once, for the def-before-use
/// check.
SmallVector<int32_t> registersRead(const DmaDesc &d) {
  SmallVector<int32_t> read;
  auto note = [&](const Operand &o) {
    if (o.reg >= 0 && !llvm::is_contained(read, o.reg))
      read.push_back(o.reg);
  };
  auto noteAll = [&](const std::vector<Operand> &list) {
    for (const Operand &o : list)
      note(o);
  };
  auto notePart = [&](const ViewPart &p) {
    note(p.core);
    note(p.base);
    noteAll(p.sizes);
    noteAll(p.strides);
    noteAll(p.symbols);
  };
  for (const ViewPart &p : d.view)
    notePart(p);
  for (const ViewPart &p : d.indexViews)
    notePart(p);
  noteAll(d.anchor);
  noteAll(d.tileSymbols);
  noteAll(d.captured);
  note(d.lxAddress);
  if (d.chunked)
    note(d.firstStick);
  return read;
}

} // namespace

LogicalResult ProgramLowering::lowerDma(dflow::DmaOp op) {
  DmaDesc d;
  Value tile;
  if (failed(dmaEnds(op, d, tile)))
    return failure();
  auto tileType = cast<ktdp::AccessTileType>(tile.getType());
  d.tileShape.assign(tileType.getShape().begin(), tileType.getShape().end());
  FailureOr<Value> base;
  if (auto direct = tile.getDefiningOp<ktdp::ConstructAccessTileOp>())
    base = directTile(direct, d, op);
  else if (auto indirect =
               tile.getDefiningOp<ktdp::ConstructIndirectAccessTileOp>())
    base = indirectTile(indirect, d, op);
  else
    return op.emitError("SpyreCode traces a DMA's tile to "
                        "ktdp.construct_access_tile or "
                        "construct_indirect_access_tile only");
  if (failed(base) || failed(viewParts(*base, d.view, op)))
    return failure();
  std::optional<ElemType> type = elemTypeOf(base->getType());
  if (!type)
    return op.emitError("SpyreCode has no element type for ")
           << base->getType();
  d.type = *type;

  Instr in;
  in.op = Opcode::Dma;
  in.type = d.type;
  in.imm = int64_t(ctx.out.dmas.size());
  setArgs(in, registersRead(d));
  ctx.out.dmas.push_back(std::move(d));
  emit(in, op);
  return success();
}

LogicalResult ProgramLowering::dmaEnds(dflow::DmaOp op, DmaDesc &d,
                                       Value &tile) {
  tile = op.getSource();
  Value side = op.getDest();
  d.toLx = isa<ktdp::AccessTileType>(tile.getType());
  if (!d.toLx)
    std::swap(tile, side);
  if (!isa<ktdp::AccessTileType>(tile.getType()))
    return op.emitError("a DMA needs an access tile on one side");
  auto ref = lx.find(side);
  if (ref == lx.end() || ref->second.view < 0)
    return op.emitError("the LX side of a DMA must be a dflow.lx_view of this "
                        "program");
  d.lxView = ref->second.view;
  d.lxAddress = Operand{ref->second.address, 0};
  d.sticks = int64_t(op.getSticks());
  d.hops = int64_t(op.getHops());
  bool masked = op->hasAttr("masked"), packed = op->hasAttr("packed");
  if (masked && packed)
    return op.emitError("a DMA's tile is either masked or packed, not both");
  d.layout = uint8_t(masked   ? TileLayout::Masked
                     : packed ? TileLayout::Packed
                              : TileLayout::Box);
  Value first = op.getFirst();
  if (!first)
    return success();
  // A chunk is counted in the stick order of the tile's type; a packed
  // tile's sticks are not positions of a walk the DMA engine can start in
  // the middle of.
  if (packed)
    return op.emitError("SpyreCode cannot move one chunk ('at stick') of "
                        "a packed tile");
  FailureOr<Operand> f = operand(first, op);
  if (failed(f))
    return failure();
  d.chunked = true;
  d.firstStick = *f;
  return success();
}

LogicalResult ProgramLowering::operandsOf(ValueRange values,
                                          std::vector<Operand> &list,
                                          Operation *op) {
  for (Value v : values) {
    FailureOr<Operand> o = operand(v, op);
    if (failed(o))
      return failure();
    list.push_back(*o);
  }
  return success();
}

LogicalResult ProgramLowering::tileOrder(AffineMap map, DmaDesc &d,
                                         Operation *op) {
  for (AffineExpr e : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    if (!dim)
      return op->emitError("the tile's order is not a permutation");
    d.order.push_back(int32_t(dim.getPosition()));
  }
  return success();
}

FailureOr<Value>
ProgramLowering::directTile(ktdp::ConstructAccessTileOp direct, DmaDesc &d,
                            Operation *op) {
  std::vector<Operand> inputs;
  if (failed(operandsOf(direct.getIndices(), inputs, op)))
    return failure();
  AffineMap map = direct.getBaseMap();
  ArrayRef<Operand> all(inputs);
  for (AffineExpr e : map.getResults()) {
    FailureOr<Operand> a = affine(e, all.take_front(map.getNumDims()),
                                  all.drop_front(map.getNumDims()), op);
    if (failed(a))
      return failure();
    d.anchor.push_back(*a);
  }
  d.tileSet = encodeSet(direct.getAccessTileSet());
  if (failed(operandsOf(direct.getSymbolOperands(), d.tileSymbols, op)) ||
      failed(tileOrder(direct.getAccessTileOrder(), d, op)))
    return failure();
  return direct.getBase();
}

FailureOr<Value>
ProgramLowering::indirectTile(ktdp::ConstructIndirectAccessTileOp indirect,
                              DmaDesc &d, Operation *op) {
  if (failed(operandsOf(indirect.getCapturedVariables(), d.captured, op)) ||
      failed(operandsOf(indirect.getSymbolOperands(), d.tileSymbols, op)) ||
      failed(tileOrder(indirect.getVariablesSpaceOrder(), d, op)))
    return failure();
  d.tileSet = encodeSet(indirect.getVariablesSpaceSet());
  for (Value view : indirect.getIndirectMemrefs()) {
    std::vector<ViewPart> parts;
    if (failed(viewParts(view, parts, op)))
      return failure();
    if (parts.size() != 1)
      return op->emitError("SpyreCode reads an index view of one part only");
    d.indexViews.push_back(std::move(parts.front()));
  }
  int32_t nextIndexView = 0;
  for (auto [kind, map] : llvm::zip(indirect.getPerDimSubscriptKinds(),
                                    indirect.getPerDimSubscriptMaps())) {
    DmaDesc::Subscript sub;
    if (cast<BoolAttr>(kind).getValue())
      sub.indexView = nextIndexView++;
    for (AffineExpr e : cast<AffineMapAttr>(map).getValue().getResults())
      sub.exprs.push_back(encodeAffine(e));
    d.indirectDims.push_back(sub.indexView);
    d.subscripts.push_back(std::move(sub));
  }
  return indirect.getBase();
}

} // namespace spyre::code
