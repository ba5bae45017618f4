//===- BodyCompile.cpp - a process body into a flat instruction list ------===//
//
// BodyCode.h says what the instructions are. A body compiles when every
// value it defines and reads has a number (Interpreter::valueId) and it
// has no arguments; it is compiled only when it has a loop (without one
// each op runs once: compiling cannot pay). Loops (scf.for) become
// ForInit / ForNext around their body, with the loop's results in the
// registers of its carried values.
// An op with regions other than a loop is Generic, its regions reading
// the body's values from the value array (spilled before it runs).
//
//===----------------------------------------------------------------------===//

#include "stagex/BodyCode.h"
#include "stagex/ExecContext.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace spyre;
using namespace spyre::stagex;

namespace {

class Compiler {
public:
  Compiler(interp::Interpreter &interp) : interp(interp) {}

  std::unique_ptr<CompiledBody> compile(Block &block) {
    if (block.getNumArguments() != 0)
      return nullptr;
    compileOps(block);
    for (Value v : block.getTerminator()->getOperands())
      out->yields.push_back(use(v));
    if (!ok || out->loops == 0)
      return nullptr;
    return std::move(out);
  }

private:
  interp::Interpreter &interp;
  std::unique_ptr<CompiledBody> out = std::make_unique<CompiledBody>();
  llvm::DenseMap<Value, Reg> regs;
  /// Registers of values from outside the body (never spilled: the
  /// handlers find them in the enclosing process's values).
  llvm::DenseSet<Value> outer;
  bool ok = true;

  static Reg::Class classOf(Type t) {
    if (isa<IntegerType, IndexType, FloatType>(t) && interp::dtypeSupported(t))
      return Reg::Scalar;
    if (isa<VectorType, RankedTensorType>(t) && interp::dtypeSupported(t))
      return Reg::Vector;
    return Reg::Handle;
  }

  unsigned idOf(Value v) {
    unsigned id = interp.valueId(v);
    if (id == interp::Interpreter::kNoValueId)
      ok = false;
    return id;
  }

  Reg define(Value v) {
    Reg r;
    r.cls = classOf(v.getType());
    uint32_t &count = r.cls == Reg::Scalar   ? out->scalars
                      : r.cls == Reg::Vector ? out->vectors
                                             : out->handles;
    r.index = count++;
    regs[v] = r;
    return r;
  }

  Reg use(Value v) {
    auto it = regs.find(v);
    if (it != regs.end())
      return it->second;
    Reg r = define(v);
    out->inputs.push_back({idOf(v), r});
    outer.insert(v);
    return r;
  }

  /// The value array entries of the body's own values among `values`.
  void spillOf(ValueRange values, llvm::SmallVectorImpl<Binding> &spill) {
    for (Value v : values) {
      Reg r = use(v);
      if (!outer.count(v))
        spill.push_back({idOf(v), r});
    }
  }

  void mirrorIfKept(Value v, Instr &in) {
    interp::Extension *ext = interp.options().extension;
    if (ext && ext->keepsAlive(v))
      in.mirror.push_back({idOf(v), regs.lookup(v)});
  }

  void compileOps(Block &block) {
    for (Operation &op : block.without_terminator()) {
      if (auto loop = dyn_cast<scf::ForOp>(op))
        compileFor(loop);
      else
        compileOp(&op);
      if (!ok)
        return;
    }
  }

  void compileOp(Operation *op) {
    Instr in;
    in.plan.op = op;
    for (Value v : op->getOperands()) {
      in.in.push_back(use(v));
      in.plan.operands.push_back(idOf(v));
    }
    if (op->getNumResults() > 0)
      in.plan.resultId = idOf(op->getResult(0));
    spillOf(op->getOperands(), in.spill);
    if (op->getNumRegions() > 0) {
      // What its regions read of the body's values.
      llvm::SetVector<Value> read;
      op->walk([&](Operation *inner) {
        for (Value v : inner->getOperands())
          if (regs.count(v) && !outer.count(v))
            read.insert(v);
      });
      spillOf(read.getArrayRef(), in.spill);
    }
    for (Value r : op->getResults()) {
      in.out.push_back(define(r));
      in.reload.push_back({idOf(r), in.out.back()});
    }
    in.code = codeOf(op, in);
    for (Value r : op->getResults())
      mirrorIfKept(r, in);
    out->code.push_back(std::move(in));
  }

  /// Whether the registers are of the classes `classes` (S, V, H).
  static bool classes(const Instr &in, const char *classes) {
    size_t i = 0;
    for (; classes[i]; ++i) {
      if (i >= in.in.size())
        return false;
      Reg::Class want =
          classes[i] == 'S' ? Reg::Scalar : classes[i] == 'V' ? Reg::Vector : Reg::Handle;
      if (in.in[i].cls != want)
        return false;
    }
    return i == in.in.size();
  }

