//===- RunOutputs.cpp - spyre-run's --out and --output files --------------===//

#include "RunOutputs.h"

#include <iostream>
#include <map>

namespace spyre::tools {

bool writeRunOutputs(
    const std::string &outPath,
    const std::vector<std::pair<std::string, std::string>> &outputs,
    const driver::RunResult &run, const driver::Record *record) {
  std::string error;
  if (!outPath.empty()) {
    std::map<std::string, npy::Array> out;
    if (record) {
      for (auto &[key, array] : driver::recordOutputs(*record, run))
        out["out__" + key] = array;
    } else {
      for (const auto *arrays : {&run.arrays, &run.regions})
        for (auto &[key, array] : *arrays)
          out["out__" + key] = array;
    }
    if (!npy::writeNpz(outPath, out, error)) {
      std::cerr << "spyre-run: " << error << "\n";
      return false;
    }
  }
  for (auto &[name, path] : outputs) {
    auto it = run.arrays.find(name);
    if (it == run.arrays.end()) {
      std::cerr << "spyre-run: --output " << name
                << ": no array argument of that name\n";
      return false;
    }
    if (!npy::writeNpy(path, it->second, error)) {
      std::cerr << "spyre-run: " << error << "\n";
      return false;
    }
  }
  return true;
}

} // namespace spyre::tools
