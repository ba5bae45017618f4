//===- LinearAffineTest.cpp - coefficient form against evalAffine ---------===//
//
// emu::LinearExpr / LinearSet (DMA walks) must give evalAffine's and
// setContains' answers for every expression: affine ones through their
// coefficients, the others (mod, division or product of dimensions, a
// division by zero) evaluated as they are. emu::RowSet (a row of a set's
// points from its constraints) must hold exactly setContains' points on
// every row it answers, and answer the quasi-affine sets DMA walks meet.
//
//===----------------------------------------------------------------------===//

#include "emu/LinearAffine.h"
#include "emu/RowSet.h"

#include <QtTest/QtTest>

using namespace spyre;
using code::AffineExprCode;
using K = AffineExprCode::Kind;

namespace {

AffineExprCode expr(std::vector<std::pair<uint8_t, int64_t>> code) {
  AffineExprCode e;
  e.code = std::move(code);
  return e;
}

/// Every expression below, over dimensions d0, d1 and symbol s0.
std::vector<AffineExprCode> expressions() {
  return {
      expr({{K::Dim, 0}, {K::Const, 3}, {K::Mul, 0}, {K::Sym, 0}, {K::Add, 0}}),
      expr({{K::Dim, 1}, {K::Const, -1}, {K::Mul, 0}, {K::Const, 15}, {K::Add, 0}}),
      expr({{K::Dim, 0}, {K::Const, 4}, {K::Mod, 0}, {K::Dim, 1}, {K::Add, 0}}),
      expr({{K::Dim, 0}, {K::Const, 3}, {K::FloorDiv, 0}}),
      expr({{K::Dim, 1}, {K::Const, 2}, {K::CeilDiv, 0}, {K::Dim, 0}, {K::Add, 0}}),
      expr({{K::Dim, 0}, {K::Dim, 1}, {K::Mul, 0}}),
      expr({{K::Sym, 0}, {K::Const, 0}, {K::Mod, 0}, {K::Dim, 0}, {K::Add, 0}}),
      expr({{K::Sym, 0}, {K::Const, 2}, {K::FloorDiv, 0}, {K::Dim, 1}, {K::Mul, 0}}),
      expr({{K::Dim, 0}, {K::Add, 0}}), // malformed: evalAffine refuses it
  };
}

} // namespace

class LinearAffineTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void exprsAgreeWithEvalAffine();
  void setsAgreeWithSetContains();
  void rowSetsAgreeWithSetContains();
};

void LinearAffineTest::exprsAgreeWithEvalAffine() {
  const int64_t syms[1] = {7};
  int linear = 0;
  for (const AffineExprCode &e : expressions()) {
    emu::LinearExpr l(e, 2, syms);
    linear += emu::affineInDims(e, 2, true);
    for (int64_t a = -9; a <= 9; ++a)
      for (int64_t b = -9; b <= 9; ++b) {
        int64_t x[2] = {a, b}, want = 0, got = 0;
        bool okWant = emu::evalAffine(e, x, syms, want);
        bool okGot = l.eval(x, got);
        QCOMPARE(okGot, okWant);
        if (okWant)
          QCOMPARE(got, want);
      }
  }
  QCOMPARE(linear, 4); // the first two and the ones with symbol-only mods
}

void LinearAffineTest::setsAgreeWithSetContains() {
  const int64_t syms[1] = {7};
  code::IntegerSetCode s;
  s.dims = 2;
  s.symbols = 1;
  std::vector<AffineExprCode> all = expressions();
  s.exprs = {all[0], all[1], all[2], all[4]};
  s.eq = {0, 0, 0, 0};
  for (int withEq = 0; withEq < 2; ++withEq) {
    s.eq[2] = uint8_t(withEq);
    emu::LinearSet l(s, 2, syms);
    int inside = 0;
    for (int64_t a = -9; a <= 9; ++a)
      for (int64_t b = -9; b <= 20; ++b) {
        int64_t x[2] = {a, b};
        bool want = emu::setContains(s, x, syms);
        QCOMPARE(l.contains(x), want);
        inside += want;
      }
    QVERIFY(inside > 0);
  }
}

