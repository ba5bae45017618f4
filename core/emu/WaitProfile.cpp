//===- WaitProfile.cpp - where an emulated run's time goes ----------------===//

#include "emu/WaitProfile.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

using namespace spyre;
using namespace spyre::emu;

namespace {

/// One stretch of one engine's time.
struct Segment {
  uint64_t from = 0, to = 0;
  Activity activity = Activity::Busy;
  int32_t channel = -1; ///< Channel: which
  bool forData = true;  ///< Channel: waiting for data (else for room)
};

using Timeline = std::vector<std::vector<Segment>>; ///< per engine

/// What a blocked instruction waits on.
Segment blockedOn(const code::Instr &in) {
  Segment s;
  switch (in.op) {
  case code::Opcode::Recv:
  case code::Opcode::Wait:
    s.activity = Activity::Channel, s.channel = int32_t(in.imm), s.forData = true;
    break;
  case code::Opcode::Send:
  case code::Opcode::Signal:
    s.activity = Activity::Channel, s.channel = int32_t(in.imm), s.forData = false;
    break;
  case code::Opcode::Collect:
    s.activity = Activity::Channel, s.channel = in.c, s.forData = true;
    break;
  case code::Opcode::Stream:
    s.activity = Activity::Channel, s.channel = in.c, s.forData = false;
    break;
  case code::Opcode::RingRecv:
  case code::Opcode::RingSend:
    s.activity = Activity::Ring;
    break;
  default:
    s.activity = Activity::Barrier;
    break;
  }
  return s;
}

/// Every engine's busy, DMA and blocked stretches, in time order.
Timeline segmentsOf(const Machine &m, uint64_t total) {
  const size_t engines = m.prepared().engines.size();
  Timeline out(engines);
  std::vector<int64_t> blockedAt(engines, -1);
  std::vector<uint32_t> blockedPc(engines, 0);
  auto push = [&](size_t e, Segment s) {
    s.to = std::min(s.to, total);
    if (s.to <= s.from)
      return;
    std::vector<Segment> &lane = out[e];
    // A stretch never starts before the previous one ends (the emulator
    // reschedules an engine when it is done); be safe anyway.
    if (!lane.empty() && s.from < lane.back().to)
      s.from = lane.back().to;
    if (s.to > s.from)
      lane.push_back(s);
  };
  for (const TraceEvent &t : m.trace().events) {
    if (t.engine >= engines)
      continue;
    switch (t.kind) {
    case EventKind::Issue: {
      if (t.duration == 0)
        break;
      Segment s;
      s.from = t.cycle;
      s.to = t.cycle + t.duration;
      s.activity = m.instr(t.engine, t.pc).op == code::Opcode::Dma ? Activity::Hbm
                                                                   : Activity::Busy;
      push(t.engine, s);
      break;
    }
    case EventKind::Block:
      blockedAt[t.engine] = int64_t(t.cycle);
      blockedPc[t.engine] = t.pc;
      break;
    case EventKind::Unblock:
      if (blockedAt[t.engine] >= 0) {
        Segment s = blockedOn(m.instr(t.engine, blockedPc[t.engine]));
        s.from = uint64_t(blockedAt[t.engine]);
        s.to = t.cycle;
        push(t.engine, s);
        blockedAt[t.engine] = -1;
      }
      break;
    case EventKind::Halt:
      break;
    }
  }
  for (size_t e = 0; e < engines; ++e)
    if (blockedAt[e] >= 0) {
      Segment s = blockedOn(m.instr(uint32_t(e), blockedPc[e]));
      s.from = uint64_t(blockedAt[e]);
      s.to = total;
      push(e, s);
    }
  return out;
}

std::string unitOf(const Machine &m, size_t engine) {
  const runtime::Prepared &p = m.prepared();
  return p.module->programs[size_t(p.engines[engine].program)].unit;
}

/// The engine kind at the other end of `channel` from `program`.
int32_t partnerProgram(const runtime::Prepared &p, int32_t channel, bool forData) {
  if (channel < 0 || size_t(channel) >= p.channels.size())
    return -1;
  const runtime::ChannelWiring &w = p.channels[size_t(channel)];
  return forData ? w.producer : w.consumer;
}

std::vector<UnitTime> unitTimes(const Machine &m, const Timeline &lanes, uint64_t total) {
  const runtime::Prepared &p = m.prepared();
  std::vector<UnitTime> units(p.module->programs.size());
  std::vector<std::map<std::pair<int32_t, bool>, uint64_t>> waits(units.size());
  for (size_t i = 0; i < units.size(); ++i)
    units[i].unit = p.module->programs[i].unit;
  for (size_t e = 0; e < lanes.size(); ++e) {
    const size_t program = size_t(p.engines[e].program);
    UnitTime &u = units[program];
    ++u.engines;
    u.total += total;
    uint64_t used = 0;
    for (const Segment &s : lanes[e]) {
      const uint64_t d = s.to - s.from;
      used += d;
      switch (s.activity) {
      case Activity::Busy: u.busy += d; break;
      case Activity::Hbm: u.hbm += d; break;
      case Activity::Ring: u.ring += d; break;
      case Activity::Barrier: u.barrier += d; break;
      case Activity::Channel:
        u.channel += d;
        waits[program][{s.channel, s.forData}] += d;
        break;
      case Activity::Idle: break;
      }
    }
    u.idle += total - std::min(used, total);
  }
  for (size_t i = 0; i < units.size(); ++i) {
    for (const auto &[key, cycles] : waits[i]) {
      ChannelWait w;
      w.channel = key.first;
      w.forData = key.second;
      w.cycles = cycles;
      int32_t other = partnerProgram(p, w.channel, w.forData);
      w.partner = other >= 0 ? p.module->programs[size_t(other)].unit : "?";
      units[i].channels.push_back(w);
    }
    std::stable_sort(units[i].channels.begin(), units[i].channels.end(),
                     [](const ChannelWait &a, const ChannelWait &b) {
                       return a.cycles > b.cycles;
                     });
  }
  // Kinds with no engine on any core (a program nobody runs) say nothing.
  units.erase(std::remove_if(units.begin(), units.end(),
                             [](const UnitTime &u) { return u.engines == 0; }),
              units.end());
  return units;
}

/// The engine of `core` running `program`, the same instance as `like`
/// when there is one; -1 when none.
int32_t engineOn(const runtime::Prepared &p, int32_t core, int32_t program,
                 int32_t instance) {
  int32_t any = -1;
  for (size_t e = 0; e < p.engines.size(); ++e) {
    const runtime::EngineInstance &i = p.engines[e];
    if (i.core != core || i.program != program)
      continue;
    if (i.instance == instance)
      return int32_t(e);
    if (any < 0)
      any = int32_t(e);
  }
  return any;
}

/// The stretch of `lane` that holds the cycle just before `t` (index), or
/// -1 when `t` falls in a gap (or before everything).
int segmentBefore(const std::vector<Segment> &lane, uint64_t t) {
  auto it = std::lower_bound(lane.begin(), lane.end(), t,
                             [](const Segment &s, uint64_t c) { return s.to < c; });
  if (it == lane.end() || it->from >= t)
    return -1;
  return int(it - lane.begin());
}

struct PathKey {
  size_t program;
  Activity activity;
  bool operator<(const PathKey &o) const {
    return std::tie(program, activity) < std::tie(o.program, o.activity);
  }
};

struct PathPart {
  uint64_t cycles = 0;
  uint64_t longest = 0;
  int32_t core = 0;
  uint64_t from = 0, to = 0;
  /// (waiting program, channel) -> cycles the walk came here from it.
  std::map<std::pair<size_t, int32_t>, uint64_t> waiters;
};

/// Walks the critical path back from the engine that ends last.
std::map<PathKey, PathPart> criticalPath(const Machine &m, const Timeline &lanes,
                                         uint64_t total) {
  const runtime::Prepared &p = m.prepared();
  std::map<PathKey, PathPart> parts;
  int32_t e = -1;
  uint64_t end = 0;
  for (size_t i = 0; i < lanes.size(); ++i)
    if (!lanes[i].empty() && lanes[i].back().to >= end && lanes[i].back().activity != Activity::Channel)
      e = int32_t(i), end = lanes[i].back().to;
  if (e < 0)
    return parts;
  uint64_t t = std::min(end, total);
  auto attribute = [&](int32_t engine, Activity a, uint64_t from, uint64_t to,
                       size_t waiterProgram, int32_t waiterChannel) {
    if (to <= from)
      return;
    PathPart &part = parts[{size_t(p.engines[size_t(engine)].program), a}];
    part.cycles += to - from;
    if (to - from > part.longest) {
      part.longest = to - from;
      part.core = p.engines[size_t(engine)].core;
      part.from = from;
      part.to = to;
    }
    if (waiterChannel >= 0)
      part.waiters[{waiterProgram, waiterChannel}] += to - from;
  };
  // Who handed the walk to the engine walked now (through a channel).
  size_t waiterProgram = 0;
  int32_t waiterChannel = -1;
  int hops = 0; // hand-overs at one cycle without progress
  size_t guard = 0, limit = 4 * (m.trace().events.size() + lanes.size()) + 16;
  while (t > 0 && guard++ < limit) {
    const std::vector<Segment> &lane = lanes[size_t(e)];
    int i = segmentBefore(lane, t);
    if (i < 0) {
      // A gap: idle since the stretch before it (or since the start).
      auto it = std::lower_bound(lane.begin(), lane.end(), t,
                                 [](const Segment &s, uint64_t c) { return s.to < c; });
      uint64_t since = it == lane.begin() ? 0 : std::prev(it)->to;
      if (since >= t)
        since = 0;
      attribute(e, Activity::Idle, since, t, waiterProgram, waiterChannel);
      t = since;
      hops = 0;
      continue;
    }
    const Segment &s = lane[size_t(i)];
    const runtime::EngineInstance &me = p.engines[size_t(e)];
    int32_t other = s.activity == Activity::Channel
                        ? partnerProgram(p, s.channel, s.forData)
                        : -1;
    int32_t next = other >= 0 ? engineOn(p, me.core, other, me.instance) : -1;
    if (next >= 0 && next != e && hops < int(lanes.size())) {
      // Blocked on a channel: the walk goes on with what it waited for.
      waiterProgram = size_t(me.program);
      waiterChannel = s.channel;
      e = next;
      ++hops;
      continue;
    }
    // Everything the walk finds on this engine is what its waiter waited
    // for, until the walk moves on to another engine.
    attribute(e, s.activity, s.from, t, waiterProgram, waiterChannel);
    t = s.from;
    hops = 0;
  }
  return parts;
}

std::string percent(double f) {
  const double v = 100.0 * f;
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, v < 10 ? "%.1f %%" : "%.0f %%", v);
  return buffer;
}

