//===- TraceRecords.h - the records of an emulated run ----------*- C++ -*-===//
//
// What a Machine reports as it runs (emu/TraceSink.h) and what the
// bounded in-memory trace (TraceData) keeps of it.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_TRACERECORDS_H
#define SPYRE_EMU_TRACERECORDS_H

#include <cstdint>
#include <vector>

namespace spyre::emu {

/// Issue: an instruction issued; Block: the engine blocked; Unblock: it
/// was woken (at the cycle it runs again); Halt: it halted. Wait: the
/// instruction found its data still in flight and runs again when it
/// lands (handed to sinks only: TraceData keeps no Wait).
enum class EventKind : uint8_t { Issue, Block, Unblock, Halt, Wait };

/// One trace record. Core, program, DataflowIR op and KTIR line follow from
/// the engine and pc (Machine::engineInfo, Module::locations).
struct TraceEvent {
  uint64_t cycle = 0;
  uint32_t duration = 0; ///< Issue: cycles the engine is busy with it
  uint32_t engine = 0;   ///< Prepared::engines index
  uint32_t pc = 0;
  EventKind kind = EventKind::Issue;
};

struct FifoSample {
  uint64_t cycle = 0;
  int32_t core = 0, channel = 0;
  int64_t level = 0; ///< slots in use after the change
};

/// One transfer over one ring link (link i joins core i and i+1).
struct LinkTransfer {
  uint64_t start = 0, end = 0;
  int32_t link = 0;
  uint8_t direction = 0; ///< 0: core i -> i+1, 1: core i+1 -> i
  int64_t bytes = 0;
  bool dma = false; ///< HBM traffic crossing the ring (else a RingSend)
};

struct HbmTransfer {
  uint64_t start = 0, end = 0;
  int32_t core = 0;
  int64_t bytes = 0;
  bool toLx = true;
};

/// A buffer copy is occupied from the moment it starts filling until its
/// last read before the next fill.
struct LxInterval {
  int32_t core = 0, buffer = 0, copy = 0;
  uint64_t start = 0, end = 0;
  int64_t bytes = 0;
};

/// The bounded in-memory trace (Options::trace): each vector keeps its
/// first Options::traceLimit records; later ones are counted only.
struct TraceData {
  std::vector<TraceEvent> events;
  std::vector<FifoSample> fifo;
  std::vector<LinkTransfer> links;
  std::vector<HbmTransfer> hbm;
  std::vector<LxInterval> lx; ///< in the order the intervals closed
  uint64_t droppedEvents = 0; ///< events past the limit
  /// FIFO samples, link and HBM transfers and LX intervals past the limit.
  uint64_t droppedRecords = 0;
  /// Whether every record of the run is here.
  bool whole() const { return droppedEvents == 0 && droppedRecords == 0; }
};

} // namespace spyre::emu

#endif
