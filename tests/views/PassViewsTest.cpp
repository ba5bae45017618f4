//===- PassViewsTest.cpp - IrDiffView (its models: models/PassModelsTest.cpp)
// and what Search All Passes counts
#include "IrDiffView.h"
#include "PassSearchDock.h"
#include "ChangedWords.h"
#include "models/LineDiff.h"

#include <Qsci/qsciscintilla.h>

#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

#include <vector>


namespace {

QStringList numbered(int n, const QString &prefix) {
  QStringList out;
  for (int i = 0; i < n; ++i)
    out << QStringLiteral("%1 %2 = op %3").arg(prefix).arg(i).arg(i * 7 % 13);
  return out;
}

QPoint pointOfLine(QsciScintilla *pane, int line, int column = 0) {
  const long pos =
      pane->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, (unsigned long)line) +
      column;
  const int x = int(pane->SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL, pos));
  const int y = int(pane->SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0UL, pos));
  return QPoint(x + 2, y + 3);
}

bool hasMarker(QsciScintilla *pane, int line, int marker) {
  return (pane->markersAtLine(line) & (1u << marker)) != 0;
}

} // namespace

class PassViewsTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // IrDiffView
  void viewSetTexts();
  void viewInline();
  void viewSyncScroll();
  void viewHighlightSourceLine();
  void viewLineClicked();
  // PassSearchDock
  void searchCountsCodeOnly();
};

void PassViewsTest::viewSetTexts() {
  IrDiffView view;
  view.resize(1000, 400);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  // The removed run [add-line, b] pairs its first line with the added mul-line.
  const QString left = QStringLiteral("a\n%0 = ktir.add %a, %b : tensor<4xf32>\nb\nc\nd\n");
  const QString right = QStringLiteral("a\n%0 = ktir.mul %a, %c : tensor<4xf32>\nc\nnew\nd\n");
  view.setTexts(left, right, QStringLiteral("input"), QStringLiteral("ktir-canonicalize"));

  auto *lp = view.findChild<QsciScintilla *>(QStringLiteral("leftIrPane"));
  auto *rp = view.findChild<QsciScintilla *>(QStringLiteral("rightIrPane"));
  QVERIFY(lp && rp);
  QCOMPARE(lp, view.leftPane());
  QCOMPARE(rp, view.rightPane());
  QVERIFY(lp->isReadOnly() && rp->isReadOnly());
  QCOMPARE(lp->text(), left);
  QCOMPARE(rp->text(), right);
  auto *lt = view.findChild<QLabel *>(QStringLiteral("leftIrTitle"));
  auto *rt = view.findChild<QLabel *>(QStringLiteral("rightIrTitle"));
  QVERIFY(lt && rt);
  QCOMPARE(lt->text(), QStringLiteral("input"));
  QCOMPARE(rt->text(), QStringLiteral("ktir-canonicalize"));

  // add/mul line changed; b removed; "new" added.
  QCOMPARE(view.removedLines(), QVector<int>({2}));
  QCOMPARE(view.changedLinesLeft(), QVector<int>({1}));
  QCOMPARE(view.changedLinesRight(), QVector<int>({1}));
  QCOMPARE(view.addedLines(), QVector<int>({3}));
  QVERIFY(hasMarker(lp, 2, IrDiffView::RemovedMarker));
  QVERIFY(hasMarker(lp, 1, IrDiffView::ChangedMarker));
  QVERIFY(hasMarker(rp, 1, IrDiffView::ChangedMarker));
  QVERIFY(hasMarker(rp, 3, IrDiffView::AddedMarker));
  for (int line : {0, 3, 4}) {
    QCOMPARE(lp->markersAtLine(line), 0u);
  }
  for (int line : {0, 2, 4}) {
    QCOMPARE(rp->markersAtLine(line), 0u);
  }
  // Changed words: "add"/"mul" at 10..12, "b"/"c" at 19.
  QVERIFY(indicatorAt(lp, 1, 10));
  QVERIFY(indicatorAt(lp, 1, 12));
  QVERIFY(!indicatorAt(lp, 1, 13));
  QVERIFY(indicatorAt(lp, 1, 19));
  QVERIFY(!indicatorAt(lp, 1, 5));
  QVERIFY(!indicatorAt(lp, 2, 0)); // removed, not changed
  QVERIFY(indicatorAt(rp, 1, 11));
  QVERIFY(indicatorAt(rp, 1, 19));
  QVERIFY(!indicatorAt(rp, 1, 0));

  // New texts replace the old marks.
  view.setTexts(QStringLiteral("x\n"), QStringLiteral("x\n"), QStringLiteral("l"),
                QStringLiteral("r"));
  QCOMPARE(lp->markersAtLine(0), 0u);
  QVERIFY(view.changedLinesLeft().isEmpty());
}

