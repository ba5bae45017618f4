//===- BodyRun.cpp - a compiled process body executed ---------------------===//
//
// Runs the instructions of BodyCode.h on a process's registers. Every op
// counts as one executed op (as CoreExec::enterOp counts it, with the
// same budget and cancellation); an instruction whose values are not what
// it handles runs the op's handler instead (Instr::spill / reload), which
// waits on queues through the scheduler as always.
//
//===----------------------------------------------------------------------===//

#include "stagex/BodyCode.h"
#include "stagex/ExecContext.h"

using namespace mlir;
using namespace spyre;
using namespace spyre::stagex;
using interp::RtValue;
using interp::TensorPtr;

namespace {

struct ScalarReg {
  double value = 0;
  interp::DType dtype = interp::DType::Index;
};

struct LoopState {
  int64_t iv = 0, last = 0, step = 1;
};

class Runner {
public:
  Runner(Context &ctx, interp::CoreExec &core, CompiledBody &body)
      : ctx(ctx), core(core), body(body), scalars(body.scalars), handles(body.handles),
        loops(body.loops), options(core.interp.options()) {
    if (body.spareVectors.empty()) {
      vectors.resize(body.vectors);
    } else {
      vectors = std::move(body.spareVectors.back());
      body.spareVectors.pop_back();
    }
  }
  ~Runner() { body.spareVectors.push_back(std::move(vectors)); }
  Runner(const Runner &) = delete;
  Runner &operator=(const Runner &) = delete;

  /// Reads the body's inputs; false when one is not of its register's
  /// class (the body then runs op by op).
  bool load() {
    for (const Binding &b : body.inputs)
      if (!put(b.reg, core.getId(b.id)))
        return false;
    return true;
  }

  LogicalResult run(SmallVectorImpl<RtValue> &yielded) {
    std::vector<Instr> &code = body.code;
    for (size_t pc = 0, n = code.size(); pc < n;) {
      Instr &in = code[pc];
      switch (in.code) {
      case Code::Fast:
      case Code::Direct:
      case Code::Reduce:
        if (!enter(in.plan.op))
          return failure();
        if (!(in.code == Code::Fast     ? fast(in)
              : in.code == Code::Direct ? direct(in)
                                        : reduce(in)) &&
            failed(handler(in, false)))
          return failure();
        break;
      case Code::Generic:
        if (failed(handler(in, true)))
          return failure();
        break;
      case Code::ForInit:
        if (!enter(in.plan.op))
          return failure();
        if (failed(forInit(in, pc)))
          return failure();
        continue;
      case Code::ForNext:
        pc = forNext(in) ? in.jump : pc + 1;
        continue;
      }
      mirror(in);
      ++pc;
    }
    for (Reg r : body.yields)
      yielded.push_back(get(r));
    core.holdAll(yielded);
    return success();
  }

private:
  Context &ctx;
  interp::CoreExec &core;
  CompiledBody &body;
  std::vector<ScalarReg> scalars;
  std::vector<TensorPtr> vectors;
  std::vector<RtValue> handles;
  std::vector<LoopState> loops;
  const interp::InterpOptions &options;

  /// CoreExec::enterOp's count and checks (the result types were checked
  /// when the body compiled): false after its diagnostic.
  bool enter(Operation *op) {
    if (core.opCount >= options.maxOpsPerCore ||
        (options.cancel && options.cancel->load(std::memory_order_relaxed)))
      return succeeded(core.enterOp(op));
    ++core.opCount;
    core.setCurrentOp(op);
    return true;
  }

  RtValue get(Reg r) const {
    switch (r.cls) {
    case Reg::Scalar:
      return interp::Scalar{scalars[r.index].value, scalars[r.index].dtype};
    case Reg::Vector:
      return vectors[r.index];
    case Reg::Handle:
      return handles[r.index];
    }
    return {};
  }

  bool put(Reg r, const RtValue &v) {
    switch (r.cls) {
    case Reg::Scalar:
      if (auto *s = std::get_if<interp::Scalar>(&v)) {
        scalars[r.index] = {s->value, s->dtype};
        return true;
      }
      return false;
    case Reg::Vector:
      if (auto *t = std::get_if<TensorPtr>(&v); t && *t) {
        vectors[r.index] = *t;
        return true;
      }
      return false;
    case Reg::Handle:
      handles[r.index] = v;
      return true;
    }
    return false;
  }

