//===- DiffReadingTest.cpp - diffs a person can read, IR panes, pass panel ===//
//
// Whitespace-insensitive diffs with re-indented lines aligned and only
// changed words marked (data rows), change navigation and count, KTIR
// colours in the IR panes, stale IR greyed, search and Save / Copy in a
// pane, pass descriptions rendered from Markdown, the op-dump note folded
// out of the diagnostics table, the find bar's count and focus, and the
// pass panel keeping its selection by name.
//
//===----------------------------------------------------------------------===//
#include "DiagnosticsTable.h"
#include "ChangedWords.h"
#include "FindBar.h"
#include "IrDiffView.h"
#include "IrPane.h"
#include "KtirLexer.h"
#include "models/LineDiff.h"
#include "models/PassFilterModel.h"
#include "models/PassListModel.h"
#include "PassListPanel.h"

#include <Qsci/qsciscintilla.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QtTest>

using spyre::driver::Diagnostic;
using spyre::driver::PassSnapshot;
using Kind = LineDiff::Kind;
using Range = LineDiff::Range;

Q_DECLARE_METATYPE(QVector<Range>)

namespace {

PassSnapshot snap(const char *pass, bool changed, const char *ir = "", const char *desc = "") {
  PassSnapshot s;
  s.pass = pass;
  s.stage = "KTIR";
  s.changed = changed;
  s.ir = ir;
  s.description = desc;
  return s;
}

/// A body wrapped in a new region and re-indented, as extract-compute-groups
/// does.
const char *kBefore = "func.func @k() {\n"
                      "  %0 = ktdp.load %a : tensor<4xf16>\n"
                      "  %1 = arith.addf %0, %0 : tensor<4xf16>\n"
                      "  ktdp.store %1, %b : tensor<4xf16>\n"
                      "  return\n"
                      "}\n";
const char *kWrapped = "func.func @k() {\n"
                       "  sched.compute_group {\n"
                       "    %0 = ktdp.load %a : tensor<4xf16>\n"
                       "    %1 = arith.mulf %0, %0 : tensor<4xf16>\n"
                       "    ktdp.store %1, %b : tensor<4xf16>\n"
                       "  }\n"
                       "  return\n"
                       "}\n";

} // namespace

class DiffReadingTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void whitespace_data();
  void whitespace();
  void wrappedBodyMarksOnlyTheChange();
  void hunks();
  void largeReindentedDiffIsFast();
  void viewNavigation();
  void navigationShowsLineStarts();
  void viewIgnoreWhitespaceToggle();
  void viewLexerColours();
  void viewStale();
  void viewWrapAndZoom();
  void paneSearch();
  void paneSaveAndCopy();
  void markdownToolTip();
  void diagnosticsFoldOpDump();
  void findBarCountAndFocus();
  void findBarDoesNotWiden();
  void passPanelKeepsSelection();
  void passPanelShowsSelectedPass();
};

// Rows: left line, right line, ignore whitespace?, expected kind of the
// right line, its changed-word ranges.
void DiffReadingTest::whitespace_data() {
  QTest::addColumn<QString>("left");
  QTest::addColumn<QString>("right");
  QTest::addColumn<bool>("ignore");
  QTest::addColumn<int>("kind");
  QTest::addColumn<QVector<Range>>("words");
  QTest::newRow("re-indented, ignoring") << "  %0 = op %a" << "      %0 = op %a" << true
                                         << int(Kind::Same) << QVector<Range>{};
  QTest::newRow("re-indented, exact: changed, no word marked")
      << "  %0 = op %a" << "      %0 = op %a" << false << int(Kind::Changed)
      << QVector<Range>{};
  QTest::newRow("inner spacing, ignoring") << "%0 = op %a,  %b" << "%0 = op %a, %b" << true
                                           << int(Kind::Same) << QVector<Range>{};
  // 0         1
  // 0123456789012345678
  //     %0 = op %a, %c     (right, re-indented and one operand changed)
  QTest::newRow("re-indented and one word changed")
      << "  %0 = op %a, %b" << "    %0 = op %a, %c" << true << int(Kind::Changed)
      << QVector<Range>{{17, 1}};
  QTest::newRow("two words changed, one kept between")
      << "%0 = arith.addf %x, %y : f16" << "%0 = arith.mulf %x, %z : f16" << true
      << int(Kind::Changed) << QVector<Range>{{11, 4}, {21, 1}};
  QTest::newRow("unrelated lines are not paired")
      << "ktdp.store %1, %b" << "return" << true << int(Kind::Added) << QVector<Range>{};
}

