//===- Architecture.cpp - the architecture a request names ----------------===//

#include "driver/Architecture.h"

std::optional<spyre::arch::Arch>
spyre::driver::loadArchitecture(const std::string &name,
                                std::vector<Diagnostic> &diagnostics) {
  std::string archName = name.empty() ? "spyre" : name;
  if (archName == "spyre")
    return arch::defaultArch();
  std::vector<arch::Diagnostic> errors;
  std::optional<arch::Arch> result;
  if (std::optional<std::string_view> preset = arch::presetText(archName))
    result = arch::parseArch(*preset, "<preset:" + archName + ">", errors);
  else
    result = arch::loadArch(archName, errors);
  for (const arch::Diagnostic &e : errors)
    diagnostics.push_back(
        {Diagnostic::Severity::Error, archName, e.line, e.column, e.message, ""});
  return result;
}
