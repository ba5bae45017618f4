//===- ChromeTrace.h - the emulator's trace as Chrome trace JSON -*- C++ -*-===//
//
// Writes the Trace Event Format that Perfetto and chrome://tracing open:
//   * a process per core ("core N"), a thread per engine instance
//     ("sfu#0"); each issued instruction is a complete event ("X") named
//     after its DataflowIR op, with args {pc, ktir_line, op}; a blocked
//     stretch is an event named "blocked";
//   * counters ("C") per core: "LX bytes" broken down by buffer, and one
//     "FIFO <channel>" counter per channel with its fill level;
//   * a process "ring" with a thread per link and direction, each transfer
//     an "X" event (args: bytes, kind dma|ring), and an "HBM bytes in
//     flight" counter;
//   * metadata: the kernel, the architecture, cycles per microsecond and,
//     when the trace was cut short, how many events were only counted.
// Timestamps are microseconds at the architecture's clock.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_CHROMETRACE_H
#define SPYRE_EMU_CHROMETRACE_H

#include "emu/Machine.h"

#include <ostream>

namespace spyre::emu {

/// Streams the trace of finished machine `m` to `out`.
void writeChromeTrace(const Machine &m, std::ostream &out);

} // namespace spyre::emu

#endif
