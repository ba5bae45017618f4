//===- KernelFiles.cpp - the kernels of a batch and their inputs ----------===//

#include "KernelFiles.h"
#include "driver/RunArgsComment.h"

#include "support/Limits.h"
#include "support/ReadFile.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace fs = std::filesystem;
using namespace spyre;

namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r");
  size_t e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

bool isKernel(const fs::path &p) {
  return p.extension() == ".mlir" || p.extension() == ".ktir";
}

} // namespace

bool spyre::batch::splitAssignment(const std::string &text, std::string &name,
                                   std::string &value) {
  size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    return false;
  name = trim(text.substr(0, eq));
  value = trim(text.substr(eq + 1));
  return !name.empty();
}

bool spyre::batch::collectKernelFiles(const std::vector<std::string> &inputs,
                                      std::vector<std::string> &files,
                                      std::string &error) {
  for (const std::string &input : inputs) {
    std::error_code ec;
    if (fs::is_directory(input, ec)) {
      fs::recursive_directory_iterator it(
          input, fs::directory_options::skip_permission_denied, ec);
      for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec) && isKernel(it->path()))
          files.push_back(it->path().string());
      if (ec) {
        error = input + ": " + ec.message();
        return false;
      }
      continue;
    }
    std::string text;
    if (!readFileBounded(input, limits::kMaxKernelBytes, text, error))
      return false;
    if (isKernel(input)) { // a kernel named directly
      files.push_back(input);
      continue;
    }
    fs::path base = fs::path(input).parent_path();
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      line = trim(line.substr(0, line.find('#')));
      if (!line.empty())
        files.push_back(fs::path(line).is_absolute() ? line
                                                     : (base / line).string());
    }
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return true;
}

spyre::batch::FileSettings
spyre::batch::fileSettings(const std::string &path, const std::string &function,
                           std::string &error) {
  FileSettings settings;
  std::map<std::string, std::string> &args = settings.args;
  std::string name, value, text, readError;
  if (readFileBounded(path, limits::kMaxKernelBytes, text, readError)) {
    driver::RunArgsComment comment;
    if (!driver::readRunArgsComment(text, comment, readError))
      error = path + ": " + readError;
    args = comment.args;
    settings.noLxLimit = comment.noLxLimit;
  }
  std::string sidecar;
  if (!fs::exists(path + ".args"))
    return settings;
  if (!readFileBounded(path + ".args", limits::kMaxKernelBytes, sidecar,
                       readError)) {
    error = readError;
    return settings;
  }
  std::istringstream in(sidecar);
  std::string section;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    line = trim(line.substr(0, line.find('#')));
    if (line.empty())
      continue;
    if (line.front() == '[' && line.back() == ']') {
      section = trim(line.substr(1, line.size() - 2));
      continue;
    }
    if (!splitAssignment(line, name, value)) {
      error = path + ".args:" + std::to_string(number) +
              ": expected NAME=VALUE or [FUNCTION]";
      continue;
    }
    if (section.empty() || section == function)
      args[name] = value;
  }
  return settings;
}
