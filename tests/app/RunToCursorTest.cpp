//===- RunToCursorTest.cpp - Ctrl+F10 from the editor and the IR panes -----===//
//
// Run to Cursor runs to the next event of what is under the cursor of the
// pane the user was last in: the SpyreCode instruction in the pane showing
// the listing, the DataflowIR op in the pane showing the DataflowIR the
// SpyreCode was made from, the KTIR line in the editor or in a pane of
// another pass. Each lands on the first later event of that instruction,
// op or line (checked against the recorded run event by event), marks it
// in the pane, and a second Ctrl+F10 goes on to the next one; a line that
// is no instruction says so and does not move. The listing parsing is
// checked on its own with rows.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "EmulatorRun.h"
#include "IrDiffView.h"
#include "IrPane.h"
#include "MainWindow.h"
#include "RunControls.h"
#include "RunTarget.h"
#include "WindowWithSample.h"

#include <QDir>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

#include <functional>

namespace {

/// The first event at or after `from` whose Point satisfies `match`, or -1.
int64_t firstEvent(EmulatorRun &run, uint64_t from,
                   const std::function<bool(const EmulatorRun::Point &)> &match) {
  uint64_t keep = run.session()->position();
  int64_t found = -1;
  for (uint64_t e = from; e < run.session()->totalEvents(); ++e) {
    run.seekEvent(e);
    if (match(run.current())) {
      found = int64_t(e);
      break;
    }
  }
  run.seekEvent(keep);
  return found;
}

void focusAt(QsciScintilla *pane, int line) {
  pane->setFocus();
  QTRY_VERIFY(pane->hasFocus());
  pane->setCursorPosition(line - 1, 0);
}

} // namespace

class RunToCursorTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("run-to-cursor-test");
  }

  void listingLines_data() {
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("program");
    QTest::addColumn<int>("pc");
    // 1 comment, 2 header p0, 3 tile line, 4..5 instructions, 6 header p1,
    // 7 instruction 0 of p1, 8 blank.
    QTest::newRow("comment") << 1 << int(RunTarget::Kind::None) << -1 << 0;
    QTest::newRow("header") << 2 << int(RunTarget::Kind::None) << -1 << 0;
    QTest::newRow("tile line") << 3 << int(RunTarget::Kind::None) << -1 << 0;
    QTest::newRow("p0 pc 0") << 4 << int(RunTarget::Kind::Instruction) << 0 << 0;
    QTest::newRow("p0 pc 1") << 5 << int(RunTarget::Kind::Instruction) << 0 << 1;
    QTest::newRow("p1 pc 0") << 7 << int(RunTarget::Kind::Instruction) << 1 << 0;
    QTest::newRow("blank") << 8 << int(RunTarget::Kind::None) << -1 << 0;
    QTest::newRow("past the end") << 40 << int(RunTarget::Kind::None) << -1 << 0;
  }
  void listingLines() {
    QFETCH(int, line);
    QFETCH(int, kind);
    QFETCH(int, program);
    QFETCH(int, pc);
    // What printListing says of such a listing's lines: a comment, p0's
    // header and tile line, its instructions 0 and 1, p1's header, its
    // instruction 0, a blank line.
    spyre::code::Listing listing;
    listing.lines = {{0, -1, 0}, {0, -1, 0}, {0, -1, 0}, {3, 0, 0},
                     {4, 0, 1},  {0, -1, 0}, {5, 1, 0},  {0, -1, 0}};
    RunTarget t = RunTarget::instructionAt(&listing, line);
    QCOMPARE(int(t.kind), kind);
    if (t.kind == RunTarget::Kind::Instruction) {
      QCOMPARE(t.program, program);
      QCOMPARE(int(t.pc), pc);
    } else {
      QVERIFY(!t.why.isEmpty());
    }
    QCOMPARE(int(RunTarget::instructionAt(nullptr, line).kind),
             int(RunTarget::Kind::None));
  }

  void fromEveryPane() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1400, 900)));
    RunControls *rc = window.runs();
    EmulatorRun &run = rc->emulator();
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QTest::keyClick(&window, Qt::Key_F10);
    QVERIFY(ready.wait(60000));
    const uint64_t total = run.session()->totalEvents();
    QVERIFY(total > 100);

    // What to aim at: the instruction of an event in the middle of the run.
    run.seekEvent(total / 2);
    const EmulatorRun::Point aim = run.current();
    QVERIFY(aim.engine >= 0 && aim.listingLine > 0 && aim.dataflowLine > 0 &&
            aim.ktirLine > 0);
    run.reset();
    QCOMPARE(run.session()->position(), uint64_t(0));

    auto *ir = window.findChild<IrDiffView *>("irDiff");
    QsciScintilla *left = ir->leftPane(), *right = ir->rightPane();
    // The last pass is shown: the SpyreCode on the right, the DataflowIR it
    // was made from on the left.
    QVERIFY(right->text(aim.listingLine - 1).trimmed().startsWith(
        QString::number(aim.pc) + ": "));

    // The SpyreCode pane: that instruction's first event.
    focusAt(right, aim.listingLine);
    RunTarget t = rc->targetUnderCursor();
    QCOMPARE(int(t.kind), int(RunTarget::Kind::Instruction));
    QCOMPARE(t.program, aim.program);
    QCOMPARE(t.pc, aim.pc);
    auto sameInstr = [&](const EmulatorRun::Point &p) {
      return p.program == aim.program && p.pc == aim.pc;
    };
    int64_t expected = firstEvent(run, 1, sameInstr);
    QVERIFY(expected > 0 && uint64_t(expected) <= total / 2);
    QTest::keyClick(&window, Qt::Key_F10, Qt::ControlModifier);
    QCOMPARE(int64_t(run.session()->position()), expected);
    QVERIFY(sameInstr(run.current()));
    QCOMPARE(right->markerFindNext(0, 1 << IrPane::ExecutionMarker), aim.listingLine - 1);
    // Again: the next event of the same instruction (or, when there is
    // none, no move and a message).
    int64_t next = firstEvent(run, uint64_t(expected) + 1, sameInstr);
    QTest::keyClick(&window, Qt::Key_F10, Qt::ControlModifier);
    if (next > 0) {
      QCOMPARE(int64_t(run.session()->position()), next);
    } else {
      QCOMPARE(int64_t(run.session()->position()), expected);
      QVERIFY(window.statusBar()->currentMessage().contains("No later event"));
    }

    // The DataflowIR pane: that op's first event (any engine, any tile).
    run.reset();
    focusAt(left, aim.dataflowLine);
    QCOMPARE(int(rc->targetUnderCursor().kind), int(RunTarget::Kind::DataflowLine));
    auto sameOp = [&](const EmulatorRun::Point &p) {
      return p.dataflowLine == aim.dataflowLine;
    };
    expected = firstEvent(run, 1, sameOp);
    QVERIFY(expected > 0);
    QTest::keyClick(&window, Qt::Key_F10, Qt::ControlModifier);
    QCOMPARE(int64_t(run.session()->position()), expected);
    QCOMPARE(left->markerFindNext(0, 1 << IrPane::ExecutionMarker), aim.dataflowLine - 1);

    // The editor: the KTIR line.
    run.reset();
    auto *editor = window.findChild<CodeEditor *>();
    focusAt(editor, aim.ktirLine);
    QCOMPARE(int(rc->targetUnderCursor().kind), int(RunTarget::Kind::KtirLine));
    expected = firstEvent(run, 1, [&](const EmulatorRun::Point &p) {
      return p.ktirLine == aim.ktirLine;
    });
    QTest::keyClick(&window, Qt::Key_F10, Qt::ControlModifier);
    QCOMPARE(int64_t(run.session()->position()), expected);
    QCOMPARE(rc->highlightedLine(), aim.ktirLine);

    // A pane of another pass: its line's KTIR line.
    QVERIFY(window.selectPass(window.passNames().at(1)));
    run.reset();
    right->setFocus();
    QTRY_VERIFY(right->hasFocus());
    int irLine = 0;
    for (int l = 0; l < right->lines() && !irLine; ++l) {
      right->setCursorPosition(l, 0);
      RunTarget k = rc->targetUnderCursor();
      if (k.kind == RunTarget::Kind::KtirLine && k.line == aim.ktirLine)
        irLine = l + 1;
    }
    QVERIFY(irLine > 0);
    right->setCursorPosition(irLine - 1, 0);
    QCOMPARE(rc->targetUnderCursor().line, aim.ktirLine);
    QTest::keyClick(&window, Qt::Key_F10, Qt::ControlModifier);
    QCOMPARE(int64_t(run.session()->position()), expected);

    // A line that is no instruction: a message, no move.
    QVERIFY(window.selectPass(window.passNames().back()));
    run.reset();
    focusAt(right, 1);
    QCOMPARE(int(rc->targetUnderCursor().kind), int(RunTarget::Kind::None));
    QTest::keyClick(&window, Qt::Key_F10, Qt::ControlModifier);
    QCOMPARE(run.session()->position(), uint64_t(0));
    QVERIFY(window.statusBar()->currentMessage().startsWith("Run to Cursor: "));
  }
};

QTEST_MAIN(RunToCursorTest)
#include "RunToCursorTest.moc"
