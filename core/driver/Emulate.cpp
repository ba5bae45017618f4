//===- Emulate.cpp - run SpyreCode on the emulator ------------------------===//

#include "driver/Emulate.h"
#include "driver/Architecture.h"
#include "driver/Compile.h"
#include "emu/ChromeTrace.h"
#include "support/GzipFile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>

using namespace spyre;
using namespace spyre::driver;

namespace {

std::atomic<uint64_t> emulations{0};

/// The architecture: the option, else the module's preset, else Spyre.
std::optional<arch::Arch> pickArch(const code::Module &module,
                                   const EmulateOptions &options,
                                   std::vector<std::string> &errors) {
  std::string name = options.arch;
  if (name.empty() && arch::presetText(module.plan.arch))
    name = module.plan.arch;
  std::vector<Diagnostic> diags;
  std::optional<arch::Arch> a = loadArchitecture(name, diags);
  for (const Diagnostic &d : diags)
    errors.push_back(d.format());
  return a;
}

/// The job for `arguments`: every symbol bound by name.
std::shared_ptr<const runtime::Job>
launchJob(std::shared_ptr<const code::Module> module,
          const std::vector<EmulatorArgument> &arguments,
          const EmulateOptions &options, std::vector<std::string> &errors) {
  std::optional<arch::Arch> a = pickArch(*module, options, errors);
  if (!a)
    return nullptr;
  runtime::PrepareResult prepared = runtime::prepare(module, *a);
  if (!prepared.ok()) {
    for (const code::CodeError &e : prepared.errors)
      errors.push_back(code::formatCodeError(module.get(), e));
    return nullptr;
  }
  runtime::Bindings bindings;
  for (const code::Symbol &sym : module->symbols) {
    const EmulatorArgument *arg = nullptr;
    for (const EmulatorArgument &x : arguments)
      if (x.name == sym.name && !x.region)
        arg = &x;
    if (!arg) {
      errors.push_back("kernel argument '" + sym.name + "' has no value");
      continue;
    }
    int64_t size = std::max(1, code::elemBytes(sym.type));
    if (sym.kind == code::Symbol::TensorBase) {
      if (!arg->isArray) {
        // A pointer given as a number: an element index, no tensor data.
        bindings.tensor(sym.name, int64_t(arg->scalar), 0);
        continue;
      }
      // The symbol's base is an element index in elements of its tensor's
      // type: the array's first byte over that size.
      if (arg->byteStart % uint64_t(size) != 0) {
        errors.push_back("tensor '" + sym.name + "' starts at byte " +
                         std::to_string(arg->byteStart) +
                         ", not a whole number of " +
                         code::elemName(sym.type) + " elements");
        continue;
      }
      bindings.tensor(sym.name, int64_t(arg->byteStart) / size,
                      (int64_t(arg->data.data.size()) + size - 1) / size);
    } else if (sym.kind == code::Symbol::Dimension) {
      bindings.dimension(sym.name, arg->integer ? *arg->integer
                                                : int64_t(arg->scalar));
    } else if (code::isFloat(sym.type)) {
      bindings.scalar(sym.name, arg->scalar);
    } else if (arg->integer) { // exact at every magnitude
      bindings.scalar(sym.name, *arg->integer);
    } else if (!(arg->scalar == std::trunc(arg->scalar) &&
                 std::fabs(arg->scalar) < 0x1p63)) {
      errors.push_back("integer argument '" + sym.name + "' is " +
                       std::to_string(arg->scalar) +
                       ": not a whole number in the int64 range");
    } else {
      bindings.scalar(sym.name, int64_t(arg->scalar));
    }
  }
  if (!errors.empty())
    return nullptr;
  runtime::LaunchResult launched = runtime::launch(prepared.prepared, bindings);
  if (!launched.ok()) {
    for (const code::CodeError &e : launched.errors)
      errors.push_back(code::formatCodeError(module.get(), e));
    return nullptr;
  }
  emulations.fetch_add(1, std::memory_order_relaxed);
  return std::make_shared<const runtime::Job>(std::move(*launched.job));
}

/// The arrays' and bound regions' byte ranges: what a DMA may touch in
/// device memory. Ranges that touch merge, so a DMA may cross from one
/// region into the next (a kernel's view over regions of two types).
std::vector<std::pair<int64_t, int64_t>>
arrayRanges(const std::vector<EmulatorArgument> &arguments) {
  std::vector<std::pair<int64_t, int64_t>> ranges;
  for (const EmulatorArgument &a : arguments)
    if (a.isArray && !a.lx)
      ranges.push_back({int64_t(a.byteStart),
                        int64_t(a.byteStart + a.data.data.size())});
    else if (a.region && !a.lx && a.rangeBytes > 0)
      ranges.push_back({int64_t(a.byteStart), int64_t(a.byteStart + a.rangeBytes)});
  std::sort(ranges.begin(), ranges.end());
  std::vector<std::pair<int64_t, int64_t>> merged;
  for (const auto &r : ranges)
    if (!merged.empty() && r.first <= merged.back().second)
      merged.back().second = std::max(merged.back().second, r.second);
    else
      merged.push_back(r);
  return merged;
}

/// The memory an argument or region lives in (null: a core the
/// architecture does not have).
emu::PagedMemory *memoryOf(emu::Machine &m, const EmulatorArgument &a) {
  if (!a.lx)
    return &m.hbm();
  if (a.core < 0 || a.core >= m.arch().numCores)
    return nullptr;
  return &m.lx(a.core);
}

/// The same for reading a finished run (null: no such core).
const emu::PagedMemory *memoryOf(const emu::MachineState &s, int numCores,
                                 const EmulatorArgument &a) {
  if (!a.lx)
    return &s.hbm;
  if (a.core < 0 || a.core >= numCores || size_t(a.core) >= s.lx.size())
    return nullptr;
  return &s.lx[size_t(a.core)];
}

/// Every array and region of `arguments` read back from `m`'s memories.
/// The fault of a run that did not finish, with its KTIR line.
void noteFault(const emu::Machine &m, EmulateResult &result) {
  const emu::Fault &fault = m.state().fault;
  result.errors.push_back(fault.message);
  const std::vector<code::Location> &lines = m.prepared().module->locations;
  if (fault.loc < lines.size())
    result.faultLine = lines[fault.loc].ktirLine;
}

void readOutputs(const emu::Machine &m,
                 const std::vector<EmulatorArgument> &arguments,
                 EmulateResult &result) {
  for (const EmulatorArgument &a : arguments) {
    const emu::PagedMemory *mem =
        a.isArray ? memoryOf(m.state(), m.arch().numCores, a) : nullptr;
    if (!mem)
      continue;
    npy::Array out = a.data;
    mem->readBytes(a.byteStart, out.data.data(), out.data.size());
    (a.region ? result.regions : result.arrays)[a.name] = std::move(out);
  }
}

void placeInputs(emu::Machine &m,
                 const std::vector<EmulatorArgument> &arguments) {
  for (const EmulatorArgument &a : arguments)
    if (emu::PagedMemory *mem = a.isArray ? memoryOf(m, a) : nullptr)
      mem->writeBytes(a.byteStart, a.data.data.data(), a.data.data.size());
}

/// Each scratchpad interval as it closes, one a line (EmulateOptions::
/// lxEventsPath).
class LxIntervalWriter : public emu::TraceSink {
public:
  LxIntervalWriter(const code::Module &module, std::ostream &out)
      : module(module), out(out) {}
  void lxInterval(const emu::LxInterval &i) override {
    const std::string *name =
        i.buffer >= 0 && size_t(i.buffer) < module.plan.buffers.size()
            ? &module.plan.buffers[size_t(i.buffer)].name
            : nullptr;
    out << i.core << '\t' << i.buffer << '\t' << i.copy << '\t' << i.start
        << '\t' << i.end << '\t' << i.bytes << '\t' << (name ? *name : "")
        << '\n';
  }

private:
  const code::Module &module;
  std::ostream &out;
};

} // namespace

