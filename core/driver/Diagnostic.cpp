//===- Diagnostic.cpp - a diagnostic in plain std types -------------------===//

#include "driver/Diagnostic.h"

#include <algorithm>

namespace {

const std::string kOpDumpLead = "see current operation: ";

/// An op dump (Diagnostic::isOpDump) of an op with regions (a function, a
/// whole snapshot) is hundreds of lines that bury the error it follows:
/// such an op is named, not printed.
std::string briefOpDump(const std::string &note) {
  const size_t breaks = size_t(std::count(note.begin(), note.end(), '\n'));
  constexpr size_t kLongest = 240;
  if (breaks == 0 && note.size() <= kLongest)
    return note;
  // The generic form's first quoted word is the op's name: `%0 = "a.b"(`.
  std::string name = "the op";
  const size_t open = note.find('"', kOpDumpLead.size());
  const size_t close = open == std::string::npos ? open : note.find('"', open + 1);
  if (close != std::string::npos)
    name = "'" + note.substr(open + 1, close - open - 1) + "'";
  return kOpDumpLead + name + " (" + std::to_string(breaks + 1) +
         " lines in generic form, left out)";
}

} // namespace

std::string spyre::driver::Diagnostic::format() const {
  const char *kind = severity == Severity::Error     ? "error"
                     : severity == Severity::Warning ? "warning"
                     : severity == Severity::Note    ? "note"
                                                     : "remark";
  std::string out = file.empty() ? std::string("<unknown>") : file;
  if (line > 0)
    out += ":" + std::to_string(line) +
           (column > 0 ? ":" + std::to_string(column) : std::string());
  return out + ": " + kind + ": " + (isOpDump() ? briefOpDump(message) : message);
}
