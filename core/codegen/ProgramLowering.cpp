//===- ProgramLowering.cpp - control flow, registers and compute ----------===//

#include "codegen/ProgramLowering.h"
#include "ir/ktdp/KtdpOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <cstring>

using namespace mlir;

namespace spyre::code {

namespace {

/// SAlu / VAlu functions by MLIR op name.
const llvm::StringMap<AluFn> &aluByName() {
  static const llvm::StringMap<AluFn> map = [] {
    llvm::StringMap<AluFn> m;
    for (uint16_t i = 0; const char *name = aluName(AluFn(i)); ++i)
      m[name] = AluFn(i);
    return m;
  }();
  return map;
}

bool isCast(AluFn fn) {
  switch (fn) {
  case AluFn::ExtF:
  case AluFn::TruncF:
  case AluFn::SIToFP:
  case AluFn::UIToFP:
  case AluFn::FPToSI:
  case AluFn::FPToUI:
  case AluFn::IndexCast:
  case AluFn::ExtSI:
  case AluFn::ExtUI:
  case AluFn::TruncI:
  case AluFn::Bitcast:
    return true;
  default:
    return false;
  }
}

/// The SpyreCode function of a vector.reduction kind.
std::optional<AluFn> reductionFn(vector::CombiningKind kind, bool isFloat) {
  using K = vector::CombiningKind;
  switch (kind) {
  case K::ADD:
    return isFloat ? AluFn::AddF : AluFn::AddI;
  case K::MUL:
    return isFloat ? AluFn::MulF : AluFn::MulI;
  case K::MAXNUMF:
    return AluFn::MaxNumF;
  case K::MINNUMF:
    return AluFn::MinNumF;
  case K::MAXIMUMF:
    return AluFn::MaximumF;
  case K::MINIMUMF:
    return AluFn::MinimumF;
  case K::MAXSI:
    return AluFn::MaxSI;
  case K::MINSI:
    return AluFn::MinSI;
  case K::MAXUI:
    return AluFn::MaxUI;
  case K::MINUI:
    return AluFn::MinUI;
  case K::AND:
    return AluFn::AndI;
  case K::OR:
    return AluFn::OrI;
  case K::XOR:
    return AluFn::XOrI;
  }
  return std::nullopt;
}

/// The tile dimension a one-result transfer permutation map walks.
std::optional<uint16_t> transferDim(AffineMap map) {
  if (map.getNumResults() != 1)
    return std::nullopt;
  auto dim = dyn_cast<AffineDimExpr>(map.getResult(0));
  if (!dim)
    return std::nullopt;
  return uint16_t(dim.getPosition());
}

} // namespace

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

int32_t ProgramLowering::newT(TileShape shape) {
  out.tileRegs.push_back(std::move(shape));
  return int32_t(out.tileRegs.size() - 1);
}

FailureOr<ProgramLowering::Reg> ProgramLowering::newReg(Type type,
                                                        Operation *op) {
  std::optional<ElemType> elem = elemTypeOf(type);
  if (!elem)
    return op->emitError("SpyreCode has no register for a value of type ")
           << type;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!tensor.hasStaticShape())
      return op->emitError("a held tile needs a static shape, got ") << type;
    TileShape shape;
    shape.dims.assign(tensor.getShape().begin(), tensor.getShape().end());
    shape.type = *elem;
    return Reg{T, newT(std::move(shape))};
  }
  if (auto vec = dyn_cast<VectorType>(type)) {
    if (!vec.hasStaticShape() || vec.getNumElements() > 0xffff)
      return op->emitError("a vector register holds at most 65535 lanes, got ")
             << type;
    return Reg{V, newV()};
  }
  if (isa<ShapedType>(type))
    return op->emitError("SpyreCode has no register for a value of type ")
           << type;
  return Reg{S, newS()};
}

FailureOr<ProgramLowering::Reg> ProgramLowering::reg(Value v, Operation *user) {
  auto it = regs.find(v);
  if (it == regs.end())
    return user->emitError("operand #")
           << (llvm::find(user->getOperands(), v) - user->operand_begin())
           << " (" << v.getType()
           << ") is not in a register of this program (made by an op the "
              "SpyreCode lowering does not take here)";
  return it->second;
}

FailureOr<SmallVector<int32_t>> ProgramLowering::sregs(ValueRange values,
                                                       Operation *user) {
  SmallVector<int32_t> out;
  for (Value v : values) {
    FailureOr<int32_t> r = sreg(v, user);
    if (failed(r))
      return failure();
    out.push_back(*r);
  }
  return out;
}

FailureOr<int32_t> ProgramLowering::sreg(Value v, Operation *user) {
  FailureOr<Reg> r = reg(v, user);
  if (failed(r))
    return failure();
  if (r->file != S)
    return user->emitError("expected a scalar operand, got ") << v.getType();
  return r->n;
}

FailureOr<ProgramLowering::Reg> ProgramLowering::resultReg(Value result,
                                                           Operation *op) {
  auto pre = preassigned.find(result);
  if (pre != preassigned.end()) {
    regs[result] = pre->second;
    return pre->second;
  }
  FailureOr<Reg> r = newReg(result.getType(), op);
  if (succeeded(r))
    regs[result] = *r;
  return r;
}

std::optional<int64_t> ProgramLowering::constantOf(Value v) const {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getBitWidth() == 1 ? int64_t(value.getZExtValue())
                                    : value.getSExtValue();
  return std::nullopt;
}

FailureOr<Operand> ProgramLowering::operand(Value v, Operation *user) {
  if (std::optional<int64_t> c = constantOf(v))
    return Operand{-1, *c};
  FailureOr<int32_t> r = sreg(v, user);
  if (failed(r))
    return failure();
  return Operand{*r, 0};
}

int32_t ProgramLowering::materialize(Operand o, Operation *op) {
  if (o.reg >= 0)
    return o.reg;
  Instr in;
  in.op = Opcode::Const;
  in.type = ElemType::Index;
  in.dst = newS();
  in.imm = o.value;
  emit(in, op);
  return in.dst;
}

