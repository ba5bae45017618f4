//===- RunOutputs.h - spyre-run's --out and --output files ------*- C++ -*-===//
#ifndef SPYRE_TOOLS_SPYRE_RUN_RUNOUTPUTS_H
#define SPYRE_TOOLS_SPYRE_RUN_RUNOUTPUTS_H

#include "driver/Record.h"
#include "driver/Run.h"

#include <string>
#include <utility>
#include <vector>

namespace spyre::tools {

/// Writes a run's outputs, whichever engine produced them: `outPath` (when
/// not empty) as an .npz of `out__NAME` arrays (the record's outputs when a
/// record is given, else every array argument and memory region), and each
/// `--output NAME PATH` pair as an .npy. Errors go to stderr; returns false
/// on the first one.
bool writeRunOutputs(
    const std::string &outPath,
    const std::vector<std::pair<std::string, std::string>> &outputs,
    const driver::RunResult &run, const driver::Record *record);

} // namespace spyre::tools

#endif
