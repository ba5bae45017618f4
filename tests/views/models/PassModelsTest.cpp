//===- PassModelsTest.cpp - PassListModel, PassFilterModel, LineDiff ------===//
//
// The pass list's models and the line diff without a widget: the test
// links views/models (Qt Core and Gui) only.
//
//===----------------------------------------------------------------------===//
#include "models/LineDiff.h"
#include "models/PassFilterModel.h"
#include "models/PassListModel.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTextDocument>
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

} // namespace

class PassModelsTest : public QObject {
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
};

// ---------------------------------------------------------------------------
// PassListModel

void PassModelsTest::listModelTester() {
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

void PassModelsTest::listModelData() {
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

void PassModelsTest::listModelRoles() {
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

void PassModelsTest::formatMs_data() {
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

void PassModelsTest::formatMs() {
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

void PassModelsTest::filterModelTester() {
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

void PassModelsTest::filterText() {
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

void PassModelsTest::hideUnchanged() {
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

void PassModelsTest::sortByTime() {
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

void PassModelsTest::splitLines() {
  QCOMPARE(LineDiff::splitLines(QString()), QStringList());
  QCOMPARE(LineDiff::splitLines(QStringLiteral("a")), QStringList({"a"}));
  QCOMPARE(LineDiff::splitLines(QStringLiteral("a\n")), QStringList({"a"}));
  QCOMPARE(LineDiff::splitLines(QStringLiteral("a\r\n\nb")), QStringList({"a", "", "b"}));
}

void PassModelsTest::diffIdentical() {
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

void PassModelsTest::diffInsertions() {
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

void PassModelsTest::diffDeletions() {
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

void PassModelsTest::diffChangedRunsPairUp() {
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

void PassModelsTest::wordRanges_data() {
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

void PassModelsTest::wordRanges() {
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

void PassModelsTest::tokenize() {
  const QString line = QStringLiteral("%v12 = op.x 3.5e2, <4xf32>");
  QStringList tokens;
  for (const Range &r : LineDiff::tokenize(line))
    tokens << line.mid(r.start, r.length);
  QCOMPARE(tokens, QStringList({"%", "v12", " ", "=", " ", "op", ".", "x", " ", "3.5e2", ",",
                                " ", "<", "4xf32", ">"}));
}

void PassModelsTest::matchSequencesAgainstDp() {
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

void PassModelsTest::largeDiff() {
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

void PassModelsTest::largeDiffAllDifferent() {
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

void PassModelsTest::scrollMaps() {
  const LineDiff d = LineDiff::compute(QStringList({"a", "b", "c", "d"}),
                                       QStringList({"a", "X", "Y", "b", "d", "e"}));
  // left: a->0, b->3, c (removed) -> after b's counterpart = 4, d->4
  QCOMPARE(d.leftToRight(), QVector<int>({0, 3, 4, 4}));
  // right: a->0, X,Y (added) -> 1, b->1, d->3, e -> 4 clamped to 3
  QCOMPARE(d.rightToLeft(), QVector<int>({0, 1, 1, 1, 3, 3}));
}

// ---------------------------------------------------------------------------
// IrDiffView

QTEST_MAIN(PassModelsTest)
#include "PassModelsTest.moc"
