//===- HalfArraysTest.cpp - f16 array paths against the scalar rules ------===//
//
// The array paths that round to f16 eight at a time (F16C where the
// processor has it: roundHalves, applyFloatBinary into f16, HalfMemo)
// must give, bit for bit, what the per-element rules of DType.h and
// Elementwise.h give: roundToHalf(float(x op y)), x op y as the f64 loops
// compute it. Inputs mix every kind of
// value a tensor can hold: f16 values, doubles that are not, subnormals,
// signed zeros, infinities and NaNs with payloads and signs.
//
//===----------------------------------------------------------------------===//

#include "interp/Elementwise.h"
#include "interp/HalfArrays.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

using namespace spyre::interp;

namespace {

/// The same 8 bytes as another type (C++20's std::bit_cast).
template <typename To, typename From> To bitCast(From from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}
uint64_t bitsOf(double d) { return bitCast<uint64_t>(d); }
double fromBits(uint64_t b) { return bitCast<double>(b); }

double rounded(double x) { return roundToHalf(static_cast<float>(x)); }

/// Special values, f16 values and arbitrary doubles, shuffled so that every
/// block of eight mixes kinds (and some blocks hold only f16 values).
std::vector<double> mixedValues(unsigned seed, size_t n) {
  std::mt19937_64 rng(seed);
  const double specials[] = {
      0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN,
      fromBits(0x7ff0000000000001ull), fromBits(0xfff8000000001234ull),
      fromBits(0x7ff8dead00000000ull), 65504.0, 65520.0, -65519.99,
      6.103515625e-05, 5.960464477539063e-08, 2.98e-08, -1e-300, 1e300,
      1.0 + 1.0 / 2048, 1.0 + 3.0 / 4096};
  std::vector<double> v;
  std::uniform_int_distribution<int> kind(0, 15);
  std::uniform_real_distribution<double> wide(-70000.0, 70000.0);
  std::normal_distribution<double> narrow(0.0, 3.0);
  while (v.size() < n) {
    int k = kind(rng);
    if (k == 0)
      v.push_back(specials[rng() % std::size(specials)]);
    else if (k < 3)
      v.push_back(wide(rng));
    else if (k < 5)
      v.push_back(fromBits(rng())); // any double at all
    else
      v.push_back(rounded(narrow(rng))); // an f16 value, often repeated
  }
  return v;
}

bool sameBits(const std::vector<double> &got, const std::vector<double> &want,
              QString &where) {
  for (size_t i = 0; i < got.size(); ++i)
    if (bitsOf(got[i]) != bitsOf(want[i])) {
      where = QString("element %1: 0x%2, expected 0x%3")
                  .arg(i)
                  .arg(bitsOf(got[i]), 16, 16, QChar('0'))
                  .arg(bitsOf(want[i]), 16, 16, QChar('0'));
      return false;
    }
  return true;
}

const FloatBinary kOps[] = {
    FloatBinary::Add,     FloatBinary::Sub,     FloatBinary::Mul,
    FloatBinary::Div,     FloatBinary::Maximum, FloatBinary::Minimum,
    FloatBinary::MaxNum,  FloatBinary::MinNum};

} // namespace

class HalfArraysTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void roundHalvesMatchesScalar() {
    std::vector<double> in = mixedValues(1, 100003), want = in;
    for (double &d : want)
      d = rounded(d);
    roundHalves(in.data(), static_cast<int64_t>(in.size()));
    QString where;
    QVERIFY2(sameBits(in, want, where), qPrintable(where));
  }

  void binaryOpsMatchScalar() {
    const int64_t n = 20011; // not a multiple of eight
    std::vector<double> a = mixedValues(2, n), b = mixedValues(3, n);
    // Equal pairs too: the max / min family treats ties apart.
    for (int64_t i = 0; i < n; i += 7)
      b[i] = i % 2 ? a[i] : -a[i];
    for (FloatBinary op : kOps)
      for (int steps = 0; steps < 4; ++steps) {
        int64_t aStep = steps & 1, bStep = steps >> 1;
        // The reference: the f64 loops (nothing to round), then each
        // result rounded alone. (Which NaN fmax gives for two NaNs is the
        // C library's choice, so the reference calls the same code.)
        std::vector<double> want(n), out(n);
        applyFloatBinary(op, DType::F64, a.data(), aStep, b.data(), bStep,
                         want.data(), n);
        for (double &d : want)
          d = rounded(d);
        applyFloatBinary(op, DType::F16, a.data(), aStep, b.data(), bStep,
                         out.data(), n);
        QString where;
        QVERIFY2(sameBits(out, want, where),
                 qPrintable(QString("op %1 steps %2 %3, ")
                                .arg(int(op)).arg(aStep).arg(bStep) + where));
        // In place, as the reductions fold.
        std::vector<double> inPlace = a;
        applyFloatBinary(op, DType::F16, inPlace.data(), aStep, b.data(),
                         bStep, inPlace.data(), n);
        if (aStep)
          QVERIFY2(sameBits(inPlace, want, where), qPrintable(where));
      }
  }

  void memoMatchesDirect() {
    static HalfMemo memo;
    double (*fn)(double) = [](double x) { return std::exp(x); };
    std::vector<double> in = mixedValues(4, 50021);
    for (uint32_t h = 0; h < 0x10000u; ++h) // every f16 bit pattern
      in.push_back(halfToFloat(static_cast<uint16_t>(h)));
    std::vector<double> want(in.size()), out(in.size());
    for (size_t i = 0; i < in.size(); ++i)
      want[i] = rounded(fn(in[i]));
    for (int pass = 0; pass < 2; ++pass) { // filling the memo, then from it
      memo.apply(fn, in.data(), out.data(), static_cast<int64_t>(in.size()));
      QString where;
      QVERIFY2(sameBits(out, want, where), qPrintable(where));
    }
  }
};

QTEST_GUILESS_MAIN(HalfArraysTest)
#include "HalfArraysTest.moc"
