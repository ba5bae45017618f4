// Df16Test.cpp - unit tests for the DLFloat16 conversions in support/Df16.h.

#include "support/Df16.h"
#include "FloatBits.h"

#include <QString>
#include <QTest>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <utility>
#include <vector>

using namespace spyre;

namespace {

// Exact (bitwise) float comparison; QCOMPARE on floats is fuzzy.
#define CHECK_FLOAT_EXACT(actual, expected)                                    \
  do {                                                                         \
    const float a_ = (actual);                                                 \
    const float e_ = (expected);                                               \
    QVERIFY2(floatBits(a_) == floatBits(e_),                                   \
             qPrintable(QString::asprintf("%s = %.9g, expected %.9g", #actual,     \
                                          double(a_), double(e_))));           \
  } while (0)

#define CHECK_DF16(input, expectedBits)                                        \
  do {                                                                         \
    const float in_ = (input);                                                 \
    const uint16_t got_ = f32ToDf16(in_);                                      \
    const uint16_t want_ = (expectedBits);                                     \
    QVERIFY2(got_ == want_,                                                    \
             qPrintable(QString::asprintf("f32ToDf16(%.9g) = 0x%04X, "           \
                                          "expected 0x%04X",                   \
                                          double(in_), unsigned(got_),         \
                                          unsigned(want_))));                  \
  } while (0)

// 2^k as a float (exact for the exponents used here).
float pow2f(int k) { return std::ldexp(1.0f, k); }

// Fraction field of an encoding.
unsigned fracOf(uint16_t b) { return b & 0x1FFu; }

// Value of a positive finite df16 code computed straight from the format
// definition, independently of df16ToF32.
double referenceValue(uint16_t code) {
  if (code == 0)
    return 0.0;
  const int e = (code >> 9) & 0x3F;
  const int f = code & 0x1FF;
  return std::ldexp(1.0 + f / 512.0, e - 31);
}

} // namespace

class Df16Test : public QObject {
  Q_OBJECT

private slots:
  void constants();
  void decodeHandPicked();
  void isNaN();
  void exhaustiveRoundTrip();
  void decodeIsMonotonic();
  void exhaustiveRounding();
  void saturation();
  void underflow();
  void bruteForceReference();
};

void Df16Test::constants() {
  QCOMPARE(kDf16NaN, uint16_t(0x7FFF));
  QCOMPARE(kDf16MaxFinite, uint16_t(0x7FFE));
  QCOMPARE(kDf16MinPositive, uint16_t(0x0001));
}

void Df16Test::decodeHandPicked() {
  // 0x0000: E=0,F=0 -> +0.
  CHECK_FLOAT_EXACT(df16ToF32(0x0000), 0.0f);
  QVERIFY(!std::signbit(df16ToF32(0x0000)));
  // 0x8000: negative zero.
  CHECK_FLOAT_EXACT(df16ToF32(0x8000), -0.0f);
  QVERIFY(std::signbit(df16ToF32(0x8000)));
  // 0x0001: E=0,F=1 -> (1 + 1/512) * 2^-31 = 513 * 2^-40
  //       = 4.66547...e-10 (no subnormals; smallest positive).
  CHECK_FLOAT_EXACT(df16ToF32(0x0001), 513.0f * pow2f(-40));
  CHECK_FLOAT_EXACT(df16ToF32(0x8001), -513.0f * pow2f(-40));
  // 0x01FF: E=0,F=511 -> (1 + 511/512) * 2^-31 = 1023 * 2^-40.
  CHECK_FLOAT_EXACT(df16ToF32(0x01FF), 1023.0f * pow2f(-40));
  // 0x0200: E=1,F=0 -> 2^-30.
  CHECK_FLOAT_EXACT(df16ToF32(0x0200), pow2f(-30));
  // 0x3E00 = 0b0'011111'000000000: E=31,F=0 -> 2^0 * 1 = 1.0.
  CHECK_FLOAT_EXACT(df16ToF32(0x3E00), 1.0f);
  // 0xBE00: sign set, otherwise as above -> -1.0.
  CHECK_FLOAT_EXACT(df16ToF32(0xBE00), -1.0f);
  // 0x3F00 = 0b0'011111'100000000: E=31,F=256 -> 1 + 256/512 = 1.5.
  CHECK_FLOAT_EXACT(df16ToF32(0x3F00), 1.5f);
  // 0x3C00 = 0b0'011110'000000000: E=30,F=0 -> 0.5.
  CHECK_FLOAT_EXACT(df16ToF32(0x3C00), 0.5f);
  // 0x4000 = 0b0'100000'000000000: E=32,F=0 -> 2.0.
  CHECK_FLOAT_EXACT(df16ToF32(0x4000), 2.0f);
  // 0x4080 = 0b0'100000'010000000: E=32,F=128 -> 2 * (1 + 0.25) = 2.5.
  CHECK_FLOAT_EXACT(df16ToF32(0x4080), 2.5f);
  // 0x7FFE: E=63,F=510 -> 2^32 * (1 + 510/512) = 1.99609375 * 2^32
  //       = 8589934592 - 16777216 = 8573157376.
  CHECK_FLOAT_EXACT(df16ToF32(0x7FFE), 8573157376.0f);
  CHECK_FLOAT_EXACT(df16ToF32(kDf16MaxFinite), 1022.0f * pow2f(23));
  CHECK_FLOAT_EXACT(df16ToF32(0xFFFE), -8573157376.0f);
  // 0x7E00: E=63,F=0 -> 2^32.
  CHECK_FLOAT_EXACT(df16ToF32(0x7E00), 4294967296.0f);
  // 0x7FFF / 0xFFFF: NINF -> NaN.
  QVERIFY(std::isnan(df16ToF32(0x7FFF)));
  QVERIFY(std::isnan(df16ToF32(0xFFFF)));
}

