//===- ChromeTrace.cpp - the emulator's trace as Chrome trace JSON --------===//
//
// One event per line, written as the records come, so a long trace never
// needs a JSON document in memory. Strings go through nlohmann::json for
// escaping.
//
//===----------------------------------------------------------------------===//

#include "emu/ChromeTrace.h"

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace spyre;
using namespace spyre::emu;

namespace {

std::string jsonString(const std::string &s) { return nlohmann::json(s).dump(); }

} // namespace

ChromeTraceWriter::ChromeTraceWriter(const runtime::Prepared &prepared,
                                     std::ostream &out, uint64_t from,
                                     uint64_t to)
    : p(prepared), out(out), from(from), to(std::max(to, from)),
      us(1.0 / (prepared.arch.clockGhz * 1000.0)) {
  const code::Module &mod = *p.module;
  const arch::Arch &a = p.arch;
  out << "{\"traceEvents\":[\n";
  // Threads: the engine's index among its core's engines.
  tid.resize(p.engines.size());
  std::vector<int> perCore(size_t(a.numCores), 0);
  std::vector<bool> coreUsed(size_t(a.numCores), false);
  for (size_t e = 0; e < p.engines.size(); ++e) {
    int core = p.engines[e].core;
    tid[e] = perCore[size_t(core)]++;
    coreUsed[size_t(core)] = true;
  }
  for (int c = 0; c < a.numCores; ++c)
    if (coreUsed[size_t(c)])
      meta(c, 0, "process_name", "core " + std::to_string(c));
  for (size_t e = 0; e < p.engines.size(); ++e)
    meta(p.engines[e].core, tid[e], "thread_name",
         mod.programs[size_t(p.engines[e].program)].unit + "#" +
             std::to_string(p.engines[e].instance));
  meta(a.numCores, 0, "process_name", "ring");
  blockedAt.assign(p.engines.size(), UINT64_MAX);
  for (size_t b = 0; b < p.buffers.size(); ++b)
    bufferNames.push_back(jsonString(mod.plan.buffers[b].name + " #" +
                                      std::to_string(b)));
  // Escaped once, not per event (escaping each took much of the writing).
  for (const code::Location &loc : mod.locations)
    opNames.push_back(jsonString(loc.op.empty() ? "instr" : loc.op));
}

void ChromeTraceWriter::line(const std::string &body) {
  out << (first ? "" : ",\n") << '{' << body << '}';
  first = false;
}

std::string ChromeTraceWriter::ts(uint64_t cycle) const {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6f", double(cycle) * us);
  return buf;
}

void ChromeTraceWriter::meta(int pid, int tid, const char *what,
                             const std::string &name) {
  line("\"ph\":\"M\",\"pid\":" + std::to_string(pid) + ",\"tid\":" +
       std::to_string(tid) + ",\"name\":\"" + what +
       "\",\"args\":{\"name\":" + jsonString(name) + "}");
}

void ChromeTraceWriter::event(const TraceEvent &ev) {
  if (ev.engine >= p.engines.size())
    return;
  const code::Module &mod = *p.module;
  const runtime::EngineInstance &inst = p.engines[ev.engine];
  std::string head = "\"pid\":" + std::to_string(inst.core) +
                     ",\"tid\":" + std::to_string(tid[ev.engine]);
  if (ev.kind == EventKind::Issue) {
    if (!overlaps(ev.cycle, ev.cycle + std::max<uint32_t>(ev.duration, 1)))
      return;
    const code::Program &prog = mod.programs[size_t(inst.program)];
    const code::Instr &in = prog.code[std::min<size_t>(ev.pc, prog.code.size() - 1)];
    const code::Location *loc =
        in.loc < mod.locations.size() ? &mod.locations[in.loc] : nullptr;
    line("\"ph\":\"X\"," + head + ",\"name\":" +
         (loc ? opNames[in.loc] : std::string("\"instr\"")) +
         ",\"ts\":" + ts(ev.cycle) + ",\"dur\":" +
         ts(std::max<uint32_t>(ev.duration, 1)) + ",\"args\":{\"pc\":" +
         std::to_string(ev.pc) + ",\"ktir_line\":" +
         std::to_string(loc ? loc->ktirLine : 0) + "}");
    ++written;
  } else if (ev.kind == EventKind::Block) {
    blockedAt[ev.engine] = ev.cycle;
  } else if (ev.kind == EventKind::Unblock && blockedAt[ev.engine] != UINT64_MAX) {
    uint64_t start = blockedAt[ev.engine];
    blockedAt[ev.engine] = UINT64_MAX;
    if (!overlaps(start, std::max(ev.cycle, start + 1)))
      return;
    line("\"ph\":\"X\"," + head + ",\"name\":\"blocked\",\"ts\":" + ts(start) +
         ",\"dur\":" + ts(std::max<uint64_t>(ev.cycle - start, 1)) +
         ",\"args\":{\"pc\":" + std::to_string(ev.pc) + "}");
    ++written;
  } else if (ev.kind == EventKind::Halt && inWindow(ev.cycle)) {
    line("\"ph\":\"i\"," + head + ",\"name\":\"halt\",\"s\":\"t\",\"ts\":" +
         ts(ev.cycle));
    ++written;
  }
}