void DiffReadingTest::whitespace() {
  QFETCH(QString, left);
  QFETCH(QString, right);
  QFETCH(bool, ignore);
  QFETCH(int, kind);
  QFETCH(QVector<Range>, words);
  const LineDiff d = LineDiff::compute(QStringList{"a", left, "z"}, QStringList{"a", right, "z"},
                                       LineDiff::Options{ignore});
  QCOMPARE(int(d.right()[1].kind), kind);
  QCOMPARE(d.right()[1].words, words);
  // The lines around stay aligned either way.
  QCOMPARE(d.right()[2].counterpart, 2);
}

void DiffReadingTest::wrappedBodyMarksOnlyTheChange() {
  const LineDiff d = LineDiff::compute(QString(kBefore), QString(kWrapped),
                                       LineDiff::Options{true});
  // The new region's two lines are added; the re-indented load and store
  // are unchanged; only addf -> mulf is a changed line, with one word.
  QCOMPARE(d.rightLinesOfKind(Kind::Added), QVector<int>({1, 5}));
  QCOMPARE(d.rightLinesOfKind(Kind::Changed), QVector<int>({3}));
  QCOMPARE(d.right()[3].counterpart, 2);
  QCOMPARE(d.right()[3].words, QVector<Range>({{15, 4}})); // "mulf"
  QCOMPARE(d.right()[2].kind, Kind::Same);
  QCOMPARE(d.right()[2].counterpart, 1);
  QCOMPARE(d.right()[4].counterpart, 3);
  // Exactly: every re-indented line differs, but still only its words that
  // changed (none for load/store) are marked.
  const LineDiff exact = LineDiff::compute(QString(kBefore), QString(kWrapped));
  QCOMPARE(exact.rightLinesOfKind(Kind::Changed).size(), 3);
  QVERIFY(exact.right()[2].words.isEmpty());
  QCOMPARE(exact.right()[3].words, QVector<Range>({{15, 4}}));
}

void DiffReadingTest::hunks() {
  const LineDiff d = LineDiff::compute(QString(kBefore), QString(kWrapped),
                                       LineDiff::Options{true});
  // Added line 1; changed 2 -> 3; added line 5.
  QCOMPARE(d.hunks().size(), 3);
  QCOMPARE(d.hunks()[0], (LineDiff::Hunk{1, 0, 1, 1}));
  QCOMPARE(d.hunks()[1], (LineDiff::Hunk{2, 1, 3, 1}));
  QCOMPARE(d.hunks()[2], (LineDiff::Hunk{4, 0, 5, 1}));
  QVERIFY(LineDiff::compute(QString(kBefore), QString(kBefore)).hunks().isEmpty());
}

void DiffReadingTest::largeReindentedDiffIsFast() {
  // 3000 IR-like lines; the right side wraps them in a region (re-indented)
  // and rewrites every 10th: what a pass like lower-to-dataflow does to a
  // large kernel. The diff runs on the GUI thread once per compile.
  QStringList left, right;
  right << QStringLiteral("  dflow.program \"p\" {");
  for (int i = 0; i < 3000; ++i) {
    const QString op = QStringLiteral("%%1 = arith.addf %%2, %%3 : tensor<64x128xf16>")
                           .arg(i).arg(i / 2).arg(i / 3);
    left << QStringLiteral("    ") + op;
    right << QStringLiteral("      ") +
                 (i % 10 == 0 ? QString(op).replace("addf", "mulf") : op);
  }
  right << QStringLiteral("  }");
  QElapsedTimer timer;
  timer.start();
  const LineDiff exact = LineDiff::compute(left, right);
  const qint64 exactMs = timer.restart();
  const LineDiff ignoring = LineDiff::compute(left, right, LineDiff::Options{true});
  const qint64 ignoringMs = timer.elapsed();
  qInfo("3000 re-indented lines: exact %lld ms, ignoring whitespace %lld ms", exactMs,
        ignoringMs);
  QCOMPARE(ignoring.rightLinesOfKind(Kind::Changed).size(), 300);
  QCOMPARE(ignoring.rightLinesOfKind(Kind::Added).size(), 2);
  QVERIFY2(ignoringMs < 1000, qPrintable(QString::number(ignoringMs)));
}