void Df16Test::isNaN() {
  QVERIFY(df16IsNaN(0x7FFF));
  QVERIFY(df16IsNaN(0xFFFF));
  int count = 0;
  for (uint32_t b = 0; b <= 0xFFFF; ++b)
    count += df16IsNaN(static_cast<uint16_t>(b)) ? 1 : 0;
  QCOMPARE(count, 2);
  QVERIFY(!df16IsNaN(0x7FFE));
  QVERIFY(!df16IsNaN(0xFFFE));
  QVERIFY(!df16IsNaN(0x0000));
  QVERIFY(!df16IsNaN(0x7E00)); // E=63,F=0 is an ordinary number
  QVERIFY(!df16IsNaN(0x01FF));
}

void Df16Test::exhaustiveRoundTrip() {
  // Every non-NINF encoding round-trips. This includes 0x8000 (negative zero):
  // the sign of zero is preserved in both directions.
  int checked = 0;
  for (uint32_t i = 0; i <= 0xFFFF; ++i) {
    const auto b = static_cast<uint16_t>(i);
    if (df16IsNaN(b))
      continue;
    const float f = df16ToF32(b);
    if (std::isnan(f) || std::isinf(f))
      QFAIL(qPrintable(QString::asprintf("0x%04X decodes to non-finite", i)));
    if (std::signbit(f) != ((b & 0x8000) != 0))
      QFAIL(qPrintable(QString::asprintf("0x%04X decodes with wrong sign", i)));
    if (static_cast<double>(f) != ((b & 0x8000) ? -1.0 : 1.0) *
                                      referenceValue(b & 0x7FFF))
      QFAIL(qPrintable(
          QString::asprintf("0x%04X decodes to %.9g", i, double(f))));
    const uint16_t back = f32ToDf16(f);
    if (back != b)
      QFAIL(qPrintable(QString::asprintf(
          "round trip 0x%04X -> %.9g -> 0x%04X", i, double(f), unsigned(back))));
    ++checked;
  }
  QCOMPARE(checked, 65534);
}

void Df16Test::decodeIsMonotonic() {
  // Positive codes 0x0000..0x7FFE are ordered like their values; the rounding
  // test below relies on this to enumerate adjacent values.
  for (uint32_t c = 0; c < kDf16MaxFinite; ++c) {
    if (!(df16ToF32(static_cast<uint16_t>(c)) <
          df16ToF32(static_cast<uint16_t>(c + 1))))
      QFAIL(qPrintable(QString::asprintf("not increasing at 0x%04X", c)));
  }
}