namespace {

/// A set of constraints over (d0, d1) and symbol s0, each ">= 0" unless
/// listed in `eqs`.
code::IntegerSetCode makeSet(std::vector<AffineExprCode> exprs,
                             std::vector<uint8_t> eqs) {
  code::IntegerSetCode s;
  s.dims = 2;
  s.symbols = 1;
  s.exprs = std::move(exprs);
  s.eq = std::move(eqs);
  s.eq.resize(s.exprs.size(), 0);
  return s;
}

} // namespace

void LinearAffineTest::rowSetsAgreeWithSetContains() {
  using E = std::vector<std::pair<uint8_t, int64_t>>;
  const E d0 = {{K::Dim, 0}}, d1 = {{K::Dim, 1}};
  auto cat = [](std::initializer_list<E> parts) {
    E all;
    for (const E &p : parts)
      all.insert(all.end(), p.begin(), p.end());
    return expr(all);
  };
  auto c = [](int64_t v) { return E{{K::Const, v}}; };
  const E add = {{K::Add, 0}}, mul = {{K::Mul, 0}}, mod = {{K::Mod, 0}};
  const E fdiv = {{K::FloorDiv, 0}}, cdiv = {{K::CeilDiv, 0}};
  const E s0 = {{K::Sym, 0}};
  struct Case {
    code::IntegerSetCode set;
    bool answered; ///< whether every row of length > 2 is answered
  };
  std::vector<Case> cases = {
      // A lower triangle: d0 - d1 >= 0, d1 >= 0.
      {makeSet({cat({d0, d1, c(-1), mul, add}), cat({d1})}, {}), true},
      // A skewed band: d1 - d0 >= 0, d0 - d1 + 5 >= 0.
      {makeSet({cat({d1, d0, c(-1), mul, add}),
                cat({d0, d1, c(-1), mul, add, c(5), add})}, {}), true},
      // Every third column: d1 mod 3 == 0.
      {makeSet({cat({d1, c(3), mod})}, {1}), true},
      // A checkerboard: (d0 + d1) mod 2 == 0.
      {makeSet({cat({d0, d1, add, c(2), mod})}, {1}), true},
      // Two columns of every four: 1 - d1 mod 4 >= 0, every other row.
      {makeSet({cat({c(1), d1, c(4), mod, c(-1), mul, add}),
                cat({d0, c(2), mod})}, {0, 1}), true},
      // A staircase: d1 floordiv 3 - d0 >= 0; and d0 - d1 ceildiv 2 >= 0.
      {makeSet({cat({d1, c(3), fdiv, d0, c(-1), mul, add})}, {}), true},
      {makeSet({cat({d0, d1, c(2), cdiv, c(-1), mul, add})}, {}), true},
      // A symbol divisor (s0 = 7) and a zero divisor (s0 - 7).
      {makeSet({cat({d1, s0, mod, c(-2), add})}, {}), true},
      {makeSet({cat({d1, s0, c(-7), add, mod})}, {}), true},
      // A product with the other dimension: d0 * d1 - 4 >= 0.
      {makeSet({cat({d0, d1, mul, c(-4), add})}, {}), true},
      // Not quasi-affine along the row: d1 * d1 - 9 >= 0.
      {makeSet({cat({d1, d1, mul, c(-9), add})}, {}), false},
      // Values that wrap in int64: 2^61 * d1 >= 0.
      {makeSet({cat({d1, c(int64_t(1) << 61), mul})}, {}), false},
  };
  const int64_t syms[1] = {7};
  int answered = 0, points = 0;
  for (const Case &k : cases) {
    emu::RowSet rows(k.set, 2, 1, syms, 1);
    emu::RowMembers m;
    for (int64_t row = -6; row <= 6; ++row)
      for (int64_t from : {-13, -2, 0, 5})
        for (int64_t to : {from + 1, from + 2, from + 9, from + 40}) {
          const int64_t p[2] = {row, 0};
          const bool ok = rows.row(p, from, to, m);
          if (k.answered && to - from + 1 > 12)
            QVERIFY(ok);
          if (!k.answered)
            QVERIFY(!ok || to - from < 2);
          if (!ok)
            continue;
          ++answered;
          for (int64_t x = from; x <= to; ++x) {
            const int64_t point[2] = {row, x};
            const bool want = emu::setContains(k.set, point, syms);
            QCOMPARE(m.holds(x - from), want);
            points += want;
          }
        }
  }
  QVERIFY(answered > 0);
  QVERIFY(points > 0);
}

QTEST_APPLESS_MAIN(LinearAffineTest)
#include "LinearAffineTest.moc"
