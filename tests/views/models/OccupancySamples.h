//===- OccupancySamples.h - a sample's scratchpad events, as the app reads --===//
//
// What the occupancy tests feed their model and chart: the reference
// interpreter's scratchpad events of a sample, turned into the trace the
// app's model holds (SPYRE_SAMPLES_DIR is the samples/ folder).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_VIEWS_MODELS_OCCUPANCYSAMPLES_H
#define SPYRE_TESTS_VIEWS_MODELS_OCCUPANCYSAMPLES_H

#include "driver/Occupancy.h"
#include "driver/Run.h"

#include <QFile>

#include <string>

namespace occupancy_samples {

using namespace spyre::driver;

inline std::string readSample(const char *name) {
  QFile f(QStringLiteral(SPYRE_SAMPLES_DIR "/") + name);
  if (!f.open(QIODevice::ReadOnly))
    return {};
  return f.readAll().toStdString();
}

/// A run of the interpreter on a sample, as the app makes it.
inline OccupancyTrace runSample(const char *name, RunResult *out = nullptr) {
  RunRequest request;
  request.source = readSample(name);
  request.sourceName = name;
  request.seed = 0;
  request.recordLxEvents = true;
  RunResult result = runKernel(request);
  OccupancyTrace trace = occupancyFromLxEvents(
      result.lxEvents, result.lxCapacityBytes, int(result.perCore.size()));
  if (out)
    *out = std::move(result);
  return trace;
}

} // namespace occupancy_samples

#endif // SPYRE_TESTS_VIEWS_MODELS_OCCUPANCYSAMPLES_H
