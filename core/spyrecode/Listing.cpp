//===- Listing.cpp - print a SpyreCode module as its assembly listing -----===//
//
// The printer is total: any Module prints, however broken (a listing of a
// bad module is how one debugs it). Every field of the Module is written;
// fields an opcode's syntax does not show are written as `{name=value}`
// extras when they are not at their default, so nothing is ever dropped.
//
//===----------------------------------------------------------------------===//

#include "spyrecode/Listing.h"
#include "spyrecode/ListingSyntax.h"

#include <cstring>
#include <sstream>

namespace spyre::code {
namespace {

using namespace listing;

std::string join(const std::vector<std::string> &parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i)
      out += ", ";
    out += parts[i];
  }
  return out;
}

template <typename T> std::string intList(const std::vector<T> &v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i)
      out += ", ";
    out += std::to_string(v[i]);
  }
  return out + "]";
}

std::string reg(char file, int64_t r) {
  if (r == -1)
    return "_";
  return file + std::to_string(r);
}

std::string operand(const Operand &o) {
  if (o.reg < 0 && o.reg != -1)
    return "s" + std::to_string(o.reg) + "|" + std::to_string(o.value);
  if (o.reg == -1)
    return std::to_string(o.value);
  std::string s = reg('s', o.reg);
  if (o.value != 0)
    s += "|" + std::to_string(o.value);
  return s;
}

std::string operandList(const std::vector<Operand> &v) {
  std::vector<std::string> parts;
  for (const Operand &o : v)
    parts.push_back(operand(o));
  return "[" + join(parts) + "]";
}

// Postfix affine code -> a fully parenthesised infix expression, or the
// raw postfix form when the code is not one well-formed expression.
std::string affine(const AffineExprCode &e) {
  std::vector<std::string> stack;
  bool ok = true;
  for (const auto &[kind, value] : e.code) {
    switch (kind) {
    case AffineExprCode::Dim:
    case AffineExprCode::Sym:
      if (value < 0)
        ok = false;
      stack.push_back((kind == AffineExprCode::Dim ? "d" : "s") +
                      std::to_string(value));
      break;
    case AffineExprCode::Const:
      stack.push_back(std::to_string(value));
      break;
    case AffineExprCode::Add:
    case AffineExprCode::Mul:
    case AffineExprCode::Mod:
    case AffineExprCode::FloorDiv:
    case AffineExprCode::CeilDiv: {
      if (stack.size() < 2 || value != 0) {
        ok = false;
        break;
      }
      static const char *const ops[] = {"", "", "", "+", "*",
                                        "mod", "floordiv", "ceildiv"};
      std::string rhs = stack.back();
      stack.pop_back();
      std::string lhs = stack.back();
      stack.pop_back();
      stack.push_back("(" + lhs + " " + ops[kind] + " " + rhs + ")");
      break;
    }
    default:
      ok = false;
    }
    if (!ok)
      break;
  }
  if (ok && stack.size() == 1) {
    std::string s = stack.back();
    if (s.size() > 1 && s.front() == '(')
      s = s.substr(1, s.size() - 2); // the outermost parentheses
    return s;
  }
  // Not one expression: show the raw entries.
  std::string out = "postfix[";
  for (size_t i = 0; i < e.code.size(); ++i) {
    if (i)
      out += ", ";
    out += std::to_string(e.code[i].first) + ":" +
           std::to_string(e.code[i].second);
  }
  return out + "]";
}

std::string integerSet(const IntegerSetCode &s) {
  std::string out = "set(" + std::to_string(s.dims) + ", " +
                    std::to_string(s.symbols) + ") {";
  size_t n = std::max(s.exprs.size(), s.eq.size());
  for (size_t i = 0; i < n; ++i) {
    out += i ? ", " : " ";
    out += i < s.exprs.size() ? affine(s.exprs[i]) : "postfix[]";
    if (i >= s.eq.size())
      out += " ?";
    else if (s.eq[i] == 0)
      out += " >= 0";
    else if (s.eq[i] == 1)
      out += " == 0";
    else
      out += " eq" + std::to_string(s.eq[i]);
  }
  if (s.eq.size() < s.exprs.size())
    out += " eqcount " + std::to_string(s.eq.size());
  return out + (n ? " }" : "}");
}

bool isEmptySet(const IntegerSetCode &s) {
  return s.dims == 0 && s.symbols == 0 && s.exprs.empty() && s.eq.empty();
}

