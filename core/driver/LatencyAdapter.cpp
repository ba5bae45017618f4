//===- LatencyAdapter.cpp - the interpreter's costs into the model --------===//

#include "driver/LatencyAdapter.h"

using namespace spyre::driver;
using namespace spyre::interp;

void LatencyAdapter::onCompute(int core, std::string_view opName,
                               int64_t resultElements, int64_t operandElements,
                               bool scalar) {
  (void)operandElements;
  tracker.recordCompute(core, opName, scalar ? 1 : resultElements);
}

void LatencyAdapter::onMatmul(int core, int64_t m, int64_t n, int64_t k) {
  tracker.recordMatmul(core, m, n, k);
}

void LatencyAdapter::onMemory(int core, std::string_view opName,
                              const MemoryAccess &access) {
  tracker.recordMemory(core, access, opName);
}

void LatencyAdapter::onComm(int core, int64_t bytesSent) {
  tracker.recordComm(core, bytesSent);
}
