//===- Presets.h - an architecture preset, for the tests --------*- C++ -*-===//
#ifndef SPYRE_TESTS_SPYRECODE_PRESETS_H
#define SPYRE_TESTS_SPYRECODE_PRESETS_H

#include "arch/Arch.h"

#include <string>
#include <vector>

/// The preset architecture `name` ("spyre", "spyre-4core"), parsed; an empty
/// Arch when there is none of that name.
inline spyre::arch::Arch preset(const std::string &name) {
  std::vector<spyre::arch::Diagnostic> errors;
  std::optional<std::string_view> text = spyre::arch::presetText(name);
  if (!text)
    return {};
  auto a = spyre::arch::parseArch(*text, name, errors);
  return a ? *a : spyre::arch::Arch{};
}

#endif