std::string viewPart(const ViewPart &p) {
  std::string out = p.lx ? "lx core " + operand(p.core) : "hbm";
  if (!p.lx && (p.core.reg != -1 || p.core.value != 0))
    out += " core " + operand(p.core);
  out += " base " + operand(p.base) + " sizes " + operandList(p.sizes) +
         " strides " + operandList(p.strides);
  if (!isEmptySet(p.coordinateSet))
    out += " coords " + integerSet(p.coordinateSet);
  if (!isEmptySet(p.partition))
    out += " partition " + integerSet(p.partition);
  if (!p.symbols.empty())
    out += " syms " + operandList(p.symbols);
  if (p.type != ElemType::None)
    out += std::string(" type ") + elemName(p.type);
  return out;
}

std::string constImm(ElemType type, int64_t imm) {
  if (isFloat(type)) {
    double d;
    std::memcpy(&d, &imm, sizeof d);
    return formatDouble(d);
  }
  return std::to_string(imm);
}

// True when the program's operand pool is exactly its instructions' args
// runs one after the other (and argBegin is 0 where argCount is 0): then
// the runs are written inline and the assembler rebuilds the pool.
bool canonicalOperands(const Program &p) {
  uint64_t cursor = 0;
  for (const Instr &in : p.code) {
    if (in.argCount == 0) {
      if (in.argBegin != 0)
        return false;
      continue;
    }
    if (in.argBegin != cursor)
      return false;
    cursor += in.argCount;
  }
  return cursor == p.operands.size();
}

bool isDefault(const Instr &in, Field f) {
  switch (f) {
  case Field::Dst:
    return in.dst == -1;
  case Field::A:
    return in.a == -1;
  case Field::B:
    return in.b == -1;
  case Field::C:
    return in.c == -1;
  case Field::Imm:
    return in.imm == 0;
  case Field::Aux:
    return in.aux == 0;
  case Field::Args:
    return in.argCount == 0;
  }
  return true;
}

int64_t fieldValue(const Instr &in, Field f) {
  switch (f) {
  case Field::Dst:
    return in.dst;
  case Field::A:
    return in.a;
  case Field::B:
    return in.b;
  case Field::C:
    return in.c;
  case Field::Imm:
    return in.imm;
  case Field::Aux:
    return in.aux;
  case Field::Args:
    return in.argCount;
  }
  return 0;
}

std::string argsText(const Program &p, const Instr &in, Kind kind) {
  std::vector<std::string> parts;
  uint64_t end = uint64_t(in.argBegin) + in.argCount;
  if (end > p.operands.size())
    return "[?" + std::to_string(in.argBegin) + "+" +
           std::to_string(in.argCount) + " outside " +
           std::to_string(p.operands.size()) + "]";
  for (uint32_t i = 0; i < in.argCount; ++i) {
    int32_t r = p.operands[in.argBegin + i];
    char file = kind == Kind::ArgsT                           ? 't'
                : kind == Kind::ArgsPairs && (i % 2 == 0)     ? 't'
                                                              : 's';
    parts.push_back(reg(file, r));
  }
  return "[" + join(parts) + "]";
}

