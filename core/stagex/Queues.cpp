//===- Queues.cpp - FIFOs, channels, ring mailboxes, barriers -------------===//

#include "stagex/Queues.h"
#include "ir/dataflow/DataflowDialect.h"
#include "ir/schedule/ScheduleDialect.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace spyre::stagex;

Queue::Queue(Operation *decl, int64_t depth, int64_t initialTokens,
             bool tokens, int64_t lanes, interp::DType dtype)
    : decl(decl), slots(std::max<int64_t>(1, depth)),
      tokenCount(tokens ? initialTokens : 0), tokens(tokens),
      laneCount(lanes), type(dtype) {}

void Queue::grow() {
  Ring bigger(std::max<size_t>(4, ring.size() * 2));
  for (size_t i = 0; i < count; ++i)
    bigger[i] = std::move(ring[(head + i) % ring.size()]);
  ring = std::move(bigger);
  head = 0;
}

namespace {

/// The unit of the stage `op` is in, or "".
StringRef stageUnit(Operation *op) {
  auto stage = op->getParentOfType<sched::StageOp>();
  return stage ? stage.getUnit() : StringRef();
}

/// Who fills and who drains a ScheduleIR FIFO: the units of the stages
/// that use it.
std::pair<std::string, std::string> fifoEnds(Value fifo) {
  std::string from, to;
  for (OpOperand &use : fifo.getUses()) {
    Operation *user = use.getOwner();
    bool fills = isa<sched::PushOp, sched::SignalOp>(user) ||
                 (isa<sched::TransferOp>(user) && use.getOperandNumber() == 1);
    std::string &end = fills ? from : to;
    if (end.empty())
      end = stageUnit(user).str();
  }
  return {from.empty() ? "?" : from, to.empty() ? "?" : to};
}

} // namespace

std::string Queue::describe() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto channel = dyn_cast_or_null<dflow::ChannelOp>(decl)) {
    os << "the channel \"" << channel.getFrom() << "\" -> \""
       << channel.getTo() << "\"";
  } else if (auto fifo = dyn_cast_or_null<sched::FifoOp>(decl)) {
    auto [from, to] = fifoEnds(fifo.getFifo());
    os << "the FIFO \"" << from << "\" -> \"" << to << "\"";
  } else {
    os << "a queue";
  }
  os << " (" << (tokens ? "tokens, " : "") << "depth " << slots << ", ";
  if (empty())
    os << "empty)";
  else if (full())
    os << "full)";
  else
    os << size() << " of " << slots << " slots taken)";
  return text;
}

std::string Mailboxes::Target::describe() const {
  return "the ring messages from core " + std::to_string(from) +
         " to core " + std::to_string(to) + " (none has come)";
}

std::string Barrier::describe() const {
  return "the barrier of core " + std::to_string(core) + " (" +
         std::to_string(arrived) + " of " + std::to_string(live) +
         " programs arrived)";
}
