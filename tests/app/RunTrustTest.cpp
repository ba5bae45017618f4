//===- RunTrustTest.cpp - runs you can trust (issue 27, points 1-3) -------===//
//
//  1. Back on a kernel that already ran, F5 shows its run in every view
//     (it used to play a run nobody saw: the views had been cleared).
//  2. A run that fails on a scalar argument without a value shows that
//     error (not the notes printed before it) in the Timeline, the chart
//     and the Run summary, puts it in Diagnostics, and offers Run ▸
//     Inputs… with that argument's field focused.
//  3. After an edit or a Target switch the run's views say that what they
//     show is an older run ("… 1 edit ago", "… on spyre (32 cores)") and
//     offer Re-run; an undo back to the run's text takes the note away.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "DiagnosticsTable.h"
#include "EmulatedRunViews.h"
#include "EmulatorRun.h"
#include "KernelChooser.h"
#include "MachineDocks.h"
#include "MainWindow.h"
#include "OccupancyChart.h"
#include "models/OccupancyModel.h"
#include "RunControls.h"
#include "RunInputsDialog.h"
#include "RunNoteBar.h"
#include "RunNotes.h"
#include "RunSummary.h"
#include "TimelineDock.h"
#include "models/TimelineModel.h"
#include "WhenShown.h"
#include "WindowWithSample.h"
#include "WithoutRunArgs.h"

#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

namespace {

std::vector<RunNoteBar *> noteBars(MainWindow &w) {
  return {w.runs()->timeline()->noteBar(), w.machine()->chart()->noteBar(),
          w.runViews()->summary()->noteBar(), w.findChild<RunNoteBar *>("ringNote")};
}

/// Every note bar shows `part` (and is visible).
bool everyNoteSays(MainWindow &w, const QString &part) {
  for (RunNoteBar *bar : noteBars(w))
    if (!bar->hasNote() || !bar->isVisibleTo(&w) || !bar->text().contains(part))
      return false;
  return true;
}

bool noNote(MainWindow &w) {
  for (RunNoteBar *bar : noteBars(w))
    if (bar->hasNote())
      return false;
  return true;
}

} // namespace

class RunTrustTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("run-trust-test");
  }

  // Point 1: softmax, F10, another sample, softmax again, F5: the
  // Timeline, the chart and the summary show the run.
  void returningToAKernelShowsItsRun() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    QVERIFY(recordFirstPart(window));
    QVERIFY(!window.runs()->timeline()->model().isEmpty());
    const QString dir = MainWindow::samplesDirectory();
    QVERIFY(window.openSample(dir + "/bias_add_broadcast.mlir"));
    QVERIFY(window.runs()->timeline()->model().isEmpty());
    QVERIFY(window.openSample(dir + "/softmax.mlir"));
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().latest().spyreCode != nullptr; },
                            60000));
    QSignalSpy ready(&window.runs()->emulator(), &EmulatorRun::ready);
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY2(ready.wait(60000), "F5 recorded no run to show");
    window.runViews()->finishIndexing();
    QVERIFY(window.runs()->showsRun());
    QVERIFY(!window.runs()->timeline()->model().isEmpty());
    QVERIFY(!window.machine()->occupancy()->isEmpty());
    QVERIFY(QTest::qWaitFor([&] { return !window.runs()->emulator().playing(); }, 60000));
    QVERIFY(QTest::qWaitFor([&] { return !window.runViews()->summarising(); }, 60000));
    window.runViews()->finishIndexing();
    QCOMPARE(int(window.runViews()->summary()->runs().size()), 1);
    QVERIFY(!window.runViews()->summary()->plainText().contains("No emulated run yet"));
    // Stepping moves what is shown.
    QVERIFY(window.runs()->emulator().reset());
    QTest::keyClick(&window, Qt::Key_F10);
    QCOMPARE(window.runs()->emulator().session()->position(), uint64_t(1));
    QVERIFY(window.runs()->highlightedLine() > 0);
  }

  // Point 2: a scalar argument without a value (generic_plain's %s, its
  // RUN-ARGS line left out).
  void failedRunShowsItsErrorAndOffersTheInput() {
    QTemporaryDir dir;
    const QString path = withoutRunArgs("generic_plain.mlir", dir);
    QVERIFY(!path.isEmpty());
    MainWindow window;
    QVERIFY(showWithSample(window, "elementwise_add.mlir", QSize(1024, 700)));
    QVERIFY(window.openFile(path));
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().latestSource().contains("@generic_plain") &&
                                         window.compiler().latest().spyreCode != nullptr; },
                            60000));
    // The Timeline in front: the failure brings the Diagnostics forward.
    window.runs()->timeline()->raise();
    QSignalSpy failed(&window.runs()->emulator(), &EmulatorRun::failed);
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY(failed.wait(60000));
    // The error, not the note about %x_ptr's automatic address.
    QVERIFY2(everyNoteSays(window, "no value given for argument %s"),
             qPrintable(window.notes()->note()));
    QVERIFY(!window.notes()->note().contains("automatic address"));
    QCOMPARE(window.notes()->missingArgument(), QStringLiteral("s"));
    for (RunNoteBar *bar : noteBars(window)) {
      QCOMPARE(int(bar->kind()), int(RunNoteBar::Kind::Error));
      QCOMPARE(bar->actionText(), QStringLiteral("Give %s a value…"));
    }
    // In Diagnostics, raised.
    auto *table = window.findChild<DiagnosticsTable *>();
    QVERIFY(table);
    bool found = false;
    for (int r = 0; r < table->rowCount(); ++r)
      if (table->item(r, DiagnosticsTable::MessageColumn)->text().contains(
              "no value given for argument %s") &&
          table->item(r, DiagnosticsTable::PassColumn)->text() == "emulated run")
        found = true;
    QVERIFY2(found, "the run's error is not in Diagnostics");
    auto *diagnostics = window.findChild<QDockWidget *>("diagnosticsDock");
    QVERIFY(!diagnostics->visibleRegion().isEmpty());
    // The offer opens Run ▸ Inputs… with %s's field focused.
    QString focused;
    bool sawDialog = false;
    whenShown(
        [] {
          auto *d = qobject_cast<RunInputsDialog *>(QApplication::activeModalWidget());
          return d && d->argumentsKnown() ? d : nullptr;
        },
        [&](QWidget *w) {
          auto *dialog = static_cast<RunInputsDialog *>(w);
          sawDialog = true;
          focused = dialog->focusedArgument();
          dialog->reject();
        });
    window.runs()->timeline()->noteBar()->button()->click();
    QVERIFY(sawDialog);
    QCOMPARE(focused, QStringLiteral("s"));
  }

  // A kernel that says its scalar values in a `// RUN-ARGS:` line runs
  // with them when the Inputs dialog gave none (F5 failed on "no value
  // given"); a value typed there still wins.
  void theKernelsRunArgsGiveItsValues() {
    QFile plain(QStringLiteral(SPYRE_TEST_KERNELS_DIR) + "/generic_plain.mlir");
    QVERIFY(plain.open(QIODevice::ReadOnly));
    QTemporaryDir dir;
    const QString path = dir.filePath("with_run_args.mlir");
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write("// RUN-ARGS: --arg s=0.5\n" + plain.readAll());
    out.close();
    MainWindow window;
    QVERIFY(showWithSample(window, "elementwise_add.mlir", QSize(1024, 700)));
    QVERIFY(window.openFile(path));
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().latestSource().startsWith("// RUN-ARGS") &&
                                         window.compiler().latest().spyreCode != nullptr; },
                            60000));
    EmulatorRun &run = window.runs()->emulator();
    QSignalSpy failed(&run, &EmulatorRun::failed);
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY2(QTest::qWaitFor([&] { return run.session() && !run.recording() &&
                                          run.input().source.startsWith("// RUN-ARGS"); },
                             60000),
             qPrintable(window.notes()->note()));
    QCOMPARE(failed.count(), 0);
    QCOMPARE(run.input().scalars.at("s"), QStringLiteral("0.5"));
    RunInputs typed = window.runs()->inputs();
    typed.scalars["s"] = "2";
    window.runs()->setInputs(typed);
    QCOMPARE(window.runs()->currentInput().scalars.at("s"), QStringLiteral("2"));
  }

  // A run that succeeds with notes (which tile each number of a 2-D grid's
  // inter-tile sets is) shows them in Diagnostics, as spyre-run prints
  // them before its result; a run of a kernel without any shows none.
  void aRunsNotesAreInDiagnostics() {
    MainWindow window;
    QVERIFY(showWithSample(window, "elementwise_add.mlir", QSize(1024, 700)));
    auto noteRows = [&] {
      auto *table = window.findChild<DiagnosticsTable *>();
      int rows = 0;
      for (int r = 0; table && r < table->rowCount(); ++r)
        rows += table->item(r, DiagnosticsTable::MessageColumn)
                        ->text()
                        .contains("number the tiles of the grid [4, 8]") &&
                table->item(r, DiagnosticsTable::PassColumn)->text() == "emulated run";
      return rows;
    };
    QVERIFY(window.openFile(QStringLiteral(SPYRE_TEST_KERNELS_DIR) +
                            "/tp_allreduce_grid4x8_decode.mlir"));
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().latest().spyreCode != nullptr; },
                            60000));
    QCOMPARE(noteRows(), 0); // a compile alone says nothing of tile numbers
    QSignalSpy ready(&window.runs()->emulator(), &EmulatorRun::ready);
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY2(ready.wait(60000), "F5 recorded no run to show");
    QCOMPARE(noteRows(), 1);
    // Another kernel's run replaces the notes.
    QVERIFY(window.openSample(MainWindow::samplesDirectory() + "/softmax.mlir"));
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().latest().spyreCode != nullptr; },
                            60000));
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY2(ready.wait(60000), "F5 recorded no run to show");
    QCOMPARE(noteRows(), 0);
  }

  // Another kernel of the module chosen in the Kernel box: the views say
  // they show the other kernel's run, and F5 records the chosen one (it
  // replayed the run shown, of the kernel chosen before).
  void anotherKernelOfTheModuleIsAnotherRun() {
    MainWindow window;
    QVERIFY(showWithSample(window, "elementwise_add.mlir", QSize(1024, 700)));
    QVERIFY(window.openFile(QStringLiteral(SPYRE_TEST_KERNELS_DIR) +
                            "/multi_kernel_mlp_decode.mlir"));
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().latest().function == "gate_proj" &&
                                         window.compiler().latest().spyreCode != nullptr; },
                            60000));
    EmulatorRun &run = window.runs()->emulator();
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY2(QTest::qWaitFor([&] { return run.session() && !run.recording() &&
                                          run.input().function.isEmpty(); },
                             60000),
             qPrintable(run.input().function));
    QVERIFY(QTest::qWaitFor([&] { return !run.playing(); }, 60000));
    QVERIFY(noNote(window));

    auto *chooser = window.findChild<KernelChooser *>("kernelChooser");
    QVERIFY(chooser);
    const quint64 before = window.compiler().latestJob();
    QVERIFY(chooser->choose("silu_mul"));
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().latestJob() > before &&
                                         window.compiler().latest().spyreCode != nullptr; },
                            60000));
    QVERIFY2(everyNoteSays(window, "the run of @gate_proj; the kernel chosen is now @silu_mul"),
             qPrintable(window.notes()->note()));
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY2(QTest::qWaitFor([&] { return run.session() && !run.recording() &&
                                          run.input().function == "silu_mul"; },
                             60000),
             qPrintable(run.input().function));
    QVERIFY(noNote(window));
  }

  // Point 3: an edit, an undo, a Target switch.
  void olderRunsAreMarkedAndReRunnable() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    // The Ring shows the run's state too: it has its note.
    QVERIFY(window.findChild<RunNoteBar *>("ringNote"));
    QVERIFY(recordFirstPart(window));
    QVERIFY(noNote(window));
    CodeEditor *editor = window.findChild<CodeEditor *>("editor");
    QVERIFY(editor);
    editor->setCursorPosition(editor->lines() - 1, 0);
    editor->insert(QStringLiteral("// a comment\n"));
    QVERIFY2(everyNoteSays(window, "the run of the kernel 1 edit ago"),
             qPrintable(window.notes()->note()));
    for (RunNoteBar *bar : noteBars(window)) {
      QCOMPARE(bar->actionText(), QStringLiteral("Re-run"));
      QCOMPARE(int(bar->kind()), int(RunNoteBar::Kind::Stale));
    }
    editor->undo();
    QVERIFY2(noNote(window), qPrintable(window.notes()->note()));
    // Another target the kernel does not fit: the run shown is spyre's.
    window.setArchitecture("spyre-4core");
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().architectureName() == "spyre-4core" &&
                                         window.compiler().latestJob() > 0 &&
                                         !window.compiler().latest().ok; },
                            60000));
    QVERIFY2(everyNoteSays(window, "on spyre (32 cores); the target is now spyre-4core"),
             qPrintable(window.notes()->note()));
    window.setArchitecture(QString());
    QVERIFY(QTest::qWaitFor([&] { return noNote(window); }, 60000));
    // Re-run records the edited kernel's run.
    editor->insert(QStringLiteral("// more\n"));
    QVERIFY(QTest::qWaitFor([&] { return window.compiler().latestSource() == editor->text(); },
                            60000));
    QVERIFY2(everyNoteSays(window, "3 edits ago"), qPrintable(window.notes()->note()));
    QSignalSpy ready(&window.runs()->emulator(), &EmulatorRun::ready);
    window.runViews()->summary()->noteBar()->button()->click();
    QVERIFY(ready.wait(60000));
    QCOMPARE(window.runs()->emulator().input().source, editor->text());
    QVERIFY(noNote(window));
    window.runs()->emulator().pause();
  }
};

QTEST_MAIN(RunTrustTest)
#include "RunTrustTest.moc"