std::string instrText(const Program &p, const Instr &in, bool canonical) {
  const OpSyntax *syn = opSyntax(in.op);
  std::string out;
  if (!syn) {
    out = "op#" + std::to_string(uint16_t(in.op));
  } else {
    out = syn->mnemonic;
  }
  if (in.type != ElemType::None)
    out += std::string(".") + elemName(in.type);
  if (in.lanes != 0)
    out += " x" + std::to_string(in.lanes);

  bool fieldShown[7] = {};
  bool fnShown = false;
  if (syn && syn->fn) {
    const char *name = aluName(in.fn);
    out += " ";
    out += name ? name : "fn#" + std::to_string(uint16_t(in.fn));
    fnShown = true;
    if (isCompare(in.fn)) {
      const char *pred = predicateName(in.fn, in.aux);
      out += " ";
      out += pred ? pred : std::to_string(in.aux);
      fieldShown[int(Field::Aux)] = true;
    }
  }

  std::vector<std::string> slots;
  size_t lastNonDefault = 0;
  if (syn) {
    for (int i = 0; i < syn->numSlots; ++i) {
      const Slot &s = syn->operands[i];
      std::string text;
      int64_t v = fieldValue(in, s.field);
      switch (s.kind) {
      case Kind::RegS:
        text = reg('s', v);
        break;
      case Kind::RegV:
        text = reg('v', v);
        break;
      case Kind::RegT:
        text = reg('t', v);
        break;
      case Kind::RegMov:
        text = reg(in.aux == 1 ? 'v' : in.aux == 2 ? 't' : 's', v);
        break;
      case Kind::RegRecv:
        text = reg(in.lanes > 0 ? 'v' : 't', v);
        break;
      case Kind::Target:
      case Kind::Channel:
      case Kind::Symbol:
      case Kind::Desc:
      case Kind::View:
        text = prefixOf(s.kind) + std::to_string(v);
        break;
      case Kind::Int:
        text = std::to_string(v);
        break;
      case Kind::Const:
        text = constImm(in.type, v);
        break;
      case Kind::Sticks:
      case Kind::Dim:
      case Kind::Bytes:
      case Kind::Lane:
      case Kind::Views:
        text = std::string(keywordOf(s.kind)) + " " + std::to_string(v);
        break;
      case Kind::ArgsS:
      case Kind::ArgsT:
      case Kind::ArgsPairs:
        text = argsText(p, in, s.kind);
        break;
      }
      fieldShown[int(s.field)] = true;
      slots.push_back(text);
      // Only optional operands (registers, argument lists, the ring view
      // start) are left off at the end when unset; numbers always show.
      bool optional = s.kind == Kind::RegS || s.kind == Kind::RegV ||
                      s.kind == Kind::RegT || s.kind == Kind::RegMov ||
                      s.kind == Kind::RegRecv || s.kind == Kind::ArgsS ||
                      s.kind == Kind::ArgsT || s.kind == Kind::ArgsPairs ||
                      s.kind == Kind::Views;
      if (!optional || !isDefault(in, s.field))
        lastNonDefault = slots.size();
    }
  }
  // Mov's register letters carry aux (0..2) when a register is shown.
  if (in.op == Opcode::Mov && in.aux <= 2 && lastNonDefault > 0)
    fieldShown[int(Field::Aux)] = true;
  slots.resize(lastNonDefault);
  // An argument list follows its operand without a comma: "dma d2 [s5]".
  for (size_t i = 0; i < slots.size(); ++i) {
    bool list = !slots[i].empty() && slots[i][0] == '[';
    out += i == 0 ? " " : list ? " " : ", ";
    out += slots[i];
  }
  if (in.srcType != ElemType::None)
    out += std::string(" from ") + elemName(in.srcType);

  std::vector<std::string> extras;
  if (!fnShown && in.fn != AluFn::AddI) {
    const char *name = aluName(in.fn);
    extras.push_back(std::string("fn=") +
                     (name ? name : std::to_string(uint16_t(in.fn))));
  }
  static const char *const fieldNames[] = {"dst", "a",   "b",   "c",
                                           "imm", "aux", "args"};
  for (int f = 0; f < 6; ++f)
    if (!fieldShown[f] && !isDefault(in, Field(f)))
      extras.push_back(std::string(fieldNames[f]) + "=" +
                       std::to_string(fieldValue(in, Field(f))));
  if (!fieldShown[int(Field::Args)] && in.argCount != 0)
    extras.push_back("args=" + argsText(p, in, Kind::ArgsS));
  if (!canonical && in.argBegin != 0)
    extras.push_back("argbegin=" + std::to_string(in.argBegin));
  if (!extras.empty())
    out += " {" + join(extras) + "}";
  return out;
}

class Printer {
public:
  Printer(const Module &m, Listing &out) : module(m), result(out) {}

  /// One line of text; `loc` names its location (its KTIR line), and
  /// `program` >= 0 says it is instruction `pc` of that program.
  void line(const std::string &text, uint32_t loc = 0, int program = -1,
            uint32_t pc = 0) {
    textOut << text << "\n";
    ListingLine l;
    l.ktirLine = loc != 0 && loc < module.locations.size()
                     ? module.locations[loc].ktirLine
                     : 0;
    l.program = program;
    l.pc = pc;
    result.lines.push_back(l);
  }

  // Appends "  // #3 line 7: arith.addf" for a location.
  std::string locComment(uint32_t loc) const {
    if (loc == 0)
      return "";
    std::string c = "  // #" + std::to_string(loc);
    if (loc < module.locations.size()) {
      const Location &l = module.locations[loc];
      if (l.ktirLine)
        c += " line " + std::to_string(l.ktirLine) + ":";
      if (!l.op.empty())
        c += " " + l.op;
    } else {
      c += " (no such location)";
    }
    return c;
  }

  void withLoc(std::string text, uint32_t loc, size_t column = 0,
               int program = -1, uint32_t pc = 0) {
    if (loc != 0 && text.size() < column)
      text.append(column - text.size(), ' ');
    line(text + locComment(loc), loc, program, pc);
  }

