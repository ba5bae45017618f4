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
    if (!hasErrorDiagnostic(result.diagnostics))
      QFAIL(qPrintable(label + ": failed without an error diagnostic"));
    ++diagnosed;
  }

private Q_SLOTS:
  void initTestCase() {
    // Every mutated kernel fills the same inputs again: make them once.
    spyre::driver::keepRandomFills(size_t(128) << 20);
    kernels = loadAllKernels(SPYRE_SAMPLES_DIR, SPYRE_CORPUS_KTIR_DIR);
    QVERIFY(kernels.size() >= 10);
  }

  void mutatedConstants() {
    for (const Kernel &k : kernels)
      forEachConstantMutation(k, [&](const QString &label, const QString &text) {
        runOne(label, text);
      });
    qInfo("%d runs: %d succeeded, %d ended in a diagnostic", runs, succeeded,
          diagnosed);
    // More mutated runs than kernels (every kernel has constants to
    // mutate): 84 for the twelve samples alone, over 100 with the corpus.
    QVERIFY2(runs > 5 * int(kernels.size()),
             qPrintable(QString("%1 runs for %2 kernels").arg(runs).arg(kernels.size())));
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
