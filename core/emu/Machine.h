//===- Machine.h - the emulated chip: state, one event at a time -*- C++ -*-===//
//
// Executes a runtime::Job (core/runtime/Runtime.h): every engine instance of
// every core runs its decoded instruction array; a calendar queue
// (emu/ReadyQueue.h) orders the engines that are ready by (cycle, sequence
// number), so a run is deterministic. One *event* is one pop of that
// queue: the engine issues one instruction (or moves one batch of sticks of
// a multi-stick instruction), or finds it cannot and blocks. The whole machine state is one copyable
// value (MachineState; memories copy on write), which is what the stepping
// API checkpoints and replays from.
//
// The timing model and its parameters: docs/emulator.md.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_MACHINE_H
#define SPYRE_EMU_MACHINE_H

#include "emu/DmaWalk.h"
#include "emu/PagedMemory.h"
#include "emu/ReadyQueue.h"
#include "emu/TraceRecords.h"
#include "emu/TraceSink.h"
#include "emu/LxSweep.h"
#include "runtime/Runtime.h"

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

namespace spyre::emu {

class PackedState;

/// Why a run stopped early.
struct Fault {
  std::string message; ///< the whole diagnostic, one line per engine
  int32_t engine = -1; ///< the faulting engine (-1: a whole-machine fault)
  uint32_t pc = 0;
  uint32_t loc = 0;
};

struct Options {
  uint64_t cycleBudget = 1'000'000'000; ///< stop past this cycle
  bool trace = false;                   ///< record TraceEvents and counters
  /// Records of each kind TraceData keeps; beyond: counted only.
  size_t traceLimit = 4'000'000;
  /// Work out each core's scratchpad levels and peak as the run goes
  /// (emu/LxSweep.h: what summarise() reports); a replay needs none.
  bool lxLevels = true;
  /// The device-memory byte ranges [begin, end) a DMA may touch; empty:
  /// Job::tensors' ranges (base x element size of each tensor symbol's
  /// type). The driver gives the ranges of every placed array and memory
  /// region, which include data a kernel addresses by constant offsets.
  std::vector<std::pair<int64_t, int64_t>> hbmRanges;
};

/// Everything that changes while a job runs (copyable: checkpoints).
struct MachineState {
  enum EngineStatus : uint8_t { Ready = 0, Blocked = 1, Halted = 2 };
  /// What a blocked engine waits on besides a channel number.
  static constexpr int32_t kBarrier = -2;
  static constexpr int32_t kMailboxBase = 1 << 24; ///< + the sending core
  struct Engine {
    uint32_t pc = 0;
    uint8_t status = 0; ///< Ready, Blocked, Halted
    int32_t blockedOn = -1;
    uint32_t tileIndex = 0;
    int64_t progress = 0; ///< sticks done of the current instruction
    uint64_t busyCycles = 0;
    uint64_t blockedSince = 0;
    /// The last instruction issued: when, which, for how long (what a
    /// machine restored mid-run reports as under way: Machine::seedRecords).
    uint64_t issuedAt = 0;
    uint32_t issuedPc = 0, issuedFor = 0;
    void noteIssue(uint64_t now, uint32_t pc, uint64_t cost) {
      issuedAt = now;
      issuedPc = pc;
      issuedFor = uint32_t(cost < UINT32_MAX ? cost : UINT32_MAX);
    }
  };
  struct Channel {
    int64_t head = 0, count = 0;
    std::vector<double> data;       ///< depth * lanes
    std::vector<uint64_t> visibleAt; ///< per slot
    /// Per slot: its first lanes that hold data (the rest are padding past
    /// a row's end: docs/emulator.md, "Padding lanes").
    std::vector<uint32_t> dataLanes;
  };
  struct Message {
    uint64_t arrival = 0;
    std::vector<std::vector<double>> tiles;
  };
  struct CopyOccupancy {
    bool open = false, readSinceWrite = false;
    uint64_t start = 0, lastRead = 0;
  };
  uint64_t now = 0, events = 0;
  ReadyQueue queue; ///< the ready engines, by (cycle, sequence number)
  std::vector<Engine> engines;
  std::vector<uint64_t> sregs;
  std::vector<double> vregs;
  /// Per vector register: its first lanes that hold data (as a slot's).
  std::vector<uint32_t> vdata;
  std::vector<std::vector<double>> tregs;
  std::vector<Channel> channels; ///< core * channels + channel
  std::vector<PagedMemory> lx;   ///< per core
  PagedMemory hbm;
  std::vector<int32_t> barrierArrived; ///< per core
  std::vector<int32_t> liveEngines;    ///< per core: engines not halted
  /// Per core: engines blocked on one of its channels (none: a channel
  /// change wakes nobody, without looking at the engines).
  std::vector<int32_t> channelWaiters;
  uint64_t hbmFreeAt = 0;
  std::vector<uint64_t> linkFreeAt; ///< 2 * cores: direction * cores + link
  std::map<std::pair<int32_t, int32_t>, std::deque<Message>> mailboxes;
  std::vector<CopyOccupancy> occupancy; ///< core * copies-of-all-buffers
  /// Intervals closed (the copy written again) while a read of them was
  /// still under way: they end after `now`.
  std::vector<LxInterval> lxTail;
  /// Ring link and HBM transfers that may still be under way (or queued)
  /// past `now`: what a machine restored here reports first
  /// (Machine::seedRecords).
  std::vector<LinkTransfer> linksUnderWay;
  std::vector<HbmTransfer> hbmUnderWay;
  /// Each list above drops what ended by `now` when it reaches this size
  /// (the limit then twice what is left, at least kPruneMin), so it may
  /// also hold transfers that ended: dropping them at every push scanned
  /// the hundreds queued behind the HBM port each time (9 % of softmax's
  /// emulation). Part of the state, so a replay prunes as the run did.
  static constexpr uint32_t kPruneMin = 64;
  uint32_t linksPruneAt = kPruneMin, hbmPruneAt = kPruneMin;
  // Statistics.
  std::vector<uint64_t> computeCycles; ///< per core: SIMD work
  int64_t hbmBytes = 0;
  std::vector<int64_t> linkBytes; ///< 2 * cores
  uint64_t lastActivity = 0;      ///< the cycle the last engine finished
  bool finished = false;
  bool faulted = false;
  Fault fault;
};

class Machine {
public:
  enum class Status { Running, Finished, Faulted };

