//===- RunOutputs.cpp - spyre-run's --out and --output files --------------===//

#include "RunOutputs.h"

#include <iostream>
#include <map>

namespace spyre::tools {

namespace {

/// NumPy has no bf16: a bf16 array is written as f32, every value exact
/// (what spyre-run's --input takes back for a bf16 view).
npy::Array writable(const npy::Array &array) {
  if (array.dtype != "bf16")
    return array;
  npy::Array out;
  out.dtype = "f32";
  out.shape = array.shape;
  out.data.resize(array.data.size() * 2);
  for (size_t e = 0; e < array.data.size() / 2; ++e) {
    // bf16 is the high half of an f32's bits.
    out.data[4 * e + 2] = array.data[2 * e];
    out.data[4 * e + 3] = array.data[2 * e + 1];
  }
  return out;
}

} // namespace

bool writeRunOutputs(
    const std::string &outPath,
    const std::vector<std::pair<std::string, std::string>> &outputs,
    const driver::RunResult &run, const driver::Record *record) {
  std::string error;
  if (!outPath.empty()) {
    std::map<std::string, npy::Array> out;
    if (record) {
      for (auto &[key, array] : driver::recordOutputs(*record, run))
        out["out__" + key] = writable(array);
    } else {
      for (const auto *arrays : {&run.arrays, &run.regions})
        for (auto &[key, array] : *arrays)
          out["out__" + key] = writable(array);
    }
    if (!npy::writeNpz(outPath, out, error)) {
      std::cerr << "spyre-run: " << error << "\n";
      return false;
    }
  }
  for (auto &[name, path] : outputs) {
    // An array argument, or a memory region the run placed (the data of
    // ct_local views it filled, named as the run names it).
    const npy::Array *array = nullptr;
    for (const auto *arrays : {&run.arrays, &run.regions})
      if (auto it = arrays->find(name); !array && it != arrays->end())
        array = &it->second;
    if (!array) {
      std::cerr << "spyre-run: --output " << name
                << ": no array argument or memory region of that name";
      if (!run.regions.empty()) {
        std::cerr << " (the regions:";
        for (auto &[region, data] : run.regions)
          std::cerr << " " << region;
        std::cerr << ")";
      }
      std::cerr << "\n";
      return false;
    }
    if (!npy::writeNpy(path, writable(*array), error)) {
      std::cerr << "spyre-run: " << error << "\n";
      return false;
    }
  }
  return true;
}

} // namespace spyre::tools