void DiffReadingTest::viewNavigation() {
  IrDiffView view;
  view.resize(700, 300);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  // A change at line 150, far to the right.
  QStringList left, right;
  for (int i = 0; i < 200; ++i) {
    QString line = QStringLiteral("  %%1 = arith.addf %a, %b : tensor<4xf16>").arg(i);
    left << line;
    if (i == 150)
      line = QString(160, QLatin1Char(' ')) + QStringLiteral("%x = op") ;
    right << line;
  }
  left[150] = QString(160, QLatin1Char(' ')) + QStringLiteral("%y = op");
  right[20] = QStringLiteral("  %20 = arith.mulf %a, %b : tensor<4xf16>");
  view.setTexts(left.join('\n'), right.join('\n'), "l", "r");
  auto *count = view.findChild<QLabel *>("changeCount");
  QVERIFY(count);
  QCOMPARE(count->text(), QStringLiteral("2 changes"));
  view.nextChangeAction()->trigger();
  QCOMPARE(count->text(), QStringLiteral("change 1 of 2"));
  QCOMPARE(view.rightPane()->selectedText(), QStringLiteral("mulf"));
  view.nextChangeAction()->trigger();
  QCOMPARE(count->text(), QStringLiteral("change 2 of 2"));
  QCOMPARE(view.rightPane()->selectedText(), QStringLiteral("x"));
  // The change is in view: vertically and, far right, horizontally.
  QTRY_VERIFY(IrDiffView::firstVisibleLine(view.rightPane()) <= 150);
  QVERIFY(IrDiffView::firstVisibleLine(view.rightPane()) + 3 >= 150 - 3);
  QTRY_VERIFY(view.rightPane()->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET) > 0);
  // Wraps around; previous goes back.
  view.nextChangeAction()->trigger();
  QCOMPARE(view.currentChange(), 0);
  view.previousChangeAction()->trigger();
  QCOMPARE(view.currentChange(), 1);
  // New texts reset the position.
  view.setTexts("a\n", "a\n", "l", "r");
  QCOMPARE(count->text(), QStringLiteral("no changes"));
  QVERIFY(!view.nextChangeAction()->isEnabled());
}

// F7 shows a change's line from its start: a long added line is not
// scrolled to its end (which left the changed lines blank), a word near the
// start needs no scroll, a word off the right edge is scrolled in only as
// far as its end needs, and the next change back at the start scrolls back.
void DiffReadingTest::navigationShowsLineStarts() {
  IrDiffView view;
  view.resize(700, 300);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  const QString tail = QStringLiteral(" : ") + QStringList(40, QStringLiteral("f16")).join(", ");
  QStringList left, right;
  for (int i = 0; i < 120; ++i)
    left << QStringLiteral("  %%1 = arith.addf %a, %b").arg(i) + tail;
  right = left;
  left[20] = QStringLiteral("  %20 = arith.addf %a, %b") + tail + QStringLiteral(" end0");
  right[20] = QStringLiteral("  %20 = arith.addf %a, %b") + tail + QStringLiteral(" end1");
  right.insert(60, QStringLiteral("  %new = dflow.dma %src, %dst") + tail); // added
  left[90] = QStringLiteral("  %90 = arith.addf %a, %b") + tail;
  right[91] = QStringLiteral("  %90 = arith.mulf %a, %b") + tail;
  view.setTexts(left.join('\n'), right.join('\n'), "l", "r");
  QTest::qWait(50); // the panes lay out their scroll bars
  auto *pane = view.rightPane();
  auto xOffset = [](QsciScintilla *p) {
    return p->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET);
  };
  auto x = [pane](int line, int index) {
    return pane->SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL,
                               pane->positionFromLineIndex(line, index));
  };

  view.nextChangeAction()->trigger(); // " end1", far right
  QCOMPARE(pane->selectedText(), QStringLiteral("end1"));
  QTest::qWait(50);
  const long scrolled = xOffset(pane);
  QVERIFY(scrolled > 0);
  QCOMPARE(xOffset(view.leftPane()), scrolled);
  const int from = right[20].size() - 4;
  QVERIFY(x(20, from) >= x(20, 0) + scrolled);
  const int width = pane->viewport()->width();
  QVERIFY2(x(20, from + 4) <= width,
           qPrintable(QStringLiteral("%1 > %2").arg(x(20, from + 4)).arg(width)));
  // Only as far as needed: the word's end is near the right edge.
  QVERIFY(x(20, from + 4) > width / 2);

  view.nextChangeAction()->trigger(); // the long added line: from its start
  QCOMPARE(view.currentChange(), 1);
  QTest::qWait(50);
  QCOMPARE(xOffset(pane), 0);
  QCOMPARE(xOffset(view.leftPane()), 0);

  view.nextChangeAction()->trigger(); // "mulf", near the start
  QCOMPARE(pane->selectedText(), QStringLiteral("mulf"));
  QTest::qWait(50);
  QCOMPARE(xOffset(pane), 0);
  QCOMPARE(xOffset(view.leftPane()), 0);

  view.previousChangeAction()->trigger(); // back to the added line
  view.previousChangeAction()->trigger(); // and the far word: scrolled again
  QTest::qWait(50);
  QCOMPARE(xOffset(pane), scrolled);
}

