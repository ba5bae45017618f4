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
      request.arch = arch;
      CompileResult result = compileKernel(request);
      ++compiles;
      if (result.ok) {
        ++reached;
        const std::string &ir = result.snapshots.back().ir;
        QVERIFY2(result.snapshots.back().stage == "DataflowIR" &&
                     ir.find("sched.") == std::string::npos,
                 qPrintable(label + " on " + arch + ": not fully lowered"));
        continue;
      }
      bool hasError = false;
      for (const Diagnostic &d : result.diagnostics)
        hasError |= d.severity == Diagnostic::Severity::Error &&
                    !d.message.empty();
      QVERIFY2(hasError, qPrintable(label + " on " + arch +
                                    ": failed without an error diagnostic"));
      ++refused;
    }
  }

private Q_SLOTS:
  void initTestCase() {
    kernels = loadKernels(SPYRE_SAMPLES_DIR);
    QVERIFY(kernels.size() >= 10);
    std::vector<Kernel> corpus = loadKernels(SPYRE_CORPUS_KTIR_DIR);
    kernels.insert(kernels.end(), corpus.begin(), corpus.end());
  }

  void mutatedConstants() {
    static const QRegularExpression constant(
        R"(arith\.constant\s+(-?\d+)\s*:\s*index)");
    for (const Kernel &k : kernels) {
      auto matches = constant.globalMatch(k.text);
      while (matches.hasNext()) {
        QRegularExpressionMatch m = matches.next();
        qint64 value = m.captured(1).toLongLong();
        for (qint64 replacement : {qint64(0), qint64(1), value * 3 + 5}) {
          QString mutated = k.text;
          mutated.replace(m.capturedStart(1), m.capturedLength(1),
                          QString::number(replacement));
          compileOne(k.name + " with " + m.captured(0) + " -> " +
                         QString::number(replacement),
                     mutated);
        }
      }
    }
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
