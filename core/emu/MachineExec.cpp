//===- MachineExec.cpp - what each SpyreCode instruction does and costs ---===//
//
// Timing (docs/emulator.md): scalar, control, token and single-vector
// channel instructions take timing.issue_cycles; a vector ALU op takes
// ceil(lanes / simd[type]) cycles (times the transcendental penalty for
// exp, log, ...); LX <-> channel moves take one cycle per
// lx_port_sticks_per_cycle sticks; a DMA takes its setup, then its sticks
// at the HBM bandwidth the whole chip shares, over the ring links between
// the HBM's ring stop and the core; a ring send occupies every link of the
// shorter way round.
//
//===----------------------------------------------------------------------===//

#include "emu/Alu.h"
#include "emu/DmaWalk.h"
#include "emu/IntMath.h"
#include "emu/Machine.h"
#include "interp/HalfArrays.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

using namespace spyre;
using namespace spyre::emu;
using code::ElemType;
using code::Instr;
using code::Opcode;

namespace {

/// Decodes `n` consecutive elements of `type` from `address` into out, a
/// page at a time (f16 in bulk); unwritten pages read as zero. i64 / index
/// elements become slots holding their bits (isWideType), exact.
void loadElements(const PagedMemory &mem, ElemType type, uint64_t address,
                  double *out, int64_t n) {
  const uint64_t size = uint64_t(code::elemBytes(type));
  const interp::DType dt = dtypeOf(type);
  while (n > 0) {
    uint64_t available = 0;
    const uint8_t *p = mem.read(address, available);
    int64_t k = std::min<int64_t>(n, int64_t(available / size));
    if (k == 0) { // an element across a page boundary
      uint8_t bytes[8];
      mem.readBytes(address, bytes, size);
      *out = interp::loadSlot(dt, bytes);
      k = 1;
    } else if (!p) {
      std::fill_n(out, k, 0.0);
    } else if (type == ElemType::F16) {
      interp::decodeHalves(p, out, k);
    } else if (type == ElemType::F32) { // loadElement's f32 case, inline
      for (int64_t i = 0; i < k; ++i) {
        float f;
        std::memcpy(&f, p + uint64_t(i) * 4, 4);
        out[i] = f;
      }
    } else if (isWideType(type)) {
      std::memcpy(out, p, size_t(k) * 8);
    } else {
      for (int64_t i = 0; i < k; ++i)
        out[i] = interp::loadElement(dt, p + uint64_t(i) * size);
    }
    out += k, n -= k, address += uint64_t(k) * size;
  }
}

/// Encodes `n` values (rounded to `type`; i64 / index: slots) at
/// consecutive elements from `address`, a page at a time.
void storeElements(PagedMemory &mem, ElemType type, uint64_t address,
                   const double *in, int64_t n) {
  const uint64_t size = uint64_t(code::elemBytes(type));
  const interp::DType dt = dtypeOf(type);
  while (n > 0) {
    uint64_t available = 0;
    uint8_t *p = mem.write(address, available);
    int64_t k = std::min<int64_t>(n, int64_t(available / size));
    if (k == 0) {
      uint8_t bytes[8];
      interp::storeSlot(dt, *in, bytes);
      mem.writeBytes(address, bytes, size);
      k = 1;
    } else if (type == ElemType::F16) {
      interp::encodeHalves(in, p, k);
    } else if (type == ElemType::F32) { // storeElement's f32 case, inline
      for (int64_t i = 0; i < k; ++i) {
        float f = static_cast<float>(in[i]);
        std::memcpy(p + uint64_t(i) * 4, &f, 4);
      }
    } else if (isWideType(type)) {
      std::memcpy(p, in, size_t(k) * 8);
    } else {
      for (int64_t i = 0; i < k; ++i)
        interp::storeElement(dt, in[i], p + uint64_t(i) * size);
    }
    in += k, n -= k, address += uint64_t(k) * size;
  }
}

/// Element by element accesses of one memory within one instruction (a
/// strided DMA run, an index view): the last page looked up is kept, so
/// consecutive elements in one page cost no page-table search. Elements
/// that straddle a page boundary go through loadElements / storeElements.
class ElementCursor {
public:
  ElementCursor(PagedMemory &mem, ElemType type)
      : mem(mem), type(type), dt(dtypeOf(type)), size(uint64_t(code::elemBytes(type))) {}
  double load(uint64_t address) {
    const uint64_t offset = address & (PagedMemory::kPageSize - 1);
    if (offset + size > PagedMemory::kPageSize) {
      double v = 0;
      loadElements(mem, type, address, &v, 1);
      return v;
    }
    const uint64_t key = address >> PagedMemory::kPageBits;
    if (key != readKey) {
      uint64_t available = 0;
      readPage = mem.read(key << PagedMemory::kPageBits, available);
      readKey = key;
    }
    if (!readPage)
      return 0.0;
    return interp::loadSlot(dt, readPage + offset);
  }
  void store(uint64_t address, double v) {
    const uint64_t offset = address & (PagedMemory::kPageSize - 1);
    if (offset + size > PagedMemory::kPageSize) {
      storeElements(mem, type, address, &v, 1);
      readKey = writeKey = kNoPage;
      return;
    }
    const uint64_t key = address >> PagedMemory::kPageBits;
    if (key != writeKey) {
      uint64_t available = 0;
      writePage = mem.write(key << PagedMemory::kPageBits, available);
      writeKey = key;
      readKey = kNoPage; // the page may have been made private: look again
    }
    interp::storeSlot(dt, v, writePage + offset);
  }

private:
  static constexpr uint64_t kNoPage = ~uint64_t(0);
  PagedMemory &mem;
  ElemType type;
  interp::DType dt;
  uint64_t size;
  uint64_t readKey = kNoPage, writeKey = kNoPage;
  const uint8_t *readPage = nullptr;
  uint8_t *writePage = nullptr;
};

/// How a held tile travels as sticks: each row (last dimension) starts a
/// new stick, as in an LX view whose rows are padded to whole sticks.
struct TileSticks {
  int64_t rowElements = 1, lanes = 1, sticksPerRow = 1;
  int64_t offset(int64_t stick) const {
    return (stick / sticksPerRow) * rowElements + (stick % sticksPerRow) * lanes;
  }
  int64_t count(int64_t stick) const {
    return std::min(lanes, rowElements - (stick % sticksPerRow) * lanes);
  }
};

/// How many of the `fit` lanes of stick `stick` of LX view `view` hold
/// data: the view's rows are padded to whole sticks, so a row that is not
/// a whole number of sticks ends in a stick whose last lanes are padding.
uint32_t streamDataLanes(const code::LxView &view, int64_t stick, int64_t fit,
                         int64_t stickBytes) {
  int64_t bytes = int64_t(code::elemBytes(view.type));
  if (bytes <= 0 || fit <= 0 || stickBytes < bytes)
    return uint32_t(std::max<int64_t>(0, fit));
  int64_t perStick = stickBytes / bytes;
  int64_t row = view.dims.empty() ? 1 : view.dims.back();
  int64_t sticksPerRow = std::max<int64_t>(1, view.rowBytes / stickBytes);
  int64_t left = row - (stick % sticksPerRow) * perStick;
  return uint32_t(std::clamp<int64_t>(left, 0, fit));
}

TileSticks tileSticks(const code::TileShape &shape, int64_t lanes) {
  TileSticks t;
  t.lanes = std::max<int64_t>(1, lanes);
  t.rowElements = shape.dims.empty() ? 1 : std::max<int64_t>(1, shape.dims.back());
  t.sticksPerRow = (t.rowElements + t.lanes - 1) / t.lanes;
  return t;
}

} // namespace

