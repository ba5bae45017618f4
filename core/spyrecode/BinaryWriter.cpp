//===- BinaryWriter.cpp - encode a Module as a .spyb file -----------------===//

#include "spyrecode/Binary.h"
#include "spyrecode/BinaryFormat.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <zlib.h>

namespace spyre::code {
namespace {

using namespace binary;

class Out {
public:
  std::vector<uint8_t> bytes;

  void u8(uint8_t v) { bytes.push_back(v); }
  void le(uint64_t v, int n) {
    for (int i = 0; i < n; ++i)
      bytes.push_back(uint8_t(v >> (8 * i)));
  }
  void u16(uint16_t v) { le(v, 2); }
  void u32(uint32_t v) { le(v, 4); }
  void i32(int32_t v) { le(uint32_t(v), 4); }
  void u64(uint64_t v) { le(v, 8); }
  void i64(int64_t v) { le(uint64_t(v), 8); }
  void count(size_t n) { u32(uint32_t(n)); }
  void str(const std::string &s) {
    count(s.size());
    bytes.insert(bytes.end(), s.begin(), s.end());
  }
  void i64s(const std::vector<int64_t> &v) {
    count(v.size());
    for (int64_t x : v)
      i64(x);
  }
  void i32s(const std::vector<int32_t> &v) {
    count(v.size());
    for (int32_t x : v)
      i32(x);
  }
  void operand(const Operand &o) {
    i32(o.reg);
    i64(o.value);
  }
  void operands(const std::vector<Operand> &v) {
    count(v.size());
    for (const Operand &o : v)
      operand(o);
  }
  void affine(const AffineExprCode &e) {
    count(e.code.size());
    for (const auto &[kind, value] : e.code) {
      u8(kind);
      i64(value);
    }
  }
  void set(const IntegerSetCode &s) {
    i32(s.dims);
    i32(s.symbols);
    count(s.exprs.size());
    for (const AffineExprCode &e : s.exprs)
      affine(e);
    count(s.eq.size());
    for (uint8_t q : s.eq)
      u8(q);
  }
  void part(const ViewPart &p) {
    u8(p.lx ? 1 : 0);
    operand(p.core);
    operand(p.base);
    operands(p.sizes);
    operands(p.strides);
    set(p.coordinateSet);
    set(p.partition);
    operands(p.symbols);
    u8(uint8_t(p.type));
  }
};

void plan(Out &o, const JobPlan &p) {
  o.str(p.kernel);
  o.str(p.arch);
  o.i64s(p.grid);
  o.i64s(p.placement);
  o.i64(p.lxPeakBytes);
  o.count(p.channels.size());
  for (const Channel &c : p.channels) {
    o.str(c.from);
    o.str(c.to);
    o.i64(c.depth);
    o.u8(uint8_t(c.type));
    o.i32(c.lanes);
    o.i64(c.initialTokens);
    o.u32(c.loc);
  }
  o.count(p.buffers.size());
  for (const Buffer &b : p.buffers) {
    o.str(b.name);
    o.i64(b.address);
    o.i64(b.bytes);
    o.i64(b.copies);
    o.u32(b.loc);
  }
  o.count(p.rings.size());
  for (const RingExchange &r : p.rings) {
    o.str(r.kind);
    o.count(r.groups.size());
    for (const auto &g : r.groups)
      o.i64s(g);
    o.i64(r.bytesPerStep);
    o.i64(r.steps);
    o.i64(r.hops);
    o.u32(r.loc);
    o.i64(r.groupCount);
    o.i64(r.members);
  }
}

void symbols(Out &o, const std::vector<Symbol> &syms) {
  o.count(syms.size());
  for (const Symbol &s : syms) {
    o.str(s.name);
    o.u8(uint8_t(s.kind));
    o.u8(uint8_t(s.type));
    o.i32(s.argument);
    o.count(s.uses.size());
    for (const auto &[prog, instr] : s.uses) {
      o.i32(prog);
      o.i32(instr);
    }
  }
}

void views(Out &o, const std::vector<LxView> &views) {
  o.count(views.size());
  for (const LxView &v : views) {
    o.i64s(v.dims);
    o.u8(uint8_t(v.type));
    o.i64(v.rowBytes);
    o.i32(v.buffer);
  }
}

void dmas(Out &o, const std::vector<DmaDesc> &dmas) {
  o.count(dmas.size());
  for (const DmaDesc &d : dmas) {
    o.u8(d.toLx ? 1 : 0);
    o.u8(uint8_t(d.type));
    o.count(d.view.size());
    for (const ViewPart &p : d.view)
      o.part(p);
    o.operands(d.anchor);
    o.set(d.tileSet);
    o.i32s(d.order);
    o.i64s(d.tileShape);
    o.i32s(d.indirectDims);
    o.count(d.indexViews.size());
    for (const ViewPart &p : d.indexViews)
      o.part(p);
    o.count(d.indexAnchors.size());
    for (const auto &a : d.indexAnchors)
      o.operands(a);
    o.i32(d.lxView);
    o.operand(d.lxAddress);
    o.i64(d.sticks);
    o.i64(d.hops);
    o.operands(d.tileSymbols);
    o.operands(d.captured);
    o.count(d.subscripts.size());
    for (const DmaDesc::Subscript &s : d.subscripts) {
      o.i32(s.indexView);
      o.count(s.exprs.size());
      for (const AffineExprCode &e : s.exprs)
        o.affine(e);
    }
    o.u8(d.chunked ? 1 : 0);
    o.operand(d.firstStick);
    o.u8(d.layout);
  }
}

void program(Out &o, const Program &p) {
  o.str(p.unit);
  o.i64(p.instances);
  o.i64(p.perCore);
  o.i32(p.numSRegs);
  o.i32(p.numVRegs);
  o.count(p.tileRegs.size());
  for (const TileShape &t : p.tileRegs) {
    o.i64s(t.dims);
    o.u8(uint8_t(t.type));
  }
  o.count(p.code.size());
  for (const Instr &in : p.code) {
    o.u16(uint16_t(in.op));
    o.u16(uint16_t(in.fn));
    o.u8(uint8_t(in.type));
    o.u8(uint8_t(in.srcType));
    o.u16(in.lanes);
    o.u16(in.aux);
    o.i32(in.dst);
    o.i32(in.a);
    o.i32(in.b);
    o.i32(in.c);
    o.i64(in.imm);
    o.u32(in.argBegin);
    o.u32(in.argCount);
    o.u32(in.loc);
  }
  o.i32s(p.operands);
  o.i32s(p.ringViews);
}

void lines(Out &o, const std::vector<Location> &locs) {
  o.count(locs.size());
  for (const Location &l : locs) {
    o.i32(l.ktirLine);
    o.i32(l.dataflowLine);
    o.str(l.op);
  }
}

} // namespace

uint32_t crc32Of(const uint8_t *data, size_t size) {
  uLong crc = crc32(0L, Z_NULL, 0);
  while (size > 0) {
    uInt chunk = size > (1u << 30) ? (1u << 30) : uInt(size);
    crc = crc32(crc, data, chunk);
    data += chunk;
    size -= chunk;
  }
  return uint32_t(crc);
}

std::vector<uint8_t> writeBinary(const Module &m) {
  struct Section {
    uint32_t kind, index;
    std::vector<uint8_t> bytes;
  };
  std::vector<Section> sections;
  auto add = [&](uint32_t kind, uint32_t index, auto &&fill) {
    Out o;
    fill(o);
    sections.push_back({kind, index, std::move(o.bytes)});
  };
  add(kInfo, 0, [&](Out &o) { o.str(m.sourceName); });
  add(kPlan, 0, [&](Out &o) { plan(o, m.plan); });
  add(kSymbols, 0, [&](Out &o) { symbols(o, m.symbols); });
  add(kViews, 0, [&](Out &o) { views(o, m.lxViews); });
  add(kDmas, 0, [&](Out &o) { dmas(o, m.dmas); });
  for (size_t i = 0; i < m.programs.size(); ++i)
    add(kCode, uint32_t(i), [&](Out &o) { program(o, m.programs[i]); });
  add(kLines, 0, [&](Out &o) { lines(o, m.locations); });

  Out f;
  f.bytes.insert(f.bytes.end(), kMagic, kMagic + 8);
  f.u32(m.version);
  f.count(sections.size());
  uint64_t offset = kHeaderBytes + kSectionEntryBytes * sections.size();
  uint64_t total = offset + kTrailerBytes;
  for (const Section &s : sections)
    total += s.bytes.size();
  f.u64(total);
  for (const Section &s : sections) {
    f.u32(s.kind);
    f.u32(s.index);
    f.u64(offset);
    f.u64(s.bytes.size());
    offset += s.bytes.size();
  }
  for (const Section &s : sections)
    f.bytes.insert(f.bytes.end(), s.bytes.begin(), s.bytes.end());
  f.u32(crc32Of(f.bytes.data(), f.bytes.size()));
  return std::move(f.bytes);
}

bool saveBinary(const Module &module, const std::string &path,
                std::string &error) {
  std::vector<uint8_t> bytes = writeBinary(module);
  std::FILE *f = std::fopen(path.c_str(), "wb");
  if (!f) {
    error = path + ": cannot open for writing: " + std::strerror(errno);
    return false;
  }
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  ok = (std::fclose(f) == 0) && ok;
  if (!ok)
    error = path + ": cannot write: " + std::strerror(errno);
  return ok;
}

} // namespace spyre::code
