//===- RegisterReuse.cpp - vector registers shared by values not live together ===//

#include "spyrecode/RegisterReuse.h"

#include "spyrecode/Verify.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace spyre::code {

namespace {

/// A vector register operand of an instruction: which field holds it.
struct VField {
  int field = 0; ///< 0 dst, 1 a, 2 b, 3 c
  bool write = false;
};

int32_t Instr::*const kFields[4] = {&Instr::dst, &Instr::a, &Instr::b, &Instr::c};

/// The vector register fields of `in`: registerRefs() of a copy whose
/// fields are numbered 0-3 (vector registers are never in an args run).
std::vector<VField> vectorFields(const Program &p, const Instr &in) {
  Instr probe = in;
  probe.dst = 0;
  probe.a = 1;
  probe.b = 2;
  probe.c = 3;
  probe.argCount = 0;
  std::vector<RegRef> refs;
  registerRefs(p, probe, refs);
  std::vector<VField> out;
  for (const RegRef &r : refs)
    if (r.file == RegRef::V && r.reg >= 0 && r.reg < 4 && in.*kFields[r.reg] >= 0)
      out.push_back({r.reg, r.write});
  return out;
}

} // namespace

void reuseVectorRegisters(Program &p) {
  const size_t nV = size_t(std::max(p.numVRegs, 0));
  const size_t size = p.code.size();
  if (nV < 2 || size == 0)
    return;
  std::vector<std::vector<VField>> fields(size);
  for (size_t pc = 0; pc < size; ++pc)
    fields[pc] = vectorFields(p, p.code[pc]);
  auto regAt = [&](size_t pc, const VField &f) {
    return size_t(p.code[pc].*kFields[f.field]);
  };
  for (size_t pc = 0; pc < size; ++pc)
    for (const VField &f : fields[pc])
      if (regAt(pc, f) >= nV)
        return; // out of range: validateStructure() reports it

  // Live-in sets, a backward dataflow to its fixed point: a bit per
  // register and instruction (3 MB for 4,913 instructions and 4,903
  // registers). A program past 128 MB of them keeps its numbering.
  const size_t words = (nV + 63) / 64;
  if (size > (size_t(1) << 24) / words)
    return;
  std::vector<uint64_t> liveIn(size * words, 0);
  std::vector<uint64_t> live(words);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t pc = size; pc-- > 0;) {
      std::fill(live.begin(), live.end(), 0);
      size_t succ[2];
      int n = successorsOf(p, pc, succ);
      for (int s = 0; s < n; ++s)
        if (succ[s] < size)
          for (size_t w = 0; w < words; ++w)
            live[w] |= liveIn[succ[s] * words + w];
      for (const VField &f : fields[pc])
        if (f.write) {
          size_t r = regAt(pc, f);
          live[r / 64] &= ~(uint64_t(1) << (r % 64));
        }
      for (const VField &f : fields[pc])
        if (!f.write) {
          size_t r = regAt(pc, f);
          live[r / 64] |= uint64_t(1) << (r % 64);
        }
      uint64_t *in = &liveIn[pc * words];
      if (!std::equal(live.begin(), live.end(), in)) {
        std::copy(live.begin(), live.end(), in);
        changed = true;
      }
    }
  }

  // Each register's interval: the instructions it is live into or
  // written at.
  constexpr size_t kNone = SIZE_MAX;
  std::vector<size_t> first(nV, kNone), last(nV, 0);
  auto touch = [&](size_t r, size_t pc) {
    first[r] = std::min(first[r], pc);
    last[r] = std::max(last[r], pc);
  };
  for (size_t pc = 0; pc < size; ++pc) {
    for (size_t w = 0; w < words; ++w)
      for (uint64_t bits = liveIn[pc * words + w]; bits; bits &= bits - 1)
        touch(w * 64 + size_t(__builtin_ctzll(bits)), pc);
    for (const VField &f : fields[pc])
      touch(regAt(pc, f), pc);
  }

  // First fit by start: a register is free again after the last
  // instruction of the interval that held it.
  std::vector<size_t> order;
  for (size_t r = 0; r < nV; ++r)
    if (first[r] != kNone)
      order.push_back(r);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return first[x] < first[y]; });
  using Busy = std::pair<size_t, int32_t>; // (last instruction, register)
  std::priority_queue<Busy, std::vector<Busy>, std::greater<Busy>> busy;
  std::priority_queue<int32_t, std::vector<int32_t>, std::greater<int32_t>> free;
  std::vector<int32_t> renamed(nV, -1);
  int32_t used = 0;
  for (size_t r : order) {
    while (!busy.empty() && busy.top().first < first[r]) {
      free.push(busy.top().second);
      busy.pop();
    }
    int32_t to;
    if (free.empty()) {
      to = used++;
    } else {
      to = free.top();
      free.pop();
    }
    renamed[r] = to;
    busy.push({last[r], to});
  }
  for (size_t pc = 0; pc < size; ++pc) {
    bool done[4] = {};
    for (const VField &f : fields[pc]) {
      if (std::exchange(done[f.field], true))
        continue; // read and written: renamed once
      int32_t &reg = p.code[pc].*kFields[f.field];
      reg = renamed[size_t(reg)];
    }
  }
  p.numVRegs = used;
}

} // namespace spyre::code
