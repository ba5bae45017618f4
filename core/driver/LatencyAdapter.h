//===- LatencyAdapter.h - the interpreter's costs into the model -*- C++ -*-===//
#ifndef SPYRE_DRIVER_LATENCYADAPTER_H
#define SPYRE_DRIVER_LATENCYADAPTER_H

#include "interp/CostModel.h"
#include "interp/Latency.h"

namespace spyre::driver {

/// Forwards what the interpreter measures to the ktir-cpu latency model.
class LatencyAdapter : public interp::CostModel {
public:
  explicit LatencyAdapter(interp::LatencyTracker &tracker) : tracker(tracker) {}

  void onCompute(int core, std::string_view opName, int64_t resultElements,
                 int64_t operandElements, bool scalar) override;
  void onMatmul(int core, int64_t m, int64_t n, int64_t k) override;
  void onMemory(int core, std::string_view opName,
                const interp::MemoryAccess &access) override;
  void onComm(int core, int64_t bytesSent) override;

private:
  interp::LatencyTracker &tracker;
};

} // namespace spyre::driver

#endif
