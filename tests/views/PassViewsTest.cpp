//===- PassViewsTest.cpp - PassListModel, PassFilterModel, LineDiff, IrDiffView
#include "IrDiffView.h"
#include "models/LineDiff.h"
#include "models/PassFilterModel.h"
#include "models/PassListModel.h"

#include <Qsci/qsciscintilla.h>

#include <QAbstractItemModelTester>
#include <QColor>
#include <QElapsedTimer>
#include <QLabel>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>

using spyre::driver::PassSnapshot;
using Kind = LineDiff::Kind;
using Range = LineDiff::Range;

namespace {

PassSnapshot snap(const char *pass, const char *stage, const char *desc, bool changed,
                  double ms, const char *ir = "") {
  PassSnapshot s;
  s.pass = pass;
  s.stage = stage;
  s.description = desc;
  s.changed = changed;
  s.wallMs = ms;
  s.ir = ir;
  return s;
}

std::vector<PassSnapshot> sampleSnapshots() {
  return {
      snap("input", "KTIR", "The parsed kernel.", false, 9.5),
      snap("ktir-canonicalize", "KTIR", "Folds constants & <simplifies> ops.", true, 1.234),
      snap("schedule-tiles", "ScheduleIR", "Assigns tiles to cores.", false, 12.345),
      snap("dataflow-lower", "DataflowIR", "Lowers schedules to streams.", true, 123.45),
      snap("emit-spyre", "SpyreCode", "Emits Spyre code.", true, 0.01234),
  };
}

QStringList numbered(int n, const QString &prefix) {
  QStringList out;
  for (int i = 0; i < n; ++i)
    out << QStringLiteral("%1 %2 = op %3").arg(prefix).arg(i).arg(i * 7 % 13);
  return out;
}

int lcsLength(const std::vector<int> &a, const std::vector<int> &b) {
  std::vector<std::vector<int>> dp(a.size() + 1, std::vector<int>(b.size() + 1, 0));
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j)
      dp[i][j] = a[i - 1] == b[j - 1] ? dp[i - 1][j - 1] + 1
                                      : std::max(dp[i - 1][j], dp[i][j - 1]);
  return dp[a.size()][b.size()];
}

/// Every line of both sides is classified consistently with its counterpart.
void checkConsistent(const LineDiff &d) {
  int lastRight = -1;
  for (int i = 0; i < d.left().size(); ++i) {
    const LineDiff::Line &l = d.left()[i];
    if (l.kind == Kind::Same || l.kind == Kind::Changed) {
      QVERIFY(l.counterpart > lastRight);
      lastRight = l.counterpart;
      const LineDiff::Line &r = d.right()[l.counterpart];
      QCOMPARE(r.kind, l.kind);
      QCOMPARE(r.counterpart, i);
      if (l.kind == Kind::Same)
        QCOMPARE(d.leftLines()[i], d.rightLines()[l.counterpart]);
    } else {
      QCOMPARE(l.kind, Kind::Removed);
      QCOMPARE(l.counterpart, -1);
    }
  }
  for (const LineDiff::Line &r : d.right())
    if (r.counterpart < 0)
      QCOMPARE(r.kind, Kind::Added);
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

bool indicatorAt(QsciScintilla *pane, int line, int column) {
  const long pos =
      pane->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, (unsigned long)line) +
      column;
  return pane->SendScintilla(QsciScintillaBase::SCI_INDICATORVALUEAT,
                             (unsigned long)IrDiffView::ChangedWordIndicator, pos) != 0;
}

} // namespace

class PassViewsTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // PassListModel
  void listModelTester();
  void listModelData();
  void listModelRoles();
  void formatMs_data();
  void formatMs();
  // PassFilterModel
  void filterModelTester();
  void filterText();
  void hideUnchanged();
  void sortByTime();
  // LineDiff
  void splitLines();
  void diffIdentical();
  void diffInsertions();
  void diffDeletions();
  void diffChangedRunsPairUp();
  void wordRanges_data();
  void wordRanges();
  void tokenize();
  void matchSequencesAgainstDp();
  void largeDiff();
  void largeDiffAllDifferent();
  void scrollMaps();
  // IrDiffView
  void viewSetTexts();
  void viewInline();
  void viewSyncScroll();
  void viewHighlightSourceLine();
  void viewLineClicked();
};

// ---------------------------------------------------------------------------
// PassListModel

