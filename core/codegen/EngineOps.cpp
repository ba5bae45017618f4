//===- EngineOps.cpp - channels, tokens, LX streams, ring, barrier --------===//
//
// The dflow ops other than DMA: each becomes one instruction naming its
// channel (a JobPlan::channels index), its LX view and address register,
// or its ring partner's core register.
//
//===----------------------------------------------------------------------===//

#include "codegen/ProgramLowering.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace spyre::code {

LogicalResult ProgramLowering::lowerDataflowOp(Operation *op, bool &handled) {
  handled = true;
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](dflow::ReceiveOp r) { return lowerReceive(r); })
      .Case([&](dflow::SendOp s) { return lowerSend(s); })
      .Case<dflow::SignalOp, dflow::WaitOp>([&](auto) {
        FailureOr<int32_t> ch = channelOf(op->getOperand(0), op);
        if (failed(ch))
          return failure();
        return emitSimple(isa<dflow::SignalOp>(op) ? Opcode::Signal
                                                   : Opcode::Wait,
                          *ch, op);
      })
      .Case([&](dflow::BarrierOp) { return emitSimple(Opcode::Barrier, 0, op); })
      .Case([&](dflow::EndOp) { return emitSimple(Opcode::Halt, 0, op); })
      .Case([&](dflow::InstanceOp inst) -> LogicalResult {
        FailureOr<Reg> dst = resultReg(inst.getResult(), op);
        if (failed(dst))
          return failure();
        move(*dst, Reg{S, 1}, op);
        return success();
      })
      .Case([&](dflow::StreamOp stream) {
        return lowerStreamLike(stream.getSource(), stream.getChannel(),
                               stream.getFirst(), int64_t(stream.getSticks()),
                               Opcode::Stream, op);
      })
      .Case([&](dflow::CollectOp collect) {
        return lowerStreamLike(collect.getDest(), collect.getChannel(),
                               collect.getFirst(), int64_t(collect.getSticks()),
                               Opcode::Collect, op);
      })
      .Case([&](dflow::RingSendOp s) { return lowerRingSend(s); })
      .Case([&](dflow::RingReceiveOp r) { return lowerRingReceive(r); })
      .Case([&](dflow::RingExchangeOp r) { return lowerRingExchange(r); })
      .Case([&](dflow::RemoteOp remote) -> LogicalResult {
        // Said where it is used (the remote op carries the place the value
        // is made, often far from the use: a loop's empty init).
        Operation *user = remote->getResult(0).use_empty()
                              ? op
                              : *remote->getResult(0).getUsers().begin();
        for (Operation *u : remote->getResult(0).getUsers())
          if (u->getBlock() == user->getBlock() && u->isBeforeInBlock(user))
            user = u;
        InFlightDiagnostic d = user->emitError("a value the '")
                               << remote.getUnit()
                               << "' unit computes is used here, but no channel "
                                  "brings it to this unit (lower-to-dataflow hands "
                                  "over scalars only; a tile stays in the unit "
                                  "that computes it)";
        if (user != op)
          d.attachNote(op->getLoc()) << "the value is made here";
        return d;
      })
      .Default([&](Operation *) {
        handled = false;
        return success();
      });
}

FailureOr<int32_t> ProgramLowering::channelOf(Value ch, Operation *op) {
  auto it = ctx.channels.find(ch);
  if (it == ctx.channels.end())
    return op->emitError("the channel is not a dflow.channel of the kernel");
  return it->second;
}

FailureOr<ProgramLowering::LxRef> ProgramLowering::lxViewOf(Value v,
                                                            Operation *op) {
  auto it = lx.find(v);
  if (it == lx.end() || it->second.view < 0)
    return op->emitError("the LX side is not a dflow.lx_view of this "
                         "program");
  return it->second;
}

FailureOr<uint16_t> ProgramLowering::sticksOf(int64_t sticks, Operation *op) {
  if (sticks < 0 || sticks > 0xffff)
    return op->emitError("SpyreCode moves at most 65535 sticks at once, got ")
           << sticks;
  return uint16_t(sticks);
}

LogicalResult ProgramLowering::emitSimple(Opcode opcode, int64_t imm,
                                          Operation *op) {
  Instr in;
  in.op = opcode;
  in.imm = imm;
  emit(in, op);
  return success();
}

LogicalResult ProgramLowering::lowerReceive(dflow::ReceiveOp recv) {
  Operation *op = recv;
  FailureOr<int32_t> ch = channelOf(recv.getChannel(), op);
  FailureOr<uint16_t> sticks = sticksOf(int64_t(recv.getSticks()), op);
  FailureOr<Reg> dst = failed(ch) || failed(sticks)
                           ? FailureOr<Reg>(failure())
                           : resultReg(recv.getResult(), op);
  if (failed(dst))
    return failure();
  if (dst->file == S)
    return op->emitError("a receive yields a vector or a held tile, got ")
           << recv.getType();
  Instr in;
  in.op = Opcode::Recv;
  in.type = elemOrNone(recv.getType());
  if (dst->file == V)
    in.lanes = uint16_t(cast<VectorType>(recv.getType()).getNumElements());
  in.aux = *sticks;
  in.dst = dst->n;
  in.imm = *ch;
  emit(in, op);
  return success();
}