void ChromeTraceWriter::fifo(const FifoSample &f) {
  auto key = std::make_pair(f.core, f.channel);
  if (f.cycle < from) {
    fifoBefore[key] = f.level;
    return;
  }
  if (f.cycle >= to)
    return;
  std::string head = "\"ph\":\"C\",\"pid\":" + std::to_string(f.core) +
                     ",\"name\":\"FIFO " + std::to_string(f.channel) + "\",\"ts\":";
  if (from > 0 && fifoStarted.insert(key).second)
    if (auto it = fifoBefore.find(key); it != fifoBefore.end() && f.cycle > from)
      line(head + ts(from) + ",\"args\":{\"slots\":" + std::to_string(it->second) + "}");
  line(head + ts(f.cycle) + ",\"args\":{\"slots\":" + std::to_string(f.level) + "}");
}

void ChromeTraceWriter::link(const LinkTransfer &l) {
  int cores = p.arch.numCores;
  int id = l.direction * cores + l.link;
  if (!overlaps(l.start, std::max(l.end, l.start + 1)))
    return;
  if (linkThreads.insert(id).second) {
    int toCore = l.direction == 0 ? (l.link + 1) % cores : l.link;
    int fromCore = l.direction == 0 ? l.link : (l.link + 1) % cores;
    meta(cores, id + 1, "thread_name",
         "link " + std::to_string(fromCore) + "->" + std::to_string(toCore));
  }
  line("\"ph\":\"X\",\"pid\":" + std::to_string(cores) + ",\"tid\":" +
       std::to_string(id + 1) + ",\"name\":\"" + (l.dma ? "dma" : "ring") +
       "\",\"ts\":" + ts(l.start) + ",\"dur\":" +
       ts(std::max<uint64_t>(l.end - l.start, 1)) + ",\"args\":{\"bytes\":" +
       std::to_string(l.bytes) + "}");
}

void ChromeTraceWriter::hbmSamplesBefore(uint64_t time) {
  // Transfers start in time order (the port serves one at a time), so a
  // change before the newest start is final.
  std::string head = "\"ph\":\"C\",\"pid\":" + std::to_string(p.arch.numCores) +
                     ",\"name\":\"HBM bytes in flight\",\"ts\":";
  while (!hbmDelta.empty() && hbmDelta.begin()->first < time) {
    auto [cycle, d] = *hbmDelta.begin();
    hbmDelta.erase(hbmDelta.begin());
    int64_t before = hbmInFlight;
    hbmInFlight += d;
    if (cycle < from || cycle >= to)
      continue;
    if (from > 0 && !hbmStarted && cycle > from) // its value at `from`
      line(head + ts(from) + ",\"args\":{\"bytes\":" + std::to_string(before) + "}");
    hbmStarted = true;
    line(head + ts(cycle) + ",\"args\":{\"bytes\":" + std::to_string(hbmInFlight) + "}");
  }
}

void ChromeTraceWriter::hbm(const HbmTransfer &h) {
  hbmSamplesBefore(h.start);
  hbmDelta[h.start] += h.bytes;
  hbmDelta[h.end] -= h.bytes;
}