/// The compiler's LX buffer (any copy) that overlaps bytes [lo, hi), or
/// null. Every core has the plan's layout.
static const code::Buffer *compilerBufferAt(const code::JobPlan &plan, int64_t lo,
                                     int64_t hi) {
  for (const code::Buffer &b : plan.buffers)
    if (b.bytes > 0 && lo < b.address + b.bytes * std::max<int64_t>(1, b.copies) &&
        b.address < hi)
      return &b;
  return nullptr;
}

/// Why a DMA of the kernel's own scratchpad data at [lo, hi) of core `mem`
/// cannot run: the compiled program keeps buffer `b` there, so one would
/// overwrite the other (a wrong answer, not a fault, on the hardware).
static std::string kernelDataClash(const code::Module &m, int64_t lo, int64_t hi,
                            int32_t mem, const code::Buffer &b) {
  int64_t end = 0;
  for (const code::Buffer &x : m.plan.buffers)
    end = std::max(end, x.address + x.bytes * std::max<int64_t>(1, x.copies));
  return "the kernel's own data at LX bytes [" + std::to_string(lo) + ", " +
         std::to_string(hi) + ") of core " + std::to_string(mem) +
         " overlaps the compiled program's buffer for " + b.name +
         " at bytes [" + std::to_string(b.address) + ", " +
         std::to_string(b.address + b.bytes * std::max<int64_t>(1, b.copies)) +
         "): one would overwrite the other; place the kernel's scratchpad "
         "data at or above byte " + std::to_string(end) +
         " (the end of the program's buffers)";
}

/// Every run of `walk` inside one bound tensor (HBM) or the scratchpad,
/// and none on the compiled program's own buffers.
bool Machine::dmaInBounds(uint32_t e, const DmaWalk &walk, ElemType type) {
  const code::Module &m = *prepared().module;
  const std::vector<runtime::TensorBinding> &tensors = runJob.tensors;
  const unsigned esize = unsigned(code::elemBytes(type));
  for (const WalkRun &run : walk.runs) {
    if (run.part < 0)
      continue;
    int32_t mem = walk.memory[size_t(run.part)];
    int64_t first = run.address, last = run.address + run.stride * (run.count - 1);
    int64_t lo = std::min(first, last), hi = std::max(first, last) + esize;
    if (mem < 0) {
      bool inside = false;
      if (runOptions.hbmRanges.empty())
        for (const runtime::TensorBinding &t : tensors)
          inside |= lo >= t.byteBegin && hi <= t.byteEnd;
      for (const auto &[begin, end] : runOptions.hbmRanges)
        inside |= lo >= begin && hi <= end;
      if (!inside)
        return fail(e, "HBM access [" + std::to_string(lo) + ", " +
                           std::to_string(hi) +
                           ") lies outside every bound tensor");
    } else if (mem >= numCores || lo < 0 ||
               hi > int64_t(arch().scratchpadBytesPerCore)) {
      return fail(e, "LX access [" + std::to_string(lo) + ", " +
                         std::to_string(hi) + ") of core " +
                         std::to_string(mem) + " lies outside the scratchpad");
    } else if (const code::Buffer *b = compilerBufferAt(m.plan, lo, hi)) {
      return fail(e, kernelDataClash(m, lo, hi, mem, *b));
    }
  }
  return true;
}

/// A DMA of `sticks` HBM sticks that core `core` issues now: its setup,
/// then the sticks through the shared HBM port and the ring links between
/// the HBM's ring stop and the core. The cycle it ends (`end`); false when
/// that is past the cycle budget (a fault).
bool Machine::dmaEnd(uint32_t e, int32_t core, int64_t sticks, bool toLx,
                     uint64_t &end) {
  const arch::Arch &a = arch();
  int64_t bytes = sticks * int64_t(stickBytes);
  uint64_t start = st.now + uint64_t(a.timing.dmaSetupCycles);
  end = start;
  if (bytes > 0) {
    uint64_t s = std::max(start, st.hbmFreeAt);
    uint64_t hbmEnd = saturatingAdd(s, transferCycles(bytes, hbmBytesPerCycle));
    if (!withinBudget(e, hbmEnd, bytes, "through HBM", hbmBytesPerCycle))
      return false;
    st.hbmFreeAt = hbmEnd;
    st.hbmBytes += bytes;
    const HbmTransfer transfer{s, hbmEnd, core, bytes, toLx};
    keepHbmUnderWay(transfer);
    if (recording())
      recordHbm(transfer);
    int32_t from = toLx ? a.hbmAttachCore : core;
    int32_t to = toLx ? core : a.hbmAttachCore;
    uint64_t ring = ringTransfer(from, to, bytes, s, true);
    if (!withinBudget(e, ring, bytes, "over the ring", linkBytesPerCycle))
      return false;
    end = std::max(hbmEnd, ring);
  }
  return true;
}

