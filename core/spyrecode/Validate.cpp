//===- Validate.cpp - the structural checks of a SpyreCode module ---------===//
//
// Everything that must hold before a module may be indexed: the file
// reader runs it on every file, the runtime relies on it. Each problem is
// one CodeError; checking goes on after a problem where that is safe, so a
// hand-written listing shows all its mistakes at once.
//
//===----------------------------------------------------------------------===//

#include "spyrecode/ListingSyntax.h"
#include "spyrecode/Verify.h"

#include <algorithm>
#include <set>
#include <string>

namespace spyre::code {
namespace {

using listing::Field;
using listing::Kind;

class Validator {
public:
  explicit Validator(const Module &m) : module(m) {}
  std::vector<CodeError> run();

private:
  void error(std::string msg, int32_t program = -1, int32_t instr = -1,
             uint32_t loc = 0) {
    found.push_back({std::move(msg), program, instr, loc});
  }
  bool elemOk(ElemType t) {
    return uint8_t(t) < listing::kNumElemTypes;
  }
  void loc(uint32_t l, const std::string &what) {
    if (l >= module.locations.size())
      error(what + ": location #" + std::to_string(l) + " is not in the " +
            std::to_string(module.locations.size()) + "-entry line table");
  }
  void affine(const AffineExprCode &e, int64_t dims, int64_t syms,
              const std::string &what);
  void set(const IntegerSetCode &s, const std::string &what);
  void operand(const Operand &o, const std::string &what);
  void part(const ViewPart &p, const std::string &what);
  void plan();
  void symbols();
  void views();
  void dmas();
  void program(size_t pi);
  void instr(size_t pi, size_t i);