  Machine(const runtime::Job &job, const Options &options);

  /// Device memory, to fill before the run and read after it.
  PagedMemory &hbm() { return st.hbm; }
  /// Core `core`'s scratchpad (core < the architecture's core count).
  PagedMemory &lx(int32_t core) { return st.lx[size_t(core)]; }
  const runtime::Job &job() const { return runJob; }
  const runtime::Prepared &prepared() const { return *runJob.prepared; }
  const arch::Arch &arch() const { return runJob.prepared->arch; }

  /// One event; Finished / Faulted once the run has ended.
  Status step();
  /// Events until the run ends.
  Status run();
  /// Events until the machine's cycle would pass `cycle` or the run ends.
  Status runToCycle(uint64_t cycle);

  Status status() const;
  const MachineState &state() const { return st; }
  /// Replaces the state (a checkpoint); the trace is left as it is.
  void restore(const MachineState &s) { st = s; }
  void restore(const PackedState &s);
  const TraceData &trace() const { return traceData; }
  TraceData &trace() { return traceData; }
  void setTracing(bool on) { runOptions.trace = on; }
  /// `sink` receives every record from now on (not owned; a copy of the
  /// machine has none).
  void addSink(TraceSink *sink) { sinks.list.push_back(sink); }
  void removeSinks() { sinks.list.clear(); }
  /// Each core's scratchpad levels so far (Options::lxLevels).
  const LxSweep &lxSweep() const { return lxTracker; }
  /// Takes another machine's levels (its peaks: a copy of a run's end).
  void adoptLx(const LxSweep &sweep) { lxTracker = sweep; }
  /// A machine restored in the middle of a run: the copies open there (and
  /// those closed but still being read) become its first scratchpad
  /// changes, so its levels are the run's from here on.
  void seedLx();
  /// The same for the other records: each instruction still under way
  /// and each engine blocked are handed to the sinks as the Issue / Block
  /// events that began them, each ring and HBM transfer under way (or
  /// queued) as the record made when it was pushed; then seedLx().
  void seedRecords();