  std::string print();

private:
  void plan();
  void symbols();
  void views();
  void dmas();
  void programs();
  void locations();

  const Module &module;
  Listing &result;
  std::ostringstream textOut;
};

void Printer::plan() {
  const JobPlan &p = module.plan;
  line("");
  line("// ---- job plan ----");
  line("kernel " + quote(p.kernel));
  line("arch " + quote(p.arch));
  line("grid " + intList(p.grid));
  line("placement " + intList(p.placement) + "  // core of each tile");
  line("lx_peak " + std::to_string(p.lxPeakBytes));
  for (size_t i = 0; i < p.channels.size(); ++i) {
    const Channel &c = p.channels[i];
    std::string t = "channel c" + std::to_string(i) + " " +
                    nameOrQuoted(c.from) + " -> " + nameOrQuoted(c.to) +
                    " depth " + std::to_string(c.depth) + " " +
                    elemName(c.type) + " x" + std::to_string(c.lanes) +
                    " init " + std::to_string(c.initialTokens);
    withLoc(t, c.loc, 56);
  }
  for (size_t i = 0; i < p.buffers.size(); ++i) {
    const Buffer &b = p.buffers[i];
    std::string t = "buffer b" + std::to_string(i) + " " + quote(b.name) +
                    " at " + std::to_string(b.address) + " bytes " +
                    std::to_string(b.bytes) + " copies " +
                    std::to_string(b.copies);
    withLoc(t, b.loc, 56);
  }
  for (size_t i = 0; i < p.rings.size(); ++i) {
    const RingExchange &r = p.rings[i];
    std::string groups = "[";
    for (size_t g = 0; g < r.groups.size(); ++g)
      groups += (g ? ", " : "") + intList(r.groups[g]);
    groups += "]";
    std::string t = "ring r" + std::to_string(i) + " " +
                    nameOrQuoted(r.kind) + " groups " +
                    std::to_string(r.groupCount) + " members " +
                    std::to_string(r.members) + " tiles " + groups +
                    " bytes_per_step " + std::to_string(r.bytesPerStep) +
                    " steps " + std::to_string(r.steps) + " hops " +
                    std::to_string(r.hops);
    withLoc(t, r.loc, 56);
  }
}

void Printer::symbols() {
  line("");
  line("// ---- symbols: kernel arguments bound at launch ----");
  for (size_t i = 0; i < module.symbols.size(); ++i) {
    const Symbol &s = module.symbols[i];
    const char *kind = symbolKindName(s.kind);
    std::string uses = "[";
    for (size_t u = 0; u < s.uses.size(); ++u)
      uses += (u ? ", p" : "p") + std::to_string(s.uses[u].first) + "@" +
              std::to_string(s.uses[u].second);
    uses += "]";
    std::string t = "symbol $" + std::to_string(i) + " " + quote(s.name) +
                    " " + (kind ? kind : "kind#" + std::to_string(s.kind)) +
                    " " + elemName(s.type) + " arg " +
                    std::to_string(s.argument) + " uses " + uses;
    // A tensor base counts elements of its type: say how big they are.
    if (s.kind == Symbol::TensorBase && elemBytes(s.type) > 0)
      t += "  // base in " + std::to_string(elemBytes(s.type)) +
           "-byte elements";
    line(t);
  }
}

void Printer::views() {
  line("");
  line("// ---- LX views ----");
  for (size_t i = 0; i < module.lxViews.size(); ++i) {
    const LxView &v = module.lxViews[i];
    line("lxview lx" + std::to_string(i) + " " + intList(v.dims) + " " +
         elemName(v.type) + " row_bytes " + std::to_string(v.rowBytes) +
         " in b" + std::to_string(v.buffer));
  }
}

