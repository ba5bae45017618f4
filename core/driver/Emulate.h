//===- Emulate.h - run SpyreCode on the emulator: the std-only API -*- C++ -*-===//
//
// What spyre-run and the GUI use to execute a compiled kernel (a SpyreCode
// module: compileKernel's CompileResult::spyreCode or a .spyb file) on the
// cycle-level emulator (core/emu, docs/emulator.md). Std types only.
//
// One request (EmulateRequest: the kernel as KTIR source or SpyreCode, its
// inputs as the interpreter is given them, the options), two ways in:
//   * emulate(request): one whole run -> outputs, the report's numbers
//     and, on request, the Chrome trace written as it runs
//     (emu/ChromeTrace.h, gzipped for a ".gz" name, a cycle window);
//   * startSession(request): a run recorded once and then stepped through:
//     emu::Session (emu/Session.h) steps one event, one cycle, to a cycle,
//     to the next event of a KTIR line or DataflowIR op, and backwards
//     (deterministic replay from checkpoints). Its Machine gives the whole
//     state at the current event (engines' pc and status, channel levels,
//     memories) and its trace() everything the timeline needs:
//       TraceEvent    cycle, duration, engine, pc, kind (issue / block /
//                     unblock / halt); engine -> core and unit through
//                     Prepared::engines, pc -> DataflowIR op and KTIR line
//                     through Instr::loc and Module::locations;
//       LxInterval    per core, per buffer copy: occupied [start, end);
//       FifoSample    per core, per channel: slots in use after a change;
//       LinkTransfer  per ring link and direction: [start, end), bytes;
//       HbmTransfer   the shared HBM port: [start, end), bytes, core.
//
// Arguments are given as the interpreter places them (driver/Run.h:
// arrays at byte addresses of device memory, scalars as values), so the
// same inputs drive both engines; each module symbol is bound by name.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_EMULATE_H
#define SPYRE_DRIVER_EMULATE_H

#include "driver/Diagnostic.h"
#include "emu/Report.h"
#include "driver/Run.h"
#include "emu/Session.h"
#include "spyrecode/SpyreCode.h"
#include "support/Npy.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace spyre::driver {

/// One kernel argument as placed in device memory, or (region) memory the
/// kernel reaches through addresses it builds itself (driver/Run.h's
/// MemoryRegion: no symbol binds it).
struct EmulatorArgument {
  std::string name;
  bool isArray = false;
  bool region = false;
  bool lx = false; ///< regions: in core `core`'s scratchpad, not HBM
  int core = 0;
  double scalar = 0;      ///< scalars (and dimensions)
  /// Integer scalars and dimensions given exactly (beyond 2^53 too); without
  /// it `scalar` is taken, which must then be a whole number.
  std::optional<int64_t> integer;
  uint64_t byteStart = 0; ///< arrays: where the array starts
  npy::Array data;        ///< arrays: the contents before the run
  /// A region bound without data (PreparedRun::boundRanges): this many HBM
  /// bytes from byteStart may be addressed; they read as zero.
  uint64_t rangeBytes = 0;
};

/// The arguments exactly as the interpreter places them for `run`
/// (seeded arrays included), so both engines see the same bytes.
std::vector<EmulatorArgument> emulatorArguments(const PreparedRun &run);

struct EmulateOptions {
  std::string arch; ///< preset name or TOML file; empty: the module's own
                    ///< architecture name if it is a preset, else Spyre
  uint64_t cycleBudget = 1'000'000'000;
  bool trace = false;         ///< keep the trace in memory (bounded)
  size_t traceLimit = 4'000'000;
  /// Write the Chrome trace here as the run goes (".gz": compressed); only
  /// cycles [traceFrom, traceTo).
  std::string tracePath;
  uint64_t traceFrom = 0, traceTo = UINT64_MAX;
  /// Write each scratchpad interval here as it closes (one a line: core,
  /// buffer, copy, start, end, bytes, the buffer's name; tab-separated).
  std::string lxEventsPath;
  /// More sinks for the run's records (not owned).
  std::vector<emu::TraceSink *> sinks;
};