std::vector<EmulatorArgument>
spyre::driver::emulatorArguments(const PreparedRun &run) {
  std::vector<EmulatorArgument> args;
  for (const PreparedRun::PlacedArgument &p : run.placedArguments()) {
    EmulatorArgument a;
    a.name = p.name;
    a.isArray = p.isArray;
    a.scalar = p.scalar;
    a.integer = p.integer;
    a.byteStart = p.byteStart;
    if (p.array)
      a.data = *p.array;
    args.push_back(std::move(a));
  }
  for (const MemoryRegion &r : run.placedRegions()) {
    EmulatorArgument a;
    a.name = r.name;
    a.isArray = a.region = true;
    a.lx = r.lx;
    a.core = r.core;
    a.byteStart = r.byteStart;
    a.data = r.data;
    args.push_back(std::move(a));
  }
  for (const BoundRange &r : run.boundRanges()) {
    EmulatorArgument a;
    a.name = r.name;
    a.region = true;
    a.byteStart = r.byteStart;
    a.rangeBytes = r.bytes;
    args.push_back(std::move(a));
  }
  return args;
}

EmulateResult spyre::driver::emulate(std::shared_ptr<const code::Module> module,
                                     const std::vector<EmulatorArgument> &arguments,
                                     const EmulateOptions &options) {
  EmulateResult result;
  std::shared_ptr<const runtime::Job> job =
      launchJob(module, arguments, options, result.errors);
  if (!job)
    return result;
  emu::Options mo;
  mo.cycleBudget = options.cycleBudget;
  mo.trace = options.trace;
  mo.traceLimit = options.traceLimit;
  mo.hbmRanges = arrayRanges(arguments);
  emu::Machine machine(*job, mo);
  placeInputs(machine, arguments);
  // The files are written as the run goes: their records are not kept.
  std::unique_ptr<OutputFile> traceFile, lxFile;
  std::unique_ptr<emu::ChromeTraceWriter> traceWriter;
  std::unique_ptr<LxIntervalWriter> lxWriter;
  if (!options.tracePath.empty()) {
    traceFile = std::make_unique<OutputFile>(options.tracePath);
    traceWriter = std::make_unique<emu::ChromeTraceWriter>(
        *job->prepared, traceFile->stream(), options.traceFrom, options.traceTo);
    machine.addSink(traceWriter.get());
  }
  if (!options.lxEventsPath.empty()) {
    lxFile = std::make_unique<OutputFile>(options.lxEventsPath);
    lxWriter = std::make_unique<LxIntervalWriter>(*module, lxFile->stream());
    machine.addSink(lxWriter.get());
  }
  for (emu::TraceSink *sink : options.sinks)
    machine.addSink(sink);
  auto start = std::chrono::steady_clock::now();
  emu::Machine::Status status = machine.run();
  result.wallSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  machine.closeOccupancy();
  result.summary = emu::summarise(machine);
  result.eventsPerSecond =
      result.wallSeconds > 0 ? double(machine.state().events) / result.wallSeconds : 0;
  if (status != emu::Machine::Status::Finished)
    noteFault(machine, result);
  readOutputs(machine, arguments, result);
  if (traceWriter) {
    traceWriter->finish(machine);
    if (!traceFile->close())
      result.errors.push_back("cannot write " + options.tracePath);
  }
  if (lxFile && !lxFile->close())
    result.errors.push_back("cannot write " + options.lxEventsPath);
  result.ok = result.errors.empty();
  return result;
}

