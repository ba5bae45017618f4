//===- KernelLines.h - where a text is in a kernel, for tests ---*- C++ -*-===//
#ifndef SPYRE_TESTS_INTERP_KERNELLINES_H
#define SPYRE_TESTS_INTERP_KERNELLINES_H

#include <QtGlobal>

#include <algorithm>
#include <string>

/// The 1-based line of `source` on which `needle` first occurs; stops the
/// test when it does not occur.
inline int lineOf(const std::string &source, const std::string &needle) {
  size_t at = source.find(needle);
  if (at == std::string::npos)
    qFatal("lineOf: '%s' is not in the kernel", needle.c_str());
  return 1 + static_cast<int>(std::count(source.begin(), source.begin() + long(at), '\n'));
}

#endif