bool Machine::execDma(uint32_t e, const Instr &in, uint64_t &cost) {
  const code::Module &m = *prepared().module;
  if (in.imm < 0 || size_t(in.imm) >= m.dmas.size())
    return fail(e, "DMA descriptor " + std::to_string(in.imm) + " does not exist");
  const code::DmaDesc &d = m.dmas[size_t(in.imm)];
  if (d.lxView < 0 || size_t(d.lxView) >= m.lxViews.size())
    return fail(e, "the DMA names no LX view");
  const code::LxView &view = m.lxViews[size_t(d.lxView)];
  int32_t core = stat[e].core;
  DmaWalk &walk = walkScratch;
  std::string error;
  int64_t capacity = int64_t(arch().scratchpadBytesPerCore);
  // Index views: a cursor for the memory and type read last.
  std::optional<ElementCursor> indexCursor;
  int32_t indexMem = 0;
  ElemType indexType = ElemType::None;
  auto readIndex = [&](int32_t mem, ElemType t, int64_t address) -> int64_t {
    if (mem == kOwnScratchpad)
      mem = core;
    if (mem >= numCores || address < 0)
      return 0;
    if (!indexCursor || mem != indexMem || t != indexType) {
      indexCursor.emplace(mem < 0 ? st.hbm : st.lx[size_t(mem)], t);
      indexMem = mem;
      indexType = t;
    }
    return interp::slotToInt(dtypeOf(t), indexCursor->load(uint64_t(address)));
  };
  if (!walkDma(d, [&](int32_t r) { return int64_t(S(e, r)); }, readIndex,
               capacity, int64_t(stickBytes), walk, error))
    return fail(e, error);
  for (int32_t &mem : walk.memory)
    if (mem == kOwnScratchpad)
      mem = core;
  // The LX side: the view at its address, rows padded to rowBytes.
  int64_t lxAddress = d.lxAddress.reg >= 0 ? int64_t(S(e, d.lxAddress.reg))
                                           : d.lxAddress.value;
  int64_t inner = view.dims.empty() ? 1 : std::max<int64_t>(1, view.dims.back());
  int64_t viewElems = 1;
  for (int64_t x : view.dims)
    viewElems *= x;
  unsigned vsize = unsigned(code::elemBytes(view.type));
  int64_t rowBytes = view.rowBytes > 0 ? view.rowBytes : inner * vsize;
  if (walk.points > viewElems)
    return fail(e, "the DMA tile's " + std::to_string(walk.points) +
                       " points do not fit its LX view of " +
                       std::to_string(viewElems) + " elements");
  int64_t extent = ((walk.points + inner - 1) / inner) * rowBytes;
  int32_t buffer = -1, copy = 0;
  if (!lxRange(e, d.lxView, lxAddress, extent, core, buffer, copy))
    return false;
  if (!dmaInBounds(e, walk, d.type))
    return false;
  const unsigned esize = unsigned(code::elemBytes(d.type));
  // Move the data: the tile's points in walk order through `scratch`.
  std::vector<double> &values = scratch;
  values.resize(size_t(walk.points));
  PagedMemory &lxMem = st.lx[size_t(core)];
  auto forRows = [&](auto fn) { // LX rows: (first point, count, address)
    for (int64_t first = 0; first < walk.points; first += inner)
      fn(first, std::min(inner, walk.points - first),
         uint64_t(lxAddress + (first / inner) * rowBytes));
  };
  if (!d.toLx)
    forRows([&](int64_t first, int64_t n, uint64_t address) {
      loadElements(lxMem, view.type, address, values.data() + first, n);
    });
  int64_t i = 0, sticks = 0, lastStick = -1;
  for (const WalkRun &run : walk.runs) {
    double *v = values.data() + i;
    i += run.count;
    if (run.part < 0) {
      if (d.toLx)
        std::fill_n(v, run.count, 0.0);
      continue;
    }
    int32_t mem = walk.memory[size_t(run.part)];
    PagedMemory &other = mem < 0 ? st.hbm : st.lx[size_t(mem)];
    bool dense = run.count == 1 || run.stride == int64_t(esize);
    if (mem < 0) { // distinct HBM sticks, in walk order
      if (dense) {
        int64_t s0 = run.address / int64_t(stickBytes);
        int64_t s1 = (run.address + (run.count - 1) * int64_t(esize)) / int64_t(stickBytes);
        sticks += s1 - s0 + 1 - (s0 == lastStick ? 1 : 0);
        lastStick = s1;
      } else {
        for (int64_t k = 0; k < run.count; ++k) {
          int64_t stick = (run.address + run.stride * k) / int64_t(stickBytes);
          sticks += stick != lastStick;
          lastStick = stick;
        }
      }
    }
    if (dense) {
      if (d.toLx)
        loadElements(other, d.type, uint64_t(run.address), v, run.count);
      else
        storeElements(other, d.type, uint64_t(run.address), v, run.count);
    } else {
      ElementCursor cursor(other, d.type);
      for (int64_t k = 0; k < run.count; ++k) {
        uint64_t address = uint64_t(run.address + run.stride * k);
        if (d.toLx)
          v[k] = cursor.load(address);
        else
          cursor.store(address, v[k]);
      }
    }
  }
  if (d.toLx) {
    if (view.type != d.type) {
      interp::DType vt = dtypeOf(view.type);
      if (isWideType(view.type) || isWideType(d.type)) {
        interp::DType mt = dtypeOf(d.type);
        for (double &x : values)
          x = interp::convertSlot(mt, vt, x);
      } else {
        for (double &x : values)
          x = interp::roundTo(vt, x);
      }
    }
    forRows([&](int64_t first, int64_t n, uint64_t address) {
      storeElements(lxMem, view.type, address, values.data() + first, n);
    });
  }
  if (d.toLx)
    lxWritten(core, buffer, copy);
  uint64_t end = 0;
  if (!dmaEnd(e, core, sticks, d.toLx, end))
    return false;
  if (!d.toLx)
    lxRead(core, buffer, copy, end);
  cost = std::max<uint64_t>(1, end - st.now);
  return true;
}

