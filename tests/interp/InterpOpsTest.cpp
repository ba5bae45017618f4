//===- InterpOpsTest.cpp - hand-checked semantics of the interpreter ------===//
//
// One test function per op family. Every kernel is small (2-16 elements)
// and every expected value is worked out by hand in the comments next to
// it; values are compared exactly. The f16 cases are chosen so that the
// per-op rounding is visible:
//   * f16 has 11 significant bits: spacing 2^-11 below 1, 2^-10 in [1, 2),
//     2^-9 in [2, 4), 1 in [1024, 2048), 2 in [2048, 4096), 32 at 65504.
//   * ties round to the even mantissa: 1 + 2^-11 -> 1, 2049 -> 2048,
//     2051 -> 2052 (2050 has an odd mantissa), 2053 -> 2052.
//   * f32 has 24 significant bits: 2^24 + 1 -> 2^24, 2^24 + 3 -> 2^24 + 4.
// The second half checks every diagnostic the interpreter (and the driver
// around it) reports: RunResult::ok is false and an Error diagnostic with a
// distinctive message sits on the line of the offending op.
//
//===----------------------------------------------------------------------===//

#include "driver/Run.h"
#include "KernelLines.h"
#include "DiagnosticText.h"

#include <QString>
#include <QStringList>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using namespace spyre;
using namespace spyre::driver;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// IEEE binary16 bit pattern -> value (independent of the interpreter).
double halfToDouble(uint16_t h) {
  int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  double v;
  if (exponent == 0)
    v = std::ldexp(mantissa, -24);
  else if (exponent == 31)
    v = mantissa ? NAN : INFINITY;
  else
    v = std::ldexp(1024 + mantissa, exponent - 25);
  return (h & 0x8000) ? -v : v;
}

/// Value -> f16 bits; the test only feeds values that f16 holds exactly.
uint16_t halfBits(double v) {
  _Float16 h = static_cast<_Float16>(v);
  uint16_t bits;
  std::memcpy(&bits, &h, 2);
  double back = halfToDouble(bits);
  if (!(back == v || (std::isnan(v) && std::isnan(back))))
    qFatal("test input %.17g is not an f16 value", v);
  return bits;
}

/// An npy array of `dtype` ("f16", "f32", "i32", "i64") holding `values`.
npy::Array makeArray(const std::string &dtype, std::vector<int64_t> shape,
                     const std::vector<double> &values) {
  npy::Array a;
  a.dtype = dtype;
  a.shape = std::move(shape);
  if (a.numElements() != static_cast<int64_t>(values.size()))
    qFatal("makeArray: %zu values for %lld elements", values.size(),
           static_cast<long long>(a.numElements()));
  size_t size = npy::elementSize(dtype);
  a.data.resize(values.size() * size);
  for (size_t i = 0; i < values.size(); ++i) {
    uint8_t *p = &a.data[i * size];
    double v = values[i];
    if (dtype == "f16") {
      uint16_t h = halfBits(v);
      std::memcpy(p, &h, 2);
    } else if (dtype == "f32") {
      float f = static_cast<float>(v);
      if (!(f == v || std::isnan(v)))
        qFatal("test input %.17g is not an f32 value", v);
      std::memcpy(p, &f, 4);
    } else if (dtype == "i32") {
      int32_t x = static_cast<int32_t>(v);
      if (x != v)
        qFatal("test input %.17g is not an i32 value", v);
      std::memcpy(p, &x, 4);
    } else if (dtype == "i64") {
      int64_t x = static_cast<int64_t>(v);
      std::memcpy(p, &x, 8);
    } else {
      qFatal("makeArray: unsupported dtype %s", dtype.c_str());
    }
  }
  return a;
}

/// The elements of an npy array as doubles (exact for f16, f32, i32, i64).
std::vector<double> valuesOf(const npy::Array &a) {
  std::vector<double> out;
  size_t size = npy::elementSize(a.dtype);
  if (size == 0)
    return out;
  for (size_t at = 0; at + size <= a.data.size(); at += size) {
    const uint8_t *p = &a.data[at];
    if (a.dtype == "f16") {
      uint16_t h;
      std::memcpy(&h, p, 2);
      out.push_back(halfToDouble(h));
    } else if (a.dtype == "f32") {
      float f;
      std::memcpy(&f, p, 4);
      out.push_back(f);
    } else if (a.dtype == "i32") {
      int32_t x;
      std::memcpy(&x, p, 4);
      out.push_back(x);
    } else if (a.dtype == "i64") {
      int64_t x;
      std::memcpy(&x, p, 8);
      out.push_back(static_cast<double>(x));
    }
  }
  return out;
}

Argument arrayArg(const std::string &dtype, std::vector<int64_t> shape,
                  const std::vector<double> &values) {
  Argument a;
  a.array = makeArray(dtype, std::move(shape), values);
  return a;
}

Argument scalarArg(double v) {
  Argument a;
  a.scalar = v;
  return a;
}

/// A 128-byte-aligned f16/f32/i32 array of `n` copies of `fill` (outputs).
Argument filled(const std::string &dtype, int64_t n, double fill) {
  return arrayArg(dtype, {n}, std::vector<double>(static_cast<size_t>(n), fill));
}

RunRequest request(const std::string &source,
                   std::map<std::string, Argument> args) {
  RunRequest r;
  r.source = source;
  r.sourceName = "ops.mlir";
  r.args = std::move(args);
  return r;
}

bool hasErrors(const RunResult &r) {
  for (const Diagnostic &d : r.diagnostics)
    if (d.severity == Diagnostic::Severity::Error)
      return true;
  return false;
}

/// 1-based line of the first occurrence of `needle` in `source`.
const Diagnostic *findError(const RunResult &r, const std::string &text) {
  for (const Diagnostic &d : r.diagnostics)
    if (d.severity == Diagnostic::Severity::Error &&
        d.message.find(text) != std::string::npos)
      return &d;
  return nullptr;
}

const npy::Array &arrayOf(const RunResult &r, const std::string &name) {
  static const npy::Array none;
  auto it = r.arrays.find(name);
  return it == r.arrays.end() ? none : it->second;
}

QString show(const std::vector<double> &v) {
  QStringList parts;
  for (double d : v)
    parts << QString::number(d, 'g', 17);
  return "[" + parts.join(", ") + "]";
}

bool sameValues(const std::vector<double> &actual,
                const std::vector<double> &expected) {
  if (actual.size() != expected.size())
    return false;
  for (size_t i = 0; i < actual.size(); ++i) {
    bool bothNan = std::isnan(actual[i]) && std::isnan(expected[i]);
    if (!bothNan && actual[i] != expected[i])
      return false;
  }
  return true;
}

std::vector<double> slice(const std::vector<double> &v, size_t from,
                          size_t n) {
  if (from + n > v.size())
    return v;
  return std::vector<double>(v.begin() + from, v.begin() + from + n);
}

const double kInf = INFINITY;

} // namespace

/// The run succeeded without error diagnostics.
#define REQUIRE_OK(r)                                                          \
  do {                                                                         \
    const RunResult &result_ = (r);                                            \
    QVERIFY2(result_.ok && !hasErrors(result_), diagText(result_).c_str());    \
  } while (0)

/// `array` (an npy::Array) holds exactly the values in braces.
#define CHECK_VALUES(array, ...)                                               \
  do {                                                                         \
    std::vector<double> expected_ = __VA_ARGS__;                               \
    std::vector<double> actual_ = valuesOf(array);                             \
    QVERIFY2(sameValues(actual_, expected_),                                   \
             qPrintable("got " + show(actual_) + ", expected " +              \
                        show(expected_)));                                     \
  } while (0)

/// Elements [from, from + n) of `array` hold exactly the values in braces.
#define CHECK_SLICE(array, from, ...)                                          \
  do {                                                                         \
    std::vector<double> expected_ = __VA_ARGS__;                               \
    std::vector<double> actual_ =                                              \
        slice(valuesOf(array), (from), expected_.size());                      \
    QVERIFY2(sameValues(actual_, expected_),                                   \
             qPrintable(QString("elements from %1: got ").arg(from) +          \
                        show(actual_) + ", expected " + show(expected_)));     \
  } while (0)

/// The run failed with an Error containing `text` on line `line`.
#define CHECK_ERROR(r, text, expectedLine)                                             \
  do {                                                                         \
    QVERIFY2(!(r).ok, "the run succeeded but should have failed");             \
    const Diagnostic *d_ = findError((r), (text));                             \
    QVERIFY2(d_, qPrintable(QString("no error containing '%1' in:\n%2")       \
                                .arg(QString::fromStdString(text),             \
                                     QString::fromStdString(diagText(r)))));   \
    QCOMPARE(d_->line, (expectedLine));                                        \
  } while (0)

class InterpOpsTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void arithFloat();
  void arithInteger();
  void math();
  void casts();
  void linalg();
  void severalRoles();
  void matmulF32Accumulator();
  void tensorOps();
  void scf();
  void ktdpTileIds();
  void ktdpViewsAndTiles();
  void ktdpMaskingAndDistributed();
  void ktdpDistributedBands();
  void ktdpIndirect();
  void interTile();
  void scratchpadAccounting();
  void preparedRunRepeats();

  void diagScratchpadOverflow();
  void diagDivisionByZero();
  void diagExtractOutOfBounds();
  void diagUnsupportedOp();
  void diagTileLargerThanType();
  void diagMissingArgument();
  void diagParseError();
  void diagTileBoxBeyondScratchpad();
  void diagDeadlock();
  void diagUnknownFunction();
};

//===----------------------------------------------------------------------===//
// 1. arith on floats
//===----------------------------------------------------------------------===//