  /// The time the next event happens at (the run's end: the last cycle).
  uint64_t nextEventCycle() const;
  /// The engine and pc the next event runs (-1: none).
  int32_t nextEngine() const;

  /// Closes the LX occupancy intervals still open and hands out every
  /// scratchpad level (call once at the end).
  void closeOccupancy();
  /// Hands out the scratchpad levels that are final by now (LxSweep).
  void settleLx();
  /// "core 3 sfu#0" for engine `e`.
  std::string engineName(uint32_t e) const;
  /// "pc 12 (arith.addf, KTIR line 7)" for the instruction.
  std::string where(uint32_t e, uint32_t pc) const;
  /// The program's instruction at pc.
  const code::Instr &instr(uint32_t e, uint32_t pc) const;

private:
  static constexpr uint8_t Blocked = MachineState::Blocked;
  static constexpr uint8_t Halted = MachineState::Halted;
  static constexpr int32_t kBarrier = MachineState::kBarrier;
  static constexpr int32_t kMailboxBase = MachineState::kMailboxBase;

  struct EngineStatic {
    int32_t core = 0, program = 0, instance = 0;
    uint32_t sBase = 0, vBase = 0, tBase = 0;
    uint32_t vdBase = 0; ///< first entry of MachineState::vdata
    const code::Instr *code = nullptr;
    uint32_t size = 0;
    const int32_t *operands = nullptr;
    const code::Program *programCode = nullptr;
  };

  bool execute(uint32_t e);
  /// What executing one instruction leaves to execute(): the cycles it
  /// keeps its engine busy and the pc after it, or `parked` when it left
  /// the engine blocked, waiting for data in flight or halted.
  struct Issue {
    uint64_t cost = 0;
    uint32_t next = 0;
    bool parked = false;
  };
  // One function per family of opcodes (MachineExec.cpp); false: faulted.
  bool execMove(uint32_t e, const code::Instr &in); ///< Const, Mov, Arg
  bool execSAlu(uint32_t e, const code::Instr &in);
  bool execBranch(uint32_t e, const code::Instr &in, Issue &is);
  bool execHalt(uint32_t e, uint32_t pc, uint64_t cost);
  bool execVector(uint32_t e, const code::Instr &in, Issue &is);
  bool execTile(uint32_t e, const code::Instr &in, Issue &is);
  /// Send, Recv, Stream, Collect, Signal, Wait.
  bool execChannel(uint32_t e, const code::Instr &in, Issue &is);
  bool execBarrier(uint32_t e, Issue &is);
  void schedule(uint32_t e, uint64_t time) { st.queue.push(e, time); }
  /// One event of a running machine (not finished, not faulted).
  void advance();
  bool queueEmpty() const { return st.queue.empty(); }
  void block(uint32_t e, int32_t on);
  void wake(uint32_t e, uint64_t time);
  void wakeChannel(size_t ch, uint64_t time);
  bool fail(uint32_t e, const std::string &message);
  void deadlock();
  /// After the heap ran empty: finished, or deadlocked.
  void endOfEvents();
  bool nextTile(uint32_t e);
  void record(EventKind kind, uint32_t e, uint32_t pc, uint64_t cycle,
              uint32_t duration) {
    if (runOptions.trace || !sinks.list.empty())
      recordEvent(kind, e, pc, cycle, duration);
  }
  bool recording() const { return runOptions.trace || !sinks.list.empty(); }
  /// An event that neither issues nor blocks (data in flight): sinks only.
  void recordWait(uint32_t e) {
    if (!sinks.list.empty())
      recordEvent(EventKind::Wait, e, st.engines[e].pc, st.now, 0);
  }
  void recordEvent(EventKind kind, uint32_t e, uint32_t pc, uint64_t cycle,
                   uint32_t duration);
  void fifoSample(size_t ch);
  void recordLink(const LinkTransfer &t);
  void recordHbm(const HbmTransfer &t);
  void keepHbmUnderWay(const HbmTransfer &t);
  void closeInterval(const LxInterval &i);
  /// Core `core`'s levels before the first cycle an open copy's end may
  /// still fall on are final: handed out.
  void settleCore(int32_t core);
  uint64_t ringTransfer(int32_t from, int32_t to, int64_t bytes,
                        uint64_t start, bool dma);
  /// False (a budget fault of engine `e`) when a transfer of `bytes`
  /// (`what`: "through HBM", ...) ends past the cycle budget.
  bool withinBudget(uint32_t e, uint64_t end, int64_t bytes, const char *what,
                    double bytesPerCycle);
  bool lxRange(uint32_t e, int32_t view, int64_t address, int64_t bytes,
               int32_t core, int32_t &buffer, int32_t &copy);
  void lxWritten(int32_t core, int32_t buffer, int32_t copy);
  void lxRead(int32_t core, int32_t buffer, int32_t copy, uint64_t until);
  bool execDma(uint32_t e, const code::Instr &in, uint64_t &cost);
  bool dmaInBounds(uint32_t e, const DmaWalk &walk, code::ElemType type);
  bool dmaEnd(uint32_t e, int32_t core, int64_t sticks, bool toLx, uint64_t &end);
  bool execRing(uint32_t e, const code::Instr &in, uint64_t &cost, bool &blocked);

