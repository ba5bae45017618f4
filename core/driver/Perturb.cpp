//===- Perturb.cpp - testing only: break one op, as a buggy pass would ----===//

#include "driver/Perturb.h"
#include "ir/dataflow/DataflowDialect.h"
#include "ir/ktdp/KtdpOps.h"
#include "ir/schedule/ScheduleDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;

namespace {

std::string fromLine(Operation *op) {
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    return " from line " + std::to_string(loc.getLine());
  return "";
}

/// The first float subtraction with two different operands, in textual
/// order.
Operation *firstSubtraction(ModuleOp module) {
  Operation *found = nullptr;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    Value lhs, rhs;
    if (auto sub = dyn_cast<arith::SubFOp>(op)) {
      lhs = sub.getLhs();
      rhs = sub.getRhs();
    } else if (auto sub = dyn_cast<linalg::SubOp>(op)) {
      lhs = sub.getInputs()[0];
      rhs = sub.getInputs()[1];
    } else {
      return WalkResult::advance();
    }
    if (lhs == rhs)
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

/// Whether `op` stores to device memory.
bool storesToDevice(Operation *op) {
  if (isa<ktdp::StoreOp>(op))
    return true;
  if (auto t = dyn_cast<sched::TransferOp>(op))
    return isa<ktdp::AccessTileType>(t.getDest().getType());
  if (auto dma = dyn_cast<dflow::DmaOp>(op))
    return isa<ktdp::AccessTileType>(dma.getDest().getType());
  return false;
}

} // namespace

std::string spyre::driver::perturbModule(ModuleOp module) {
  if (Operation *sub = firstSubtraction(module)) {
    // Both spellings take (lhs, rhs) as their first two operands.
    Value lhs = sub->getOperand(0), rhs = sub->getOperand(1);
    sub->setOperand(0, rhs);
    sub->setOperand(1, lhs);
    return "swapped the operands of " + sub->getName().getStringRef().str() +
           fromLine(sub);
  }
  Operation *last = nullptr;
  module.walk([&](Operation *op) {
    if (storesToDevice(op))
      last = op;
  });
  if (!last)
    return "";
  std::string what = "removed the store " +
                     last->getName().getStringRef().str() + fromLine(last);
  last->erase();
  return what;
}

std::string spyre::driver::perturbSpyreCode(code::Module &module) {
  for (code::Program &program : module.programs)
    for (code::Instr &in : program.code)
      if ((in.op == code::Opcode::VAlu || in.op == code::Opcode::SAlu) &&
          in.fn == code::AluFn::SubF && in.a != in.b) {
        std::swap(in.a, in.b);
        return "swapped the operands of a SubF of the '" + program.unit +
               "' program";
      }
  for (auto p = module.programs.rbegin(); p != module.programs.rend(); ++p)
    for (auto in = p->code.rbegin(); in != p->code.rend(); ++in)
      if (in->op == code::Opcode::Dma && in->imm >= 0 &&
          size_t(in->imm) < module.dmas.size() &&
          !module.dmas[size_t(in->imm)].toLx) {
        in->op = code::Opcode::Nop;
        return "removed the last LX -> HBM DMA of the '" + p->unit +
               "' program";
      }
  return "";
}
