//===- Record.h - oracle records of the KTIR corpus -------------*- C++ -*-===//
//
// Reads a corpus record (NAME.json + NAME.npz, format in the corpus README)
// into a RunRequest, with what the oracle measured, so that spyre-run and
// the tests can replay it.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_RECORD_H
#define SPYRE_DRIVER_RECORD_H

#include "driver/Run.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace spyre::driver {

struct Record {
  RunRequest request; ///< everything but the source
  /// Manifest keys in record order; array arguments use their argument name.
  std::vector<std::string> manifestKeys;
  std::map<std::string, bool> keyIsArgument;
  std::map<std::string, npy::Array> expectedOutputs; ///< out__K
  double kernelCycles = 0;
  std::string bottleneck;
  std::vector<double> computeCycles, memoryCycles, commCycles; ///< per core
  /// ktir-cpu's own execution time for the record (seconds, latency on,
  /// parsing and seeding excluded), when the record has it.
  std::optional<double> oracleExecuteSeconds;
};

/// Loads `jsonPath` and the .npz beside it. False with `error` on failure.
bool loadRecord(const std::string &jsonPath, Record &record,
                std::string &error);

/// The outputs of `result` keyed like the record's manifest (out__K).
std::map<std::string, npy::Array> recordOutputs(const Record &record,
                                                const RunResult &result);

} // namespace spyre::driver

#endif
