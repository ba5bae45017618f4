//===- MarkerLinesTest.cpp - markers set only when their lines change -----===//

#include "MarkerLines.h"

#include <Qsci/qsciscintilla.h>

#include <QTest>

namespace {

/// Counts the paint events of the object it filters.
class PaintCounter : public QObject {
public:
  int paints = 0;
  bool eventFilter(QObject *, QEvent *event) override {
    if (event->type() == QEvent::Paint)
      ++paints;
    return false;
  }
};

} // namespace

class MarkerLinesTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void setsExactlyTheLinesAsked() {
    QsciScintilla pane;
    pane.setText("a\nb\nc\nd\ne\nf\ng\nh\ni\nj");
    constexpr int marker = 5;
    pane.markerDefine(QsciScintilla::Background, marker);
    QCOMPARE(markers::linesWith(&pane, marker), QVector<int>());
    // Repeats, disorder and lines outside the text are dropped.
    QVERIFY(markers::setLines(&pane, marker, {7, 2, 7, -1, 99}));
    QCOMPARE(markers::linesWith(&pane, marker), (QVector<int>{2, 7}));
    QCOMPARE(pane.markersAtLine(2) & (1 << marker), 1 << marker);
    // The same lines again: nothing to do.
    QVERIFY(!markers::setLines(&pane, marker, {2, 7}));
    QVERIFY(!markers::setLines(&pane, marker, {7, 2}));
    // Another line: moved.
    QVERIFY(markers::setLines(&pane, marker, {3}));
    QCOMPARE(markers::linesWith(&pane, marker), QVector<int>{3});
    QCOMPARE(pane.markersAtLine(2) & (1 << marker), 0);
    // Another marker on the same line is left alone.
    pane.markerDefine(QsciScintilla::RightArrow, 3);
    pane.markerAdd(3, 3);
    QVERIFY(markers::setLines(&pane, marker, {}));
    QCOMPARE(markers::linesWith(&pane, marker), QVector<int>());
    QCOMPARE(markers::linesWith(&pane, 3), QVector<int>{3});
    QVERIFY(!markers::setLines(&pane, marker, {}));
  }

  void sameLinesRepaintNothing() {
    QsciScintilla pane;
    QString text;
    for (int i = 0; i < 40; ++i)
      text += QStringLiteral("line %1\n").arg(i);
    pane.setText(text);
    constexpr int marker = 5;
    pane.markerDefine(QsciScintilla::Background, marker);
    pane.resize(300, 200);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    markers::setLines(&pane, marker, {4});
    QCoreApplication::processEvents();
    PaintCounter counter;
    pane.viewport()->installEventFilter(&counter);
    for (int i = 0; i < 5; ++i) {
      markers::setLines(&pane, marker, {4});
      QCoreApplication::processEvents();
    }
    QCOMPARE(counter.paints, 0);
    // Moving it repaints the text (a background marker is drawn there).
    markers::setLines(&pane, marker, {5});
    QTRY_VERIFY(counter.paints > 0);
  }
};

QTEST_MAIN(MarkerLinesTest)
#include "MarkerLinesTest.moc"