bool Machine::execRing(uint32_t e, const Instr &in, uint64_t &cost,
                       bool &blocked) {
  const code::Program &prog = *stat[e].programCode;
  int32_t core = stat[e].core;
  int64_t peer = int64_t(S(e, in.a));
  if (peer < 0 || peer >= numCores)
    return fail(e, "ring peer core " + std::to_string(peer) + " does not exist");
  if (in.argBegin + uint64_t(in.argCount) > prog.operands.size())
    return fail(e, "the instruction's operands lie outside its program");
  const int32_t *args = prog.operands.data() + in.argBegin;
  if (in.op == Opcode::RingSend) {
    MachineState::Message msg;
    int64_t bytes = 0;
    for (uint32_t k = 0; k < in.argCount; ++k) {
      int32_t t = args[k];
      if (t < 0 || size_t(t) >= prog.tileRegs.size())
        return fail(e, "tile register " + std::to_string(t) + " does not exist");
      msg.tiles.push_back(T(e, t));
      bytes += int64_t(T(e, t).size()) * code::elemBytes(prog.tileRegs[size_t(t)].type);
    }
    if (in.imm > 0)
      bytes = in.imm;
    msg.arrival = ringTransfer(core, int32_t(peer), bytes, st.now, false);
    if (!withinBudget(e, msg.arrival, bytes, "over the ring", linkBytesPerCycle))
      return false;
    auto &box = st.mailboxes[{core, int32_t(peer)}];
    box.push_back(std::move(msg));
    // Wake the receiver if it waits for this core.
    for (uint32_t r : engineOfCore[size_t(peer)])
      if (st.engines[r].status == Blocked &&
          st.engines[r].blockedOn == kMailboxBase + core)
        wake(r, std::max(st.now, box.back().arrival));
    cost = uint64_t(arch().timing.issueCycles);
    return true;
  }
  // RingRecv: the oldest message from `peer`.
  auto it = st.mailboxes.find({int32_t(peer), core});
  if (it == st.mailboxes.end() || it->second.empty()) {
    blocked = true;
    block(e, kMailboxBase + int32_t(peer));
    return true;
  }
  MachineState::Message &msg = it->second.front();
  if (msg.arrival > st.now) {
    blocked = true;
    recordWait(e);
    schedule(e, msg.arrival);
    return true;
  }
  const code::Module &m = *prepared().module;
  for (uint32_t k = 0; k + 1 < in.argCount + 1 && 2 * k + 1 < in.argCount; ++k) {
    int32_t treg = args[2 * k], areg = args[2 * k + 1];
    if (k >= msg.tiles.size())
      return fail(e, "the ring message has fewer tiles than the receive");
    const std::vector<double> &tile = msg.tiles[k];
    if (treg >= 0) {
      if (size_t(treg) >= prog.tileRegs.size())
        return fail(e, "tile register " + std::to_string(treg) + " does not exist");
      std::vector<double> &dst = T(e, treg);
      std::copy_n(tile.begin(), std::min(tile.size(), dst.size()), dst.begin());
    }
    size_t vi = size_t(in.imm) + k;
    if (areg >= 0 && vi < prog.ringViews.size()) {
      int32_t v = prog.ringViews[vi];
      if (v < 0 || size_t(v) >= m.lxViews.size())
        return fail(e, "the ring receive names no LX view");
      const code::LxView &view = m.lxViews[size_t(v)];
      int64_t inner = view.dims.empty() ? 1 : std::max<int64_t>(1, view.dims.back());
      unsigned vsize = unsigned(code::elemBytes(view.type));
      int64_t rowBytes = view.rowBytes > 0 ? view.rowBytes : inner * vsize;
      int64_t address = int64_t(S(e, areg));
      int64_t n = int64_t(tile.size());
      int32_t buffer = -1, copy = 0;
      if (!lxRange(e, v, address, ((n + inner - 1) / inner) * rowBytes, core,
                   buffer, copy))
        return false;
      for (int64_t first = 0; first < n; first += inner)
        storeElements(st.lx[size_t(core)], view.type,
                      uint64_t(address + (first / inner) * rowBytes),
                      tile.data() + first, std::min(inner, n - first));
      lxWritten(core, buffer, copy);
    }
  }
  it->second.pop_front();
  cost = uint64_t(arch().timing.issueCycles);
  return true;
}

namespace {

bool validS(const code::Program &p, int32_t r) { return r >= 0 && r < p.numSRegs; }
bool validV(const code::Program &p, int32_t r) { return r >= 0 && r < p.numVRegs; }
bool validT(const code::Program &p, int32_t r) {
  return r >= 0 && size_t(r) < p.tileRegs.size();
}

AluOp aluOf(const Instr &i) {
  AluOp op;
  op.fn = i.fn;
  op.type = i.type;
  op.srcType = i.srcType;
  op.predicate = i.aux;
  return op;
}

} // namespace

// One function per family of opcodes; execute() switches on the opcode.
// Each returns false when it faulted (fail()); Issue::parked when it left
// its engine blocked, waiting or halted, so that nothing is issued.

bool Machine::execMove(uint32_t e, const Instr &in) {
  const code::Program &prog = *stat[e].programCode;
  switch (in.op) {
  case Opcode::Const:
    if (!validS(prog, in.dst))
      return fail(e, "bad register");
    S(e, in.dst) = uint64_t(in.imm);
    break;
  case Opcode::Mov:
    if (in.aux == 0) {
      if (!validS(prog, in.dst) || !validS(prog, in.a))
        return fail(e, "bad register");
      S(e, in.dst) = S(e, in.a);
    } else if (in.aux == 1) {
      if (!validV(prog, in.dst) || !validV(prog, in.a))
        return fail(e, "bad register");
      std::memmove(V(e, in.dst), V(e, in.a), sizeof(double) * size_t(maxLanes));
      VD(e, in.dst) = VD(e, in.a);
    } else {
      if (!validT(prog, in.dst) || !validT(prog, in.a))
        return fail(e, "bad register");
      T(e, in.dst) = T(e, in.a);
    }
    break;
  case Opcode::Arg: {
    const code::Module &m = *prepared().module;
    if (!validS(prog, in.dst) || in.imm < 0 || size_t(in.imm) >= runJob.symbols.size())
      return fail(e, "bad register or symbol");
    const code::Symbol &sym = m.symbols[size_t(in.imm)];
    const runtime::Value &v = runJob.symbols[size_t(in.imm)];
    if (sym.kind == code::Symbol::Scalar && code::isFloat(sym.type))
      setS(e, in.dst, ElemType::F64, v.f);
    else
      S(e, in.dst) = uint64_t(v.i);
    break;
  }
  default:
    break;
  }
  return true;
}

