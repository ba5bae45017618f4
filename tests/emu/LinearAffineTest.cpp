//===- LinearAffineTest.cpp - coefficient form against evalAffine ---------===//
//
// emu::LinearExpr / LinearSet (DMA walks) must give evalAffine's and
// setContains' answers for every expression: affine ones through their
// coefficients, the others (mod, division or product of dimensions, a
// division by zero) evaluated as they are.
//
//===----------------------------------------------------------------------===//

#include "emu/LinearAffine.h"

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

QTEST_APPLESS_MAIN(LinearAffineTest)
#include "LinearAffineTest.moc"