void PassViewsTest::listModelTester() {
  PassListModel model;
  QAbstractItemModelTester tester(&model,
                                  QAbstractItemModelTester::FailureReportingMode::QtTest);
  model.setSnapshots(sampleSnapshots());
  QCOMPARE(model.rowCount(), 5);
  model.setSnapshots({});
  QCOMPARE(model.rowCount(), 0);
  model.setSnapshots(sampleSnapshots());
  QCOMPARE(model.rowCount(), 5);
  QCOMPARE(model.columnCount(), 5);
}

void PassViewsTest::listModelData() {
  PassListModel model;
  model.setSnapshots(sampleSnapshots());
  auto d = [&](int r, int c, int role = Qt::DisplayRole) {
    return model.data(model.index(r, c), role);
  };
  QCOMPARE(d(0, PassListModel::PassColumn).toString(), QStringLiteral("input"));
  QCOMPARE(d(1, PassListModel::PassColumn).toString(), QStringLiteral("ktir-canonicalize"));
  QCOMPARE(d(2, PassListModel::StageColumn).toString(), QStringLiteral("ScheduleIR"));
  QCOMPARE(d(0, PassListModel::TimeColumn).toString(), QStringLiteral("9.50"));
  QCOMPARE(d(1, PassListModel::TimeColumn).toString(), QStringLiteral("1.23"));
  QCOMPARE(d(2, PassListModel::TimeColumn).toString(), QStringLiteral("12.3"));
  QCOMPARE(d(3, PassListModel::TimeColumn).toString(), QStringLiteral("123"));
  QCOMPARE(d(4, PassListModel::TimeColumn).toString(), QStringLiteral("0.0123"));
  QCOMPARE(d(1, PassListModel::ChangedColumn).toString(), QString(QChar(0x25cf)));
  QCOMPARE(d(2, PassListModel::ChangedColumn).toString(), QString(QChar(0x2014)));

  const auto align = d(3, PassListModel::TimeColumn, Qt::TextAlignmentRole).value<Qt::Alignment>();
  QVERIFY(align & Qt::AlignRight);
  QCOMPARE(d(3, PassListModel::TimeColumn, Qt::UserRole).toDouble(), 123.45);
  QCOMPARE(d(3, PassListModel::TimeColumn, Qt::UserRole).userType(), QMetaType::Double);

  // Stage colours: distinct per stage, same for the same stage.
  const QColor ktir = d(0, PassListModel::StageColumn, Qt::DecorationRole).value<QColor>();
  QVERIFY(ktir.isValid());
  QCOMPARE(d(1, PassListModel::StageColumn, Qt::DecorationRole).value<QColor>(), ktir);
  QSet<QRgb> colours;
  for (int r : {0, 2, 3, 4})
    colours.insert(d(r, PassListModel::StageColumn, Qt::DecorationRole).value<QColor>().rgb());
  QCOMPARE(colours.size(), 4);

  // Tooltips: the description on every column, HTML-escaped, rich text.
  for (int c = 0; c < model.columnCount(); ++c) {
    const QString tip = d(1, c, Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("Folds constants &amp; &lt;simplifies&gt; ops.")),
             qPrintable(tip));
    QVERIFY(Qt::mightBeRichText(tip));
  }

  // Headers.
  QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Pass"));
  QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("Stage"));
  QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("ms"));
  QCOMPARE(model.headerData(3, Qt::Horizontal).toString(), QString(QChar(0x394)));

  // snapshot().
  QVERIFY(model.snapshot(-1) == nullptr);
  QVERIFY(model.snapshot(5) == nullptr);
  QVERIFY(model.snapshot(3) != nullptr);
  QCOMPARE(QString::fromStdString(model.snapshot(3)->pass), QStringLiteral("dataflow-lower"));
  QCOMPARE(model.rowOfPass(QStringLiteral("emit-spyre")), 4);
  QCOMPARE(model.rowOfPass(QStringLiteral("nope")), -1);
}

