//===- HalfArrays.cpp - f16 conversions over whole arrays -----------------===//

#include "interp/HalfArrays.h"
#include "interp/DType.h"
#include "interp/HalfSimd.h"

#include <cstring>

using namespace spyre::interp;

namespace {

void roundScalar(double *data, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    data[i] = roundToHalf(static_cast<float>(data[i]));
}

void decodeScalar(const uint8_t *src, double *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = loadHalf(src + 2 * i);
}

void encodeScalar(const double *src, uint8_t *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    storeHalf(roundToHalf(static_cast<float>(src[i])), dst + 2 * i);
}

#ifdef SPYRE_HAVE_F16C_PATH
using namespace spyre::interp::simd;

__attribute__((target("avx,f16c"))) void roundF16c(double *data, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    store8(round8(load8(data + i)), data + i);
  roundScalar(data + i, n - i);
}

__attribute__((target("avx,f16c"))) void decodeF16c(const uint8_t *src,
                                                    double *dst, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + 2 * i));
    store8(_mm256_cvtph_ps(h), dst + i);
  }
  decodeScalar(src + 2 * i, dst + i, n - i);
}

/// NaNs are stored as storeHalf stores them: a block holding one goes to
/// the scalar loop.
__attribute__((target("avx,f16c"))) void encodeF16c(const double *src,
                                                    uint8_t *dst, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 f = load8(src + i);
    if (_mm256_movemask_ps(nanLanes8(f))) {
      encodeScalar(src + i, dst + 2 * i, 8);
      continue;
    }
    _mm_storeu_si128(reinterpret_cast<__m128i *>(dst + 2 * i),
                     _mm256_cvtps_ph(f, kNearest));
  }
  encodeScalar(src + i, dst + 2 * i, n - i);
}

/// The f16 bit patterns of eight doubles; false unless all eight are f16
/// values exactly.
__attribute__((target("avx,f16c"))) bool halfKeys8(const double *p,
                                                   uint16_t *keys) {
  __m256 f = load8(p);
  if (_mm256_movemask_ps(nanLanes8(f)))
    return false;
  __m128i h = _mm256_cvtps_ph(f, kNearest);
  __m256 back = _mm256_cvtph_ps(h);
  __m256d lo = _mm256_cvtps_pd(_mm256_castps256_ps128(back));
  __m256d hi = _mm256_cvtps_pd(_mm256_extractf128_ps(back, 1));
  int same = _mm256_movemask_pd(_mm256_cmp_pd(lo, _mm256_loadu_pd(p), _CMP_EQ_OQ)) &
             _mm256_movemask_pd(_mm256_cmp_pd(hi, _mm256_loadu_pd(p + 4), _CMP_EQ_OQ));
  if (same != 0xf)
    return false;
  _mm_storeu_si128(reinterpret_cast<__m128i *>(keys), h);
  return true;
}
#else
bool halfKeys8(const double *, uint16_t *) { return false; }
constexpr auto roundF16c = roundScalar;
constexpr auto decodeF16c = decodeScalar;
constexpr auto encodeF16c = encodeScalar;
#endif

/// The F16C implementation when the processor has it, else the scalar one.
template <typename... Args>
void dispatch(void (*fast)(Args...), void (*slow)(Args...), Args... args) {
  (haveF16c() ? fast : slow)(args...);
}

} // namespace

bool spyre::interp::haveF16c() {
#ifdef SPYRE_HAVE_F16C_PATH
  static const bool yes =
      __builtin_cpu_supports("avx") && __builtin_cpu_supports("f16c");
  return yes;
#else
  return false;
#endif
}

void spyre::interp::roundHalves(double *data, int64_t n) {
  dispatch(roundF16c, roundScalar, data, n);
}

void spyre::interp::decodeHalves(const uint8_t *src, double *dst, int64_t n) {
  dispatch(decodeF16c, decodeScalar, src, dst, n);
}

void spyre::interp::encodeHalves(const double *src, uint8_t *dst, int64_t n) {
  dispatch(encodeF16c, encodeScalar, src, dst, n);
}

double HalfMemo::lookup(double (*fn)(double), uint16_t key, double x) {
  uint64_t slot = slots[key].load(std::memory_order_relaxed);
  float r;
  if (slot >> 32) {
    uint32_t bits = static_cast<uint32_t>(slot);
    std::memcpy(&r, &bits, 4);
    return r;
  }
  r = roundToHalf(static_cast<float>(fn(x)));
  uint32_t bits;
  std::memcpy(&bits, &r, 4);
  slots[key].store(uint64_t(1) << 32 | bits, std::memory_order_relaxed);
  return r;
}

void HalfMemo::apply(double (*fn)(double), const double *in, double *out,
                     int64_t n) {
  int64_t i = 0;
  uint16_t keys[8];
  if (haveF16c())
    for (; i + 8 <= n; i += 8) {
      if (halfKeys8(in + i, keys)) {
        // Usually all eight are known: no branch per element.
        uint64_t known = uint64_t(1) << 32;
        uint32_t bits[8];
        for (int k = 0; k < 8; ++k) {
          uint64_t slot = slots[keys[k]].load(std::memory_order_relaxed);
          known &= slot;
          bits[k] = static_cast<uint32_t>(slot);
        }
        if (known) {
          float r[8];
          std::memcpy(r, bits, sizeof r);
          for (int k = 0; k < 8; ++k)
            out[i + k] = r[k];
        } else {
          for (int k = 0; k < 8; ++k)
            out[i + k] = lookup(fn, keys[k], in[i + k]);
        }
      } else
        for (int k = 0; k < 8; ++k)
          out[i + k] = roundToHalf(static_cast<float>(fn(in[i + k])));
    }
  for (; i < n; ++i) {
    uint16_t key = halfBits(static_cast<float>(in[i]));
    out[i] = halfToFloat(key) == in[i]
                 ? lookup(fn, key, in[i])
                 : roundToHalf(static_cast<float>(fn(in[i])));
  }
}
