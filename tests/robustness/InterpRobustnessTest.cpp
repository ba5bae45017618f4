//===- InterpRobustnessTest.cpp - odd kernels never crash the interpreter -===//
//
// Runs every sample and corpus kernel with random inputs after mutating
// it: each integer `arith.constant` replaced, one at a time, by 0, by 1 and
// by a larger value, and the whole kernel on other grids. Every run must end
// either successfully or with an error diagnostic carrying a message — never
// a crash, a hang or a silent failure.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"
#include "driver/Run.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace spyre::driver;


class InterpRobustnessTest : public QObject {
  Q_OBJECT
  std::vector<Kernel> kernels;
  int runs = 0, succeeded = 0, diagnosed = 0;

  /// Runs `source`; fails the test when the run fails without an error.
  void runOne(const QString &label, const QString &source,
              std::vector<int64_t> grid = {}) {
    RunRequest request;
    request.source = source.toStdString();
    request.sourceName = label.toStdString();
    request.seed = 0;
    request.grid = std::move(grid);
    request.recordLxEvents = false;
    RunResult result = runKernel(request);
    ++runs;
    if (result.ok) {
      ++succeeded;
      return;
    }
    bool hasError = false;
    for (const Diagnostic &d : result.diagnostics)
      hasError |= d.severity == Diagnostic::Severity::Error && !d.message.empty();
    if (!hasError)
      QFAIL(qPrintable(label + ": failed without an error diagnostic"));
    ++diagnosed;
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
          runOne(k.name + " with " + m.captured(0) + " -> " +
                     QString::number(replacement),
                 mutated);
        }
      }
    }
    qInfo("%d runs: %d succeeded, %d ended in a diagnostic", runs, succeeded,
          diagnosed);
    QVERIFY(runs > 100);
  }

  void otherGrids() {
    for (const Kernel &k : kernels)
      for (std::vector<int64_t> grid : {std::vector<int64_t>{1},
                                        std::vector<int64_t>{3},
                                        std::vector<int64_t>{2, 3}})
        runOne(k.name + " on another grid", k.text, grid);
  }
};

QTEST_GUILESS_MAIN(InterpRobustnessTest)
#include "InterpRobustnessTest.moc"
