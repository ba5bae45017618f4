//===- Machine.cpp - the emulated chip, one event at a time ----------------===//

#include "emu/Machine.h"
#include "emu/Alu.h"
#include "emu/DmaWalk.h"
#include "emu/PackedState.h"
#include "emu/IntMath.h"
#include "support/NumberText.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace spyre;
using namespace spyre::emu;
using code::ElemType;
using code::Instr;
using code::Opcode;

Machine::Machine(const runtime::Job &job, const Options &options)
    : runJob(job), runOptions(options) {
  const runtime::Prepared &p = *job.prepared;
  const arch::Arch &a = p.arch;
  numCores = a.numCores;
  stickBytes = uint64_t(a.stickBytes);
  maxLanes = std::max<int64_t>(64, a.stickBytes);
  hbmBytesPerCycle = a.hbmBandwidthGBs / a.clockGhz;
  linkBytesPerCycle = a.ringLinkBandwidthGBs / a.clockGhz;
  numChannels = p.channels.size();
  auto f16 = a.simdElementsPerCycle.find("f16");
  for (int t = 0; t <= int(ElemType::F64); ++t) {
    auto it = a.simdElementsPerCycle.find(code::elemName(ElemType(t)));
    if (it == a.simdElementsPerCycle.end())
      it = f16;
    simdWidth[t] = it != a.simdElementsPerCycle.end() ? std::max(1, it->second) : 1;
  }

  uint32_t sTotal = 0, vTotal = 0, tTotal = 0;
  engineOfCore.assign(size_t(numCores), {});
  st.liveEngines.assign(size_t(numCores), 0);
  st.channelWaiters.assign(size_t(numCores), 0);
  for (size_t e = 0; e < p.engines.size(); ++e) {
    const runtime::EngineInstance &inst = p.engines[e];
    const runtime::PreparedProgram &prog = p.programs[size_t(inst.program)];
    EngineStatic s;
    s.core = inst.core;
    s.program = inst.program;
    s.instance = inst.instance;
    s.code = prog.code;
    s.size = prog.size;
    s.operands = prog.operands;
    s.programCode = prog.source;
    s.sBase = sTotal;
    s.vBase = vTotal;
    s.tBase = tTotal;
    s.vdBase = vTotal / uint32_t(maxLanes);
    sTotal += uint32_t(std::max(2, prog.source->numSRegs));
    vTotal += uint32_t(prog.source->numVRegs * maxLanes);
    tTotal += uint32_t(prog.source->tileRegs.size());
    stat.push_back(s);
    engineOfCore[size_t(inst.core)].push_back(uint32_t(e));
  }
  st.sregs.assign(sTotal, 0);
  st.vregs.assign(vTotal, 0.0);
  st.vdata.assign(vTotal / size_t(maxLanes), uint32_t(maxLanes));
  st.tregs.resize(tTotal);
  st.engines.resize(stat.size());
  for (size_t e = 0; e < stat.size(); ++e) {
    const runtime::PreparedProgram &prog = p.programs[size_t(stat[e].program)];
    for (size_t t = 0; t < prog.tileElements.size(); ++t)
      st.tregs[stat[e].tBase + t].assign(size_t(prog.tileElements[t]), 0.0);
  }
  st.channels.resize(size_t(numCores) * numChannels);
  for (int32_t c = 0; c < numCores; ++c)
    for (size_t ch = 0; ch < numChannels; ++ch) {
      const runtime::ChannelWiring &w = p.channels[ch];
      MachineState::Channel &state = st.channels[size_t(c) * numChannels + ch];
      int64_t depth = std::max<int64_t>(1, w.depth);
      state.data.assign(size_t(depth * std::max<int32_t>(0, w.lanes)), 0.0);
      state.visibleAt.assign(size_t(depth), 0);
      state.dataLanes.assign(size_t(depth), uint32_t(std::max<int32_t>(0, w.lanes)));
      state.count = std::min(depth, w.initialTokens);
    }
  st.lx.resize(size_t(numCores));
  st.barrierArrived.assign(size_t(numCores), 0);
  st.linkFreeAt.assign(2 * size_t(numCores), 0);
  st.linkBytes.assign(2 * size_t(numCores), 0);
  st.computeCycles.assign(size_t(numCores), 0);
  copyBase.resize(p.buffers.size());
  for (size_t b = 0; b < p.buffers.size(); ++b) {
    copyBase[b].push_back(int32_t(copiesPerCore));
    copiesPerCore += size_t(std::max<int64_t>(1, p.buffers[b].copies));
  }
  st.occupancy.resize(copiesPerCore * size_t(numCores));
  if (runOptions.lxLevels)
    lxTracker.reset(numCores, p.buffers.size());

  // Every engine with a tile to run starts at cycle 0 with S0 = its first
  // tile and S1 = its instance.
  for (size_t e = 0; e < stat.size(); ++e) {
    const runtime::EngineInstance &inst = p.engines[e];
    if (inst.tiles.empty() || stat[e].size == 0) {
      st.engines[e].status = Halted;
      continue;
    }
    ++st.liveEngines[size_t(inst.core)];
    S(uint32_t(e), 0) = uint64_t(inst.tiles.front());
    S(uint32_t(e), 1) = uint64_t(inst.instance);
    schedule(uint32_t(e), 0);
  }
  if (queueEmpty())
    st.finished = true;
}

