//===- CostModel.h - what the interpreter reports for latency ---*- C++ -*-===//
//
// The interpreter reports each executed op's measurable facts here; the
// latency model (Latency.h) turns them into cycles. Keeping this narrow lets
// the interpreter run without any model (e.g. in unit tests).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_COSTMODEL_H
#define SPYRE_INTERP_COSTMODEL_H

#include "interp/Latency.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace spyre::interp {

class CostModel {
public:
  virtual ~CostModel() = default;
  /// A compute op: the element counts of its result tile and of its first
  /// tile operand (1 for scalars), and whether it worked on scalars only.
  virtual void onCompute(int core, std::string_view opName,
                         int64_t resultElements, int64_t operandElements,
                         bool scalar) = 0;
  virtual void onMatmul(int core, int64_t m, int64_t n, int64_t k) = 0;
  virtual void onMemory(int core, std::string_view opName,
                        const MemoryAccess &access) = 0;
  virtual void onComm(int core, int64_t bytesSent) = 0;
};

} // namespace spyre::interp

#endif
