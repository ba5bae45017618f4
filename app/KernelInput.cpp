//===- KernelInput.cpp - what a run of the editor's kernel is made of -----===//

#include "KernelInput.h"

#include "support/Limits.h"

bool KernelInput::runRequest(spyre::driver::RunRequest &out, QStringList &errors,
                             const std::atomic<bool> *cancel) const {
  out.source = source.toStdString();
  out.sourceName = name.toStdString();
  out.arch = arch.toStdString();
  out.function = function.toStdString();
  out.seed = seed;
  out.cancel = cancel;
  applyLxLimit(out);
  return inputs().load(out.args, errors);
}

void KernelInput::applyLxLimit(spyre::driver::RunRequest &out) const {
  if (noLxLimit)
    out.hwConfig["lx_size_mb"] = double(spyre::limits::kMaxArrayBytes >> 20);
}

bool KernelInput::emulateRequest(spyre::driver::EmulateRequest &out,
                                 QStringList &errors,
                                 const std::atomic<bool> *cancel) const {
  if (!runRequest(out.run, errors, cancel))
    return false;
  out.directory = directory.toStdString();
  out.spyreCode = spyreCode;
  out.options.arch = arch.toStdString();
  out.options.cycleBudget = cycleBudget;
  return true;
}