struct EmulateResult {
  bool ok = false;
  std::vector<std::string> errors; ///< with KTIR line and op where known
  /// The KTIR line of the instruction a fault (an error, a deadlock's
  /// first blocked engine with a line) stopped at; 0 when unknown.
  int faultLine = 0;
  std::map<std::string, npy::Array> arrays; ///< every array, after the run
  std::map<std::string, npy::Array> regions; ///< every region, after the run
  emu::Summary summary;
  double wallSeconds = 0;     ///< the event loop alone
  double eventsPerSecond = 0;
};

/// Prepares, launches and runs `module` once.
EmulateResult emulate(std::shared_ptr<const code::Module> module,
                      const std::vector<EmulatorArgument> &arguments,
                      const EmulateOptions &options = {});

/// What emulate() gives for the same inputs, read from a run `session`
/// recorded (Session::complete()): its summary (the report's numbers),
/// every array and region read back from the final machine's memories at
/// the arguments' places, and the fault when the run did not finish. No
/// event is run; wallSeconds and eventsPerSecond stay 0. A session not
/// complete gives an error and no outputs.
EmulateResult sessionResult(const emu::Session &session,
                            const std::vector<EmulatorArgument> &arguments);

/// How many emulations this process has started (emulate() and
/// startSession() calls that launched a job): tests count them to check
/// that a view reuses a recorded run instead of running another.
uint64_t emulationsStarted();

/// The report fields the emulator adds (issue 12): total_cycles, time_us,
/// engines (utilisation per engine per core), peak_lx_bytes per core,
/// ring_links, bottleneck, bounds {hbm, compute, ring}, events,
/// events_per_s; plus ok, errors, wall_s.
std::string emulateReportJson(const EmulateResult &result);

/// A session over one launch (see emu/Session.h), or null with `errors`
/// (a session the options cannot make: its Session::refusal()).
std::unique_ptr<emu::Session>
startSession(std::shared_ptr<const code::Module> module,
             const std::vector<EmulatorArgument> &arguments,
             const EmulateOptions &options, std::vector<std::string> &errors,
             const emu::SessionOptions &session = {});

/// What to emulate: the kernel, its inputs, the options.
struct EmulateRequest {
  /// The kernel's KTIR source and its inputs as the interpreter is given
  /// them (source, sourceName, arch, seed, args, regions, grid, cancel):
  /// the source is compiled (unless `spyreCode` is given) and the inputs
  /// placed exactly as the interpreter places them.
  RunRequest run;
  std::string directory; ///< where the kernel's device imports are found
  bool doubleBuffer = true; ///< compiled with double buffering
  /// The compiled kernel (then `run.source` only places the inputs).
  std::shared_ptr<const code::Module> spyreCode;
  /// The arguments already placed (a .spyb's, bound by symbol): then
  /// nothing is compiled or placed from `run`.
  std::optional<std::vector<EmulatorArgument>> arguments;
  /// Its `arch` empty: run.arch.
  EmulateOptions options;
  /// A whole run of these very inputs recorded already (complete()):
  /// emulate() reads its result from it (sessionResult) instead of
  /// running the kernel again; `spyreCode` is then its module.
  std::shared_ptr<const emu::Session> recorded;
};

/// A request emulated (emulate) or recorded (startSession).
struct Emulation {
  /// Why nothing ran: the compile's and the inputs' errors, formatted
  /// with file and line (diagnostics holds them whole); the run's own
  /// errors (a fault) are result.errors.
  std::vector<std::string> errors;
  /// The compile's (all severities) and, when the inputs could not be
  /// placed, the placement's; the notes of inputs placed are
  /// interpreter->preparingDiagnostics().
  std::vector<Diagnostic> diagnostics;
  bool cancelled = false;
  std::shared_ptr<const code::Module> module;
  /// The interpreter's run on the same inputs (null when the arguments
  /// were given): run() gives the reference outputs.
  std::shared_ptr<PreparedRun> interpreter;
  std::vector<EmulatorArgument> arguments;
  EmulateResult result;                  ///< emulate(request)
  std::unique_ptr<emu::Session> session; ///< startSession(request)
  bool ok() const { return errors.empty() && !cancelled; }
};

/// Compiles (unless compiled), places the inputs and runs the kernel once.
Emulation emulate(const EmulateRequest &request);
/// The same, recording a session to step through instead of one run.
Emulation startSession(const EmulateRequest &request,
                       const emu::SessionOptions &session);

} // namespace spyre::driver

#endif