  Code codeOf(Operation *op, Instr &in) {
    if (op->getNumRegions() > 0 || op->getNumResults() > 1 ||
        interp.hasUnsupportedResult(op) ||
        llvm::is_contained(in.plan.operands, interp::Interpreter::kNoValueId))
      return Code::Generic;
    Reg::Class result = in.out.empty() ? Reg::Handle : in.out[0].cls;
    if (auto reduction = dyn_cast<vector::ReductionOp>(op)) {
      if ((!classes(in, "V") && !classes(in, "VS")) || result != Reg::Scalar)
        return Code::Generic;
      in.plan.variant = uint8_t(reduction.getKind());
      in.plan.result = interp::dtypeOf(reduction.getResult().getType());
      return Code::Reduce;
    }
    interp::planFast(op, in.plan);
    using interp::FastKind;
    switch (in.plan.fast) {
    case FastKind::Constant:
      return result == Reg::Scalar ? Code::Fast : Code::Generic;
    case FastKind::IntBinary:
      return classes(in, "SS") ? Code::Fast : Code::Generic;
    case FastKind::FloatBinary:
      return (classes(in, "SS") && result == Reg::Scalar) ||
                     (classes(in, "VV") && result == Reg::Vector)
                 ? Code::Fast
                 : Code::Generic;
    case FastKind::HalfFunction:
      return classes(in, "V") && result == Reg::Vector ? Code::Fast : Code::Generic;
    case FastKind::FloatCast:
      return (classes(in, "S") && result == Reg::Scalar) ||
                     (classes(in, "V") && result == Reg::Vector)
                 ? Code::Fast
                 : Code::Generic;
    default:
      break;
    }
    in.plan.fast = FastKind::None;
    if (!planDirect(in.plan))
      return Code::Generic;
    if (op->getNumResults() == 1)
      if (auto shaped = dyn_cast<ShapedType>(op->getResult(0).getType()))
        in.shape.assign(shaped.getShape().begin(), shaped.getShape().end());
    bool fits = false;
    switch (Direct(in.plan.variant)) {
    case Direct::Pop:
      fits = classes(in, "H") && result == Reg::Vector;
      break;
    case Direct::Push:
      fits = classes(in, "VH");
      break;
    case Direct::Stream:
    case Direct::Collect:
      fits = classes(in, "HH") || classes(in, "HHS");
      break;
    case Direct::Signal:
    case Direct::Wait:
      fits = classes(in, "H");
      break;
    case Direct::Broadcast:
      fits = classes(in, "S") && result == Reg::Vector;
      break;
    case Direct::Extract:
      fits = (classes(in, "V") || classes(in, "VS")) && result == Reg::Scalar;
      break;
    }
    return fits ? Code::Direct : Code::Generic;
  }

  void compileFor(scf::ForOp loop) {
    Instr init;
    init.code = Code::ForInit;
    init.plan.op = loop;
    for (Value v : loop->getOperands())
      init.in.push_back(use(v));
    Block &body = *loop.getBody();
    for (BlockArgument arg : body.getArguments()) {
      idOf(arg);
      init.out.push_back(define(arg));
    }
    interp::Extension *ext = interp.options().extension;
    for (auto [result, carried] : llvm::zip(loop.getResults(), loop.getRegionIterArgs())) {
      regs[result] = regs.lookup(carried);
      if (ext && ext->keepsAlive(result))
        ok = false;
    }
    // A carried value keeps its class from one iteration to the next.
    for (size_t i = 0; i < init.in.size(); ++i)
      if (i < 3 ? init.in[i].cls != Reg::Scalar : init.in[i].cls != init.out[i - 2].cls)
        ok = false;
    if (init.out.empty() || init.out[0].cls != Reg::Scalar)
      ok = false;
    init.plan.result = interp::dtypeOf(loop.getInductionVar().getType());
    init.loop = out->loops++;
    for (BlockArgument arg : body.getArguments())
      mirrorIfKept(arg, init);
    size_t initAt = out->code.size();
    out->code.push_back(std::move(init));
    compileOps(body);
    if (!ok)
      return;
    Instr next;
    next.code = Code::ForNext;
    next.plan.op = loop;
    next.plan.immediate = int64_t(initAt);
    for (Value v : body.getTerminator()->getOperands())
      next.in.push_back(use(v));
    next.out = out->code[initAt].out;
    // A yielded value that is a carried one of this loop: moved through
    // temporaries (the carried registers are assigned all at once).
    for (Reg y : next.in)
      for (size_t i = 1; i < next.out.size(); ++i)
        if (y.cls == next.out[i].cls && y.index == next.out[i].index)
          next.plan.variant = 1;
    next.mirror = out->code[initAt].mirror;
    next.jump = uint32_t(initAt + 1);
    out->code.push_back(std::move(next));
    out->code[initAt].jump = uint32_t(out->code.size());
  }
};

} // namespace

std::unique_ptr<CompiledBody> spyre::stagex::compileBody(interp::Interpreter &interp,
                                                         Block &block) {
  return Compiler(interp).compile(block);
}
