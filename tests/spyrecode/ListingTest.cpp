// ListingTest.cpp - the listing printer and assembler: exact round trips on
// hand-written programs and on a module that sets every field, and errors
// that name the line and column.
#include "TestFiles.h"

#include "spyrecode/Binary.h"
#include "spyrecode/ListingSyntax.h"
#include "spyrecode/Verify.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace spyre::code;
using namespace spyre::code::test;

namespace {

// A module with every opcode and every optional field set to something
// other than its default, including fields an opcode does not show.
Module everything() {
  Module m;
  m.sourceName = "odd \"name\"\twith\\escapes\x01";
  m.plan.kernel = "k";
  m.plan.arch = "spyre";
  m.plan.grid = {2, 3};
  m.plan.placement = {0, 1, 2, 3, 4, 5};
  m.plan.lxPeakBytes = 77;
  m.plan.channels.push_back({"a unit", "b", 3, ElemType::BF16, 32, 1, 1});
  m.plan.buffers.push_back({"%x", 128, 256, 2, 1});
  m.plan.rings.push_back({"reduce", {{0, 1}, {2}}, 64, 2, 1, 1, 2, 2});
  Symbol s;
  s.name = "t";
  s.kind = Symbol::TensorBase;
  s.type = ElemType::F32;
  s.argument = 3;
  s.uses = {{0, 2}, {1, 0}};
  m.symbols.push_back(s);
  m.lxViews.push_back({{2, 3, 64}, ElemType::F16, 128, 0});
  DmaDesc d;
  d.toLx = false;
  d.type = ElemType::I32;
  ViewPart p;
  p.lx = true;
  p.core = {4, 0};
  p.base = {5, 9};
  p.sizes = {{-1, 7}, {6, 0}};
  p.strides = {{-1, 1}, {-1, -3}};
  p.coordinateSet.dims = 2;
  p.coordinateSet.symbols = 1;
  AffineExprCode e;
  e.code = {{AffineExprCode::Dim, 1}, {AffineExprCode::Sym, 0},
            {AffineExprCode::Const, -4}, {AffineExprCode::Mul, 0},
            {AffineExprCode::Add, 0}, {AffineExprCode::Const, 3},
            {AffineExprCode::CeilDiv, 0}};
  p.coordinateSet.exprs = {e, e};
  p.coordinateSet.eq = {0, 1};
  p.partition = p.coordinateSet;
  p.symbols = {{-1, 5}};
  p.type = ElemType::I8;
  d.view = {p, p};
  d.anchor = {{-1, 0}, {7, 0}};
  d.tileSet = p.coordinateSet;
  d.order = {1, 0};
  d.tileShape = {4, 8};
  d.indirectDims = {-1, 0};
  d.indexViews = {p};
  d.indexAnchors = {{{-1, 2}}};
  d.lxView = 0;
  d.lxAddress = {-1, 128};
  d.sticks = 4;
  d.hops = 2;
  d.tileSymbols = {{-1, 11}};
  d.captured = {{2, 0}};
  d.subscripts = {{-1, {e}}, {0, {e, e}}};
  m.dmas.push_back(d);
  // A chunk of a masked tile (dflow.dma ... at stick, masked).
  d.chunked = true;
  d.firstStick = {-1, 12};
  d.layout = uint8_t(TileLayout::Masked);
  m.dmas.push_back(d);

  Program a;
  a.unit = "a unit";
  a.instances = 6;
  a.perCore = 2;
  a.numSRegs = 12;
  a.numVRegs = 4;
  a.tileRegs = {{{2, 64}, ElemType::F16}};
  a.ringViews = {0, 0};
  for (uint16_t op = 0; op < listing::numOpcodes(); ++op) {
    Instr in;
    in.op = Opcode(op);
    in.loc = op % 2;
    a.code.push_back(in);
  }
  auto &c = a.code;
  c[size_t(Opcode::Const)].type = ElemType::F64;
  double nan = std::numeric_limits<double>::quiet_NaN();
  std::memcpy(&c[size_t(Opcode::Const)].imm, &nan, 8);
  c[size_t(Opcode::Const)].dst = 3;
  c[size_t(Opcode::Mov)].aux = 2;
  c[size_t(Opcode::Mov)].dst = 0;
  c[size_t(Opcode::Mov)].a = -1;
  c[size_t(Opcode::Arg)].imm = 0;
  c[size_t(Opcode::Arg)].dst = 2;
  c[size_t(Opcode::SAlu)].fn = AluFn::CmpF;
  c[size_t(Opcode::SAlu)].aux = 13;
  c[size_t(Opcode::SAlu)].type = ElemType::F32;
  c[size_t(Opcode::SAlu)].dst = 1;
  c[size_t(Opcode::SAlu)].a = 2;
  c[size_t(Opcode::SAlu)].c = 3; // b left out: printed as _
  c[size_t(Opcode::VAlu)].fn = AluFn::SpRealDiv;
  c[size_t(Opcode::VAlu)].lanes = 64;
  c[size_t(Opcode::VAlu)].srcType = ElemType::DF16;
  c[size_t(Opcode::Jmp)].imm = 3;
  c[size_t(Opcode::Brnz)].imm = 1;
  c[size_t(Opcode::Brnz)].a = 4;
  c[size_t(Opcode::Nop)].fn = AluFn::Erf; // not shown by nop: an extra
  c[size_t(Opcode::Nop)].dst = 9;
  c[size_t(Opcode::Nop)].imm = -5;
  c[size_t(Opcode::Halt)].aux = 7;
  c[size_t(Opcode::Send)].lanes = 0;
  c[size_t(Opcode::Send)].a = 0;
  c[size_t(Opcode::Send)].aux = 2;
  c[size_t(Opcode::Stream)].c = 0;
  c[size_t(Opcode::Stream)].aux = 1;
  c[size_t(Opcode::RingRecv)].imm = 1;
  // Argument runs, one after the other.
  auto args = [&](Opcode op, std::vector<int32_t> regs) {
    Instr &in = c[size_t(op)];
    in.argBegin = uint32_t(a.operands.size());
    in.argCount = uint32_t(regs.size());
    a.operands.insert(a.operands.end(), regs.begin(), regs.end());
  };
  args(Opcode::TRead, {1, 2});
  args(Opcode::Dma, {5, 7});
  args(Opcode::RingRecv, {0, 4});
  args(Opcode::Barrier, {3}); // args on an opcode without them: an extra
  m.programs.push_back(a);
  Program b = a;
  b.unit = "b";
  // A pool that is not the runs laid end to end: printed explicitly.
  b.operands.push_back(99);
  b.code[size_t(Opcode::Nop)].argBegin = 2;
  m.programs.push_back(b);
  m.locations = {{}, {12, 40, "dflow.compute"}};
  return m;
}

} // namespace

class ListingTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void handWrittenRoundTrip_data() {
    QTest::addColumn<QString>("file");
    for (const char *f : kListings)
      QTest::newRow(f) << QString(f);
  }
  void handWrittenRoundTrip() {
    QFETCH(QString, file);
    bool ok = false;
    Module m = assemble(file.toStdString(), ok);
    QVERIFY(ok);
    QVERIFY2(verifyModule(m).empty(),
             formatCodeErrors(&m, verifyModule(m)).c_str());
    // text -> module -> text is a fixpoint once printed.
    std::string text = printListing(m).text;
    ListingError e;
    auto again = parseListing(text, e);
    QVERIFY2(again, e.message.c_str());
    QCOMPARE(printListing(*again).text, text);
    // binary -> text -> binary is byte-identical.
    std::vector<uint8_t> bin = writeBinary(m);
    std::string err;
    auto read = readBinary(bin, err);
    QVERIFY2(read, err.c_str());
    auto reparsed = parseListing(printListing(*read).text, e);
    QVERIFY2(reparsed, e.message.c_str());
    QVERIFY(writeBinary(*reparsed) == bin);
  }

  void everyFieldRoundTrips() {
    Module m = everything();
    std::string text = printListing(m).text;
    ListingError e;
    auto back = parseListing(text, e);
    QVERIFY2(back, (std::to_string(e.line) + ":" + std::to_string(e.column) +
                    ": " + e.message + "\n" + text)
                       .c_str());
    // Field for field: the encodings are equal.
    QVERIFY2(writeBinary(*back) == writeBinary(m), text.c_str());
    QCOMPARE(printListing(*back).text, text);
    // What the fields look like.
    QVERIFY(text.find("salu.f32 arith.cmpf une s1, s2, _, s3") !=
            std::string::npos);
    QVERIFY(text.find("valu x64 spyreop.realdiv from df16") !=
            std::string::npos);
    QVERIFY(text.find("const.f64 s3, bits(0x7ff8000000000000)") !=
            std::string::npos);
    QVERIFY(text.find("nop {fn=math.erf, dst=9, imm=-5}") != std::string::npos);
    QVERIFY(text.find("dma d0 [s5, s7]") != std::string::npos);
    QVERIFY(text.find("operands [1, 2, 5, 7, 0, 4, 3, 99]") !=
            std::string::npos);
    QVERIFY(text.find("// #1 line 12: dflow.compute") != std::string::npos);
    QVERIFY(text.find("  chunk at 12\n  layout masked\n") != std::string::npos);
    QCOMPARE(back->dmas.at(1).layout, uint8_t(TileLayout::Masked));
    QVERIFY(back->dmas.at(1).chunked && !back->dmas.at(0).chunked);
  }

  void floatConstantsAreExact() {
    for (double v : {0.1, -0.0, 1e-310, 65504.0, 1.0 / 3.0,
                     std::numeric_limits<double>::infinity(), -2.5e300}) {
      std::string s = listing::formatDouble(v);
      Module m;
      m.locations.resize(1);
      Program p;
      p.unit = "u";
      Instr in;
      in.op = Opcode::Const;
      in.type = ElemType::F64;
      in.dst = 2;
      std::memcpy(&in.imm, &v, 8);
      p.numSRegs = 3;
      p.code = {in};
      m.programs.push_back(p);
      ListingError e;
      auto back = parseListing(printListing(m).text, e);
      QVERIFY2(back, (s + ": " + e.message).c_str());
      QCOMPARE(back->programs[0].code[0].imm, in.imm);
    }
  }

  void errorsNameLineAndColumn_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");
    const char *head = "spyrecode version 2\nprogram p0 u instances 1 "
                       "per_core 1 sregs 4 vregs 0\n";
    QTest::newRow("unknown instruction")
        << QString(head) + "  0: frobnicate s1\n" << 3 << 6
        << "unknown instruction 'frobnicate'";
    QTest::newRow("bad register file")
        << QString(head) + "  0: const.index v1, 3\n" << 3 << 18
        << "expected a register (sN or _)";
    QTest::newRow("out of order")
        << QString(head) + "  0: halt\n  2: halt\n" << 4 << 3
        << "instruction index 2 is out of order";
    QTest::newRow("unknown function")
        << QString(head) + "  0: salu.i32 arith.frob s1, s2\n" << 3 << 15
        << "unknown ALU function 'arith.frob'";
    QTest::newRow("unknown type")
        << QString(head) + "  0: const.f17 s1, 3\n" << 3 << 6
        << "unknown element type in 'const.f17'";
    QTest::newRow("missing version") << QString("source \"x\"\n") << 1 << 1
                                     << "missing 'spyrecode version N' line";
    QTest::newRow("wrong version") << QString("spyrecode version 9\n") << 1
                                   << 19 << "version 9 is not 2";
    QTest::newRow("instruction outside program")
        << QString("spyrecode version 2\nhalt\n") << 2 << 1
        << "belongs to a 'program'";
    QTest::newRow("unterminated string")
        << QString("spyrecode version 2\nsource \"abc\n") << 2 << 8
        << "unterminated string";
    QTest::newRow("chained operators")
        << QString("spyrecode version 2\nlxview lx0 [1] f16 row_bytes 2 in "
                   "b0\ndmadesc d0 hbm_to_lx f16 tile [1] order [0] lx lx0 at "
                   "0 sticks 1 hops 0\n  subscript direct [d0 + d1 + d2]\n")
        << 4 << 29 << "parenthesise each operation";
    QTest::newRow("unknown tile layout")
        << QString("spyrecode version 2\nlxview lx0 [1] f16 row_bytes 2 in "
                   "b0\ndmadesc d0 hbm_to_lx f16 tile [1] order [0] lx lx0 at "
                   "0 sticks 1 hops 0\n  layout diagonal\n")
        << 4 << 10 << "expected box, masked or packed";
    QTest::newRow("number too big")
        << QString(head) + "  0: const.index s99999999999, 3\n" << 3 << 18
        << "does not fit";
  }
  void errorsNameLineAndColumn() {
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);
    ListingError e;
    auto m = parseListing(text.toStdString(), e);
    QVERIFY(!m);
    QVERIFY2(QString::fromStdString(e.message).contains(message),
             e.message.c_str());
    QCOMPARE(e.line, line);
    QCOMPARE(e.column, column);
  }

  // Damaged listings: every truncation and a few thousand one-character
  // changes either assemble (then verify, print and, when valid, encode
  // without trouble) or give an error with a line and column inside the
  // text. Never a crash.
  void damagedTextIsHandled() {
    const std::string chars = "0123456789-_[](){},:@$#.\" xsvtcdp";
    for (const char *file : kListings) {
      std::string text = readText(listingPath(file));
      int lines = int(std::count(text.begin(), text.end(), '\n')) + 1;
      std::vector<std::string> variants;
      for (size_t n = 0; n < text.size(); n += 3)
        variants.push_back(text.substr(0, n));
      uint64_t state = 12345;
      for (int k = 0; k < 3000; ++k) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        std::string v = text;
        v[size_t(state >> 33) % v.size()] = chars[(state >> 13) % chars.size()];
        variants.push_back(std::move(v));
      }
      int parsed = 0, valid = 0;
      for (const std::string &v : variants) {
        ListingError e;
        auto m = parseListing(v, e);
        if (!m) {
          QVERIFY2(e.line >= 1 && e.line <= lines && e.column >= 1 &&
                       !e.message.empty(),
                   (std::to_string(e.line) + ":" + std::to_string(e.column) +
                    " " + e.message)
                       .c_str());
          continue;
        }
        ++parsed;
        QVERIFY(!printListing(*m).text.empty());
        if (verifyModule(*m).empty()) {
          ++valid;
          std::string err;
          QVERIFY2(readBinary(writeBinary(*m), err), err.c_str());
        }
      }
      qInfo("%s: %zu variants, %d assembled, %d valid", file, variants.size(),
            parsed, valid);
    }
  }

  void ktirLinesFollowTheText() {
    bool ok = false;
    Module m = assemble("copy.spys", ok);
    QVERIFY(ok);
    Listing listing = printListing(m);
    const std::string &text = listing.text;
    std::vector<int> lines = listing.ktirLines();
    QCOMPARE(lines.size(), size_t(std::count(text.begin(), text.end(), '\n')));
    // The line printing `valu ... arith.addf` maps to KTIR line 5.
    size_t at = text.find("arith.addf v2");
    QVERIFY(at != std::string::npos);
    size_t lineNo = size_t(std::count(text.begin(), text.begin() + long(at), '\n'));
    QCOMPARE(lines[lineNo], 5);
  }

  // The listing says which instruction each line prints (issue 28: nobody
  // parses the text back for it): every instruction of every program has
  // exactly one line, the one whose text starts with its index, and
  // lineOf() finds it; no other line is an instruction.
  void instructionLinesFollowTheText() {
    for (const char *file : {"copy.spys", "loop.spys"}) {
      bool ok = false;
      Module m = assemble(file, ok);
      QVERIFY(ok);
      Listing listing = printListing(m);
      std::vector<std::string> text;
      std::string line;
      for (char c : listing.text) {
        if (c == '\n') {
          text.push_back(line);
          line.clear();
        } else {
          line += c;
        }
      }
      QCOMPARE(listing.lines.size(), text.size());
      size_t instructions = 0;
      for (const Program &p : m.programs)
        instructions += p.code.size();
      size_t seen = 0;
      for (size_t i = 0; i < text.size(); ++i) {
        const ListingLine &l = listing.lines[i];
        if (l.program < 0)
          continue;
        ++seen;
        QVERIFY(size_t(l.program) < m.programs.size());
        QVERIFY(l.pc < m.programs[size_t(l.program)].code.size());
        std::string head = text[i].substr(text[i].find_first_not_of(' '));
        QVERIFY2(head.rfind(std::to_string(l.pc) + ": ", 0) == 0, text[i].c_str());
        QCOMPARE(listing.lineOf(l.program, l.pc), int(i + 1));
      }
      QCOMPARE(seen, instructions);
      QCOMPARE(listing.lineOf(int(m.programs.size()), 0), 0);
      QCOMPARE(listing.lineOf(-1, 0), 0);
      QCOMPARE(listing.lineOf(0, uint32_t(m.programs[0].code.size())), 0);
    }
  }
};

QTEST_APPLESS_MAIN(ListingTest)
#include "ListingTest.moc"
