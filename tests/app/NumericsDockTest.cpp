//===- NumericsDockTest.cpp - the Numerics dock ---------------------------===//
//
// app.numerics_dock: the histogram's bins on a hand-made verdict; the dock
// fed by a real run of softmax in the window (the same verdict text as the
// Run summary and spyre-run, one row per worst element); a click on a row
// moves the run to the execution of the store that wrote that element, on
// its core, and selects the line that computed it in the editor.
//
//===----------------------------------------------------------------------===//

#include "WindowWithSample.h"

#include "NumericsDock.h"
#include "NumericsFeed.h"
#include "RunSummary.h"

#include "CodeEditor.h"

#include <algorithm>

#include <QHeaderView>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>

#include <cmath>

using spyre::driver::JudgedElement;
using spyre::driver::OutputVerdict;
using spyre::driver::Verdict;

class NumericsDockTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  /// Errors and bounds fall in power-of-two bins of ulps; an error above
  /// its bound counts as outside.
  void histogramBins() {
    OutputVerdict o;
    o.name = "y";
    o.errorUlps = {0, 0.25, 0.5, 0.75, 3, 9};
    o.boundUlps = {1, 1, 1, 1, 4, 4};
    std::vector<NumericsDock::Bin> bins = NumericsDock::histogram(o);
    QVERIFY(bins.size() >= 6);
    QCOMPARE(bins[0].label, QStringLiteral("0"));
    QCOMPARE(bins[0].within, 1);
    QCOMPARE(bins[1].upper, 0.5); // 0.25 and 0.5
    QCOMPARE(bins[1].label, QStringLiteral("½")); // labelled by upper ends
    QCOMPARE(bins[1].within, 2);
    QCOMPARE(bins[2].upper, 1.0); // 0.75; four bounds of 1
    QCOMPARE(bins[2].within, 1);
    QCOMPARE(bins[2].bounds, 4);
    QCOMPARE(bins[4].upper, 4.0); // 3; two bounds of 4
    QCOMPARE(bins[4].label, QStringLiteral("4"));
    QCOMPARE(bins[4].within, 1);
    QCOMPARE(bins[4].bounds, 2);
    QCOMPARE(bins[5].upper, 8.0);
    QCOMPARE(bins[6].upper, 16.0); // 9, outside its bound of 4
    QCOMPARE(bins[6].outside, 1);
    int elements = 0, bounds = 0;
    for (const NumericsDock::Bin &b : bins)
      elements += b.within + b.outside, bounds += b.bounds;
    QCOMPARE(elements, 6);
    QCOMPARE(bounds, 6);
  }

  /// The dock shows a verdict's outputs, its text and worst elements, and
  /// a click emits the element.
  void showsAVerdict() {
    spyre::driver::NumericsVerdict v;
    OutputVerdict o;
    o.name = "y";
    o.verdict = Verdict::Wrong;
    o.text = "y: WRONG: element [0, 3] (KTIR line 9): emulator 2, ...";
    o.elements = 4;
    o.errorUlps = {0, 0, 0, 100};
    o.boundUlps = {1, 1, 1, 1};
    JudgedElement e;
    e.index = 3;
    e.coords = {0, 3};
    e.line = 9;
    e.storeLine = 12;
    e.core = 2;
    e.errorUlps = 100;
    e.boundUlps = 1;
    o.worstElements = {e};
    o.worst = e;
    v.outputs = {o};
    NumericsDock dock;
    dock.setVerdict(v, "k on spyre");
    QCOMPARE(dock.currentOutput(), QStringLiteral("y"));
    QCOMPARE(dock.verdictText(), QString::fromStdString(o.text));
    QCOMPARE(dock.worstTable()->rowCount(), 1);
    QCOMPARE(dock.worstTable()->item(0, 0)->text(), QStringLiteral("[0, 3]"));
    QCOMPARE(dock.worstTable()->item(0, 6)->text(), QStringLiteral("9"));
    QSignalSpy picked(&dock, &NumericsDock::elementActivated);
    dock.activateRow(0);
    QCOMPARE(picked.count(), 1);
    QCOMPARE(picked.at(0).at(0).value<JudgedElement>().storeLine, 12);
    // Roomy, the chart has its legend and axis titles.
    auto *chart = dock.findChild<QWidget *>("numericsHistogram");
    QVERIFY(chart);
    dock.resize(1000, 600);
    dock.show();
    QTRY_VERIFY(chart->height() >= 220 && dock.histogramLegendShown());
    QVERIFY(dock.histogramAxisTitlesShown());
    dock.clear();
    QCOMPARE(dock.worstTable()->rowCount(), 0);
    QVERIFY(dock.currentOutput().isEmpty());
  }

  /// The window: run softmax to its end; the dock gets the summary's
  /// verdict; a click on its worst element moves the run to the store that
  /// wrote it and selects the line that computed it.
  void followsTheRunAndGoesToAnElement() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1500, 900)));
    EmulatedRunViews *views = window.runViews();
    QSignalSpy summarised(views, &EmulatedRunViews::summarised);
    bool there = false;
    window.runs()->runTo(~uint64_t(0), [&](bool ok) { there = ok; });
    QTRY_VERIFY_WITH_TIMEOUT(there, 120000);
    QTRY_VERIFY_WITH_TIMEOUT(summarised.count() > 0, 120000);
    NumericsDock *dock = window.numerics()->dock();
    QCOMPARE(dock->currentOutput(), QStringLiteral("y_ptr"));
    const RunSummaryData &data = views->summary()->runs().front();
    // The dock shows the output it selected (softmax's y_ptr, the one whose
    // elements differ), with that output's verdict line.
    auto shown = std::find_if(data.numerics.outputs.begin(), data.numerics.outputs.end(),
                              [](const auto &o) { return o.name == "y_ptr"; });
    QVERIFY(shown != data.numerics.outputs.end());
    QCOMPARE(dock->verdictText(), QString::fromStdString(shown->text));
    QVERIFY2(shown->verdict != Verdict::Wrong, shown->text.c_str());
    QVERIFY(!dock->bins().empty());
    QTableWidget *table = dock->worstTable();
    QVERIFY2(table->rowCount() > 0,
             "softmax's reordered row sums give it elements that differ");
    // Click the first row, as a person would.
    dock->show();
    dock->raise();
    QTRY_VERIFY(table->isVisible());
    QVERIFY(!shown->worstElements.empty());
    const JudgedElement &e = shown->worstElements.front();
    QRect cell = table->visualItemRect(table->item(0, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    EmulatorRun::Point p = window.runs()->emulator().current();
    QCOMPARE(p.ktirLine, e.storeLine);
    QCOMPARE(p.core, e.core);
    int lineFrom = 0, indexFrom = 0, lineTo = 0, indexTo = 0;
    window.findChild<CodeEditor *>()->getSelection(&lineFrom, &indexFrom,
                                                   &lineTo, &indexTo);
    QCOMPARE(lineFrom + 1, e.line);
    // The store's line is the run's highlighted line.
    QTRY_COMPARE(window.runs()->highlightedLine(), e.storeLine);
    // At 1024x700, tabbed low below the editor, the histogram keeps its
    // bars and their labels; the legend and the axis titles give way.
    window.resize(1024, 700);
    auto *chart = dock->findChild<QWidget *>("numericsHistogram");
    QTRY_VERIFY2(chart->height() < 170, qPrintable(QString::number(chart->height())));
    QTRY_VERIFY(!dock->histogramLegendShown());
    QVERIFY(!dock->histogramAxisTitlesShown());
    QVERIFY(dock->histogramHasBars());
  }
};

QTEST_MAIN(NumericsDockTest)
#include "NumericsDockTest.moc"
