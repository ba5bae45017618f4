//===- FuzzEmulator.cpp - hostile SpyreCode for the emulator -------------===//

#include "FuzzEmulator.h"

#include "driver/Compile.h"
#include "driver/Run.h"
#include "spyrecode/Binary.h"
#include "support/NumberText.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace spyre::fuzz {

namespace {

uint64_t readLe(const std::vector<uint8_t> &b, size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i)
    v |= uint64_t(b[at + size_t(i)]) << (8 * i);
  return v;
}

void writeLe(std::vector<uint8_t> &b, size_t at, uint64_t v, int bytes) {
  for (int i = 0; i < bytes && at + size_t(i) < b.size(); ++i)
    b[at + size_t(i)] = uint8_t(v >> (8 * i));
}

/// Integers at the edges of the fields' widths and of the tables they index.
const std::vector<int64_t> &edgeIntegers() {
  static const std::vector<int64_t> values = {
      0, 1, 2, 3, 7, 15, 16, 63, 64, 65, 127, 128, 255, 256, 1000, 65535,
      65536, -1, -2, INT32_MAX, INT32_MIN, int64_t(UINT32_MAX),
      int64_t(1) << 32, int64_t(1) << 53, int64_t(1) << 62, INT64_MAX,
      INT64_MIN, (int64_t(1) << 62) - 1, -(int64_t(1) << 62)};
  return values;
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
  return buf;
}

int64_t edgeValue(Rng &rng) {
  return below(rng, 5) == 0 ? int64_t(rng()) : pick(edgeIntegers(), rng);
}

} // namespace

bool makeEmuSeed(const std::string &name, const std::string &source,
                 bool exact, EmuSeed &out) {
  driver::CompileRequest compile;
  compile.source = source;
  compile.sourceName = name;
  driver::CompileResult compiled = driver::compileKernel(compile);
  if (!compiled.ok || !compiled.spyreCode)
    return false;
  driver::RunRequest request;
  request.source = source;
  request.sourceName = name;
  request.seed = 1;
  driver::PreparedRun run(request);
  if (!run.ok() || !run.placedRegions().empty() || !run.boundRanges().empty() ||
      !run.automaticAddresses().empty())
    return false;
  out = EmuSeed{};
  out.name = name;
  out.source = source;
  out.module = compiled.spyreCode;
  out.spyb = code::writeBinary(*out.module);
  out.exact = exact;
  for (const driver::PreparedRun::PlacedArgument &a : run.placedArguments()) {
    if (a.isArray && a.array)
      out.arrays[a.name] = *a.array;
    else
      out.values[a.name] =
          a.integer ? std::to_string(*a.integer) : shortestText(a.scalar);
  }
  // Every symbol must be one of the arguments placed (the .spyb path binds
  // by name and knows nothing else).
  for (const code::Symbol &s : out.module->symbols)
    if (!out.arrays.count(s.name) && !out.values.count(s.name))
      return false;
  return true;
}

std::vector<uint8_t> mutateSpybBytes(const std::vector<uint8_t> &spyb,
                                     Rng &rng, std::string &what) {
  std::vector<uint8_t> b = spyb;
  // The section table: u32 kind, u32 index, u64 offset, u64 size each.
  struct Section {
    uint32_t kind, index;
    uint64_t offset, size;
  };
  std::vector<Section> targets;
  if (b.size() >= 28) {
    uint64_t count = readLe(b, 12, 4);
    for (uint64_t i = 0; i < count && 24 + 24 * (i + 1) <= b.size(); ++i) {
      size_t at = size_t(24 + 24 * i);
      Section s{uint32_t(readLe(b, at, 4)), uint32_t(readLe(b, at + 4, 4)),
                readLe(b, at + 8, 8), readLe(b, at + 16, 8)};
      // 6: a program's code, 7: the line table.
      if ((s.kind == 6 || s.kind == 7) && s.size > 0 &&
          s.offset + s.size <= b.size() - 4)
        targets.push_back(s);
    }
  }
  if (targets.empty()) {
    what = "no code section";
    return b;
  }
  int changes = 1 + int(below(rng, 3));
  what.clear();
  for (int n = 0; n < changes; ++n) {
    const Section &s = pick(targets, rng);
    static const int widths[] = {1, 2, 4, 8};
    int width = widths[below(rng, 4)];
    size_t at = size_t(s.offset + below(rng, s.size));
    uint64_t value = uint64_t(edgeValue(rng));
    writeLe(b, at, value, width);
    what += (what.empty() ? "" : ", ") +
            std::string(s.kind == 6 ? "code section " + std::to_string(s.index)
                                    : std::string("line table")) +
            " byte " + std::to_string(at - s.offset) + " = " +
            std::to_string(int64_t(value)) + " (" + std::to_string(width) +
            " bytes)";
  }
  writeLe(b, b.size() - 4, code::crc32Of(b.data(), b.size() - 4), 4);
  return b;
}