bool ProgramLowering::reusable(Value v, Operation *user) const {
  return v.hasOneUse() && onlyReadBy(v, user);
}

bool ProgramLowering::onlyReadBy(Value v, Operation *user) const {
  if (loadedOnce.contains(v) ||
      !llvm::all_of(v.getUses(),
                    [&](OpOperand &use) { return use.getOwner() == user; }))
    return false;
  Block *home;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    home = arg.getOwner();
    // A for loop's induction variable is stepped in its register.
    if (auto loop = dyn_cast<scf::ForOp>(home->getParentOp()))
      if (arg == loop.getInductionVar())
        return false;
  } else {
    home = v.getDefiningOp()->getBlock();
  }
  return home == user->getBlock();
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

int32_t ProgramLowering::emit(Instr in, Operation *op) {
  in.loc = ctx.location(op);
  out.code.push_back(in);
  return int32_t(out.code.size() - 1);
}

void ProgramLowering::setArgs(Instr &in, ArrayRef<int32_t> list) {
  in.argBegin = uint32_t(out.operands.size());
  in.argCount = uint32_t(list.size());
  out.operands.insert(out.operands.end(), list.begin(), list.end());
}

void ProgramLowering::move(Reg dst, Reg src, Operation *op) {
  Instr in;
  in.op = Opcode::Mov;
  in.aux = uint16_t(dst.file);
  in.dst = dst.n;
  in.a = src.n;
  emit(in, op);
}

/// dst[i] = src[i] for every i at once: a source overwritten by an earlier
/// move of the same copy (a swap of loop-carried values) goes through a
/// fresh register first.
void ProgramLowering::parallelCopy(ArrayRef<Reg> dst, ArrayRef<Reg> src,
                                   Operation *op) {
  SmallVector<std::pair<Reg, Reg>> moves;
  for (auto [d, s] : llvm::zip(dst, src))
    if (!(d == s))
      moves.push_back({d, s});
  bool clash = false;
  for (auto &[d, s] : moves)
    for (auto &[d2, s2] : moves)
      clash |= s == d2;
  if (!clash) {
    for (auto &[d, s] : moves)
      move(d, s, op);
    return;
  }
  SmallVector<Reg> temps;
  for (auto &[d, s] : moves) {
    Reg t{s.file, -1};
    if (s.file == S)
      t.n = newS();
    else if (s.file == V)
      t.n = newV();
    else
      t.n = newT(out.tileRegs[s.n]);
    move(t, s, op);
    temps.push_back(t);
  }
  for (auto [m, t] : llvm::zip(moves, temps))
    move(m.first, t, op);
}

FailureOr<SmallVector<ProgramLowering::Reg>>
ProgramLowering::regsOf(ValueRange values, Operation *user) {
  SmallVector<Reg> list;
  for (Value v : values) {
    FailureOr<Reg> r = reg(v, user);
    if (failed(r))
      return failure();
    list.push_back(*r);
  }
  return list;
}

//===----------------------------------------------------------------------===//
// The program
//===----------------------------------------------------------------------===//

namespace {

/// The Const instruction of scalar `attr` of type `t` (its destination
/// left to the caller); none when SpyreCode has no constant of that type.
std::optional<Instr> scalarConstant(Attribute attr, Type t) {
  Instr in;
  in.op = Opcode::Const;
  std::optional<ElemType> elem = elemTypeOf(t);
  if (!elem)
    return std::nullopt;
  in.type = *elem;
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    if (!i.getType().isIntOrIndex())
      return std::nullopt;
    APInt v = i.getValue();
    in.imm = v.getBitWidth() == 1 ? int64_t(v.getZExtValue())
                                  : v.getSExtValue();
  } else if (auto f = dyn_cast<FloatAttr>(attr)) {
    double d = f.getValueAsDouble();
    std::memcpy(&in.imm, &d, sizeof d);
  } else {
    return std::nullopt;
  }
  return in;
}

} // namespace