uint64_t Machine::simdCycles(ElemType t, int64_t elements,
                             bool transcendental) const {
  int64_t width = simdWidth[size_t(t) & 15];
  uint64_t c = uint64_t((elements + width - 1) / width);
  if (transcendental)
    c *= uint64_t(arch().transcendentalPenalty);
  return std::max<uint64_t>(c, 1);
}

double Machine::sval(uint32_t e, int32_t r, ElemType t) {
  uint64_t bits = S(e, r);
  // Floats hold their double's bits; i64 / index their own bits, which are
  // also their slot (isWideType).
  if (code::isFloat(t) || isWideType(t)) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  return double(int64_t(bits));
}

void Machine::setS(uint32_t e, int32_t r, ElemType t, double v) {
  uint64_t bits;
  if (code::isFloat(t) || isWideType(t)) {
    std::memcpy(&bits, &v, 8);
  } else {
    bits = uint64_t(std::isnan(v) ? int64_t(0) : int64_t(v));
  }
  S(e, r) = bits;
}

void Machine::recordEvent(EventKind kind, uint32_t e, uint32_t pc,
                          uint64_t cycle, uint32_t duration) {
  const TraceEvent ev{cycle, duration, e, pc, kind};
  for (TraceSink *s : sinks.list)
    s->event(ev);
  if (!runOptions.trace || kind == EventKind::Wait)
    return;
  if (traceData.events.size() >= runOptions.traceLimit) {
    ++traceData.droppedEvents;
    return;
  }
  traceData.events.push_back(ev);
}

namespace {

/// Appends `r` to a bounded trace vector, or counts it.
template <typename T>
void keep(std::vector<T> &list, const T &r, size_t limit, uint64_t &dropped) {
  if (list.size() < limit)
    list.push_back(r);
  else
    ++dropped;
}

} // namespace

void Machine::fifoSample(size_t ch) {
  if (!recording())
    return;
  const FifoSample f{st.now, int32_t(ch / numChannels),
                     int32_t(ch % numChannels), st.channels[ch].count};
  for (TraceSink *s : sinks.list)
    s->fifo(f);
  if (runOptions.trace)
    keep(traceData.fifo, f, runOptions.traceLimit, traceData.droppedRecords);
}

namespace {

/// Keeps `t` in `list`, dropping what ended by `now` first once the list
/// has reached `pruneAt` (MachineState::linksPruneAt).
template <typename T>
void keepUnderWay(std::vector<T> &list, const T &t, uint64_t now, uint32_t &pruneAt) {
  if (list.size() >= pruneAt) {
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const T &x) { return x.end <= now; }),
               list.end());
    pruneAt = std::max<uint32_t>(MachineState::kPruneMin, uint32_t(2 * list.size()));
  }
  list.push_back(t);
}

} // namespace