void PassViewsTest::viewInline() {
  IrDiffView view;
  view.resize(1000, 400);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  view.setTexts(QStringLiteral("a\nx = b\nc\n"), QStringLiteral("a\nx = B\nc\nd\n"),
                QStringLiteral("l"), QStringLiteral("r"));
  QVERIFY(!view.isInlineDiff());
  QVERIFY(view.leftPane()->isVisible());
  view.setInlineDiff(true);
  QVERIFY(view.isInlineDiff());
  QsciScintilla *pane = view.findChild<QsciScintilla *>(QStringLiteral("inlineIrPane"));
  QVERIFY(pane);
  QCOMPARE(pane, view.inlinePane());
  QVERIFY(pane->isVisible());
  QVERIFY(!view.leftPane()->isVisible());
  QCOMPARE(pane->text(), QStringLiteral("  a\n- x = b\n+ x = B\n  c\n+ d"));
  QVERIFY(hasMarker(pane, 1, IrDiffView::RemovedMarker));
  QVERIFY(hasMarker(pane, 2, IrDiffView::AddedMarker));
  QVERIFY(hasMarker(pane, 4, IrDiffView::AddedMarker));
  QCOMPARE(pane->markersAtLine(0), 0u);
  QCOMPARE(pane->markersAtLine(3), 0u);
  QVERIFY(indicatorAt(pane, 1, 6)); // "b", after the "- " prefix
  QVERIFY(indicatorAt(pane, 2, 6));
  QVERIFY(!indicatorAt(pane, 2, 2)); // "x" did not change
  QVERIFY(!indicatorAt(pane, 2, 0));
  // Texts set while inline update the inline pane too.
  view.setTexts(QStringLiteral("p\n"), QStringLiteral("q\n"), QStringLiteral("l"),
                QStringLiteral("r"));
  QCOMPARE(pane->text(), QStringLiteral("- p\n+ q"));
  view.setInlineDiff(false);
  QVERIFY(view.leftPane()->isVisible());
  QVERIFY(!pane->isVisible());
}