// x = [1, 2048, 1, -3], y = [2^-11, 1, 3, 2]; out holds 8 groups of 4.
static const char *const kArithF16 = R"mlir(
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#s32 = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @arith_f16(%x: index, %y: index, %out: index) {
  %xv = ktdp.construct_memory_view %x, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf16>
  %ov = ktdp.construct_memory_view %out, sizes: [32], strides: [1] {coordinate_set = #s32, memory_space = #hbm} : memref<32xf16>
  %xt = ktdp.construct_access_tile %xv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  %yt = ktdp.construct_access_tile %yv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  %a = ktdp.load %xt : !ktdp.access_tile<4xindex> -> tensor<4xf16>
  %b = ktdp.load %yt : !ktdp.access_tile<4xindex> -> tensor<4xf16>
  %add = arith.addf %a, %b : tensor<4xf16>
  %sub = arith.subf %a, %b : tensor<4xf16>
  %mul = arith.mulf %a, %b : tensor<4xf16>
  %div = arith.divf %a, %b : tensor<4xf16>
  %neg = arith.negf %a : tensor<4xf16>
  %max = arith.maximumf %a, %b : tensor<4xf16>
  %back = arith.subf %add, %a : tensor<4xf16>
  // Scalars.
  %p = arith.constant 2048.0 : f16
  %q = arith.constant 1.0 : f16
  %three = arith.constant 3.0 : f16
  %s0 = arith.addf %p, %q : f16
  %s1 = arith.divf %q, %three : f16
  %s2 = arith.mulf %s1, %three : f16
  %s3 = arith.negf %s1 : f16
  %scalars = tensor.from_elements %s0, %s1, %s2, %s3 : tensor<4xf16>
  %o0 = ktdp.construct_access_tile %ov[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %add, %o0 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o1 = ktdp.construct_access_tile %ov[4] {access_tile_set = #s4, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %sub, %o1 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o2 = ktdp.construct_access_tile %ov[8] {access_tile_set = #s4, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %mul, %o2 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o3 = ktdp.construct_access_tile %ov[12] {access_tile_set = #s4, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %div, %o3 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o4 = ktdp.construct_access_tile %ov[16] {access_tile_set = #s4, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %neg, %o4 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o5 = ktdp.construct_access_tile %ov[20] {access_tile_set = #s4, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %max, %o5 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o6 = ktdp.construct_access_tile %ov[24] {access_tile_set = #s4, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %back, %o6 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o7 = ktdp.construct_access_tile %ov[28] {access_tile_set = #s4, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %scalars, %o7 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  return
}
)mlir";

// The same inputs in f32 (x[1] = 2^24), plus cmpf + select.
static const char *const kArithF32 = R"mlir(
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#s20 = affine_set<(d0) : (d0 >= 0, -d0 + 19 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @arith_f32(%x: index, %y: index, %out: index) {
  %xv = ktdp.construct_memory_view %x, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf32>
  %yv = ktdp.construct_memory_view %y, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf32>
  %ov = ktdp.construct_memory_view %out, sizes: [20], strides: [1] {coordinate_set = #s20, memory_space = #hbm} : memref<20xf32>
  %xt = ktdp.construct_access_tile %xv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf32> -> !ktdp.access_tile<4xindex>
  %yt = ktdp.construct_access_tile %yv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf32> -> !ktdp.access_tile<4xindex>
  %a = ktdp.load %xt : !ktdp.access_tile<4xindex> -> tensor<4xf32>
  %b = ktdp.load %yt : !ktdp.access_tile<4xindex> -> tensor<4xf32>
  %add = arith.addf %a, %b : tensor<4xf32>
  %sub = arith.subf %a, %b : tensor<4xf32>
  %mul = arith.mulf %a, %b : tensor<4xf32>
  %div = arith.divf %a, %b : tensor<4xf32>
  %lt = arith.cmpf olt, %a, %b : tensor<4xf32>
  %sel = arith.select %lt, %a, %b : tensor<4xi1>, tensor<4xf32>
  %o0 = ktdp.construct_access_tile %ov[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<20xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %add, %o0 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  %o1 = ktdp.construct_access_tile %ov[4] {access_tile_set = #s4, access_tile_order = #id1} : memref<20xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %sub, %o1 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  %o2 = ktdp.construct_access_tile %ov[8] {access_tile_set = #s4, access_tile_order = #id1} : memref<20xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %mul, %o2 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  %o3 = ktdp.construct_access_tile %ov[12] {access_tile_set = #s4, access_tile_order = #id1} : memref<20xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %div, %o3 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  %o4 = ktdp.construct_access_tile %ov[16] {access_tile_set = #s4, access_tile_order = #id1} : memref<20xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %sel, %o4 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  return
}
)mlir";

// Constants: dense splat, dense list (rounded to f16 by the parser), the
// hex bit pattern 0xFC00 (-inf), scalar select + cmpf.
static const char *const kConstants = R"mlir(
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#s24 = affine_set<(d0) : (d0 >= 0, -d0 + 23 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @constants(%out: index) {
  %ov = ktdp.construct_memory_view %out, sizes: [24], strides: [1] {coordinate_set = #s24, memory_space = #hbm} : memref<24xf16>
  %splat = arith.constant dense<1.5> : tensor<4xf16>
  %dense = arith.constant dense<[0.1, 2049.0, -0.0, 65504.0]> : tensor<4xf16>
  %ninf = arith.constant 0xFC00 : f16
  %ninf_t = tensor.splat %ninf : tensor<4xf16>
  %max = arith.maximumf %ninf_t, %dense : tensor<4xf16>
  %sum = arith.addf %splat, %dense : tensor<4xf16>
  %one = arith.constant 1.0 : f16
  %two = arith.constant 2.0 : f16
  %gt = arith.cmpf ogt, %two, %one : f16
  %ge = arith.cmpf oge, %ninf, %one : f16
  %s0 = arith.select %gt, %two, %one : f16
  %s1 = arith.select %ge, %two, %one : f16
  %pinf = arith.constant 0x7C00 : f16
  %s2 = arith.addf %pinf, %ninf : f16
  %s3 = arith.negf %ninf : f16
  %scalars = tensor.from_elements %s0, %s1, %s2, %s3 : tensor<4xf16>
  %o0 = ktdp.construct_access_tile %ov[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<24xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %splat, %o0 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o1 = ktdp.construct_access_tile %ov[4] {access_tile_set = #s4, access_tile_order = #id1} : memref<24xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %dense, %o1 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o2 = ktdp.construct_access_tile %ov[8] {access_tile_set = #s4, access_tile_order = #id1} : memref<24xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %ninf_t, %o2 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o3 = ktdp.construct_access_tile %ov[12] {access_tile_set = #s4, access_tile_order = #id1} : memref<24xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %max, %o3 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o4 = ktdp.construct_access_tile %ov[16] {access_tile_set = #s4, access_tile_order = #id1} : memref<24xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %sum, %o4 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o5 = ktdp.construct_access_tile %ov[20] {access_tile_set = #s4, access_tile_order = #id1} : memref<24xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %scalars, %o5 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  return
}
)mlir";

void InterpOpsTest::arithFloat() {
  const double e11 = std::ldexp(1.0, -11); // 2^-11 = 0.00048828125
  {
    RunRequest req = request(kArithF16,
                             {{"x", arrayArg("f16", {4}, {1, 2048, 1, -3})},
                              {"y", arrayArg("f16", {4}, {e11, 1, 3, 2})},
                              {"out", filled("f16", 32, -1)}});
    RunResult r = runKernel(req);
    REQUIRE_OK(r);
    const npy::Array &out = arrayOf(r, "out");
    // addf: 1 + 2^-11 is halfway between 1 and 1 + 2^-10 -> even: 1;
    //       2048 + 1 = 2049 is halfway between 2048 and 2050 -> 2048;
    //       1 + 3 = 4; -3 + 2 = -1.
    CHECK_SLICE(out, 0, {1, 2048, 4, -1});
    // subf: 1 - 2^-11 = 0.99951171875 (exact: spacing below 1 is 2^-11);
    //       2048 - 1 = 2047; 1 - 3 = -2; -3 - 2 = -5.
    CHECK_SLICE(out, 4, {0.99951171875, 2047, -2, -5});
    // mulf: 2^-11, 2048, 3, -6 (all exact).
    CHECK_SLICE(out, 8, {e11, 2048, 3, -6});
    // divf: 1 / 2^-11 = 2048; 2048 / 1 = 2048;
    //       1 / 3 = 0.0101010101...b: 1.0101010101|0101 x 2^-2 rounds down
    //       to 1365 x 2^-12 = 0.333251953125; -3 / 2 = -1.5.
    CHECK_SLICE(out, 12, {2048, 2048, 0.333251953125, -1.5});
    // negf x.
    CHECK_SLICE(out, 16, {-1, -2048, -1, 3});
    // maximumf: max(1, 2^-11) = 1, 2048, 3, max(-3, 2) = 2.
    CHECK_SLICE(out, 20, {1, 2048, 3, 2});
    // (x + y) - x with a rounding after each op: 1 - 1 = 0 (not 2^-11),
    // 2048 - 2048 = 0 (not 1), 4 - 1 = 3, -1 - -3 = 2.
    CHECK_SLICE(out, 24, {0, 0, 3, 2});
    // Scalars: 2048 + 1 -> 2048; 1 / 3 -> 0.333251953125;
    // 0.333251953125 * 3 = 0.999755859375 = 1 - 2^-12, halfway between
    // 1 - 2^-11 (odd mantissa 1023) and 1 (even) -> 1; -(1/3).
    CHECK_SLICE(out, 28, {2048, 0.333251953125, 1, -0.333251953125});
  }
  {
    const double two24 = 16777216;
    RunRequest req = request(kArithF32,
                             {{"x", arrayArg("f32", {4}, {1, two24, 1, -3})},
                              {"y", arrayArg("f32", {4}, {e11, 1, 3, 2})},
                              {"out", filled("f32", 20, -1)}});
    RunResult r = runKernel(req);
    REQUIRE_OK(r);
    const npy::Array &out = arrayOf(r, "out");
    // addf in f32: 1 + 2^-11 = 1.00048828125 is exact (no f16 rounding);
    // 2^24 + 1 is halfway between 2^24 and 2^24 + 2 -> even: 2^24.
    CHECK_SLICE(out, 0, {1.00048828125, two24, 4, -1});
    // subf: 1 - 2^-11; 2^24 - 1 = 16777215 (exact, 24 bits).
    CHECK_SLICE(out, 4, {0.99951171875, 16777215, -2, -5});
    CHECK_SLICE(out, 8, {e11, two24, 3, -6});
    // divf: 1/3 in f32 = 0x3EAAAAAB = 0.3333333432674407958984375.
    CHECK_SLICE(out, 12, {2048, two24, 0.3333333432674407958984375, -1.5});
    // cmpf olt x, y = [F, F, T, T]; select -> [y0, y1, x2, x3].
    CHECK_SLICE(out, 16, {e11, 1, 1, -3});
  }
  {
    RunRequest req = request(kConstants, {{"out", filled("f16", 24, -1)}});
    RunResult r = runKernel(req);
    REQUIRE_OK(r);
    const npy::Array &out = arrayOf(r, "out");
    CHECK_SLICE(out, 0, {1.5, 1.5, 1.5, 1.5});
    // dense<[0.1, 2049.0, -0.0, 65504.0]> : f16: 0.1 -> 1638 x 2^-14 =
    // 0.0999755859375; 2049 -> 2048 (tie, even); -0; 65504 (f16 max).
    CHECK_SLICE(out, 4, {0.0999755859375, 2048, 0, 65504});
    // 0xFC00 : f16 is -inf.
    CHECK_SLICE(out, 8, {-kInf, -kInf, -kInf, -kInf});
    // maximumf(-inf, v) = v.
    CHECK_SLICE(out, 12, {0.0999755859375, 2048, 0, 65504});
    // 1.5 + 0.0999755859375 = 1.5999755859375 = 1638.375 x 2^-10 -> 1638 x
    // 2^-10 = 1.599609375; 1.5 + 2048 = 2049.5 -> 2050 (nearest);
    // 1.5 + -0 = 1.5; 65504 + 1.5 = 65505.5 -> 65504 (spacing 32).
    CHECK_SLICE(out, 16, {1.599609375, 2050, 1.5, 65504});
    // select(2 > 1) = 2; select(-inf >= 1) = 1; inf + -inf = NaN;
    // -(-inf) = inf.
    CHECK_SLICE(out, 20, {2, 1, NAN, kInf});
  }
}

//===----------------------------------------------------------------------===//
// 2. arith on integers
//===----------------------------------------------------------------------===//

// x = [7, -7, 2147483647, 65536], y = [2, 2, 1, 65537] (i32); out i32 [40].
static const char *const kArithInt = R"mlir(
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#s40 = affine_set<(d0) : (d0 >= 0, -d0 + 39 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @arith_int(%x: index, %y: index, %out: index) {
  %xv = ktdp.construct_memory_view %x, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xi32>
  %yv = ktdp.construct_memory_view %y, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xi32>
  %ov = ktdp.construct_memory_view %out, sizes: [40], strides: [1] {coordinate_set = #s40, memory_space = #hbm} : memref<40xi32>
  %xt = ktdp.construct_access_tile %xv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xi32> -> !ktdp.access_tile<4xindex>
  %yt = ktdp.construct_access_tile %yv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xi32> -> !ktdp.access_tile<4xindex>
  %a = ktdp.load %xt : !ktdp.access_tile<4xindex> -> tensor<4xi32>
  %b = ktdp.load %yt : !ktdp.access_tile<4xindex> -> tensor<4xi32>
  %add = arith.addi %a, %b : tensor<4xi32>
  %mul = arith.muli %a, %b : tensor<4xi32>
  %sq = arith.muli %a, %a : tensor<4xi32>
  %divs = arith.divsi %a, %b : tensor<4xi32>
  %remu = arith.remui %a, %b : tensor<4xi32>
  %divu = arith.divui %a, %b : tensor<4xi32>
  %slt = arith.cmpi slt, %a, %b : tensor<4xi32>
  %slt_i = arith.extui %slt : tensor<4xi1> to tensor<4xi32>
  %ult = arith.cmpi ult, %a, %b : tensor<4xi32>
  %ult_i = arith.extui %ult : tensor<4xi1> to tensor<4xi32>
  %ai = arith.index_cast %a : tensor<4xi32> to tensor<4xindex>
  %two = arith.constant dense<2> : tensor<4xindex>
  %a2 = arith.muli %ai, %two : tensor<4xindex>
  %back = arith.index_cast %a2 : tensor<4xindex> to tensor<4xi32>
  // Scalar index arithmetic.
  %c7 = arith.constant 7 : index
  %cm7 = arith.constant -7 : index
  %c2 = arith.constant 2 : index
  %q0 = arith.divsi %cm7, %c2 : index
  %q1 = arith.remui %c7, %c2 : index
  %q2 = arith.cmpi eq, %q1, %c2 : index
  %q3 = arith.cmpi ule, %c2, %c7 : index
  %i0 = arith.index_cast %q0 : index to i32
  %i1 = arith.index_cast %q1 : index to i32
  %i2 = arith.extui %q2 : i1 to i32
  %i3 = arith.extui %q3 : i1 to i32
  %scalars = tensor.from_elements %i0, %i1, %i2, %i3 : tensor<4xi32>
  %o0 = ktdp.construct_access_tile %ov[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<40xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %add, %o0 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  %o1 = ktdp.construct_access_tile %ov[4] {access_tile_set = #s4, access_tile_order = #id1} : memref<40xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %mul, %o1 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  %o2 = ktdp.construct_access_tile %ov[8] {access_tile_set = #s4, access_tile_order = #id1} : memref<40xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %sq, %o2 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  %o3 = ktdp.construct_access_tile %ov[12] {access_tile_set = #s4, access_tile_order = #id1} : memref<40xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %divs, %o3 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  %o4 = ktdp.construct_access_tile %ov[16] {access_tile_set = #s4, access_tile_order = #id1} : memref<40xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %remu, %o4 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  %o5 = ktdp.construct_access_tile %ov[20] {access_tile_set = #s4, access_tile_order = #id1} : memref<40xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %divu, %o5 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  %o6 = ktdp.construct_access_tile %ov[24] {access_tile_set = #s4, access_tile_order = #id1} : memref<40xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %slt_i, %o6 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  %o7 = ktdp.construct_access_tile %ov[28] {access_tile_set = #s4, access_tile_order = #id1} : memref<40xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %ult_i, %o7 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  %o8 = ktdp.construct_access_tile %ov[32] {access_tile_set = #s4, access_tile_order = #id1} : memref<40xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %back, %o8 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  %o9 = ktdp.construct_access_tile %ov[36] {access_tile_set = #s4, access_tile_order = #id1} : memref<40xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %scalars, %o9 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  return
}
)mlir";

void InterpOpsTest::arithInteger() {
  const double imax = 2147483647, imin = -2147483648.0;
  RunRequest req =
      request(kArithInt, {{"x", arrayArg("i32", {4}, {7, -7, imax, 65536})},
                          {"y", arrayArg("i32", {4}, {2, 2, 1, 65537})},
                          {"out", filled("i32", 40, -1)}});
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  const npy::Array &out = arrayOf(r, "out");
  // addi: 9, -5, 2^31 - 1 + 1 wraps to -2^31, 65536 + 65537 = 131073.
  CHECK_SLICE(out, 0, {9, -5, imin, 131073});
  // muli: 14, -14, 2^31 - 1, 65536 * 65537 = 2^32 + 2^16 -> 2^16 = 65536.
  CHECK_SLICE(out, 4, {14, -14, imax, 65536});
  // divsi (truncating): 3, -3, 2^31 - 1, 65536 / 65537 = 0.
  CHECK_SLICE(out, 12, {3, -3, imax, 0});
  // remui: 7 % 2 = 1; -7 as unsigned = 4294967289, % 2 = 1; x % 1 = 0;
  // 65536 % 65537 = 65536.
  CHECK_SLICE(out, 16, {1, 1, 0, 65536});
  // divui: 3; 4294967289 / 2 = 2147483644; 2^31 - 1; 0.
  CHECK_SLICE(out, 20, {3, 2147483644, imax, 0});
  // cmpi slt: 7 < 2 F, -7 < 2 T, F, 65536 < 65537 T.
  CHECK_SLICE(out, 24, {0, 1, 0, 1});
  // cmpi ult: F, 4294967289 < 2 F, F, T.
  CHECK_SLICE(out, 28, {0, 0, 0, 1});
  // index_cast to index (sign-extends), * 2 in 64 bits, index_cast back
  // to i32 (truncates): 14, -14, 4294967294 -> -2, 131072.
  CHECK_SLICE(out, 32, {14, -14, -2, 131072});
  // Scalars: -7 divsi 2 = -3 (towards zero); 7 remui 2 = 1;
  // 1 == 2 false; 2 ule 7 true.
  CHECK_SLICE(out, 36, {-3, 1, 0, 1});
  // muli x * x: 49, 49, (2^31 - 1)^2 = 2^62 - 2^32 + 1 -> 1 (mod 2^32),
  // 2^16 * 2^16 = 2^32 -> 0. (Checked last: the interpreter currently
  // gives 0 for the third lane, see the report.)
  CHECK_SLICE(out, 8, {49, 49, 1, 0});
}

//===----------------------------------------------------------------------===//
// 3. math
//===----------------------------------------------------------------------===//

// f32 tensors from HBM and f16 scalars; out32 f32 [12], out16 f16 [4].
static const char *const kMath = R"mlir(
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#s12 = affine_set<(d0) : (d0 >= 0, -d0 + 11 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @math(%e: index, %s: index, %out32: index, %out16: index) {
  %ev = ktdp.construct_memory_view %e, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf32>
  %sv = ktdp.construct_memory_view %s, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf32>
  %ov = ktdp.construct_memory_view %out32, sizes: [12], strides: [1] {coordinate_set = #s12, memory_space = #hbm} : memref<12xf32>
  %hv = ktdp.construct_memory_view %out16, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf16>
  %et = ktdp.construct_access_tile %ev[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf32> -> !ktdp.access_tile<4xindex>
  %st = ktdp.construct_access_tile %sv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf32> -> !ktdp.access_tile<4xindex>
  %ein = ktdp.load %et : !ktdp.access_tile<4xindex> -> tensor<4xf32>
  %sin = ktdp.load %st : !ktdp.access_tile<4xindex> -> tensor<4xf32>
  %exp = math.exp %ein : tensor<4xf32>
  %sqrt = math.sqrt %sin : tensor<4xf32>
  %rsqrt = math.rsqrt %sin : tensor<4xf32>
  %one = arith.constant 1.0 : f16
  %two = arith.constant 2.0 : f16
  %h0 = math.exp %one : f16
  %h1 = math.sqrt %two : f16
  %h2 = math.rsqrt %two : f16
  %h3 = math.sqrt %h0 : f16
  %h = tensor.from_elements %h0, %h1, %h2, %h3 : tensor<4xf16>
  %o0 = ktdp.construct_access_tile %ov[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<12xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %exp, %o0 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  %o1 = ktdp.construct_access_tile %ov[4] {access_tile_set = #s4, access_tile_order = #id1} : memref<12xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %sqrt, %o1 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  %o2 = ktdp.construct_access_tile %ov[8] {access_tile_set = #s4, access_tile_order = #id1} : memref<12xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %rsqrt, %o2 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  %o3 = ktdp.construct_access_tile %hv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %h, %o3 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  return
}
)mlir";

void InterpOpsTest::math() {
  RunRequest req =
      request(kMath, {{"e", arrayArg("f32", {4}, {0, 1, -kInf, 0})},
                      {"s", arrayArg("f32", {4}, {4, 16, 0.25, 2})},
                      {"out32", filled("f32", 12, -1)},
                      {"out16", filled("f16", 4, -1)}});
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  const npy::Array &out = arrayOf(r, "out32");
  // exp: e^0 = 1; e = 2.718281828459045 -> f32 0x402DF854 =
  // 2.71828174591064453125; e^-inf = 0; e^0 = 1.
  CHECK_SLICE(out, 0, {1, 2.71828174591064453125, 0, 1});
  // sqrt: 2, 4, 0.5, sqrt(2) = 1.41421356... -> f32 0x3FB504F3 =
  // 1.41421353816986083984375.
  CHECK_SLICE(out, 4, {2, 4, 0.5, 1.41421353816986083984375});
  // rsqrt: 1/2, 1/4, 2, 1/sqrt(2) = 0.70710678118... -> f32 0x3F3504F3 =
  // 0.707106769084930419921875.
  CHECK_SLICE(out, 8, {0.5, 0.25, 2, 0.707106769084930419921875});
  // f16: e -> 1391.76 x 2^-9 -> 1392 x 2^-9 = 2.71875;
  // sqrt(2) -> 1448.15 x 2^-10 -> 1.4140625;
  // 1/sqrt(2) -> 1448.15 x 2^-11 -> 0.70703125;
  // sqrt(2.71875) = 1.64886... -> 1688.43 x 2^-10 -> 1688 x 2^-10 =
  // 1.6484375.
  CHECK_VALUES(arrayOf(r, "out16"), {2.71875, 1.4140625, 0.70703125, 1.6484375});

  // math.trunc rounds towards zero (inductor's rounding_mode='trunc'):
  // neither floor (-3) nor ceil (3) for both signs.
  const char *truncKernel = R"mlir(
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @trunc(%out: index) {
  %ov = ktdp.construct_memory_view %out, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #ktdp.memory_space<global>} : memref<4xf32>
  %x = arith.constant dense<[-2.75, 2.75, -0.25, 5.0]> : tensor<4xf32>
  %t = math.trunc %x : tensor<4xf32>
  %o = ktdp.construct_access_tile %ov[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %t, %o : tensor<4xf32>, !ktdp.access_tile<4xindex>
  return
}
)mlir";
  RunResult t = runKernel(request(truncKernel, {{"out", filled("f32", 4, 9)}}));
  REQUIRE_OK(t);
  CHECK_VALUES(arrayOf(t, "out"), {-2, 2, 0, 5});

  // math.isnan / isinf / isfinite of [NaN, inf, -inf, 1.5] (inductor's
  // nan_to_num), as i32: out = [isnan x4, isinf x4, isfinite x4].
  const char *classKernel = R"mlir(
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#s12 = affine_set<(d0) : (d0 >= 0, -d0 + 11 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @classes(%out: index) {
  %ov = ktdp.construct_memory_view %out, sizes: [12], strides: [1] {coordinate_set = #s12, memory_space = #ktdp.memory_space<global>} : memref<12xi32>
  %x = arith.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 1.5]> : tensor<4xf32>
  %n = math.isnan %x : tensor<4xf32>
  %i = math.isinf %x : tensor<4xf32>
  %f = math.isfinite %x : tensor<4xf32>
  %n32 = arith.extui %n : tensor<4xi1> to tensor<4xi32>
  %i32 = arith.extui %i : tensor<4xi1> to tensor<4xi32>
  %f32 = arith.extui %f : tensor<4xi1> to tensor<4xi32>
  %all = tensor.concat dim(0) %n32, %i32, %f32 : (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<12xi32>
  %o = ktdp.construct_access_tile %ov[0] {access_tile_set = #s12, access_tile_order = #id1} : memref<12xi32> -> !ktdp.access_tile<12xindex>
  ktdp.store %all, %o : tensor<12xi32>, !ktdp.access_tile<12xindex>
  return
}
)mlir";
  RunResult c = runKernel(request(classKernel, {{"out", filled("i32", 12, 7)}}));
  REQUIRE_OK(c);
  CHECK_VALUES(arrayOf(c, "out"), {1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1});
}

//===----------------------------------------------------------------------===//
// 4. casts
//===----------------------------------------------------------------------===//

// t f32 [4] -> truncf/extf; i i32 [4] -> sitofp f32; constants for the
// rest. out16 f16 [8], out32 f32 [16].
static const char *const kCasts = R"mlir(
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#s8 = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#s16 = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @casts(%t: index, %i: index, %out16: index, %out32: index) {
  %tv = ktdp.construct_memory_view %t, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf32>
  %iv = ktdp.construct_memory_view %i, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xi32>
  %hv = ktdp.construct_memory_view %out16, sizes: [8], strides: [1] {coordinate_set = #s8, memory_space = #hbm} : memref<8xf16>
  %fv = ktdp.construct_memory_view %out32, sizes: [16], strides: [1] {coordinate_set = #s16, memory_space = #hbm} : memref<16xf32>
  %tt = ktdp.construct_access_tile %tv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf32> -> !ktdp.access_tile<4xindex>
  %it = ktdp.construct_access_tile %iv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xi32> -> !ktdp.access_tile<4xindex>
  %f = ktdp.load %tt : !ktdp.access_tile<4xindex> -> tensor<4xf32>
  %n = ktdp.load %it : !ktdp.access_tile<4xindex> -> tensor<4xi32>
  %h = arith.truncf %f : tensor<4xf32> to tensor<4xf16>
  %back = arith.extf %h : tensor<4xf16> to tensor<4xf32>
  %n32 = arith.sitofp %n : tensor<4xi32> to tensor<4xf32>
  %ints = arith.constant dense<[2049, -3, 2051, 70000]> : tensor<4xi32>
  %n16 = arith.sitofp %ints : tensor<4xi32> to tensor<4xf16>
  %bits = arith.constant dense<[1065353216, -8388608, 1078530011, 0]> : tensor<4xi32>
  %bc = arith.bitcast %bits : tensor<4xi32> to tensor<4xf32>
  %one_bits = arith.constant 0x3F800000 : i32
  %ninf_bits = arith.constant 0xFF800000 : i32
  %s0 = arith.bitcast %one_bits : i32 to f32
  %s1 = arith.bitcast %ninf_bits : i32 to f32
  %tenth = arith.constant 0.1 : f16
  %s2 = arith.extf %tenth : f16 to f32
  %seven = arith.constant 7 : i32
  %s3 = arith.sitofp %seven : i32 to f32
  %scalars = tensor.from_elements %s0, %s1, %s2, %s3 : tensor<4xf32>
  %o0 = ktdp.construct_access_tile %hv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<8xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %h, %o0 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o1 = ktdp.construct_access_tile %hv[4] {access_tile_set = #s4, access_tile_order = #id1} : memref<8xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %n16, %o1 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o2 = ktdp.construct_access_tile %fv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<16xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %back, %o2 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  %o3 = ktdp.construct_access_tile %fv[4] {access_tile_set = #s4, access_tile_order = #id1} : memref<16xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %n32, %o3 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  %o4 = ktdp.construct_access_tile %fv[8] {access_tile_set = #s4, access_tile_order = #id1} : memref<16xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %bc, %o4 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  %o5 = ktdp.construct_access_tile %fv[12] {access_tile_set = #s4, access_tile_order = #id1} : memref<16xf32> -> !ktdp.access_tile<4xindex>
  ktdp.store %scalars, %o5 : tensor<4xf32>, !ktdp.access_tile<4xindex>
  return
}
)mlir";

void InterpOpsTest::casts() {
  RunRequest req = request(
      kCasts,
      {{"t", arrayArg("f32", {4}, {3.0009765625, 3.0029296875, 65519, 65520})},
       {"i", arrayArg("i32", {4}, {16777217, -3, 16777219, 2147483647})},
       {"out16", filled("f16", 8, -1)},
       {"out32", filled("f32", 16, -1)}});
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  const npy::Array &h = arrayOf(r, "out16");
  const npy::Array &f = arrayOf(r, "out32");
  // truncf: 3 + 2^-10 is halfway between 3 (mantissa 0x200, even) and
  // 3 + 2^-9 (0x201) -> 3; 3 + 3*2^-10 is halfway between 3 + 2^-9 (odd)
  // and 3 + 2^-8 (0x202, even) -> 3.00390625; 65519 < 65520 -> 65504;
  // 65520 is halfway between 65504 and 2^16 -> overflows to inf.
  CHECK_SLICE(h, 0, {3, 3.00390625, 65504, kInf});
  // sitofp to f16: 2049 -> 2048; -3; 2051 -> 2052 (tie, even); 70000 -> inf.
  CHECK_SLICE(h, 4, {2048, -3, 2052, kInf});
  // extf back to f32 keeps the f16 values exactly.
  CHECK_SLICE(f, 0, {3, 3.00390625, 65504, kInf});
  // sitofp to f32: 2^24 + 1 -> 2^24; -3; 2^24 + 3 -> 2^24 + 4 (tie, even);
  // 2^31 - 1 -> 2^31.
  CHECK_SLICE(f, 4, {16777216, -3, 16777220, 2147483648.0});
  // bitcast: 0x3F800000 = 1.0, 0xFF800000 = -inf, 0x40490FDB = pi in f32 =
  // 3.1415927410125732421875, 0 = +0.
  CHECK_SLICE(f, 8, {1, -kInf, 3.1415927410125732421875, 0});
  // Scalars: bitcast 0x3F800000 -> 1.0; 0xFF800000 -> -inf;
  // extf(0.1 : f16) = 0.0999755859375; sitofp 7 = 7.
  CHECK_SLICE(f, 12, {1, -kInf, 0.0999755859375, 7});
}

//===----------------------------------------------------------------------===//
// 5. linalg
//===----------------------------------------------------------------------===//

// All inputs are constants; every result is flattened into out (f16 [44]).
static const char *const kLinalg = R"mlir(
#s1 = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#s2 = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#s6 = affine_set<(d0) : (d0 >= 0, -d0 + 5 >= 0)>
#s44 = affine_set<(d0) : (d0 >= 0, -d0 + 43 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @linalg_ops(%out: index) {
  %ov = ktdp.construct_memory_view %out, sizes: [44], strides: [1] {coordinate_set = #s44, memory_space = #hbm} : memref<44xf16>
  // add
  %a = arith.constant dense<[1.0, 2048.0, 0.5, 3.0]> : tensor<4xf16>
  %b = arith.constant dense<[0.00048828125, 1.0, 0.25, -5.0]> : tensor<4xf16>
  %e4 = tensor.empty() : tensor<4xf16>
  %add = linalg.add ins(%a, %b : tensor<4xf16>, tensor<4xf16>) outs(%e4 : tensor<4xf16>) -> tensor<4xf16>
  // fill
  %tenth = arith.constant 0.1 : f16
  %fill = linalg.fill ins(%tenth : f16) outs(%e4 : tensor<4xf16>) -> tensor<4xf16>
  // broadcast [3] -> [2, 3]
  %v3 = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf16>
  %e23 = tensor.empty() : tensor<2x3xf16>
  %bc = linalg.broadcast ins(%v3 : tensor<3xf16>) outs(%e23 : tensor<2x3xf16>) dimensions = [0]
  %bc_flat = tensor.collapse_shape %bc [[0, 1]] : tensor<2x3xf16> into tensor<6xf16>
  // transpose [2, 3] -> [3, 2]
  %m23 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf16>
  %e32 = tensor.empty() : tensor<3x2xf16>
  %tr = linalg.transpose ins(%m23 : tensor<2x3xf16>) outs(%e32 : tensor<3x2xf16>) permutation = [1, 0]
  %tr_flat = tensor.collapse_shape %tr [[0, 1]] : tensor<3x2xf16> into tensor<6xf16>
  // matmul 2x2 (exact) and 2x3 @ 3x2 + C (f32 accumulation visible)
  %ma = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %mb = arith.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf16>
  %mz = arith.constant dense<0.0> : tensor<2x2xf16>
  %mm = linalg.matmul ins(%ma, %mb : tensor<2x2xf16>, tensor<2x2xf16>) outs(%mz : tensor<2x2xf16>) -> tensor<2x2xf16>
  %mm_flat = tensor.collapse_shape %mm [[0, 1]] : tensor<2x2xf16> into tensor<4xf16>
  %pa = arith.constant dense<[[2048.0, 1.0, 1.0], [2048.0, 1.0, 0.0]]> : tensor<2x3xf16>
  %pb = arith.constant dense<[[1.0, 1.0], [1.0, 0.0], [1.0, 0.0]]> : tensor<3x2xf16>
  %pc = arith.constant dense<[[0.0, 1.0], [1.0, 3.0]]> : tensor<2x2xf16>
  %pm = linalg.matmul ins(%pa, %pb : tensor<2x3xf16>, tensor<3x2xf16>) outs(%pc : tensor<2x2xf16>) -> tensor<2x2xf16>
  %pm_flat = tensor.collapse_shape %pm [[0, 1]] : tensor<2x2xf16> into tensor<4xf16>
  // reduce (sum, explicit region): [2048, 1, 1, 1] and a 2x5 over dim 1
  %r4 = arith.constant dense<[[2048.0, 1.0, 1.0, 1.0]]> : tensor<1x4xf16>
  %z1 = arith.constant dense<0.0> : tensor<1xf16>
  %sum4 = linalg.reduce ins(%r4 : tensor<1x4xf16>) outs(%z1 : tensor<1xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %s = arith.addf %in, %acc : f16
      linalg.yield %s : f16
    }
  %r25 = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [2048.0, 1.0, 1.0, 1.0, 1.0]]> : tensor<2x5xf16>
  %i2 = arith.constant dense<[0.5, 1.0]> : tensor<2xf16>
  %sum25 = linalg.reduce ins(%r25 : tensor<2x5xf16>) outs(%i2 : tensor<2xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %s = arith.addf %in, %acc : f16
      linalg.yield %s : f16
    }
  // reduce (max, short form) over dimension 0 with init [-inf, 6]
  %r22 = arith.constant dense<[[1.0, 5.0], [4.0, 2.0]]> : tensor<2x2xf16>
  %ninf = arith.constant 0xFC00 : f16
  %six = arith.constant 6.0 : f16
  %mi = tensor.from_elements %ninf, %six : tensor<2xf16>
  %max = linalg.reduce { arith.maximumf } ins(%r22 : tensor<2x2xf16>) outs(%mi : tensor<2xf16>) dimensions = [0]
  // generic: out[i, j] = x[i, j] + b[j] * j + 100 * i (b broadcast by its
  // indexing map, i and j from linalg.index, 100 captured from outside)
  %gx = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf16>
  %gb = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf16>
  %hundred = arith.constant 100.0 : f16
  %gen = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%gx, %gb : tensor<2x3xf16>, tensor<3xf16>) outs(%e23 : tensor<2x3xf16>) {
  ^bb0(%xv: f16, %bv: f16, %o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %ji = arith.index_cast %j : index to i32
    %if = arith.sitofp %ii : i32 to f16
    %jf = arith.sitofp %ji : i32 to f16
    %t1 = arith.mulf %bv, %jf : f16
    %t2 = arith.mulf %if, %hundred : f16
    %t3 = arith.addf %xv, %t1 : f16
    %t4 = arith.addf %t3, %t2 : f16
    linalg.yield %t4 : f16
  } -> tensor<2x3xf16>
  %gen_flat = tensor.collapse_shape %gen [[0, 1]] : tensor<2x3xf16> into tensor<6xf16>
  %o0 = ktdp.construct_access_tile %ov[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<44xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %add, %o0 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o1 = ktdp.construct_access_tile %ov[4] {access_tile_set = #s4, access_tile_order = #id1} : memref<44xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %fill, %o1 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o2 = ktdp.construct_access_tile %ov[8] {access_tile_set = #s6, access_tile_order = #id1} : memref<44xf16> -> !ktdp.access_tile<6xindex>
  ktdp.store %bc_flat, %o2 : tensor<6xf16>, !ktdp.access_tile<6xindex>
  %o3 = ktdp.construct_access_tile %ov[14] {access_tile_set = #s6, access_tile_order = #id1} : memref<44xf16> -> !ktdp.access_tile<6xindex>
  ktdp.store %tr_flat, %o3 : tensor<6xf16>, !ktdp.access_tile<6xindex>
  %o4 = ktdp.construct_access_tile %ov[20] {access_tile_set = #s4, access_tile_order = #id1} : memref<44xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %mm_flat, %o4 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o5 = ktdp.construct_access_tile %ov[24] {access_tile_set = #s4, access_tile_order = #id1} : memref<44xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %pm_flat, %o5 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o6 = ktdp.construct_access_tile %ov[28] {access_tile_set = #s1, access_tile_order = #id1} : memref<44xf16> -> !ktdp.access_tile<1xindex>
  ktdp.store %sum4, %o6 : tensor<1xf16>, !ktdp.access_tile<1xindex>
  %o7 = ktdp.construct_access_tile %ov[29] {access_tile_set = #s2, access_tile_order = #id1} : memref<44xf16> -> !ktdp.access_tile<2xindex>
  ktdp.store %sum25, %o7 : tensor<2xf16>, !ktdp.access_tile<2xindex>
  %o8 = ktdp.construct_access_tile %ov[31] {access_tile_set = #s2, access_tile_order = #id1} : memref<44xf16> -> !ktdp.access_tile<2xindex>
  ktdp.store %max, %o8 : tensor<2xf16>, !ktdp.access_tile<2xindex>
  %o9 = ktdp.construct_access_tile %ov[33] {access_tile_set = #s6, access_tile_order = #id1} : memref<44xf16> -> !ktdp.access_tile<6xindex>
  ktdp.store %gen_flat, %o9 : tensor<6xf16>, !ktdp.access_tile<6xindex>
  return
}
)mlir";

void InterpOpsTest::linalg() {
  RunRequest req = request(kLinalg, {{"out", filled("f16", 44, -1)}});
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  const npy::Array &out = arrayOf(r, "out");
  // linalg.add: 1 + 2^-11 -> 1; 2048 + 1 -> 2048; 0.75; 3 - 5 = -2.
  CHECK_SLICE(out, 0, {1, 2048, 0.75, -2});
  // linalg.fill with 0.1 : f16 = 0.0999755859375.
  CHECK_SLICE(out, 4, {0.0999755859375, 0.0999755859375, 0.0999755859375,
                       0.0999755859375});
  // broadcast dimensions = [0]: both rows are [1, 2, 3].
  CHECK_SLICE(out, 8, {1, 2, 3, 1, 2, 3});
  // transpose [[1,2,3],[4,5,6]] -> [[1,4],[2,5],[3,6]].
  CHECK_SLICE(out, 14, {1, 4, 2, 5, 3, 6});
  // [[1,2],[3,4]] @ [[5,6],[7,8]] = [[5+14, 6+16], [15+28, 18+32]].
  CHECK_SLICE(out, 20, {19, 22, 43, 50});
  // [[2048,1,1],[2048,1,0]] @ [[1,1],[1,0],[1,0]], products summed in f32:
  //   (0,0) 2048+1+1 = 2050 (f16 step by step would give 2048) -> 2050
  //   (0,1) 2048+0+0 = 2048
  //   (1,0) 2048+1+0 = 2049 -> rounded once to f16: 2048
  //   (1,1) 2048
  // then + C = [[0,1],[1,3]] in f16:
  //   2050 + 0 = 2050; 2048 + 1 = 2049 -> 2048;
  //   2048 + 1 = 2049 -> 2048 (adding C in f32 first would give 2050);
  //   2048 + 3 = 2051 -> 2052 (tie, even).
  CHECK_SLICE(out, 24, {2050, 2048, 2048, 2052});
  // Pairwise sum of [2048, 1, 1, 1]: halves [2048, 1] + [1, 1] =
  // [2049 -> 2048, 2]; then 2048 + 2 = 2050; + init 0 = 2050.
  // (A left-to-right f16 sum would give 2048.)
  CHECK_SLICE(out, 28, {2050});
  // 2x5 over dim 1, init [0.5, 1]:
  //   row 0 [1,2,3,4,5]: [1,2]+[3,4] = [4,6], carry 5 -> [4,6,5];
  //     [4]+[6] = 10, carry 5 -> [10,5]; 15; + 0.5 = 15.5
  //   row 1 [2048,1,1,1,1]: [2048,1]+[1,1] = [2048, 2], carry 1 ->
  //     [2048,2,1]; [2048]+[2] = 2050, carry 1 -> [2050,1];
  //     2050 + 1 = 2051 -> 2052; + 1 = 2053 -> 2052 (tie, even)
  CHECK_SLICE(out, 29, {15.5, 2052});
  // max over dim 0 of [[1,5],[4,2]] = [4, 5]; with init [-inf, 6]: [4, 6].
  CHECK_SLICE(out, 31, {4, 6});
  // generic: row 0: 1 + 10*0 + 0, 2 + 20*1, 3 + 30*2 = [1, 22, 63];
  //          row 1: + 100: [104, 125, 166].
  CHECK_SLICE(out, 33, {1, 22, 63, 104, 125, 166});
}

// Reductions and generics of several roles, as torch-mlir and inductor
// write argmax: x = [[3, 7, 7, 1, 7], [2, 2, 2, 2, 2]] (ties for the max).
// A linalg.reduce of (value, index) with a strict comparison, a reducing
// generic with two outputs reading linalg.index, and a parallel generic
// with two outputs. out (f16 [12]): reduce's maxima, generic's maxima,
// x + 1 and x * 2 of row 0; idx (i32 [4]): reduce's indices, generic's.
static const char *const kSeveralRoles = R"mlir(
#s2 = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#s5 = affine_set<(d0) : (d0 >= 0, -d0 + 4 >= 0)>
#s12 = affine_set<(d0) : (d0 >= 0, -d0 + 11 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @several_roles(%out: index, %idx: index) {
  %ov = ktdp.construct_memory_view %out, sizes: [12], strides: [1] {coordinate_set = #s12, memory_space = #hbm} : memref<12xf16>
  %iv = ktdp.construct_memory_view %idx, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xi32>
  %x = arith.constant dense<[[3.0, 7.0, 7.0, 1.0, 7.0], [2.0, 2.0, 2.0, 2.0, 2.0]]> : tensor<2x5xf16>
  %j = arith.constant dense<[[0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]> : tensor<2x5xi32>
  %ninf = arith.constant 0xFC00 : f16
  %z = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<2xf16>
  %ei = tensor.empty() : tensor<2xi32>
  %v0 = linalg.fill ins(%ninf : f16) outs(%ev : tensor<2xf16>) -> tensor<2xf16>
  %i0 = linalg.fill ins(%z : i32) outs(%ei : tensor<2xi32>) -> tensor<2xi32>
  %r:2 = linalg.reduce ins(%x, %j : tensor<2x5xf16>, tensor<2x5xi32>) outs(%v0, %i0 : tensor<2xf16>, tensor<2xi32>) dimensions = [1]
    (%in: f16, %inj: i32, %acc: f16, %accj: i32) {
      %gt = arith.cmpf ogt, %in, %acc : f16
      %v = arith.select %gt, %in, %acc : f16
      %k = arith.select %gt, %inj, %accj : i32
      linalg.yield %v, %k : f16, i32
    }
  %g:2 = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x5xf16>) outs(%v0, %i0 : tensor<2xf16>, tensor<2xi32>) {
  ^bb0(%in: f16, %acc: f16, %accj: i32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %gt = arith.cmpf ogt, %in, %acc : f16
    %v = arith.select %gt, %in, %acc : f16
    %kk = arith.select %gt, %ki, %accj : i32
    linalg.yield %v, %kk : f16, i32
  } -> (tensor<2xf16>, tensor<2xi32>)
  %row = tensor.extract_slice %x[0, 0] [1, 5] [1, 1] : tensor<2x5xf16> to tensor<5xf16>
  %e5 = tensor.empty() : tensor<5xf16>
  %one = arith.constant 1.0 : f16
  %two = arith.constant 2.0 : f16
  %p:2 = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]} ins(%row : tensor<5xf16>) outs(%e5, %e5 : tensor<5xf16>, tensor<5xf16>) {
  ^bb0(%in: f16, %o1: f16, %o2: f16):
    %a = arith.addf %in, %one : f16
    %m = arith.mulf %in, %two : f16
    linalg.yield %a, %m : f16, f16
  } -> (tensor<5xf16>, tensor<5xf16>)
  %vals = tensor.concat dim(0) %r#0, %g#0 : (tensor<2xf16>, tensor<2xf16>) -> tensor<4xf16>
  %o0 = ktdp.construct_access_tile %ov[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<12xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %vals, %o0 : tensor<4xf16>, !ktdp.access_tile<4xindex>
  %o1 = ktdp.construct_access_tile %ov[4] {access_tile_set = #s5, access_tile_order = #id1} : memref<12xf16> -> !ktdp.access_tile<5xindex>
  ktdp.store %p#0, %o1 : tensor<5xf16>, !ktdp.access_tile<5xindex>
  %o2 = ktdp.construct_access_tile %ov[9] {access_tile_set = #s2, access_tile_order = #id1} : memref<12xf16> -> !ktdp.access_tile<2xindex>
  %m2 = tensor.extract_slice %p#1[0] [2] [1] : tensor<5xf16> to tensor<2xf16>
  ktdp.store %m2, %o2 : tensor<2xf16>, !ktdp.access_tile<2xindex>
  %ids = tensor.concat dim(0) %r#1, %g#1 : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
  %i4 = ktdp.construct_access_tile %iv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %ids, %i4 : tensor<4xi32>, !ktdp.access_tile<4xindex>
  return
}
)mlir";

void InterpOpsTest::severalRoles() {
  RunRequest req = request(kSeveralRoles, {{"out", filled("f16", 12, -1)},
                                           {"idx", filled("i32", 4, -1)}});
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  const npy::Array &out = arrayOf(r, "out");
  // Maxima 7 and 2, by the reduce and by the generic.
  CHECK_SLICE(out, 0, {7, 2, 7, 2});
  // x + 1 and (the first two of) x * 2 of row 0.
  CHECK_SLICE(out, 4, {4, 8, 8, 2, 8});
  CHECK_SLICE(out, 9, {6, 14});
  // Both fold in element order from the init, so the strict comparison
  // keeps the first index of a tie: 1 in row 0 (not 2 or 4), 0 in row 1
  // (a halving fold would pair 7 at 1 with 1 at 3 and 7 at 2 with 7 at 4,
  // and keep index 4 or 2).
  CHECK_VALUES(arrayOf(r, "idx"), {1, 0, 1, 0});
}

// f16 operands into an f32 accumulator of 2^24: the whole matmul (K = 2)
// and the same as two chunks of K carrying the accumulator; out f32 [2].
static const char *const kF32Accumulator = R"mlir(
#s1 = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#s2 = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @f32_accumulator(%out: index) {
  %ov = ktdp.construct_memory_view %out, sizes: [2], strides: [1] {coordinate_set = #s2, memory_space = #hbm} : memref<2xf32>
  %a = arith.constant dense<[[1.0, 1.0]]> : tensor<1x2xf16>
  %b = arith.constant dense<[[1.0], [1.0]]> : tensor<2x1xf16>
  %c = arith.constant dense<16777216.0> : tensor<1x1xf32>
  %whole = linalg.matmul ins(%a, %b : tensor<1x2xf16>, tensor<2x1xf16>) outs(%c : tensor<1x1xf32>) -> tensor<1x1xf32>
  %one = arith.constant dense<1.0> : tensor<1x1xf16>
  %k0 = linalg.matmul ins(%one, %one : tensor<1x1xf16>, tensor<1x1xf16>) outs(%c : tensor<1x1xf32>) -> tensor<1x1xf32>
  %k1 = linalg.matmul ins(%one, %one : tensor<1x1xf16>, tensor<1x1xf16>) outs(%k0 : tensor<1x1xf32>) -> tensor<1x1xf32>
  %w = tensor.collapse_shape %whole [[0, 1]] : tensor<1x1xf32> into tensor<1xf32>
  %k = tensor.collapse_shape %k1 [[0, 1]] : tensor<1x1xf32> into tensor<1xf32>
  %o0 = ktdp.construct_access_tile %ov[0] {access_tile_set = #s1, access_tile_order = #id1} : memref<2xf32> -> !ktdp.access_tile<1xindex>
  ktdp.store %w, %o0 : tensor<1xf32>, !ktdp.access_tile<1xindex>
  %o1 = ktdp.construct_access_tile %ov[1] {access_tile_set = #s1, access_tile_order = #id1} : memref<2xf32> -> !ktdp.access_tile<1xindex>
  ktdp.store %k, %o1 : tensor<1xf32>, !ktdp.access_tile<1xindex>
  return
}
)mlir";

void InterpOpsTest::matmulF32Accumulator() {
  RunRequest req = request(kF32Accumulator, {{"out", filled("f32", 2, -1)}});
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  // The f32 sum continues from the accumulator, product by product:
  // 2^24 + 1 rounds to 2^24 (tie, even), and again: 2^24. Summing the
  // products apart first (1 + 1 = 2, then 2^24 + 2) would give 2^24 + 2,
  // which the two chunks of K cannot: the chunked form and the whole
  // matmul agree bit for bit.
  CHECK_VALUES(arrayOf(r, "out"), {16777216, 16777216});
}

//===----------------------------------------------------------------------===//
// 6. tensor
//===----------------------------------------------------------------------===//

// x = 0..15 (f16); out f16 [17].
static const char *const kTensor = R"mlir(
#s1 = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#s16 = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>
#s17 = affine_set<(d0) : (d0 >= 0, -d0 + 16 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @tensor_ops(%x: index, %out: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %xv = ktdp.construct_memory_view %x, sizes: [16], strides: [1] {coordinate_set = #s16, memory_space = #hbm} : memref<16xf16>
  %ov = ktdp.construct_memory_view %out, sizes: [17], strides: [1] {coordinate_set = #s17, memory_space = #hbm} : memref<17xf16>
  %xt = ktdp.construct_access_tile %xv[0] {access_tile_set = #s16, access_tile_order = #id1} : memref<16xf16> -> !ktdp.access_tile<16xindex>
  %flat = ktdp.load %xt : !ktdp.access_tile<16xindex> -> tensor<16xf16>
  %m = tensor.expand_shape %flat [[0, 1]] output_shape [4, 4] : tensor<16xf16> into tensor<4x4xf16>
  %s = tensor.extract_slice %m[1, 1] [2, 2] [1, 2] : tensor<4x4xf16> to tensor<2x2xf16>
  %e = tensor.extract %m[%c3, %c2] : tensor<4x4xf16>
  %s2 = tensor.insert %e into %s[%c0, %c1] : tensor<2x2xf16>
  %half = arith.constant 0.5 : f16
  %z = tensor.splat %half : tensor<4x4xf16>
  %r = tensor.insert_slice %s2 into %z[2, 0] [2, 2] [1, 1] : tensor<2x2xf16> into tensor<4x4xf16>
  %rflat = tensor.collapse_shape %r [[0, 1]] : tensor<4x4xf16> into tensor<16xf16>
  %corner = tensor.extract_slice %m[3, 3] [1, 1] [1, 1] : tensor<4x4xf16> to tensor<1x1xf16>
  %r0 = tensor.collapse_shape %corner [] : tensor<1x1xf16> into tensor<f16>
  %last = tensor.extract %r0[] : tensor<f16>
  %empty = tensor.empty() : tensor<1xf16>
  %one = tensor.insert %last into %empty[%c0] : tensor<1xf16>
  %o0 = ktdp.construct_access_tile %ov[0] {access_tile_set = #s16, access_tile_order = #id1} : memref<17xf16> -> !ktdp.access_tile<16xindex>
  ktdp.store %rflat, %o0 : tensor<16xf16>, !ktdp.access_tile<16xindex>
  %o1 = ktdp.construct_access_tile %ov[16] {access_tile_set = #s1, access_tile_order = #id1} : memref<17xf16> -> !ktdp.access_tile<1xindex>
  ktdp.store %one, %o1 : tensor<1xf16>, !ktdp.access_tile<1xindex>
  return
}
)mlir";

void InterpOpsTest::tensorOps() {
  std::vector<double> x;
  for (int i = 0; i < 16; ++i)
    x.push_back(i);
  RunRequest req = request(kTensor, {{"x", arrayArg("f16", {16}, x)},
                                     {"out", filled("f16", 17, -1)}});
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  // m = expand(0..15) = [[0,1,2,3],[4,5,6,7],[8,9,10,11],[12,13,14,15]].
  // extract_slice offsets [1,1] sizes [2,2] strides [1,2]: rows 1-2,
  // columns 1 and 3 = [[5,7],[9,11]]; extract m[3,2] = 14; insert it at
  // [0,1] -> [[5,14],[9,11]]; insert_slice at [2,0] into a splat of 0.5:
  // rows 2-3, columns 0-1; collapse to 16. Then m[3,3] through a 1x1 slice
  // collapsed to rank 0, extracted and inserted into an empty tensor<1>.
  CHECK_VALUES(arrayOf(r, "out"), {0.5, 0.5, 0.5, 0.5,   //
                                   0.5, 0.5, 0.5, 0.5,   //
                                   5, 14, 0.5, 0.5,      //
                                   9, 11, 0.5, 0.5,      //
                                   15});
}

//===----------------------------------------------------------------------===//
// 7. scf
//===----------------------------------------------------------------------===//

// %n = 3 (scalar); out i32 [4], out16 f16 [2].
static const char *const kScf = R"mlir(
#s2 = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @scf_ops(%n: index, %out: index, %out16: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %sum = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %c0) -> (index) {
    %next = arith.addi %acc, %i : index
    scf.yield %next : index
  }
  %big = arith.cmpi sgt, %n, %c2 : index
  %small = arith.cmpi slt, %n, %c2 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %r1 = scf.if %big -> (i32) {
    scf.yield %one : i32
  } else {
    scf.yield %two : i32
  }
  %r2 = scf.if %small -> (i32) {
    scf.yield %one : i32
  } else {
    scf.yield %two : i32
  }
  %zero = arith.constant 0 : i32
  %five = arith.constant 5 : i32
  %w = scf.while (%v = %zero) : (i32) -> i32 {
    %go = arith.cmpi slt, %v, %five : i32
    scf.condition(%go) %v : i32
  } do {
  ^bb0(%u: i32):
    %inc = arith.addi %u, %one : i32
    scf.yield %inc : i32
  }
  %sum_i = arith.index_cast %sum : index to i32
  %res = tensor.from_elements %sum_i, %r1, %r2, %w : tensor<4xi32>
  %init = arith.constant dense<[2048.0, 0.0]> : tensor<2xf16>
  %ones = arith.constant dense<1.0> : tensor<2xf16>
  %acc16 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (tensor<2xf16>) {
    %s = arith.addf %a, %ones : tensor<2xf16>
    scf.yield %s : tensor<2xf16>
  }
  %ov = ktdp.construct_memory_view %out, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xi32>
  %ot = ktdp.construct_access_tile %ov[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %res, %ot : tensor<4xi32>, !ktdp.access_tile<4xindex>
  %hv = ktdp.construct_memory_view %out16, sizes: [2], strides: [1] {coordinate_set = #s2, memory_space = #hbm} : memref<2xf16>
  %ht = ktdp.construct_access_tile %hv[0] {access_tile_set = #s2, access_tile_order = #id1} : memref<2xf16> -> !ktdp.access_tile<2xindex>
  ktdp.store %acc16, %ht : tensor<2xf16>, !ktdp.access_tile<2xindex>
  return
}
)mlir";

void InterpOpsTest::scf() {
  RunRequest req = request(kScf, {{"n", scalarArg(3)},
                                  {"out", filled("i32", 4, -1)},
                                  {"out16", filled("f16", 2, -1)}});
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  // for: 0+1+2+3+4 = 10; if (3 > 2) -> then: 1; if (3 < 2) -> else: 2;
  // while v < 5: v = 0,1,2,3,4 pass, 5 stops -> 5.
  CHECK_VALUES(arrayOf(r, "out"), {10, 1, 2, 5});
  // Loop-carried f16 tensor, + [1, 1] four times: 2048 + 1 -> 2048 every
  // time (2049 ties to 2048), 0 -> 4.
  CHECK_VALUES(arrayOf(r, "out16"), {2048, 4});
}

//===----------------------------------------------------------------------===//
// 8. ktdp
//===----------------------------------------------------------------------===//

// Each of the grid's tiles stores its id into out[id].
static const char *const kTileIds = R"mlir(
#s1 = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @tile_ids(%out: index) attributes {grid = [4]} {
  %id = ktdp.get_compute_tile_id : index
  %ov = ktdp.construct_memory_view %out, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #ktdp.memory_space<global>} : memref<4xi32>
  %v = arith.index_cast %id : index to i32
  %t = tensor.splat %v : tensor<1xi32>
  %ot = ktdp.construct_access_tile %ov[%id] {access_tile_set = #s1, access_tile_order = #id1} : memref<4xi32> -> !ktdp.access_tile<1xindex>
  ktdp.store %t, %ot : tensor<1xi32>, !ktdp.access_tile<1xindex>
  return
}
)mlir";

// grid [2, 2]: tile (x, y) stores 10*x + y at out[x + 2*y] and into its own
// scratchpad (element 256 = byte 1024 of LX).
static const char *const kGrid2D = R"mlir(
#s1 = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @grid2d(%out: index) attributes {grid = [2, 2]} {
  %x, %y = ktdp.get_compute_tile_id : index, index
  %c10 = arith.constant 10 : index
  %lx_at = arith.constant 256 : index
  %x10 = arith.muli %x, %c10 : index
  %val = arith.addi %x10, %y : index
  %vi = arith.index_cast %val : index to i32
  %t = tensor.splat %vi : tensor<1xi32>
  %ov = ktdp.construct_memory_view %out, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #ktdp.memory_space<global>} : memref<4xi32>
  %ot = ktdp.construct_access_tile %ov[%x + %y * 2] {access_tile_set = #s1, access_tile_order = #id1} : memref<4xi32> -> !ktdp.access_tile<1xindex>
  ktdp.store %t, %ot : tensor<1xi32>, !ktdp.access_tile<1xindex>
  %lv = ktdp.construct_memory_view %lx_at, sizes: [1], strides: [1] {coordinate_set = #s1, memory_space = #ktdp.memory_space<ct_local>} : memref<1xi32>
  %lt = ktdp.construct_access_tile %lv[0] {access_tile_set = #s1, access_tile_order = #id1} : memref<1xi32> -> !ktdp.access_tile<1xindex>
  ktdp.store %t, %lt : tensor<1xi32>, !ktdp.access_tile<1xindex>
  return
}
)mlir";

void InterpOpsTest::ktdpTileIds() {
  {
    RunRequest req = request(kTileIds, {{"out", filled("i32", 4, -1)}});
    RunResult r = runKernel(req);
    REQUIRE_OK(r);
    QCOMPARE(r.grid, std::vector<int64_t>({4}));
    QCOMPARE(r.perCore.size(), size_t(4));
    CHECK_VALUES(arrayOf(r, "out"), {0, 1, 2, 3});
  }
  {
    // A RunRequest::grid with fewer tiles than the kernel's own grid is
    // refused on the grid's line: tiles 2 and 3's outputs would never be
    // written (a silent partial answer before).
    RunRequest req = request(kTileIds, {{"out", filled("i32", 4, -1)}});
    req.grid = {2};
    RunResult r = runKernel(req);
    QVERIFY(!r.ok);
    QVERIFY(hasErrors(r));
    bool said = false;
    for (const auto &d : r.diagnostics)
      said = said || (d.message.find("gives 2 tiles, fewer than it needs") !=
                          std::string::npos &&
                      d.line > 0);
    QVERIFY(said);
  }
  {
    RunRequest req = request(kGrid2D, {{"out", filled("i32", 4, -1)}});
    for (int c = 0; c < 4; ++c) {
      MemoryRegion region;
      region.name = "lx" + std::to_string(c);
      region.lx = true;
      region.core = c;
      region.byteStart = 1024;
      region.data = makeArray("i32", {1}, {-1});
      req.regions.push_back(region);
    }
    RunResult r = runKernel(req);
    REQUIRE_OK(r);
    // Tiles (x, y) = (0,0) (1,0) (0,1) (1,1) store 0, 10, 1, 11 at
    // x + 2y = 0, 1, 2, 3.
    CHECK_VALUES(arrayOf(r, "out"), {0, 10, 1, 11});
    // Dimension 0 varies fastest: core c = x + 2y runs tile (c % 2, c / 2),
    // so core 1 holds 10 (x=1, y=0) and core 2 holds 1 (x=0, y=1).
    CHECK_VALUES(r.regions["lx0"], {0});
    CHECK_VALUES(r.regions["lx1"], {10});
    CHECK_VALUES(r.regions["lx2"], {1});
    CHECK_VALUES(r.regions["lx3"], {11});
  }
}

// X: 4x6 f16, X[i][j] = 10i + j (row-major). Y: 2x4 column-major view
// (strides [1, 2]). Z: 4x2 row-major. W: 1x3.
static const char *const kViewsTiles = R"mlir(
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 5 >= 0)>
#y_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#z_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 1 >= 0)>
#w_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 2 >= 0)>
#even = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 5 >= 0, d1 mod 2 == 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#swap = affine_map<(d0, d1) -> (d1, d0)>
#hbm = #ktdp.memory_space<global>
func.func @views_tiles(%x: index, %y: index, %z: index, %w: index) {
  %one = arith.constant 1 : index
  %xv = ktdp.construct_memory_view %x, sizes: [4, 6], strides: [6, 1] {coordinate_set = #x_set, memory_space = #hbm} : memref<4x6xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [2, 4], strides: [1, 2] {coordinate_set = #y_set, memory_space = #hbm} : memref<2x4xf16>
  %zv = ktdp.construct_memory_view %z, sizes: [4, 2], strides: [2, 1] {coordinate_set = #z_set, memory_space = #hbm} : memref<4x2xf16>
  %wv = ktdp.construct_memory_view %w, sizes: [1, 3], strides: [3, 1] {coordinate_set = #w_set, memory_space = #hbm} : memref<1x3xf16>
  %blk_t = ktdp.construct_access_tile %xv[%one, %one * 2] {access_tile_set = #y_set, access_tile_order = #id2} : memref<4x6xf16> -> !ktdp.access_tile<2x4xindex>
  %blk = ktdp.load %blk_t : !ktdp.access_tile<2x4xindex> -> tensor<2x4xf16>
  %yt = ktdp.construct_access_tile %yv[0, 0] {access_tile_set = #y_set, access_tile_order = #id2} : memref<2x4xf16> -> !ktdp.access_tile<2x4xindex>
  ktdp.store %blk, %yt : tensor<2x4xf16>, !ktdp.access_tile<2x4xindex>
  %tr_t = ktdp.construct_access_tile %xv[0, 0] {access_tile_set = #y_set, access_tile_order = #swap} : memref<4x6xf16> -> !ktdp.access_tile<4x2xindex>
  %tr = ktdp.load %tr_t : !ktdp.access_tile<4x2xindex> -> tensor<4x2xf16>
  %zt = ktdp.construct_access_tile %zv[0, 0] {access_tile_set = #z_set, access_tile_order = #id2} : memref<4x2xf16> -> !ktdp.access_tile<4x2xindex>
  ktdp.store %tr, %zt : tensor<4x2xf16>, !ktdp.access_tile<4x2xindex>
  %ev_t = ktdp.construct_access_tile %xv[3, 0] {access_tile_set = #even, access_tile_order = #id2} : memref<4x6xf16> -> !ktdp.access_tile<1x3xindex>
  %ev = ktdp.load %ev_t : !ktdp.access_tile<1x3xindex> -> tensor<1x3xf16>
  %wt = ktdp.construct_access_tile %wv[0, 0] {access_tile_set = #w_set, access_tile_order = #id2} : memref<1x3xf16> -> !ktdp.access_tile<1x3xindex>
  ktdp.store %ev, %wt : tensor<1x3xf16>, !ktdp.access_tile<1x3xindex>
  return
}
)mlir";

void InterpOpsTest::ktdpViewsAndTiles() {
  std::vector<double> x;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j)
      x.push_back(10 * i + j);
  RunRequest req = request(kViewsTiles, {{"x", arrayArg("f16", {4, 6}, x)},
                                         {"y", filled("f16", 8, -1)},
                                         {"z", filled("f16", 8, -1)},
                                         {"w", filled("f16", 3, -1)}});
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  // The 2x4 block at anchor (1, 1*2) = rows 1-2, columns 2-5:
  // [[12,13,14,15],[22,23,24,25]], stored column-major: element (r, c) at
  // r + 2c -> [12, 22, 13, 23, 14, 24, 15, 25].
  CHECK_VALUES(arrayOf(r, "y"), {12, 22, 13, 23, 14, 24, 15, 25});
  // The 2x4 set at (0, 0) with order (d1, d0): a 4x2 tile T[c][r] =
  // X[r][c] = [[0,10],[1,11],[2,12],[3,13]], stored row-major.
  CHECK_VALUES(arrayOf(r, "z"), {0, 10, 1, 11, 2, 12, 3, 13});
  // Row 3, even columns (d1 mod 2 == 0): 30, 32, 34.
  CHECK_VALUES(arrayOf(r, "w"), {30, 32, 34});
}

// Masking: the views over x and out hold only the first %n elements (a
// coordinate_set symbol bound to the dynamic size); the 8-point tiles load
// zeros and skip stores beyond. Then a distributed view: rows 0-1 of a
// logical 4x4 in HBM (%a, row-major), rows 2-3 in core 0's scratchpad at
// element 256 (byte 512), column-major.
static const char *const kMaskDist = R"mlir(
#s8 = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#s16 = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>
#first_n = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
#top = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#bottom = affine_set<(d0, d1) : (d0 - 2 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#hbm = #ktdp.memory_space<global>
func.func @mask_dist(%x: index, %n: index, %out: index, %copy: index, %a: index, %d: index) {
  %xv = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {coordinate_set = #first_n, memory_space = #hbm} : memref<?xf16>
  %ov = ktdp.construct_memory_view %out, sizes: [%n], strides: [1] {coordinate_set = #first_n, memory_space = #hbm} : memref<?xf16>
  %cv = ktdp.construct_memory_view %copy, sizes: [8], strides: [1] {coordinate_set = #s8, memory_space = #hbm} : memref<8xf16>
  %xt = ktdp.construct_access_tile %xv[0] {access_tile_set = #s8, access_tile_order = #id1} : memref<?xf16> -> !ktdp.access_tile<8xindex>
  %loaded = ktdp.load %xt : !ktdp.access_tile<8xindex> -> tensor<8xf16>
  %ct = ktdp.construct_access_tile %cv[0] {access_tile_set = #s8, access_tile_order = #id1} : memref<8xf16> -> !ktdp.access_tile<8xindex>
  ktdp.store %loaded, %ct : tensor<8xf16>, !ktdp.access_tile<8xindex>
  %vals = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf16>
  %ot = ktdp.construct_access_tile %ov[0] {access_tile_set = #s8, access_tile_order = #id1} : memref<?xf16> -> !ktdp.access_tile<8xindex>
  ktdp.store %vals, %ot : tensor<8xf16>, !ktdp.access_tile<8xindex>

  %lx_at = arith.constant 256 : index
  %top_v = ktdp.construct_memory_view %a, sizes: [2, 4], strides: [4, 1] {coordinate_set = #top, memory_space = #hbm} : memref<2x4xf16>
  %bot_v = ktdp.construct_memory_view %lx_at, sizes: [2, 4], strides: [1, 2] {coordinate_set = #bottom, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>} : memref<2x4xf16>
  %dist = ktdp.construct_distributed_memory_view (%top_v, %bot_v : memref<2x4xf16>, memref<2x4xf16>) : memref<4x4xf16>
  %all_t = ktdp.construct_access_tile %dist[0, 0] {access_tile_set = #all, access_tile_order = #id2} : memref<4x4xf16> -> !ktdp.access_tile<4x4xindex>
  %whole = ktdp.load %all_t : !ktdp.access_tile<4x4xindex> -> tensor<4x4xf16>
  %flat = tensor.collapse_shape %whole [[0, 1]] : tensor<4x4xf16> into tensor<16xf16>
  %dv = ktdp.construct_memory_view %d, sizes: [16], strides: [1] {coordinate_set = #s16, memory_space = #hbm} : memref<16xf16>
  %dt = ktdp.construct_access_tile %dv[0] {access_tile_set = #s16, access_tile_order = #id1} : memref<16xf16> -> !ktdp.access_tile<16xindex>
  ktdp.store %flat, %dt : tensor<16xf16>, !ktdp.access_tile<16xindex>
  return
}
)mlir";

void InterpOpsTest::ktdpMaskingAndDistributed() {
  RunRequest req = request(
      kMaskDist,
      {{"x", arrayArg("f16", {8}, {10, 11, 12, 13, 14, 15, 16, 17})},
       {"n", scalarArg(3)},
       {"out", filled("f16", 8, -1)},
       {"copy", filled("f16", 8, -1)},
       {"a", arrayArg("f16", {2, 4}, {0, 1, 2, 3, 10, 11, 12, 13})},
       {"d", filled("f16", 16, -1)}});
  // Rows 2-3 = [[20,21,22,23],[30,31,32,33]] column-major: element (r, c)
  // at r + 2c -> [20, 30, 21, 31, 22, 32, 23, 33].
  MemoryRegion lx;
  lx.name = "bottom";
  lx.lx = true;
  lx.core = 0;
  lx.byteStart = 512;
  lx.data = makeArray("f16", {8}, {20, 30, 21, 31, 22, 32, 23, 33});
  req.regions.push_back(lx);
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  // Masked load: only x[0..2] are in the view, the rest read as 0.
  CHECK_VALUES(arrayOf(r, "copy"), {10, 11, 12, 0, 0, 0, 0, 0});
  // Masked store: only out[0..2] are written.
  CHECK_VALUES(arrayOf(r, "out"), {1, 2, 3, -1, -1, -1, -1, -1});
  // The distributed view reads rows 0-1 from HBM and rows 2-3 from LX
  // (rebased to the partition's lower corner (2, 0)).
  CHECK_VALUES(arrayOf(r, "d"), {0, 1, 2, 3, 10, 11, 12, 13,  //
                                 20, 21, 22, 23, 30, 31, 32, 33});
  // The partition in LX is unchanged.
  CHECK_VALUES(r.regions["bottom"], {20, 30, 21, 31, 22, 32, 23, 33});
}

// A logical 2x4x6 view (element (i, j, k) holds 100i + 10j + k) in three
// partitions: rows j = 0-1 in HBM (%a, row-major), rows j = 2-3 split by
// columns: k = 0-2 in HBM (%b), k = 3-5 in core 0's scratchpad at element
// 256 with strides [1, 2, 4]. A 2x4x4 tile at anchor (0, 1, 1) covers rows
// j = 1-4 (row 4 is in no partition: masked, loads zero) and columns 1-4,
// once in the order (d0, d1, d2) and once with d1 innermost.
static const char *const kDistBands = R"mlir(
#p0 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 5 >= 0)>
#p1 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 - 2 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 2 >= 0)>
#p2 = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 - 2 >= 0, -d1 + 3 >= 0, d2 - 3 >= 0, -d2 + 5 >= 0)>
#t = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 3 >= 0, d2 >= 0, -d2 + 3 >= 0)>
#s32 = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#cols = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
#hbm = #ktdp.memory_space<global>
func.func @dist_bands(%a: index, %b: index, %d: index, %e: index) {
  %lx_at = arith.constant 256 : index
  %one = arith.constant 1 : index
  %zero = arith.constant 0 : index
  %v0 = ktdp.construct_memory_view %a, sizes: [2, 2, 6], strides: [12, 6, 1] {coordinate_set = #p0, memory_space = #hbm} : memref<2x2x6xf16>
  %v1 = ktdp.construct_memory_view %b, sizes: [2, 2, 3], strides: [6, 3, 1] {coordinate_set = #p1, memory_space = #hbm} : memref<2x2x3xf16>
  %v2 = ktdp.construct_memory_view %lx_at, sizes: [2, 2, 3], strides: [1, 2, 4] {coordinate_set = #p2, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>} : memref<2x2x3xf16>
  %dist = ktdp.construct_distributed_memory_view (%v0, %v1, %v2 : memref<2x2x6xf16>, memref<2x2x3xf16>, memref<2x2x3xf16>) : memref<2x4x6xf16>
  %rows = ktdp.construct_access_tile %dist[%zero, %one, %one] {access_tile_set = #t, access_tile_order = #id3} : memref<2x4x6xf16> -> !ktdp.access_tile<2x4x4xindex>
  %r = ktdp.load %rows : !ktdp.access_tile<2x4x4xindex> -> tensor<2x4x4xf16>
  %rf = tensor.collapse_shape %r [[0, 1, 2]] : tensor<2x4x4xf16> into tensor<32xf16>
  %dv = ktdp.construct_memory_view %d, sizes: [32], strides: [1] {coordinate_set = #s32, memory_space = #hbm} : memref<32xf16>
  %dt = ktdp.construct_access_tile %dv[0] {access_tile_set = #s32, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<32xindex>
  ktdp.store %rf, %dt : tensor<32xf16>, !ktdp.access_tile<32xindex>
  %cols_t = ktdp.construct_access_tile %dist[%zero, %one, %one] {access_tile_set = #t, access_tile_order = #cols} : memref<2x4x6xf16> -> !ktdp.access_tile<2x4x4xindex>
  %c = ktdp.load %cols_t : !ktdp.access_tile<2x4x4xindex> -> tensor<2x4x4xf16>
  %cf = tensor.collapse_shape %c [[0, 1, 2]] : tensor<2x4x4xf16> into tensor<32xf16>
  %ev = ktdp.construct_memory_view %e, sizes: [32], strides: [1] {coordinate_set = #s32, memory_space = #hbm} : memref<32xf16>
  %et = ktdp.construct_access_tile %ev[0] {access_tile_set = #s32, access_tile_order = #id1} : memref<32xf16> -> !ktdp.access_tile<32xindex>
  ktdp.store %cf, %et : tensor<32xf16>, !ktdp.access_tile<32xindex>
  return
}
)mlir";

void InterpOpsTest::ktdpDistributedBands() {
  auto value = [](int i, int j, int k) { return 100.0 * i + 10 * j + k; };
  std::vector<double> a(24), b(12), lx(12);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 6; ++k) {
        if (j < 2)
          a[i * 12 + j * 6 + k] = value(i, j, k);
        else if (k < 3)
          b[i * 6 + (j - 2) * 3 + k] = value(i, j, k);
        else
          lx[i + (j - 2) * 2 + (k - 3) * 4] = value(i, j, k);
      }
  RunRequest req = request(kDistBands, {{"a", arrayArg("f16", {24}, a)},
                                        {"b", arrayArg("f16", {12}, b)},
                                        {"d", filled("f16", 32, -1)},
                                        {"e", filled("f16", 32, -1)}});
  MemoryRegion region;
  region.name = "p2";
  region.lx = true;
  region.byteStart = 512;
  region.data = makeArray("f16", {12}, lx);
  req.regions.push_back(region);
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  // T[i][jj][kk] = element (i, 1 + jj, 1 + kk); row j = 4 reads zero.
  CHECK_VALUES(arrayOf(r, "d"), {11, 12, 13, 14, 21, 22, 23, 24,  //
                                 31, 32, 33, 34, 0, 0, 0, 0,      //
                                 111, 112, 113, 114, 121, 122, 123, 124,
                                 131, 132, 133, 134, 0, 0, 0, 0});
  // d1 innermost: T[i][kk][jj] = element (i, 1 + jj, 1 + kk).
  CHECK_VALUES(arrayOf(r, "e"), {11, 21, 31, 0, 12, 22, 32, 0,  //
                                 13, 23, 33, 0, 14, 24, 34, 0,  //
                                 111, 121, 131, 0, 112, 122, 132, 0,
                                 113, 123, 133, 0, 114, 124, 134, 0});
}

// Gather out[i] = x[idx[i]]; 2-D gather rows[i, j] = t[idx3[i + %one], j]
// with a captured variable; scatter dst[idx2[i]] = v[i].
static const char *const kIndirect = R"mlir(
#s3 = affine_set<(d0) : (d0 >= 0, -d0 + 2 >= 0)>
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#s8 = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#t_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2 >= 0)>
#g_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#hbm = #ktdp.memory_space<global>
func.func @indirect(%x: index, %idx: index, %out: index, %t: index, %idx3: index, %rows: index, %v: index, %idx2: index, %dst: index) {
  %one = arith.constant 1 : index
  %xv = ktdp.construct_memory_view %x, sizes: [8], strides: [1] {coordinate_set = #s8, memory_space = #hbm} : memref<8xf16>
  %iv = ktdp.construct_memory_view %idx, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xi32>
  %ov = ktdp.construct_memory_view %out, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf16>
  %g = ktdp.construct_indirect_access_tile intermediate_variables(%i) %xv[ind(%iv[%i])] {
    variables_space_set = #s4, variables_space_order = #id1
  } : memref<8xf16>, memref<4xi32> -> !ktdp.access_tile<4xindex>
  %gathered = ktdp.load %g : !ktdp.access_tile<4xindex> -> tensor<4xf16>
  %ot = ktdp.construct_access_tile %ov[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  ktdp.store %gathered, %ot : tensor<4xf16>, !ktdp.access_tile<4xindex>

  %tv = ktdp.construct_memory_view %t, sizes: [4, 3], strides: [3, 1] {coordinate_set = #t_set, memory_space = #hbm} : memref<4x3xf16>
  %i3v = ktdp.construct_memory_view %idx3, sizes: [3], strides: [1] {coordinate_set = #s3, memory_space = #hbm} : memref<3xi32>
  %rv = ktdp.construct_memory_view %rows, sizes: [2, 3], strides: [3, 1] {coordinate_set = #g_set, memory_space = #hbm} : memref<2x3xf16>
  %g2 = ktdp.construct_indirect_access_tile intermediate_variables(%i, %j) %tv[ind(%i3v[%i + %one]), (%j)] {
    variables_space_set = #g_set, variables_space_order = #id2
  } : memref<4x3xf16>, memref<3xi32> -> !ktdp.access_tile<2x3xindex>
  %picked = ktdp.load %g2 : !ktdp.access_tile<2x3xindex> -> tensor<2x3xf16>
  %rt = ktdp.construct_access_tile %rv[0, 0] {access_tile_set = #g_set, access_tile_order = #id2} : memref<2x3xf16> -> !ktdp.access_tile<2x3xindex>
  ktdp.store %picked, %rt : tensor<2x3xf16>, !ktdp.access_tile<2x3xindex>

  %vv = ktdp.construct_memory_view %v, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf16>
  %i2v = ktdp.construct_memory_view %idx2, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xi32>
  %dv = ktdp.construct_memory_view %dst, sizes: [8], strides: [1] {coordinate_set = #s8, memory_space = #hbm} : memref<8xf16>
  %vt = ktdp.construct_access_tile %vv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  %vals = ktdp.load %vt : !ktdp.access_tile<4xindex> -> tensor<4xf16>
  %s = ktdp.construct_indirect_access_tile intermediate_variables(%i) %dv[ind(%i2v[%i])] {
    variables_space_set = #s4, variables_space_order = #id1
  } : memref<8xf16>, memref<4xi32> -> !ktdp.access_tile<4xindex>
  ktdp.store %vals, %s : tensor<4xf16>, !ktdp.access_tile<4xindex>
  return
}
)mlir";

void InterpOpsTest::ktdpIndirect() {
  RunRequest req = request(
      kIndirect,
      {{"x", arrayArg("f16", {8}, {10, 11, 12, 13, 14, 15, 16, 17})},
       {"idx", arrayArg("i32", {4}, {3, 0, 7, 3})},
       {"out", filled("f16", 4, -1)},
       {"t", arrayArg("f16", {4, 3}, {0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32})},
       {"idx3", arrayArg("i32", {3}, {9, 2, 0})},
       {"rows", filled("f16", 6, -1)},
       {"v", arrayArg("f16", {4}, {1, 2, 3, 4})},
       {"idx2", arrayArg("i32", {4}, {6, 1, 4, 0})},
       {"dst", filled("f16", 8, -1)}});
  RunResult r = runKernel(req);
  REQUIRE_OK(r);
  // Gather: x[3], x[0], x[7], x[3].
  CHECK_VALUES(arrayOf(r, "out"), {13, 10, 17, 13});
  // rows[i] = t[idx3[i + 1]]: t[2], t[0].
  CHECK_VALUES(arrayOf(r, "rows"), {20, 21, 22, 0, 1, 2});
  // Scatter: dst[6] = 1, dst[1] = 2, dst[4] = 3, dst[0] = 4.
  CHECK_VALUES(arrayOf(r, "dst"), {4, 2, -1, -1, 3, -1, 1, -1});
}

//===----------------------------------------------------------------------===//
// 9. inter-tile
//===----------------------------------------------------------------------===//

// grid [4]: all-reduce of [c, c, c, c] (c = tile id); every tile stores
// its result in row c of out (4x4 f16).
static const char *const kAllReduce = R"mlir(
#all = affine_set<(i)[g] : (i - 4 * g >= 0, -i + 4 * g + 3 >= 0)>
#g0 = affine_set<(g) : (g == 0)>
#out_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 3 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @allreduce(%out: index) attributes {grid = [4]} {
  %id = ktdp.get_compute_tile_id : index
  %ci = arith.index_cast %id : index to i32
  %cf = arith.sitofp %ci : i32 to f16
  %part = tensor.splat %cf : tensor<4xf16>
  %zero = arith.constant dense<0.0> : tensor<4xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<4xf16>), groups = #g0> {
  ^bb0(%gid: index):
    ktdp.yield_partial %part : tensor<4xf16>
  }
  %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #all, identity(%zero : tensor<4xf16>) : !ktdp.tile_future<(tensor<4xf16>), groups = #g0> -> tensor<4xf16> {
  ^bb0(%l: tensor<4xf16>, %r: tensor<4xf16>):
    %s = arith.addf %l, %r : tensor<4xf16>
    ktdp.yield_reduced %s : tensor<4xf16>
  }
  %row = tensor.expand_shape %sum [[0, 1]] output_shape [1, 4] : tensor<4xf16> into tensor<1x4xf16>
  %ov = ktdp.construct_memory_view %out, sizes: [4, 4], strides: [4, 1] {coordinate_set = #out_set, memory_space = #ktdp.memory_space<global>} : memref<4x4xf16>
  %ot = ktdp.construct_access_tile %ov[%id, 0] {access_tile_set = #row, access_tile_order = #id2} : memref<4x4xf16> -> !ktdp.access_tile<1x4xindex>
  ktdp.store %row, %ot : tensor<1x4xf16>, !ktdp.access_tile<1x4xindex>
  return
}
)mlir";

// grid [4]: tile 0 alone produces [100, 101, 102, 103] (every tile would
// yield [100 + c, 101 + c, ...]); inter_tile_consume broadcasts it to all.
static const char *const kConsume = R"mlir(
#all = affine_set<(i)[g] : (i - 4 * g >= 0, -i + 4 * g + 3 >= 0)>
#first = affine_set<(i)[g] : (i - 4 * g == 0)>
#g0 = affine_set<(g) : (g == 0)>
#out_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 3 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @broadcast(%out: index) attributes {grid = [4]} {
  %id = ktdp.get_compute_tile_id : index
  %ci = arith.index_cast %id : index to i32
  %cf = arith.sitofp %ci : i32 to f16
  %base = arith.constant dense<[100.0, 101.0, 102.0, 103.0]> : tensor<4xf16>
  %cs = tensor.splat %cf : tensor<4xf16>
  %mine = arith.addf %base, %cs : tensor<4xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #first -> !ktdp.tile_future<(tensor<4xf16>), groups = #g0> {
  ^bb0(%gid: index):
    ktdp.yield_partial %mine : tensor<4xf16>
  }
  %got = ktdp.inter_tile_consume(%f) consumer_tiles_per_group = #all : !ktdp.tile_future<(tensor<4xf16>), groups = #g0> -> tensor<4xf16>
  %row = tensor.expand_shape %got [[0, 1]] output_shape [1, 4] : tensor<4xf16> into tensor<1x4xf16>
  %ov = ktdp.construct_memory_view %out, sizes: [4, 4], strides: [4, 1] {coordinate_set = #out_set, memory_space = #ktdp.memory_space<global>} : memref<4x4xf16>
  %ot = ktdp.construct_access_tile %ov[%id, 0] {access_tile_set = #row, access_tile_order = #id2} : memref<4x4xf16> -> !ktdp.access_tile<1x4xindex>
  ktdp.store %row, %ot : tensor<1x4xf16>, !ktdp.access_tile<1x4xindex>
  return
}
)mlir";

void InterpOpsTest::interTile() {
  {
    RunRequest req = request(kAllReduce, {{"out", filled("f16", 16, -1)}});
    RunResult r = runKernel(req);
    REQUIRE_OK(r);
    // Every tile receives 0 + 1 + 2 + 3 = 6 in every lane.
    CHECK_VALUES(arrayOf(r, "out"), {6, 6, 6, 6, 6, 6, 6, 6,  //
                                     6, 6, 6, 6, 6, 6, 6, 6});
  }
  {
    RunRequest req = request(kConsume, {{"out", filled("f16", 16, -1)}});
    RunResult r = runKernel(req);
    REQUIRE_OK(r);
    // Every tile receives tile 0's [100, 101, 102, 103].
    CHECK_VALUES(arrayOf(r, "out"), {100, 101, 102, 103, 100, 101, 102, 103,
                                     100, 101, 102, 103, 100, 101, 102, 103});
  }
  // The all-reduce with a dependency set: tile c folds only the partials
  // (0, 1, 2, 3) of the producers the set names for it.
  struct Subset {
    const char *set;
    std::vector<double> perTile;
  };
  for (const Subset &subset : std::vector<Subset>{
           {"(p)[c] : (p >= 0, c - p >= 0)", {0, 1, 3, 6}},      // inclusive prefix
           {"(p)[c] : (p >= 0, c - p - 1 >= 0)", {0, 0, 1, 3}},  // exclusive: none for 0
           {"(p)[c, g] : (p - (c floordiv 2) * 2 >= 0, (c floordiv 2) * 2 + 1 - p >= 0)",
            {1, 1, 5, 5}}}) { // pairs {0, 1} and {2, 3}
    std::string source = kAllReduce;
    auto replace = [&](const std::string &what, const std::string &with) {
      source.replace(source.find(what), what.size(), with);
    };
    replace("#g0 =", std::string("#dep = affine_set<") + subset.set + ">\n#g0 =");
    replace("consumer_tiles_per_group = #all, identity",
            "consumer_tiles_per_group = #all, producer_dependency_per_consumer = "
            "#dep, identity");
    RunResult r = runKernel(request(source, {{"out", filled("f16", 16, -1)}}));
    REQUIRE_OK(r);
    std::vector<double> expected;
    for (double v : subset.perTile)
      expected.insert(expected.end(), 4, v);
    std::vector<double> actual = valuesOf(arrayOf(r, "out"));
    QVERIFY2(sameValues(actual, expected),
             qPrintable(QString(subset.set) + ": got " + show(actual)));
  }
}

//===----------------------------------------------------------------------===//
// 10. scratchpad accounting
//===----------------------------------------------------------------------===//

// Loads one 4x64 f16 tile (512 bytes) and stores it back.
static const char *const kLxOne = R"mlir(
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#hbm = #ktdp.memory_space<global>
func.func @lx_one(%x: index, %y: index) {
  %xv = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #hbm} : memref<4x64xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #hbm} : memref<4x64xf16>
  %xt = ktdp.construct_access_tile %xv[0, 0] {access_tile_set = #set, access_tile_order = #id2} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %yt = ktdp.construct_access_tile %yv[0, 0] {access_tile_set = #set, access_tile_order = #id2} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %xt : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  ktdp.store %v, %yt : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
)mlir";

// Two 512-byte loads and their sum live at the same time: 1536 bytes.
static const char *const kLxThree = R"mlir(
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#hbm = #ktdp.memory_space<global>
func.func @lx_three(%x: index, %y: index, %z: index) {
  %xv = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #hbm} : memref<4x64xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #hbm} : memref<4x64xf16>
  %zv = ktdp.construct_memory_view %z, sizes: [4, 64], strides: [64, 1] {coordinate_set = #set, memory_space = #hbm} : memref<4x64xf16>
  %xt = ktdp.construct_access_tile %xv[0, 0] {access_tile_set = #set, access_tile_order = #id2} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %yt = ktdp.construct_access_tile %yv[0, 0] {access_tile_set = #set, access_tile_order = #id2} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %zt = ktdp.construct_access_tile %zv[0, 0] {access_tile_set = #set, access_tile_order = #id2} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %a = ktdp.load %xt : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %b = ktdp.load %yt : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %c = arith.addf %a, %b : tensor<4x64xf16>
  ktdp.store %c, %zt : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
)mlir";

void InterpOpsTest::scratchpadAccounting() {
  std::vector<double> ones(256, 1.0);
  {
    RunRequest req = request(kLxOne, {{"x", arrayArg("f16", {4, 64}, ones)},
                                      {"y", filled("f16", 256, 0)}});
    req.recordLxEvents = true;
    RunResult r = runKernel(req);
    REQUIRE_OK(r);
    CHECK_VALUES(arrayOf(r, "y"), ones);
    // 4 x 64 f16 = 512 bytes, the only tensor the kernel holds.
    QCOMPARE(r.lxCapacityBytes, uint64_t(2 * 1024 * 1024));
    QCOMPARE(r.perCore.size(), size_t(1));
    QCOMPARE(r.perCore[0].peakLxBytes, uint64_t(512));
    // Exactly: the load allocates 512 bytes, the store (its last use)
    // frees them.
    QCOMPARE(r.lxEvents.size(), size_t(2));
    const LxEvent &alloc = r.lxEvents[0], &free = r.lxEvents[1];
    QVERIFY(alloc.alloc);
    QCOMPARE(alloc.core, 0);
    QCOMPARE(alloc.bytes, uint64_t(512));
    QCOMPARE(alloc.inUse, uint64_t(512));
    QCOMPARE(alloc.op, std::string("ktdp.load"));
    QCOMPARE(alloc.line, lineOf(kLxOne, "%v = ktdp.load"));
    QVERIFY(!free.alloc);
    QCOMPARE(free.core, 0);
    QCOMPARE(free.bytes, uint64_t(512));
    QCOMPARE(free.inUse, uint64_t(0));
    QCOMPARE(free.op, std::string("ktdp.store"));
    QCOMPARE(free.line, lineOf(kLxOne, "ktdp.store %v"));
  }
  {
    RunRequest req = request(kLxOne, {{"x", arrayArg("f16", {4, 64}, ones)},
                                      {"y", filled("f16", 256, 0)}});
    // Not asked for (the default): no log, the peak is still known.
    RunResult r = runKernel(req);
    REQUIRE_OK(r);
    QVERIFY(r.lxEvents.empty());
    QCOMPARE(r.perCore[0].peakLxBytes, uint64_t(512));
  }
  {
    RunRequest req = request(kLxThree, {{"x", arrayArg("f16", {4, 64}, ones)},
                                        {"y", arrayArg("f16", {4, 64}, ones)},
                                        {"z", filled("f16", 256, 0)}});
    req.recordLxEvents = true;
    RunResult r = runKernel(req);
    REQUIRE_OK(r);
    CHECK_VALUES(arrayOf(r, "z"), std::vector<double>(256, 2.0));
    // a, b and a + b are alive together while addf runs: 3 x 512 bytes.
    QCOMPARE(r.perCore[0].peakLxBytes, uint64_t(1536));
    uint64_t allocated = 0, freed = 0, maxInUse = 0;
    int allocs = 0, frees = 0;
    for (const LxEvent &e : r.lxEvents) {
      QCOMPARE(e.bytes, uint64_t(512));
      (e.alloc ? allocated : freed) += e.bytes;
      (e.alloc ? allocs : frees) += 1;
      maxInUse = std::max(maxInUse, e.inUse);
    }
    QCOMPARE(allocs, 3);
    QCOMPARE(frees, 3);
    QCOMPARE(allocated, freed);
    QCOMPARE(maxInUse, uint64_t(1536));
    QCOMPARE(r.lxEvents.back().inUse, uint64_t(0));
    QCOMPARE(r.lxEvents[2].op, std::string("arith.addf"));
    QCOMPARE(r.lxEvents[2].line, lineOf(kLxThree, "arith.addf"));
  }
}

//===----------------------------------------------------------------------===//
// 11. diagnostics
//===----------------------------------------------------------------------===//

// 524800 f16 = 1049600 bytes > 1 MiB (lx_size_mb = 1).
static const char *const kOverflow = R"mlir(
#set = affine_set<(d0) : (d0 >= 0, -d0 + 524799 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @overflow(%x: index) {
  %xv = ktdp.construct_memory_view %x, sizes: [524800], strides: [1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<524800xf16>
  %xt = ktdp.construct_access_tile %xv[0] {access_tile_set = #set, access_tile_order = #id1} : memref<524800xf16> -> !ktdp.access_tile<524800xindex>
  %v = ktdp.load %xt : !ktdp.access_tile<524800xindex> -> tensor<524800xf16>
  return
}
)mlir";

void InterpOpsTest::diagScratchpadOverflow() {
  RunRequest req = request(
      kOverflow,
      {{"x", arrayArg("f16", {524800}, std::vector<double>(524800, 0.5))}});
  req.hwConfig["lx_size_mb"] = 1;
  RunResult r = runKernel(req);
  CHECK_ERROR(r, "scratchpad (LX) overflow on core 0",
              lineOf(kOverflow, "%v = ktdp.load"));
  QVERIFY2(findError(r, "allocating 1049600 bytes with 0 of 1048576 bytes"),
           diagText(r).c_str());
  QCOMPARE(r.lxCapacityBytes, uint64_t(1048576));
  // The same kernel fits into the default 2 MiB.
  req.hwConfig.clear();
  RunResult fits = runKernel(req);
  REQUIRE_OK(fits);
  QCOMPARE(fits.perCore[0].peakLxBytes, uint64_t(1049600));
}

static const char *const kDivZero = R"mlir(
func.func @divzero(%a: index, %b: index) {
  %c1 = arith.constant 1 : index
  %q = arith.divsi %a, %b : index
  %r = arith.addi %q, %c1 : index
  return
}
)mlir";

void InterpOpsTest::diagDivisionByZero() {
  RunRequest req = request(kDivZero, {{"a", scalarArg(7)}, {"b", scalarArg(0)}});
  RunResult r = runKernel(req);
  CHECK_ERROR(r, "integer division by zero", lineOf(kDivZero, "arith.divsi"));
  // The file name is the request's source name.
  QCOMPARE(findError(r, "integer division by zero")->file, std::string("ops.mlir"));
  req.args["b"] = scalarArg(2);
  REQUIRE_OK(runKernel(req));
}

static const char *const kExtractOob = R"mlir(
func.func @oob(%k: index) {
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf16>
  %e = tensor.extract %t[%k] : tensor<4xf16>
  return
}
)mlir";

void InterpOpsTest::diagExtractOutOfBounds() {
  RunRequest req = request(kExtractOob, {{"k", scalarArg(4)}});
  RunResult r = runKernel(req);
  CHECK_ERROR(r, "out of bounds", lineOf(kExtractOob, "tensor.extract"));
  QVERIFY2(findError(r, "index 4 is out of bounds for dimension 0"),
           diagText(r).c_str());
  req.args["k"] = scalarArg(3);
  REQUIRE_OK(runKernel(req));
}

static const char *const kUnsupported = R"mlir(
func.func @unsupported(%x: index) {
  %c = arith.constant 1.0 : f32
  %a = math.atan %c : f32
  return
}
)mlir";

void InterpOpsTest::diagUnsupportedOp() {
  RunRequest req = request(kUnsupported, {{"x", scalarArg(0)}});
  RunResult r = runKernel(req);
  CHECK_ERROR(r, "does not support", lineOf(kUnsupported, "math.atan"));
  QVERIFY2(findError(r, "math.atan"), diagText(r).c_str());
}

// The set has 8 points; the type says 4.
static const char *const kTileTooBig = R"mlir(
#s8 = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
func.func @too_big(%x: index) {
  %xv = ktdp.construct_memory_view %x, sizes: [8], strides: [1] {coordinate_set = #s8, memory_space = #ktdp.memory_space<global>} : memref<8xf16>
  %xt = ktdp.construct_access_tile %xv[0] {access_tile_set = #s8, access_tile_order = #id1} : memref<8xf16> -> !ktdp.access_tile<4xindex>
  %v = ktdp.load %xt : !ktdp.access_tile<4xindex> -> tensor<4xf16>
  return
}
)mlir";

void InterpOpsTest::diagTileLargerThanType() {
  RunRequest req = request(kTileTooBig, {{"x", filled("f16", 8, 1)}});
  RunResult r = runKernel(req);
  // The verifier counts a set without symbols (as spyre-opt does), on the
  // same line the interpreter would report.
  CHECK_ERROR(r, "points but the result type",
              lineOf(kTileTooBig, "ktdp.construct_access_tile"));
  QVERIFY2(findError(r, "set has 8 points"), diagText(r).c_str());
}

static const char *const kTwoArgs = R"mlir(
func.func @two_args(%x: index, %y: index) {
  %s = arith.addi %x, %y : index
  return
}
)mlir";

void InterpOpsTest::diagMissingArgument() {
  RunRequest req = request(kTwoArgs, {{"x", scalarArg(1)}});
  RunResult r = runKernel(req);
  CHECK_ERROR(r, "no value given for argument %y", lineOf(kTwoArgs, "func.func"));
  req.args["y"] = scalarArg(2);
  REQUIRE_OK(runKernel(req));
}

static const char *const kParseError = R"mlir(
func.func @bad(%a: f16) {
  %b = arith.addf %a, %a : f16
  %c = arith.mulf %b, : f16
  return
}
)mlir";

// Doubles %x in place: a second run that saw the first one's memory would
// quadruple it.
static const char *const kDoubleInPlace = R"mlir(
#s4 = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
#id1 = affine_map<(d0) -> (d0)>
#hbm = #ktdp.memory_space<global>
func.func @double_in_place(%x: index) {
  %xv = ktdp.construct_memory_view %x, sizes: [4], strides: [1] {coordinate_set = #s4, memory_space = #hbm} : memref<4xf16>
  %xt = ktdp.construct_access_tile %xv[0] {access_tile_set = #s4, access_tile_order = #id1} : memref<4xf16> -> !ktdp.access_tile<4xindex>
  %a = ktdp.load %xt : !ktdp.access_tile<4xindex> -> tensor<4xf16>
  %b = arith.addf %a, %a : tensor<4xf16>
  ktdp.store %b, %xt : tensor<4xf16>, !ktdp.access_tile<4xindex>
  return
}
)mlir";

void InterpOpsTest::preparedRunRepeats() {
  RunRequest req =
      request(kDoubleInPlace, {{"x", arrayArg("f16", {4}, {1, -2, 0.5, 3})}});
  PreparedRun prepared(req);
  QVERIFY(prepared.ok());
  RunResult first = prepared.run();
  for (int i = 0; i < 3; ++i) {
    RunResult r = i == 0 ? first : prepared.run();
    REQUIRE_OK(r);
    // Every run starts from the inputs, not from the previous run's memory.
    CHECK_VALUES(arrayOf(r, "x"), {2, -4, 1, 6});
    QCOMPARE(r.lxEvents.size(), first.lxEvents.size());
    QCOMPARE(r.perCore[0].peakLxBytes, first.perCore[0].peakLxBytes);
    QCOMPARE(r.kernelCycles, first.kernelCycles);
    QCOMPARE(r.opsExecuted, first.opsExecuted);
  }
  // A kernel that cannot be prepared: every run returns why, and fails.
  PreparedRun broken(request(kParseError, {{"a", scalarArg(1)}}));
  QVERIFY(!broken.ok());
  for (int i = 0; i < 2; ++i) {
    RunResult r = broken.run();
    CHECK_ERROR(r, "expected SSA operand", lineOf(kParseError, "arith.mulf"));
  }
}


void InterpOpsTest::diagParseError() {
  RunRequest req = request(kParseError, {{"a", scalarArg(1)}});
  RunResult r = runKernel(req);
  CHECK_ERROR(r, "expected SSA operand", lineOf(kParseError, "arith.mulf"));
}

// A 2048x2048 access tile: 4 Mi points, more than a 2 MiB scratchpad
// could ever hold, refused before any point is walked.
static const char *const kHugeTile = R"mlir(
#big = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2047 >= 0, d1 >= 0, -d1 + 2047 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @huge(%x: index) {
  %v = ktdp.construct_memory_view %x, sizes: [2048, 2048], strides: [2048, 1] {coordinate_set = #big, memory_space = #ktdp.memory_space<global>} : memref<2048x2048xf16>
  %t = ktdp.construct_access_tile %v[0, 0] {access_tile_set = #big, access_tile_order = #id2} : memref<2048x2048xf16> -> !ktdp.access_tile<2048x2048xindex>
  return
}
)mlir";

void InterpOpsTest::diagTileBoxBeyondScratchpad() {
  RunRequest req = request(kHugeTile, {{"x", scalarArg(0)}});
  RunResult r = runKernel(req);
  CHECK_ERROR(r,
              "the access tile's bounding box spans 4194304 points, more than "
              "the 2097152-byte scratchpad can hold",
              lineOf(kHugeTile, "ktdp.construct_access_tile"));
}

// grid [2]: only tile 0 reaches the inter_tile_reduce (inside scf.if).
static const char *const kDeadlock = R"mlir(
#all = affine_set<(i)[g] : (i - 2 * g >= 0, -i + 2 * g + 1 >= 0)>
#g0 = affine_set<(g) : (g == 0)>
func.func @deadlock(%x: index) attributes {grid = [2]} {
  %id = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %part = arith.constant dense<1.0> : tensor<4xf16>
  %zero = arith.constant dense<0.0> : tensor<4xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #all -> !ktdp.tile_future<(tensor<4xf16>), groups = #g0> {
  ^bb0(%gid: index):
    ktdp.yield_partial %part : tensor<4xf16>
  }
  %first = arith.cmpi eq, %id, %c0 : index
  scf.if %first {
    %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #all, identity(%zero : tensor<4xf16>) : !ktdp.tile_future<(tensor<4xf16>), groups = #g0> -> tensor<4xf16> {
    ^bb0(%l: tensor<4xf16>, %r: tensor<4xf16>):
      %s = arith.addf %l, %r : tensor<4xf16>
      ktdp.yield_reduced %s : tensor<4xf16>
    }
  }
  return
}
)mlir";

void InterpOpsTest::diagDeadlock() {
  RunRequest req = request(kDeadlock, {{"x", scalarArg(0)}});
  RunResult r = runKernel(req);
  // Core 0 waits at the reduce; core 1 finishes without arriving. The
  // interpreter reports the deadlock at the op core 0 waits on, naming the
  // core that never arrives.
  CHECK_ERROR(r, "deadlock: core 0 waits here for the cores that never arrive: 1",
              lineOf(kDeadlock, "ktdp.inter_tile_reduce"));
}

void InterpOpsTest::diagUnknownFunction() {
  RunRequest req = request(kTwoArgs, {{"x", scalarArg(1)}, {"y", scalarArg(2)}});
  req.function = "nope";
  RunResult r = runKernel(req);
  // Not tied to any op: line 0 (unknown location).
  CHECK_ERROR(r, "no function named 'nope'", 0);
  req.function = "two_args";
  REQUIRE_OK(runKernel(req));
}

QTEST_GUILESS_MAIN(InterpOpsTest)
#include "InterpOpsTest.moc"