void Printer::dmas() {
  line("");
  line("// ---- DMA descriptors ----");
  for (size_t i = 0; i < module.dmas.size(); ++i) {
    const DmaDesc &d = module.dmas[i];
    line("dmadesc d" + std::to_string(i) + " " +
         (d.toLx ? "hbm_to_lx " : "lx_to_hbm ") + elemName(d.type) +
         " tile " + intList(d.tileShape) + " order " + intList(d.order) +
         " lx lx" + std::to_string(d.lxView) + " at " +
         operand(d.lxAddress) + " sticks " + std::to_string(d.sticks) +
         " hops " + std::to_string(d.hops));
    for (const ViewPart &p : d.view)
      line("  view " + viewPart(p));
    line("  anchor " + operandList(d.anchor));
    if (!isEmptySet(d.tileSet))
      line("  tile_set " + integerSet(d.tileSet));
    if (!d.indirectDims.empty())
      line("  indirect " + intList(d.indirectDims));
    for (const ViewPart &p : d.indexViews)
      line("  index_view " + viewPart(p));
    for (const auto &a : d.indexAnchors)
      line("  index_anchor " + operandList(a));
    if (!d.tileSymbols.empty())
      line("  tile_syms " + operandList(d.tileSymbols));
    if (!d.captured.empty())
      line("  captured " + operandList(d.captured));
    for (const DmaDesc::Subscript &s : d.subscripts) {
      std::vector<std::string> exprs;
      for (const AffineExprCode &e : s.exprs)
        exprs.push_back(affine(e));
      line("  subscript " +
           (s.indexView == -1 ? std::string("direct")
                              : "index " + std::to_string(s.indexView)) +
           " [" + join(exprs) + "]");
    }
    if (d.chunked)
      line("  chunk at " + operand(d.firstStick));
    if (d.layout != uint8_t(TileLayout::Box)) {
      const char *name = tileLayoutName(d.layout);
      line("  layout " + (name ? std::string(name) : std::to_string(d.layout)));
    }
  }
}

void Printer::programs() {
  result.firstInstruction.assign(module.programs.size(), 0);
  for (size_t pi = 0; pi < module.programs.size(); ++pi) {
    const Program &p = module.programs[pi];
    line("");
    line("// ---- program p" + std::to_string(pi) + ": " + p.unit + " (" +
         std::to_string(p.code.size()) + " instructions) ----");
    line("program p" + std::to_string(pi) + " " + nameOrQuoted(p.unit) +
         " instances " + std::to_string(p.instances) + " per_core " +
         std::to_string(p.perCore) + " sregs " + std::to_string(p.numSRegs) +
         " vregs " + std::to_string(p.numVRegs));
    for (size_t t = 0; t < p.tileRegs.size(); ++t)
      line("  tile t" + std::to_string(t) + " " +
           intList(p.tileRegs[t].dims) + " " + elemName(p.tileRegs[t].type));
    if (!p.ringViews.empty()) {
      std::vector<std::string> v;
      for (int32_t r : p.ringViews)
        v.push_back("lx" + std::to_string(r));
      line("  ring_views [" + join(v) + "]");
    }
    bool canonical = canonicalOperands(p);
    if (!canonical)
      line("  operands " + intList(p.operands));
    int width = std::to_string(p.code.size()).size();
    for (size_t i = 0; i < p.code.size(); ++i) {
      std::string idx = std::to_string(i);
      std::string t = std::string(2 + width - idx.size(), ' ') + idx + ": " +
                      instrText(p, p.code[i], canonical);
      if (i == 0)
        result.firstInstruction[pi] = int(result.lines.size()) + 1;
      withLoc(t, p.code[i].loc, 52, int(pi), uint32_t(i));
    }
  }
}

void Printer::locations() {
  line("");
  line("// ---- line table: KTIR line, DataflowIR line, op ----");
  for (size_t i = 0; i < module.locations.size(); ++i) {
    const Location &l = module.locations[i];
    line("location #" + std::to_string(i) + " line " +
             std::to_string(l.ktirLine) + " dflow " +
             std::to_string(l.dataflowLine) + " " + quote(l.op),
         uint32_t(i));
  }
}

std::string Printer::print() {
  line("// SpyreCode listing -- a model ISA (docs/spyrecode.md), not IBM's");
  line("spyrecode version " + std::to_string(module.version));
  line("source " + quote(module.sourceName));
  plan();
  symbols();
  views();
  dmas();
  programs();
  locations();
  return textOut.str();
}

} // namespace

Listing printListing(const Module &module) {
  Listing listing;
  Printer p(module, listing);
  listing.text = p.print();
  return listing;
}

int Listing::lineOf(int program, uint32_t pc) const {
  if (program < 0 || size_t(program) >= firstInstruction.size() ||
      firstInstruction[size_t(program)] == 0)
    return 0;
  size_t line = size_t(firstInstruction[size_t(program)]) + pc;
  if (line > lines.size() || lines[line - 1].program != program ||
      lines[line - 1].pc != pc)
    return 0;
  return int(line);
}

std::vector<int> Listing::ktirLines() const {
  std::vector<int> out;
  out.reserve(lines.size());
  for (const ListingLine &l : lines)
    out.push_back(l.ktirLine);
  return out;
}

std::string printInstr(const Module &, const Program &program,
                       const Instr &instr) {
  return instrText(program, instr, canonicalOperands(program));
}

} // namespace spyre::code
