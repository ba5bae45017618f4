//===- Record.cpp - oracle records of the KTIR corpus ---------------------===//

#include "driver/Record.h"

#include <nlohmann/json.hpp>

#include "support/Limits.h"
#include "support/ReadFile.h"

#include <set>
#include <stdexcept>

using namespace spyre;
using namespace spyre::driver;
using json = nlohmann::json;

namespace {

/// A whole number in [lo, hi] (a JSON integer, not a float or a string):
/// anything else throws with a message naming `what`.
int64_t wholeNumber(const json &value, const std::string &what, int64_t lo,
                    int64_t hi) {
  if (!value.is_number_integer())
    throw std::runtime_error(what + " must be a whole number, got " +
                             value.dump());
  if (value.is_number_unsigned() && value.get<uint64_t>() > uint64_t(hi))
    throw std::runtime_error(what + " must be at most " + std::to_string(hi) +
                             ", got " + value.dump());
  int64_t v = value.get<int64_t>();
  if (v < lo || v > hi)
    throw std::runtime_error(what + " must be between " + std::to_string(lo) +
                             " and " + std::to_string(hi) + ", got " +
                             value.dump());
  return v;
}

} // namespace

bool spyre::driver::loadRecord(const std::string &jsonPath, Record &record,
                               std::string &error) {
  std::string text;
  if (!readFileBounded(jsonPath, limits::kMaxRecordBytes, text, error)) {
    error = "cannot read record " + error;
    return false;
  }
  json j;
  try {
    j = json::parse(text);
  } catch (const std::exception &e) {
    error = jsonPath + ": not valid JSON: " + e.what();
    return false;
  }
  std::string npzPath = jsonPath.substr(0, jsonPath.size() - 5) + ".npz";
  // Only the members the manifest names are read: an archive may hold
  // others of any size.
  std::set<std::string> used;
  try {
    for (auto &[key, entry] : j.at("memory_manifest").items()) {
      used.insert("in__" + key);
      used.insert("out__" + key);
    }
  } catch (const std::exception &e) {
    error = jsonPath + ": unexpected record layout: " + e.what();
    return false;
  }
  std::map<std::string, npy::Array> arrays;
  if (!npy::readNpzMembers(npzPath, &used, arrays, error))
    return false;
  try {
    RunRequest &req = record.request;
    req.automaticInputs = false; // the record holds every input
    req.function = j.at("function").get<std::string>();
    for (const json &g : j.at("grid"))
      req.grid.push_back(wholeNumber(g, "grid dimension", 1, INT64_MAX));
    for (auto &[name, arg] : j.at("args").items()) {
      Argument a;
      if (arg.at("kind") == "scalar") {
        const json &value = arg.at("value");
        a.scalar = value.get<double>();
        if (value.is_number_integer() && value.is_number_unsigned())
          a.integer = static_cast<int64_t>(value.get<uint64_t>());
        else if (value.is_number_integer())
          a.integer = value.get<int64_t>();
      }
      req.args[name] = a;
    }
    for (auto &[key, entry] : j.at("memory_manifest").items()) {
      record.manifestKeys.push_back(key);
      auto input = arrays.find("in__" + key);
      if (input == arrays.end()) {
        error = npzPath + ": no in__" + key;
        return false;
      }
      auto output = arrays.find("out__" + key);
      if (output != arrays.end())
        record.expectedOutputs[key] = output->second;
      if (entry.at("kind") == "array_arg") {
        record.keyIsArgument[key] = true;
        Argument &a = req.args[key];
        a.array = input->second;
        a.byteStart = uint64_t(wholeNumber(entry.at("hbm_byte_range").at(0),
                                           key + ": hbm_byte_range start", 0,
                                           INT64_MAX));
        continue;
      }
      record.keyIsArgument[key] = false;
      MemoryRegion region;
      region.name = key;
      region.lx = entry.at("space") == "LX";
      region.core = entry.at("core").is_null()
                        ? 0
                        : int(wholeNumber(entry.at("core"), key + ": core", 0,
                                          INT32_MAX));
      region.byteStart = uint64_t(
          wholeNumber(entry.at("byte_start"), key + ": byte_start", 0,
                      INT64_MAX));
      region.data = input->second;
      req.regions.push_back(std::move(region));
    }
    const json &latency = j.at("latency");
    for (auto &[key, value] : latency.at("hw_config").items())
      req.hwConfig[key] = value.get<double>();
    record.kernelCycles = latency.at("kernel_cycles").get<double>();
    record.bottleneck = latency.at("bottleneck").get<std::string>();
    for (const json &core : latency.at("per_core")) {
      record.computeCycles.push_back(core.at("compute_cycles").get<double>());
      record.memoryCycles.push_back(core.at("memory_cycles").get<double>());
      record.commCycles.push_back(core.at("comm_cycles").get<double>());
    }
    auto wall = j.find("wall_s");
    if (wall != j.end() && wall->is_object()) {
      auto median = wall->find("execute_latency_on_median");
      if (median != wall->end() && median->is_number())
        record.oracleExecuteSeconds = median->get<double>();
    }
  } catch (const std::exception &e) {
    error = jsonPath + ": unexpected record layout: " + e.what();
    return false;
  }
  return true;
}

std::map<std::string, npy::Array>
spyre::driver::recordOutputs(const Record &record, const RunResult &result) {
  std::map<std::string, npy::Array> out;
  for (const std::string &key : record.manifestKeys) {
    const auto &source = record.keyIsArgument.at(key) ? result.arrays
                                                      : result.regions;
    auto it = source.find(key);
    if (it != source.end())
      out[key] = it->second;
  }
  return out;
}