void PassViewsTest::listModelRoles() {
  PassListModel model;
  model.setSnapshots(sampleSnapshots());
  for (int c = 0; c < model.columnCount(); ++c) {
    const QModelIndex i = model.index(3, c);
    QCOMPARE(i.data(PassListModel::PassNameRole).toString(), QStringLiteral("dataflow-lower"));
    QCOMPARE(i.data(PassListModel::StageRole).toString(), QStringLiteral("DataflowIR"));
    QCOMPARE(i.data(PassListModel::ChangedRole).userType(), QMetaType::Bool);
    QCOMPARE(i.data(PassListModel::ChangedRole).toBool(), true);
    QCOMPARE(i.data(PassListModel::WallMsRole).toDouble(), 123.45);
    QCOMPARE(i.data(PassListModel::DescriptionRole).toString(),
             QStringLiteral("Lowers schedules to streams."));
    QCOMPARE(i.data(PassListModel::PipelineIndexRole).toInt(), 3);
    QCOMPARE(i.data(PassListModel::IsInputRole).toBool(), false);
  }
  QCOMPARE(model.index(0, 0).data(PassListModel::IsInputRole).toBool(), true);
  QCOMPARE(model.index(2, 0).data(PassListModel::ChangedRole).toBool(), false);
  QVERIFY(model.roleNames().contains(PassListModel::DescriptionRole));
}

void PassViewsTest::formatMs_data() {
  QTest::addColumn<double>("ms");
  QTest::addColumn<QString>("text");
  QTest::newRow("zero") << 0.0 << "0";
  QTest::newRow("small") << 0.001234 << "0.00123";
  QTest::newRow("sub-ms") << 0.5 << "0.500";
  QTest::newRow("round-up") << 9.996 << "10.0";
  QTest::newRow("tens") << 45.67 << "45.7";
  QTest::newRow("hundreds") << 999.4 << "999";
  QTest::newRow("thousands") << 1234.5 << "1230";
}

void PassViewsTest::formatMs() {
  QFETCH(double, ms);
  QFETCH(QString, text);
  QCOMPARE(PassListModel::formatMs(ms), text);
}

// ---------------------------------------------------------------------------
// PassFilterModel

static QStringList proxyPasses(const QAbstractItemModel &m) {
  QStringList out;
  for (int r = 0; r < m.rowCount(); ++r)
    out << m.index(r, 0).data().toString();
  return out;
}

void PassViewsTest::filterModelTester() {
  PassListModel model;
  PassFilterModel proxy;
  proxy.setSourceModel(&model);
  QAbstractItemModelTester tester(&proxy,
                                  QAbstractItemModelTester::FailureReportingMode::QtTest);
  model.setSnapshots(sampleSnapshots());
  proxy.setFilterText(QStringLiteral("ktir"));
  proxy.setHideUnchanged(true);
  proxy.sort(PassListModel::TimeColumn, Qt::DescendingOrder);
  proxy.setFilterText(QString());
  proxy.setHideUnchanged(false);
  model.setSnapshots({});
  proxy.setHideUnchanged(true);
  model.setSnapshots(sampleSnapshots());
  proxy.setFilterText(QStringLiteral("zzz"));
  QCOMPARE(proxy.rowCount(), 0);
  proxy.setFilterText(QString());
  QCOMPARE(proxy.rowCount(), 4);
}

void PassViewsTest::filterText() {
  PassListModel model;
  model.setSnapshots(sampleSnapshots());
  PassFilterModel proxy;
  proxy.setSourceModel(&model);
  QCOMPARE(proxy.rowCount(), 5);
  proxy.setFilterText(QStringLiteral("SCHEDULE")); // name, stage, description
  QCOMPARE(proxyPasses(proxy),
           QStringList({"schedule-tiles", "dataflow-lower"}));
  proxy.setFilterText(QStringLiteral("spyrecode")); // stage only
  QCOMPARE(proxyPasses(proxy), QStringList({"emit-spyre"}));
  proxy.setFilterText(QStringLiteral("<simplifies>")); // description only
  QCOMPARE(proxyPasses(proxy), QStringList({"ktir-canonicalize"}));
  proxy.setFilterText(QStringLiteral("ktir")); // name and stage
  QCOMPARE(proxyPasses(proxy), QStringList({"input", "ktir-canonicalize"}));
  QCOMPARE(proxy.filterText(), QStringLiteral("ktir"));
  proxy.setFilterText(QString());
  QCOMPARE(proxy.rowCount(), 5);
}

void PassViewsTest::hideUnchanged() {
  PassListModel model;
  model.setSnapshots(sampleSnapshots());
  PassFilterModel proxy;
  proxy.setSourceModel(&model);
  proxy.setHideUnchanged(true);
  QVERIFY(proxy.hideUnchanged());
  QCOMPARE(proxyPasses(proxy),
           QStringList({"input", "ktir-canonicalize", "dataflow-lower", "emit-spyre"}));
  proxy.setFilterText(QStringLiteral("schedule"));
  QCOMPARE(proxyPasses(proxy), QStringList({"dataflow-lower"}));
  proxy.setHideUnchanged(false);
  QCOMPARE(proxyPasses(proxy), QStringList({"schedule-tiles", "dataflow-lower"}));
}

