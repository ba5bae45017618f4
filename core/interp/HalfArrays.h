//===- HalfArrays.h - f16 conversions over whole arrays ---------*- C++ -*-===//
//
// The per-element f16 helpers of DType.h, applied to arrays: with F16C
// (checked at run time) eight elements convert at once; the results are bit
// for bit those of roundToHalf / loadHalf / storeHalf (a block holding a NaN
// takes the scalar path, so NaN signs and encodings are the scalar ones).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_HALFARRAYS_H
#define SPYRE_INTERP_HALFARRAYS_H

#include <cstdint>

namespace spyre::interp {

/// data[i] = roundToHalf(float(data[i])) for i < n.
void roundHalves(double *data, int64_t n);
/// dst[i] = the f16 at src + 2i, decoded exactly.
void decodeHalves(const uint8_t *src, double *dst, int64_t n);
/// Stores roundToHalf(float(src[i])) as f16 at dst + 2i.
void encodeHalves(const double *src, uint8_t *dst, int64_t n);

} // namespace spyre::interp

#endif