  // Registers.
  uint64_t &S(uint32_t e, int32_t r) { return st.sregs[stat[e].sBase + r]; }
  /// Scalar register r as a slot of type t (a double; i64 / index: the
  /// integer's bits, emu/Alu.h isWideType), and back.
  double sval(uint32_t e, int32_t r, code::ElemType t);
  void setS(uint32_t e, int32_t r, code::ElemType t, double v);
  double *V(uint32_t e, int32_t r) {
    return &st.vregs[stat[e].vBase + size_t(r) * maxLanes];
  }
  /// The lanes of V[r] that hold data (MachineState::vdata).
  uint32_t &VD(uint32_t e, int32_t r) {
    return st.vdata[stat[e].vdBase + size_t(r)];
  }
  std::vector<double> &T(uint32_t e, int32_t r) {
    return st.tregs[stat[e].tBase + r];
  }

  /// The sinks; a copy of the machine starts without any.
  struct SinkList {
    std::vector<TraceSink *> list;
    SinkList() = default;
    SinkList(const SinkList &) {}
    SinkList &operator=(const SinkList &) {
      list.clear();
      return *this;
    }
  };

  const runtime::Job &runJob;
  Options runOptions;
  MachineState st;
  TraceData traceData;
  SinkList sinks;
  LxSweep lxTracker;
  std::vector<EngineStatic> stat;
  std::vector<std::vector<uint32_t>> engineOfCore;
  std::vector<std::vector<int32_t>> copyBase; ///< per buffer: first copy slot
  size_t copiesPerCore = 0;
  size_t numChannels = 0;
  int32_t numCores = 0;
  int64_t maxLanes = 64;
  uint64_t stickBytes = 128;
  double hbmBytesPerCycle = 1, linkBytesPerCycle = 1;
  /// SIMD elements per cycle per element type (ElemType's value; types the
  /// architecture does not list take f16's).
  int64_t simdWidth[16] = {};
  /// Cycles of a vector op on `elements` of `t` on the SIMD unit.
  uint64_t simdCycles(code::ElemType t, int64_t elements,
                      bool transcendental) const;
  std::vector<double> scratch; ///< a DMA's values (not state: reused)
  DmaWalk walkScratch;         ///< a DMA's walk (not state: reused)
};

} // namespace spyre::emu

#endif
