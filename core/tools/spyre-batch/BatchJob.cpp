//===- BatchJob.cpp - one kernel through every stage, as one JSON line ----===//

#include "BatchJob.h"
#include "KernelFiles.h"

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/NumericsVerdict.h"
#include "driver/Run.h"
#include "support/Limits.h"
#include "support/ReadFile.h"

#include <charconv>
#include <cmath>

using namespace spyre;
using namespace spyre::driver;

const char *const spyre::batch::kStages[6] = {
    "none", "parsed", "spyrecode", "emulated", "interpreted", "compared"};

namespace {

std::string firstError(const std::vector<Diagnostic> &diagnostics) {
  for (const Diagnostic &d : diagnostics)
    if (d.severity == Diagnostic::Severity::Error)
      return d.format();
  return diagnostics.empty() ? "" : diagnostics.front().format();
}

/// The scalar arguments, as spyre-run's --arg takes them.
std::map<std::string, Argument>
scalarArguments(const std::map<std::string, std::string> &given) {
  std::map<std::string, Argument> args;
  for (const auto &[name, text] : given) {
    Argument a;
    const char *begin = text.data(), *end = text.data() + text.size();
    int64_t whole = 0;
    auto [at, ec] = std::from_chars(begin, end, whole);
    if (ec == std::errc() && at == end) {
      a.integer = whole;
      a.scalar = double(whole);
    } else {
      double number = 0;
      auto [at2, ec2] = std::from_chars(begin, end, number);
      if (ec2 != std::errc() || at2 != end)
        continue; // not a number: the run then says the value is missing
      a.scalar = number;
    }
    args[name] = a;
  }
  return args;
}

/// The arguments a run could not be prepared without ("no value given for
/// argument %NAME"), or none when it failed for another reason.
std::vector<std::string> missingInputs(const std::vector<Diagnostic> &ds) {
  static const std::string kMissing = "no value given for argument %";
  std::vector<std::string> names;
  for (const Diagnostic &d : ds)
    if (d.message.rfind(kMissing, 0) == 0)
      names.push_back(d.message.substr(kMissing.size()));
  return names;
}

/// Judges the emulator's arrays and regions against the interpreter's
/// (run with its shadow) into `out`: the numerics verdict of the worst
/// output (docs/numerics.md), no per-kernel tolerance.
void judge(const RunResult &interp, const EmulateResult &emu, nlohmann::json &out) {
  NumericsVerdict verdict = judgeOutputs(interp, emu.arrays, emu.regions);
  static const char *const kNames[] = {"exact", "within-rounding", "wrong"};
  out["verdict"] = kNames[int(verdict.overall())];
  size_t differing = 0, outside = 0, unbounded = 0, referenceOutside = 0;
  const OutputVerdict *worst = nullptr;
  for (const OutputVerdict &o : verdict.outputs) {
    differing += o.differing + (o.missing || !o.sameSize ? 1 : 0);
    outside += o.outside;
    unbounded += o.unbounded;
    referenceOutside += o.referenceOutside;
    if (!worst || o.verdict > worst->verdict ||
        (o.verdict == worst->verdict && o.worst.errorUlps > worst->worst.errorUlps))
      worst = &o;
  }
  out["differing"] = differing;
  out["outside"] = outside;
  if (unbounded)
    out["unbounded"] = unbounded;
  // The interpreter outside its own bound (spyre-run warns): the bound
  // model is wrong there (docs/numerics.md).
  if (referenceOutside)
    out["reference_outside"] = referenceOutside;
  if (worst && worst->verdict != Verdict::Exact) {
    out["worst_ulps"] = worst->worst.errorUlps;
    if (std::isfinite(worst->worst.boundUlps))
      out["bound_ulps"] = worst->worst.boundUlps;
    out["judged"] = worst->text;
  }
}

} // namespace

nlohmann::json spyre::batch::runJob(
    const JobSpec &job, const std::function<void(const char *)> &reached) {
  nlohmann::json out;
  out["file"] = job.path;
  out["function"] = job.function;
  out["stage"] = "none";
  auto stage = [&](const char *s) {
    out["stage"] = s;
    reached(s);
  };
  std::string source, error;
  if (!readFileBounded(job.path, limits::kMaxKernelBytes, source, error)) {
    out["verdict"] = "refused";
    out["first_error"] = error;
    return out;
  }

  CompileRequest compile;
  compile.source = source;
  compile.sourceName = job.path;
  compile.arch = job.arch;
  compile.function = job.function;
  CompileResult compiled = compileKernel(compile);
  if (!compiled.function.empty())
    out["function"] = compiled.function;
  if (!compiled.snapshots.empty())
    stage("parsed");
  if (!compiled.ok || !compiled.spyreCode) {
    bool internal = false;
    for (const Diagnostic &d : compiled.diagnostics)
      internal = internal || d.internal;
    out["verdict"] = internal ? "ice" : "refused";
    out["first_error"] = firstError(compiled.diagnostics);
    return out;
  }
  stage("spyrecode");

  RunRequest request;
  request.source = source;
  request.sourceName = job.path;
  request.function = compiled.function;
  request.arch = job.arch;
  request.seed = job.seed;
  request.args = scalarArguments(job.args);
  request.shadow = true;
  if (job.noLxLimit)
    request.hwConfig["lx_size_mb"] = double(limits::kMaxArrayBytes >> 20);
  PreparedRun interp(request);
  if (!interp.ok()) {
    RunResult failed = interp.run();
    std::vector<std::string> missing = missingInputs(failed.diagnostics);
    out["verdict"] = missing.empty() ? "refused" : "needs-inputs";
    if (!missing.empty())
      out["missing_inputs"] = missing;
    out["first_error"] = firstError(failed.diagnostics);
    return out;
  }

  EmulateOptions eo;
  eo.arch = job.arch;
  eo.cycleBudget = job.cycleBudget;
  EmulateResult emu = emulate(compiled.spyreCode, emulatorArguments(interp), eo);
  if (!emu.ok) {
    out["verdict"] = "emulator-fault";
    out["first_error"] = emu.errors.empty() ? "" : emu.errors.front();
    return out;
  }
  stage("emulated");
  out["cycles"] = emu.summary.totalCycles;
  out["bottleneck"] = emu.summary.bottleneck;
  if (uint64_t(emu.summary.heldTileBytes) > emu.summary.computeLocalBytes)
    out["held_tile_bytes"] = emu.summary.heldTileBytes;

  RunResult reference = interp.run();
  if (!reference.ok) {
    out["verdict"] = "refused";
    out["first_error"] = firstError(reference.diagnostics);
    return out;
  }
  stage("interpreted");
  out["interpreter_cycles"] = reference.kernelCycles;
  judge(reference, emu, out);
  stage("compared");
  return out;
}
