//===- PipelineRobustnessTest.cpp - odd kernels never crash the pipeline --===//
//
// Compiles every sample and corpus kernel through the whole pipeline, on
// both presets, after mutating it: each integer `arith.constant` of index
// type replaced, one at a time, by 0, by 1 and by a larger value, and the
// grid replaced by other shapes (including more tiles than cores). Every
// compile must either reach DataflowIR (no ScheduleIR left) or end with an
// error diagnostic carrying a message: never a crash, a hang or a failure
// without a word.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"
#include "driver/Compile.h"

#include <QRegularExpression>
#include <QTest>

using namespace spyre::driver;

class PipelineRobustnessTest : public QObject {
  Q_OBJECT
  std::vector<Kernel> kernels;
  int compiles = 0, reached = 0, refused = 0;

  void compileOne(const QString &label, const QString &source) {
    for (const char *arch : {"spyre", "spyre-4core"}) {
      CompileRequest request;
      request.source = source.toStdString();
      request.sourceName = label.toStdString();
      request.directory = SPYRE_SAMPLES_DIR; // for the samples' device imports
      request.arch = arch;
      CompileResult result = compileKernel(request);
      ++compiles;
      if (result.ok) {
        ++reached;
        // Down to SpyreCode; the DataflowIR before it has no sched. op.
        QVERIFY2(result.snapshots.size() > 2 && result.spyreCode,
                 qPrintable(label + " on " + arch + ": no SpyreCode"));
        const std::string &ir = result.snapshots[result.snapshots.size() - 2].ir;
        QVERIFY2(result.snapshots.back().stage == "SpyreCode" &&
                     result.snapshots[result.snapshots.size() - 2].stage ==
                         "DataflowIR" &&
                     ir.find("sched.") == std::string::npos,
                 qPrintable(label + " on " + arch + ": not fully lowered"));
        continue;
      }
      QVERIFY2(hasErrorDiagnostic(result.diagnostics),
               qPrintable(label + " on " + arch +
                          ": failed without an error diagnostic"));
      ++refused;
    }
  }

private Q_SLOTS:
  void initTestCase() {
    kernels = loadAllKernels(SPYRE_SAMPLES_DIR, SPYRE_CORPUS_KTIR_DIR);
    QVERIFY(kernels.size() >= 10);
  }

  void mutatedConstants() {
    for (const Kernel &k : kernels)
      forEachConstantMutation(k, [&](const QString &label, const QString &text) {
        compileOne(label, text);
      });
    qInfo("%d compiles: %d reached DataflowIR, %d refused with an error",
          compiles, reached, refused);
    QVERIFY(compiles > 100);
  }

  void otherGrids() {
    static const QRegularExpression grid(R"(grid\s*=\s*\[[^\]]*\])");
    for (const Kernel &k : kernels)
      for (const char *other : {"grid = [1]", "grid = [3]", "grid = [2, 3]",
                                "grid = [64]"}) {
        QString mutated = k.text;
        mutated.replace(grid, other);
        compileOne(k.name + " with " + other, mutated);
      }
  }
};

QTEST_GUILESS_MAIN(PipelineRobustnessTest)
#include "PipelineRobustnessTest.moc"