bool Machine::execSAlu(uint32_t e, const Instr &in) {
  const code::Program &prog = *stat[e].programCode;
  if (!validS(prog, in.dst) || !validS(prog, in.a))
    return fail(e, "bad register");
  // 64-bit integer arithmetic on the registers directly (the loops'
  // counters and addresses): the general path's results (evalWideAlu),
  // without converting to and from slots.
  if ((in.type == ElemType::Index || in.type == ElemType::I64) &&
      in.srcType == ElemType::None && validS(prog, in.b)) {
    int64_t x = int64_t(S(e, in.a)), y = int64_t(S(e, in.b));
    bool done = true;
    int64_t r = 0;
    switch (in.fn) {
    case code::AluFn::AddI: r = int64_t(uint64_t(x) + uint64_t(y)); break;
    case code::AluFn::SubI: r = int64_t(uint64_t(x) - uint64_t(y)); break;
    case code::AluFn::MulI: r = int64_t(uint64_t(x) * uint64_t(y)); break;
    case code::AluFn::MaxSI: r = std::max(x, y); break;
    case code::AluFn::MinSI: r = std::min(x, y); break;
    case code::AluFn::CmpI:
      switch (in.aux) {
      case 0: r = x == y; break;
      case 1: r = x != y; break;
      case 2: r = x < y; break;
      case 3: r = x <= y; break;
      case 4: r = x > y; break;
      case 5: r = x >= y; break;
      case 6: r = uint64_t(x) < uint64_t(y); break;
      case 7: r = uint64_t(x) <= uint64_t(y); break;
      case 8: r = uint64_t(x) > uint64_t(y); break;
      default: r = uint64_t(x) >= uint64_t(y); break;
      }
      break;
    default: done = false; break;
    }
    if (done) {
      S(e, in.dst) = uint64_t(r);
      return true;
    }
  }
  ElemType src = in.srcType != ElemType::None ? in.srcType : in.type;
  AluStatus status = AluStatus::Ok;
  bool select = in.fn == code::AluFn::Select;
  double x = sval(e, in.a, select ? ElemType::I1 : src);
  double y = validS(prog, in.b) ? sval(e, in.b, select ? in.type : src) : 0;
  double z = validS(prog, in.c) ? sval(e, in.c, in.type) : 0;
  double r = evalAlu(aluOf(in), x, y, z, status);
  ElemType resultType = isCompare(in.fn) ? ElemType::I1 : in.type;
  if (status != AluStatus::Ok)
    return fail(e, aluFaultMessage(aluOf(in), status));
  setS(e, in.dst, resultType, r);
  return true;
}

bool Machine::execBranch(uint32_t e, const Instr &in, Issue &is) {
  const code::Program &prog = *stat[e].programCode;
  switch (in.op) {
  case Opcode::Jmp:
    is.next = uint32_t(in.imm);
    break;
  case Opcode::Brz:
  case Opcode::Brnz: {
    if (!validS(prog, in.a))
      return fail(e, "bad register");
    bool zero = S(e, in.a) == 0 || (code::isFloat(in.type) && sval(e, in.a, in.type) == 0);
    if (zero == (in.op == Opcode::Brz))
      is.next = uint32_t(in.imm);
    break;
  }
  default:
    break;
  }
  return true;
}

bool Machine::execHalt(uint32_t e, uint32_t pc, uint64_t cost) {
  MachineState::Engine &en = st.engines[e];
  const EngineStatic &es = stat[e];
  if (nextTile(e)) {
    en.noteIssue(st.now, pc, cost);
    record(EventKind::Issue, e, pc, st.now, uint32_t(cost));
    en.busyCycles += cost;
    schedule(e, st.now + cost);
    return true;
  }
  en.status = Halted;
  record(EventKind::Halt, e, pc, st.now, 0);
  st.lastActivity = std::max(st.lastActivity, st.now);
  if (--st.liveEngines[size_t(es.core)] > 0 &&
      st.barrierArrived[size_t(es.core)] >= st.liveEngines[size_t(es.core)]) {
    // Engines waiting at a barrier no longer wait for this one.
    st.barrierArrived[size_t(es.core)] = 0;
    for (uint32_t o : engineOfCore[size_t(es.core)])
      if (st.engines[o].status == Blocked && st.engines[o].blockedOn == kBarrier) {
        ++st.engines[o].pc;
        wake(o, st.now);
      }
  }
  return true;
}

