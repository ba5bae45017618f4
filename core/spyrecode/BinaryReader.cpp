//===- BinaryReader.cpp - decode and validate a .spyb file ----------------===//
//
// Every read is bounded by the section it is in; every count is checked
// against the bytes left in that section (times the smallest size one
// element can have) before anything is reserved. Decoding stops at the
// first problem with its file offset; a decoded module then goes through
// verifyModule() before it is returned.
//
//===----------------------------------------------------------------------===//

#include "spyrecode/Binary.h"
#include "spyrecode/BinaryFormat.h"
#include "spyrecode/CodeError.h"
#include "spyrecode/ListingSyntax.h"
#include "spyrecode/Verify.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace spyre::code {
namespace {

using namespace binary;

struct Fail {
  uint64_t offset;
  std::string message;
};

class In {
public:
  In(const uint8_t *data, uint64_t begin, uint64_t end, std::string where)
      : bytes(data), offset(begin), limit(end), context(std::move(where)) {}

  [[noreturn]] void fail(const std::string &msg) const {
    throw Fail{offset, context + msg};
  }
  uint64_t left() const { return limit - offset; }
  uint64_t pos() const { return offset; }
  void need(uint64_t n) const {
    if (n > left())
      fail("needs " + std::to_string(n) + " more bytes, the section has " +
           std::to_string(left()));
  }
  uint64_t le(int n) {
    need(uint64_t(n));
    uint64_t v = 0;
    for (int i = 0; i < n; ++i)
      v |= uint64_t(bytes[offset + uint64_t(i)]) << (8 * i);
    offset += uint64_t(n);
    return v;
  }
  uint8_t u8() { return uint8_t(le(1)); }
  uint16_t u16() { return uint16_t(le(2)); }
  uint32_t u32() { return uint32_t(le(4)); }
  int32_t i32() { return int32_t(uint32_t(le(4))); }
  int64_t i64() { return int64_t(le(8)); }
  bool flag(const char *what) {
    uint64_t at = offset;
    uint8_t v = u8();
    if (v > 1)
      throw Fail{at, context + what + " is " + std::to_string(v) +
                         ", not 0 or 1"};
    return v == 1;
  }
  ElemType elem(const char *what) {
    uint64_t at = offset;
    uint8_t v = u8();
    if (v >= listing::kNumElemTypes)
      throw Fail{at, context + what + ": unknown element type " +
                         std::to_string(v)};
    return ElemType(v);
  }
  uint8_t tileLayout(const char *what) {
    uint64_t at = offset;
    uint8_t v = u8();
    if (v >= kNumTileLayouts)
      throw Fail{at, context + what + ": unknown tile layout " +
                         std::to_string(v)};
    return v;
  }
  /// A count of elements that take at least `minBytes` each: checked
  /// against the bytes left before the caller reserves anything.
  uint32_t count(uint64_t minBytes, const char *what) {
    uint64_t at = offset;
    uint32_t n = u32();
    if (uint64_t(n) * minBytes > left())
      throw Fail{at, context + what + ": count " + std::to_string(n) +
                         " does not fit in the " + std::to_string(left()) +
                         " bytes left"};
    return n;
  }
  std::string str(const char *what) {
    uint32_t n = count(1, what);
    std::string s(reinterpret_cast<const char *>(bytes + offset), n);
    offset += n;
    return s;
  }
  std::vector<int64_t> i64s(const char *what) {
    uint32_t n = count(8, what);
    std::vector<int64_t> v(n);
    for (auto &x : v)
      x = i64();
    return v;
  }
  std::vector<int32_t> i32s(const char *what) {
    uint32_t n = count(4, what);
    std::vector<int32_t> v(n);
    for (auto &x : v)
      x = i32();
    return v;
  }
  Operand operand() {
    Operand o;
    o.reg = i32();
    o.value = i64();
    return o;
  }
  std::vector<Operand> operands(const char *what) {
    uint32_t n = count(kOperandBytes, what);
    std::vector<Operand> v(n);
    for (auto &o : v)
      o = operand();
    return v;
  }
  AffineExprCode affine() {
    AffineExprCode e;
    uint32_t n = count(9, "affine expression");
    e.code.resize(n);
    for (auto &entry : e.code) {
      uint64_t at = offset;
      entry.first = u8();
      if (entry.first > AffineExprCode::CeilDiv)
        throw Fail{at, context + "affine expression: unknown entry kind " +
                           std::to_string(entry.first)};
      entry.second = i64();
    }
    return e;
  }
  IntegerSetCode set() {
    IntegerSetCode s;
    s.dims = i32();
    s.symbols = i32();
    uint32_t n = count(4, "integer set constraints");
    s.exprs.resize(n);
    for (auto &e : s.exprs)
      e = affine();
    uint32_t q = count(1, "integer set equalities");
    s.eq.resize(q);
    for (auto &x : s.eq)
      x = u8();
    return s;
  }
  ViewPart part() {
    ViewPart p;
    p.lx = flag("view part lx flag");
    p.core = operand();
    p.base = operand();
    p.sizes = operands("view sizes");
    p.strides = operands("view strides");
    p.coordinateSet = set();
    p.partition = set();
    p.symbols = operands("view symbols");
    p.type = elem("view part type");
    return p;
  }
  void done() const {
    if (offset != limit)
      fail(std::to_string(limit - offset) + " bytes left over at the end");
  }

private:
  const uint8_t *bytes;
  uint64_t offset, limit;
  std::string context;
};

// Smallest encodings, for count checks.
constexpr uint64_t kMinPart = 1 + 2 * kOperandBytes + 4 + 4 + 2 * 16 + 4 + 1;

void readPlan(In &in, JobPlan &p) {
  p.kernel = in.str("kernel name");
  p.arch = in.str("arch name");
  p.grid = in.i64s("grid");
  p.placement = in.i64s("placement");
  p.lxPeakBytes = in.i64();
  p.channels.resize(in.count(4 + 4 + 8 + 1 + 4 + 8 + 4, "channels"));
  for (Channel &c : p.channels) {
    c.from = in.str("channel source");
    c.to = in.str("channel destination");
    c.depth = in.i64();
    c.type = in.elem("channel type");
    c.lanes = in.i32();
    c.initialTokens = in.i64();
    c.loc = in.u32();
  }
  p.buffers.resize(in.count(4 + 24 + 4, "buffers"));
  for (Buffer &b : p.buffers) {
    b.name = in.str("buffer name");
    b.address = in.i64();
    b.bytes = in.i64();
    b.copies = in.i64();
    b.loc = in.u32();
  }
  p.rings.resize(in.count(4 + 4 + 24 + 4 + 16, "rings"));
  for (RingExchange &r : p.rings) {
    r.kind = in.str("ring kind");
    r.groups.resize(in.count(4, "ring groups"));
    for (auto &g : r.groups)
      g = in.i64s("ring group");
    r.bytesPerStep = in.i64();
    r.steps = in.i64();
    r.hops = in.i64();
    r.loc = in.u32();
    r.groupCount = in.i64();
    r.members = in.i64();
  }
}

void readSymbols(In &in, std::vector<Symbol> &syms) {
  syms.resize(in.count(4 + 1 + 1 + 4 + 4, "symbols"));
  for (Symbol &s : syms) {
    s.name = in.str("symbol name");
    uint64_t at = in.pos();
    uint8_t kind = in.u8();
    if (kind > Symbol::Scalar)
      throw Fail{at, "section 'symbols': unknown symbol kind " +
                         std::to_string(kind)};
    s.kind = Symbol::Kind(kind);
    s.type = in.elem("symbol type");
    s.argument = in.i32();
    s.uses.resize(in.count(8, "symbol uses"));
    for (auto &u : s.uses) {
      u.first = in.i32();
      u.second = in.i32();
    }
  }
}

void readViews(In &in, std::vector<LxView> &views) {
  views.resize(in.count(4 + 1 + 8 + 4, "LX views"));
  for (LxView &v : views) {
    v.dims = in.i64s("LX view dims");
    v.type = in.elem("LX view type");
    v.rowBytes = in.i64();
    v.buffer = in.i32();
  }
}

void readDmas(In &in, std::vector<DmaDesc> &dmas) {
  dmas.resize(in.count(2 + 4 + 4 + 16 + 4 * 4 + 4 + 4 + kOperandBytes + 16 +
                           4 + 4 + 4 + 1 + kOperandBytes + 1,
                       "DMA descriptors"));
  for (DmaDesc &d : dmas) {
    d.toLx = in.flag("DMA direction");
    d.type = in.elem("DMA type");
    d.view.resize(in.count(kMinPart, "DMA view parts"));
    for (ViewPart &p : d.view)
      p = in.part();
    d.anchor = in.operands("DMA anchor");
    d.tileSet = in.set();
    d.order = in.i32s("DMA order");
    d.tileShape = in.i64s("DMA tile shape");
    d.indirectDims = in.i32s("DMA indirect dims");
    d.indexViews.resize(in.count(kMinPart, "DMA index views"));
    for (ViewPart &p : d.indexViews)
      p = in.part();
    d.indexAnchors.resize(in.count(4, "DMA index anchors"));
    for (auto &a : d.indexAnchors)
      a = in.operands("DMA index anchor");
    d.lxView = in.i32();
    d.lxAddress = in.operand();
    d.sticks = in.i64();
    d.hops = in.i64();
    d.tileSymbols = in.operands("DMA tile symbols");
    d.captured = in.operands("DMA captured values");
    d.subscripts.resize(in.count(8, "DMA subscripts"));
    for (DmaDesc::Subscript &s : d.subscripts) {
      s.indexView = in.i32();
      s.exprs.resize(in.count(4, "DMA subscript expressions"));
      for (AffineExprCode &e : s.exprs)
        e = in.affine();
    }
    d.chunked = in.flag("DMA chunk flag");
    d.firstStick = in.operand();
    d.layout = in.tileLayout("DMA tile layout");
  }
}

void readProgram(In &in, Program &p) {
  p.unit = in.str("program unit");
  p.instances = in.i64();
  p.perCore = in.i64();
  p.numSRegs = in.i32();
  p.numVRegs = in.i32();
  p.tileRegs.resize(in.count(5, "tile registers"));
  for (TileShape &t : p.tileRegs) {
    t.dims = in.i64s("tile register dims");
    t.type = in.elem("tile register type");
  }
  p.code.resize(in.count(kInstrBytes, "instructions"));
  for (size_t i = 0; i < p.code.size(); ++i) {
    Instr &x = p.code[i];
    uint64_t at = in.pos();
    uint16_t op = in.u16();
    if (op >= listing::numOpcodes())
      throw Fail{at, "instruction " + std::to_string(i) +
                         ": unknown opcode " + std::to_string(op)};
    x.op = Opcode(op);
    uint16_t fn = in.u16();
    if (fn >= listing::numAluFns())
      throw Fail{at + 2, "instruction " + std::to_string(i) +
                             ": unknown ALU function " + std::to_string(fn)};
    x.fn = AluFn(fn);
    x.type = in.elem("instruction type");
    x.srcType = in.elem("instruction source type");
    x.lanes = in.u16();
    x.aux = in.u16();
    x.dst = in.i32();
    x.a = in.i32();
    x.b = in.i32();
    x.c = in.i32();
    x.imm = in.i64();
    x.argBegin = in.u32();
    x.argCount = in.u32();
    x.loc = in.u32();
  }
  p.operands = in.i32s("operands");
  p.ringViews = in.i32s("ring views");
}

void readLines(In &in, std::vector<Location> &locs) {
  locs.resize(in.count(12, "locations"));
  for (Location &l : locs) {
    l.ktirLine = in.i32();
    l.dataflowLine = in.i32();
    l.op = in.str("location op");
  }
}

uint64_t le(const uint8_t *p, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; ++i)
    v |= uint64_t(p[i]) << (8 * i);
  return v;
}