std::unique_ptr<emu::Session>
spyre::driver::startSession(std::shared_ptr<const code::Module> module,
                            const std::vector<EmulatorArgument> &arguments,
                            const EmulateOptions &options,
                            std::vector<std::string> &errors,
                            const emu::SessionOptions &session) {
  std::shared_ptr<const runtime::Job> job =
      launchJob(module, arguments, options, errors);
  if (!job)
    return nullptr;
  emu::SessionOptions so = session;
  so.machine.cycleBudget = options.cycleBudget;
  so.machine.traceLimit = options.traceLimit;
  so.machine.hbmRanges = arrayRanges(arguments);
  auto s = std::make_unique<emu::Session>(
      job, [&](emu::Machine &m) { placeInputs(m, arguments); }, so);
  if (!s->refusal().empty()) {
    errors.push_back(s->refusal());
    return nullptr;
  }
  return s;
}

namespace {

/// Compiles (unless compiled) and places `request`'s kernel into `out`;
/// false when it cannot (out.errors says why) or was cancelled.
bool prepareEmulation(const EmulateRequest &request, Emulation &out) {
  const std::atomic<bool> *cancel = request.run.cancel;
  auto stopped = [&] { return cancel && cancel->load(); };
  out.module = request.spyreCode;
  if (request.arguments) {
    out.arguments = *request.arguments;
    if (!out.module)
      out.errors.push_back("no SpyreCode to run the arguments on");
    return out.errors.empty();
  }
  if (!out.module) {
    CompileRequest compile;
    compile.source = request.run.source;
    compile.sourceName = request.run.sourceName;
    compile.arch = request.options.arch.empty() ? request.run.arch : request.options.arch;
    compile.directory = request.directory;
    compile.doubleBuffer = request.doubleBuffer;
    compile.function = request.run.function;
    compile.grid = request.run.grid; // both engines run the grid asked for
    compile.cancel = cancel;
    CompileResult compiled = compileKernel(compile);
    if (compiled.cancelled || stopped()) {
      out.cancelled = true;
      return false;
    }
    for (const Diagnostic &d : compiled.diagnostics) {
      out.diagnostics.push_back(d);
      if (d.severity == Diagnostic::Severity::Error)
        out.errors.push_back(d.format());
    }
    if (!compiled.spyreCode) {
      out.errors.push_back("the kernel did not compile to SpyreCode");
      return false;
    }
    out.module = compiled.spyreCode;
  }
  out.interpreter = std::make_shared<PreparedRun>(request.run);
  if (!out.interpreter->ok()) {
    for (const Diagnostic &d : out.interpreter->run().diagnostics) {
      out.diagnostics.push_back(d);
      if (d.severity == Diagnostic::Severity::Error)
        out.errors.push_back(d.format());
    }
    if (out.errors.empty())
      out.errors.push_back("the kernel's inputs could not be placed");
    return false;
  }
  out.arguments = emulatorArguments(*out.interpreter);
  out.cancelled = stopped();
  return !out.cancelled;
}

EmulateOptions optionsOf(const EmulateRequest &request) {
  EmulateOptions o = request.options;
  if (o.arch.empty())
    o.arch = request.run.arch;
  return o;
}

} // namespace