void Df16Test::exhaustiveRounding() {
  // For every pair of adjacent positive representable values a < b
  // (codes c and c+1, c = 0x0001 .. 0x7FFD):
  //   * a and b map to themselves,
  //   * the exact midpoint maps to the one with the even fraction,
  //   * the next float above the midpoint maps to b, the next below to a.
  // The same is checked for the negated values.
  int pairs = 0;
  for (uint32_t c = kDf16MinPositive; c + 1 <= kDf16MaxFinite; ++c) {
    const auto ca = static_cast<uint16_t>(c);
    const auto cb = static_cast<uint16_t>(c + 1);
    const float a = df16ToF32(ca);
    const float b = df16ToF32(cb);
    const double midD = (static_cast<double>(a) + static_cast<double>(b)) / 2.0;
    const auto mid = static_cast<float>(midD);
    if (static_cast<double>(mid) != midD)
      QFAIL(qPrintable(QString::asprintf("midpoint of 0x%04X/0x%04X not exact",
                                         c, c + 1)));
    const uint16_t even = (fracOf(ca) % 2 == 0) ? ca : cb;
    QVERIFY(fracOf(even) % 2 == 0);
    const float above = std::nextafter(mid, std::numeric_limits<float>::max());
    const float below = std::nextafter(mid, 0.0f);

    const std::pair<float, uint16_t> cases[] = {
        {a, ca}, {b, cb}, {mid, even}, {above, cb}, {below, ca}};
    for (const auto &[in, want] : cases) {
      const uint16_t got = f32ToDf16(in);
      const uint16_t gotNeg = f32ToDf16(-in);
      const auto wantNeg = static_cast<uint16_t>(want | 0x8000);
      if (got != want || gotNeg != wantNeg)
        QFAIL(qPrintable(QString::asprintf(
            "pair 0x%04X/0x%04X: f32ToDf16(+-%.9g) = 0x%04X/0x%04X, expected "
            "0x%04X/0x%04X",
            c, c + 1, double(in), unsigned(got), unsigned(gotNeg),
            unsigned(want), unsigned(wantNeg))));
    }
    ++pairs;
  }
  QCOMPARE(pairs, 0x7FFD);
}

void Df16Test::saturation() {
  const float maxFinite = 8573157376.0f; // 1022 * 2^23
  CHECK_FLOAT_EXACT(df16ToF32(kDf16MaxFinite), maxFinite);

  CHECK_DF16(maxFinite, 0x7FFE);
  CHECK_DF16(-maxFinite, 0xFFFE);
  // Just below the largest finite value: still nearest to it.
  CHECK_DF16(std::nextafter(maxFinite, 0.0f), 0x7FFE);
  // Just above it.
  CHECK_DF16(std::nextafter(maxFinite, FLT_MAX), 0x7FFE);
  CHECK_DF16(-std::nextafter(maxFinite, FLT_MAX), 0xFFFE);
  // Midpoint between the largest finite value and the E=63,F=511 slot:
  // (1022 + 1023) / 2 * 2^23 = 2045 * 2^22.
  CHECK_DF16(2045.0f * pow2f(22), 0x7FFE);
  CHECK_DF16(std::nextafter(2045.0f * pow2f(22), FLT_MAX), 0x7FFE);
  // The value the NINF slot would have, 1023 * 2^23, and beyond.
  CHECK_DF16(1023.0f * pow2f(23), 0x7FFE);
  CHECK_DF16(-1023.0f * pow2f(23), 0xFFFE);
  CHECK_DF16(pow2f(33), 0x7FFE);
  CHECK_DF16(1e10f, 0x7FFE);
  CHECK_DF16(-1e10f, 0xFFFE);
  CHECK_DF16(1e30f, 0x7FFE);
  CHECK_DF16(FLT_MAX, 0x7FFE);
  CHECK_DF16(-FLT_MAX, 0xFFFE);
  // Infinities and NaNs map to the NINF code with the input's sign.
  const float inf = std::numeric_limits<float>::infinity();
  const float qnan = std::numeric_limits<float>::quiet_NaN();
  const float snan = std::numeric_limits<float>::signaling_NaN();
  CHECK_DF16(inf, 0x7FFF);
  CHECK_DF16(-inf, 0xFFFF);
  CHECK_DF16(qnan, 0x7FFF);
  CHECK_DF16(std::copysign(qnan, -1.0f), 0xFFFF);
  CHECK_DF16(snan, 0x7FFF);
}