code::Module mutateSpybField(const code::Module &module, Rng &rng,
                             std::string &what) {
  code::Module m = module;
  if (below(rng, 5) == 0 && m.locations.size() > 1) {
    size_t i = 1 + below(rng, m.locations.size() - 1);
    code::Location &l = m.locations[i];
    switch (below(rng, 3)) {
    case 0:
      l.ktirLine = int(edgeValue(rng));
      what = "location #" + std::to_string(i) + " ktir line " +
             std::to_string(l.ktirLine);
      break;
    case 1:
      l.dataflowLine = int(edgeValue(rng));
      what = "location #" + std::to_string(i) + " dataflow line " +
             std::to_string(l.dataflowLine);
      break;
    default:
      l.op = below(rng, 2) ? std::string(100000, 'x')
                           : std::string("a\0\n\"\\\xff", 6);
      what = "location #" + std::to_string(i) + " op name of " +
             std::to_string(l.op.size()) + " bytes";
    }
    return m;
  }
  std::vector<size_t> programs;
  for (size_t p = 0; p < m.programs.size(); ++p)
    if (!m.programs[p].code.empty())
      programs.push_back(p);
  if (programs.empty()) {
    what = "no instruction";
    return m;
  }
  size_t p = pick(programs, rng);
  code::Program &prog = m.programs[p];
  size_t i = below(rng, prog.code.size());
  code::Instr &in = prog.code[i];
  int64_t v = edgeValue(rng);
  static const char *fields[] = {"op",   "fn",       "type",     "srcType",
                                 "lanes", "aux",     "dst",      "a",
                                 "b",    "c",        "imm",      "argBegin",
                                 "argCount", "loc",  "operand",  "sregs",
                                 "vregs", "tile"};
  size_t field = below(rng, sizeof fields / sizeof *fields);
  switch (field) {
  case 0: in.op = code::Opcode(uint16_t(below(rng, 3) ? below(rng, 26) : v)); break;
  case 1: in.fn = code::AluFn(uint16_t(below(rng, 3) ? below(rng, 80) : v)); break;
  case 2: in.type = code::ElemType(uint8_t(below(rng, 13))); break;
  case 3: in.srcType = code::ElemType(uint8_t(below(rng, 13))); break;
  case 4: in.lanes = uint16_t(v); break;
  case 5: in.aux = uint16_t(v); break;
  case 6: in.dst = int32_t(v); break;
  case 7: in.a = int32_t(v); break;
  case 8: in.b = int32_t(v); break;
  case 9: in.c = int32_t(v); break;
  case 10: in.imm = v; break;
  case 11: in.argBegin = uint32_t(v); break;
  case 12: in.argCount = uint32_t(v); break;
  case 13: in.loc = uint32_t(v); break;
  case 14:
    if (!prog.operands.empty())
      prog.operands[below(rng, prog.operands.size())] = int32_t(v);
    break;
  case 15: prog.numSRegs = int32_t(v); break;
  case 16: prog.numVRegs = int32_t(v); break;
  default:
    if (!prog.tileRegs.empty() && !prog.tileRegs[0].dims.empty())
      prog.tileRegs[0].dims[below(rng, prog.tileRegs[0].dims.size())] = v;
  }
  what = "program " + std::to_string(p) + " instruction " + std::to_string(i) +
         " " + fields[field] + " = " + std::to_string(v);
  return m;
}

bool unwrittenChannel(code::Module &module, Rng &rng, std::string &what) {
  auto channelOf = [](const code::Instr &in) -> int64_t {
    if (in.op == code::Opcode::Send || in.op == code::Opcode::Signal)
      return in.imm;
    if (in.op == code::Opcode::Stream)
      return in.c;
    return -1;
  };
  std::vector<int64_t> written;
  for (const code::Program &p : module.programs)
    for (const code::Instr &in : p.code)
      if (int64_t c = channelOf(in); c >= 0 &&
          std::find(written.begin(), written.end(), c) == written.end())
        written.push_back(c);
  if (written.empty())
    return false;
  int64_t channel = pick(written, rng);
  int removed = 0;
  for (code::Program &p : module.programs)
    for (code::Instr &in : p.code)
      if (channelOf(in) == channel) {
        code::Instr nop;
        nop.loc = in.loc;
        in = nop;
        ++removed;
      }
  if (size_t(channel) < module.plan.channels.size())
    module.plan.channels[size_t(channel)].initialTokens = 0;
  what = "channel " + std::to_string(channel) + " nobody writes (" +
         std::to_string(removed) + " writers removed)";
  return true;
}