void PassViewsTest::viewSyncScroll() {
  IrDiffView view;
  view.resize(1000, 300);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  // Right = left with 20 lines inserted after left line 49.
  const QStringList left = numbered(300, QStringLiteral("%"));
  QStringList right = left;
  for (int i = 0; i < 20; ++i)
    right.insert(50 + i, QStringLiteral("inserted %1").arg(i));
  view.setTexts(left.join('\n'), right.join('\n'), QStringLiteral("l"), QStringLiteral("r"));
  QCoreApplication::processEvents();
  QsciScintilla *lp = view.leftPane(), *rp = view.rightPane();

  // Scrolls are reported by QScintilla when the pane repaints: QTRY_*.
  IrDiffView::scrollToLine(lp, 100);
  QCOMPARE(IrDiffView::firstVisibleLine(lp), 100);
  QTRY_COMPARE(IrDiffView::firstVisibleLine(rp), 120);
  IrDiffView::scrollToLine(rp, 10);
  QCOMPARE(IrDiffView::firstVisibleLine(rp), 10);
  QTRY_COMPARE(IrDiffView::firstVisibleLine(lp), 10);
  IrDiffView::scrollToLine(rp, 60); // inside the inserted block
  QTRY_COMPARE(IrDiffView::firstVisibleLine(lp), 50);
  QCOMPARE(IrDiffView::firstVisibleLine(rp), 60);
  IrDiffView::scrollToLine(rp, 150);
  QTRY_COMPARE(IrDiffView::firstVisibleLine(lp), 130);

  // Through the scroll bar, as a user drag would.
  lp->verticalScrollBar()->setValue(40);
  QCOMPARE(IrDiffView::firstVisibleLine(lp), 40);
  QTRY_COMPARE(IrDiffView::firstVisibleLine(rp), 40);
  lp->verticalScrollBar()->setValue(55); // left 55 -> right 75
  QTRY_COMPARE(IrDiffView::firstVisibleLine(rp), 75);
  // No feedback: the echo of the right pane's scroll does not move the left.
  QTest::qWait(100);
  QCOMPARE(IrDiffView::firstVisibleLine(lp), 55);
  QCOMPARE(IrDiffView::firstVisibleLine(rp), 75);
  // Scrolling the right pane inside the inserted block: left goes to 50 and
  // stays even though left 50 maps back to right 70, not 60.
  IrDiffView::scrollToLine(rp, 60);
  QTRY_COMPARE(IrDiffView::firstVisibleLine(lp), 50);
  QTest::qWait(100);
  QCOMPARE(IrDiffView::firstVisibleLine(rp), 60);
  QCOMPARE(IrDiffView::firstVisibleLine(lp), 50);

  // Inline mode does not sync (the side panes are hidden).
  view.setInlineDiff(true);
  IrDiffView::scrollToLine(lp, 5);
  QTest::qWait(50);
  QCOMPARE(IrDiffView::firstVisibleLine(rp), 60);
}

void PassViewsTest::viewHighlightSourceLine() {
  IrDiffView view;
  view.resize(1000, 400);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  view.setTexts(QStringLiteral("a\nx b\nc\nd\n"), QStringLiteral("a\nx b2\nc\nx\nd\n"),
                QStringLiteral("l"), QStringLiteral("r"));
  const std::vector<int> leftMap{0, 7, 7, 9};
  const std::vector<int> rightMap{0, 7, 8, 7, 9};
  view.highlightSourceLine(7, leftMap, rightMap);
  QCOMPARE(view.sourceHighlightedLinesLeft(), QVector<int>({1, 2}));
  QCOMPARE(view.sourceHighlightedLinesRight(), QVector<int>({1, 3}));
  QVERIFY(hasMarker(view.leftPane(), 1, IrDiffView::SourceLineMarker));
  QVERIFY(hasMarker(view.rightPane(), 3, IrDiffView::SourceLineMarker));
  QVERIFY(!hasMarker(view.rightPane(), 2, IrDiffView::SourceLineMarker));
  // The diff marks stay.
  QVERIFY(hasMarker(view.leftPane(), 1, IrDiffView::ChangedMarker));
  // Inline: "  a", "- b", "+ b2", "  c", "+ x", "  d" -> b, b2, c (left
  // line 2 maps to 7), x.
  QCOMPARE(view.sourceHighlightedLinesInline(), QVector<int>({1, 2, 3, 4}));

  view.highlightSourceLine(9, leftMap, rightMap);
  QCOMPARE(view.sourceHighlightedLinesLeft(), QVector<int>({3}));
  QCOMPARE(view.sourceHighlightedLinesRight(), QVector<int>({4}));
  view.highlightSourceLine(0, leftMap, rightMap);
  QVERIFY(view.sourceHighlightedLinesLeft().isEmpty());
  QVERIFY(view.sourceHighlightedLinesRight().isEmpty());
  QVERIFY(hasMarker(view.leftPane(), 1, IrDiffView::ChangedMarker));
}

