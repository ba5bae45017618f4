//===- Report.h - what a finished emulated run adds up to -------*- C++ -*-===//
//
// Totals of a run (cycles, time, utilisation per engine, peak LX per core,
// ring link use) and the physical lower bounds the same parameters imply:
//   hbm     = HBM bytes moved / HBM bytes per cycle (the whole chip shares it)
//   compute = the largest per-core SIMD work in cycles
//   ring    = the largest bytes over one ring link (one direction) / link
//             bytes per cycle (HBM traffic crossing the ring included)
// The bottleneck is the largest bound; `closeness` = bound / total cycles.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_REPORT_H
#define SPYRE_EMU_REPORT_H

#include "emu/Machine.h"

#include <string>
#include <vector>

namespace spyre::emu {

struct EngineUse {
  int32_t core = 0, instance = 0;
  std::string unit;
  uint64_t busyCycles = 0;
  double utilisation = 0; ///< busy / total cycles
};

struct LinkUse {
  int32_t link = 0;      ///< joins core link and link+1
  int32_t direction = 0; ///< 0: towards higher core ids
  int64_t bytes = 0;
  double utilisation = 0; ///< bytes / (link bytes per cycle * total cycles)
};

struct Summary {
  uint64_t totalCycles = 0;
  double timeUs = 0;
  uint64_t events = 0;
  std::vector<EngineUse> engines;
  std::vector<int64_t> peakLxBytes; ///< per core
  /// False when a core's levels stopped at emu::LxSweep's limit: its peak
  /// is the peak up to there.
  bool lxPeaksComplete = true;
  std::vector<LinkUse> links;       ///< links that carried anything
  int64_t hbmBytes = 0;
  double boundHbm = 0, boundCompute = 0, boundRing = 0; ///< cycles
  std::string bottleneck;
  double closeness = 0;
  /// The most bytes of tiles one program holds whole (its tile registers)
  /// and the compute engine's capacity (compute_engine.local_bytes). A
  /// program over it still runs, with the same numbers; the report says so.
  int64_t heldTileBytes = 0;
  uint64_t computeLocalBytes = 0;
};

/// Bytes of the tile registers `program` declares (saturating).
int64_t heldTileBytes(const code::Program &program);

/// Totals of a finished machine (closeOccupancy called).
Summary summarise(const Machine &m);

/// Peak bytes in use per core from the occupancy intervals.
std::vector<int64_t> peakLx(const std::vector<LxInterval> &intervals,
                            int32_t numCores);

} // namespace spyre::emu

#endif