Module decode(const uint8_t *d, uint64_t size) {
  if (size > kMaxBinaryBytes)
    throw Fail{0, "the file has " + std::to_string(size) +
                      " bytes, more than the limit of " +
                      std::to_string(kMaxBinaryBytes)};
  if (size < kHeaderBytes + kTrailerBytes)
    throw Fail{0, "the file has " + std::to_string(size) +
                      " bytes, too short for a .spyb header"};
  if (std::memcmp(d, kMagic, 8) != 0)
    throw Fail{0, "not a .spyb file (bad magic)"};
  uint32_t version = uint32_t(le(d + 8, 4));
  if (version < kFormatVersion)
    throw Fail{8, "format version " + std::to_string(version) +
                      " is older than this build's version " +
                      std::to_string(kFormatVersion) +
                      " (its tensor symbols and DMA descriptors mean other "
                      "things): compile the kernel again with spyre-compile"};
  if (version != kFormatVersion)
    throw Fail{8, "format version " + std::to_string(version) +
                      " is not supported (this build reads version " +
                      std::to_string(kFormatVersion) + ")"};
  uint32_t count = uint32_t(le(d + 12, 4));
  uint64_t declared = le(d + 16, 8);
  if (declared != size)
    throw Fail{16, "the header says the file has " +
                       std::to_string(declared) + " bytes, it has " +
                       std::to_string(size) + " (truncated or padded)"};
  uint32_t stored = uint32_t(le(d + size - kTrailerBytes, 4));
  uint32_t actual = crc32Of(d, size - kTrailerBytes);
  if (stored != actual) {
    char buf[96];
    std::snprintf(buf, sizeof buf,
                  "checksum mismatch (stored %08x, computed %08x)", stored,
                  actual);
    throw Fail{size - kTrailerBytes, buf};
  }
  uint64_t body = size - kHeaderBytes - kTrailerBytes;
  if (count < 6 || uint64_t(count) * kSectionEntryBytes > body)
    throw Fail{12, "section count " + std::to_string(count) +
                       " does not fit the file"};
  uint64_t programs = count - 6;

  Module m;
  m.version = version;
  m.programs.resize(size_t(programs)); // bounded by the table's size
  uint64_t expectOffset = kHeaderBytes + kSectionEntryBytes * count;
  for (uint32_t s = 0; s < count; ++s) {
    const uint8_t *e = d + kHeaderBytes + kSectionEntryBytes * s;
    uint64_t at = kHeaderBytes + kSectionEntryBytes * s;
    uint32_t kind = uint32_t(le(e, 4));
    uint32_t index = uint32_t(le(e + 4, 4));
    uint64_t offset = le(e + 8, 8);
    uint64_t bytes = le(e + 16, 8);
    uint32_t wantKind = s < 5               ? s + 1
                        : s < 5 + programs  ? uint32_t(kCode)
                                            : uint32_t(kLines);
    uint32_t wantIndex = wantKind == kCode ? s - 5 : 0;
    if (kind != wantKind || index != wantIndex)
      throw Fail{at, "section " + std::to_string(s) + " is '" +
                         sectionName(kind) + "' #" + std::to_string(index) +
                         ", expected '" + sectionName(wantKind) + "' #" +
                         std::to_string(wantIndex)};
    if (offset != expectOffset || bytes > size - kTrailerBytes - offset)
      throw Fail{at + 8, std::string("section '") + sectionName(kind) +
                             "' (offset " + std::to_string(offset) +
                             ", " + std::to_string(bytes) +
                             " bytes) is not where it must be or runs past "
                             "the end of the file"};
    expectOffset = offset + bytes;
    std::string where = std::string("section '") + sectionName(kind) +
                        (kind == kCode ? " " + std::to_string(index) : "") +
                        "': ";
    In in(d, offset, offset + bytes, where);
    switch (kind) {
    case kInfo:
      m.sourceName = in.str("source name");
      break;
    case kPlan:
      readPlan(in, m.plan);
      break;
    case kSymbols:
      readSymbols(in, m.symbols);
      break;
    case kViews:
      readViews(in, m.lxViews);
      break;
    case kDmas:
      readDmas(in, m.dmas);
      break;
    case kCode:
      readProgram(in, m.programs[index]);
      break;
    case kLines:
      readLines(in, m.locations);
      break;
    }
    in.done();
  }
  if (expectOffset != size - kTrailerBytes)
    throw Fail{expectOffset, std::to_string(size - kTrailerBytes -
                                            expectOffset) +
                                 " bytes after the last section"};
  return m;
}

} // namespace