/// Kernel arguments and constants are loaded once, before the body.
LogicalResult ProgramLowering::prologue() {
  if (failed(loadArguments()))
    return failure();
  WalkResult walk = program.walk([&](arith::ConstantOp op) {
    if (op->use_empty() || succeeded(loadConstant(op)))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult ProgramLowering::loadArguments() {
  // Kernel arguments, in signature order.
  llvm::SetVector<Value> args;
  program.walk([&](Operation *op) {
    for (Value v : op->getOperands())
      if (ctx.symbols.count(v))
        args.insert(v);
  });
  SmallVector<Value> sorted(args.begin(), args.end());
  llvm::sort(sorted, [&](Value a, Value b) {
    return ctx.symbols.lookup(a) < ctx.symbols.lookup(b);
  });
  for (Value v : sorted) {
    int32_t symbol = ctx.symbols.lookup(v);
    FailureOr<Reg> r = newReg(v.getType(), program);
    if (failed(r) || r->file != S)
      return program.emitError("kernel argument ")
             << symbol << " of type " << v.getType()
             << " does not fit a scalar register";
    regs[v] = *r;
    loadedOnce.insert(v);
    Instr in;
    in.op = Opcode::Arg;
    // A tensor base is an element index (its symbol's type is the
    // tensor's element type); every other argument loads as its type.
    const Symbol &sym = ctx.out.symbols[symbol];
    in.type = sym.kind == Symbol::TensorBase ? ElemType::Index : sym.type;
    in.dst = r->n;
    in.imm = symbol;
    int32_t at = emit(in, program);
    ctx.out.symbols[symbol].uses.push_back({index, at});
  }
  return success();
}

LogicalResult ProgramLowering::loadConstant(arith::ConstantOp op) {
  Type type = op.getType();
  if (auto vec = dyn_cast<VectorType>(type))
    return loadVectorConstant(op, vec);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return loadTileConstant(op, tensor);
  std::optional<Instr> in;
  if (!isa<ShapedType>(type))
    in = scalarConstant(op.getValue(), type);
  if (!in)
    return op.emitError("SpyreCode has no constant of type ") << type;
  in->dst = newS();
  regs[op.getResult()] = Reg{S, in->dst};
  loadedOnce.insert(op.getResult());
  emit(*in, op);
  return success();
}

FailureOr<int32_t> ProgramLowering::constantRegister(arith::ConstantOp op,
                                                    Attribute value,
                                                    Type element,
                                                    ElemType *type) {
  std::optional<Instr> in = scalarConstant(value, element);
  if (!in)
    return op.emitError("SpyreCode has no constant of type ") << op.getType();
  in->dst = newS();
  emit(*in, op);
  if (type)
    *type = in->type;
  return in->dst;
}

LogicalResult ProgramLowering::loadVectorConstant(arith::ConstantOp op,
                                                  VectorType vec) {
  // A splat, or lane 0's value in every lane and one insert for each lane
  // that differs (the lane numbers of an index ramp), once per program.
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!dense || vec.getRank() != 1)
    return op.emitError("SpyreCode has no vector constant of type ") << Type(vec);
  SmallVector<Attribute> lanes(dense.getValues<Attribute>());
  Instr splat;
  FailureOr<int32_t> first =
      constantRegister(op, lanes.front(), vec.getElementType(), &splat.type);
  if (failed(first))
    return failure();
  FailureOr<Reg> r = resultReg(op.getResult(), op);
  if (failed(r))
    return failure();
  splat.op = Opcode::VSplat;
  splat.lanes = uint16_t(vec.getNumElements());
  splat.dst = r->n;
  splat.a = *first;
  emit(splat, op);
  loadedOnce.insert(op.getResult());
  for (auto [lane, value] : llvm::enumerate(lanes)) {
    if (value == lanes.front())
      continue;
    FailureOr<int32_t> element =
        constantRegister(op, value, vec.getElementType());
    if (failed(element))
      return failure();
    Instr insert;
    insert.op = Opcode::VInsert;
    insert.type = splat.type;
    insert.lanes = splat.lanes;
    insert.dst = r->n;
    insert.a = r->n;
    insert.b = *element;
    insert.imm = int64_t(lane);
    emit(insert, op);
  }
  return success();
}

LogicalResult ProgramLowering::loadTileConstant(arith::ConstantOp op,
                                                RankedTensorType tensor) {
  // A constant tile (a ring partner table, a zero accumulator): a splat,
  // or zeros and one insert per element, up to kMaxConstTile.
  constexpr int64_t kMaxConstTile = 4096;
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!dense || !tensor.hasStaticShape() ||
      (!dense.isSplat() && tensor.getNumElements() > kMaxConstTile))
    return op.emitError("SpyreCode takes constant tiles that are splats or of "
                        "at most ")
           << kMaxConstTile << " elements, not " << Type(tensor);
  FailureOr<Reg> r = resultReg(op.getResult(), op);
  if (failed(r))
    return failure();
  loadedOnce.insert(op.getResult());
  Instr fill;
  fill.op = Opcode::TSplat;
  fill.type = elemOrNone(tensor);
  fill.dst = r->n;
  SmallVector<Attribute> elements(dense.getValues<Attribute>());
  if (dense.isSplat()) {
    FailureOr<int32_t> value =
        constantRegister(op, elements.front(), tensor.getElementType());
    if (failed(value))
      return failure();
    fill.a = *value;
    emit(fill, op);
    return success();
  }
  emit(fill, op);
  return insertElements(op, tensor, elements, fill);
}

LogicalResult ProgramLowering::insertElements(arith::ConstantOp op,
                                              RankedTensorType tensor,
                                              ArrayRef<Attribute> elements,
                                              const Instr &fill) {
  ArrayRef<int64_t> shape = tensor.getShape();
  SmallVector<int32_t> index(shape.size());
  for (int32_t &r : index)
    r = newS();
  for (auto [linear, attr] : llvm::enumerate(elements)) {
    std::optional<Instr> in = scalarConstant(attr, tensor.getElementType());
    if (!in)
      return op.emitError("SpyreCode has no constant of type ") << Type(tensor);
    int64_t rest = int64_t(linear);
    for (size_t d = shape.size(); d-- > 0;) {
      Instr at;
      at.op = Opcode::Const;
      at.type = ElemType::Index;
      at.dst = index[d];
      at.imm = rest % shape[d];
      rest /= shape[d];
      emit(at, op);
    }
    in->dst = newS();
    emit(*in, op);
    Instr insert;
    insert.op = Opcode::TInsert;
    insert.type = fill.type;
    insert.dst = fill.dst;
    insert.a = fill.dst;
    insert.b = in->dst;
    setArgs(insert, index);
    emit(insert, op);
  }
  return success();
}

LogicalResult ProgramLowering::run() {
  out.unit = program.getUnit().str();
  out.instances = int64_t(program.getInstances());
  out.perCore = program.getPerCore() ? int64_t(*program.getPerCore()) : 1;
  out.numSRegs = 2; // S0 tile id, S1 instance
  if (failed(prologue()) || failed(lowerBlock(program.getBody().front())))
    return failure();
  return success();
}

LogicalResult ProgramLowering::lowerBlock(Block &block) {
  for (Operation &op : block)
    if (failed(lowerOp(&op)))
      return failure();
  return success();
}

LogicalResult ProgramLowering::lowerOp(Operation *op) {
  if (isa<arith::ConstantOp>(op))
    return success(); // loaded in the prologue
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return lowerFor(loop);
  if (auto branch = dyn_cast<scf::IfOp>(op))
    return lowerIf(branch);
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return lowerWhile(loop);
  if (isa<ktdp::GetComputeTileIdOp>(op))
    return lowerTileId(op);
  if (auto view = dyn_cast<dflow::LxViewOp>(op))
    return lowerLxView(view);
  if (auto dma = dyn_cast<dflow::DmaOp>(op))
    return lowerDma(dma);
  if (isa<affine::AffineApplyOp>(op))
    return lowerAffineApply(op);
  if (auto extract = dyn_cast<ktdp::RuntimeArgExtractOp>(op))
    return lowerRuntimeArgExtract(extract);
  // Views and tiles are descriptors: a DMA reads them (DmaDescriptors.cpp).
  if (isa<ktdp::ConstructMemoryViewOp, ktdp::ConstructDistributedMemoryViewOp,
          ktdp::ConstructAccessTileOp, ktdp::ConstructIndirectAccessTileOp>(
          op))
    return success();
  bool handled = false;
  for (auto lower : {&ProgramLowering::lowerDataflowOp,
                     &ProgramLowering::lowerVector,
                     &ProgramLowering::lowerTile}) {
    if (failed((this->*lower)(op, handled)))
      return failure();
    if (handled)
      return success();
  }
  auto fn = aluByName().find(op->getName().getStringRef());
  if (fn != aluByName().end())
    return lowerAlu(op, fn->second);
  return op->emitError("SpyreCode has no instruction for '")
         << op->getName() << "' in a '" << program.getUnit() << "' program";
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

//   iv = lb; args = inits; jmp test
// body: ...; args = yields; iv += step
// test: t = iv < ub; brnz t, body
LogicalResult ProgramLowering::lowerFor(scf::ForOp op) {
  FailureOr<int32_t> lb = sreg(op.getLowerBound(), op),
                     ub = sreg(op.getUpperBound(), op),
                     step = sreg(op.getStep(), op);
  if (failed(lb) || failed(ub) || failed(step))
    return failure();
  std::optional<ElemType> ivType = elemTypeOf(op.getInductionVar().getType());
  Reg iv{S, newS()};
  regs[op.getInductionVar()] = iv;
  move(iv, Reg{S, *lb}, op);

  SmallVector<Reg> args, inits;
  for (auto [init, arg, result] :
       llvm::zip(op.getInitArgs(), op.getRegionIterArgs(), op.getResults())) {
    FailureOr<Reg> from = reg(init, op);
    if (failed(from))
      return failure();
    Reg r = *from;
    // The first loop-carried value that starts from a tile nothing else
    // reads takes its register; the others start from a copy.
    if (!onlyReadBy(init, op) || llvm::is_contained(args, r)) {
      FailureOr<Reg> fresh = newReg(arg.getType(), op);
      if (failed(fresh))
        return failure();
      r = *fresh;
    }
    regs[arg] = r;
    regs[result] = r;
    args.push_back(r);
    inits.push_back(*from);
  }
  parallelCopy(args, inits, op);
  Block &block = *op.getBody();
  coalesceYields(block, args);
  Instr jump;
  jump.op = Opcode::Jmp;
  int32_t toTest = emit(jump, op);
  int32_t body = pc();
  for (Operation &inner : block.without_terminator())
    if (failed(lowerOp(&inner)))
      return failure();
  auto yield = cast<scf::YieldOp>(block.getTerminator());
  FailureOr<SmallVector<Reg>> yields = regsOf(yield.getOperands(), yield);
  if (failed(yields))
    return failure();
  parallelCopy(args, *yields, yield);
  Instr add;
  add.op = Opcode::SAlu;
  add.fn = AluFn::AddI;
  add.type = ivType.value_or(ElemType::Index);
  add.dst = iv.n;
  add.a = iv.n;
  add.b = *step;
  emit(add, op);
  out.code[toTest].imm = pc();
  Instr cmp;
  cmp.op = Opcode::SAlu;
  cmp.fn = AluFn::CmpI;
  cmp.type = add.type;
  cmp.aux = uint16_t(op.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                         : arith::CmpIPredicate::slt);
  cmp.dst = newS();
  cmp.a = iv.n;
  cmp.b = *ub;
  emit(cmp, op);
  Instr back;
  back.op = Opcode::Brnz;
  back.a = cmp.dst;
  back.imm = body;
  emit(back, op);
  return success();
}

/// A value the loop body computes only to yield it, after the last read of
/// the loop-carried value it replaces, is computed straight into that
/// value's register: the yield then moves nothing.
void ProgramLowering::coalesceYields(Block &block, ArrayRef<Reg> args) {
  auto yield = dyn_cast<scf::YieldOp>(block.getTerminator());
  if (!yield)
    return;
  auto loop = cast<scf::ForOp>(block.getParentOp());
  for (auto [arg, value, r] :
       llvm::zip(loop.getRegionIterArgs(), yield.getOperands(), args)) {
    // The value may be read after it is computed too (a received partial
    // folded in and yielded to be sent on): it stays in the register the
    // yield would copy it to, which nothing reads or writes until then.
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != &block || regs.count(value) ||
        preassigned.count(value))
      continue;
    bool deadBefore = llvm::all_of(arg.getUses(), [&](OpOperand &use) {
      Operation *user = block.findAncestorOpInBlock(*use.getOwner());
      return user && (user == def || user->isBeforeInBlock(def));
    });
    if (deadBefore)
      preassigned[value] = r;
  }
}

//   brz c, else; then...; results = yields; jmp end
// else: ...; results = yields
// end:
LogicalResult ProgramLowering::lowerIf(scf::IfOp op) {
  FailureOr<int32_t> cond = sreg(op.getCondition(), op);
  if (failed(cond))
    return failure();
  SmallVector<Reg> results;
  for (Value r : op.getResults()) {
    FailureOr<Reg> fresh = resultReg(r, op);
    if (failed(fresh))
      return failure();
    results.push_back(*fresh);
  }
  Instr br;
  br.op = Opcode::Brz;
  br.a = *cond;
  int32_t toElse = emit(br, op);
  auto arm = [&](Region &region) -> LogicalResult {
    if (region.empty())
      return success();
    Block &block = region.front();
    auto yield = cast<scf::YieldOp>(block.getTerminator());
    // A value the branch computes and yields is computed straight into the
    // result's register (nothing else in the branch uses that register):
    // the yield then moves nothing.
    for (auto [value, r] : llvm::zip(yield.getOperands(), results)) {
      Operation *def = value.getDefiningOp();
      if (def && def->getBlock() == &block && !regs.count(value) &&
          !preassigned.count(value))
        preassigned[value] = r;
    }
    for (Operation &inner : block.without_terminator())
      if (failed(lowerOp(&inner)))
        return failure();
    FailureOr<SmallVector<Reg>> yields = regsOf(yield.getOperands(), yield);
    if (failed(yields))
      return failure();
    parallelCopy(results, *yields, yield);
    return success();
  };
  if (failed(arm(op.getThenRegion())))
    return failure();
  if (op.getElseRegion().empty()) {
    out.code[toElse].imm = pc();
    return success();
  }
  Instr jump;
  jump.op = Opcode::Jmp;
  int32_t toEnd = emit(jump, op);
  out.code[toElse].imm = pc();
  if (failed(arm(op.getElseRegion())))
    return failure();
  out.code[toEnd].imm = pc();
  return success();
}

//   before = inits
// head: before...; after = forwarded; brz c, end
//   after...; before = yields; jmp head
// end: (results are the after registers)
LogicalResult ProgramLowering::lowerWhile(scf::WhileOp op) {
  SmallVector<Reg> before, after;
  for (BlockArgument arg : op.getBeforeArguments()) {
    FailureOr<Reg> r = resultReg(arg, op);
    if (failed(r))
      return failure();
    before.push_back(*r);
  }
  for (auto [arg, result] : llvm::zip(op.getAfterArguments(), op.getResults())) {
    FailureOr<Reg> r = resultReg(arg, op);
    if (failed(r))
      return failure();
    regs[result] = *r;
    after.push_back(*r);
  }
  FailureOr<SmallVector<Reg>> inits = regsOf(op.getInits(), op);
  if (failed(inits))
    return failure();
  parallelCopy(before, *inits, op);
  int32_t head = pc();
  Block &beforeBlock = op.getBefore().front();
  for (Operation &inner : beforeBlock.without_terminator())
    if (failed(lowerOp(&inner)))
      return failure();
  scf::ConditionOp condition = op.getConditionOp();
  FailureOr<int32_t> cond = sreg(condition.getCondition(), condition);
  FailureOr<SmallVector<Reg>> forwarded = regsOf(condition.getArgs(), condition);
  if (failed(cond) || failed(forwarded))
    return failure();
  parallelCopy(after, *forwarded, condition);
  Instr br;
  br.op = Opcode::Brz;
  br.a = *cond;
  int32_t toEnd = emit(br, condition);
  Block &afterBlock = op.getAfter().front();
  for (Operation &inner : afterBlock.without_terminator())
    if (failed(lowerOp(&inner)))
      return failure();
  auto yield = cast<scf::YieldOp>(afterBlock.getTerminator());
  FailureOr<SmallVector<Reg>> yields = regsOf(yield.getOperands(), yield);
  if (failed(yields))
    return failure();
  parallelCopy(before, *yields, yield);
  Instr jump;
  jump.op = Opcode::Jmp;
  jump.imm = head;
  emit(jump, op);
  out.code[toEnd].imm = pc();
  return success();
}

//===----------------------------------------------------------------------===//
// Scalar and vector arithmetic
//===----------------------------------------------------------------------===//

LogicalResult ProgramLowering::lowerAlu(Operation *op, AluFn fn) {
  if (op->getNumResults() != 1 || op->getNumOperands() == 0 ||
      op->getNumOperands() > 3 || op->getNumRegions() != 0)
    return op->emitError("SpyreCode's ALU takes ops of one to three operands "
                         "and one result");
  Value result = op->getResult(0);
  bool vector = isa<VectorType>(result.getType());
  std::optional<ElemType> type = elemTypeOf(result.getType());
  std::optional<ElemType> srcType = elemTypeOf(op->getOperand(0).getType());
  if (!type || !srcType)
    return op->emitError("SpyreCode has no element type for ")
           << result.getType();
  Instr in;
  in.op = vector ? Opcode::VAlu : Opcode::SAlu;
  in.fn = fn;
  in.type = *type;
  if (isCast(fn))
    in.srcType = *srcType;
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    in.aux = uint16_t(cmp.getPredicate());
    in.type = *srcType;
  } else if (auto cmp = dyn_cast<arith::CmpFOp>(op)) {
    in.aux = uint16_t(cmp.getPredicate());
    in.type = *srcType;
  }
  if (vector)
    in.lanes = uint16_t(cast<VectorType>(result.getType()).getNumElements());
  int32_t *slots[3] = {&in.a, &in.b, &in.c};
  for (auto [i, v] : llvm::enumerate(op->getOperands())) {
    FailureOr<Reg> r = reg(v, op);
    if (failed(r))
      return failure();
    if (vector && r->file == S && fn == AluFn::Select && i == 0) {
      // A scalar condition for vector operands: splatted to i1 lanes.
      Instr splat;
      splat.op = Opcode::VSplat;
      splat.type = ElemType::I1;
      splat.lanes = in.lanes;
      splat.dst = newV();
      splat.a = r->n;
      emit(splat, op);
      *slots[i] = splat.dst;
      continue;
    }
    if (r->file != (vector ? V : S))
      return op->emitError("operand #")
             << i << " of type " << v.getType()
             << " is not in the register file of the result ("
             << result.getType() << ")";
    *slots[i] = r->n;
  }
  FailureOr<Reg> dst = resultReg(result, op);
  if (failed(dst))
    return failure();
  in.dst = dst->n;
  emit(in, op);
  return success();
}

