//===- WhatIfTest.cpp - double buffering on and off, side by side ----------===//
//
// Run summary ▸ Compare with… ▸ Double buffering off: the same kernel on the
// same target compiled with double-buffer=off is run and shown beside the
// current run, each column named by its variant; both cycle counts are the
// emulator's for that compile (checked against core/driver directly) and
// shown in the summary; the outputs are the same either way.
//
//===----------------------------------------------------------------------===//

#include "SampleText.h"
#include "CompileController.h"
#include "EmulatedRunViews.h"
#include "EmulatorRun.h"
#include "MachineDocks.h"
#include "RunSummary.h"
#include "RunViewsRig.h"

#include "driver/Compile.h"
#include "driver/Emulate.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

namespace {

/// Total cycles of `source` compiled with or without double buffering,
/// run on seeded inputs, straight through core/driver.
uint64_t cyclesOf(const QString &source, bool doubleBuffer) {
  using namespace spyre::driver;
  CompileRequest compile;
  compile.source = source.toStdString();
  compile.sourceName = "kernel.mlir";
  compile.doubleBuffer = doubleBuffer;
  CompileResult compiled = compileKernel(compile);
  if (!compiled.spyreCode)
    return 0;
  RunRequest request;
  request.source = compile.source;
  request.sourceName = compile.sourceName;
  request.seed = 0;
  PreparedRun inputs(request);
  if (!inputs.ok())
    return 0;
  EmulateResult r = emulate(compiled.spyreCode, emulatorArguments(inputs));
  return r.ok ? r.summary.totalCycles : 0;
}

} // namespace

class WhatIfTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void doubleBufferingOnAndOff() {
    const QString source = sampleText("softmax.mlir");
    const uint64_t on = cyclesOf(source, true), off = cyclesOf(source, false);
    QVERIFY(on > 0 && off > 0);

    RunViewsRig rig;
    auto &[window, compiler, docks, run, views] = rig;
    QVERIFY(rig.show({1200, 800}));
    QSignalSpy ready(&run, &EmulatorRun::ready);
    EmulatorRun::Input in;
    in.source = source;
    in.name = "softmax.mlir";
    run.start(in);
    QVERIFY(ready.wait(60000));
    views.finishIndexing();
    QTRY_VERIFY_WITH_TIMEOUT(!views.summarising() && views.summary()->runs().size() == 1,
                             60000);

    // The menu entry, as a user picks it.
    auto *button = views.summary()->findChild<QToolButton *>("compareWith");
    QVERIFY(button && button->isEnabled());
    QAction *offAction = button->menu()->findChild<QAction *>("compareDoubleBufferingOff");
    QVERIFY(offAction);
    offAction->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!views.summarising() && views.summary()->runs().size() == 2,
                             60000);
    const auto &runs = views.summary()->runs();
    QVERIFY(runs[0].ok && runs[1].ok);
    QCOMPARE(runs[0].variant, QString("double buffering on"));
    QCOMPARE(runs[1].variant, QString("double buffering off"));
    QCOMPARE(runs[0].arch, runs[1].arch);
    QCOMPARE(runs[0].summary.totalCycles, on);
    QCOMPARE(runs[1].summary.totalCycles, off);
    // The same answer either way: against the interpreter, the run
    // without double buffering differs exactly where the run with it does
    // (softmax's reordered f16 sums).
    QVERIFY(runs[0].compared && runs[1].compared);
    const auto &a = runs[0].numerics.outputs, &b = runs[1].numerics.outputs;
    QCOMPARE(b.size(), a.size());
    for (size_t i = 0; i < a.size(); ++i) {
      QCOMPARE(b[i].verdict, a[i].verdict);
      QCOMPARE(b[i].differing, a[i].differing);
      QCOMPARE(b[i].worst.candidate, a[i].worst.candidate);
    }
    qInfo("softmax: %llu cycles with double buffering, %llu without",
          (unsigned long long)on, (unsigned long long)off);
    const QString text = views.summary()->plainText();
    QVERIFY(text.contains("double buffering off"));
    QLocale loc = QLocale::c();
    loc.setNumberOptions(QLocale::DefaultNumberOptions);
    auto shown = [&](uint64_t c) { return text.contains(loc.toString(qulonglong(c)) + " cycles"); };
    QVERIFY2(shown(on) && shown(off), qPrintable(text));
  }
};

QTEST_MAIN(WhatIfTest)
#include "WhatIfTest.moc"