Emulation spyre::driver::emulate(const EmulateRequest &request) {
  Emulation out;
  if (!prepareEmulation(request, out))
    return out;
  if (request.recorded)
    out.result = sessionResult(*request.recorded, out.arguments);
  else
    out.result = emulate(out.module, out.arguments, optionsOf(request));
  return out;
}

Emulation spyre::driver::startSession(const EmulateRequest &request,
                                      const emu::SessionOptions &session) {
  Emulation out;
  if (!prepareEmulation(request, out))
    return out;
  emu::SessionOptions so = session;
  if (!so.cancel)
    so.cancel = request.run.cancel;
  out.session = startSession(out.module, out.arguments, optionsOf(request),
                             out.errors, so);
  return out;
}

EmulateResult
spyre::driver::sessionResult(const emu::Session &session,
                             const std::vector<EmulatorArgument> &arguments) {
  EmulateResult result;
  if (!session.complete()) {
    result.errors.push_back(session.cancelled()
                                ? "the run's recording was stopped before its end"
                                : "the run is still being recorded");
    return result;
  }
  const emu::Machine &machine = session.finalMachine();
  // The session closed the occupancy intervals when its recording ended.
  result.summary = emu::summarise(machine);
  if (machine.status() != emu::Machine::Status::Finished)
    noteFault(machine, result);
  readOutputs(machine, arguments, result);
  result.ok = result.errors.empty();
  return result;
}

uint64_t spyre::driver::emulationsStarted() {
  return emulations.load(std::memory_order_relaxed);
}

std::string spyre::driver::emulateReportJson(const EmulateResult &r) {
  const emu::Summary &s = r.summary;
  nlohmann::json j;
  j["ok"] = r.ok;
  j["errors"] = r.errors;
  j["total_cycles"] = s.totalCycles;
  j["time_us"] = s.timeUs;
  j["events"] = s.events;
  j["events_per_s"] = r.eventsPerSecond;
  j["wall_s"] = r.wallSeconds;
  j["bottleneck"] = s.bottleneck;
  j["bottleneck_closeness"] = s.closeness;
  j["bounds"] = {{"hbm", s.boundHbm}, {"compute", s.boundCompute}, {"ring", s.boundRing}};
  j["hbm_bytes"] = s.hbmBytes;
  j["held_tile_bytes"] = s.heldTileBytes;
  j["compute_local_bytes"] = s.computeLocalBytes;
  nlohmann::json engines = nlohmann::json::array();
  for (const emu::EngineUse &e : s.engines)
    engines.push_back({{"core", e.core},
                       {"unit", e.unit},
                       {"instance", e.instance},
                       {"busy_cycles", e.busyCycles},
                       {"utilisation", e.utilisation}});
  j["engines"] = engines;
  j["peak_lx_bytes"] = s.peakLxBytes;
  nlohmann::json links = nlohmann::json::array();
  for (const emu::LinkUse &l : s.links)
    links.push_back({{"link", l.link},
                     {"direction", l.direction == 0 ? "up" : "down"},
                     {"bytes", l.bytes},
                     {"utilisation", l.utilisation}});
  j["ring_links"] = links;
  return j.dump(1);
}