void PassViewsTest::sortByTime() {
  PassListModel model;
  model.setSnapshots(sampleSnapshots());
  PassFilterModel proxy;
  proxy.setSourceModel(&model);
  proxy.sort(PassListModel::TimeColumn, Qt::AscendingOrder);
  // Numeric: 9.5 sorts before 12.3 (as text, "12.3" < "9.50").
  QCOMPARE(proxyPasses(proxy), QStringList({"emit-spyre", "ktir-canonicalize", "input",
                                            "schedule-tiles", "dataflow-lower"}));
  proxy.sort(PassListModel::StageColumn, Qt::AscendingOrder);
  QCOMPARE(proxy.index(4, 0).data().toString(), QStringLiteral("emit-spyre"));
  QCOMPARE(proxy.index(3, 0).data().toString(), QStringLiteral("dataflow-lower"));
  proxy.sort(-1); // back to pipeline order
  QCOMPARE(proxyPasses(proxy), QStringList({"input", "ktir-canonicalize", "schedule-tiles",
                                            "dataflow-lower", "emit-spyre"}));
}

// ---------------------------------------------------------------------------
// LineDiff

void PassViewsTest::splitLines() {
  QCOMPARE(LineDiff::splitLines(QString()), QStringList());
  QCOMPARE(LineDiff::splitLines(QStringLiteral("a")), QStringList({"a"}));
  QCOMPARE(LineDiff::splitLines(QStringLiteral("a\n")), QStringList({"a"}));
  QCOMPARE(LineDiff::splitLines(QStringLiteral("a\r\n\nb")), QStringList({"a", "", "b"}));
}

void PassViewsTest::diffIdentical() {
  const QString text = QStringLiteral("module {\n  %0 = x\n}\n");
  const LineDiff d = LineDiff::compute(text, text);
  QVERIFY(d.identical());
  QCOMPARE(d.left().size(), 3);
  for (int i = 0; i < 3; ++i) {
    QCOMPARE(d.left()[i].kind, Kind::Same);
    QCOMPARE(d.left()[i].counterpart, i);
    QCOMPARE(d.right()[i].counterpart, i);
  }
  QCOMPARE(d.unifiedText(), QStringLiteral("  module {\n    %0 = x\n  }"));
  QVERIFY(LineDiff::compute(QString(), QString()).identical());
  QVERIFY(LineDiff::compute(QStringLiteral("a\n"), QStringLiteral("a")).identical());
}

void PassViewsTest::diffInsertions() {
  const LineDiff d = LineDiff::compute(QStringList({"a", "b", "c"}),
                                       QStringList({"x", "a", "b", "y", "z", "c", "w"}));
  checkConsistent(d);
  QCOMPARE(d.leftLinesOfKind(Kind::Same), QVector<int>({0, 1, 2}));
  QCOMPARE(d.rightLinesOfKind(Kind::Added), QVector<int>({0, 3, 4, 6}));
  QCOMPARE(d.rightLinesOfKind(Kind::Same), QVector<int>({1, 2, 5}));
  QCOMPARE(d.left()[2].counterpart, 5);
  QCOMPARE(d.unifiedText(), QStringLiteral("+ x\n  a\n  b\n+ y\n+ z\n  c\n+ w"));

  const LineDiff fromEmpty = LineDiff::compute(QString(), QStringLiteral("p\nq\n"));
  QCOMPARE(fromEmpty.rightLinesOfKind(Kind::Added), QVector<int>({0, 1}));
  QVERIFY(fromEmpty.left().isEmpty());
}

void PassViewsTest::diffDeletions() {
  const LineDiff d = LineDiff::compute(QStringList({"a", "b", "c", "d", "e"}),
                                       QStringList({"b", "d"}));
  checkConsistent(d);
  QCOMPARE(d.leftLinesOfKind(Kind::Removed), QVector<int>({0, 2, 4}));
  QCOMPARE(d.leftLinesOfKind(Kind::Same), QVector<int>({1, 3}));
  QCOMPARE(d.right()[0].counterpart, 1);
  QCOMPARE(d.right()[1].counterpart, 3);
  QCOMPARE(d.unifiedText(), QStringLiteral("- a\n  b\n- c\n  d\n- e"));

  const LineDiff toEmpty = LineDiff::compute(QStringLiteral("p\nq"), QString());
  QCOMPARE(toEmpty.leftLinesOfKind(Kind::Removed), QVector<int>({0, 1}));
}

