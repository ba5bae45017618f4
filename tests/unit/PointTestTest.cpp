//===- PointTestTest.cpp - the prepared point test of integer sets ---------===//
//
// ktdp::PointTest turns each linear constraint of a set (and `linear mod c`)
// into coefficients so the interpreter tests a tile's points with dot
// products. It must answer exactly as integerSetContains, the expression
// walk it replaces: the same points, the same wrapping at 2^64, the same
// rounding of mod on negative values; constraints it does not flatten
// (floordiv, mod inside a sum) fall back to the walk.
//
//===----------------------------------------------------------------------===//

#include "ir/ktdp/IntegerSetUtils.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include <QTest>

#include <cstdint>
#include <limits>
#include <vector>

using namespace mlir;

class PointTestTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void agreesWithTheExpressionWalk_data() {
    QTest::addColumn<QString>("set");
    QTest::addColumn<QList<qlonglong>>("symbols");
    QTest::newRow("box") << "(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)" << QList<qlonglong>{};
    QTest::newRow("triangle") << "(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, d0 - d1 >= 0)" << QList<qlonglong>{};
    QTest::newRow("skew") << "(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 - 2 * d0 >= 0, -d1 + 2 * d0 + 15 >= 0)" << QList<qlonglong>{};
    QTest::newRow("stride mod") << "(d0, d1) : (d0 >= 0, -d0 + 60 >= 0, d0 mod 4 == 0, d1 >= 0, -d1 + 63 >= 0)" << QList<qlonglong>{};
    QTest::newRow("negative mod") << "(d0) : ((d0 - 3) mod 5 - 1 >= 0, d0 + 40 >= 0, -d0 + 40 >= 0)" << QList<qlonglong>{};
    QTest::newRow("floordiv") << "(d0, d1) : (d0 floordiv 3 - d1 >= 0, d1 >= 0, -d0 + 20 >= 0)" << QList<qlonglong>{};
    QTest::newRow("symbols") << "(d0, d1)[s0, s1] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 - s1 >= 0, -d1 + s1 * 2 + 3 >= 0)" << QList<qlonglong>{11, 4};
    QTest::newRow("symbol product") << "(d0)[s0] : (d0 * s0 + 7 >= 0, -d0 + 30 >= 0)" << QList<qlonglong>{-3};
    QTest::newRow("wrapping") << "(d0, d1) : (d0 * 4611686018427387904 + d1 >= 0, d0 * 9223372036854775807 - d1 == 0)" << QList<qlonglong>{};
  }

  void agreesWithTheExpressionWalk() {
    QFETCH(QString, set);
    QFETCH(QList<qlonglong>, symbols);
    MLIRContext context;
    IntegerSet parsed = parseIntegerSet(set.toStdString(), &context);
    QVERIFY2(parsed, qPrintable("does not parse: " + set));
    std::vector<int64_t> syms(symbols.begin(), symbols.end());
    ktdp::PointTest test(parsed, syms);
    // Small coordinates around the sets, and values where products wrap.
    std::vector<int64_t> values;
    for (int64_t v = -45; v <= 70; ++v)
      values.push_back(v);
    for (int64_t v : {std::numeric_limits<int64_t>::min(),
                      std::numeric_limits<int64_t>::min() + 1, int64_t(-(1ll << 62)),
                      int64_t(1ll << 62), std::numeric_limits<int64_t>::max() - 1,
                      std::numeric_limits<int64_t>::max()})
      values.push_back(v);
    int64_t inside = 0, points = 0;
    std::vector<int64_t> p(parsed.getNumDims());
    auto check = [&] {
      bool walk = ktdp::integerSetContains(parsed, p, syms);
      QCOMPARE(test.contains(p), walk);
      inside += walk;
      ++points;
    };
    if (p.size() == 1) {
      for (int64_t a : values) {
        p[0] = a;
        check();
      }
    } else {
      for (int64_t a : values)
        for (int64_t b : values) {
          p[0] = a;
          p[1] = b;
          check();
        }
    }
    // Each set has points among those tried, and points outside it.
    QVERIFY2(inside > 0 && inside < points,
             qPrintable(QString("%1 of %2 points inside").arg(inside).arg(points)));
  }
};

QTEST_APPLESS_MAIN(PointTestTest)
#include "PointTestTest.moc"
