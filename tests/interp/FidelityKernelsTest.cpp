//===- FidelityKernelsTest.cpp - kernels of issue 14 on the interpreter ---===//
//
// The kernels in tests/kernels run on the interpreter with deterministic
// inputs; every output is compared with a reference this test computes
// itself (no NumPy):
//   * access tiles whose set is not a box (triangle, stride, skew): the
//     bounding box with masked lanes (0 on a load, untouched on a store) or
//     the points packed in order; compared bit for bit;
//   * tiles defined outside the stage that uses them (rope's tables loaded
//     before its loop, bit for bit with f16 rounding after every op; norms
//     whose statistic comes from an earlier loop, within f16 accuracy);
//   * a tile whose type is neither shape is refused with both named.
//
//===----------------------------------------------------------------------===//

#include "ReadKernel.h"
#include "driver/Run.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using namespace spyre;
using namespace spyre::driver;

namespace {

/// f32 -> f16 -> f32: the rounding the interpreter applies after each op.
float h(float v) { return static_cast<float>(static_cast<_Float16>(v)); }

/// Deterministic f16 values in [-range, range).
std::vector<float> inputs(size_t n, uint32_t seed, float range = 1.0f) {
  std::vector<float> out(n);
  uint32_t state = seed;
  for (float &v : out) {
    state = state * 1664525u + 1013904223u;
    v = h((static_cast<float>(state >> 8) / 16777216.0f * 2.0f - 1.0f) * range);
  }
  return out;
}

std::vector<float> constantValues(size_t n, float value) {
  return std::vector<float>(n, value);
}

Argument f16Array(std::vector<int64_t> shape, const std::vector<float> &values) {
  Argument a;
  npy::Array array;
  array.dtype = "f16";
  array.shape = std::move(shape);
  array.data.resize(values.size() * 2);
  for (size_t i = 0; i < values.size(); ++i) {
    _Float16 v = static_cast<_Float16>(values[i]);
    std::memcpy(&array.data[2 * i], &v, 2);
  }
  a.array = std::move(array);
  return a;
}

std::vector<float> f16Values(const npy::Array &array) {
  std::vector<float> out(array.data.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) {
    _Float16 v;
    std::memcpy(&v, &array.data[2 * i], 2);
    out[i] = static_cast<float>(v);
  }
  return out;
}

RunResult run(const char *kernel, std::map<std::string, Argument> args) {
  RunRequest request;
  request.source = readKernel(kernel);
  request.sourceName = kernel;
  request.args = std::move(args);
  return runKernel(request);
}

std::string errors(const RunResult &r) {
  std::string text;
  for (const Diagnostic &d : r.diagnostics)
    text += d.format() + "\n";
  return text;
}

/// Index of the first element where `got` and `want` differ in bits, or -1.
int64_t firstDifference(const std::vector<float> &got,
                        const std::vector<float> &want) {
  if (got.size() != want.size())
    return 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0)
      return static_cast<int64_t>(i);
  return -1;
}

} // namespace

class FidelityKernelsTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // The lower triangle through a 64x64 tile over d0 - d1 >= 0.
  void triangleMasksLanes() {
    std::vector<float> x = inputs(64 * 64, 1);
    RunResult r = run("triangle_copy.mlir",
                      {{"x_ptr", f16Array({64, 64}, x)},
                       {"y_ptr", f16Array({64, 64}, constantValues(4096, 7.0f))},
                       {"l_ptr", f16Array({64, 64}, constantValues(4096, 3.0f))}});
    QVERIFY2(r.ok, errors(r).c_str());
    std::vector<float> wantL(4096), wantY(4096);
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < 64; ++j) {
        bool in = j <= i;
        wantL[i * 64 + j] = in ? x[i * 64 + j] : 0.0f; // masked: loads 0
        wantY[i * 64 + j] = in ? x[i * 64 + j] : 7.0f; // masked: untouched
      }
    QCOMPARE(firstDifference(f16Values(r.arrays["l_ptr"]), wantL), int64_t(-1));
    QCOMPARE(firstDifference(f16Values(r.arrays["y_ptr"]), wantY), int64_t(-1));
    // Charged by the sticks of the points touched: the triangle's rows
    // cover 1 + 1 + ... sticks of 64 f16 (one stick per row here), so the
    // load, the box store and the masked store each move 64 sticks.
    QCOMPARE(r.perCore.size(), size_t(1));
    QCOMPARE(r.perCore[0].dramBytes, int64_t(3 * 64 * 128));
  }

  // Every fourth row: packed (16x64) and as the bounding box (61x64).
  void strideTakesBothShapes() {
    std::vector<float> x = inputs(64 * 64, 2);
    RunResult r = run("strided_rows.mlir",
                      {{"x_ptr", f16Array({64, 64}, x)},
                       {"p_ptr", f16Array({16, 64}, constantValues(16 * 64, 9.0f))},
                       {"b_ptr", f16Array({61, 64}, constantValues(61 * 64, 9.0f))}});
    QVERIFY2(r.ok, errors(r).c_str());
    std::vector<float> wantP(16 * 64), wantB(61 * 64);
    for (int k = 0; k < 16; ++k)
      for (int j = 0; j < 64; ++j)
        wantP[k * 64 + j] = x[4 * k * 64 + j];
    for (int i = 0; i < 61; ++i)
      for (int j = 0; j < 64; ++j)
        wantB[i * 64 + j] = i % 4 == 0 ? x[i * 64 + j] : 0.0f;
    QCOMPARE(firstDifference(f16Values(r.arrays["p_ptr"]), wantP), int64_t(-1));
    QCOMPARE(firstDifference(f16Values(r.arrays["b_ptr"]), wantB), int64_t(-1));
  }

  // A parallelogram: row i covers columns i .. i + 63 (box 8x71).
  void skewMasksLanes() {
    std::vector<float> x = inputs(8 * 128, 3);
    RunResult r = run("skewed_band.mlir",
                      {{"x_ptr", f16Array({8, 128}, x)},
                       {"y_ptr", f16Array({8, 128}, constantValues(1024, 5.0f))}});
    QVERIFY2(r.ok, errors(r).c_str());
    std::vector<float> want(1024);
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 128; ++j)
        want[i * 128 + j] =
            j >= i && j <= i + 63 ? h(x[i * 128 + j] * 2.0f) : 5.0f;
    QCOMPARE(firstDifference(f16Values(r.arrays["y_ptr"]), want), int64_t(-1));
  }

  // A type that is neither the bounding box nor the point count.
  void wrongShapeNamesBoth() {
    std::string source = readKernel("skewed_band.mlir");
    for (const char *from : {"8x71xindex", "8x71xf16"}) {
      std::string to = std::string(from) == "8x71xindex" ? "8x72xindex"
                                                          : "8x72xf16";
      for (size_t at; (at = source.find(from)) != std::string::npos;)
        source.replace(at, std::strlen(from), to);
    }
    RunRequest request;
    request.source = source;
    request.sourceName = "skewed_band.mlir";
    RunResult r = runKernel(request);
    QVERIFY(!r.ok);
    std::string text = errors(r);
    QVERIFY2(text.find("!ktdp.access_tile<8x71xindex>") != std::string::npos,
             text.c_str());
    QVERIFY2(text.find("exactly 512 elements") != std::string::npos,
             text.c_str());
  }

  // Rope: cos/sin loaded before the loop over heads, used in every
  // iteration; f16 rounding after every op, compared bit for bit.
  void ropeTablesOutsideTheLoop() {
    std::vector<float> x = inputs(256 * 128, 4), c = inputs(64 * 64, 5),
                       s = inputs(64 * 64, 6);
    RunResult r = run("rope_table_before_loop.mlir",
                      {{"x_ptr", f16Array({256, 128}, x)},
                       {"c_ptr", f16Array({64, 64}, c)},
                       {"s_ptr", f16Array({64, 64}, s)},
                       {"y_ptr", f16Array({256, 128}, constantValues(256 * 128, 0))}});
    QVERIFY2(r.ok, errors(r).c_str());
    std::vector<float> want(256 * 128);
    for (int row = 0; row < 256; ++row) {
      int p = row % 64;
      for (int k = 0; k < 64; ++k) {
        float x1 = x[row * 128 + k], x2 = x[row * 128 + 64 + k];
        float cs = c[p * 64 + k], sn = s[p * 64 + k];
        want[row * 128 + k] = h(h(x1 * cs) - h(x2 * sn));
        want[row * 128 + 64 + k] = h(h(x2 * cs) + h(x1 * sn));
      }
    }
    QCOMPARE(firstDifference(f16Values(r.arrays["y_ptr"]), want), int64_t(-1));
  }

  // Norms whose per-row statistic comes from an earlier loop: compared
  // with a double-precision reference within what f16 sums of 512 values
  // allow.
  void normsWithStatisticsFromEarlierLoops() {
    std::vector<float> x = inputs(128 * 512, 7), w = inputs(512, 8, 2.0f);
    for (const char *kernel : {"rmsnorm_loops.mlir", "layernorm_loops.mlir"}) {
      bool centred = std::string(kernel) == "layernorm_loops.mlir";
      RunResult r = run(kernel, {{"x_ptr", f16Array({128, 512}, x)},
                                 {"w_ptr", f16Array({512}, w)},
                                 {"y_ptr", f16Array({128, 512}, constantValues(65536, 0))}});
      QVERIFY2(r.ok, errors(r).c_str());
      std::vector<float> y = f16Values(r.arrays["y_ptr"]);
      double worst = 0;
      for (int i = 0; i < 128; ++i) {
        double mean = 0, ssq = 0;
        if (centred) {
          for (int j = 0; j < 512; ++j)
            mean += x[i * 512 + j];
          mean /= 512;
        }
        for (int j = 0; j < 512; ++j)
          ssq += (x[i * 512 + j] - mean) * (x[i * 512 + j] - mean);
        double rstd = 1 / std::sqrt(ssq / 512 + 1e-3);
        for (int j = 0; j < 512; ++j) {
          double want = (x[i * 512 + j] - mean) * rstd * w[j];
          worst = std::max(worst, std::abs(y[i * 512 + j] - want));
        }
      }
      // |y| <= about 3.5; f16 spacing there is 2^-9, and the statistic
      // summed in f16 is good to about 0.1 %.
      QVERIFY2(worst < 0.03, (std::string(kernel) + ": max error " +
                              std::to_string(worst)).c_str());
    }
  }
};

QTEST_GUILESS_MAIN(FidelityKernelsTest)
#include "FidelityKernelsTest.moc"