namespace {
uint16_t lanesOf(Type t) {
  return uint16_t(cast<VectorType>(t).getNumElements());
}
} // namespace

LogicalResult ProgramLowering::lowerVector(Operation *op, bool &handled) {
  handled = true;
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](vector::BroadcastOp b) { return lowerBroadcast(b); })
      .Case([&](vector::ReductionOp r) { return lowerReduction(r); })
      .Case([&](vector::ExtractOp e) { return lowerExtract(e); })
      .Case([&](vector::InsertOp i) { return lowerInsert(i); })
      .Case<tensor::CollapseShapeOp, tensor::ExpandShapeOp, tensor::CastOp>(
          [&](auto) { return lowerReshape(op); })
      .Case([&](vector::FMAOp) { return lowerAlu(op, AluFn::Fma); })
      .Case([&](vector::ShapeCastOp) { return lowerShapeCast(op); })
      .Case([&](vector::TransferReadOp r) { return lowerTransferRead(r); })
      .Case([&](vector::TransferWriteOp w) { return lowerTransferWrite(w); })
      .Default([&](Operation *) {
        handled = false;
        return success();
      });
}

LogicalResult ProgramLowering::lowerBroadcast(vector::BroadcastOp op) {
  Value source = op->getOperand(0);
  FailureOr<Reg> src = reg(source, op);
  if (failed(src))
    return failure();
  int32_t scalar = src->n;
  if (src->file == V) {
    if (cast<VectorType>(source.getType()).getNumElements() != 1)
      return op->emitError("SpyreCode broadcasts a scalar or a one-lane "
                           "vector only");
    Instr ex;
    ex.op = Opcode::VExtract;
    ex.type = elemOrNone(source.getType());
    ex.lanes = 1;
    ex.dst = newS();
    ex.a = src->n;
    emit(ex, op);
    scalar = ex.dst;
  }
  FailureOr<Reg> dst = resultReg(op->getResult(0), op);
  if (failed(dst))
    return failure();
  Instr in;
  in.op = Opcode::VSplat;
  in.type = elemOrNone(op->getResult(0).getType());
  in.lanes = lanesOf(op->getResult(0).getType());
  in.dst = dst->n;
  in.a = scalar;
  emit(in, op);
  return success();
}