std::optional<Module> readBinary(const uint8_t *data, size_t size,
                                 std::string &error) {
  Module m;
  try {
    m = decode(data, size);
  } catch (const Fail &f) {
    error = "offset " + std::to_string(f.offset) + ": " + f.message;
    return std::nullopt;
  }
  std::vector<CodeError> errors = verifyModule(m);
  if (!errors.empty()) {
    error = "invalid program: " + formatCodeError(&m, errors.front());
    if (errors.size() > 1)
      error += " (and " + std::to_string(errors.size() - 1) + " more)";
    return std::nullopt;
  }
  return m;
}

std::optional<std::vector<uint8_t>> readFileBounded(const std::string &path,
                                                    std::string &error) {
  std::FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error = path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  std::vector<uint8_t> bytes;
  uint8_t buf[65536];
  for (;;) {
    size_t n = std::fread(buf, 1, sizeof buf, f);
    if (n == 0)
      break;
    if (bytes.size() + n > kMaxBinaryBytes) {
      std::fclose(f);
      error = path + ": larger than the limit of " +
              std::to_string(kMaxBinaryBytes) + " bytes";
      return std::nullopt;
    }
    bytes.insert(bytes.end(), buf, buf + n);
  }
  bool failed = std::ferror(f) != 0;
  int err = errno;
  std::fclose(f);
  if (failed) {
    error = path + ": " + std::strerror(err);
    return std::nullopt;
  }
  return bytes;
}

std::optional<Module> loadBinary(const std::string &path, std::string &error) {
  auto bytes = readFileBounded(path, error);
  if (!bytes)
    return std::nullopt;
  std::string why;
  auto m = readBinary(*bytes, why);
  if (!m)
    error = path + ": " + why;
  return m;
}

} // namespace spyre::code
