//===- Record.cpp - oracle records of the KTIR corpus ---------------------===//

#include "driver/Record.h"

#include <nlohmann/json.hpp>

#include <fstream>

using namespace spyre;
using namespace spyre::driver;
using json = nlohmann::json;

bool spyre::driver::loadRecord(const std::string &jsonPath, Record &record,
                               std::string &error) {
  std::ifstream in(jsonPath);
  if (!in) {
    error = "cannot open record " + jsonPath;
    return false;
  }
  json j;
  try {
    in >> j;
  } catch (const std::exception &e) {
    error = jsonPath + ": not valid JSON: " + e.what();
    return false;
  }
  std::string npzPath = jsonPath.substr(0, jsonPath.size() - 5) + ".npz";
  std::map<std::string, npy::Array> arrays;
  if (!npy::readNpz(npzPath, arrays, error))
    return false;
  try {
    RunRequest &req = record.request;
    req.function = j.at("function").get<std::string>();
    for (const json &g : j.at("grid"))
      req.grid.push_back(g.get<int64_t>());
    for (auto &[name, arg] : j.at("args").items()) {
      Argument a;
      if (arg.at("kind") == "scalar")
        a.scalar = arg.at("value").get<double>();
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
        a.byteStart = entry.at("hbm_byte_range").at(0).get<uint64_t>();
        continue;
      }
      record.keyIsArgument[key] = false;
      MemoryRegion region;
      region.name = key;
      region.lx = entry.at("space") == "LX";
      region.core = entry.at("core").is_null() ? 0 : entry.at("core").get<int>();
      region.byteStart = entry.at("byte_start").get<uint64_t>();
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