void DiffReadingTest::viewIgnoreWhitespaceToggle() {
  IrDiffView view;
  view.resize(900, 300);
  view.show();
  QVERIFY(view.ignoresWhitespace()); // the default
  view.setTexts(kBefore, kWrapped, "l", "r");
  QCOMPARE(view.changedLinesRight(), QVector<int>({3}));
  QCOMPARE(view.addedLines(), QVector<int>({1, 5}));
  QVERIFY(indicatorAt(view.rightPane(), 3, 15));  // mulf
  QVERIFY(!indicatorAt(view.rightPane(), 3, 4));  // %1 did not change
  auto *box = view.findChild<QCheckBox *>("ignoreWhitespace");
  QVERIFY(box && box->isChecked());
  box->setChecked(false);
  QVERIFY(!view.ignoresWhitespace());
  QCOMPARE(view.changedLinesRight(), QVector<int>({2, 3, 4}));
  QVERIFY(!indicatorAt(view.rightPane(), 2, 4)); // re-indented only: no word marked
  box->setChecked(true);
  QCOMPARE(view.changedLinesRight(), QVector<int>({3}));
}

void DiffReadingTest::viewLexerColours() {
  IrDiffView view;
  view.resize(900, 300);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  view.setTexts(kBefore, kWrapped, "l", "r");
  auto *pane = qobject_cast<IrPane *>(view.rightPane());
  QVERIFY(pane && pane->ktirLexer());
  QCOMPARE(pane->lexer(), pane->ktirLexer());
  auto styleAt = [pane](int line, int column) {
    pane->SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0UL, -1L);
    const long pos =
        pane->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, (unsigned long)line) + column;
    return int(pane->SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, (unsigned long)pos));
  };
  // "    %0 = ktdp.load %a : tensor<4xf16>"
  QCOMPARE(styleAt(2, 4), int(KtirLexer::SsaValue));
  QCOMPARE(styleAt(2, 9), int(KtirLexer::OpName));
  QCOMPARE(styleAt(2, 24), int(KtirLexer::Type));
  // Both themes: the dark one changes the paper.
  const QColor light = pane->ktirLexer()->paper(KtirLexer::Default);
  view.setDarkTheme(true);
  QVERIFY(pane->ktirLexer()->paper(KtirLexer::Default).lightness() < light.lightness());
  QVERIFY(pane->ktirLexer()->color(KtirLexer::OpName) !=
          pane->ktirLexer()->color(KtirLexer::SsaValue));
}

void DiffReadingTest::viewStale() {
  IrDiffView view;
  view.resize(900, 300);
  view.show();
  view.setTexts(kBefore, kWrapped, "l", "r");
  auto *banner = view.findChild<QLabel *>("staleBanner");
  QVERIFY(banner && !banner->isVisible());
  auto *pane = qobject_cast<IrPane *>(view.rightPane());
  const QColor op = pane->ktirLexer()->color(KtirLexer::OpName);
  view.setStale("last successful compile, 3 edits ago");
  QVERIFY(view.isStale());
  QVERIFY(banner->isVisible());
  QCOMPARE(banner->text(), QStringLiteral("last successful compile, 3 edits ago"));
  QVERIFY(pane->isMuted());
  QCOMPARE(pane->ktirLexer()->color(KtirLexer::OpName),
           pane->ktirLexer()->color(KtirLexer::SsaValue)); // all grey
  view.setStale(QString());
  QVERIFY(!banner->isVisible());
  QCOMPARE(pane->ktirLexer()->color(KtirLexer::OpName), op);
}