bool Machine::execVector(uint32_t e, const Instr &in, Issue &is) {
  const EngineStatic &es = stat[e];
  const code::Program &prog = *es.programCode;
  switch (in.op) {
  case Opcode::VAlu: {
    if (!validV(prog, in.dst) || !validV(prog, in.a) || in.lanes > maxLanes)
      return fail(e, "bad register or lane count");
    const bool hasB = validV(prog, in.b), hasC = validV(prog, in.c);
    const double *x = V(e, in.a);
    const double *y = hasB ? V(e, in.b) : x;
    const double *z = hasC ? V(e, in.c) : x;
    double *out = V(e, in.dst);
    AluOp op = aluOf(in);
    AluStatus status = AluStatus::Ok;
    // A result lane holds data where every vector operand's does; the
    // lanes past that are padding (a row's end inside a stick).
    uint32_t data = VD(e, in.a);
    if (hasB)
      data = std::min(data, VD(e, in.b));
    if (hasC)
      data = std::min(data, VD(e, in.c));
    int computed = in.lanes;
    if (int64_t(data) < in.lanes && canFault(in.fn))
      computed = int(data); // a division of padding must not fault
    // Lane i reads only lane i of its operands: in place is safe.
    evalAluLanes(op, x, y, z, out, computed, status);
    if (computed < in.lanes)
      std::fill(out + computed, out + in.lanes, 0.0);
    VD(e, in.dst) = data;
    if (status != AluStatus::Ok)
      return fail(e, aluFaultMessage(op, status));
    is.cost = std::max(is.cost, simdCycles(in.type, in.lanes, isTranscendental(in.fn)));
    st.computeCycles[size_t(es.core)] += is.cost;
    break;
  }
  case Opcode::VSplat: {
    if (!validV(prog, in.dst) || !validS(prog, in.a) || in.lanes > maxLanes)
      return fail(e, "bad register or lane count");
    double v = interp::roundTo(dtypeOf(in.type), sval(e, in.a, in.type));
    std::fill_n(V(e, in.dst), in.lanes, v);
    VD(e, in.dst) = uint32_t(maxLanes);
    break;
  }
  case Opcode::VReduce: {
    if (!validS(prog, in.dst) || !validV(prog, in.a) || (in.b >= 0 && !validS(prog, in.b)) ||
        in.lanes > maxLanes || in.lanes == 0)
      return fail(e, "bad register or lane count");
    AluOp op = aluOf(in);
    AluStatus status = AluStatus::Ok;
    const double *x = V(e, in.a);
    // The architecture's [numerics] says how the lanes fold (tree or one
    // after the other) and in what (f32, rounding once, or the type).
    double acc = reduceLanes(op, x, in.lanes,
                             in.b >= 0 ? std::optional<double>(sval(e, in.b, in.type))
                                       : std::nullopt,
                             arch().numerics, status);
    if (status != AluStatus::Ok)
      return fail(e, "the reduction cannot be computed");
    setS(e, in.dst, in.type, acc);
    is.cost = std::max(is.cost, simdCycles(in.type, in.lanes, false));
    st.computeCycles[size_t(es.core)] += is.cost;
    break;
  }
  case Opcode::VExtract: {
    int64_t lane = in.b >= 0 && validS(prog, in.b) ? int64_t(S(e, in.b)) : in.imm;
    if (!validS(prog, in.dst) || !validV(prog, in.a) || lane < 0 || lane >= maxLanes)
      return fail(e, "bad register or lane " + std::to_string(lane));
    setS(e, in.dst, in.type, V(e, in.a)[lane]);
    break;
  }
  case Opcode::VInsert: {
    int64_t lane = in.c >= 0 && validS(prog, in.c) ? int64_t(S(e, in.c)) : in.imm;
    if (!validV(prog, in.dst) || !validV(prog, in.a) || !validS(prog, in.b) || lane < 0 ||
        lane >= maxLanes)
      return fail(e, "bad register or lane " + std::to_string(lane));
    if (in.dst != in.a) {
      std::memcpy(V(e, in.dst), V(e, in.a), sizeof(double) * size_t(maxLanes));
      VD(e, in.dst) = VD(e, in.a);
    }
    V(e, in.dst)[lane] = interp::roundTo(dtypeOf(in.type), sval(e, in.b, in.type));
    break;
  }
  default:
    break;
  }
  return true;
}

bool Machine::execTile(uint32_t e, const Instr &in, Issue &is) {
  const code::Program &prog = *stat[e].programCode;
  switch (in.op) {
  case Opcode::TRead:
  case Opcode::TWrite:
  case Opcode::TExtract:
  case Opcode::TInsert: {
    int32_t treg = in.a;
    if (!validT(prog, treg) || (in.op != Opcode::TRead && in.op != Opcode::TExtract && !validT(prog, in.dst)))
      return fail(e, "bad tile register");
    const code::TileShape &shape = prog.tileRegs[size_t(treg)];
    size_t rank = shape.dims.size();
    if (in.argCount != rank)
      return fail(e, "the tile access has " + std::to_string(in.argCount) +
                         " coordinates for a rank-" + std::to_string(rank) + " tile");
    int64_t point[8] = {0};
    if (rank > 8)
      return fail(e, "tiles of rank above 8 are not supported");
    for (size_t d = 0; d < rank; ++d) {
      if (!validS(prog, (prog.operands.data() + in.argBegin)[d]))
        return fail(e, "bad register");
      point[d] = int64_t(S(e, (prog.operands.data() + in.argBegin)[d]));
    }
    auto flat = [&](const int64_t *p, bool &inside) {
      int64_t f = 0;
      inside = true;
      for (size_t d = 0; d < rank; ++d) {
        inside &= p[d] >= 0 && p[d] < shape.dims[d];
        f = f * shape.dims[d] + p[d];
      }
      return f;
    };
    if (in.op == Opcode::TRead || in.op == Opcode::TWrite) {
      if (rank == 0 || in.aux >= rank || in.lanes > maxLanes)
        return fail(e, "bad tile dimension or lane count");
      if (in.op == Opcode::TRead && !validV(prog, in.dst))
        return fail(e, "bad register");
      if (in.op == Opcode::TWrite && !validV(prog, in.b))
        return fail(e, "bad register");
      if (in.op == Opcode::TWrite && in.dst != in.a)
        T(e, in.dst) = T(e, in.a);
      std::vector<double> &tile = T(e, in.op == Opcode::TRead ? in.a : in.dst);
      double fill = in.op == Opcode::TRead && validS(prog, in.b) ? sval(e, in.b, in.type) : 0;
      double *v = V(e, in.op == Opcode::TRead ? in.dst : in.b);
      // Lane i is the point with dimension aux advanced by i: its flat
      // index steps by that dimension's stride; the lanes inside the tile
      // are one interval [from, to).
      const size_t ax = in.aux;
      bool others = true;
      int64_t step = 1;
      for (size_t d = 0; d < rank; ++d) {
        if (d != ax)
          others &= point[d] >= 0 && point[d] < shape.dims[d];
        if (d > ax)
          step *= shape.dims[d];
      }
      bool inside = false;
      const int64_t f0 = flat(point, inside);
      const int64_t lanes = in.lanes;
      const int64_t x0 = point[ax], n = shape.dims[ax];
      int64_t from = 0, to = 0;
      if (others && x0 < n && x0 > -lanes) {
        from = x0 >= 0 ? 0 : -x0;
        to = std::min(lanes, n - x0);
      }
      if (in.op == Opcode::TRead) {
        std::fill(v, v + from, fill);
        for (int64_t i = from; i < to; ++i)
          v[i] = tile[size_t(f0 + i * step)];
        std::fill(v + to, v + lanes, fill);
        // The lanes past the tile's edge hold the fill, not data.
        VD(e, in.dst) = uint32_t(to);
      } else {
        for (int64_t i = from; i < to; ++i)
          tile[size_t(f0 + i * step)] = v[i];
      }
    } else {
      bool inside = false;
      int64_t f = flat(point, inside);
      if (!inside)
        return fail(e, "the tile access lies outside the tile");
      if (in.op == Opcode::TExtract) {
        if (!validS(prog, in.dst))
          return fail(e, "bad register");
        setS(e, in.dst, in.type, T(e, in.a)[size_t(f)]);
      } else {
        if (!validS(prog, in.b))
          return fail(e, "bad register");
        if (in.dst != in.a)
          T(e, in.dst) = T(e, in.a);
        T(e, in.dst)[size_t(f)] =
            interp::roundTo(dtypeOf(in.type), sval(e, in.b, in.type));
      }
    }
    break;
  }
  case Opcode::TSplat: {
    if (!validT(prog, in.dst) || (in.a >= 0 && !validS(prog, in.a)))
      return fail(e, "bad register");
    std::vector<double> &tile = T(e, in.dst);
    // a = -1: zeros (tensor.empty).
    std::fill(tile.begin(), tile.end(),
              in.a < 0 ? 0.0
                       : interp::roundTo(dtypeOf(in.type), sval(e, in.a, in.type)));
    is.cost = std::max(is.cost, simdCycles(in.type, int64_t(tile.size()), false));
    break;
  }
  default:
    break;
  }
  return true;
}

