// Df16.cpp - DLFloat16 conversions. See Df16.h for the format and the
// rounding/saturation rules.

#include "support/Df16.h"

#include <cmath>
#include <limits>

namespace spyre {

namespace {

constexpr int kBias = 31;
constexpr int kFracBits = 9;
constexpr uint16_t kSignMask = 0x8000;
constexpr uint16_t kMagMask = 0x7FFF;
constexpr uint32_t kFracMask = (1u << kFracBits) - 1; // 0x1FF

// (512 + 510) * 2^(32 - 9): the largest finite df16 value.
constexpr double kMaxFiniteValue = 1022.0 * 8388608.0;
// (512 + 1) * 2^(-31 - 9): the smallest positive df16 value.
constexpr double kMinPositiveValue = 513.0 / 1099511627776.0;

} // namespace

uint16_t f32ToDf16(float x) {
  const uint16_t sign = std::signbit(x) ? kSignMask : uint16_t{0};
  if (std::isnan(x) || std::isinf(x))
    return static_cast<uint16_t>(sign | kDf16NaN);

  // Every float is exactly representable in double, and all the arithmetic
  // below (scaling by powers of two, subtracting 512, floor) stays exact.
  const double a = std::fabs(static_cast<double>(x));
  if (a == 0.0)
    return sign;

  // At or above the largest finite value: the nearest representable value is
  // either the largest finite value itself or the NINF slot (E=63,F=511),
  // which is not a finite number -> saturate. (An exact tie with the slot would
  // also go to F=510, the even one.)
  if (a >= kMaxFiniteValue)
    return static_cast<uint16_t>(sign | kDf16MaxFinite);

  // Below the smallest positive value the only neighbours are 0 and
  // kMinPositiveValue (2^-31 itself is not representable). Their midpoint is
  // kMinPositiveValue / 2; a tie goes to zero, whose fraction is even.
  if (a < kMinPositiveValue) {
    const bool up = a > kMinPositiveValue / 2.0;
    return static_cast<uint16_t>(sign | (up ? kDf16MinPositive : 0));
  }

  // Now kMinPositiveValue <= a < kMaxFiniteValue, so 2^-31 < a < 2^33.
  int e = 0;
  const double m = std::frexp(a, &e); // a = m * 2^e, 0.5 <= m < 1
  int exp = (e - 1) + kBias;          // in [0, 63]
  // t = (2m - 1) * 512 = fraction scaled to [0, 512); exact in double.
  const double t = std::ldexp(m, kFracBits + 1) - 512.0;
  const double fl = std::floor(t);
  const double rem = t - fl;
  uint32_t frac = static_cast<uint32_t>(fl);
  if (rem > 0.5 || (rem == 0.5 && (frac & 1u) != 0))
    ++frac;
  if (frac > kFracMask) { // rounded up into the next binade
    frac = 0;
    ++exp;
  }
  // Cannot produce zero (a >= kMinPositiveValue gives frac >= 1 when exp == 0)
  // nor the NINF slot (a < kMaxFiniteValue gives frac <= 510 when exp == 63).
  return static_cast<uint16_t>(sign | (static_cast<uint32_t>(exp) << kFracBits) |
                               frac);
}

float df16ToF32(uint16_t bits) {
  const bool negative = (bits & kSignMask) != 0;
  const uint16_t mag = bits & kMagMask;
  if (mag == kDf16NaN)
    return std::numeric_limits<float>::quiet_NaN();
  if (mag == 0)
    return negative ? -0.0f : 0.0f;
  const int exp = mag >> kFracBits;
  const uint32_t frac = mag & kFracMask;
  // (512 + F) * 2^(E - 31 - 9): at most 10 significant bits and an exponent in
  // [-40, 23], so exactly representable as a normal float.
  const float v =
      std::ldexp(static_cast<float>(512u + frac), exp - kBias - kFracBits);
  return negative ? -v : v;
}

bool df16IsNaN(uint16_t bits) { return (bits & kMagMask) == kDf16NaN; }

} // namespace spyre
