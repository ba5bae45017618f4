// VerifyTest.cpp - every static and structural check has a failing case:
// a hand-written program with one line changed must be refused by that
// check, with a message that says what is wrong.
#include "TestFiles.h"

#include "spyrecode/Verify.h"

using namespace spyre::code;
using namespace spyre::code::test;

namespace {

using Check = std::vector<CodeError> (*)(const Module &);

Check checkNamed(const QString &name) {
  if (name == "channels")
    return checkChannels;
  if (name == "defuse")
    return checkDefBeforeUse;
  if (name == "lx")
    return checkLxBounds;
  if (name == "symbols")
    return checkSymbols;
  return validateStructure;
}

} // namespace

class VerifyTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void originalsPass() {
    for (const char *f : kListings) {
      bool ok = false;
      Module m = assemble(f, ok);
      QVERIFY(ok);
      std::vector<CodeError> errors = verifyModule(m);
      QVERIFY2(errors.empty(), formatCodeErrors(&m, errors).c_str());
    }
  }

  void eachCheckRefuses_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("check");
    QTest::addColumn<QString>("message");
    // --- channels: one producer, one consumer, the units it names.
    QTest::newRow("channel with two producers")
        << "copy.spys" << "  5: halt" << "  5: signal c2\n  6: halt"
        << "channels"
        << "channel c2 (mnilu -> l1lu) needs exactly one producing and one "
           "consuming program; producers: p0 (mnilu), p2 (sfu)";
    QTest::newRow("channel without consumer")
        << "copy.spys" << "  1: wait c3" << "  1: nop" << "channels"
        << "channel c3 (l1su -> mnisu) needs exactly one producing and one "
           "consuming program; producers: p3 (l1su); consumers: none";
    QTest::newRow("channel between other units")
        << "copy.spys" << "channel c3 l1su -> mnisu"
        << "channel c3 l1su -> mnilu" << "channels"
        << "channel c3 (l1su -> mnilu) is used from l1su to mnisu";
    // --- registers written before read, on every path.
    QTest::newRow("read before any write")
        << "copy.spys" << "  1: const.index s2, 0" << "  1: nop" << "defuse"
        << "s2 is read before it is written on some path";
    QTest::newRow("written on one path only")
        << "loop.spys" << " 10: barrier" << " 10: brz s5, @11" << "defuse"
        << "s5 is read before it is written on some path";
    QTest::newRow("vector read before write")
        << "copy.spys" << "  3: valu.f16 x64 arith.addf v2, v0, v1"
        << "  3: valu.f16 x64 arith.addf v2, v0, v2" << "defuse"
        << "v2 is read before it is written on some path";
    QTest::newRow("tile read before write")
        << "loop.spys" << "  2: tsplat.f16 t0, s3" << "  2: nop" << "defuse"
        << "t0 is read before it is written on some path";
    // --- LX accesses inside their buffers.
    QTest::newRow("collect past its buffer")
        << "copy.spys" << "  0: const.index s2, 128" << "  0: const.index s2, 200"
        << "lx"
        << "LX view lx1 at address 200 (128 bytes) is outside its buffer b1 "
           "[128, 256)";
    QTest::newRow("dma below its buffer")
        << "copy.spys" << "lx lx1 at 128" << "lx lx1 at 64" << "lx"
        << "LX view lx1 at address 64 (128 bytes) is outside its buffer b1";
    QTest::newRow("ring receive past its buffer")
        << "loop.spys" << " 17: ringrecv s6 [t1, s7]"
        << " 17: ringrecv s6 [t1, s6]" << "lx"
        << "LX view lx1 at address 0 (512 bytes) is outside its buffer b1 "
           "[1024, 1536)";
    QTest::newRow("view larger than its buffer")
        << "copy.spys" << "lxview lx0 [1, 64]" << "lxview lx0 [2, 64]"
        << "structure"
        << "lxview lx0: spans 256 bytes, its buffer b0 holds 128 per copy";
    // --- symbols used consistently.
    QTest::newRow("use not listed")
        << "copy.spys" << "uses [p0@0]" << "uses []" << "symbols"
        << "symbol $0 'x' is read here but its uses do not list it";
    QTest::newRow("listed use that is no arg")
        << "copy.spys" << "uses [p0@0]" << "uses [p0@0, p0@1]" << "symbols"
        << "lists p0@1 as a use, which is not an 'arg $0'";
    QTest::newRow("two symbols, one name")
        << "copy.spys" << "symbol $1 \"y\"" << "symbol $1 \"x\"" << "symbols"
        << "symbols $0 and $1 are both named 'x'";
    // --- structure.
    QTest::newRow("branch past the end")
        << "loop.spys" << "  3: brz s4, @10" << "  3: brz s4, @99"
        << "structure" << "branch target 99 is out of range (12)";
    QTest::newRow("register out of range")
        << "loop.spys" << "arith.cmpi slt s4, s2, s3"
        << "arith.cmpi slt s4, s2, s40" << "structure"
        << "register s40 is out of range (the program has 6)";
    QTest::newRow("unknown channel")
        << "copy.spys" << "  2: signal c2" << "  2: signal c9" << "structure"
        << "channel 9 is out of range (4)";
    QTest::newRow("unknown symbol")
        << "copy.spys" << "arg s2, $1" << "arg s2, $7" << "structure"
        << "symbol 7 is out of range (3)";
    QTest::newRow("runs off its end")
        << "copy.spys" << "  2: signal c2\n  3: halt"
        << "  2: signal c2\n  3: nop" << "structure"
        << "the last instruction is not halt or jmp";
    QTest::newRow("descriptor register not in args")
        << "copy.spys" << "dma d0 [s2, s0]" << "dma d0 [s2]" << "structure"
        << "descriptor d0 reads s0, which is not in the instruction's arguments";
    QTest::newRow("unknown location")
        << "copy.spys" << "  3: halt\nprogram p1" << "  3: halt  // #9\nprogram p1"
        << "structure" << "location #9 is not in the line table";
    // --- ring exchanges: their groups as the plan says.
    QTest::newRow("ring lists fewer groups than it has")
        << "loop.spys" << "groups 2 members 2 tiles [[0, 1], [2, 3]]"
        << "groups 3 members 2 tiles [[0, 1], [2, 3]]" << "structure"
        << "ring r0: 2 groups listed, the exchange says 3";
    QTest::newRow("ring group larger than its members")
        << "loop.spys" << "groups 2 members 2 tiles [[0, 1], [2, 3]]"
        << "groups 2 members 2 tiles [[0, 1, 2], [3]]" << "structure"
        << "ring r0: its largest group has 3 tiles, the exchange says 2 members";
    QTest::newRow("tile in two ring groups")
        << "loop.spys" << "groups 2 members 2 tiles [[0, 1], [2, 3]]"
        << "groups 2 members 2 tiles [[0, 1], [1, 3]]" << "structure"
        << "ring r0: tile 1 is in more than one place of its groups";
    QTest::newRow("ring views past the table")
        << "loop.spys" << "ringrecv s6 [t1, s7]"
        << "ringrecv s6 [t1, s7], views 1" << "structure"
        << "ring views 1+1 run past the program's 1";
    QTest::newRow("placement size")
        << "copy.spys" << "placement [0, 1]" << "placement [0]" << "structure"
        << "placement has 1 entries for 2 tiles";
    QTest::newRow("initial tokens past depth")
        << "loop.spys" << "depth 2 none x0 init 2" << "depth 2 none x0 init 3"
        << "structure" << "3 initial tokens (0..depth)";
    QTest::newRow("vector not whole sticks")
        << "copy.spys" << "send.f16 x64 v2, c1, sticks 1"
        << "send.f16 x64 v2, c1, sticks 3" << "structure"
        << "a vector of 64 lanes is not 3 equal sticks";
    QTest::newRow("bad affine code")
        << "copy.spys" << "set(2, 0) { d0 >= 0" << "set(1, 0) { d1 >= 0"
        << "structure" << "d1 is out of range (1)";
  }
  void eachCheckRefuses() {
    QFETCH(QString, file);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, check);
    QFETCH(QString, message);
    QString text = QString::fromStdString(readText(listingPath(file.toStdString())));
    QCOMPARE(text.count(from), 1);
    text.replace(from, to);
    ListingError e;
    auto m = parseListing(text.toStdString(), e);
    QVERIFY2(m, e.message.c_str());
    // The structure holds for the static checks' cases (they index freely).
    if (check != "structure") {
      std::vector<CodeError> s = validateStructure(*m);
      QVERIFY2(s.empty(), formatCodeErrors(&*m, s).c_str());
    }
    std::vector<CodeError> errors = checkNamed(check)(*m);
    std::string all = formatCodeErrors(&*m, errors);
    QVERIFY2(all.find(message.toStdString()) != std::string::npos, all.c_str());
    // verifyModule reports it too, and so would the file reader.
    QVERIFY(!verifyModule(*m).empty());
  }

  void errorsCarryTheirPlace() {
    QString text = QString::fromStdString(readText(listingPath("loop.spys")));
    text.replace(" 10: barrier", " 10: brz s5, @11");
    ListingError e;
    auto m = parseListing(text.toStdString(), e);
    QVERIFY(m);
    std::vector<CodeError> errors = checkDefBeforeUse(*m);
    QCOMPARE(errors.size(), size_t(1));
    QCOMPARE(errors[0].program, 0);
    QCOMPARE(errors[0].instr, 10);
    QCOMPARE(formatCodeError(&*m, errors[0]),
             std::string("program 0 (l1lu) @10: s5 is read before it is "
                         "written on some path"));
  }

  void argRunPastThePool() {
    bool ok = false;
    Module m = assemble("copy.spys", ok);
    QVERIFY(ok);
    m.programs[0].code[1].argCount = 10;
    std::string all = formatCodeErrors(&m, validateStructure(m));
    QVERIFY2(all.find("arguments 0+10 run past the 2 operands") !=
                 std::string::npos,
             all.c_str());
  }

  void unknownEnumsAreRefused() {
    bool ok = false;
    Module m = assemble("copy.spys", ok);
    QVERIFY(ok);
    m.programs[2].code[3].op = Opcode(200);
    m.programs[2].code[2].fn = AluFn(999);
    m.programs[2].code[1].type = ElemType(77);
    std::string all = formatCodeErrors(&m, validateStructure(m));
    QVERIFY2(all.find("unknown opcode 200") != std::string::npos, all.c_str());
    QVERIFY2(all.find("unknown ALU function 999") != std::string::npos,
             all.c_str());
    QVERIFY2(all.find("unknown element type") != std::string::npos,
             all.c_str());
  }
};

QTEST_APPLESS_MAIN(VerifyTest)
#include "VerifyTest.moc"