LogicalResult ProgramLowering::lowerReduction(vector::ReductionOp red) {
  Operation *op = red;
  std::optional<ElemType> type = elemTypeOf(red.getType());
  if (!type)
    return op->emitError("SpyreCode has no element type for ")
           << red.getType();
  std::optional<AluFn> fn = reductionFn(red.getKind(), isFloat(*type));
  FailureOr<Reg> src = reg(red.getVector(), op);
  if (!fn)
    return op->emitError("SpyreCode has no reduction of this kind");
  if (failed(src))
    return failure();
  Instr in;
  in.op = Opcode::VReduce;
  in.fn = *fn;
  in.type = *type;
  in.lanes = lanesOf(red.getVector().getType());
  in.a = src->n;
  if (Value acc = red.getAcc()) {
    FailureOr<int32_t> a = sreg(acc, op);
    if (failed(a))
      return failure();
    in.b = *a;
  }
  return emitInto(in, red.getResult(), op);
}

LogicalResult ProgramLowering::lowerExtract(vector::ExtractOp ex) {
  Operation *op = ex;
  if (cast<VectorType>(ex.getSource().getType()).getRank() != 1 ||
      isa<VectorType>(ex.getResult().getType()))
    return op->emitError("SpyreCode extracts one lane of a 1-D vector only");
  FailureOr<Reg> src = reg(ex.getSource(), op);
  if (failed(src))
    return failure();
  Instr in;
  in.op = Opcode::VExtract;
  in.type = elemOrNone(ex.getResult().getType());
  in.lanes = lanesOf(ex.getSource().getType());
  in.a = src->n;
  if (failed(lanePosition(ex.getMixedPosition()[0], in.imm, in.b, op)))
    return failure();
  return emitInto(in, ex.getResult(), op);
}