void DiffReadingTest::viewWrapAndZoom() {
  IrDiffView view;
  view.show();
  view.setWrapLines(true);
  QCOMPARE(view.rightPane()->wrapMode(), QsciScintilla::WrapWord);
  QVERIFY(view.findChild<QCheckBox *>("wrapLines")->isChecked());
  view.setWrapLines(false);
  QCOMPARE(view.leftPane()->wrapMode(), QsciScintilla::WrapNone);
  view.setZoom(3);
  QCOMPARE(int(view.leftPane()->SendScintilla(QsciScintillaBase::SCI_GETZOOM)), 3);
  QCOMPARE(int(view.inlinePane()->SendScintilla(QsciScintillaBase::SCI_GETZOOM)), 3);
}

void DiffReadingTest::paneSearch() {
  IrDiffView view;
  view.resize(900, 300);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  view.setTexts(kBefore, kWrapped, "l", "r");
  FindBar *bar = view.findChild<FindBar *>("irFindBar");
  QVERIFY(bar && !bar->isVisible());
  // From the pane's own context menu.
  auto *pane = qobject_cast<IrPane *>(view.leftPane());
  std::unique_ptr<QMenu> menu(pane->createContextMenu(&view));
  menu->findChild<QAction *>("findAction")->trigger();
  QVERIFY(bar->isVisible());
  QCOMPARE(bar->editor(), view.leftPane());
  QTest::keyClicks(bar->findField(), "tensor");
  QCOMPARE(view.leftPane()->selectedText(), QStringLiteral("tensor"));
  QCOMPARE(view.rightPane()->selectedText(), QString());
  QCOMPARE(bar->statusLabel()->text(), QStringLiteral("1 of 3"));
  QTest::keyClick(bar->findField(), Qt::Key_Return);
  QCOMPARE(bar->statusLabel()->text(), QStringLiteral("2 of 3"));
  // Read-only panes: no replacing.
  QVERIFY(!bar->findChild<QWidget *>("replaceText")->isVisible());
  QCOMPARE(bar->replaceAll(), 0);
  QCOMPARE(view.leftPane()->text(), QString(kBefore));
}

void DiffReadingTest::paneSaveAndCopy() {
  IrDiffView view;
  view.show();
  view.setTexts(kBefore, kWrapped, "before extract-compute-groups",
                "after extract-compute-groups");
  auto *pane = qobject_cast<IrPane *>(view.rightPane());
  QCOMPARE(pane->snapshotName(), QStringLiteral("after-extract-compute-groups.mlir"));
  QTemporaryDir dir;
  QString error;
  QVERIFY(pane->saveSnapshot(dir.filePath("snap.mlir"), &error));
  QFile f(dir.filePath("snap.mlir"));
  QVERIFY(f.open(QIODevice::ReadOnly));
  QCOMPARE(QString::fromUtf8(f.readAll()), QString(kWrapped));
  QVERIFY(!pane->saveSnapshot(dir.filePath("no/such/dir/x.mlir"), &error));
  QVERIFY(error.contains("Cannot write"));
  std::unique_ptr<QMenu> menu(pane->createContextMenu(&view));
  for (const char *name : {"copyAction", "copySnapshotAction", "saveSnapshotAction", "findAction"})
    QVERIFY2(menu->findChild<QAction *>(name), name);
  QVERIFY(!menu->findChild<QAction *>("copyAction")->isEnabled()); // nothing selected
  menu->findChild<QAction *>("copySnapshotAction")->trigger();
  QCOMPARE(QApplication::clipboard()->text(), QString(kWrapped));
}

