//===- ChromeTrace.cpp - the emulator's trace as Chrome trace JSON --------===//
//
// A streaming writer: one event per line, so a long trace never needs a
// JSON document in memory. Strings go through nlohmann::json for escaping.
//
//===----------------------------------------------------------------------===//

#include "emu/ChromeTrace.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

using namespace spyre;
using namespace spyre::emu;

namespace {

std::string jsonString(const std::string &s) { return nlohmann::json(s).dump(); }

class Writer {
public:
  Writer(std::ostream &out, double usPerCycle) : out(out), us(usPerCycle) {
    out << "{\"traceEvents\":[\n";
  }
  void event(const std::string &body) {
    out << (first ? "" : ",\n") << '{' << body << '}';
    first = false;
  }
  std::string ts(uint64_t cycle) const {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6f", double(cycle) * us);
    return buf;
  }
  void meta(int pid, int tid, const char *what, const std::string &name) {
    event("\"ph\":\"M\",\"pid\":" + std::to_string(pid) + ",\"tid\":" +
          std::to_string(tid) + ",\"name\":\"" + what +
          "\",\"args\":{\"name\":" + jsonString(name) + "}");
  }
  void finish(const std::string &metadata) {
    out << "\n],\"displayTimeUnit\":\"ns\",\"metadata\":" << metadata << "}\n";
  }

private:
  std::ostream &out;
  double us;
  bool first = true;
};

} // namespace

