//===- Elementwise.h - float binary ops over whole arrays -------*- C++ -*-===//
//
// The float binary ops of arith (and their spyreop spellings) as loops over
// arrays, shared by the elementwise handlers and linalg.reduce's direct
// fold. Results are unrounded doubles: the caller rounds to the element type.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_ELEMENTWISE_H
#define SPYRE_INTERP_ELEMENTWISE_H

#include "interp/DType.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace spyre::interp {

enum class FloatBinary : uint8_t {
  Add, Sub, Mul, Div, Maximum, Minimum, MaxNum, MinNum
};

/// The float binary op named `opName` (arith.addf, spyreop.realdiv, ...).
std::optional<FloatBinary> floatBinaryOf(llvm::StringRef opName);

/// out[i] = a[i * aStep] op b[i * bStep] for i < n; a step is 1 for an
/// array and 0 for a scalar. `out` may be `a` or `b` (same index).
void applyFloatBinary(FloatBinary op, const double *a, int64_t aStep,
                      const double *b, int64_t bStep, double *out, int64_t n);

/// data[i] = roundTo(type, data[i]) for i < n (f16 in bulk).
void roundElements(DType type, double *data, int64_t n);

} // namespace spyre::interp

#endif