  const Module &module;
  std::vector<CodeError> found;
  int64_t tileCount = 0;
};

void Validator::affine(const AffineExprCode &e, int64_t dims, int64_t syms,
                       const std::string &what) {
  int64_t depth = 0;
  for (const auto &[kind, value] : e.code) {
    switch (kind) {
    case AffineExprCode::Dim:
    case AffineExprCode::Sym: {
      int64_t limit = kind == AffineExprCode::Dim ? dims : syms;
      if (value < 0 || value >= limit) {
        error(what + ": " + (kind == AffineExprCode::Dim ? "d" : "s") +
              std::to_string(value) + " is out of range (" +
              std::to_string(limit) + ")");
        return;
      }
      ++depth;
      break;
    }
    case AffineExprCode::Const:
      ++depth;
      break;
    case AffineExprCode::Add:
    case AffineExprCode::Mul:
    case AffineExprCode::Mod:
    case AffineExprCode::FloorDiv:
    case AffineExprCode::CeilDiv:
      if (value != 0) {
        error(what + ": an operator entry carries the value " +
              std::to_string(value) + " (must be 0)");
        return;
      }
      if (depth < 2) {
        error(what + ": an operator has fewer than two operands");
        return;
      }
      --depth;
      break;
    default:
      error(what + ": unknown affine entry kind " + std::to_string(kind));
      return;
    }
  }
  if (depth != 1)
    error(what + ": the affine code is not one expression");
}

void Validator::set(const IntegerSetCode &s, const std::string &what) {
  if (s.dims < 0 || s.dims > kMaxSetVariables || s.symbols < 0 ||
      s.symbols > kMaxSetVariables) {
    error(what + ": " + std::to_string(s.dims) + " dims and " +
          std::to_string(s.symbols) + " symbols (each 0.." +
          std::to_string(kMaxSetVariables) + ")");
    return;
  }
  if (s.eq.size() != s.exprs.size()) {
    error(what + ": " + std::to_string(s.exprs.size()) + " constraints but " +
          std::to_string(s.eq.size()) + " equality flags");
    return;
  }
  for (size_t i = 0; i < s.exprs.size(); ++i) {
    if (s.eq[i] > 1)
      error(what + ": equality flag " + std::to_string(s.eq[i]) +
            " is not 0 or 1");
    affine(s.exprs[i], s.dims, s.symbols,
           what + " constraint " + std::to_string(i));
  }
}

void Validator::operand(const Operand &o, const std::string &what) {
  if (o.reg < -1)
    error(what + ": register " + std::to_string(o.reg) + " is negative");
  else if (o.reg >= kMaxRegisters)
    error(what + ": register s" + std::to_string(o.reg) + " is past the " +
          std::to_string(kMaxRegisters) + "-register limit");
}

void Validator::part(const ViewPart &p, const std::string &what) {
  operand(p.core, what + " core");
  operand(p.base, what + " base");
  if (p.sizes.size() != p.strides.size())
    error(what + ": " + std::to_string(p.sizes.size()) + " sizes but " +
          std::to_string(p.strides.size()) + " strides");
  for (const Operand &o : p.sizes)
    operand(o, what + " size");
  for (const Operand &o : p.strides)
    operand(o, what + " stride");
  for (const Operand &o : p.symbols)
    operand(o, what + " symbol");
  set(p.coordinateSet, what + " coordinate set");
  set(p.partition, what + " partition");
  if (!elemOk(p.type))
    error(what + ": unknown element type");
}

void Validator::plan() {
  const JobPlan &p = module.plan;
  tileCount = 1;
  for (int64_t g : p.grid) {
    if (g < 1 || __builtin_mul_overflow(tileCount, g, &tileCount) ||
        tileCount > kMaxTiles) {
      error("grid " + std::to_string(g) + ": every extent is >= 1 and the "
            "grid has at most " + std::to_string(kMaxTiles) + " tiles");
      tileCount = 0;
      break;
    }
  }
  if (tileCount > 0 && int64_t(p.placement.size()) != tileCount)
    error("placement has " + std::to_string(p.placement.size()) +
          " entries for " + std::to_string(tileCount) + " tiles");
  for (int64_t c : p.placement)
    if (c < 0 || c >= (1 << 16)) {
      error("placement: core " + std::to_string(c) + " is out of range");
      break;
    }
  if (p.lxPeakBytes < 0)
    error("lx_peak is negative");
  for (size_t i = 0; i < p.channels.size(); ++i) {
    const Channel &c = p.channels[i];
    std::string w = "channel c" + std::to_string(i);
    if (c.depth < 1 || c.depth > kMaxChannelDepth)
      error(w + ": depth " + std::to_string(c.depth) + " (1.." +
                std::to_string(kMaxChannelDepth) + ")",
            -1, -1, c.loc);
    if (!elemOk(c.type))
      error(w + ": unknown element type");
    if (c.lanes < 0 || c.lanes > 0xffff)
      error(w + ": " + std::to_string(c.lanes) + " lanes");
    if (c.initialTokens < 0 || c.initialTokens > c.depth)
      error(w + ": " + std::to_string(c.initialTokens) +
            " initial tokens (0..depth)");
    if (c.from.empty() || c.to.empty())
      error(w + ": an end has no engine kind");
    loc(c.loc, w);
  }
  for (size_t i = 0; i < p.buffers.size(); ++i) {
    const Buffer &b = p.buffers[i];
    std::string w = "buffer b" + std::to_string(i);
    int64_t span = 0, end = 0;
    if (b.address < 0 || b.bytes < 0 || b.copies < 1 ||
        __builtin_mul_overflow(b.bytes, b.copies, &span) ||
        __builtin_add_overflow(b.address, span, &end))
      error(w + ": address " + std::to_string(b.address) + ", " +
            std::to_string(b.bytes) + " bytes x " + std::to_string(b.copies) +
            " copies is not a valid region");
    loc(b.loc, w);
  }
  for (size_t i = 0; i < p.rings.size(); ++i) {
    const RingExchange &r = p.rings[i];
    std::string w = "ring r" + std::to_string(i);
    // groupCount groups of at most `members` tiles (the largest has
    // exactly that many), each tile of the grid in at most one group.
    if (r.groupCount < 0 || r.members < 0 ||
        int64_t(r.groups.size()) != r.groupCount)
      error(w + ": " + std::to_string(r.groups.size()) +
            " groups listed, the exchange says " +
            std::to_string(r.groupCount));
    std::set<int64_t> seen;
    size_t largest = 0;
    for (const auto &g : r.groups) {
      largest = std::max(largest, g.size());
      for (int64_t t : g)
        if (t < 0 || t >= tileCount) {
          error(w + ": tile " + std::to_string(t) + " is not in the grid");
          break;
        } else if (!seen.insert(t).second) {
          error(w + ": tile " + std::to_string(t) +
                " is in more than one place of its groups");
          break;
        }
    }
    if (!r.groups.empty() && int64_t(largest) != r.members)
      error(w + ": its largest group has " + std::to_string(largest) +
            " tiles, the exchange says " + std::to_string(r.members) +
            " members");
    if (r.bytesPerStep < 0 || r.steps < 0 || r.hops < 0)
      error(w + ": negative bytes, steps or hops");
    loc(r.loc, w);
  }
}

void Validator::symbols() {
  for (size_t i = 0; i < module.symbols.size(); ++i) {
    const Symbol &s = module.symbols[i];
    std::string w = "symbol $" + std::to_string(i) + " '" + s.name + "'";
    if (uint8_t(s.kind) > Symbol::Scalar)
      error(w + ": unknown kind " + std::to_string(s.kind));
    if (!elemOk(s.type) || s.type == ElemType::None)
      error(w + ": no valid element type");
    else if (s.kind == Symbol::Dimension && isFloat(s.type))
      error(w + ": a dimension has an integer type, not " +
            elemName(s.type));
    if (s.argument < 0)
      error(w + ": negative argument position");
    if (s.name.empty())
      error(w + ": no name");
    for (const auto &[prog, ins] : s.uses)
      if (prog < 0 || size_t(prog) >= module.programs.size() || ins < 0 ||
          size_t(ins) >= module.programs[size_t(prog)].code.size()) {
        error(w + ": use p" + std::to_string(prog) + "@" +
              std::to_string(ins) + " is not an instruction");
        break;
      }
  }
}

void Validator::views() {
  for (size_t i = 0; i < module.lxViews.size(); ++i) {
    const LxView &v = module.lxViews[i];
    std::string w = "lxview lx" + std::to_string(i);
    if (!elemOk(v.type) || v.type == ElemType::None) {
      error(w + ": no valid element type");
      continue;
    }
    if (v.buffer < 0 || size_t(v.buffer) >= module.plan.buffers.size()) {
      error(w + ": buffer b" + std::to_string(v.buffer) + " does not exist");
      continue;
    }
    int64_t rows = 1;
    bool ok = v.rowBytes >= 0;
    for (size_t d = 0; d < v.dims.size() && ok; ++d) {
      if (v.dims[d] < 0)
        ok = false;
      else if (d + 1 < v.dims.size())
        ok = !__builtin_mul_overflow(rows, v.dims[d], &rows);
    }
    int64_t lastBytes = 0, extent = 0;
    if (ok && !v.dims.empty())
      ok = !__builtin_mul_overflow(v.dims.back(),
                                   int64_t(elemBytes(v.type)), &lastBytes) &&
           lastBytes <= v.rowBytes;
    if (ok)
      ok = !__builtin_mul_overflow(rows, v.rowBytes, &extent);
    if (!ok) {
      error(w + ": dims and row_bytes " + std::to_string(v.rowBytes) +
            " do not make a valid extent (a row holds dims.back() elements)");
      continue;
    }
    const Buffer &b = module.plan.buffers[size_t(v.buffer)];
    if (extent > b.bytes)
      error(w + ": spans " + std::to_string(extent) + " bytes, its buffer b" +
            std::to_string(v.buffer) + " holds " + std::to_string(b.bytes) +
            " per copy");
  }
}

void Validator::dmas() {
  for (size_t i = 0; i < module.dmas.size(); ++i) {
    const DmaDesc &d = module.dmas[i];
    std::string w = "dmadesc d" + std::to_string(i);
    if (!elemOk(d.type) || d.type == ElemType::None)
      error(w + ": no valid element type");
    if (d.view.empty())
      error(w + ": no view part");
    for (size_t p = 0; p < d.view.size(); ++p)
      part(d.view[p], w + " view " + std::to_string(p));
    for (size_t p = 0; p < d.indexViews.size(); ++p)
      part(d.indexViews[p], w + " index view " + std::to_string(p));
    for (const Operand &o : d.anchor)
      operand(o, w + " anchor");
    for (const auto &a : d.indexAnchors)
      for (const Operand &o : a)
        operand(o, w + " index anchor");
    for (const Operand &o : d.tileSymbols)
      operand(o, w + " tile symbol");
    for (const Operand &o : d.captured)
      operand(o, w + " captured value");
    operand(d.lxAddress, w + " LX address");
    set(d.tileSet, w + " tile set");
    std::vector<bool> seen(d.order.size());
    for (int32_t o : d.order) {
      if (o < 0 || size_t(o) >= d.order.size() || seen[size_t(o)]) {
        error(w + ": order is not a permutation");
        break;
      }
      seen[size_t(o)] = true;
    }
    for (int64_t s : d.tileShape)
      if (s < 0) {
        error(w + ": negative tile extent");
        break;
      }
    for (int32_t x : d.indirectDims)
      if (x < -1 || x >= int32_t(d.indexViews.size())) {
        error(w + ": indirect dimension names index view " +
              std::to_string(x) + " of " +
              std::to_string(d.indexViews.size()));
        break;
      }
    for (size_t s = 0; s < d.subscripts.size(); ++s) {
      const DmaDesc::Subscript &sub = d.subscripts[s];
      if (sub.indexView < -1 || sub.indexView >= int32_t(d.indexViews.size()))
        error(w + ": subscript " + std::to_string(s) + " names index view " +
              std::to_string(sub.indexView));
      for (const AffineExprCode &e : sub.exprs)
        affine(e, kMaxSetVariables, kMaxSetVariables,
               w + " subscript " + std::to_string(s));
    }
    if (d.lxView < 0 || size_t(d.lxView) >= module.lxViews.size())
      error(w + ": LX view lx" + std::to_string(d.lxView) +
            " does not exist");
    if (d.sticks < 0 || d.hops < 0)
      error(w + ": negative sticks or hops");
    operand(d.firstStick, w + " first stick");
    if (!d.chunked && (d.firstStick.reg != -1 || d.firstStick.value != 0))
      error(w + ": a first stick without a chunk");
    if (d.chunked && d.firstStick.reg < 0 && d.firstStick.value < 0)
      error(w + ": negative first stick");
    if (d.layout >= kNumTileLayouts)
      error(w + ": unknown tile layout " + std::to_string(d.layout));
  }
}

void Validator::instr(size_t pi, size_t i) {
  const Program &p = module.programs[pi];
  const Instr &in = p.code[i];
  auto err = [&](const std::string &msg) {
    error(msg, int32_t(pi), int32_t(i), in.loc < module.locations.size() ? in.loc : 0);
  };
  const listing::OpSyntax *syn = listing::opSyntax(in.op);
  if (!syn) {
    err("unknown opcode " + std::to_string(uint16_t(in.op)));
    return;
  }
  if (uint16_t(in.fn) >= listing::numAluFns())
    err("unknown ALU function " + std::to_string(uint16_t(in.fn)));
  else if (syn->fn && listing::isCompare(in.fn) &&
           !listing::predicateName(in.fn, in.aux))
    err("unknown predicate " + std::to_string(in.aux));
  if (!elemOk(in.type) || !elemOk(in.srcType))
    err("unknown element type");
  if (in.loc >= module.locations.size())
    err("location #" + std::to_string(in.loc) + " is not in the line table");
  if (uint64_t(in.argBegin) + in.argCount > p.operands.size()) {
    err("arguments " + std::to_string(in.argBegin) + "+" +
        std::to_string(in.argCount) + " run past the " +
        std::to_string(p.operands.size()) + " operands");
    return;
  }
  if (in.op == Opcode::Mov && in.aux > 2) {
    err("mov: register file " + std::to_string(in.aux) + " (0..2)");
    return;
  }
  if (in.op == Opcode::RingRecv && in.argCount % 2 != 0)
    err("ringrecv: the arguments are (tile, address) pairs");

  std::vector<RegRef> refs;
  registerRefs(p, in, refs);
  for (const RegRef &r : refs) {
    int64_t limit = r.file == RegRef::S   ? p.numSRegs
                    : r.file == RegRef::V ? p.numVRegs
                                          : int64_t(p.tileRegs.size());
    const char *f = r.file == RegRef::S ? "s" : r.file == RegRef::V ? "v" : "t";
    if (r.reg == -1 && r.required)
      err(std::string("a required ") + f + " register is missing");
    else if (r.reg != -1 && (r.reg < 0 || r.reg >= limit))
      err(std::string("register ") + f + std::to_string(r.reg) +
          " is out of range (the program has " + std::to_string(limit) + ")");
  }

  for (int s = 0; s < syn->numSlots; ++s) {
    const listing::Slot &slot = syn->operands[s];
    int64_t v = slot.field == Field::Imm ? in.imm
                : slot.field == Field::C ? in.c
                : slot.field == Field::Aux ? in.aux
                                           : 0;
    auto range = [&](const char *what, int64_t limit) {
      if (v < 0 || v >= limit)
        err(std::string(what) + " " + std::to_string(v) + " is out of range (" +
            std::to_string(limit) + ")");
    };
    switch (slot.kind) {
    case Kind::Target:
      range("branch target", int64_t(p.code.size()));
      break;
    case Kind::Channel:
      range("channel", int64_t(module.plan.channels.size()));
      break;
    case Kind::Symbol:
      range("symbol", int64_t(module.symbols.size()));
      break;
    case Kind::Desc:
      range("DMA descriptor", int64_t(module.dmas.size()));
      break;
    case Kind::View:
      range("LX view", int64_t(module.lxViews.size()));
      break;
    case Kind::Views: {
      uint64_t end = uint64_t(in.imm) + in.argCount / 2;
      if (in.imm < 0 || end > p.ringViews.size())
        err("ring views " + std::to_string(in.imm) + "+" +
            std::to_string(in.argCount / 2) + " run past the program's " +
            std::to_string(p.ringViews.size()));
      break;
    }
    case Kind::Lane:
    case Kind::Bytes:
      if (in.imm < 0)
        err("negative " + std::string(slot.kind == Kind::Lane ? "lane" : "bytes"));
      break;
    case Kind::Sticks:
      if ((in.op == Opcode::Stream || in.op == Opcode::Collect) && in.aux < 1)
        err("moves no sticks");
      // A vector of several sticks: each stick an equal share of its lanes.
      if ((in.op == Opcode::Send || in.op == Opcode::Recv) && in.lanes > 0 &&
          in.aux > 1 && in.lanes % in.aux != 0)
        err("a vector of " + std::to_string(in.lanes) + " lanes is not " +
            std::to_string(in.aux) + " equal sticks");
      break;
    default:
      break;
    }
  }

  if (in.op == Opcode::Dma && in.imm >= 0 && size_t(in.imm) < module.dmas.size()) {
    // Every register the descriptor reads is in args (so the def-before-use
    // check sees it) and exists in this program.
    const DmaDesc &d = module.dmas[size_t(in.imm)];
    std::set<int32_t> args(p.operands.begin() + in.argBegin,
                           p.operands.begin() + in.argBegin + in.argCount);
    auto check = [&](const Operand &o) {
      if (o.reg < 0)
        return;
      if (o.reg >= p.numSRegs)
        err("descriptor d" + std::to_string(in.imm) + " reads s" +
            std::to_string(o.reg) + ", out of range (" +
            std::to_string(p.numSRegs) + ")");
      else if (!args.count(o.reg))
        err("descriptor d" + std::to_string(in.imm) + " reads s" +
            std::to_string(o.reg) + ", which is not in the instruction's "
            "arguments");
    };
    auto checkPart = [&](const ViewPart &vp) {
      check(vp.core);
      check(vp.base);
      for (const Operand &o : vp.sizes)
        check(o);
      for (const Operand &o : vp.strides)
        check(o);
      for (const Operand &o : vp.symbols)
        check(o);
    };
    for (const ViewPart &vp : d.view)
      checkPart(vp);
    for (const ViewPart &vp : d.indexViews)
      checkPart(vp);
    for (const Operand &o : d.anchor)
      check(o);
    for (const auto &a : d.indexAnchors)
      for (const Operand &o : a)
        check(o);
    for (const Operand &o : d.tileSymbols)
      check(o);
    for (const Operand &o : d.captured)
      check(o);
    check(d.lxAddress);
    check(d.firstStick);
  }
}

void Validator::program(size_t pi) {
  const Program &p = module.programs[pi];
  std::string w = "program p" + std::to_string(pi);
  int32_t prog = int32_t(pi);
  if (p.unit.empty())
    error(w + ": no engine kind", prog);
  if (p.instances < 0 || p.perCore < 1 || p.perCore > (1 << 16))
    error(w + ": " + std::to_string(p.instances) + " instances, " +
              std::to_string(p.perCore) + " per core",
          prog);
  if (p.numSRegs < 2 || p.numSRegs > kMaxRegisters || p.numVRegs < 0 ||
      p.numVRegs > kMaxRegisters || p.tileRegs.size() > size_t(kMaxRegisters)) {
    error(w + ": register counts s" + std::to_string(p.numSRegs) + " v" +
              std::to_string(p.numVRegs) + " t" +
              std::to_string(p.tileRegs.size()) +
              " (s at least 2 for S0/S1, each at most " +
              std::to_string(kMaxRegisters) + ")",
          prog);
    return;
  }
  for (size_t t = 0; t < p.tileRegs.size(); ++t) {
    const TileShape &ts = p.tileRegs[t];
    int64_t n = 1;
    bool ok = elemOk(ts.type) && ts.type != ElemType::None;
    for (int64_t d : ts.dims)
      ok = ok && d >= 0 && !__builtin_mul_overflow(n, d, &n) &&
           n <= kMaxTileElements;
    if (!ok)
      error(w + ": tile register t" + std::to_string(t) +
                " has no valid shape and type (at most " +
                std::to_string(kMaxTileElements) + " elements)",
            prog);
  }
  for (int32_t v : p.ringViews)
    if (v < 0 || size_t(v) >= module.lxViews.size()) {
      error(w + ": ring view lx" + std::to_string(v) + " does not exist",
            prog);
      break;
    }
  if (p.code.empty()) {
    error(w + ": no instructions", prog);
    return;
  }
  Opcode last = p.code.back().op;
  if (last != Opcode::Halt && last != Opcode::Jmp)
    error(w + ": the last instruction is not halt or jmp (the program would "
              "run off its end)",
          prog, int32_t(p.code.size() - 1));
  for (size_t i = 0; i < p.code.size(); ++i)
    instr(pi, i);
}

std::vector<CodeError> Validator::run() {
  if (module.version != kFormatVersion)
    error("format version " + std::to_string(module.version) + " is not " +
          std::to_string(kFormatVersion));
  if (module.locations.empty())
    error("the line table is empty (entry #0 is the unknown location)");
  for (size_t i = 0; i < module.locations.size(); ++i)
    if (module.locations[i].ktirLine < 0 || module.locations[i].dataflowLine < 0) {
      error("location #" + std::to_string(i) + " has a negative line");
      break;
    }
  if (module.programs.size() > kMaxPrograms)
    error(std::to_string(module.programs.size()) + " programs (at most " +
          std::to_string(kMaxPrograms) + ")");
  plan();
  symbols();
  views();
  dmas();
  if (module.programs.size() <= kMaxPrograms)
    for (size_t pi = 0; pi < module.programs.size(); ++pi)
      program(pi);
  return std::move(found);
}

} // namespace

std::vector<CodeError> validateStructure(const Module &m) {
  return Validator(m).run();
}

} // namespace spyre::code
