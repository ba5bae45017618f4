//===- KernelInput.cpp - what a run of the editor's kernel is made of -----===//

#include "KernelInput.h"

#include "driver/KernelArguments.h"
#include "support/Limits.h"

#include <algorithm>

namespace {

/// `given` without the files and values of arguments `request`'s kernel
/// does not have: they were chosen for another kernel (Run ▸ Inputs… keeps
/// them for when one with those arguments comes back) and are not this
/// run's. Everything is kept when the kernel does not parse (the run then
/// fails on that).
RunInputs forKernel(RunInputs given, const spyre::driver::RunRequest &request) {
  if (given.files.empty() && given.scalars.empty())
    return given;
  std::vector<spyre::driver::Diagnostic> diagnostics;
  const std::vector<spyre::driver::KernelArgument> arguments =
      spyre::driver::describeArguments(request, diagnostics);
  if (arguments.empty() && !diagnostics.empty())
    return given;
  QStringList names;
  for (const auto &a : arguments)
    names << QString::fromStdString(a.name);
  return given.forArguments(names);
}

} // namespace

bool KernelInput::runRequest(spyre::driver::RunRequest &out, QStringList &errors,
                             const std::atomic<bool> *cancel, RunInputs *sent) const {
  out.source = source.toStdString();
  out.sourceName = name.toStdString();
  out.arch = arch.toStdString();
  out.function = function.toStdString();
  out.seed = seed;
  out.cancel = cancel;
  applyLxLimit(out);
  const RunInputs used = forKernel(inputs(), out);
  if (sent)
    *sent = used;
  return used.load(out.args, errors);
}

void KernelInput::applyLxLimit(spyre::driver::RunRequest &out) const {
  if (noLxLimit)
    out.hwConfig["lx_size_mb"] = double(spyre::limits::kMaxArrayBytes >> 20);
}

bool KernelInput::emulateRequest(spyre::driver::EmulateRequest &out,
                                 QStringList &errors,
                                 const std::atomic<bool> *cancel, RunInputs *sent) const {
  if (!runRequest(out.run, errors, cancel, sent))
    return false;
  out.directory = directory.toStdString();
  out.spyreCode = spyreCode;
  out.options.arch = arch.toStdString();
  out.options.cycleBudget = cycleBudget;
  return true;
}