std::string withCommas(uint64_t v) {
  std::string digits = std::to_string(v), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0)
      out += ',';
    out += digits[i];
  }
  return out;
}

/// What a cause means, in one sentence, and what may help.
std::string sentenceOf(const PathCause &c, const Machine &m, uint64_t total) {
  const arch::Arch &a = m.prepared().arch;
  const code::Module &module = *m.prepared().module;
  const bool doubleBuffered = std::any_of(
      module.plan.buffers.begin(), module.plan.buffers.end(),
      [](const code::Buffer &b) { return b.copies > 1; });
  const double hbmBound = double(m.state().hbmBytes) / (a.hbmBandwidthGBs / a.clockGhz);
  std::string head = c.unit + " " + activityName(c.activity) + " is " + percent(c.share) +
                     " of the critical path";
  std::string waited;
  if (!c.waiter.empty())
    waited = "; " + c.waiter + " waits on it through channel " +
             std::to_string(c.waiterChannel) + " " + percent(c.waiterShare) +
             " of its time";
  std::string advice;
  switch (c.activity) {
  case Activity::Hbm:
    if (hbmBound >= 0.7 * double(total))
      advice = "the run is close to its HBM bound (" + withCommas(uint64_t(hbmBound)) +
               " of " + withCommas(total) + " cycles): only fewer bytes would help";
    else if (!doubleBuffered)
      advice = "the next load does not overlap this compute: try double buffering";
    else
      advice = "each DMA pays " + std::to_string(a.timing.dmaSetupCycles) +
               " setup cycles and queues for the one HBM port all cores share: "
               "fewer, larger transfers (bigger tiles) would help";
    break;
  case Activity::Busy:
    advice = "the " + c.unit + " engine's own work: fewer or cheaper instructions "
             "(transcendental functions cost " +
             std::to_string(int(a.transcendentalPenalty)) +
             "x) or the work spread over more cores would help";
    break;
  case Activity::Ring:
    advice = "ring messages: fewer hops (tiles that exchange data on neighbouring cores) "
             "would help";
    break;
  case Activity::Barrier:
    advice = "engines wait for each other at a barrier";
    break;
  case Activity::Idle:
    advice = "the engine has nothing to do: the work starts late or ends early on it";
    break;
  case Activity::Channel:
    advice = "a channel is empty or full";
    break;
  }
  return head + waited + ": " + advice + ".";
}

} // namespace