void ChromeTraceWriter::lxSample(int32_t core, uint64_t time,
                                 const std::vector<int64_t> &perBuffer) {
  std::string args;
  for (size_t b = 0; b < perBuffer.size() && b < bufferNames.size(); ++b)
    args += (b ? "," : "") + bufferNames[b] + ":" + std::to_string(perBuffer[b]);
  line("\"ph\":\"C\",\"pid\":" + std::to_string(core) +
       ",\"name\":\"LX bytes\",\"ts\":" + ts(time) + ",\"args\":{" + args + "}");
}

void ChromeTraceWriter::lxLevel(int32_t core, uint64_t time, int64_t,
                                const std::vector<int64_t> &perBuffer) {
  if (time < from) {
    lxBefore[core] = perBuffer;
    return;
  }
  if (time >= to)
    return;
  if (from > 0 && lxStarted.insert(core).second && time > from)
    if (auto it = lxBefore.find(core); it != lxBefore.end())
      lxSample(core, from, it->second);
  lxSample(core, time, perBuffer);
}

void ChromeTraceWriter::lxLevelsStopped(int32_t core, uint64_t cycle) {
  lxStopped[core] = cycle;
}

void ChromeTraceWriter::finish(const Machine &m,
                               const std::vector<std::string> &notes) {
  hbmSamplesBefore(UINT64_MAX);
  const arch::Arch &a = p.arch;
  nlohmann::json meta = {
      {"kernel", p.module->plan.kernel},
      {"arch", a.name},
      {"cycles_per_us", a.clockGhz * 1000.0},
      {"total_cycles", m.state().lastActivity},
      {"events", m.state().events},
      {"events_recorded", written},
  };
  if (from > 0 || to != UINT64_MAX)
    meta["window"] = {{"from_cycle", from},
                      {"to_cycle", to == UINT64_MAX ? m.state().lastActivity : to}};
  std::vector<std::string> said = notes;
  for (const auto &[core, cycle] : lxStopped)
    said.push_back("core " + std::to_string(core) +
                   "'s LX bytes stop at cycle " + std::to_string(cycle) +
                   ": a buffer copy stayed open, unread, while more changes "
                   "than the emulator keeps pending came after it");
  if (!said.empty()) {
    std::string note;
    for (const std::string &s : said)
      note += (note.empty() ? "" : "; ") + s;
    meta["note"] = note;
  }
  out << "\n],\"displayTimeUnit\":\"ns\",\"metadata\":" << meta.dump() << "}\n";
}

void spyre::emu::writeChromeTrace(const Machine &m, std::ostream &out,
                                  uint64_t from, uint64_t to) {
  const TraceData &t = m.trace();
  ChromeTraceWriter w(m.prepared(), out, from, to);
  for (const TraceEvent &ev : t.events)
    w.event(ev);
  // The LX levels from the closed intervals: per core in time order, every
  // change at one cycle counted together (as LxSweep hands them out).
  {
    std::map<std::pair<int32_t, uint64_t>, std::vector<std::pair<int32_t, int64_t>>> changes;
    for (const LxInterval &i : t.lx) {
      changes[{i.core, i.start}].push_back({i.buffer, i.bytes});
      changes[{i.core, i.end}].push_back({i.buffer, -i.bytes});
    }
    std::map<int32_t, std::vector<int64_t>> inUse;
    for (const auto &[key, list] : changes) {
      std::vector<int64_t> &use = inUse[key.first];
      use.resize(m.prepared().buffers.size(), 0);
      int64_t total = 0;
      for (const auto &[b, bytes] : list)
        if (b >= 0 && size_t(b) < use.size())
          use[size_t(b)] += bytes;
      for (int64_t x : use)
        total += x;
      w.lxLevel(key.first, key.second, total, use);
    }
  }
  for (const FifoSample &f : t.fifo)
    w.fifo(f);
  for (const LinkTransfer &l : t.links)
    w.link(l);
  for (const HbmTransfer &h : t.hbm)
    w.hbm(h);
  std::vector<std::string> notes;
  if (t.droppedEvents)
    notes.push_back("the trace keeps the first " + std::to_string(t.events.size()) +
                    " events; " + std::to_string(t.droppedEvents) +
                    " later ones are counted only");
  if (t.droppedRecords)
    notes.push_back(std::to_string(t.droppedRecords) +
                    " FIFO samples, transfers and LX intervals past the first " +
                    "of each kind kept are left out");
  w.finish(m, notes);
}