void PassViewsTest::viewLineClicked() {
  IrDiffView view;
  view.resize(1000, 400);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  view.setTexts(QStringLiteral("alpha\nbeta\ngamma\n"), QStringLiteral("alpha\nbeta\ndelta\n"),
                QStringLiteral("l"), QStringLiteral("r"));
  view.setSourceMaps({3, 0, 5}, {3, 4, 6});
  QSignalSpy spy(&view, &IrDiffView::irLineClicked);

  QTest::mouseClick(view.leftPane()->viewport(), Qt::LeftButton, {},
                    pointOfLine(view.leftPane(), 2, 1));
  QCOMPARE(spy.count(), 1);
  QCOMPARE(spy.takeFirst().at(0).toInt(), 5);
  QTest::mouseClick(view.leftPane()->viewport(), Qt::LeftButton, {},
                    pointOfLine(view.leftPane(), 1, 1)); // maps to 0: no signal
  QCOMPARE(spy.count(), 0);
  QTest::mouseClick(view.rightPane()->viewport(), Qt::LeftButton, {},
                    pointOfLine(view.rightPane(), 1, 2));
  QCOMPARE(spy.count(), 1);
  QCOMPARE(spy.takeFirst().at(0).toInt(), 4);
  // Below the last line: nothing.
  QTest::mouseClick(view.rightPane()->viewport(), Qt::LeftButton, {},
                    pointOfLine(view.rightPane(), 2, 1) + QPoint(0, 200));
  QCOMPARE(spy.count(), 0);

  // A click in the line-number margin: one signal (marginClicked only).
  QTest::mouseClick(view.leftPane()->viewport(), Qt::LeftButton, {},
                    QPoint(4, pointOfLine(view.leftPane(), 0).y()));
  QCOMPARE(spy.count(), 1);
  QCOMPARE(spy.takeFirst().at(0).toInt(), 3);

  view.setInlineDiff(true);
  // Inline: "  alpha", "  beta", "- gamma", "+ delta".
  QTest::mouseClick(view.inlinePane()->viewport(), Qt::LeftButton, {},
                    pointOfLine(view.inlinePane(), 2, 3));
  QCOMPARE(spy.count(), 1);
  QCOMPARE(spy.takeFirst().at(0).toInt(), 5);
  QTest::mouseClick(view.inlinePane()->viewport(), Qt::LeftButton, {},
                    pointOfLine(view.inlinePane(), 3, 3));
  QCOMPARE(spy.count(), 1);
  QCOMPARE(spy.takeFirst().at(0).toInt(), 6);
}

// Search All Passes counts the IR and the instructions, not the SpyreCode
// listing's comments or its line table, which name the DataflowIR ops the
// instructions came from: "dflow.dma" is gone after lower-to-spyrecode.
void PassViewsTest::searchCountsCodeOnly() {
  spyre::driver::PassSnapshot dataflow, listing;
  dataflow.pass = "lower-to-dataflow";
  dataflow.ir = "dflow.dma %a, %b\n"
                "dflow.dma %c, %d\n"
                "%s = arith.constant \"a // b c\"\n";
  listing.pass = "lower-to-spyrecode";
  listing.stage = "SpyreCode";
  listing.ir = "// ---- DMA descriptors: dflow.dma ----\n"
               "  13: dma.f16 d0 [s2, s13]     // #21 line 81: dflow.dma\n"
               "  15: dma.f16 d1 [s3, s14]     // #23 line 126: dflow.dma\n"
               "location #21 line 81 dflow 33 \"dflow.dma\"\n"
               "location #23 line 126 dflow 35 \"dflow.dma\"\n";
  QCOMPARE(PassSearchDock::count(QString::fromStdString(dataflow.ir), "dflow.dma"), 2);
  QCOMPARE(PassSearchDock::count(QString::fromStdString(listing.ir), "dflow.dma"), 0);
  QCOMPARE(PassSearchDock::count(QString::fromStdString(listing.ir), "dma.f16"), 2);
  QCOMPARE(PassSearchDock::count(QString::fromStdString(listing.ir), "location"), 0);
  // A string keeps its "//".
  QCOMPARE(PassSearchDock::count(QString::fromStdString(dataflow.ir), "b c"), 1);
  const auto changes = PassSearchDock::changes({dataflow, listing}, "dflow.dma");
  QCOMPARE(int(changes.size()), 1);
  QCOMPARE(changes.front().before, 2);
  QCOMPARE(changes.front().after, 0);
}

QTEST_MAIN(PassViewsTest)
#include "PassViewsTest.moc"
