//===- Verify.cpp - the static checks of a SpyreCode module ---------------===//

#include "spyrecode/Verify.h"

#include <map>
#include <set>
#include <string>

namespace spyre::code {

void registerRefs(const Program &p, const Instr &in, std::vector<RegRef> &out) {
  using F = RegRef::File;
  auto read = [&](F f, int32_t r, bool required) {
    out.push_back({f, r, false, required});
  };
  auto write = [&](F f, int32_t r) { out.push_back({f, r, true, true}); };
  auto args = [&](F f, bool pairs) {
    for (uint32_t i = 0; i < in.argCount; ++i) {
      int32_t r = p.operands[in.argBegin + i];
      if (pairs && i % 2 == 0)
        write(F::T, r);
      else
        read(pairs ? F::S : f, r, true);
    }
  };
  F vecOrTile = in.lanes > 0 ? F::V : F::T;
  switch (in.op) {
  case Opcode::Nop:
  case Opcode::Jmp:
  case Opcode::Halt:
  case Opcode::Signal:
  case Opcode::Wait:
  case Opcode::Barrier:
    break;
  case Opcode::Const:
  case Opcode::Arg:
    write(F::S, in.dst);
    break;
  case Opcode::Mov: {
    F f = in.aux == 1 ? F::V : in.aux == 2 ? F::T : F::S;
    read(f, in.a, true);
    write(f, in.dst);
    break;
  }
  case Opcode::SAlu:
    read(F::S, in.a, true);
    read(F::S, in.b, false);
    read(F::S, in.c, false);
    write(F::S, in.dst);
    break;
  case Opcode::Brz:
  case Opcode::Brnz:
    read(F::S, in.a, true);
    break;
  case Opcode::VAlu:
    read(F::V, in.a, true);
    read(F::V, in.b, false);
    read(F::V, in.c, false);
    write(F::V, in.dst);
    break;
  case Opcode::VSplat:
    read(F::S, in.a, true);
    write(F::V, in.dst);
    break;
  case Opcode::VReduce:
    read(F::V, in.a, true);
    read(F::S, in.b, false);
    write(F::S, in.dst);
    break;
  case Opcode::VExtract:
    read(F::V, in.a, true);
    read(F::S, in.b, false);
    write(F::S, in.dst);
    break;
  case Opcode::VInsert:
    read(F::V, in.a, true);
    read(F::S, in.b, true);
    read(F::S, in.c, false);
    write(F::V, in.dst);
    break;
  case Opcode::TRead:
    read(F::T, in.a, true);
    read(F::S, in.b, false);
    args(F::S, false);
    write(F::V, in.dst);
    break;
  case Opcode::TWrite:
    read(F::T, in.a, true);
    read(F::V, in.b, true);
    args(F::S, false);
    write(F::T, in.dst);
    break;
  case Opcode::TExtract:
    read(F::T, in.a, true);
    args(F::S, false);
    write(F::S, in.dst);
    break;
  case Opcode::TInsert:
    read(F::T, in.a, true);
    read(F::S, in.b, true);
    args(F::S, false);
    write(F::T, in.dst);
    break;
  case Opcode::TSplat:
    read(F::S, in.a, false);
    write(F::T, in.dst);
    break;
  case Opcode::Recv:
    write(vecOrTile, in.dst);
    break;
  case Opcode::Send:
    read(vecOrTile, in.a, true);
    break;
  case Opcode::Stream:
  case Opcode::Collect:
    read(F::S, in.a, true);
    read(F::S, in.b, false);
    break;
  case Opcode::Dma:
    args(F::S, false);
    break;
  case Opcode::RingSend:
    read(F::S, in.a, true);
    args(F::T, false);
    break;
  case Opcode::RingRecv:
    read(F::S, in.a, true);
    args(F::S, true);
    break;
  }
}

int successorsOf(const Program &p, size_t pc, size_t succ[2]) {
  const Instr &in = p.code[pc];
  const size_t size = p.code.size();
  int n = 0;
  if (in.op == Opcode::Jmp) {
    succ[n++] = size_t(in.imm);
  } else if (in.op == Opcode::Brz || in.op == Opcode::Brnz) {
    succ[n++] = size_t(in.imm);
    if (pc + 1 < size)
      succ[n++] = pc + 1;
  } else if (in.op != Opcode::Halt && pc + 1 < size) {
    succ[n++] = pc + 1;
  }
  return n;
}

std::vector<CodeError> checkChannels(const Module &m) {
  std::vector<CodeError> errors;
  size_t n = m.plan.channels.size();
  std::vector<std::set<int32_t>> producers(n), consumers(n);
  std::vector<std::pair<int32_t, int32_t>> firstUse(n, {-1, -1});
  for (size_t pi = 0; pi < m.programs.size(); ++pi) {
    const Program &p = m.programs[pi];
    for (size_t i = 0; i < p.code.size(); ++i) {
      const Instr &in = p.code[i];
      int64_t ch = -1;
      bool produces = false;
      switch (in.op) {
      case Opcode::Send:
      case Opcode::Signal:
        ch = in.imm;
        produces = true;
        break;
      case Opcode::Stream:
        ch = in.c;
        produces = true;
        break;
      case Opcode::Recv:
      case Opcode::Wait:
        ch = in.imm;
        break;
      case Opcode::Collect:
        ch = in.c;
        break;
      default:
        continue;
      }
      if (ch < 0 || size_t(ch) >= n)
        continue; // validateStructure reports it
      (produces ? producers : consumers)[size_t(ch)].insert(int32_t(pi));
      if (firstUse[size_t(ch)].first < 0)
        firstUse[size_t(ch)] = {int32_t(pi), int32_t(i)};
    }
  }
  auto names = [&](const std::set<int32_t> &s) {
    std::string out;
    for (int32_t p : s)
      out += (out.empty() ? "p" : ", p") + std::to_string(p) + " (" +
             m.programs[size_t(p)].unit + ")";
    return out.empty() ? std::string("none") : out;
  };
  for (size_t c = 0; c < n; ++c) {
    const Channel &ch = m.plan.channels[c];
    std::string w = "channel c" + std::to_string(c) + " (" + ch.from +
                    " -> " + ch.to + ")";
    if (producers[c].size() != 1 || consumers[c].size() != 1) {
      errors.push_back({w + " needs exactly one producing and one consuming "
                            "program; producers: " +
                            names(producers[c]) + "; consumers: " +
                            names(consumers[c]),
                        -1, -1, ch.loc});
      continue;
    }
    const Program &from = m.programs[size_t(*producers[c].begin())];
    const Program &to = m.programs[size_t(*consumers[c].begin())];
    if (from.unit != ch.from || to.unit != ch.to)
      errors.push_back({w + " is used from " + from.unit + " to " + to.unit,
                        -1, -1, ch.loc});
  }
  return errors;
}

std::vector<CodeError> checkDefBeforeUse(const Module &m) {
  std::vector<CodeError> errors;
  std::vector<RegRef> refs;
  for (size_t pi = 0; pi < m.programs.size(); ++pi) {
    const Program &p = m.programs[pi];
    size_t nS = size_t(p.numSRegs), nV = size_t(p.numVRegs);
    size_t nT = p.tileRegs.size();
    size_t bits = nS + nV + nT;
    size_t words = (bits + 63) / 64;
    size_t size = p.code.size();
    auto bitOf = [&](const RegRef &r) {
      return size_t(r.reg) +
             (r.file == RegRef::S ? 0 : r.file == RegRef::V ? nS : nS + nV);
    };
    // in[pc]: registers defined on every path reaching pc. Start from
    // "everything" (the meet's identity) for all but the entry.
    std::vector<uint64_t> in(size * words, ~uint64_t(0));
    std::vector<bool> reached(size, false);
    for (size_t w = 0; w < words; ++w)
      in[w] = 0;
    in[0] |= 1;                 // S0
    in[0] |= uint64_t(nS > 1) << 1; // S1
    reached[0] = true;
    std::vector<size_t> work{0};
    std::vector<uint64_t> out(words);
    while (!work.empty()) {
      size_t pc = work.back();
      work.pop_back();
      std::copy(in.begin() + pc * words, in.begin() + (pc + 1) * words,
                out.begin());
      refs.clear();
      registerRefs(p, p.code[pc], refs);
      for (const RegRef &r : refs)
        if (r.write && r.reg >= 0) {
          size_t b = bitOf(r);
          out[b / 64] |= uint64_t(1) << (b % 64);
        }
      size_t succ[2];
      int nsucc = successorsOf(p, pc, succ);
      for (int s = 0; s < nsucc; ++s) {
        size_t t = succ[s];
        bool changed = !reached[t];
        reached[t] = true;
        for (size_t w = 0; w < words; ++w) {
          uint64_t v = in[t * words + w] & out[w];
          if (v != in[t * words + w]) {
            in[t * words + w] = v;
            changed = true;
          }
        }
        if (changed)
          work.push_back(t);
      }
    }
    for (size_t pc = 0; pc < size; ++pc) {
      if (!reached[pc])
        continue;
      refs.clear();
      registerRefs(p, p.code[pc], refs);
      for (const RegRef &r : refs) {
        if (r.write || r.reg < 0)
          continue;
        size_t b = bitOf(r);
        if (in[pc * words + b / 64] & (uint64_t(1) << (b % 64)))
          continue;
        const char *f = r.file == RegRef::S   ? "s"
                        : r.file == RegRef::V ? "v"
                                              : "t";
        errors.push_back({std::string(f) + std::to_string(r.reg) +
                              " is read before it is written on some path",
                          int32_t(pi), int32_t(pc), p.code[pc].loc});
        if (errors.size() >= 50)
          return errors;
      }
    }
  }
  return errors;
}

namespace {

// Registers with exactly one static definition, a `const` of an integer
// type: their value wherever they are read (once def-before-use holds).
std::map<int32_t, int64_t> constantRegisters(const Program &p) {
  std::map<int32_t, int> writes;
  std::map<int32_t, int64_t> values;
  std::vector<RegRef> refs;
  for (const Instr &in : p.code) {
    refs.clear();
    registerRefs(p, in, refs);
    for (const RegRef &r : refs)
      if (r.write && r.file == RegRef::S)
        ++writes[r.reg];
    if (in.op == Opcode::Const && !isFloat(in.type))
      values[in.dst] = in.imm;
  }
  writes[0] += 1; // S0 and S1 are set at launch
  writes[1] += 1;
  std::map<int32_t, int64_t> known;
  for (const auto &[reg, value] : values)
    if (writes[reg] == 1)
      known[reg] = value;
  return known;
}

} // namespace

std::vector<CodeError> checkLxBounds(const Module &m) {
  std::vector<CodeError> errors;
  for (size_t pi = 0; pi < m.programs.size(); ++pi) {
    const Program &p = m.programs[pi];
    std::map<int32_t, int64_t> known = constantRegisters(p);
    auto valueOf = [&](const Operand &o, int64_t &v) {
      if (o.reg < 0) {
        v = o.value;
        return true;
      }
      auto it = known.find(o.reg);
      if (it == known.end())
        return false;
      v = it->second;
      return true;
    };
    for (size_t i = 0; i < p.code.size(); ++i) {
      const Instr &in = p.code[i];
      auto check = [&](int64_t viewIndex, const Operand &address) {
        int64_t a = 0;
        if (!valueOf(address, a))
          return;
        const LxView &v = m.lxViews[size_t(viewIndex)];
        const Buffer &b = m.plan.buffers[size_t(v.buffer)];
        int64_t rows = 1;
        for (size_t d = 0; d + 1 < v.dims.size(); ++d)
          rows *= v.dims[d]; // no overflow: validateStructure checked it
        int64_t extent = rows * v.rowBytes;
        int64_t bufEnd = b.address + b.bytes * b.copies;
        int64_t end = 0;
        if (a < b.address || __builtin_add_overflow(a, extent, &end) ||
            end > bufEnd)
          errors.push_back(
              {"LX view lx" + std::to_string(viewIndex) + " at address " +
                   std::to_string(a) + " (" + std::to_string(extent) +
                   " bytes) is outside its buffer b" +
                   std::to_string(v.buffer) + " [" +
                   std::to_string(b.address) + ", " + std::to_string(bufEnd) +
                   ")",
               int32_t(pi), int32_t(i), in.loc});
      };
      switch (in.op) {
      case Opcode::Stream:
      case Opcode::Collect: {
        Operand addr;
        addr.reg = in.a;
        check(in.imm, addr);
        break;
      }
      case Opcode::Dma: {
        const DmaDesc &d = m.dmas[size_t(in.imm)];
        check(d.lxView, d.lxAddress);
        break;
      }
      case Opcode::RingRecv:
        for (uint32_t k = 0; k + 1 < in.argCount; k += 2) {
          Operand addr;
          addr.reg = p.operands[in.argBegin + k + 1];
          check(p.ringViews[size_t(in.imm) + k / 2], addr);
        }
        break;
      default:
        break;
      }
    }
  }
  return errors;
}

std::vector<CodeError> checkSymbols(const Module &m) {
  std::vector<CodeError> errors;
  std::map<std::string, size_t> names;
  for (size_t s = 0; s < m.symbols.size(); ++s) {
    auto [it, fresh] = names.insert({m.symbols[s].name, s});
    if (!fresh)
      errors.push_back({"symbols $" + std::to_string(it->second) + " and $" +
                        std::to_string(s) + " are both named '" +
                        m.symbols[s].name + "'"});
  }
  // The arg instructions reading each symbol, against its `uses`.
  std::vector<std::set<std::pair<int32_t, int32_t>>> reads(m.symbols.size());
  for (size_t pi = 0; pi < m.programs.size(); ++pi) {
    const Program &p = m.programs[pi];
    for (size_t i = 0; i < p.code.size(); ++i)
      if (p.code[i].op == Opcode::Arg)
        reads[size_t(p.code[i].imm)].insert({int32_t(pi), int32_t(i)});
  }
  for (size_t s = 0; s < m.symbols.size(); ++s) {
    const Symbol &sym = m.symbols[s];
    std::set<std::pair<int32_t, int32_t>> uses(sym.uses.begin(),
                                               sym.uses.end());
    std::string w = "symbol $" + std::to_string(s) + " '" + sym.name + "'";
    if (uses.size() != sym.uses.size())
      errors.push_back({w + " lists a use twice"});
    for (const auto &u : uses)
      if (!reads[s].count(u))
        errors.push_back({w + " lists p" + std::to_string(u.first) + "@" +
                              std::to_string(u.second) +
                              " as a use, which is not an 'arg $" +
                              std::to_string(s) + "'",
                          u.first, u.second});
    for (const auto &r : reads[s])
      if (!uses.count(r))
        errors.push_back({w + " is read here but its uses do not list it",
                          r.first, r.second,
                          m.programs[size_t(r.first)].code[size_t(r.second)].loc});
  }
  return errors;
}

std::vector<CodeError> verifyModule(const Module &m) {
  std::vector<CodeError> errors = validateStructure(m);
  if (!errors.empty())
    return errors;
  for (auto check : {checkChannels, checkDefBeforeUse, checkLxBounds,
                     checkSymbols}) {
    std::vector<CodeError> more = check(m);
    errors.insert(errors.end(), more.begin(), more.end());
  }
  return errors;
}

} // namespace spyre::code