  interp::Scalar scalar(Reg r) const {
    return interp::Scalar{scalars[r.index].value, scalars[r.index].dtype};
  }

  void mirror(const Instr &in) {
    for (const Binding &b : in.mirror)
      core.setId(b.id, get(b.reg));
  }

  /// The op's handler on the registers put into the value array; `count`:
  /// as an op of its own (CoreExec::execOp), else after enter().
  LogicalResult handler(Instr &in, bool count) {
    for (const Binding &b : in.spill)
      core.setId(b.id, get(b.reg));
    if (failed(count ? core.execOp(in.plan.op) : core.dispatchOp(in.plan.op)))
      return failure();
    for (const Binding &b : in.reload)
      if (!put(b.reg, core.getId(b.id)))
        return in.plan.op->emitError(
            "the stage executor's compiled body cannot hold the value this op made");
    // A constant's value, once its handler has made it, for next time.
    if (in.plan.fast == interp::FastKind::Constant && !in.plan.constant)
      in.plan.constant = scalar(in.out[0]);
    return success();
  }

  bool setScalar(Reg r, const interp::Scalar &s) {
    scalars[r.index] = {s.value, s.dtype};
    return true;
  }
  /// The result register's previous vector, which the instruction may
  /// write its result into when nothing else holds it (a value of an
  /// earlier iteration that no queue, register or value array kept).
  const TensorPtr *reuse(const Instr &in) const { return &vectors[in.out[0].index]; }

  bool setVector(Reg r, TensorPtr t) {
    if (!t)
      return false;
    vectors[r.index] = std::move(t);
    return true;
  }

  /// The interpreter's direct paths (FastOps.cpp) on registers.
  bool fast(Instr &in) {
    const interp::OpPlan &plan = in.plan;
    using interp::FastKind;
    switch (plan.fast) {
    case FastKind::Constant:
      return plan.constant && setScalar(in.out[0], *plan.constant);
    case FastKind::IntBinary: {
      std::optional<interp::Scalar> r =
          interp::intBinaryScalar(plan, scalar(in.in[0]), scalar(in.in[1]));
      return r && setScalar(in.out[0], *r);
    }
    case FastKind::FloatBinary:
      if (in.in[0].cls == Reg::Scalar)
        return setScalar(in.out[0],
                         {interp::floatBinaryScalar(plan, scalars[in.in[0].index].value,
                                                    scalars[in.in[1].index].value),
                          plan.result});
      return setVector(in.out[0],
                       interp::floatBinaryTensor(plan, *vectors[in.in[0].index],
                                                 *vectors[in.in[1].index], reuse(in)));
    case FastKind::HalfFunction:
      return setVector(in.out[0], interp::halfFunctionTensor(
                                      plan, *vectors[in.in[0].index], reuse(in)));
    case FastKind::FloatCast:
      if (in.in[0].cls == Reg::Scalar)
        return setScalar(
            in.out[0],
            {interp::floatCastScalar(plan, scalars[in.in[0].index].value), plan.result});
      if (vectors[in.in[0].index]->splat)
        return false;
      return setVector(in.out[0],
                       interp::floatCastTensor(plan, *vectors[in.in[0].index], reuse(in)));
    default:
      return false;
    }
  }

  Queue *queue(Reg r) { return queueIn(ctx, handles[r.index]); }

