//===- HalfArrays.h - f16 conversions over whole arrays ---------*- C++ -*-===//
//
// The per-element f16 helpers of DType.h, applied to arrays: with F16C
// (checked at run time) eight elements convert at once; the results are bit
// for bit those of roundToHalf / loadHalf / storeHalf (NaN lanes keep the
// scalar answers, so NaN signs and encodings are the scalar ones).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_HALFARRAYS_H
#define SPYRE_INTERP_HALFARRAYS_H

#include <atomic>
#include <cstdint>

namespace spyre::interp {

/// Whether the processor has AVX and F16C, which the fast f16 paths use.
bool haveF16c();

/// data[i] = roundToHalf(float(data[i])) for i < n.
void roundHalves(double *data, int64_t n);
/// dst[i] = the f16 at src + 2i, decoded exactly.
void decodeHalves(const uint8_t *src, double *dst, int64_t n);
/// Stores roundToHalf(float(src[i])) as f16 at dst + 2i.
void encodeHalves(const double *src, uint8_t *dst, int64_t n);

/// A function of f16 values whose results are rounded to f16, worked out
/// at most once per distinct input (there are only 65536): for costly
/// functions (exp, tanh, ...) over f16 tensors. Safe to share between
/// threads.
class HalfMemo {
public:
  /// out[i] = roundToHalf(float(fn(in[i]))) for i < n; inputs that are not
  /// f16 values (NaN, say) are computed directly.
  void apply(double (*fn)(double), const double *in, double *out, int64_t n);

private:
  /// fn(x) rounded (x is the f16 value whose bits are `key`), from its
  /// slot or worked out and recorded there.
  float lookup(double (*fn)(double), uint16_t key, double x);
  /// Per f16 bit pattern: the result's f32 bits XOR kUnknown, or 0 while it
  /// is unknown. kUnknown is a signalling NaN, which no result is (the
  /// conversion from double quiets NaNs), so no known slot is 0.
  static constexpr uint32_t kUnknown = 0x7f800001u;
  std::atomic<uint32_t> slots[65536] = {};
};

} // namespace spyre::interp

#endif