bool barrierOnTileZero(code::Module &module, Rng &rng, std::string &what) {
  std::vector<size_t> programs;
  for (size_t p = 0; p < module.programs.size(); ++p)
    if (!module.programs[p].code.empty())
      programs.push_back(p);
  if (programs.empty())
    return false;
  size_t p = pick(programs, rng);
  code::Program &prog = module.programs[p];
  // brnz s0 (the tile), @2; barrier; then the program as it was.
  for (code::Instr &in : prog.code)
    if (in.op == code::Opcode::Jmp || in.op == code::Opcode::Brz ||
        in.op == code::Opcode::Brnz)
      in.imm += 2;
  code::Instr skip;
  skip.op = code::Opcode::Brnz;
  skip.a = 0;
  skip.imm = 2;
  code::Instr barrier;
  barrier.op = code::Opcode::Barrier;
  prog.code.insert(prog.code.begin(), {skip, barrier});
  for (code::Symbol &s : module.symbols)
    for (auto &[program, instr] : s.uses)
      if (size_t(program) == p)
        instr += 2;
  what = "a barrier only tile 0's " + prog.unit + " reaches";
  return true;
}

std::map<std::string, npy::Array>
withSpecialValues(const std::map<std::string, npy::Array> &arrays, Rng &rng,
                  std::string &what) {
  static const std::vector<uint64_t> f16 = {
      0x7e00, 0x7c01, 0x7fff, 0xfe00, 0x7c00, 0xfc00, 0x0001, 0x8001,
      0x03ff, 0x0400, 0x7bff, 0xfbff, 0x8000, 0x0000};
  static const std::vector<uint64_t> f32 = {
      0x7fc00000, 0x7f800001, 0x7fffffff, 0xffc00000, 0x7f800000,
      0xff800000, 0x00000001, 0x80000001, 0x007fffff, 0x00800000,
      0x7f7fffff, 0xff7fffff, 0x80000000};
  static const std::vector<uint64_t> f64 = {
      0x7ff8000000000000, 0x7ff0000000000001, 0xfff8000000000000,
      0x7ff0000000000000, 0xfff0000000000000, 0x0000000000000001,
      0x000fffffffffffff, 0x7fefffffffffffff, 0x8000000000000000};
  std::map<std::string, npy::Array> out = arrays;
  what.clear();
  for (auto &[name, a] : out) {
    const std::vector<uint64_t> *bits = a.dtype == "f16"   ? &f16
                                        : a.dtype == "f32" ? &f32
                                        : a.dtype == "f64" ? &f64
                                                           : nullptr;
    size_t size = npy::elementSize(a.dtype);
    if (!bits || size == 0 || a.data.size() < size)
      continue;
    size_t elements = a.data.size() / size;
    size_t count = 1 + below(rng, 8);
    if (below(rng, 4) == 0)
      count = elements; // every element special
    for (size_t k = 0; k < count; ++k) {
      size_t i = count == elements ? k : below(rng, elements);
      uint64_t v = pick(*bits, rng);
      std::memcpy(a.data.data() + i * size, &v, size);
    }
    what += (what.empty() ? "" : ", ") + std::to_string(count) +
            " special values in " + name;
  }
  return out;
}

bool sameUpToNanPayloads(const std::map<std::string, npy::Array> &interp,
                         const std::map<std::string, npy::Array> &emu,
                         std::string &why) {
  for (const auto &[name, want] : interp) {
    auto it = emu.find(name);
    if (it == emu.end()) {
      why = "the emulator has no array " + name;
      return false;
    }
    const npy::Array &got = it->second;
    size_t size = npy::elementSize(want.dtype);
    if (got.data.size() != want.data.size() || size == 0) {
      why = name + ": the sizes differ";
      return false;
    }
    bool isFloat = want.dtype == "f16" || want.dtype == "f32" ||
                   want.dtype == "f64";
    for (size_t i = 0; i * size < want.data.size(); ++i) {
      const uint8_t *a = want.data.data() + i * size;
      const uint8_t *b = got.data.data() + i * size;
      if (std::memcmp(a, b, size) == 0)
        continue;
      uint64_t x = 0, y = 0;
      std::memcpy(&x, a, size);
      std::memcpy(&y, b, size);
      int exp = size == 2 ? 10 : size == 4 ? 23 : 52;
      uint64_t expMask = size == 2 ? 0x1f : size == 4 ? 0xff : 0x7ff;
      auto isNan = [&](uint64_t v) {
        return ((v >> exp) & expMask) == expMask &&
               (v & ((uint64_t(1) << exp) - 1)) != 0;
      };
      if (isFloat && isNan(x) && isNan(y))
        continue;
      why = name + " element " + std::to_string(i) + ": interpreter bits " +
            hex(x) + ", emulator bits " + hex(y);
      return false;
    }
  }
  return true;
}

const std::vector<std::string> &hugeAddresses() {
  static const std::vector<std::string> values = {
      "1152921504606846976", "2305843009213693951", "2305843009213693952",
      "4611686018427387903", "4611686018427387904", "9223372036854775807",
      "-1", "-9223372036854775808", "9223372036854775744"};
  return values;
}

} // namespace spyre::fuzz