void Machine::recordLink(const LinkTransfer &t) {
  for (TraceSink *s : sinks.list)
    s->link(t);
  if (runOptions.trace)
    keep(traceData.links, t, runOptions.traceLimit, traceData.droppedRecords);
}

void Machine::keepHbmUnderWay(const HbmTransfer &t) {
  keepUnderWay(st.hbmUnderWay, t, st.now, st.hbmPruneAt);
}

void Machine::recordHbm(const HbmTransfer &t) {
  for (TraceSink *s : sinks.list)
    s->hbm(t);
  if (runOptions.trace)
    keep(traceData.hbm, t, runOptions.traceLimit, traceData.droppedRecords);
}

void Machine::block(uint32_t e, int32_t on) {
  MachineState::Engine &en = st.engines[e];
  en.status = Blocked;
  en.blockedOn = on;
  if (on >= 0 && on < kMailboxBase)
    ++st.channelWaiters[size_t(stat[e].core)];
  en.blockedSince = st.now;
  record(EventKind::Block, e, en.pc, st.now, 0);
}

void Machine::wake(uint32_t e, uint64_t time) {
  MachineState::Engine &en = st.engines[e];
  if (en.status != Blocked)
    return;
  if (en.blockedOn >= 0 && en.blockedOn < kMailboxBase)
    --st.channelWaiters[size_t(stat[e].core)];
  en.status = MachineState::Ready;
  en.blockedOn = -1;
  record(EventKind::Unblock, e, en.pc, time, 0);
  schedule(e, time);
}

void Machine::wakeChannel(size_t ch, uint64_t time) {
  int32_t core = int32_t(ch / numChannels);
  if (st.channelWaiters[size_t(core)] == 0)
    return;
  int32_t channel = int32_t(ch % numChannels);
  for (uint32_t e : engineOfCore[size_t(core)])
    if (st.engines[e].status == Blocked && st.engines[e].blockedOn == channel)
      wake(e, time);
}

bool Machine::fail(uint32_t e, const std::string &message) {
  st.faulted = true;
  st.fault.engine = int32_t(e);
  st.fault.pc = st.engines[e].pc;
  st.fault.loc = instr(e, st.engines[e].pc).loc;
  st.fault.message = "cycle " + std::to_string(st.now) + ": " + engineName(e) +
                     " " + where(e, st.engines[e].pc) + ": " + message;
  return false;
}

const Instr &Machine::instr(uint32_t e, uint32_t pc) const {
  return stat[e].code[std::min(pc, stat[e].size - 1)];
}

std::string Machine::engineName(uint32_t e) const {
  return "core " + std::to_string(stat[e].core) + " " + stat[e].programCode->unit + "#" +
         std::to_string(stat[e].instance);
}

std::string Machine::where(uint32_t e, uint32_t pc) const {
  const code::Module &m = *prepared().module;
  uint32_t loc = instr(e, pc).loc;
  std::string s = "pc " + std::to_string(pc);
  if (loc < m.locations.size()) {
    const code::Location &l = m.locations[loc];
    s += " (" + (l.op.empty() ? std::string("?") : l.op);
    if (l.ktirLine > 0)
      s += ", KTIR line " + std::to_string(l.ktirLine);
    s += ")";
  }
  return s;
}

