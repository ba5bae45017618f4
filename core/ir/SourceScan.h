//===- SourceScan.h - walk KTIR text outside comments and strings -*- C++ -*-===//
//
// The text fix-ups applied before parsing (ir/SourceFixups.h,
// ir/LegacyExpandShape.h) look for spellings in code only: never inside a
// `//` comment or a string literal, where the same words may stand.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_SOURCESCAN_H
#define SPYRE_IR_SOURCESCAN_H

#include <cstddef>
#include <string_view>

namespace spyre {

/// Calls `visit(i)` for each position i of `source` that is code (outside
/// `//` comments and string literals, the quotes included). `visit`
/// returns the position it has read up to: the scan goes on after it (i to
/// go on with the next character).
template <typename Visit>
void forEachCodePosition(std::string_view source, Visit visit) {
  bool inComment = false, inString = false;
  for (size_t i = 0; i < source.size(); ++i) {
    char c = source[i];
    if (inComment) {
      inComment = c != '\n';
      continue;
    }
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"' || c == '\n')
        inString = false;
      continue;
    }
    if (c == '/' && i + 1 < source.size() && source[i + 1] == '/') {
      inComment = true;
      continue;
    }
    if (c == '"') {
      inString = true;
      continue;
    }
    i = visit(i);
  }
}

} // namespace spyre

#endif
