//===- ScfOps.cpp - structured control flow -------------------------------===//
//
// Values a region yields come back held once (see CoreExec::runBlock); the
// handlers below bind them to the op's results and then let go of that
// hold, or carry them into the next iteration.
//
//===----------------------------------------------------------------------===//

#include "interp/CoreExec.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace spyre::interp;

static void bindAndRelease(CoreExec &core, Operation *op,
                           ArrayRef<RtValue> values) {
  for (auto [result, value] : llvm::zip(op->getResults(), values))
    core.set(result, value);
  core.releaseHeld(values);
}

static LogicalResult execFor(CoreExec &core, scf::ForOp op) {
  FailureOr<Scalar> lb = core.scalar(op, op.getLowerBound());
  FailureOr<Scalar> ub = core.scalar(op, op.getUpperBound());
  FailureOr<Scalar> step = core.scalar(op, op.getStep());
  if (failed(lb) || failed(ub) || failed(step))
    return failure();
  int64_t first = lb->integer(), last = ub->integer(), by = step->integer();
  if (by <= 0)
    return op.emitError("scf.for step must be positive, got ") << by;
  SmallVector<RtValue> carried;
  for (Value init : op.getInitArgs())
    carried.push_back(core.get(init));
  core.holdAll(carried);
  DType ivType = dtypeOf(op.getInductionVar().getType());
  SmallVector<RtValue> args;
  // Signed bounds, in integers: the loop ends where the next value would
  // pass the upper bound or overflow 64 bits.
  bool more = first < last;
  for (int64_t iv = first; more;) {
    args.assign(1, Scalar{intToSlot(ivType, iv), ivType});
    args.append(carried.begin(), carried.end());
    SmallVector<RtValue> yielded;
    if (failed(core.runBlock(*op.getBody(), args, yielded))) {
      core.releaseHeld(carried);
      return failure();
    }
    core.releaseHeld(carried);
    carried.assign(yielded.begin(), yielded.end());
    more = !__builtin_add_overflow(iv, by, &iv) && iv < last;
  }
  bindAndRelease(core, op, carried);
  return success();
}

static LogicalResult execIf(CoreExec &core, scf::IfOp op) {
  FailureOr<Scalar> cond = core.scalar(op, op.getCondition());
  if (failed(cond))
    return failure();
  Region &region = cond->integer() != 0 ? op.getThenRegion() : op.getElseRegion();
  if (region.empty())
    return success();
  SmallVector<RtValue> yielded;
  if (failed(core.runBlock(region.front(), {}, yielded)))
    return failure();
  bindAndRelease(core, op, yielded);
  return success();
}

static LogicalResult execWhile(CoreExec &core, scf::WhileOp op) {
  SmallVector<RtValue> args;
  for (Value init : op.getInits())
    args.push_back(core.get(init));
  core.holdAll(args);
  while (true) {
    SmallVector<RtValue> before;
    LogicalResult r = core.runBlock(op.getBefore().front(), args, before);
    core.releaseHeld(args);
    if (failed(r))
      return failure();
    auto *cond = std::get_if<Scalar>(&before.front());
    if (!cond) {
      core.releaseHeld(before);
      return op.emitError("scf.condition operand is not a scalar");
    }
    bool again = cond->integer() != 0;
    core.releaseHeld(ArrayRef<RtValue>(before).take_front());
    SmallVector<RtValue> forwarded(before.begin() + 1, before.end());
    if (!again) {
      bindAndRelease(core, op, forwarded);
      return success();
    }
    SmallVector<RtValue> after;
    r = core.runBlock(op.getAfter().front(), forwarded, after);
    core.releaseHeld(forwarded);
    if (failed(r))
      return failure();
    args.assign(after.begin(), after.end());
  }
}

LogicalResult spyre::interp::execScf(CoreExec &core, Operation *op,
                                     bool &handled) {
  if (auto forOp = llvm::dyn_cast<scf::ForOp>(op))
    return execFor(core, forOp);
  if (auto ifOp = llvm::dyn_cast<scf::IfOp>(op))
    return execIf(core, ifOp);
  if (auto whileOp = llvm::dyn_cast<scf::WhileOp>(op))
    return execWhile(core, whileOp);
  handled = false;
  return failure();
}