  /// The stage executor's direct paths (DirectOps.cpp) on registers.
  bool direct(Instr &in) {
    switch (Direct(in.plan.variant)) {
    case Direct::Pop:
      // The register's earlier stick is dead: a spare if nothing holds it.
      recycleStick(ctx, vectors[in.out[0].index]);
      return popStick(queue(in.in[0]), in.shape, vectors[in.out[0].index]);
    case Direct::Push:
      return pushStick(queue(in.in[1]), vectors[in.in[0].index]);
    case Direct::Stream:
    case Direct::Collect: {
      int64_t s = in.in.size() > 2 ? scalar(in.in[2]).integer() : 0;
      if (Direct(in.plan.variant) == Direct::Stream)
        return streamStick(ctx, bufferIn(handles[in.in[0].index]), queue(in.in[1]), s);
      return collectStick(ctx, queue(in.in[0]), bufferIn(handles[in.in[1].index]), s);
    }
    case Direct::Signal:
    case Direct::Wait:
      return moveToken(queue(in.in[0]), Direct(in.plan.variant) == Direct::Signal);
    case Direct::Broadcast:
      return setVector(in.out[0], broadcastScalar(in.plan.result, in.shape,
                                                  scalar(in.in[0]), reuse(in)));
    case Direct::Extract: {
      int64_t at = in.in.size() > 1 ? scalar(in.in[1]).integer() : in.plan.immediate;
      std::optional<interp::Scalar> e =
          elementOf(*vectors[in.in[0].index], at, in.plan.result);
      return e && setScalar(in.out[0], *e);
    }
    }
    return false;
  }

  bool reduce(Instr &in) {
    interp::Scalar init;
    if (in.in.size() > 1)
      init = scalar(in.in[1]);
    std::optional<interp::Scalar> r =
        foldReduction(in.plan.variant, in.plan.result, *vectors[in.in[0].index],
                      in.in.size() > 1 ? &init : nullptr, ctx.reduceNumerics);
    return r && setScalar(in.out[0], *r);
  }

  void setIv(const Instr &init, int64_t iv) {
    scalars[init.out[0].index] = {interp::intToSlot(init.plan.result, iv), init.plan.result};
  }

  /// scf.for (ScfOps.cpp's execFor): signed bounds; the carried values
  /// start as the initial ones; the body runs while the induction
  /// variable is below the upper bound.
  LogicalResult forInit(Instr &in, size_t &pc) {
    int64_t first = scalar(in.in[0]).integer(), last = scalar(in.in[1]).integer(),
            by = scalar(in.in[2]).integer();
    if (by <= 0)
      return in.plan.op->emitError("scf.for step must be positive, got ") << by;
    for (size_t i = 3; i < in.in.size(); ++i)
      copy(in.out[i - 2], in.in[i]);
    if (first < last) {
      loops[in.loop] = {first, last, by};
      setIv(in, first);
      mirror(in);
      ++pc;
    } else {
      mirror(in);
      pc = in.jump;
    }
    return success();
  }

  void copy(Reg to, Reg from) {
    switch (to.cls) {
    case Reg::Scalar:
      scalars[to.index] = scalars[from.index];
      break;
    case Reg::Vector:
      vectors[to.index] = vectors[from.index];
      break;
    case Reg::Handle:
      handles[to.index] = handles[from.index];
      break;
    }
  }

  /// The yield and the back edge: true when the body runs again.
  bool forNext(Instr &in) {
    if (in.plan.variant) {
      SmallVector<RtValue, 4> carried;
      for (Reg r : in.in)
        carried.push_back(get(r));
      for (size_t i = 0; i < carried.size(); ++i)
        put(in.out[i + 1], carried[i]);
    } else {
      for (size_t i = 0; i < in.in.size(); ++i)
        copy(in.out[i + 1], in.in[i]);
    }
    const Instr &init = body.code[size_t(in.plan.immediate)];
    LoopState &loop = loops[init.loop];
    bool more = !__builtin_add_overflow(loop.iv, loop.step, &loop.iv) && loop.iv < loop.last;
    if (more)
      setIv(init, loop.iv);
    mirror(in);
    return more;
  }
};

} // namespace

LogicalResult spyre::stagex::runProcessBody(Context &ctx, Process &p, Block &block,
                                            SmallVectorImpl<RtValue> &yielded) {
  interp::CoreExec &core = *p.exec;
  if (ctx.compileBodies && core.directPaths()) {
    auto [it, fresh] = ctx.bodies.try_emplace(&block);
    if (fresh)
      it->second = compileBody(ctx.interp, block);
    if (CompiledBody *compiled = it->second.get()) {
      Runner runner(ctx, core, *compiled);
      if (runner.load()) {
        ++ctx.compiledBodiesRun;
        return runner.run(yielded);
      }
    }
  }
  return core.runBlock(block, {}, yielded);
}
