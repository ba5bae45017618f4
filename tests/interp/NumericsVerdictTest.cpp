//===- NumericsVerdictTest.cpp - the shadow, its bounds and the verdict ---===//
//
// interp.numerics_verdict (docs/numerics.md):
//   * the shadow changes no value of a run (outputs byte for byte those of
//     a run without it);
//   * the bound of each kind of op, on hand-checked cases;
//   * a real error is caught: one element of the emulator's output moved by
//     a few percent is WRONG, named by its coordinates and KTIR lines;
//   * a legitimate reordering is not: an f16 row sum of 4,096 terms summed
//     one after the other (the interpreter) and in 64 lane partials is
//     within rounding, although the two differ by hundreds of ulps.
//
//===----------------------------------------------------------------------===//

#include "ReadKernel.h"
#include "KernelLines.h"

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/NumericsVerdict.h"
#include "interp/DType.h"
#include "interp/ShadowMath.h"

#include <QFile>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

using namespace spyre;
using namespace spyre::driver;

namespace {

std::string readSample(const char *name) {
  QFile f(QStringLiteral(SPYRE_SAMPLES_DIR "/") + name);
  if (!f.open(QIODevice::ReadOnly))
    qFatal("cannot read sample %s", name);
  return f.readAll().toStdString();
}

RunRequest seeded(const std::string &source, bool shadow) {
  RunRequest r;
  r.source = source;
  r.seed = 0;
  r.shadow = shadow;
  return r;
}

/// The interpreter's run (with its shadow) and the emulator's on the same
/// inputs.
struct BothRuns {
  RunResult interp;
  EmulateResult emu;
};

BothRuns runBoth(const RunRequest &request) {
  BothRuns out;
  CompileRequest compile;
  compile.source = request.source;
  CompileResult compiled = compileKernel(compile);
  if (!compiled.ok || !compiled.spyreCode)
    qFatal("the kernel does not compile to SpyreCode");
  PreparedRun prepared(request);
  out.interp = prepared.run();
  if (!out.interp.ok)
    qFatal("the interpreter failed");
  out.emu = emulate(compiled.spyreCode, emulatorArguments(prepared));
  if (!out.emu.ok)
    qFatal("the emulator failed");
  return out;
}

/// Element `i` of an f16 or f32 array as a double, and back.
double get(const npy::Array &a, size_t i) {
  interp::DType t = *interp::dtypeFromName(a.dtype);
  return interp::loadElement(t, a.data.data() + i * interp::dtypeSize(t));
}
void put(npy::Array &a, size_t i, double v) {
  interp::DType t = *interp::dtypeFromName(a.dtype);
  interp::storeElement(t, interp::roundTo(t, v),
                       a.data.data() + i * interp::dtypeSize(t));
}

/// The source line (1-based) of the first line of `source` holding `text`.
} // namespace

class NumericsVerdictTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  /// Computing the shadow changes no value the interpreter computes.
  void shadowChangesNothing() {
    for (const char *name : {"softmax.mlir", "matmul_kloop.mlir",
                             "rmsnorm_ring.mlir", "silu_gelu_chain.mlir",
                             "row_sum.mlir", "gather_rows.mlir"}) {
      std::string source = readSample(name);
      RunResult plain = runKernel(seeded(source, false));
      RunResult shadowed = runKernel(seeded(source, true));
      QVERIFY2(plain.ok && shadowed.ok, name);
      QVERIFY2(plain.shadows.empty(), name);
      QCOMPARE(shadowed.shadows.size(),
               shadowed.arrays.size() + shadowed.regions.size());
      for (const auto &[output, array] : plain.arrays)
        QVERIFY2(shadowed.arrays.at(output).data == array.data, name);
      // The interpreter lies within its own bound everywhere.
      NumericsVerdict self = judgeOutputs(shadowed, shadowed.arrays,
                                          shadowed.regions);
      for (const OutputVerdict &o : self.outputs) {
        QCOMPARE(o.verdict, Verdict::Exact);
        QVERIFY2(o.referenceOutside == 0, o.text.c_str());
      }
    }
  }

  /// Hand-checked bounds of single ops (docs/numerics.md, "Rules").
  void boundsOfOps() {
    using namespace spyre::interp;
    NumericsModel model;
    model.accumulateF32 = false;
    ShadowOp ctx{DType::F16, &model, 7};
    // 1 + 2^-11 in f16: an exact sum of two exact leaves; its bound is
    // about one rounding of |1| + |2^-11|.
    ShadowCell one = exactCell(1.0), tiny = exactCell(0x1p-11);
    ShadowCell s = shadowBinaryCell(FloatBinary::Add, ctx, one, DType::F16,
                                    tiny, DType::F16);
    QCOMPARE(s.value, 1.0 + 0x1p-11);
    QCOMPARE(s.terms, 2.0f);
    double b = boundOf(s, DType::F16, model);
    QVERIFY(b >= 0x1p-11 && b < 0x1p-10);
    // A sum of n terms: about n u sum |x|, whatever the order.
    ShadowCell acc = exactCell(0.0);
    for (int i = 0; i < 100; ++i)
      acc = shadowBinaryCell(FloatBinary::Add, ctx, acc, DType::F16,
                             exactCell(0.5), DType::F16);
    double sumBound = boundOf(acc, DType::F16, model);
    QVERIFY(sumBound >= 99 * 0x1p-11 * 50 && sumBound < 101 * 0x1p-11 * 50 * 1.1);
    // Adding an exact zero adds no term.
    QCOMPARE(shadowBinaryCell(FloatBinary::Add, ctx, acc, DType::F16,
                              exactCell(0.0), DType::F16).terms,
             acc.terms);
    // A product with a power of two is exact; a division by an interval
    // holding 0 is unbounded.
    ShadowCell p = shadowBinaryCell(FloatBinary::Mul, ctx, s, DType::F16,
                                    exactCell(2.0), DType::F16);
    QCOMPARE(p.leafError, 2 * b);
    ShadowCell noisyZero{0.0, 0.5, 0.5, 1, 3};
    QVERIFY(std::isinf(shadowBinaryCell(FloatBinary::Div, ctx, one, DType::F16,
                                        noisyZero, DType::F16)
                           .leafError));
    // exp of an exact value: within the function's ulps of the result.
    ShadowCell e;
    ShadowIn in{&one, nullptr, 0, DType::F16};
    shadowUnary(ShadowFn::Exp, ctx, in, &e, 1);
    QCOMPARE(e.value, std::exp(1.0));
    QVERIFY(e.leafError >= std::exp(1.0) * 0x1p-11 &&
            e.leafError <= 2 * ulpOf(DType::F16, std::exp(1.0)));
    // Max of two exact values is exact.
    ShadowCell m[1];
    double values[2] = {1.0, 2.0};
    shadowBinary(FloatBinary::Maximum, ctx, ShadowIn{nullptr, values, 1, DType::F16},
                 ShadowIn{nullptr, values + 1, 1, DType::F16}, m, 1);
    QCOMPARE(m[0].terms, 0.0f);
  }

  /// One element of the emulator's output moved by 3% is WRONG, and the
  /// verdict names it; the unmoved outputs are exact or within rounding.
  void perturbedElementIsWrong() {
    struct Case {
      const char *sample, *output, *computeLine, *storeLine;
    };
    for (Case c : {Case{"elementwise_add.mlir", "c_ptr", "= linalg.add", "ktdp.store %"},
                   Case{"matmul_kloop.mlir", "c_ptr", "= arith.truncf", "ktdp.store %"}}) {
      std::string source = readSample(c.sample);
      BothRuns runs = runBoth(seeded(source, true));
      NumericsVerdict fine = judgeOutputs(runs.interp, runs.emu.arrays,
                                          runs.emu.regions);
      QVERIFY2(!fine.wrong(), fine.outputs.front().text.c_str());
      npy::Array moved = runs.emu.arrays.at(c.output);
      const size_t at = 37;
      put(moved, at, get(moved, at) * 1.03 + 0.01);
      std::map<std::string, npy::Array> arrays = runs.emu.arrays;
      arrays[c.output] = moved;
      NumericsVerdict verdict = judgeOutputs(runs.interp, arrays, runs.emu.regions);
      QVERIFY(verdict.wrong());
      const OutputVerdict *o = nullptr;
      for (const OutputVerdict &v : verdict.outputs)
        if (v.name == c.output)
          o = &v;
      QVERIFY(o);
      QCOMPARE(o->verdict, Verdict::Wrong);
      QCOMPARE(o->outside, size_t(1));
      QCOMPARE(o->worst.index, at);
      QCOMPARE(o->worst.line, lineOf(source, c.computeLine));
      QCOMPARE(o->worst.storeLine, lineOf(source, c.storeLine));
      QVERIFY2(o->text.find("WRONG") != std::string::npos, o->text.c_str());
      QVERIFY2(o->text.find("[0, 37]") != std::string::npos, o->text.c_str());
      QVERIFY(o->worst.errorUlps > o->worst.boundUlps);
    }
  }

  /// An f16 row sum of 4,096 positive terms: the interpreter's running sum
  /// (linalg.generic, one term after the other) and 64 lane partials
  /// folded pairwise differ by far more than an ulp, and both are within
  /// rounding of the shadow by the sum's bound alone.
  void sequentialAndLanePartialsAreWithinRounding() {
    std::string source = readKernel("row_sum_f16_4096.mlir");
    RunRequest request;
    request.source = source;
    request.shadow = true;
    npy::Array x;
    x.dtype = "f16";
    x.shape = {8, 4096};
    x.data.resize(8 * 4096 * 2);
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> uniform(0.25, 1.0);
    for (size_t i = 0; i < 8 * 4096; ++i)
      put(x, i, uniform(rng));
    npy::Array s;
    s.dtype = "f16";
    s.shape = {8};
    s.data.assign(16, 0);
    request.args["x_ptr"].array = x;
    request.args["s_ptr"].array = s;
    RunResult interp = runKernel(request);
    QVERIFY(interp.ok);
    // The 64 lane partials in f16, then folded pairwise in f16.
    npy::Array lanes = interp.arrays.at("s_ptr");
    for (size_t row = 0; row < 8; ++row) {
      double partial[64] = {0};
      for (size_t j = 0; j < 4096; ++j)
        partial[j % 64] = interp::roundTo(interp::DType::F16,
                                          partial[j % 64] + get(x, row * 4096 + j));
      for (int m = 64; m > 1; m /= 2)
        for (int i = 0; i < m / 2; ++i)
          partial[i] = interp::roundTo(interp::DType::F16, partial[i] + partial[i + m / 2]);
      put(lanes, row, partial[0]);
    }
    NumericsVerdict verdict = judgeOutputs(interp, {{"x_ptr", x}, {"s_ptr", lanes}});
    auto it = std::find_if(verdict.outputs.begin(), verdict.outputs.end(),
                           [](const OutputVerdict &o) { return o.name == "s_ptr"; });
    QVERIFY(it != verdict.outputs.end());
    const OutputVerdict &sums = *it;
    QCOMPARE(sums.verdict, Verdict::WithinRounding);
    QCOMPARE(sums.differing, size_t(8));
    QCOMPARE(sums.referenceOutside, size_t(0));
    // The running sum stalls (terms below half its ulp): far off the
    // shadow; the lane partials are close to it.
    const OutputShadow &shadow = interp.shadows.at("s_ptr");
    for (size_t row = 0; row < 8; ++row) {
      double seq = get(interp.arrays.at("s_ptr"), row), lane = get(lanes, row);
      double ulp = interp::ulpOf(interp::DType::F16, shadow.value[row]);
      QVERIFY(std::fabs(seq - shadow.value[row]) > 100 * ulp);
      QVERIFY(std::fabs(lane - shadow.value[row]) < 4 * ulp);
      QVERIFY(std::fabs(seq - shadow.value[row]) <= shadow.bound[row]);
    }
    QVERIFY2(sums.text.find("within rounding") != std::string::npos,
             sums.text.c_str());
  }
};

QTEST_GUILESS_MAIN(NumericsVerdictTest)
#include "NumericsVerdictTest.moc"