LogicalResult ProgramLowering::lowerInsert(vector::InsertOp ins) {
  Operation *op = ins;
  if (cast<VectorType>(ins.getDest().getType()).getRank() != 1 ||
      isa<VectorType>(ins.getValueToStore().getType()))
    return op->emitError("SpyreCode inserts one lane of a 1-D vector only");
  FailureOr<Reg> dest = reg(ins.getDest(), op);
  FailureOr<int32_t> value = sreg(ins.getValueToStore(), op);
  if (failed(dest) || failed(value))
    return failure();
  Instr in;
  in.op = Opcode::VInsert;
  in.type = elemOrNone(ins.getResult().getType());
  in.lanes = lanesOf(ins.getResult().getType());
  in.a = dest->n;
  in.b = *value;
  if (failed(lanePosition(ins.getMixedPosition()[0], in.imm, in.c, op)))
    return failure();
  return emitInto(in, ins.getResult(), op);
}

LogicalResult ProgramLowering::lanePosition(OpFoldResult pos, int64_t &imm,
                                            int32_t &laneReg, Operation *op) {
  if (auto attr = dyn_cast<Attribute>(pos)) {
    imm = cast<IntegerAttr>(attr).getInt();
    return success();
  }
  FailureOr<int32_t> lane = sreg(cast<Value>(pos), op);
  if (failed(lane))
    return failure();
  laneReg = *lane;
  return success();
}

LogicalResult ProgramLowering::emitInto(Instr in, Value result, Operation *op) {
  FailureOr<Reg> dst = resultReg(result, op);
  if (failed(dst))
    return failure();
  in.dst = dst->n;
  emit(in, op);
  return success();
}

LogicalResult ProgramLowering::lowerReshape(Operation *op) {
  // A reshape whose only user reshapes it back (an all-reduce's 1-D
  // result expanded to its rows again) is not copied: the user takes
  // the source tile, or copies it straight into its preassigned register.
  Value result = op->getResult(0);
  if (result.hasOneUse() && reusable(op->getOperand(0), op)) {
    Operation *back = *result.getUsers().begin();
    if (isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp, tensor::CastOp>(
            back) &&
        reusable(result, back) &&
        back->getResult(0).getType() == op->getOperand(0).getType()) {
      reshapedBack[result] = op->getOperand(0);
      return success();
    }
  }
  // A tile of the same elements in another shape: copied row-major.
  Value from = op->getOperand(0);
  auto through = reshapedBack.find(from);
  if (through != reshapedBack.end())
    from = through->second;
  FailureOr<Reg> src = reg(from, op);
  if (failed(src))
    return failure();
  if (through != reshapedBack.end() && !preassigned.count(result)) {
    regs[result] = *src;
    return success();
  }
  FailureOr<Reg> dst = resultReg(result, op);
  if (failed(dst))
    return failure();
  if (src->file != T || dst->file != T)
    return op->emitError("SpyreCode reshapes held tiles only");
  move(*dst, *src, op);
  return success();
}