void Machine::deadlock() {
  st.faulted = true;
  std::string msg = "deadlock at cycle " + std::to_string(st.now) +
                    ": every remaining engine is blocked";
  // The fault names the first blocked engine whose instruction has a
  // KTIR line (else the first blocked one): the diagnostic's location.
  const code::Module &m = *prepared().module;
  auto hasLine = [&](uint32_t e) {
    uint32_t loc = instr(e, st.engines[e].pc).loc;
    return loc < m.locations.size() && m.locations[loc].ktirLine > 0;
  };
  bool first = true, lined = false;
  for (uint32_t e = 0; e < stat.size(); ++e) {
    const MachineState::Engine &en = st.engines[e];
    if (en.status != Blocked)
      continue;
    if (first || (!lined && hasLine(e))) {
      st.fault.engine = int32_t(e);
      st.fault.pc = en.pc;
      st.fault.loc = instr(e, en.pc).loc;
      first = false;
      lined = hasLine(e);
    }
    std::string on;
    const Instr &in = instr(e, en.pc);
    if (en.blockedOn == kBarrier)
      on = "at a barrier";
    else if (en.blockedOn >= kMailboxBase)
      on = "on a ring message from core " +
           std::to_string(en.blockedOn - kMailboxBase);
    else
      on = std::string(in.op == Opcode::Send || in.op == Opcode::Signal ||
                               in.op == Opcode::Stream
                           ? "on full"
                           : "on empty") +
           " channel " + std::to_string(en.blockedOn);
    msg += "\n  " + engineName(e) + " " + where(e, en.pc) + " blocked " + on +
           " since cycle " + std::to_string(en.blockedSince);
  }
  st.fault.message = msg;
}

Machine::Status Machine::status() const {
  if (st.faulted)
    return Status::Faulted;
  return st.finished ? Status::Finished : Status::Running;
}

uint64_t Machine::nextEventCycle() const {
  return queueEmpty() ? st.now : st.queue.top().time;
}

int32_t Machine::nextEngine() const {
  return queueEmpty() ? -1 : int32_t(st.queue.top().engine);
}

Machine::Status Machine::runToCycle(uint64_t cycle) {
  while (!st.finished && !st.faulted && !queueEmpty() &&
         st.queue.top().time <= cycle)
    step();
  return status();
}

bool Machine::nextTile(uint32_t e) {
  MachineState::Engine &en = st.engines[e];
  const runtime::EngineInstance &inst = prepared().engines[e];
  if (en.tileIndex + 1 >= inst.tiles.size())
    return false;
  ++en.tileIndex;
  en.pc = 0;
  S(e, 0) = uint64_t(inst.tiles[en.tileIndex]);
  S(e, 1) = uint64_t(inst.instance);
  return true;
}

inline void Machine::advance() {
  if (queueEmpty()) {
    endOfEvents();
    return;
  }
  ReadyQueue::Entry top = st.queue.pop();
  st.now = std::max(st.now, top.time);
  ++st.events;
  if (st.now > runOptions.cycleBudget) {
    fail(top.engine, "the cycle budget of " + std::to_string(runOptions.cycleBudget) +
                         " cycles is spent");
    return;
  }
  execute(top.engine);
  if (!st.faulted && queueEmpty())
    endOfEvents();
}

Machine::Status Machine::step() {
  if (!st.finished && !st.faulted)
    advance();
  return status();
}

Machine::Status Machine::run() {
  while (!st.finished && !st.faulted)
    advance();
  return status();
}

void Machine::endOfEvents() {
  for (const MachineState::Engine &en : st.engines)
    if (en.status == Blocked) {
      deadlock();
      return;
    }
  st.finished = true;
}

uint64_t Machine::ringTransfer(int32_t from, int32_t to, int64_t bytes,
                               uint64_t start, bool dma) {
  const arch::Arch &a = arch();
  int32_t n = numCores;
  int32_t cw = ((to - from) % n + n) % n;
  int32_t ccw = n - cw;
  bool clockwise = cw == 0 || !a.bidirectionalRing || cw <= ccw;
  int32_t hops = clockwise ? cw : ccw;
  uint64_t dur = transferCycles(bytes, linkBytesPerCycle);
  uint64_t t = start;
  for (int32_t h = 0; h < hops; ++h) {
    int32_t link = clockwise ? (from + h) % n : ((from - h - 1) % n + n) % n;
    size_t slot = size_t(clockwise ? 0 : 1) * size_t(n) + size_t(link);
    uint64_t s = std::max(t, st.linkFreeAt[slot]);
    st.linkFreeAt[slot] = saturatingAdd(s, dur);
    st.linkBytes[slot] += bytes;
    const LinkTransfer transfer{s, saturatingAdd(s, dur), link, uint8_t(clockwise ? 0 : 1),
                               bytes, dma};
    keepUnderWay(st.linksUnderWay, transfer, st.now, st.linksPruneAt);
    if (recording())
      recordLink(transfer);
    t = saturatingAdd(s, uint64_t(a.hopLatencyCycles));
  }
  return hops ? saturatingAdd(t, dur) : start;
}