void PassViewsTest::diffChangedRunsPairUp() {
  // Two lines rewritten and one added between a and d: the rewritten lines
  // pair up with their similar counterparts as changed lines, "zzz" (like
  // nothing removed) is added, e is removed.
  const LineDiff d = LineDiff::compute(
      QStringList({"a", "%b = op 1", "%c = op 2", "d", "e"}),
      QStringList({"a", "%b = op 10", "%c = op 20", "zzz", "d"}));
  checkConsistent(d);
  QCOMPARE(d.leftLinesOfKind(Kind::Changed), QVector<int>({1, 2}));
  QCOMPARE(d.rightLinesOfKind(Kind::Changed), QVector<int>({1, 2}));
  QCOMPARE(d.rightLinesOfKind(Kind::Added), QVector<int>({3}));
  QCOMPARE(d.leftLinesOfKind(Kind::Removed), QVector<int>({4}));
  QCOMPARE(d.left()[1].counterpart, 1);
  QCOMPARE(d.left()[2].counterpart, 2);
  QCOMPARE(d.unifiedText(), QStringLiteral("  a\n- %b = op 1\n- %c = op 2\n+ %b = op 10\n"
                                           "+ %c = op 20\n+ zzz\n  d\n- e"));
  QCOMPARE(d.unified()[1].changed, true);
  QCOMPARE(d.unified()[5].changed, false);
  QCOMPARE(d.unified()[3].rightLine, 1);
  QCOMPARE(d.unified()[3].leftLine, -1);
  // Unrelated lines in one run are not paired (and not word-diffed).
  const LineDiff u = LineDiff::compute(QStringList({"a", "b", "c"}),
                                       QStringList({"a", "X", "c"}));
  QCOMPARE(u.leftLinesOfKind(Kind::Removed), QVector<int>({1}));
  QCOMPARE(u.rightLinesOfKind(Kind::Added), QVector<int>({1}));
  QVERIFY(u.leftLinesOfKind(Kind::Changed).isEmpty());
}

void PassViewsTest::wordRanges_data() {
  QTest::addColumn<QString>("left");
  QTest::addColumn<QString>("right");
  QTest::addColumn<QVector<Range>>("leftRanges");
  QTest::addColumn<QVector<Range>>("rightRanges");
  // 0         1         2         3
  // 0123456789012345678901234567890123456
  // %0 = ktir.add %a, %b : tensor<4xf32>
  QTest::newRow("op and operand")
      << "%0 = ktir.add %a, %b : tensor<4xf32>"
      << "%0 = ktir.mul %a, %c : tensor<4xf32>"
      << QVector<Range>{{10, 3}, {19, 1}} << QVector<Range>{{10, 3}, {19, 1}};
  //   %1 = arith.constant 3 : i32
  // 0123456789012345678901234567890
  QTest::newRow("lengths differ")
      << "  %1 = arith.constant 3 : i32"
      << "  %1 = arith.constant 42 : i64"
      << QVector<Range>{{22, 1}, {26, 3}} << QVector<Range>{{22, 2}, {27, 3}};
  QTest::newRow("insertion only")
      << "call @f(%a)"
      << "call @f(%a, %b)"
      << QVector<Range>{} << QVector<Range>{{10, 4}};
  QTest::newRow("adjacent tokens merge")
      << "x = a+b;"
      << "x = c-d;"
      << QVector<Range>{{4, 3}} << QVector<Range>{{4, 3}};
  QTest::newRow("separate words")
      << "x = foo.bar(1)"
      << "x = baz.qux(1)"
      << QVector<Range>{{4, 3}, {8, 3}} << QVector<Range>{{4, 3}, {8, 3}};
}

void PassViewsTest::wordRanges() {
  QFETCH(QString, left);
  QFETCH(QString, right);
  QFETCH(QVector<Range>, leftRanges);
  QFETCH(QVector<Range>, rightRanges);
  QVector<Range> l, r;
  LineDiff::wordDiff(left, right, &l, &r);
  QCOMPARE(l, leftRanges);
  QCOMPARE(r, rightRanges);
  // The same ranges come out of a line diff pairing the two lines.
  const LineDiff d = LineDiff::compute(QStringList({"same", left}), QStringList({"same", right}));
  QCOMPARE(d.left()[1].kind, Kind::Changed);
  QCOMPARE(d.left()[1].words, leftRanges);
  QCOMPARE(d.right()[1].words, rightRanges);
}