LogicalResult ProgramLowering::lowerSend(dflow::SendOp send) {
  Operation *op = send;
  FailureOr<int32_t> ch = channelOf(send.getChannel(), op);
  FailureOr<uint16_t> sticks = sticksOf(int64_t(send.getSticks()), op);
  FailureOr<Reg> src = failed(ch) || failed(sticks)
                           ? FailureOr<Reg>(failure())
                           : reg(send.getValue(), op);
  if (failed(src))
    return failure();
  if (src->file == S)
    return op->emitError("a send takes a vector or a held tile, got ")
           << send.getValue().getType();
  Instr in;
  in.op = Opcode::Send;
  in.type = elemOrNone(send.getValue().getType());
  if (src->file == V)
    in.lanes =
        uint16_t(cast<VectorType>(send.getValue().getType()).getNumElements());
  in.aux = *sticks;
  in.a = src->n;
  in.imm = *ch;
  emit(in, op);
  return success();
}

LogicalResult ProgramLowering::lowerStreamLike(Value view, Value channel,
                                               Value first, int64_t sticks,
                                               Opcode opcode, Operation *op) {
  FailureOr<LxRef> ref = lxViewOf(view, op);
  FailureOr<int32_t> ch = channelOf(channel, op);
  FailureOr<uint16_t> n = sticksOf(sticks, op);
  if (failed(ref) || failed(ch) || failed(n))
    return failure();
  Instr in;
  in.op = opcode;
  in.type = ctx.out.lxViews[ref->view].type;
  in.aux = *n;
  in.a = ref->address;
  in.c = *ch;
  in.imm = ref->view;
  if (first) {
    FailureOr<int32_t> at = sreg(first, op);
    if (failed(at))
      return failure();
    in.b = *at;
  }
  emit(in, op);
  return success();
}

LogicalResult ProgramLowering::lowerRingSend(dflow::RingSendOp send) {
  Operation *op = send;
  FailureOr<int32_t> core = sreg(send.getCore(), op);
  if (failed(core))
    return failure();
  SmallVector<int32_t> tiles;
  for (Value v : send.getValues()) {
    FailureOr<Reg> r = reg(v, op);
    if (failed(r))
      return failure();
    tiles.push_back(r->n);
  }
  Instr in;
  in.op = Opcode::RingSend;
  in.type = elemOrNone(send.getValues().front().getType());
  in.a = *core;
  in.imm = int64_t(send.getBytes());
  setArgs(in, tiles);
  emit(in, op);
  return success();
}

LogicalResult ProgramLowering::lowerRingReceive(dflow::RingReceiveOp recv) {
  Operation *op = recv;
  FailureOr<int32_t> core = sreg(recv.getCore(), op);
  if (failed(core))
    return failure();
  if (recv.getStaging().size() != recv.getValues().size())
    return op->emitError("SpyreCode receives each ring tile into its own LX "
                         "view (")
           << recv.getValues().size() << " tiles, "
           << recv.getStaging().size() << " views)";
  Instr in;
  in.op = Opcode::RingRecv;
  in.a = *core;
  in.imm = int64_t(out.ringViews.size());
  SmallVector<int32_t> pairs;
  for (auto [value, view] : llvm::zip(recv.getValues(), recv.getStaging())) {
    FailureOr<LxRef> ref = lxViewOf(view, op);
    FailureOr<Reg> dst =
        failed(ref) ? FailureOr<Reg>(failure()) : resultReg(value, op);
    if (failed(dst))
      return failure();
    in.type = elemOrNone(value.getType());
    pairs.push_back(dst->n);
    pairs.push_back(ref->address);
    out.ringViews.push_back(ref->view);
  }
  setArgs(in, pairs);
  emit(in, op);
  return success();
}

LogicalResult ProgramLowering::lowerRingExchange(dflow::RingExchangeOp ring) {
  // What the ring_send / ring_receive instructions around it do, for the
  // job plan (with the tiles of each group); no instruction of its own.
  RingExchange r;
  r.kind = ring.getKind().str();
  r.groupCount = int64_t(ring.getGroups());
  r.members = int64_t(ring.getMembers());
  r.bytesPerStep = int64_t(ring.getBytes());
  r.steps = int64_t(ring.getSteps());
  r.hops = int64_t(ring.getHops());
  ArrayAttr groups = ring.getTileGroupsAttr();
  if (!groups || int64_t(groups.size()) != r.groupCount)
    return ring->emitError("the ring exchange does not list the tiles of "
                           "each of its ")
           << r.groupCount << " groups (tile_groups)";
  for (Attribute g : groups) {
    ArrayRef<int64_t> tiles = cast<DenseI64ArrayAttr>(g).asArrayRef();
    r.groups.emplace_back(tiles.begin(), tiles.end());
  }
  r.loc = ctx.location(ring);
  ctx.out.plan.rings.push_back(std::move(r));
  return success();
}

} // namespace spyre::code
