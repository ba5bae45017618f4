//===- HalfTest.cpp - the interpreter's f16 rounding and encoding ---------===//
//
// roundToHalf, halfBits and halfToFloat (core/interp/DType.h) against the
// compiler's IEEE binary16 conversions (_Float16, round to nearest even):
// every f16 bit pattern, every midpoint between neighbouring f16 values
// and its two float neighbours, and a stride through all float patterns.
//
//===----------------------------------------------------------------------===//

#include "interp/DType.h"
#include "FloatBits.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <cstring>

using namespace spyre::interp;

namespace {

float fromBits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

uint16_t referenceHalf(float f) {
  _Float16 h = static_cast<_Float16>(f);
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}

/// Fails the test with the input if roundToHalf / halfBits disagree with
/// the reference on `f`. NaNs compare as "some NaN".
bool agrees(float f) {
  uint16_t expected = referenceHalf(f);
  float rounded = roundToHalf(f);
  if (std::isnan(f))
    return std::isnan(rounded) && (halfBits(rounded) & 0x7c00u) == 0x7c00u &&
           (halfBits(rounded) & 0x3ffu) != 0;
  return halfBits(rounded) == expected &&
         floatBits(rounded) == floatBits(static_cast<float>(
                                   static_cast<_Float16>(f)));
}

} // namespace

class HalfTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void everyHalfDecodesAndRoundTrips() {
    for (uint32_t h = 0; h < 0x10000u; ++h) {
      _Float16 ref;
      uint16_t bits = static_cast<uint16_t>(h);
      std::memcpy(&ref, &bits, 2);
      float decoded = halfToFloat(bits);
      if (std::isnan(static_cast<float>(ref))) {
        QVERIFY(std::isnan(decoded));
        continue;
      }
      QCOMPARE(floatBits(decoded), floatBits(static_cast<float>(ref)));
      QCOMPARE(halfBits(decoded), bits);
      QVERIFY2(agrees(decoded), qPrintable(QString::number(h, 16)));
    }
  }

  void midpointsRoundToEven() {
    for (uint32_t h = 0; h < 0x7c00u; ++h) { // positive finite halves
      float lo = halfToFloat(static_cast<uint16_t>(h));
      float hi = halfToFloat(static_cast<uint16_t>(h + 1)); // 0x7c00: inf
      float mid = h + 1 == 0x7c00u ? 65520.0f : (lo + hi) / 2; // exact
      for (float f : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, INFINITY)})
        for (float s : {f, -f})
          QVERIFY2(agrees(s), qPrintable(QString::number(double(s), 'g', 12)));
    }
  }

  void strideThroughAllFloats() {
    int checked = 0;
    for (uint64_t b = 0; b <= 0xffffffffull; b += 251) {
      float f = fromBits(static_cast<uint32_t>(b));
      if (!agrees(f))
        QFAIL(qPrintable(QString("0x%1").arg(b, 8, 16, QChar('0'))));
      ++checked;
    }
    QVERIFY(checked > 17000000);
  }
};

QTEST_GUILESS_MAIN(HalfTest)
#include "HalfTest.moc"
