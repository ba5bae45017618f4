//===- RunArgsComment.cpp - a kernel's own "// RUN-ARGS:" line ------------===//

#include "driver/RunArgsComment.h"

#include <sstream>

bool spyre::driver::readRunArgsComment(const std::string &source, RunArgsComment &out,
                                       std::string &error) {
  const std::string tag = "// RUN-ARGS:";
  size_t at = source.find(tag);
  while (at != std::string::npos && at > 0 && source[at - 1] != '\n')
    at = source.find(tag, at + 1);
  if (at == std::string::npos)
    return true;
  size_t end = source.find('\n', at);
  std::istringstream words(source.substr(
      at + tag.size(), end == std::string::npos ? std::string::npos : end - at - tag.size()));
  std::string flag, pair;
  while (words >> flag) {
    if (flag == "--no-lx-limit") {
      out.noLxLimit = true;
      continue;
    }
    size_t eq = std::string::npos;
    if (flag != "--arg" || !(words >> pair) || (eq = pair.find('=')) == std::string::npos ||
        eq == 0) {
      error = "RUN-ARGS: expected --arg NAME=VALUE or --no-lx-limit, not '" +
              (flag == "--arg" ? pair : flag) + "'";
      return false;
    }
    out.args[pair.substr(0, eq)] = pair.substr(eq + 1);
  }
  return true;
}