LogicalResult ProgramLowering::lowerShapeCast(Operation *op) {
  FailureOr<Reg> src = reg(op->getOperand(0), op);
  FailureOr<Reg> dst =
      failed(src) ? FailureOr<Reg>(failure()) : resultReg(op->getResult(0), op);
  if (failed(dst))
    return failure();
  move(*dst, *src, op);
  return success();
}

namespace {

/// The dimension of a held tile a vector transfer runs along (it must be
/// 1-D, unmasked, over a tile, along one dimension); refused saying what
/// the transfer `does` ("reads a 1-D vector of", ...).
template <typename TransferOp>
FailureOr<uint16_t> heldTileDim(TransferOp t, StringRef does,
                                StringRef alongWhat) {
  if (!isa<RankedTensorType>(t.getBase().getType()) || t.getMask() ||
      t.getVectorType().getRank() != 1)
    return t->emitError("SpyreCode ")
           << does << " a held tile, unmasked, only";
  std::optional<uint16_t> dim = transferDim(t.getPermutationMap());
  if (!dim)
    return t->emitError("SpyreCode ") << alongWhat << " one tile dimension only";
  return *dim;
}

/// A TRead / TWrite of `type` along `dim` of tile register `tile` (its
/// indices set by the caller); `b` the padding / the value written.
Instr transferInstr(Opcode opcode, VectorType type, uint16_t dim, int32_t tile,
                    int32_t b) {
  Instr in;
  in.op = opcode;
  in.type = elemOrNone(type);
  in.lanes = lanesOf(type);
  in.aux = dim;
  in.a = tile;
  in.b = b;
  return in;
}

} // namespace

LogicalResult ProgramLowering::lowerTransferRead(vector::TransferReadOp read) {
  Operation *op = read;
  FailureOr<uint16_t> dim =
      heldTileDim(read, "reads a 1-D vector of", "reads along");
  if (failed(dim))
    return failure();
  FailureOr<Reg> tile = reg(read.getBase(), op);
  FailureOr<int32_t> pad = sreg(read.getPadding(), op);
  if (failed(tile) || failed(pad))
    return failure();
  FailureOr<SmallVector<int32_t>> at = sregs(read.getIndices(), op);
  if (failed(at))
    return failure();
  Instr in =
      transferInstr(Opcode::TRead, read.getVectorType(), *dim, tile->n, *pad);
  setArgs(in, *at);
  return emitInto(in, read.getResult(), op);
}

LogicalResult
ProgramLowering::lowerTransferWrite(vector::TransferWriteOp write) {
  Operation *op = write;
  FailureOr<uint16_t> dim =
      heldTileDim(write, "writes a 1-D vector into", "writes along");
  if (failed(dim))
    return failure();
  FailureOr<Reg> tile = reg(write.getBase(), op);
  FailureOr<Reg> value = reg(write.getValueToStore(), op);
  if (failed(tile) || failed(value))
    return failure();
  FailureOr<SmallVector<int32_t>> at = sregs(write.getIndices(), op);
  if (failed(at))
    return failure();
  Instr in = transferInstr(Opcode::TWrite, write.getVectorType(), *dim,
                           tile->n, value->n);
  setArgs(in, *at);
  Value result = write.getResult();
  if (reusable(write.getBase(), op)) {
    regs[result] = *tile;
  } else if (failed(resultReg(result, op))) {
    return failure();
  }
  in.dst = regs[result].n;
  emit(in, op);
  return success();
}

LogicalResult ProgramLowering::lowerTile(Operation *op, bool &handled) {
  handled = true;
  auto indices = [&](ValueRange list) { return sregs(list, op); };
  if (auto empty = dyn_cast<tensor::EmptyOp>(op)) {
    FailureOr<Reg> dst = resultReg(empty.getResult(), op);
    if (failed(dst))
      return failure();
    Instr in;
    in.op = Opcode::TSplat;
    in.type = elemOrNone(empty.getType());
    in.dst = dst->n;
    emit(in, op);
    return success();
  }
  if (auto ex = dyn_cast<tensor::ExtractOp>(op)) {
    FailureOr<Reg> tile = reg(ex.getTensor(), op);
    FailureOr<SmallVector<int32_t>> at = indices(ex.getIndices());
    if (failed(tile) || failed(at))
      return failure();
    Instr in;
    in.op = Opcode::TExtract;
    in.type = elemOrNone(ex.getType());
    in.a = tile->n;
    setArgs(in, *at);
    FailureOr<Reg> dst = resultReg(ex.getResult(), op);
    if (failed(dst))
      return failure();
    in.dst = dst->n;
    emit(in, op);
    return success();
  }
  if (auto ins = dyn_cast<tensor::InsertOp>(op)) {
    FailureOr<Reg> tile = reg(ins.getDest(), op);
    FailureOr<int32_t> value = sreg(ins.getScalar(), op);
    FailureOr<SmallVector<int32_t>> at = indices(ins.getIndices());
    if (failed(tile) || failed(value) || failed(at))
      return failure();
    Instr in;
    in.op = Opcode::TInsert;
    in.type = elemOrNone(ins.getType());
    in.a = tile->n;
    in.b = *value;
    setArgs(in, *at);
    if (reusable(ins.getDest(), op)) {
      regs[ins.getResult()] = *tile;
    } else if (failed(resultReg(ins.getResult(), op))) {
      return failure();
    }
    in.dst = regs[ins.getResult()].n;
    emit(in, op);
    return success();
  }
  handled = false;
  return success();
}

//===----------------------------------------------------------------------===//
// Grid, LX views, affine maps
//===----------------------------------------------------------------------===//