bool Machine::withinBudget(uint32_t e, uint64_t end, int64_t bytes,
                           const char *what, double bytesPerCycle) {
  if (end <= runOptions.cycleBudget)
    return true;
  return fail(e, "moving " + std::to_string(bytes) + " bytes " + what + " at " +
                     shortestText(bytesPerCycle) +
                     " bytes per cycle ends past the cycle budget of " +
                     std::to_string(runOptions.cycleBudget) + " cycles");
}

bool Machine::lxRange(uint32_t e, int32_t view, int64_t address,
                      int64_t bytes, int32_t core, int32_t &buffer,
                      int32_t &copy) {
  const runtime::Prepared &p = prepared();
  buffer = -1;
  copy = 0;
  int64_t begin = 0, end = int64_t(arch().scratchpadBytesPerCore);
  if (view >= 0 && size_t(view) < p.views.size() && p.views[size_t(view)].buffer >= 0) {
    buffer = p.views[size_t(view)].buffer;
    const runtime::BufferLayout &b = p.buffers[size_t(buffer)];
    begin = b.begin;
    end = b.end;
  }
  if (address < begin || bytes < 0 || address > end - bytes) {
    std::string what = buffer >= 0 ? "buffer " + std::to_string(buffer) + " '" +
                                         p.module->plan.buffers[size_t(buffer)].name +
                                         "'"
                                   : std::string("the scratchpad");
    return fail(e, "LX access [" + std::to_string(address) + ", " +
                       std::to_string(address + bytes) + ") of core " +
                       std::to_string(core) + " lies outside " + what + " [" +
                       std::to_string(begin) + ", " + std::to_string(end) + ")");
  }
  if (buffer >= 0) {
    const runtime::BufferLayout &b = p.buffers[size_t(buffer)];
    if (b.bytesPerCopy > 0)
      copy = int32_t(std::min<int64_t>((address - b.begin) / b.bytesPerCopy,
                                       std::max<int64_t>(1, b.copies) - 1));
  }
  return true;
}

void Machine::closeInterval(const LxInterval &i) {
  if (i.end > st.now) { // still being read: a restored machine needs it
    st.lxTail.erase(std::remove_if(st.lxTail.begin(), st.lxTail.end(),
                                   [&](const LxInterval &t) { return t.end <= st.now; }),
                    st.lxTail.end());
    st.lxTail.push_back(i);
  }
  if (runOptions.lxLevels)
    lxTracker.change(i.core, i.end, -i.bytes, i.buffer, sinks.list);
  if (!recording())
    return;
  for (TraceSink *s : sinks.list)
    s->lxInterval(i);
  if (runOptions.trace)
    keep(traceData.lx, i, runOptions.traceLimit, traceData.droppedRecords);
}

void Machine::settleCore(int32_t core) {
  if (!runOptions.lxLevels)
    return;
  // No open copy's end falls before its last read (or its start + 1), and
  // no copy opens before now.
  uint64_t final = st.now;
  const MachineState::CopyOccupancy *o =
      st.occupancy.data() + size_t(core) * copiesPerCore;
  for (size_t k = 0; k < copiesPerCore; ++k)
    if (o[k].open)
      final = std::min(final, std::max(o[k].lastRead, o[k].start + 1));
  lxTracker.settle(core, final, sinks.list);
}

