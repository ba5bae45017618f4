//===- HalfSimd.h - eight f16 roundings at once with F16C -------*- C++ -*-===//
//
// Register-level helpers of the F16C paths (HalfArrays.cpp, HalfBinary.cpp):
// callers check haveF16c() first. round8 gives, lane for lane, the bits of
// roundToHalf(float(x)) (DType.h): the conversion to f16 rounds to nearest
// even with subnormals and infinities as IEEE says, which roundToHalf
// reproduces in software; only NaNs differ (F16C would cut their payload),
// and those lanes keep roundToHalf's answer, the float itself.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_HALFSIMD_H
#define SPYRE_INTERP_HALFSIMD_H

#if defined(__x86_64__)
#include <immintrin.h>
#define SPYRE_HAVE_F16C_PATH 1

namespace spyre::interp::simd {

constexpr int kNearest = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

/// Two vectors of four doubles as eight floats (rounded as static_cast).
__attribute__((target("avx"))) inline __m256 narrow8(__m256d lo, __m256d hi) {
  return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(lo)),
                              _mm256_cvtpd_ps(hi), 1);
}

__attribute__((target("avx"))) inline __m256 load8(const double *p) {
  return narrow8(_mm256_loadu_pd(p), _mm256_loadu_pd(p + 4));
}

__attribute__((target("avx"))) inline void store8(__m256 f, double *p) {
  _mm256_storeu_pd(p, _mm256_cvtps_pd(_mm256_castps256_ps128(f)));
  _mm256_storeu_pd(p + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)));
}

/// roundToHalf of each lane that is not a NaN (see the file comment).
__attribute__((target("avx,f16c"))) inline __m256 roundNumbers8(__m256 f) {
  return _mm256_cvtph_ps(_mm256_cvtps_ph(f, kNearest));
}

__attribute__((target("avx"))) inline __m256 nanLanes8(__m256 f) {
  return _mm256_cmp_ps(f, f, _CMP_UNORD_Q);
}

/// roundToHalf of each lane (see the file comment).
__attribute__((target("avx,f16c"))) inline __m256 round8(__m256 f) {
  // A select by bit masks: GCC 12 turns _mm256_blendv_ps here into a
  // branch per lane.
  __m256 nan = nanLanes8(f);
  return _mm256_or_ps(_mm256_and_ps(nan, f),
                      _mm256_andnot_ps(nan, roundNumbers8(f)));
}

} // namespace spyre::interp::simd

#endif
#endif
