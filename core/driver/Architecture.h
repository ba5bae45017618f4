//===- Architecture.h - the architecture a request names --------*- C++ -*-===//
#ifndef SPYRE_DRIVER_ARCHITECTURE_H
#define SPYRE_DRIVER_ARCHITECTURE_H

#include "arch/Arch.h"
#include "driver/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace spyre::driver {

/// A preset name ("spyre", "spyre-4core"), a TOML file, or empty for the
/// Spyre default; errors (with file, line and column) go to `diagnostics`.
std::optional<arch::Arch> loadArchitecture(const std::string &name,
                                           std::vector<Diagnostic> &diagnostics);

} // namespace spyre::driver

#endif