void PassViewsTest::tokenize() {
  const QString line = QStringLiteral("%v12 = op.x 3.5e2, <4xf32>");
  QStringList tokens;
  for (const Range &r : LineDiff::tokenize(line))
    tokens << line.mid(r.start, r.length);
  QCOMPARE(tokens, QStringList({"%", "v12", " ", "=", " ", "op", ".", "x", " ", "3.5e2", ",",
                                " ", "<", "4xf32", ">"}));
}

void PassViewsTest::matchSequencesAgainstDp() {
  QRandomGenerator rng(12345);
  for (int iter = 0; iter < 400; ++iter) {
    const int n = int(rng.bounded(25)), m = int(rng.bounded(25));
    const int alphabet = 1 + int(rng.bounded(5));
    std::vector<int> a(n), b(m);
    for (int &x : a)
      x = int(rng.bounded(alphabet));
    for (int &x : b)
      x = int(rng.bounded(alphabet));
    const auto matches = LineDiff::matchSequences(a, b);
    QCOMPARE(int(matches.size()), lcsLength(a, b));
    int pi = -1, pj = -1;
    for (const auto &p : matches) {
      QVERIFY(p.first > pi && p.second > pj);
      QCOMPARE(a[p.first], b[p.second]);
      pi = p.first;
      pj = p.second;
    }
  }
}

void PassViewsTest::largeDiff() {
  const QStringList left = numbered(5000, QStringLiteral("%"));
  QStringList right;
  int expectedSame = 0;
  for (int i = 0; i < left.size(); ++i) {
    if (i % 97 == 5)
      continue; // deleted
    if (i % 50 == 7) {
      right << left[i] + QStringLiteral(" {modified}");
    } else {
      right << left[i];
      ++expectedSame;
    }
    if (i % 113 == 11)
      right << QStringLiteral("inserted %1").arg(i);
  }
  QElapsedTimer timer;
  timer.start();
  const LineDiff d = LineDiff::compute(left, right);
  const qint64 ms = timer.elapsed();
  QVERIFY2(ms < 1000, qPrintable(QStringLiteral("took %1 ms").arg(ms)));
  checkConsistent(d);
  // Modified and inserted lines are unique, so the LCS is exactly the
  // untouched lines.
  QCOMPARE(d.leftLinesOfKind(Kind::Same).size(), expectedSame);
  for (int i = 0; i < left.size(); ++i) {
    const Kind k = d.left()[i].kind;
    if (i % 97 == 5)
      QVERIFY(k == Kind::Removed || k == Kind::Changed);
    else if (i % 50 == 7)
      QVERIFY(k == Kind::Changed || k == Kind::Removed);
    else
      QCOMPARE(k, Kind::Same);
  }
}

void PassViewsTest::largeDiffAllDifferent() {
  const QStringList left = numbered(5000, QStringLiteral("%a"));
  const QStringList right = numbered(5000, QStringLiteral("%b"));
  QElapsedTimer timer;
  timer.start();
  const LineDiff d = LineDiff::compute(left, right);
  const qint64 ms = timer.elapsed();
  QVERIFY2(ms < 3000, qPrintable(QStringLiteral("took %1 ms").arg(ms)));
  QCOMPARE(d.leftLinesOfKind(Kind::Changed).size(), 5000);
  QCOMPARE(d.left()[10].words, QVector<Range>({{1, 1}})); // "%a" vs "%b": the "a"/"b" ident
}

void PassViewsTest::scrollMaps() {
  const LineDiff d = LineDiff::compute(QStringList({"a", "b", "c", "d"}),
                                       QStringList({"a", "X", "Y", "b", "d", "e"}));
  // left: a->0, b->3, c (removed) -> after b's counterpart = 4, d->4
  QCOMPARE(d.leftToRight(), QVector<int>({0, 3, 4, 4}));
  // right: a->0, X,Y (added) -> 1, b->1, d->3, e -> 4 clamped to 3
  QCOMPARE(d.rightToLeft(), QVector<int>({0, 1, 1, 1, 3, 3}));
}

// ---------------------------------------------------------------------------
// IrDiffView

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

QTEST_MAIN(PassViewsTest)
#include "PassViewsTest.moc"