void DiffReadingTest::markdownToolTip() {
  PassSnapshot s = snap("place-tiles", true, "",
                        "Puts tile *i* of `tensor<4xf16>` on core i < 32 & more.\n\n#### Options\n\n```\n-arch : Architecture\n```\n");
  const QString tip = PassListModel::toolTipFor(s);
  QVERIFY2(!tip.contains("####"), qPrintable(tip));
  QVERIFY2(!tip.contains("```"), qPrintable(tip));
  QVERIFY(tip.contains("Options"));
  // The options are a table: the option, then what it sets.
  QVERIFY2(tip.contains("<table") && tip.contains("-arch") && tip.contains("Architecture") &&
               !tip.contains("-arch : Architecture"),
           qPrintable(tip));
  // Angle brackets are text, in code spans and in prose alike.
  QTextDocument rendered;
  rendered.setHtml(tip);
  QVERIFY2(rendered.toPlainText().contains("tensor<4xf16>"), qPrintable(rendered.toPlainText()));
  QVERIFY2(rendered.toPlainText().contains("i < 32 & more"), qPrintable(rendered.toPlainText()));
  QVERIFY(tip.contains("<i>i</i>") || tip.contains("font-style:italic"));
  QVERIFY(Qt::mightBeRichText(tip));
  QVERIFY(PassListModel::descriptionHtml(QString()).contains("No description"));
}

void DiffReadingTest::diagnosticsFoldOpDump() {
  DiagnosticsTable table;
  Diagnostic error;
  error.line = 7;
  error.message = "'ktdp.load' op operand #0 must be a tensor";
  error.pass = "ktir-legality-check";
  Diagnostic note;
  note.severity = Diagnostic::Severity::Note;
  note.line = 7;
  note.message = "see current operation: %0 = \"ktdp.load\"(%arg0) : (index) -> f16";
  Diagnostic other;
  other.severity = Diagnostic::Severity::Note;
  other.line = 3;
  other.message = "prior use here";
  table.setDiagnostics({error, note, other}, "k.mlir");
  QCOMPARE(table.rowCount(), 2);
  QCOMPARE(table.item(0, DiagnosticsTable::MessageColumn)->text(),
           QString::fromStdString(error.message));
  QVERIFY(table.item(0, DiagnosticsTable::MessageColumn)->toolTip().contains("Details: see current"));
  QCOMPARE(table.item(1, DiagnosticsTable::MessageColumn)->text(), QStringLiteral("prior use here"));
  QCOMPARE(DiagnosticsTable::withoutOpDumps({error, note, other}).size(), size_t(2));
  // A long first line wraps to the dock's width; the dump stays in the
  // tooltip, so a row never grows by it.
  QVERIFY(table.wordWrap());
  QSignalSpy spy(&table, &DiagnosticsTable::lineActivated);
  emit table.cellDoubleClicked(0, 0);
  QCOMPARE(spy.count(), 1);
  QCOMPARE(spy.at(0).at(0).toInt(), 7);
}

void DiffReadingTest::findBarCountAndFocus() {
  QWidget host;
  auto *editor = new QsciScintilla(&host);
  editor->setText("ab ab\nxx ab\nab\n");
  FindBar bar(editor, &host);
  host.show();
  host.activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(&host));
  bar.findField()->setText("ab");
  editor->setCursorPosition(0, 0);
  QVERIFY(bar.findNext());
  QCOMPARE(bar.countMatches().total, 4);
  QCOMPARE(bar.countMatches().current, 1);
  QCOMPARE(bar.statusLabel()->text(), QStringLiteral("1 of 4"));
  bar.findNext();
  bar.findNext();
  QCOMPARE(bar.statusLabel()->text(), QStringLiteral("3 of 4"));
  // Replace (Ctrl+H): the find field has the focus and its text selected,
  // even when it already holds text.
  bar.open(true);
  QTRY_VERIFY(bar.findField()->hasFocus());
  QCOMPARE(bar.findField()->selectedText(), QStringLiteral("ab"));
  QVERIFY(!bar.replaceField()->hasFocus());
  bar.findField()->setText("zz");
  bar.findNext();
  QCOMPARE(bar.statusLabel()->text(), QStringLiteral("no matches"));
  // One match is not "1 matches"; counts are grouped as everywhere else.
  QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
  QCOMPARE(FindBar::countText({1, 0}), QStringLiteral("1 match"));
  QCOMPARE(FindBar::countText({2, 0}), QStringLiteral("2 matches"));
  QCOMPARE(FindBar::countText({1204, 3}), QStringLiteral("3 of 1,204"));
  QCOMPARE(FindBar::countText({FindBar::kMaxCount, 0}), QStringLiteral("10,000+ matches"));
  QLocale::setDefault(QLocale::system());
}

