// RegisterReuseTest.cpp - reuseVectorRegisters(): a chain of vector ops
// takes two registers whatever its length; a value live around a loop's
// back edge keeps its register for the whole loop; the programs still
// read no register before writing it.
#include "spyrecode/RegisterReuse.h"
#include "spyrecode/Verify.h"

#include <QTest>

using namespace spyre::code;

namespace {

Instr reuseSplat(int32_t dst) {
  Instr in;
  in.op = Opcode::VSplat;
  in.type = ElemType::F16;
  in.lanes = 64;
  in.dst = dst;
  in.a = 0; // S0
  return in;
}

Instr reuseAdd(int32_t dst, int32_t a, int32_t b) {
  Instr in;
  in.op = Opcode::VAlu;
  in.fn = AluFn::AddF;
  in.type = ElemType::F16;
  in.lanes = 64;
  in.dst = dst;
  in.a = a;
  in.b = b;
  return in;
}

Instr reuseReduce(int32_t sdst, int32_t a) {
  Instr in;
  in.op = Opcode::VReduce;
  in.fn = AluFn::AddF;
  in.type = ElemType::F16;
  in.lanes = 64;
  in.dst = sdst;
  in.a = a;
  return in;
}

Instr reuseOp(Opcode code, int32_t a = -1, int64_t imm = 0) {
  Instr in;
  in.op = code;
  in.a = a;
  in.imm = imm;
  return in;
}

Program reuseProgram(std::vector<Instr> code, int32_t vregs) {
  Program p;
  p.unit = "sfu";
  p.instances = 1;
  p.numSRegs = 3;
  p.numVRegs = vregs;
  p.code = std::move(code);
  return p;
}

QString reuseDefUseErrors(const Program &p) {
  Module m;
  m.programs.push_back(p);
  QString out;
  for (const CodeError &e : checkDefBeforeUse(m))
    out += QString::fromStdString(e.message) + "\n";
  return out;
}

} // namespace

class RegisterReuseTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void chainTakesTwoRegisters() {
    // v0 = splat; v(i) = v(i-1) + v(i-1); the last one reduced.
    constexpr int32_t kLength = 1000;
    std::vector<Instr> code{reuseSplat(0)};
    for (int32_t v = 1; v < kLength; ++v)
      code.push_back(reuseAdd(v, v - 1, v - 1));
    code.push_back(reuseReduce(2, kLength - 1));
    code.push_back(reuseOp(Opcode::Halt));
    Program p = reuseProgram(std::move(code), kLength);
    reuseVectorRegisters(p);
    QCOMPARE(p.numVRegs, 2);
    // Each op reads the register the one before it wrote, and writes the
    // other one (its operand's life ends there, its own begins).
    for (size_t pc = 1; pc < size_t(kLength); ++pc) {
      QCOMPARE(p.code[pc].a, p.code[pc - 1].dst);
      QCOMPARE(p.code[pc].b, p.code[pc - 1].dst);
      QVERIFY(p.code[pc].dst != p.code[pc].a);
    }
    QCOMPARE(p.code[size_t(kLength)].a, p.code[size_t(kLength) - 1].dst);
    QCOMPARE(reuseDefUseErrors(p), QString());
  }

  void loopKeepsWhatItCarries() {
    // v0 is read at the loop's head only, yet live through the whole loop
    // (the back edge reads it again): the temporaries v2, v3 written
    // after that read must not take its register. v4, after the loop,
    // may.
    Program p = reuseProgram({reuseSplat(0),               // 0
                              reuseSplat(1),               // 1
                              reuseAdd(2, 1, 0),           // 2: loop head
                              reuseAdd(3, 2, 2),           // 3
                              reuseAdd(1, 3, 3),           // 4
                              reuseOp(Opcode::Brnz, 1, 2), // 5: back to 2 while S1
                              reuseAdd(4, 1, 1),           // 6
                              reuseReduce(2, 4),           // 7
                              reuseOp(Opcode::Halt)},      // 8
                             5);
    reuseVectorRegisters(p);
    const int32_t v0 = p.code[0].dst, v1 = p.code[1].dst;
    const int32_t v2 = p.code[2].dst, v3 = p.code[3].dst;
    QCOMPARE(p.code[2].b, v0);
    QCOMPARE(p.code[2].a, v1);
    QCOMPARE(p.code[4].dst, v1); // the carried value stays in one register
    QCOMPARE(p.code[6].a, v1);
    QVERIFY(v2 != v0 && v3 != v0 && v2 != v1 && v3 != v1);
    QVERIFY(v2 != v3);
    QCOMPARE(p.code[6].dst, v0); // free after the loop: the lowest
    QCOMPARE(p.code[7].a, v0);
    QCOMPARE(p.numVRegs, 4);
    QCOMPARE(reuseDefUseErrors(p), QString());
  }

  void registerWrittenNeverReadIsNotShared() {
    // A value written and never read still writes its register: it may
    // not share one with a value live across it.
    Program p = reuseProgram({reuseSplat(0), reuseSplat(1), reuseAdd(2, 0, 0),
                              reuseReduce(2, 2), reuseOp(Opcode::Halt)},
                             3);
    reuseVectorRegisters(p);
    QVERIFY(p.code[1].dst != p.code[0].dst);
    QCOMPARE(p.code[2].a, p.code[0].dst);
    QCOMPARE(reuseDefUseErrors(p), QString());
  }
};

QTEST_APPLESS_MAIN(RegisterReuseTest)
#include "RegisterReuseTest.moc"
