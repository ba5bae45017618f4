//===- CodeError.cpp - format a problem found in a SpyreCode module -------===//

#include "spyrecode/CodeError.h"
#include "spyrecode/SpyreCode.h"

namespace spyre::code {

std::string formatCodeError(const Module *module, const CodeError &e) {
  std::string out;
  if (e.program >= 0) {
    out += "program " + std::to_string(e.program);
    if (module && size_t(e.program) < module->programs.size())
      out += " (" + module->programs[size_t(e.program)].unit + ")";
    if (e.instr >= 0)
      out += " @" + std::to_string(e.instr);
    out += ": ";
  }
  if (e.loc != 0) {
    if (module && e.loc < module->locations.size()) {
      const Location &l = module->locations[e.loc];
      if (l.ktirLine)
        out += "line " + std::to_string(l.ktirLine) + ": ";
      if (!l.op.empty())
        out += l.op + ": ";
    } else {
      out += "location #" + std::to_string(e.loc) + ": ";
    }
  }
  return out + e.message;
}

std::string formatCodeErrors(const Module *module,
                             const std::vector<CodeError> &errors) {
  std::string out;
  for (const CodeError &e : errors)
    out += formatCodeError(module, e) + "\n";
  return out;
}

} // namespace spyre::code
