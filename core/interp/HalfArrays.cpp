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

bool haveAvx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}

/// HalfMemo::apply by blocks of eight up to the last whole block; returns
/// how many elements it did. Where all eight inputs are f16 values (the
/// f16 round trip gives them back) whose results are known, the results
/// are gathered from `slots` by their f16 bits (each 4-byte lane of the
/// gather is one aligned load, as a relaxed atomic load is on x86-64). Any
/// other block goes to slow(first element, its f16 bits or null when one
/// of them is not an f16 value).
template <typename Slow>
__attribute__((target("avx2,f16c"))) int64_t
gatherBlocks(const std::atomic<uint32_t> *slots, uint32_t unknown,
             const double *in, double *out, int64_t n, Slow slow) {
  const int *table = reinterpret_cast<const int *>(slots);
  const __m256i flip = _mm256_set1_epi32(static_cast<int>(unknown));
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256d lo = _mm256_loadu_pd(in + i), hi = _mm256_loadu_pd(in + i + 4);
    __m128i keys = _mm256_cvtps_ph(narrow8(lo, hi), kNearest);
    __m256 back = _mm256_cvtph_ps(keys);
    int exact = _mm256_movemask_pd(_mm256_cmp_pd(
                    _mm256_cvtps_pd(_mm256_castps256_ps128(back)), lo,
                    _CMP_EQ_OQ)) &
                _mm256_movemask_pd(_mm256_cmp_pd(
                    _mm256_cvtps_pd(_mm256_extractf128_ps(back, 1)), hi,
                    _CMP_EQ_OQ));
    if (exact != 0xf) {
      slow(i, nullptr);
      continue;
    }
    __m256i got = _mm256_i32gather_epi32(table, _mm256_cvtepu16_epi32(keys), 4);
    if (!_mm256_testz_si256(_mm256_cmpeq_epi32(got, _mm256_setzero_si256()),
                            _mm256_set1_epi32(-1))) {
      uint16_t bits[8];
      _mm_storeu_si128(reinterpret_cast<__m128i *>(bits), keys);
      slow(i, bits);
      continue;
    }
    store8(_mm256_castsi256_ps(_mm256_xor_si256(got, flip)), out + i);
  }
  return i;
}
#else
bool haveAvx2() { return false; }
constexpr auto roundF16c = roundScalar;
constexpr auto decodeF16c = decodeScalar;
constexpr auto encodeF16c = encodeScalar;
template <typename Slow>
int64_t gatherBlocks(const std::atomic<uint32_t> *, uint32_t, const double *,
                     double *, int64_t, Slow) {
  return 0;
}
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

float HalfMemo::lookup(double (*fn)(double), uint16_t key, double x) {
  uint32_t slot = slots[key].load(std::memory_order_relaxed), bits;
  float r;
  if (slot) {
    bits = slot ^ kUnknown;
    std::memcpy(&r, &bits, 4);
    return r;
  }
  r = roundToHalf(static_cast<float>(fn(x)));
  std::memcpy(&bits, &r, 4);
  slots[key].store(bits ^ kUnknown, std::memory_order_relaxed);
  return r;
}

void HalfMemo::apply(double (*fn)(double), const double *in, double *out,
                     int64_t n) {
  int64_t i = 0;
  if (haveF16c() && haveAvx2())
    i = gatherBlocks(slots, kUnknown, in, out, n,
                     [&](int64_t first, const uint16_t *keys) {
                       for (int64_t k = 0; k < 8; ++k)
                         out[first + k] =
                             keys ? lookup(fn, keys[k], in[first + k])
                                  : roundToHalf(static_cast<float>(
                                        fn(in[first + k])));
                     });
  for (; i < n; ++i) {
    uint16_t key = halfBits(static_cast<float>(in[i]));
    out[i] = halfToFloat(key) == in[i]
                 ? lookup(fn, key, in[i])
                 : roundToHalf(static_cast<float>(fn(in[i])));
  }
}