void DiffReadingTest::findBarDoesNotWiden() {
  QWidget host;
  auto *editor = new QsciScintilla(&host);
  FindBar bar(editor, &host);
  bar.open(true);
  // Whatever its contents need, the bar asks for at most 30 characters.
  QVERIFY(bar.minimumSizeHint().width() <= bar.fontMetrics().averageCharWidth() * 30);
}

void DiffReadingTest::passPanelKeepsSelection() {
  PassListPanel panel;
  panel.show();
  QSignalSpy spy(&panel, &PassListPanel::selectedPassChanged);
  std::vector<PassSnapshot> snaps{snap("input", false), snap("a-pass", true),
                                  snap("b-pass", true), snap("c-pass", false)};
  panel.setSnapshots(snaps);
  // The default: the last pass that changed the IR (not "input", not the
  // last, unchanged one).
  QCOMPARE(panel.shownPass(), QStringLiteral("b-pass"));
  QCOMPARE(panel.view()->currentIndex().data(PassListModel::PassNameRole).toString(),
           QStringLiteral("b-pass"));
  // The user picks a-pass: kept across new snapshots and an empty compile.
  QTableView *view = panel.view();
  view->setCurrentIndex(view->model()->index(1, 0));
  QCOMPARE(panel.shownPass(), QStringLiteral("a-pass"));
  panel.setSnapshots({});
  panel.setSnapshots(snaps);
  QCOMPARE(panel.shownPass(), QStringLiteral("a-pass"));
  QCOMPARE(view->currentIndex().data(PassListModel::PassNameRole).toString(),
           QStringLiteral("a-pass"));
  // Typing in the filter does not move the selection: hidden, it stays the
  // shown pass; shown again, it is selected again.
  spy.clear();
  panel.filterField()->setText("b");
  QCOMPARE(panel.shownPass(), QStringLiteral("a-pass"));
  QCOMPARE(spy.count(), 0);
  panel.filterField()->setText("pass");
  QCOMPARE(view->currentIndex().data(PassListModel::PassNameRole).toString(),
           QStringLiteral("a-pass"));
  panel.filterField()->clear();
  QCOMPARE(panel.shownPass(), QStringLiteral("a-pass"));
  QCOMPARE(spy.count(), 0);
  // A pass that no longer exists falls back to the default.
  panel.setSnapshots({snap("input", false), snap("z-pass", true)});
  QCOMPARE(panel.shownPass(), QStringLiteral("z-pass"));
  QVERIFY(!panel.selectPass("nope"));
  // The pass column is never cut.
  panel.resize(panel.minimumSizeHint());
  const int nameWidth = view->fontMetrics().horizontalAdvance("z-pass");
  QVERIFY(view->columnWidth(PassListModel::PassColumn) >= nameWidth);
}

// The selected pass is in view after the panel shrinks (a window made
// smaller, a dock resized) and after another kernel's passes come, when it
// was chosen before the panel had its size (--select-pass, a session).
void DiffReadingTest::passPanelShowsSelectedPass() {
  PassListPanel panel;
  std::vector<PassSnapshot> snaps{snap("input", false)};
  for (int i = 0; i < 26; ++i)
    snaps.push_back(snap(qPrintable(QStringLiteral("pass-%1").arg(i, 2, 10, QChar('0'))), true));
  panel.resize(300, 800);
  panel.show();
  QVERIFY(QTest::qWaitForWindowExposed(&panel));
  panel.setSnapshots(snaps);
  QVERIFY(panel.selectPass("pass-20"));
  QTableView *view = panel.view();
  auto inView = [view] {
    const QRect row = view->visualRect(view->currentIndex());
    return row.isValid() && view->viewport()->rect().contains(row);
  };
  QVERIFY(inView());
  panel.resize(300, 240);
  QTRY_VERIFY(inView());
  // Another kernel's passes, the same pass selected, a panel shrunk.
  panel.resize(300, 800);
  QTest::qWait(20);
  panel.setSnapshots({});
  panel.resize(300, 200);
  panel.setSnapshots(snaps);
  QTRY_VERIFY(inView());
  QCOMPARE(panel.shownPass(), QStringLiteral("pass-20"));
}

QTEST_MAIN(DiffReadingTest)
#include "DiffReadingTest.moc"
