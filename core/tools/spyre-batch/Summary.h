//===- Summary.h - a batch's JSON lines as a table --------------*- C++ -*-===//
#ifndef SPYRE_TOOLS_SPYRE_BATCH_SUMMARY_H
#define SPYRE_TOOLS_SPYRE_BATCH_SUMMARY_H

#include <nlohmann/json.hpp>

#include <ostream>
#include <vector>

namespace spyre::batch {

/// How many kernels reached each stage (or a later one), how many ended
/// with each verdict, the slowest ones and the first errors by kind.
void printSummary(const std::vector<nlohmann::json> &lines, std::ostream &os);

/// True when the kernel's two engines agree: its outputs came out exact
/// or within rounding (the numerics verdict).
bool agrees(const nlohmann::json &line);

/// True when a kernel ended in an internal problem: an internal compiler
/// error, a crash, a timeout or running out of memory.
bool isInternalProblem(const nlohmann::json &line);

} // namespace spyre::batch

#endif