/// Coordinate d of the linear tile id S0, dimension 0 fastest:
/// (S0 / prod(grid[0..d))) mod grid[d].
/// A runtime argument's value is the scalar the host bound (its register);
/// its granularity and upper bound are constants of its type.
LogicalResult
ProgramLowering::lowerRuntimeArgExtract(ktdp::RuntimeArgExtractOp op) {
  FailureOr<Reg> dst = resultReg(op.getResult(), op);
  if (failed(dst))
    return failure();
  auto type = cast<ktdp::RuntimeArgType>(op.getInput().getType());
  switch (op.getKind()) {
  case ktdp::RuntimeArgKind::value: {
    FailureOr<int32_t> from = sreg(op.getInput(), op);
    if (failed(from))
      return failure();
    move(*dst, Reg{S, *from}, op);
    return success();
  }
  case ktdp::RuntimeArgKind::granularity:
    move(*dst, Reg{S, materialize({-1, int64_t(*type.getGranularity())}, op)}, op);
    return success();
  case ktdp::RuntimeArgKind::upperbound:
    move(*dst, Reg{S, materialize({-1, int64_t(*type.getUpperbound())}, op)}, op);
    return success();
  }
  return op.emitError("unknown runtime_arg_extract kind");
}

LogicalResult ProgramLowering::lowerTileId(Operation *op) {
  const std::vector<int64_t> &grid = ctx.grid;
  int64_t below = 1;
  for (auto [d, result] : llvm::enumerate(op->getResults())) {
    FailureOr<Reg> dst = resultReg(result, op);
    if (failed(dst))
      return failure();
    int64_t extent = d < grid.size() ? grid[d] : 1;
    bool last = d + 1 >= grid.size();
    if (below == 1 && last) {
      move(*dst, Reg{S, 0}, op);
    } else {
      int32_t from = 0;
      if (below != 1) {
        Instr div;
        div.op = Opcode::SAlu;
        div.fn = AluFn::DivUI;
        div.type = ElemType::Index;
        div.dst = last ? dst->n : newS();
        div.a = 0;
        div.b = materialize({-1, below}, op);
        emit(div, op);
        from = div.dst;
      }
      if (!last) {
        Instr rem;
        rem.op = Opcode::SAlu;
        rem.fn = AluFn::RemUI;
        rem.type = ElemType::Index;
        rem.dst = dst->n;
        rem.a = from;
        rem.b = materialize({-1, extent}, op);
        emit(rem, op);
      }
    }
    std::optional<int64_t> next = llvm::checkedMul<int64_t>(below, extent);
    if (!next)
      return op->emitError("the grid's tile count overflows");
    below = *next;
  }
  return success();
}

/// No instruction: the view is its address register and a static shape;
/// the buffer it lies in comes from the address's form
/// (base [+ copy * bytes] [+ instance * bytes * copies]).
LogicalResult ProgramLowering::lowerLxView(dflow::LxViewOp op) {
  auto type = cast<MemRefType>(op.getType());
  std::optional<int64_t> bytes = ctx.bufferBytes(type);
  if (!bytes)
    return op.emitError("SpyreCode has no LX view of type ") << type;
  // address = base [+ copy * bytes] [+ instance * (bytes * copies)], the
  // copy ((iv - lb) / step mod n) innermost.
  struct Term {
    bool instance;
    int64_t stride, count;
  };
  SmallVector<Term, 2> terms;
  std::optional<int64_t> base;
  Value address = op.getAddress();
  for (int depth = 0; depth < 3 && !base; ++depth) {
    base = constantOf(address);
    if (base)
      break;
    auto add = address.getDefiningOp<arith::AddIOp>();
    auto mul = add ? add.getRhs().getDefiningOp<arith::MulIOp>() : nullptr;
    std::optional<int64_t> stride = mul ? constantOf(mul.getRhs()) : std::nullopt;
    if (!stride)
      break;
    if (auto rem = mul.getLhs().getDefiningOp<arith::RemUIOp>()) {
      std::optional<int64_t> n = constantOf(rem.getRhs());
      if (!n)
        break;
      terms.push_back({false, *stride, *n});
    } else if (auto inst = mul.getLhs().getDefiningOp<dflow::InstanceOp>()) {
      terms.push_back({true, *stride, int64_t(inst.getCount())});
    } else {
      break;
    }
    address = add.getLhs();
  }
  // Innermost first: the copy term's stride is one copy, the instance
  // term's all the copies of one instance.
  int64_t copies = 1;
  bool known = base.has_value();
  bool sawInstance = false;
  for (const Term &t : llvm::reverse(terms)) {
    std::optional<int64_t> expect = llvm::checkedMul<int64_t>(*bytes, copies);
    std::optional<int64_t> next = llvm::checkedMul<int64_t>(copies, t.count);
    known &= expect && next && *expect == t.stride && t.count >= 1 &&
             !sawInstance && (t.instance || copies == 1);
    sawInstance |= t.instance;
    copies = next.value_or(1);
  }
  if (!known)
    return op.emitError("SpyreCode cannot tell which LX buffer this view's "
                        "address lies in");
  int32_t buffer = ctx.buffer(*base, *bytes, copies, op);
  FailureOr<int32_t> addr = sreg(op.getAddress(), op);
  if (failed(addr))
    return failure();
  lx[op.getResult()] = LxRef{*addr, ctx.lxView(type, buffer)};
  return success();
}

LogicalResult ProgramLowering::lowerAffineApply(Operation *op) {
  auto apply = cast<affine::AffineApplyOp>(op);
  AffineMap map = apply.getAffineMap();
  SmallVector<Operand> values;
  for (Value v : apply.getMapOperands()) {
    FailureOr<Operand> o = operand(v, op);
    if (failed(o))
      return failure();
    values.push_back(*o);
  }
  ArrayRef<Operand> all(values);
  FailureOr<Operand> result =
      affine(map.getResult(0), all.take_front(map.getNumDims()),
             all.drop_front(map.getNumDims()), op);
  if (failed(result))
    return failure();
  // A result that is one of the operands (an identity map) gets its own
  // register: it may be overwritten in place later, the operand not.
  int32_t r = result->reg;
  if (r < 0) {
    r = materialize(*result, op);
  } else if (llvm::any_of(values, [&](const Operand &o) { return o.reg == r; })) {
    int32_t copy = newS();
    move(Reg{S, copy}, Reg{S, r}, op);
    r = copy;
  }
  regs[apply.getResult()] = Reg{S, r};
  return success();
}

} // namespace spyre::code