const char *spyre::emu::activityName(Activity a) {
  switch (a) {
  case Activity::Busy: return "busy";
  case Activity::Hbm: return "HBM";
  case Activity::Ring: return "ring";
  case Activity::Channel: return "channel";
  case Activity::Barrier: return "barrier";
  case Activity::Idle: return "idle";
  }
  return "?";
}

WaitProfile spyre::emu::profileWaits(const Machine &m, uint64_t totalCycles) {
  WaitProfile out;
  out.totalCycles = totalCycles;
  if (totalCycles == 0 || m.trace().droppedEvents > 0 || m.trace().events.empty())
    return out;
  const Timeline lanes = segmentsOf(m, totalCycles);
  out.units = unitTimes(m, lanes, totalCycles);
  const runtime::Prepared &p = m.prepared();
  std::map<PathKey, PathPart> parts = criticalPath(m, lanes, totalCycles);
  uint64_t pathCycles = 0;
  for (const auto &[key, part] : parts)
    pathCycles += part.cycles;
  out.pathCycles = pathCycles;
  for (const auto &[key, part] : parts) {
    PathCause c;
    c.unit = p.module->programs[key.program].unit;
    c.activity = key.activity;
    c.cycles = part.cycles;
    c.share = pathCycles ? double(part.cycles) / double(pathCycles) : 0;
    c.core = part.core;
    c.from = part.from;
    c.to = part.to;
    uint64_t most = 0;
    for (const auto &[who, cycles] : part.waiters)
      if (cycles > most) {
        most = cycles;
        c.waiter = p.module->programs[who.first].unit;
        c.waiterChannel = who.second;
      }
    if (!c.waiter.empty())
      for (const UnitTime &u : out.units)
        if (u.unit == c.waiter && u.total > 0)
          for (const ChannelWait &w : u.channels)
            if (w.channel == c.waiterChannel)
              c.waiterShare += double(w.cycles) / double(u.total);
    out.causes.push_back(std::move(c));
  }
  std::stable_sort(out.causes.begin(), out.causes.end(),
                   [](const PathCause &a, const PathCause &b) { return a.cycles > b.cycles; });
  if (out.causes.size() > 3)
    out.causes.resize(3);
  for (PathCause &c : out.causes)
    c.sentence = sentenceOf(c, m, totalCycles);
  return out;
}