void Machine::seedLx() {
  if (!runOptions.lxLevels)
    return;
  const runtime::Prepared &p = prepared();
  lxTracker.reset(numCores, p.buffers.size());
  for (int32_t c = 0; c < numCores; ++c)
    for (size_t b = 0; b < p.buffers.size(); ++b)
      for (int64_t k = 0; k < std::max<int64_t>(1, p.buffers[b].copies); ++k) {
        const MachineState::CopyOccupancy &o =
            st.occupancy[size_t(c) * copiesPerCore + size_t(copyBase[b][0] + k)];
        if (o.open)
          lxTracker.change(c, o.start, p.buffers[b].bytesPerCopy, int32_t(b), sinks.list);
      }
  for (const LxInterval &t : st.lxTail)
    if (t.end > st.now) {
      lxTracker.change(t.core, t.start, t.bytes, t.buffer, sinks.list);
      lxTracker.change(t.core, t.end, -t.bytes, t.buffer, sinks.list);
    }
  settleLx();
}

void Machine::restore(const PackedState &s) { s.unpack(st); }

void Machine::seedRecords() {
  for (uint32_t e = 0; e < st.engines.size(); ++e) {
    const MachineState::Engine &en = st.engines[e];
    if (!recording())
      break;
    if (en.issuedFor > 0 && en.issuedAt + en.issuedFor > st.now)
      recordEvent(EventKind::Issue, e, en.issuedPc, en.issuedAt, en.issuedFor);
    if (en.status == Blocked)
      recordEvent(EventKind::Block, e, en.pc, en.blockedSince, 0);
  }
  // The ring and HBM transfers made before but still under way (or
  // queued): a window started here shows the links they keep busy.
  for (const LinkTransfer &t : st.linksUnderWay)
    if (t.end > st.now && recording())
      recordLink(t);
  for (const HbmTransfer &t : st.hbmUnderWay)
    if (t.end > st.now && recording())
      recordHbm(t);
  seedLx();
}

void Machine::settleLx() {
  for (int32_t c = 0; c < numCores; ++c)
    settleCore(c);
}

void Machine::lxWritten(int32_t core, int32_t buffer, int32_t copy) {
  if (buffer < 0)
    return;
  size_t slot = size_t(core) * copiesPerCore +
                size_t(copyBase[size_t(buffer)][0] + copy);
  MachineState::CopyOccupancy &o = st.occupancy[slot];
  const runtime::BufferLayout &b = prepared().buffers[size_t(buffer)];
  if (o.open && o.readSinceWrite) {
    closeInterval({core, buffer, copy, o.start, std::max(o.lastRead, o.start + 1),
                   b.bytesPerCopy});
    o.open = false;
  }
  if (!o.open) {
    o.open = true;
    o.start = st.now;
    o.lastRead = st.now;
    if (runOptions.lxLevels)
      lxTracker.change(core, st.now, b.bytesPerCopy, buffer, sinks.list);
  }
  o.readSinceWrite = false;
  settleCore(core);
}

void Machine::lxRead(int32_t core, int32_t buffer, int32_t copy,
                     uint64_t until) {
  if (buffer < 0)
    return;
  size_t slot = size_t(core) * copiesPerCore +
                size_t(copyBase[size_t(buffer)][0] + copy);
  MachineState::CopyOccupancy &o = st.occupancy[slot];
  if (!o.open) { // read before any write (initial contents): occupied now
    o.open = true;
    o.start = st.now;
    if (runOptions.lxLevels)
      lxTracker.change(core, st.now, prepared().buffers[size_t(buffer)].bytesPerCopy,
                       buffer, sinks.list);
  }
  o.lastRead = std::max(o.lastRead, until);
  o.readSinceWrite = true;
  settleCore(core);
}

void Machine::closeOccupancy() {
  const runtime::Prepared &p = prepared();
  for (int32_t c = 0; c < numCores; ++c)
    for (size_t b = 0; b < p.buffers.size(); ++b)
      for (int64_t k = 0; k < std::max<int64_t>(1, p.buffers[b].copies); ++k) {
        size_t slot = size_t(c) * copiesPerCore + size_t(copyBase[b][0] + k);
        MachineState::CopyOccupancy &o = st.occupancy[slot];
        if (!o.open)
          continue;
        closeInterval({c, int32_t(b), int32_t(k), o.start,
                       std::max({o.lastRead, o.start + 1}),
                       p.buffers[b].bytesPerCopy});
        o.open = false;
      }
  if (runOptions.lxLevels)
    lxTracker.settleAll(sinks.list);
}
