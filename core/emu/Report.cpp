//===- Report.cpp - what a finished emulated run adds up to ---------------===//

#include "emu/Report.h"

#include <algorithm>
#include <cmath>

using namespace spyre;
using namespace spyre::emu;

std::vector<int64_t> spyre::emu::peakLx(const std::vector<LxInterval> &intervals,
                                        int32_t numCores) {
  std::vector<std::vector<std::pair<uint64_t, int64_t>>> deltas;
  deltas.resize(size_t(numCores));
  for (const LxInterval &i : intervals) {
    if (i.core < 0 || i.core >= numCores)
      continue;
    deltas[size_t(i.core)].push_back({i.start, i.bytes});
    deltas[size_t(i.core)].push_back({i.end, -i.bytes});
  }
  std::vector<int64_t> peak(size_t(numCores), 0);
  for (int32_t c = 0; c < numCores; ++c) {
    auto &d = deltas[size_t(c)];
    // Frees at a cycle come before fills at it.
    std::sort(d.begin(), d.end());
    int64_t in = 0;
    for (const auto &[t, b] : d) {
      in += b;
      peak[size_t(c)] = std::max(peak[size_t(c)], in);
    }
  }
  return peak;
}

int64_t spyre::emu::heldTileBytes(const code::Program &program) {
  int64_t bytes = 0;
  for (const code::TileShape &t : program.tileRegs) {
    int64_t n = code::elemBytes(t.type);
    for (int64_t d : t.dims)
      n = d > 0 && n <= INT64_MAX / d ? n * d : (d == 0 ? 0 : INT64_MAX);
    bytes = bytes > INT64_MAX - n ? INT64_MAX : bytes + n;
  }
  return bytes;
}

Summary spyre::emu::summarise(const Machine &m) {
  const MachineState &st = m.state();
  const runtime::Prepared &p = m.prepared();
  const arch::Arch &a = p.arch;
  Summary s;
  s.totalCycles = st.lastActivity;
  s.timeUs = double(s.totalCycles) / (a.clockGhz * 1000.0);
  s.events = st.events;
  double total = double(std::max<uint64_t>(1, s.totalCycles));
  for (size_t e = 0; e < p.engines.size(); ++e) {
    const runtime::EngineInstance &inst = p.engines[e];
    EngineUse u;
    u.core = inst.core;
    u.instance = inst.instance;
    u.unit = p.module->programs[size_t(inst.program)].unit;
    u.busyCycles = st.engines[e].busyCycles;
    u.utilisation = double(u.busyCycles) / total;
    s.engines.push_back(u);
  }
  // Each core's peak from the levels worked out as the run went (the
  // interval record may be cut short, or not kept at all).
  s.peakLxBytes = m.lxSweep().peaks();
  s.peakLxBytes.resize(size_t(std::max(a.numCores, 0)), 0);
  s.lxPeaksComplete = m.lxSweep().complete();
  for (const code::Program &program : p.module->programs)
    s.heldTileBytes = std::max(s.heldTileBytes, heldTileBytes(program));
  s.computeLocalBytes = a.computeLocalBytes;
  double linkBpc = a.ringLinkBandwidthGBs / a.clockGhz;
  double hbmBpc = a.hbmBandwidthGBs / a.clockGhz;
  int64_t maxLink = 0;
  for (size_t i = 0; i < st.linkBytes.size(); ++i) {
    if (st.linkBytes[i] == 0)
      continue;
    LinkUse l;
    l.direction = int32_t(i / size_t(a.numCores));
    l.link = int32_t(i % size_t(a.numCores));
    l.bytes = st.linkBytes[i];
    l.utilisation = double(l.bytes) / (linkBpc * total);
    s.links.push_back(l);
    maxLink = std::max(maxLink, l.bytes);
  }
  s.hbmBytes = st.hbmBytes;
  s.boundHbm = double(st.hbmBytes) / hbmBpc;
  for (uint64_t c : st.computeCycles)
    s.boundCompute = std::max(s.boundCompute, double(c));
  s.boundRing = double(maxLink) / linkBpc;
  double best = s.boundHbm;
  s.bottleneck = "hbm";
  if (s.boundCompute > best)
    best = s.boundCompute, s.bottleneck = "compute";
  if (s.boundRing > best)
    best = s.boundRing, s.bottleneck = "ring";
  s.closeness = best / total;
  return s;
}