void spyre::emu::writeChromeTrace(const Machine &m, std::ostream &out) {
  const runtime::Prepared &p = m.prepared();
  const code::Module &mod = *p.module;
  const arch::Arch &a = p.arch;
  const TraceData &t = m.trace();
  const int ringPid = a.numCores;
  Writer w(out, 1.0 / (a.clockGhz * 1000.0));

  // Threads: the engine's index among its core's engines.
  std::vector<int> tid(p.engines.size());
  std::vector<int> perCore(size_t(a.numCores), 0);
  std::vector<bool> coreUsed(size_t(a.numCores), false);
  for (size_t e = 0; e < p.engines.size(); ++e) {
    int core = p.engines[e].core;
    tid[e] = perCore[size_t(core)]++;
    coreUsed[size_t(core)] = true;
  }
  for (int c = 0; c < a.numCores; ++c)
    if (coreUsed[size_t(c)])
      w.meta(c, 0, "process_name", "core " + std::to_string(c));
  for (size_t e = 0; e < p.engines.size(); ++e)
    w.meta(p.engines[e].core, tid[e], "thread_name",
           mod.programs[size_t(p.engines[e].program)].unit + "#" +
               std::to_string(p.engines[e].instance));
  w.meta(ringPid, 0, "process_name", "ring");

  // Instructions, and blocked stretches (Block .. Unblock).
  std::vector<uint64_t> blockedAt(p.engines.size(), UINT64_MAX);
  for (const TraceEvent &ev : t.events) {
    const runtime::EngineInstance &inst = p.engines[ev.engine];
    const code::Program &prog = mod.programs[size_t(inst.program)];
    const code::Instr &in = prog.code[std::min<size_t>(ev.pc, prog.code.size() - 1)];
    const code::Location *loc =
        in.loc < mod.locations.size() ? &mod.locations[in.loc] : nullptr;
    std::string head = "\"pid\":" + std::to_string(inst.core) +
                       ",\"tid\":" + std::to_string(tid[ev.engine]);
    if (ev.kind == EventKind::Issue) {
      std::string name = loc && !loc->op.empty() ? loc->op : "instr";
      w.event("\"ph\":\"X\"," + head + ",\"name\":" + jsonString(name) +
              ",\"ts\":" + w.ts(ev.cycle) + ",\"dur\":" +
              w.ts(std::max<uint32_t>(ev.duration, 1)) +
              ",\"args\":{\"pc\":" + std::to_string(ev.pc) + ",\"ktir_line\":" +
              std::to_string(loc ? loc->ktirLine : 0) + "}");
    } else if (ev.kind == EventKind::Block) {
      blockedAt[ev.engine] = ev.cycle;
    } else if (ev.kind == EventKind::Unblock && blockedAt[ev.engine] != UINT64_MAX) {
      uint64_t from = blockedAt[ev.engine];
      blockedAt[ev.engine] = UINT64_MAX;
      w.event("\"ph\":\"X\"," + head + ",\"name\":\"blocked\",\"ts\":" +
              w.ts(from) + ",\"dur\":" + w.ts(std::max<uint64_t>(ev.cycle - from, 1)) +
              ",\"args\":{\"pc\":" + std::to_string(ev.pc) + "}");
    } else if (ev.kind == EventKind::Halt) {
      w.event("\"ph\":\"i\"," + head + ",\"name\":\"halt\",\"s\":\"t\",\"ts\":" +
              w.ts(ev.cycle));
    }
  }

  // LX occupancy per core, by buffer: a counter sample at every change.
  {
    std::map<std::pair<int32_t, uint64_t>, std::vector<std::pair<int32_t, int64_t>>> changes;
    for (const LxInterval &i : t.lx) {
      changes[{i.core, i.start}].push_back({i.buffer, i.bytes});
      changes[{i.core, i.end}].push_back({i.buffer, -i.bytes});
    }
    std::map<int32_t, std::vector<int64_t>> inUse;
    for (const auto &[key, list] : changes) {
      std::vector<int64_t> &use = inUse[key.first];
      use.resize(p.buffers.size(), 0);
      for (const auto &[b, bytes] : list)
        use[size_t(b)] += bytes;
      std::string args;
      for (size_t b = 0; b < use.size(); ++b)
        args += (b ? "," : "") + jsonString(mod.plan.buffers[b].name + " #" + std::to_string(b)) +
                ":" + std::to_string(use[b]);
      w.event("\"ph\":\"C\",\"pid\":" + std::to_string(key.first) +
              ",\"name\":\"LX bytes\",\"ts\":" + w.ts(key.second) + ",\"args\":{" +
              args + "}");
    }
  }
  // FIFO levels.
  for (const FifoSample &f : t.fifo)
    w.event("\"ph\":\"C\",\"pid\":" + std::to_string(f.core) +
            ",\"name\":\"FIFO " + std::to_string(f.channel) + "\",\"ts\":" +
            w.ts(f.cycle) + ",\"args\":{\"slots\":" + std::to_string(f.level) + "}");
  // Ring links: a thread per link and direction.
  std::map<int, bool> linkThreads;
  for (const LinkTransfer &l : t.links) {
    int id = l.direction * a.numCores + l.link;
    if (!linkThreads[id]) {
      linkThreads[id] = true;
      int to = l.direction == 0 ? (l.link + 1) % a.numCores : l.link;
      int from = l.direction == 0 ? l.link : (l.link + 1) % a.numCores;
      w.meta(ringPid, id + 1, "thread_name",
             "link " + std::to_string(from) + "->" + std::to_string(to));
    }
    w.event("\"ph\":\"X\",\"pid\":" + std::to_string(ringPid) + ",\"tid\":" +
            std::to_string(id + 1) + ",\"name\":\"" + (l.dma ? "dma" : "ring") +
            "\",\"ts\":" + w.ts(l.start) + ",\"dur\":" +
            w.ts(std::max<uint64_t>(l.end - l.start, 1)) + ",\"args\":{\"bytes\":" +
            std::to_string(l.bytes) + "}");
  }
  // HBM bytes in flight.
  {
    std::map<uint64_t, int64_t> delta;
    for (const HbmTransfer &h : t.hbm) {
      delta[h.start] += h.bytes;
      delta[h.end] -= h.bytes;
    }
    int64_t inFlight = 0;
    for (const auto &[cycle, d] : delta) {
      inFlight += d;
      w.event("\"ph\":\"C\",\"pid\":" + std::to_string(ringPid) +
              ",\"name\":\"HBM bytes in flight\",\"ts\":" + w.ts(cycle) +
              ",\"args\":{\"bytes\":" + std::to_string(inFlight) + "}");
    }
  }
  nlohmann::json meta = {
      {"kernel", mod.plan.kernel},
      {"arch", a.name},
      {"cycles_per_us", a.clockGhz * 1000.0},
      {"total_cycles", m.state().lastActivity},
      {"events", m.state().events},
      {"events_recorded", t.events.size()},
      {"events_summarised", t.droppedEvents},
  };
  if (t.droppedEvents)
    meta["note"] = "the trace keeps the first " + std::to_string(t.events.size()) +
                   " events; " + std::to_string(t.droppedEvents) +
                   " later ones are counted only";
  w.finish(meta.dump());
}
