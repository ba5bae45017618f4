//===- LowerDataflow.cpp - DataflowIR -> SpyreCode ------------------------===//
//
// The kernel-level part: the job plan (grid, placement, channels, LX peak;
// the buffers are found while the programs' LX views are lowered), the
// symbol table (one symbol per kernel argument, classified by its uses)
// and one program per dflow.program (ProgramLowering).
//
//===----------------------------------------------------------------------===//

#include "codegen/LowerDataflow.h"
#include "codegen/LoweringContext.h"
#include "codegen/ProgramLowering.h"
#include "spyrecode/RegisterReuse.h"
#include "ir/ktdp/KtdpOps.h"
#include "ir/ktdp/KtdpTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <set>

using namespace mlir;

namespace spyre::code {

namespace {

/// What a kernel argument is, from where it (or a cast or index arithmetic
/// of it) ends up: a memory view's offset, a view's size or stride, or
/// neither. The memory views it is the offset of go to `views`.
Symbol::Kind classify(Value arg,
                      SmallVectorImpl<ktdp::ConstructMemoryViewOp> &views) {
  bool base = false, dim = false;
  SmallVector<Value> work{arg};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty() && seen.size() < 256) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto mv = dyn_cast<ktdp::ConstructMemoryViewOp>(user)) {
        if (use.getOperandNumber() == 0) { // the offset
          base = true;
          views.push_back(mv);
        } else
          dim = true;
        continue;
      }
      if (isa<arith::ArithDialect>(user->getDialect()) &&
          user->getNumResults() == 1 && seen.insert(user).second)
        work.push_back(user->getResult(0));
    }
  }
  return base ? Symbol::TensorBase : dim ? Symbol::Dimension : Symbol::Scalar;
}

std::vector<int64_t> intList(Attribute attr) {
  std::vector<int64_t> list;
  if (auto dense = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    list.assign(dense.asArrayRef().begin(), dense.asArrayRef().end());
  else if (auto array = dyn_cast_or_null<ArrayAttr>(attr))
    for (Attribute a : array)
      if (auto i = dyn_cast<IntegerAttr>(a))
        list.push_back(i.getInt());
  return list;
}

} // namespace

std::unique_ptr<Module> lowerDataflow(ModuleOp module,
                                      const LoweringOptions &options) {
  func::FuncOp kernel;
  for (auto f : module.getOps<func::FuncOp>()) {
    if (f.isExternal() || f.getOps<dflow::ProgramOp>().empty())
      continue;
    if (kernel) {
      f.emitError("SpyreCode holds one kernel per module; the first is @")
          << kernel.getName();
      return nullptr;
    }
    kernel = f;
  }
  if (!kernel) {
    Operation *where = module;
    for (auto f : module.getOps<func::FuncOp>())
      if (!f.isExternal()) {
        where = f;
        break;
      }
    where->emitError("no dflow.program to lower: SpyreCode lowers the output "
                     "of lower-to-dataflow");
    return nullptr;
  }

  auto out = std::make_unique<Module>();
  LoweringContext ctx(*out, options, options.stickBytes);
  JobPlan &plan = out->plan;
  plan.kernel = kernel.getName().str();
  plan.arch = options.arch.empty() ? "spyre" : options.arch;
  plan.grid = intList(kernel->getAttr("grid"));
  if (plan.grid.empty())
    plan.grid = {1};
  ctx.grid = plan.grid;
  plan.placement = intList(kernel->getAttr("dflow.placement"));
  if (auto peak = kernel->getAttrOfType<IntegerAttr>("dflow.lx_peak"))
    plan.lxPeakBytes = peak.getInt();
  out->locations.push_back({}); // 0: unknown

  // Symbols: every kernel argument, named as in the source; a name read
  // twice (arguments the generator gave one location) gets its position.
  StringRef sourceFile;
  if (auto file = dyn_cast<FileLineColLoc>(module.getLoc()))
    sourceFile = file.getFilename();
  std::set<std::string> taken;
  for (BlockArgument arg : kernel.getArguments()) {
    Symbol s;
    s.argument = int32_t(arg.getArgNumber());
    s.name = valueNameAt(options.source, arg.getLoc(), sourceFile);
    std::string position = "arg" + std::to_string(arg.getArgNumber());
    if (s.name.empty())
      s.name = position;
    while (!taken.insert(s.name).second)
      s.name += "_" + position;
    Type type = arg.getType();
    if (auto runtime = dyn_cast<ktdp::RuntimeArgType>(type))
      type = runtime.getValueType();
    std::optional<ElemType> elem = elemTypeOf(type);
    if (!elem || isa<ShapedType>(type)) {
      kernel.emitError("kernel argument #")
          << arg.getArgNumber() << " of type " << arg.getType()
          << " is not a scalar SpyreCode can bind at launch";
      return nullptr;
    }
    s.type = *elem;
    SmallVector<ktdp::ConstructMemoryViewOp> views;
    s.kind = classify(arg, views);
    // A tensor base: the element type of the views built on it (one type:
    // the base is an element index, in elements of that type).
    for (ktdp::ConstructMemoryViewOp mv : views) {
      auto memref = dyn_cast<MemRefType>(mv.getType());
      std::optional<ElemType> t =
          memref ? elemTypeOf(memref.getElementType()) : std::nullopt;
      if (!t || *t == ElemType::None) {
        mv.emitError("kernel argument '")
            << s.name << "' is the offset of a view of "
            << mv.getType() << ": SpyreCode addresses tensors of numbers";
        return nullptr;
      }
      if (mv != views.front() && *t != s.type) {
        mv.emitError("kernel argument '")
            << s.name << "' is the offset of views of " << elemName(s.type)
            << " and of " << elemName(*t)
            << ": a tensor base has one element type";
        return nullptr;
      }
      s.type = *t;
    }
    ctx.symbols[arg] = int32_t(out->symbols.size());
    out->symbols.push_back(std::move(s));
  }

  // Channels, in declaration order.
  for (auto ch : kernel.getBody().front().getOps<dflow::ChannelOp>()) {
    Channel c;
    c.from = ch.getFrom().str();
    c.to = ch.getTo().str();
    c.depth = int64_t(ch.getDepth());
    c.initialTokens = ch.getInitial() ? int64_t(*ch.getInitial()) : 0;
    Type elem = cast<dflow::ChannelType>(ch.getType()).getElementType();
    if (!isa<NoneType>(elem)) {
      std::optional<ElemType> t = elemTypeOf(elem);
      auto vec = dyn_cast<VectorType>(elem);
      if (!t || !vec) {
        ch.emitError("SpyreCode channels carry vectors or tokens, not ")
            << elem;
        return nullptr;
      }
      c.type = *t;
      c.lanes = int32_t(vec.getNumElements());
    }
    c.loc = ctx.location(ch);
    ctx.channels[ch.getResult()] = int32_t(plan.channels.size());
    plan.channels.push_back(std::move(c));
  }

  // Programs.
  auto programs = kernel.getBody().front().getOps<dflow::ProgramOp>();
  out->programs.resize(std::distance(programs.begin(), programs.end()));
  int32_t index = 0;
  for (auto program : programs) {
    ProgramLowering lowering(ctx, program, out->programs[index], index);
    if (failed(lowering.run()))
      return nullptr;
    // One register per vector value, shared once the values' lives end.
    reuseVectorRegisters(out->programs[index]);
    ++index;
  }
  return out;
}

} // namespace spyre::code