bool Machine::execChannel(uint32_t e, const Instr &in, Issue &is) {
  MachineState::Engine &en = st.engines[e];
  const EngineStatic &es = stat[e];
  const arch::Arch &a = arch();
  const code::Program &prog = *es.programCode;
  bool produce = in.op == Opcode::Send || in.op == Opcode::Stream ||
                 in.op == Opcode::Signal;
  int64_t chNo = (in.op == Opcode::Stream || in.op == Opcode::Collect) ? in.c : in.imm;
  const int64_t ci = chNo >= 0 && size_t(chNo) < numChannels
                         ? int64_t(size_t(es.core) * numChannels + size_t(chNo))
                         : -1;
  if (ci < 0)
    return fail(e, "channel " + std::to_string(chNo) + " does not exist");
  MachineState::Channel &ch = st.channels[size_t(ci)];
  const runtime::ChannelWiring &w = prepared().channels[size_t(chNo)];
  int64_t depth = std::max<int64_t>(1, w.depth);
  int64_t lanes = std::max<int32_t>(0, w.lanes);
  bool tokens = in.op == Opcode::Signal || in.op == Opcode::Wait;
  bool tile = !tokens && in.lanes == 0 && (in.op == Opcode::Send || in.op == Opcode::Recv);
  // A vector send or receive moves `aux` sticks (at least one): stick k is
  // the vector's lanes k * L .. k * L + L - 1, L the channel's lanes (a
  // vector of f32 in the lanes of an f16 stick is two f32 sticks).
  int64_t total = tokens ? 1 : std::max<int64_t>(1, in.aux);
  bool vector = !tokens && !tile && (in.op == Opcode::Send || in.op == Opcode::Recv);
  if (vector && total > 1 && (total * lanes > maxLanes || total * lanes != in.lanes))
    return fail(e, "a vector of " + std::to_string(in.lanes) + " lanes moved as " +
                       std::to_string(total) + " sticks of " + std::to_string(lanes) +
                       " lanes");
  int64_t port = (in.op == Opcode::Stream || in.op == Opcode::Collect || tile)
                     ? a.timing.lxPortSticksPerCycle
                     : 1;
  // How many sticks can move now.
  int64_t avail = 0;
  if (produce) {
    avail = depth - ch.count;
  } else {
    for (int64_t k = 0; k < ch.count; ++k) {
      if (ch.visibleAt[size_t((ch.head + k) % depth)] > st.now)
        break;
      ++avail;
    }
    if (avail == 0 && ch.count > 0) { // in flight: wait for it
      recordWait(e);
      schedule(e, ch.visibleAt[size_t(ch.head % depth)]);
      is.parked = true;
      return true;
    }
  }
  if (avail == 0) {
    block(e, int32_t(chNo));
    is.parked = true;
    return true;
  }
  int64_t n = std::min({avail, port, total - en.progress});
  // LX side of Stream / Collect.
  int32_t buffer = -1, copy = 0;
  const code::LxView *view = nullptr;
  int64_t lxBase = 0, first = 0;
  if (in.op == Opcode::Stream || in.op == Opcode::Collect) {
    const code::Module &m = *prepared().module;
    if (in.imm < 0 || size_t(in.imm) >= m.lxViews.size() || !validS(prog, in.a))
      return fail(e, "bad LX view or register");
    view = &m.lxViews[size_t(in.imm)];
    first = in.b >= 0 ? int64_t(S(e, in.b)) : 0;
    lxBase = int64_t(S(e, in.a)) + (first + en.progress) * int64_t(stickBytes);
    if (!lxRange(e, int32_t(in.imm), lxBase, n * int64_t(stickBytes), es.core,
                 buffer, copy))
      return false;
  }
  for (int64_t k = 0; k < n; ++k) {
    int64_t stick = en.progress + k;
    if (produce) {
      size_t slot = size_t((ch.head + ch.count) % depth);
      double *data = ch.data.data() + slot * size_t(lanes);
      if (in.op == Opcode::Send && !tile) {
        if (!validV(prog, in.a))
          return fail(e, "bad register");
        std::copy_n(V(e, in.a) + stick * lanes, lanes, data);
        ch.dataLanes[slot] =
            total == 1 ? VD(e, in.a)
                       : uint32_t(std::clamp<int64_t>(
                             int64_t(VD(e, in.a)) - stick * lanes, 0, lanes));
      } else if (in.op == Opcode::Send) {
        if (!validT(prog, in.a))
          return fail(e, "bad tile register");
        const std::vector<double> &t = T(e, in.a);
        TileSticks ts = tileSticks(prog.tileRegs[size_t(in.a)], lanes);
        int64_t base = ts.offset(stick), n = ts.count(stick);
        for (int64_t l = 0; l < lanes; ++l)
          data[l] = l < n && size_t(base + l) < t.size() ? t[size_t(base + l)] : 0.0;
        ch.dataLanes[slot] = uint32_t(std::clamp<int64_t>(n, 0, lanes));
      } else if (in.op == Opcode::Stream) {
        uint64_t vsize = uint64_t(code::elemBytes(view->type));
        int64_t fit = std::min<int64_t>(lanes, int64_t(stickBytes / vsize));
        loadElements(st.lx[size_t(es.core)], view->type,
                     uint64_t(lxBase + k * int64_t(stickBytes)), data, fit);
        std::fill(data + fit, data + lanes, 0.0);
        ch.dataLanes[slot] = streamDataLanes(*view, first + stick, fit, int64_t(stickBytes));
      }
      ch.visibleAt[slot] = st.now + uint64_t(a.timing.channelLatencyCycles);
      ++ch.count;
    } else {
      size_t slot = size_t(ch.head % depth);
      const double *data = ch.data.data() + slot * size_t(lanes);
      if (in.op == Opcode::Recv && !tile) {
        if (!validV(prog, in.dst))
          return fail(e, "bad register");
        std::copy_n(data, lanes, V(e, in.dst) + stick * lanes);
        // The data lanes run to the first stick that is not full.
        uint32_t &vd = VD(e, in.dst);
        if (stick == 0)
          vd = ch.dataLanes[slot];
        else if (int64_t(vd) >= stick * lanes)
          vd = uint32_t(stick * lanes) + ch.dataLanes[slot];
      } else if (in.op == Opcode::Recv) {
        if (!validT(prog, in.dst))
          return fail(e, "bad tile register");
        std::vector<double> &t = T(e, in.dst);
        TileSticks ts = tileSticks(prog.tileRegs[size_t(in.dst)], lanes);
        int64_t base = ts.offset(stick), n = ts.count(stick);
        for (int64_t l = 0; l < n; ++l)
          if (size_t(base + l) < t.size())
            t[size_t(base + l)] = data[l];
      } else if (in.op == Opcode::Collect) {
        uint64_t vsize = uint64_t(code::elemBytes(view->type));
        int64_t fit = std::min<int64_t>(lanes, int64_t(stickBytes / vsize));
        storeElements(st.lx[size_t(es.core)], view->type,
                      uint64_t(lxBase + k * int64_t(stickBytes)), data, fit);
      }
      ch.head = (ch.head + 1) % depth;
      --ch.count;
    }
  }
  fifoSample(size_t(ci));
  wakeChannel(size_t(ci), st.now + (produce ? uint64_t(a.timing.channelLatencyCycles) : 0));
  if (in.op == Opcode::Stream)
    lxRead(es.core, buffer, copy, st.now + 1);
  if (in.op == Opcode::Collect)
    lxWritten(es.core, buffer, copy);
  en.progress += n;
  if (en.progress < total) {
    is.cost = 1;
    is.next = en.pc; // more sticks to move
  } else {
    en.progress = 0;
    is.cost = (in.op == Opcode::Stream || in.op == Opcode::Collect || tile)
                  ? 1
                  : uint64_t(a.timing.issueCycles);
  }
  return true;
}

