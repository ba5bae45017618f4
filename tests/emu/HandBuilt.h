//===- HandBuilt.h - small SpyreCode programs written by hand for tests ----===//
//
// A copy kernel over the whole data path of one core:
//   mnilu: DMA in (HBM -> LX buffer 0), signal l1lu
//   l1lu : wait, stream buffer 0 (from byte `shift` * 128, a scalar
//          argument: 0 is right, anything else leaves the buffer) down
//          channel 1
//   sfu  : per stick (or per `sticksPerVector` sticks: one vector of
//          64 x N lanes): receive, out = x + x (f16), send down channel 2
//   l1su : collect into LX buffer 1, signal mnisu
//   mnisu: wait, DMA out (LX buffer 1 -> HBM)
// and variants that deadlock or step outside a buffer.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_EMU_HANDBUILT_H
#define SPYRE_TESTS_EMU_HANDBUILT_H

#include "spyrecode/SpyreCode.h"

#include <cstring>

namespace spyre::emutest {

using namespace spyre::code;

struct ProgramBuilder {
  Program p;
  Module &m;
  ProgramBuilder(Module &m, const std::string &unit, int sregs, int vregs = 0)
      : m(m) {
    p.unit = unit;
    p.instances = 1;
    p.numSRegs = sregs;
    p.numVRegs = vregs;
  }
  uint32_t loc(const std::string &op, int line) {
    m.locations.push_back({line, line, op});
    return uint32_t(m.locations.size() - 1);
  }
  int32_t add(Instr in, const std::string &op, int line,
              std::vector<int32_t> args = {}) {
    in.loc = loc(op, line);
    if (!args.empty()) {
      in.argBegin = uint32_t(p.operands.size());
      in.argCount = uint32_t(args.size());
      p.operands.insert(p.operands.end(), args.begin(), args.end());
    }
    p.code.push_back(in);
    return int32_t(p.code.size() - 1);
  }
  int32_t constant(int32_t dst, int64_t v, int line) {
    Instr in;
    in.op = Opcode::Const;
    in.type = ElemType::Index;
    in.dst = dst;
    in.imm = v;
    return add(in, "arith.constant", line);
  }
  int32_t arg(int32_t dst, int64_t symbol, int line) {
    Instr in;
    in.op = Opcode::Arg;
    in.type = ElemType::Index;
    in.dst = dst;
    in.imm = symbol;
    int32_t pc = add(in, "func.arg", line);
    m.symbols[size_t(symbol)].uses.push_back({int32_t(m.programs.size()), pc});
    return pc;
  }
  int32_t simple(Opcode op, int64_t imm, const std::string &name, int line) {
    Instr in;
    in.op = op;
    in.imm = imm;
    return add(in, name, line);
  }
  void halt(int line) { simple(Opcode::Halt, 0, "halt", line); }
  void done() { m.programs.push_back(p); }
};

struct CopyKernel {
  int64_t rows = 8;       ///< sticks of 64 f16
  bool doubleTheValues = true;
  bool deadlock = false;    ///< l1lu waits on a channel nobody signals first
  /// mnilu starts with a barrier that only tile 0 reaches (brnz s0 past
  /// it): the other engines of tile 0's core never arrive.
  bool barrierOnTileZero = false;
  std::vector<int64_t> placement = {0};
  /// sfu receives and sends this many sticks as one vector of 64 x N
  /// lanes (rows a multiple of it); `sendSticks` > 0 sends as that many
  /// instead (a vector that is not that many sticks: a fault).
  int sticksPerVector = 1;
  int sendSticks = 0;
};

inline Module copyKernel(const CopyKernel &k) {
  Module m;
  m.sourceName = "hand-built copy";
  m.plan.kernel = "copy";
  m.plan.arch = "spyre";
  m.plan.grid = {int64_t(k.placement.size())};
  m.plan.placement = k.placement;
  m.locations.push_back({}); // 0: unknown
  const int64_t bytes = k.rows * 128;
  m.plan.buffers = {{"in tile", 0, bytes, 1, 0}, {"out tile", bytes, bytes, 1, 0}};
  m.plan.lxPeakBytes = 2 * bytes;
  auto channel = [&](const char *from, const char *to, ElemType t, int lanes) {
    Channel c;
    c.from = from;
    c.to = to;
    c.depth = 16;
    c.type = t;
    c.lanes = lanes;
    m.plan.channels.push_back(c);
  };
  channel("mnilu", "l1lu", ElemType::None, 0); // 0: tile loaded
  channel("l1lu", "sfu", ElemType::F16, 64);   // 1: input sticks
  channel("sfu", "l1su", ElemType::F16, 64);   // 2: output sticks
  channel("l1su", "mnisu", ElemType::None, 0); // 3: tile stored
  if (k.deadlock)
    channel("l1lu", "mnilu", ElemType::None, 0); // 4: deadlock variant only
  Symbol in{"in", Symbol::TensorBase, ElemType::F16, 0, {}};
  Symbol out{"out", Symbol::TensorBase, ElemType::F16, 1, {}};
  Symbol scale{"shift", Symbol::Scalar, ElemType::Index, 2, {}};
  m.symbols = {in, out, scale};
  m.lxViews = {{{k.rows, 64}, ElemType::F16, 128, 0},
               {{k.rows, 64}, ElemType::F16, 128, 1}};
  auto dma = [&](bool toLx, int32_t baseReg, int32_t addrReg, int32_t view,
                 int64_t rows) {
    DmaDesc d;
    d.toLx = toLx;
    d.type = ElemType::F16;
    ViewPart part;
    part.base = {baseReg, 0};
    part.sizes = {{-1, k.rows}, {-1, 64}};
    part.strides = {{-1, 64}, {-1, 1}};
    d.view = {part};
    d.anchor = {{-1, 0}, {-1, 0}};
    d.order = {0, 1};
    d.tileShape = {rows, 64};
    d.lxView = view;
    d.lxAddress = {addrReg, 0};
    d.sticks = rows;
    m.dmas.push_back(d);
    return int64_t(m.dmas.size() - 1);
  };
  // mnilu
  {
    ProgramBuilder b(m, "mnilu", 4);
    if (k.deadlock)
      b.simple(Opcode::Wait, 4, "dflow.wait", 3);
    if (k.barrierOnTileZero) {
      Instr skip;
      skip.op = Opcode::Brnz;
      skip.a = 0; // the tile
      skip.imm = 2;
      b.add(skip, "scf.if", 1);
      b.simple(Opcode::Barrier, 0, "dflow.barrier", 1);
    }
    b.arg(2, 0, 2);
    b.constant(3, 0, 2);
    Instr d;
    d.op = Opcode::Dma;
    d.imm = dma(true, 2, 3, 0, k.rows);
    b.add(d, "dflow.dma", 4, {2, 3});
    b.simple(Opcode::Signal, 0, "dflow.signal", 4);
    b.halt(4);
    b.done();
  }
  // l1lu
  {
    ProgramBuilder b(m, "l1lu", 5);
    b.simple(Opcode::Wait, 0, "dflow.wait", 5);
    b.arg(2, 2, 5);
    b.constant(4, 128, 5);
    Instr mul;
    mul.op = Opcode::SAlu;
    mul.fn = AluFn::MulI;
    mul.type = ElemType::Index;
    mul.dst = 3;
    mul.a = 2;
    mul.b = 4;
    b.add(mul, "arith.muli", 5);
    Instr s;
    s.op = Opcode::Stream;
    s.imm = 0;
    s.a = 3;
    s.aux = uint16_t(k.rows);
    s.c = 1;
    b.add(s, "dflow.stream", 6);
    if (k.deadlock)
      b.simple(Opcode::Signal, 4, "dflow.signal", 6);
    b.halt(6);
    b.done();
  }
  // sfu: n = rows; loop: recv v0; v1 = v0 * v0? no: v1 = v0 + v0; send v1
  {
    ProgramBuilder b(m, "sfu", 5, 2);
    const int n = k.sticksPerVector;
    b.constant(2, k.rows / n, 7);
    b.constant(3, 1, 7);
    Instr recv;
    recv.op = Opcode::Recv;
    recv.type = ElemType::F16;
    recv.lanes = uint16_t(64 * n);
    recv.aux = uint16_t(n);
    recv.dst = 0;
    recv.imm = 1;
    int32_t loop = b.add(recv, "dflow.recv", 8);
    Instr add;
    add.op = Opcode::VAlu;
    add.fn = k.doubleTheValues ? AluFn::AddF : AluFn::MaxNumF;
    add.type = ElemType::F16;
    add.lanes = uint16_t(64 * n);
    add.dst = 1;
    add.a = 0;
    add.b = 0;
    b.add(add, "arith.addf", 9);
    Instr send;
    send.op = Opcode::Send;
    send.type = ElemType::F16;
    send.lanes = uint16_t(64 * n);
    send.aux = uint16_t(k.sendSticks > 0 ? k.sendSticks : n);
    send.a = 1;
    send.imm = 2;
    b.add(send, "dflow.send", 10);
    Instr sub;
    sub.op = Opcode::SAlu;
    sub.fn = AluFn::SubI;
    sub.type = ElemType::Index;
    sub.dst = 2;
    sub.a = 2;
    sub.b = 3;
    b.add(sub, "arith.subi", 11);
    Instr br;
    br.op = Opcode::Brnz;
    br.type = ElemType::Index;
    br.a = 2;
    br.imm = loop;
    b.add(br, "scf.for", 11);
    b.halt(12);
    b.done();
  }
  // l1su
  {
    ProgramBuilder b(m, "l1su", 3);
    b.constant(2, bytes, 13);
    Instr c;
    c.op = Opcode::Collect;
    c.imm = 1;
    c.a = 2;
    c.aux = uint16_t(k.rows);
    c.c = 2;
    b.add(c, "dflow.collect", 13);
    b.simple(Opcode::Signal, 3, "dflow.signal", 14);
    b.halt(14);
    b.done();
  }
  // mnisu
  {
    ProgramBuilder b(m, "mnisu", 4);
    b.simple(Opcode::Wait, 3, "dflow.wait", 15);
    b.arg(2, 1, 15);
    b.constant(3, bytes, 15);
    Instr d;
    d.op = Opcode::Dma;
    d.imm = dma(false, 2, 3, 1, k.rows);
    b.add(d, "dflow.dma", 16, {2, 3});
    b.halt(16);
    b.done();
  }
  return m;
}

inline uint16_t toHalfBits(float f) {
  // Exact for the small integers and halves the tests use.
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = (x >> 13) & 0x3ffu;
  if (f == 0.0f)
    return uint16_t(sign);
  return uint16_t(sign | (uint32_t(exp) << 10) | mant);
}

} // namespace spyre::emutest

#endif