void Df16Test::underflow() {
  const float minPos = 513.0f * pow2f(-40); // (1 + 2^-9) * 2^-31
  const float halfMinPos = 513.0f * pow2f(-41); // midpoint between 0 and minPos

  // Zeros keep their sign.
  CHECK_DF16(0.0f, 0x0000);
  CHECK_DF16(-0.0f, 0x8000);
  // The smallest positive value itself.
  CHECK_DF16(minPos, 0x0001);
  CHECK_DF16(-minPos, 0x8001);
  // 2^-31 is not representable (E=0,F=0 is zero). Its neighbours are 0
  // (distance 2^-31) and minPos (distance 2^-40): minPos is nearest.
  CHECK_DF16(pow2f(-31), 0x0001);
  CHECK_DF16(-pow2f(-31), 0x8001);
  // Between 2^-31 and minPos: (1 + 2^-10) * 2^-31 -> minPos.
  CHECK_DF16(1025.0f * pow2f(-41), 0x0001);
  // Midpoint between E=0,F=1 and E=0,F=2: (1 + 3/1024) * 2^-31 -> F=2 (even).
  CHECK_DF16(1027.0f * pow2f(-41), 0x0002);
  // The midpoint between 0 and minPos is a tie: zero has the even fraction.
  CHECK_DF16(halfMinPos, 0x0000);
  CHECK_DF16(-halfMinPos, 0x8000);
  CHECK_DF16(std::nextafter(halfMinPos, 1.0f), 0x0001);
  CHECK_DF16(-std::nextafter(halfMinPos, 1.0f), 0x8001);
  CHECK_DF16(std::nextafter(halfMinPos, 0.0f), 0x0000);
  CHECK_DF16(-std::nextafter(halfMinPos, 0.0f), 0x8000);
  // 2^-32 is just below the midpoint (513 * 2^-41 > 512 * 2^-41) -> zero.
  CHECK_DF16(pow2f(-32), 0x0000);
  CHECK_DF16(-pow2f(-32), 0x8000);
  // 2^-33 is far below the midpoint -> zero.
  CHECK_DF16(pow2f(-33), 0x0000);
  CHECK_DF16(-pow2f(-33), 0x8000);
  // Smallest normal float and float denormals -> zero.
  CHECK_DF16(FLT_MIN, 0x0000);
  CHECK_DF16(-FLT_MIN, 0x8000);
  CHECK_DF16(std::numeric_limits<float>::denorm_min(), 0x0000);
  CHECK_DF16(-std::numeric_limits<float>::denorm_min(), 0x8000);
  CHECK_DF16(1e-40f, 0x0000);
  CHECK_DF16(-1e-40f, 0x8000);
  CHECK_DF16(std::nextafter(FLT_MIN, 0.0f), 0x0000);
}

// Compares against an independent reference: the sorted list of all
// non-negative representable df16 values, searched for the nearest one.
void Df16Test::bruteForceReference() {
  // (value, code) for code 0x0000 .. 0x7FFE, built from the format definition.
  std::vector<std::pair<double, uint16_t>> table;
  table.reserve(0x7FFF);
  for (uint32_t c = 0; c <= 0x7FFE; ++c)
    table.emplace_back(referenceValue(static_cast<uint16_t>(c)),
                       static_cast<uint16_t>(c));
  std::sort(table.begin(), table.end());
  const double maxValue = table.back().first;

  // Nearest representable magnitude, ties to the even fraction; magnitudes
  // above the largest finite value saturate. Valid for |x| >= 2^-45, where the
  // double differences below are exact.
  auto reference = [&](float x) -> uint16_t {
    const double a = std::fabs(static_cast<double>(x));
    const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
    uint16_t mag;
    if (a >= maxValue) {
      mag = table.back().second;
    } else {
      auto hi = std::lower_bound(
          table.begin(), table.end(), a,
          [](const std::pair<double, uint16_t> &e, double v) {
            return e.first < v;
          });
      if (hi->first == a) {
        mag = hi->second;
      } else {
        auto lo = hi - 1;
        const double dLo = a - lo->first;
        const double dHi = hi->first - a;
        if (dLo < dHi)
          mag = lo->second;
        else if (dHi < dLo)
          mag = hi->second;
        else
          mag = (fracOf(lo->second) % 2 == 0) ? lo->second : hi->second;
      }
    }
    return static_cast<uint16_t>(sign | mag);
  };

  std::mt19937 rng(0xDF16u);
  std::uniform_int_distribution<int> expDist(-45, 33); // includes saturation
  std::uniform_int_distribution<uint32_t> mantDist(0, (1u << 23) - 1);
  std::uniform_int_distribution<int> coin(0, 9);

  const int kSamples = 200000;
  int ties = 0;
  for (int i = 0; i < kSamples; ++i) {
    uint32_t mant = mantDist(rng);
    // Every tenth sample keeps only a few mantissa bits, so that exact df16
    // values and exact midpoints (ties) are hit frequently.
    if (coin(rng) == 0)
      mant &= ~((1u << 13) - 1);
    const int e = expDist(rng);
    float x = std::ldexp(1.0f + static_cast<float>(mant) / 8388608.0f, e);
    if (coin(rng) < 5)
      x = -x;
    const uint16_t want = reference(x);
    const uint16_t got = f32ToDf16(x);
    if (got != want)
      QFAIL(qPrintable(QString::asprintf(
          "sample %d: f32ToDf16(%.9g) = 0x%04X, reference 0x%04X", i, double(x),
          unsigned(got), unsigned(want))));
    if ((mant & ((1u << 13) - 1)) == 0 && (mant & (1u << 13)) != 0)
      ++ties; // the bit just below df16's fraction set, rest zero
  }
  QVERIFY(ties > 1000); // the tie cases were actually exercised
}

QTEST_APPLESS_MAIN(Df16Test)

#include "Df16Test.moc"