bool Machine::execBarrier(uint32_t e, Issue &is) {
  const EngineStatic &es = stat[e];
  int32_t &arrived = st.barrierArrived[size_t(es.core)];
  ++arrived;
  if (arrived < st.liveEngines[size_t(es.core)]) {
    block(e, kBarrier);
    is.parked = true;
    return true;
  }
  arrived = 0;
  for (uint32_t o : engineOfCore[size_t(es.core)])
    if (o != e && st.engines[o].status == Blocked &&
        st.engines[o].blockedOn == kBarrier) {
      ++st.engines[o].pc;
      wake(o, st.now + uint64_t(arch().timing.issueCycles));
    }
  return true;
}

bool Machine::execute(uint32_t e) {
  MachineState::Engine &en = st.engines[e];
  const EngineStatic &es = stat[e];
  if (en.pc >= es.size)
    return fail(e, "the program runs past its last instruction");
  const Instr &in = es.code[en.pc];
  const code::Program &prog = *es.programCode;
  const uint32_t pc = en.pc;
  Issue is{uint64_t(arch().timing.issueCycles), en.pc + 1};
  if (in.argCount && in.argBegin + uint64_t(in.argCount) > prog.operands.size())
    return fail(e, "the instruction's operands lie outside its program");

  bool ok = true;
  switch (in.op) {
  case Opcode::Nop:
    break;
  case Opcode::Const:
  case Opcode::Mov:
  case Opcode::Arg:
    ok = execMove(e, in);
    break;
  case Opcode::SAlu:
    ok = execSAlu(e, in);
    break;
  case Opcode::Jmp:
  case Opcode::Brz:
  case Opcode::Brnz:
    ok = execBranch(e, in, is);
    break;
  case Opcode::Halt:
    return execHalt(e, pc, is.cost);
  case Opcode::VAlu:
  case Opcode::VSplat:
  case Opcode::VReduce:
  case Opcode::VExtract:
  case Opcode::VInsert:
    ok = execVector(e, in, is);
    break;
  case Opcode::TRead:
  case Opcode::TWrite:
  case Opcode::TExtract:
  case Opcode::TInsert:
  case Opcode::TSplat:
    ok = execTile(e, in, is);
    break;
  case Opcode::Send:
  case Opcode::Recv:
  case Opcode::Stream:
  case Opcode::Collect:
  case Opcode::Signal:
  case Opcode::Wait:
    ok = execChannel(e, in, is);
    break;
  case Opcode::Barrier:
    ok = execBarrier(e, is);
    break;
  case Opcode::Dma:
    ok = execDma(e, in, is.cost);
    break;
  case Opcode::RingSend:
  case Opcode::RingRecv:
    if (!validS(prog, in.a))
      return fail(e, "bad register");
    ok = execRing(e, in, is.cost, is.parked);
    break;
  }
  if (!ok)
    return false;
  if (is.parked)
    return true;
  if (st.faulted)
    return false;
  const uint64_t cost = is.cost;
  en.noteIssue(st.now, pc, cost);
  record(EventKind::Issue, e, pc, st.now, uint32_t(std::min<uint64_t>(cost, UINT32_MAX)));
  en.busyCycles += cost;
  en.pc = is.next;
  if (is.next >= es.size)
    return fail(e, "the program runs past its last instruction");
  st.lastActivity = std::max(st.lastActivity, st.now + cost);
  schedule(e, st.now + cost);
  return true;
}
