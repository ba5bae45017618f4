//===- DmaWalk.cpp - the points of a DMA descriptor's access tile ---------===//

#include "emu/DmaWalk.h"
#include "emu/IntMath.h"
#include "emu/LinearAffine.h"
#include "emu/RowSet.h"
#include "emu/SetBounds.h"

#include <algorithm>
#include <optional>

using namespace spyre;
using namespace spyre::emu;
using code::AffineExprCode;
using code::IntegerSetCode;

void DmaWalk::append(int32_t part, int64_t address, int64_t stride,
                     int64_t count) {
  if (count <= 0)
    return;
  points += count;
  if (!runs.empty()) {
    WalkRun &last = runs.back();
    if (last.part == part && part < 0) {
      last.count += count;
      return;
    }
    if (last.part == part) {
      int64_t step = last.count == 1 ? address - last.address : last.stride;
      if (address == last.address + step * last.count &&
          (count == 1 || stride == step)) {
        last.stride = step;
        last.count += count;
        return;
      }
    }
  }
  runs.push_back({part, part < 0 ? 0 : address, count > 1 ? stride : 0, count});
}

namespace {

/// x - y, clamped to the int64 range.
int64_t saturatedSub(int64_t x, int64_t y) {
  int64_t r = 0;
  if (__builtin_sub_overflow(x, y, &r))
    return y > 0 ? INT64_MIN : INT64_MAX;
  return r;
}

} // namespace

bool spyre::emu::evalAffine(const AffineExprCode &e, const int64_t *dims,
                            const int64_t *syms, int64_t &out) {
  int64_t stack[32];
  int sp = 0;
  for (const auto &[kind, value] : e.code) {
    if (kind <= AffineExprCode::Const) {
      if (sp == 32)
        return false;
      stack[sp++] = kind == AffineExprCode::Dim   ? dims[value]
                    : kind == AffineExprCode::Sym ? syms[value]
                                                  : value;
      continue;
    }
    if (sp < 2)
      return false;
    int64_t b = stack[--sp], a = stack[sp - 1];
    switch (kind) {
    case AffineExprCode::Add: a = a + b; break;
    case AffineExprCode::Mul: a = a * b; break;
    case AffineExprCode::Mod:
      if (b == 0)
        return false;
      a = a - floorDivide(a, b) * b;
      break;
    case AffineExprCode::FloorDiv:
      if (b == 0)
        return false;
      a = floorDivide(a, b);
      break;
    case AffineExprCode::CeilDiv:
      if (b == 0)
        return false;
      a = -floorDivide(-a, b);
      break;
    default:
      return false;
    }
    stack[sp - 1] = a;
  }
  if (sp != 1)
    return false;
  out = stack[0];
  return true;
}

bool spyre::emu::setContains(const IntegerSetCode &s, const int64_t *dims,
                             const int64_t *syms) {
  for (size_t i = 0; i < s.exprs.size(); ++i) {
    int64_t v = 0;
    if (!evalAffine(s.exprs[i], dims, syms, v))
      return false;
    if (i < s.eq.size() && s.eq[i] ? v != 0 : v < 0)
      return false;
  }
  return true;
}

namespace {

/// A part resolved for this walk.
struct Part {
  int64_t base = 0;
  int32_t memory = -1;
  code::ElemType type = code::ElemType::None;
  std::vector<int64_t> sizes, strides, lo, syms;
  const code::IntegerSetCode *set = nullptr; ///< null: the box of sizes
  /// Whether the coordinates it holds are exactly the box [boxLo, boxHi]
  /// (no set: [0, sizes); a set of unit bounds, affine in its dimensions):
  /// then membership needs no affine evaluation.
  bool box = false;
  std::vector<int64_t> boxLo, boxHi;
  /// Not a box: the set's constraints, as coefficients where they can be.
  std::optional<LinearSet> linear;
  bool holds(const int64_t *g) const {
    size_t rank = sizes.size();
    for (size_t d = 0; d < rank; ++d)
      if (g[d] < boxLo[d] || g[d] > boxHi[d])
        return false;
    return true;
  }
};

/// The bounding box of a set from its unit constraints (x - c >= 0,
/// c - x >= 0, x - c == 0 on one dimension); dimensions without such
/// bounds keep [lo, hi] as given. Returns whether every constraint was
/// such a bound (the set is exactly the box).
bool boundingBox(const IntegerSetCode &s, const int64_t *syms,
                 std::vector<int64_t> &lo, std::vector<int64_t> &hi) {
  size_t rank = lo.size();
  bool exact = true;
  std::vector<int64_t> zero(rank, 0), unit(rank, 0);
  for (size_t i = 0; i < s.exprs.size(); ++i) {
    int64_t f0 = 0;
    if (!evalAffine(s.exprs[i], zero.data(), syms, f0)) {
      exact = false;
      continue;
    }
    int dim = -1;
    int64_t coeff = 0;
    bool linear = true;
    for (size_t d = 0; d < rank && linear; ++d) {
      unit[d] = 1;
      int64_t f1 = 0, f2 = 0, f3 = 0;
      bool ok = evalAffine(s.exprs[i], unit.data(), syms, f1);
      unit[d] = 2;
      ok = ok && evalAffine(s.exprs[i], unit.data(), syms, f2);
      unit[d] = -1;
      ok = ok && evalAffine(s.exprs[i], unit.data(), syms, f3);
      unit[d] = 0;
      if (!ok || f2 - f1 != f1 - f0 || f0 - f3 != f1 - f0) {
        linear = false;
        break;
      }
      if (f1 != f0) {
        if (dim >= 0)
          linear = false;
        dim = int(d);
        coeff = f1 - f0;
      }
    }
    if (!linear || dim < 0 || (coeff != 1 && coeff != -1)) {
      exact = false;
      continue;
    }
    bool eq = i < s.eq.size() && s.eq[i];
    // coeff * x + f0 >= 0 (or == 0).
    if (coeff == 1 || eq)
      lo[dim] = std::max(lo[dim], coeff == 1 ? -f0 : f0);
    if (coeff == -1 || eq)
      hi[dim] = std::min(hi[dim], coeff == -1 ? f0 : -f0);
  }
  return exact;
}

template <typename Value>
bool resolvePart(const code::ViewPart &vp, code::ElemType fallback, Value value,
                 size_t rank, bool distributed, Part &p, std::string &error) {
  if (vp.sizes.size() != rank || vp.strides.size() != rank) {
    error = "a DMA view's rank differs from its coordinates'";
    return false;
  }
  p.base = value(vp.base);
  int64_t core = vp.lx ? int64_t(value(vp.core)) : -1;
  p.memory = !vp.lx ? -1 : core >= 0 ? int32_t(core) : kOwnScratchpad;
  p.type = vp.type != code::ElemType::None ? vp.type : fallback;
  for (size_t d = 0; d < rank; ++d) {
    p.sizes.push_back(value(vp.sizes[d]));
    p.strides.push_back(value(vp.strides[d]));
  }
  for (const code::Operand &o : vp.symbols)
    p.syms.push_back(value(o));
  const code::IntegerSetCode &set =
      !vp.partition.exprs.empty() ? vp.partition : vp.coordinateSet;
  if (int(p.syms.size()) < set.symbols)
    p.syms.resize(size_t(set.symbols), 0);
  p.set = set.exprs.empty() ? nullptr : &set;
  p.lo.assign(rank, 0);
  if (!p.set) {
    p.box = true;
    p.boxLo.assign(rank, 0);
    for (int64_t n : p.sizes)
      p.boxHi.push_back(n > INT64_MIN ? n - 1 : n);
    return true;
  }
  std::vector<int64_t> lo(rank, INT64_MIN), hi(rank, INT64_MAX);
  bool exact = boundingBox(*p.set, p.syms.data(), lo, hi);
  if (distributed)
    for (size_t d = 0; d < rank; ++d)
      p.lo[d] = lo[d] == INT64_MIN ? 0 : lo[d];
  p.box = exact && p.set->dims == int32_t(rank) &&
          std::all_of(p.set->exprs.begin(), p.set->exprs.end(),
                      [&](const AffineExprCode &e) { return affineInDims(e, rank, true); });
  if (p.box) {
    p.boxLo = std::move(lo);
    p.boxHi = std::move(hi);
  } else {
    p.linear.emplace(*p.set, rank, p.syms.data());
  }
  return true;
}

/// The part (index into parts) holding g and its byte address, or -1.
int32_t locate(const std::vector<Part> &parts, bool distributed,
               const int64_t *g, int64_t &address) {
  for (size_t q = 0; q < parts.size(); ++q) {
    const Part &part = parts[q];
    size_t rank = part.sizes.size();
    bool inside = true;
    if (part.box)
      inside = part.holds(g);
    else
      inside = part.linear->contains(g);
    if (!inside)
      continue;
    int64_t index = part.base;
    for (size_t d = 0; d < rank; ++d)
      index += (distributed ? g[d] - part.lo[d] : g[d]) * part.strides[d];
    if (index < 0)
      return -1;
    address = index * code::elemBytes(part.type);
    return int32_t(q);
  }
  return -1;
}

Int128 ceilDivWide(Int128 a, Int128 b) { return -floorDivide(-a, b); }
bool fitsInt64(Int128 v) { return v >= INT64_MIN && v <= INT64_MAX; }

/// Narrows [first, last] to the i where x0 + dx * i >= 0 (an interval:
/// the function is linear).
void nonNegative(Int128 x0, Int128 dx, Int128 &first, Int128 &last) {
  if (dx == 0) {
    if (x0 < 0)
      first = 1, last = 0;
  } else if (dx > 0) {
    first = std::max(first, ceilDivWide(-x0, dx));
  } else {
    last = std::min(last, floorDivide<Int128>(-x0, dx));
  }
}

/// The indirect tile's subscripts as row-wise linear functions: whether
/// every direct subscript is linear and every index view is read at linear
/// coordinates that do not move along loop variable `innerVar` (then along
/// one innermost row each view coordinate is g0 + dg * i).
bool rowsAreLinear(const code::DmaDesc &desc,
                   const std::vector<std::vector<LinearExpr>> &subscripts,
                   const std::vector<std::vector<Part>> &indexParts,
                   size_t innerVar) {
  for (size_t d = 0; d < desc.subscripts.size(); ++d) {
    const code::DmaDesc::Subscript &s = desc.subscripts[d];
    if (s.indexView < 0) {
      if (s.exprs.size() != 1 || !subscripts[d][0].isLinear())
        return false;
      continue;
    }
    if (size_t(s.indexView) >= indexParts.size() ||
        s.exprs.size() != indexParts[size_t(s.indexView)][0].sizes.size())
      return false;
    for (const LinearExpr &x : subscripts[d])
      if (!x.isLinear() || x.coefficient(innerVar) != 0)
        return false;
  }
  return true;
}

/// One innermost row of `n` points of an indirect tile whose subscripts
/// rowsAreLinear, on one view part holding a box: one index-view read per
/// view dimension, then the interval of the row inside the box with a
/// non-negative element index. Appends exactly the runs the point-by-point
/// walk appends; returns false, having appended nothing, when a coordinate,
/// index or address of the row leaves the int64 range (the caller then
/// walks the row point by point, as before).
bool indirectRow(const code::DmaDesc &desc,
                 const std::vector<std::vector<LinearExpr>> &subscripts,
                 const std::vector<std::vector<Part>> &indexParts,
                 const ElementReader &read, const Part &part,
                 const int64_t *vars, size_t innerVar, int64_t n,
                 std::vector<int64_t> &sub, DmaWalk &out) {
  const size_t rank = part.sizes.size();
  Int128 first = 0, last = n - 1, index0 = part.base, indexStep = 0;
  for (size_t d = 0; d < rank; ++d) {
    const code::DmaDesc::Subscript &s = desc.subscripts[d];
    int64_t g0 = 0, dg = 0;
    if (s.indexView < 0) {
      subscripts[d][0].eval(vars, g0);
      dg = subscripts[d][0].coefficient(innerVar);
    } else {
      sub.resize(s.exprs.size());
      for (size_t k = 0; k < s.exprs.size(); ++k)
        subscripts[d][k].eval(vars, sub[k]);
      const std::vector<Part> &iv = indexParts[size_t(s.indexView)];
      int64_t address = 0;
      if (locate(iv, false, sub.data(), address) < 0) {
        out.append(-1, 0, 0, n); // every point of the row is masked
        return true;
      }
      g0 = read(iv[0].memory, iv[0].type, address);
    }
    // The point-by-point walk computes g in wrapping int64 arithmetic: the
    // same values when both ends of the row fit.
    if (!fitsInt64(Int128(g0) + Int128(dg) * (n - 1)))
      return false;
    const Int128 lo = part.boxLo[d], hi = part.boxHi[d];
    if (dg == 0) {
      if (g0 < lo || g0 > hi)
        first = 1, last = 0;
    } else if (dg > 0) {
      first = std::max(first, ceilDivWide(lo - g0, dg));
      last = std::min(last, floorDivide<Int128>(hi - g0, dg));
    } else {
      first = std::max(first, ceilDivWide(hi - g0, dg));
      last = std::min(last, floorDivide<Int128>(lo - g0, dg));
    }
    Int128 term = 0, step = 0;
    if (__builtin_mul_overflow(Int128(g0), Int128(part.strides[d]), &term) ||
        __builtin_mul_overflow(Int128(dg), Int128(part.strides[d]), &step) ||
        __builtin_add_overflow(index0, term, &index0) ||
        __builtin_add_overflow(indexStep, step, &indexStep))
      return false;
  }
  // Inside the box: [first, last]; of those, a negative index is masked.
  if (first <= last) {
    if (!fitsInt64(index0 + indexStep * first) ||
        !fitsInt64(index0 + indexStep * last))
      return false;
    nonNegative(index0, indexStep, first, last);
  }
  const Int128 bytes = code::elemBytes(part.type);
  if (first <= last && (!fitsInt64((index0 + indexStep * first) * bytes) ||
                        !fitsInt64((index0 + indexStep * last) * bytes)))
    return false;
  if (first > last) {
    out.append(-1, 0, 0, n);
    return true;
  }
  const int64_t address = int64_t((index0 + indexStep * first) * bytes);
  const int64_t stride = int64_t(indexStep * bytes);
  const int64_t count = int64_t(last - first + 1);
  out.append(-1, 0, 0, int64_t(first));
  // The first point alone, then the rest: the runs the walk appending one
  // point at a time makes (a lone first point may join the previous run).
  out.append(0, address, 0, 1);
  out.append(0, address + stride, stride, count - 1);
  out.append(-1, 0, 0, n - 1 - int64_t(last));
  return true;
}

/// `n` points of one innermost row of a direct tile over a view whose
/// parts all hold boxes (one part, or a distributed view's): point i
/// (0 <= i < n) is the coordinate anchor + p with p[inner] = from + dx * i
/// (dx >= 1: a set that keeps every dx-th position of the row). Each part
/// holds one interval of the points; a point goes to the first part holding
/// it (masked if none does, or if that part's element index is negative),
/// as `locate` decides point by point. Appends exactly the runs the
/// point-by-point walk appends; returns false, having appended nothing,
/// when the row's arithmetic leaves the int64 range or there are more than
/// 8 parts (the caller then walks it point by point).
bool distributedRow(const std::vector<Part> &parts,
                    const std::vector<int64_t> &anchor,
                    const std::vector<int64_t> &p, size_t inner, int64_t from,
                    int64_t n, int64_t dx, DmaWalk &out) {
  constexpr size_t kMaxParts = 8;
  const size_t count = parts.size();
  if (count > kMaxParts)
    return false;
  Int128 first[kMaxParts], last[kMaxParts], index0[kMaxParts], step[kMaxParts];
  for (size_t q = 0; q < count; ++q) {
    const Part &part = parts[q];
    first[q] = 0, last[q] = n - 1, index0[q] = part.base;
    step[q] = Int128(part.strides[inner]) * dx;
    for (size_t d = 0; d < anchor.size(); ++d) {
      const Int128 x = Int128(anchor[d]) + (d == inner ? from : p[d]);
      const Int128 xEnd = d == inner ? x + Int128(n - 1) * dx : x;
      if (!fitsInt64(x) || !fitsInt64(xEnd))
        return false;
      if (d == inner) {
        first[q] = std::max(first[q], ceilDivWide(Int128(part.boxLo[d]) - x, dx));
        last[q] = std::min(last[q], floorDivide<Int128>(Int128(part.boxHi[d]) - x, dx));
      } else if (x < part.boxLo[d] || x > part.boxHi[d]) {
        first[q] = 1, last[q] = 0;
      }
      index0[q] += (x - part.lo[d]) * part.strides[d];
    }
    const Int128 bytes = code::elemBytes(part.type);
    if (first[q] <= last[q] &&
        (!fitsInt64((index0[q] + step[q] * first[q]) * bytes) ||
         !fitsInt64((index0[q] + step[q] * last[q]) * bytes)))
      return false;
  }
  Int128 i = 0;
  while (i < n) {
    size_t owner = count;
    for (size_t q = 0; q < count && owner == count; ++q)
      if (first[q] <= i && i <= last[q])
        owner = q;
    // The segment ends where the owner's interval does, or where a part
    // before it (which would take the point) starts.
    Int128 end = owner < count ? last[owner] : Int128(n - 1);
    for (size_t q = 0; q < std::min(owner, count); ++q)
      if (first[q] > i && first[q] <= last[q])
        end = std::min(end, first[q] - 1);
    if (owner == count) {
      for (size_t q = 0; q < count; ++q)
        if (first[q] > i && first[q] <= last[q])
          end = std::min(end, first[q] - 1);
      out.append(-1, 0, 0, int64_t(end - i + 1));
      i = end + 1;
      continue;
    }
    // Of [i, end], the points with a non-negative index (an interval).
    Int128 a = i, b = end;
    const Int128 x0 = index0[owner], di = step[owner];
    nonNegative(x0, di, a, b);
    if (a > b) {
      out.append(-1, 0, 0, int64_t(end - i + 1));
    } else {
      const Int128 bytes = code::elemBytes(parts[owner].type);
      const int64_t address = int64_t((x0 + di * a) * bytes);
      const int64_t stride = int64_t(di * bytes);
      out.append(-1, 0, 0, int64_t(a - i));
      out.append(int32_t(owner), address, 0, 1); // as indirectRow does
      out.append(int32_t(owner), address + stride, stride, int64_t(b - a));
      out.append(-1, 0, 0, int64_t(end - b));
    }
    i = end + 1;
  }
  return true;
}

/// Where one innermost row of a direct tile lands in a view of one box
/// part: row point i (0 <= i < n, p[inner] = from + i) is inside the box
/// with a non-negative element index exactly for i in [first, last], at
/// byte address address + stride * (i - first). False when the row's
/// arithmetic leaves the int64 range (the caller then uses distributedRow
/// or the point-by-point walk).
struct PartRow {
  int64_t first = 0, last = -1, address = 0, stride = 0;
  /// Appends points [a, b] of the row (every one a point of the set) as
  /// the point-by-point walk does: masked outside [first, last].
  void append(int64_t a, int64_t b, DmaWalk &out) const {
    const int64_t f = std::max(a, first), l = std::min(b, last);
    if (f > l) {
      out.append(-1, 0, 0, b - a + 1);
      return;
    }
    const int64_t at = address + stride * (f - first);
    out.append(-1, 0, 0, f - a);
    out.append(0, at, 0, 1); // a lone first point may join the last run
    out.append(0, at + stride, stride, l - f);
    out.append(-1, 0, 0, b - l);
  }
};

bool partRow(const Part &part, const std::vector<int64_t> &anchor,
             const std::vector<int64_t> &p, size_t inner, int64_t from,
             int64_t n, PartRow &row) {
  Int128 first = 0, last = n - 1, index0 = part.base;
  for (size_t d = 0; d < anchor.size(); ++d) {
    const Int128 x = Int128(anchor[d]) + (d == inner ? from : p[d]);
    if (!fitsInt64(x) || (d == inner && !fitsInt64(x + (n - 1))))
      return false;
    if (d == inner) {
      first = std::max(first, Int128(part.boxLo[d]) - x);
      last = std::min(last, Int128(part.boxHi[d]) - x);
    } else if (x < part.boxLo[d] || x > part.boxHi[d]) {
      first = 1, last = 0;
    }
    index0 += (x - part.lo[d]) * part.strides[d];
  }
  const Int128 step = part.strides[inner], bytes = code::elemBytes(part.type);
  if (first <= last)
    nonNegative(index0, step, first, last);
  if (first <= last && (!fitsInt64((index0 + step * first) * bytes) ||
                        !fitsInt64((index0 + step * last) * bytes) ||
                        !fitsInt64(step * bytes)))
    return false;
  row.first = int64_t(first);
  row.last = int64_t(last);
  if (first <= last) {
    row.address = int64_t((index0 + step * first) * bytes);
    row.stride = int64_t(step * bytes);
  }
  return true;
}

/// A masked tile's box: the lowest point of the set in every dimension,
/// and from there the tile's type shape (tile dimension k walks set
/// dimension loopDim[k]). `lo` / `hi` come in as the box the set's unit
/// constraints give and are scanned for points, a row (along the walk's
/// innermost dimension) at a time where `rows` answers, else point by point.
bool maskedBounds(const code::DmaDesc &desc, const LinearSet &tileSet,
                  const RowSet &rows, const std::vector<int32_t> &loopDim,
                  int64_t maxPoints, int64_t &volume, std::vector<int64_t> &lo,
                  std::vector<int64_t> &hi, std::string &error) {
  const size_t rank = lo.size();
  if (rank == 0)
    return true;
  if (volume > maxPoints) {
    error = "the masked DMA tile's set spans more points than the "
            "scratchpad can hold";
    return false;
  }
  std::vector<int64_t> least(rank, INT64_MAX), p(lo);
  const size_t inner = size_t(loopDim.back());
  RowMembers members;
  while (true) {
    // The row through p along `inner`: its least point, if any.
    int64_t first = INT64_MAX;
    if (rows.row(p.data(), lo[inner], hi[inner], members)) {
      for (int64_t r = 0; r < members.period; ++r)
        if (members.first[size_t(r)] <= members.last[size_t(r)])
          first = std::min(first, lo[inner] + r +
                                      members.period * members.first[size_t(r)]);
    } else {
      for (int64_t x = lo[inner];; ++x) {
        p[inner] = x;
        if (tileSet.contains(p.data())) {
          first = x;
          break;
        }
        if (x == hi[inner])
          break;
      }
      p[inner] = lo[inner];
    }
    if (first != INT64_MAX) {
      for (size_t d = 0; d < rank; ++d)
        least[d] = std::min(least[d], d == inner ? first : p[d]);
    }
    // The next row: every dimension but `inner`, the last fastest.
    bool done = true;
    for (size_t d = rank; d-- > 0;) {
      if (d == inner)
        continue;
      if (++p[d] <= hi[d]) {
        done = false;
        break;
      }
      p[d] = lo[d];
    }
    if (done)
      break;
  }
  if (least[0] == INT64_MAX) { // no point: nothing moves
    hi[0] = lo[0] - 1;
    volume = 0;
    return true;
  }
  volume = 1;
  for (size_t k = 0; k < rank; ++k) {
    size_t d = size_t(loopDim[k]);
    int64_t extent = desc.tileShape[k];
    lo[d] = least[d];
    if (extent < 1 || __builtin_add_overflow(lo[d], extent - 1, &hi[d]) ||
        __builtin_mul_overflow(volume, extent, &volume)) {
      error = "the masked DMA tile's shape is not a bounding box";
      return false;
    }
  }
  return true;
}

/// Sticks of one row of the walk (the innermost loop's extent of elements).
int64_t sticksPerRow(const code::DmaDesc &desc, const std::vector<int64_t> &lo,
                     const std::vector<int64_t> &hi,
                     const std::vector<int32_t> &loopDim, int64_t stickBytes) {
  size_t inner = size_t(loopDim.back());
  int64_t rowBytes = (hi[inner] - lo[inner] + 1) * code::elemBytes(desc.type);
  return std::max<int64_t>(1, (rowBytes + stickBytes - 1) / stickBytes);
}

/// Checks a chunk and gives the rows it walks (`rows`) and their points
/// (`volume`).
bool chunkStart(const code::DmaDesc &desc, int64_t first, bool positions,
                const std::vector<int32_t> &loopDim, int64_t stickBytes,
                const std::vector<int64_t> &lo, const std::vector<int64_t> &hi,
                int64_t &volume, int64_t &rows, std::string &error) {
  if (lo.empty() || !positions || stickBytes <= 0) {
    error = "a DMA chunk needs a tile of rank 1 or more whose positions are "
            "its type's (a box or a masked set)";
    return false;
  }
  if (volume == 0) {
    rows = 0;
    return true;
  }
  size_t inner = size_t(loopDim.back());
  int64_t rowExtent = hi[inner] - lo[inner] + 1;
  int64_t perRow = sticksPerRow(desc, lo, hi, loopDim, stickBytes);
  int64_t tileRows = volume / rowExtent;
  if (first < 0 || first % perRow != 0 || desc.sticks % perRow != 0 ||
      desc.sticks == 0) {
    error = "the DMA chunk at stick " + std::to_string(first) + " of " +
            std::to_string(desc.sticks) + " sticks is not whole rows of " +
            std::to_string(perRow) + " sticks";
    return false;
  }
  if (first / perRow >= tileRows) {
    error = "the DMA chunk at stick " + std::to_string(first) +
            " lies past the tile's " + std::to_string(tileRows * perRow) +
            " sticks";
    return false;
  }
  rows = std::min(desc.sticks / perRow, tileRows - first / perRow);
  volume = rows * rowExtent;
  return true;
}

/// The first position of the chunk starting at stick `first`: row
/// first / perRow of the walk, the rows counted over the outer loops.
std::vector<int64_t> chunkFirstPoint(const std::vector<int32_t> &loopDim,
                                     const std::vector<int64_t> &lo,
                                     const std::vector<int64_t> &hi,
                                     int64_t first, int64_t perRow) {
  std::vector<int64_t> p(lo);
  int64_t row = first / perRow;
  for (size_t k = loopDim.size() - 1; k-- > 0;) {
    size_t d = size_t(loopDim[k]);
    int64_t extent = hi[d] - lo[d] + 1;
    p[d] = lo[d] + row % extent;
    row /= extent;
  }
  return p;
}

} // namespace

namespace {

/// One walk of a descriptor (walkDma): what it resolves before its first
/// point (prepare), then the rows and points of the tile in order (walk),
/// each row at once where its shape allows (the *Row methods), else point
/// by point.
struct TileWalk {
  TileWalk(const code::DmaDesc &desc, const RegReader &reg,
           const ElementReader &read, DmaWalk &out, std::string &error)
      : desc(desc), reg(reg), read(read), out(out), error(error) {}

  enum class Ready { Failed, Empty, Walk };
  Ready prepare(int64_t maxPoints, int64_t stickBytes);
  bool walk();

private:
  int64_t value(const code::Operand &o) const {
    return o.reg >= 0 ? reg(o.reg) : o.value;
  }
  bool resolveViews();
  void setBounds();
  void chooseRows();
  void fastRow();
  bool gatherRow();
  bool setRow();
  bool indirectRowAt();
  void directPoint();
  void points(int64_t x, int64_t count, int64_t dx);
  bool point();
  /// The rest of the row done at once: p moves to its last point.
  void rowDone() { p[size_t(inner)] = hi[size_t(inner)]; }

  const code::DmaDesc &desc;
  const RegReader &reg;
  const ElementReader &read;
  DmaWalk &out;
  std::string &error;

  // Resolved by prepare().
  bool indirect = false, distributed = false;
  size_t rank = 0, setRank = 0;
  std::vector<Part> parts;
  std::vector<std::vector<Part>> indexParts;
  std::vector<int64_t> anchor, tileSyms;
  std::vector<int32_t> loopDim;
  /// The points' bounding box (tile dimension k walks set dimension
  /// loopDim[k]) and the set's own bounds.
  std::vector<int64_t> lo, hi, setLo, setHi;
  bool setIsBox = false, boxSet = false, maskedBox = false;
  int64_t volume = 1;
  std::optional<LinearSet> tileSet; ///< tested point by point unless a box
  /// Not a box: the set's points a row at a time where it can (RowSet.h).
  std::optional<RowSet> rowSet;
  int64_t rowsLeft = -1; ///< a chunk: the rows it walks
  std::vector<int64_t> start;

  // The walk: the point p, its global coordinate g, the variables of the
  // indirect subscripts (captured..., p...), which rows go at once.
  std::vector<int64_t> captured, vars, p, g, sub;
  std::vector<std::vector<LinearExpr>> subscripts;
  int32_t inner = 0;
  size_t innerVar = 0;
  int64_t elementBytes = 0;
  bool fastRows = false, distributedRows = false, indirectRows = false,
       gatherRows = false, setRows = false;
  std::vector<uint64_t> rowStart, rowStep;
  RowMembers members;
  PartRow placed;
};

bool TileWalk::resolveViews() {
  if (desc.view.empty()) {
    error = "the DMA descriptor has no memory view";
    return false;
  }
  if (code::elemBytes(desc.type) <= 0) {
    error = "the DMA descriptor has no element type";
    return false;
  }
  indirect = !desc.subscripts.empty();
  rank = desc.view.front().sizes.size();
  setRank = desc.tileShape.size();
  if (!indirect && desc.anchor.size() != rank) {
    error = "the DMA tile's anchor has " + std::to_string(desc.anchor.size()) +
            " coordinates for a rank-" + std::to_string(rank) + " view";
    return false;
  }
  if (indirect && desc.subscripts.size() != rank) {
    error = "the indirect DMA tile needs one subscript per view dimension";
    return false;
  }
  auto val = [this](const code::Operand &o) { return value(o); };
  distributed = desc.view.size() > 1;
  parts.resize(desc.view.size());
  for (size_t q = 0; q < parts.size(); ++q) {
    if (!resolvePart(desc.view[q], desc.type, val, rank, distributed, parts[q], error))
      return false;
    out.memory.push_back(parts[q].memory);
  }
  indexParts.resize(desc.indexViews.size());
  for (size_t v = 0; v < desc.indexViews.size(); ++v) {
    indexParts[v].resize(1);
    if (!resolvePart(desc.indexViews[v], code::ElemType::Index, val,
                     desc.indexViews[v].sizes.size(), false, indexParts[v][0], error))
      return false;
  }
  anchor.assign(rank, 0);
  if (!indirect)
    for (size_t d = 0; d < rank; ++d)
      anchor[d] = value(desc.anchor[d]);
  for (const code::Operand &o : desc.tileSymbols)
    tileSyms.push_back(value(o));
  if (int(tileSyms.size()) < desc.tileSet.symbols)
    tileSyms.resize(size_t(desc.tileSet.symbols), 0);
  loopDim.assign(desc.order.begin(), desc.order.end());
  if (loopDim.size() != setRank) {
    loopDim.resize(setRank);
    for (size_t k = 0; k < setRank; ++k)
      loopDim[k] = int32_t(k);
  }
  for (int32_t d : loopDim)
    if (d < 0 || size_t(d) >= setRank) {
      error = "the DMA tile's order names a dimension it does not have";
      return false;
    }
  return true;
}

/// The set's bounding box: from its unit constraints, else the tile's type
/// shape (INT64_MAX: unbounded).
void TileWalk::setBounds() {
  lo.assign(setRank, 0);
  hi.assign(setRank, 0);
  for (size_t k = 0; k < setRank; ++k) {
    int64_t extent = desc.tileShape[k];
    hi[size_t(loopDim[k])] = extent >= 0 ? extent - 1 : INT64_MAX;
  }
  setLo.assign(setRank, INT64_MIN);
  setHi.assign(setRank, INT64_MAX);
  if (!desc.tileSet.exprs.empty()) {
    setIsBox = boundingBox(desc.tileSet, tileSyms.data(), setLo, setHi);
    // A side no unit constraint bounds: from the other constraints, where
    // they bound it (SetBounds.h); else the tile's shape, below.
    boundsByElimination(desc.tileSet, tileSyms.data(), setLo, setHi);
    const std::vector<int64_t> &l = setLo, &h = setHi;
    for (size_t d = 0; d < setRank; ++d) {
      if (l[d] != INT64_MIN)
        lo[d] = l[d];
      if (h[d] != INT64_MAX)
        hi[d] = h[d];
      else if (hi[d] != INT64_MAX)
        hi[d] += lo[d];
    }
  }
}

TileWalk::Ready TileWalk::prepare(int64_t maxPoints, int64_t stickBytes) {
  if (!resolveViews())
    return Ready::Failed;
  setBounds();
  for (size_t d = 0; d < setRank; ++d) {
    if (hi[d] == INT64_MAX) {
      error = "the DMA tile's set is unbounded";
      return Ready::Failed;
    }
    if (hi[d] < lo[d])
      return Ready::Empty;
    if (__builtin_mul_overflow(volume, hi[d] - lo[d] + 1, &volume)) {
      error = "the DMA tile spans more points than the scratchpad can hold";
      return Ready::Failed;
    }
  }
  boxSet = desc.tileSet.exprs.empty();
  if (!boxSet) {
    boxSet = setIsBox && std::equal(hi.begin(), hi.end(), setHi.begin()) &&
             std::equal(lo.begin(), lo.end(), setLo.begin());
  }
  // A masked tile: its type is the bounding box of the set's points,
  // anchored at the lowest point in every dimension.
  maskedBox = !boxSet && desc.layout == uint8_t(code::TileLayout::Masked);
  if (!boxSet) {
    tileSet.emplace(desc.tileSet, setRank, tileSyms.data());
    rowSet.emplace(desc.tileSet, setRank, setRank ? size_t(loopDim.back()) : 0,
                   tileSyms.data(), tileSyms.size());
  }
  if (maskedBox && !maskedBounds(desc, *tileSet, *rowSet, loopDim, maxPoints,
                                 volume, lo, hi, error))
    return Ready::Failed;
  // A chunk: the rows holding sticks [first, first + sticks) of the tile.
  if (desc.chunked &&
      !chunkStart(desc, value(desc.firstStick), boxSet || maskedBox, loopDim,
                  stickBytes, lo, hi, volume, rowsLeft, error))
    return Ready::Failed;
  if (volume == 0)
    return Ready::Empty; // no point of the set, or a chunk of none
  if (volume > maxPoints) {
    error = "the DMA tile spans more points than the scratchpad can hold";
    return Ready::Failed;
  }
  start = lo;
  if (desc.chunked)
    start = chunkFirstPoint(loopDim, lo, hi, value(desc.firstStick),
                            sticksPerRow(desc, lo, hi, loopDim, stickBytes));
  if (!indirect && setRank != rank) {
    error = "the DMA tile's rank differs from its view's";
    return Ready::Failed;
  }
  return Ready::Walk;
}

void TileWalk::chooseRows() {
  for (const code::Operand &o : desc.captured)
    captured.push_back(value(o));
  vars.assign(captured.size() + setRank, 0);
  std::copy(captured.begin(), captured.end(), vars.begin());
  p = start;
  g.assign(rank, 0);
  // Indirect subscripts, per view dimension: its expressions over
  // (captured..., p...).
  subscripts.resize(desc.subscripts.size());
  for (size_t d = 0; d < desc.subscripts.size(); ++d)
    for (const code::AffineExprCode &x : desc.subscripts[d].exprs)
      subscripts[d].emplace_back(x, vars.size(), nullptr);
  inner = setRank ? loopDim[setRank - 1] : 0;
  // A view holding a box of coordinates and a box set: a whole innermost
  // row at once.
  fastRows = setRank > 0 && !indirect && boxSet && !distributed && parts[0].box;
  // A distributed view of box parts: a whole row at once too.
  distributedRows =
      setRank > 0 && !indirect && boxSet && distributed &&
      std::all_of(parts.begin(), parts.end(), [](const Part &q) { return q.box; });
  elementBytes = code::elemBytes(parts[0].type);
  // An indirect tile whose coordinates are linear along each row (one
  // index-view read per row): a whole row at once unless its arithmetic
  // leaves the int64 range.
  innerVar = captured.size() + size_t(inner);
  indirectRows = setRank > 0 && indirect && boxSet && !distributed && parts[0].box &&
                 rowsAreLinear(desc, subscripts, indexParts, innerVar);
  // An indirect tile whose index views move along the row (an element
  // gather or scatter: X[IDX1[m, k], IDX2[m, k]]), every subscript linear
  // and every index view one box: each subscript's value at the row's start
  // and its step once per row, then per point the same int64 arithmetic as
  // the point-by-point walk without evaluating the expressions again.
  gatherRows = setRank > 0 && indirect && boxSet && !distributed && !indirectRows;
  for (size_t d = 0; d < desc.subscripts.size() && gatherRows; ++d) {
    const code::DmaDesc::Subscript &sd = desc.subscripts[d];
    for (const LinearExpr &x : subscripts[d])
      gatherRows &= x.isLinear();
    if (sd.indexView < 0)
      gatherRows &= sd.exprs.size() == 1;
    else
      gatherRows &= size_t(sd.indexView) < indexParts.size() &&
                    indexParts[size_t(sd.indexView)][0].box &&
                    sd.exprs.size() == indexParts[size_t(sd.indexView)][0].sizes.size();
  }
  // A set that is not a box over a view of box parts: the points of each
  // row from its constraints (RowSet), then each interval of points (or
  // progression, a set keeping every L-th position) at once.
  setRows = setRank > 0 && !indirect && !boxSet &&
            std::all_of(parts.begin(), parts.end(), [](const Part &q) { return q.box; });
}

bool TileWalk::gatherRow() {
  const int64_t n = hi[size_t(inner)] - lo[size_t(inner)] + 1;
  std::copy(p.begin(), p.end(), vars.begin() + std::ptrdiff_t(captured.size()));
  rowStart.clear();
  rowStep.clear();
  for (size_t d = 0; d < desc.subscripts.size(); ++d)
    for (const LinearExpr &x : subscripts[d]) {
      int64_t v = 0;
      x.eval(vars.data(), v);
      rowStart.push_back(uint64_t(v));
      rowStep.push_back(uint64_t(x.coefficient(innerVar)));
    }
  for (int64_t i = 0; i < n; ++i) {
    bool masked = false;
    size_t j = 0;
    for (size_t d = 0; d < rank && !masked; ++d) {
      const code::DmaDesc::Subscript &sd = desc.subscripts[d];
      if (sd.indexView < 0) {
        g[d] = int64_t(rowStart[j] + rowStep[j] * uint64_t(i));
        ++j;
        continue;
      }
      // locate() on the index view's one box part.
      const Part &ip = indexParts[size_t(sd.indexView)][0];
      bool inside = true;
      int64_t index = ip.base;
      for (size_t k = 0; k < sd.exprs.size(); ++k, ++j) {
        const int64_t x = int64_t(rowStart[j] + rowStep[j] * uint64_t(i));
        inside &= x >= ip.boxLo[k] && x <= ip.boxHi[k];
        index += x * ip.strides[k];
      }
      if (!inside || index < 0) {
        masked = true;
        break;
      }
      g[d] = read(ip.memory, ip.type, index * code::elemBytes(ip.type));
    }
    int64_t address = 0;
    const int32_t found = masked ? -1 : locate(parts, false, g.data(), address);
    out.append(found, address, 0, 1);
  }
  return true;
}

/// The point p, as the point-by-point walk does.
void TileWalk::directPoint() {
  for (size_t d = 0; d < rank; ++d)
    g[d] = anchor[d] + p[d];
  int64_t address = 0;
  int32_t found = locate(parts, distributed, g.data(), address);
  out.append(found, address, 0, 1);
}

void TileWalk::points(int64_t x, int64_t count, int64_t dx) {
  if (distributedRow(parts, anchor, p, size_t(inner), x, count, dx, out))
    return;
  for (int64_t j = 0; j < count; ++j) {
    p[size_t(inner)] = x + j * dx;
    directPoint();
  }
}

bool TileWalk::setRow() {
  const int64_t from = lo[size_t(inner)], to = hi[size_t(inner)];
  const int64_t n = to - from + 1;
  if (!rowSet->row(p.data(), from, to, members))
    return false;
  const int64_t period = members.period;
  // A packed tile whose row keeps one residue class: one progression.
  int64_t classes = 0, only = 0;
  for (int64_t r = 0; r < period; ++r)
    if (members.first[size_t(r)] <= members.last[size_t(r)])
      ++classes, only = r;
  if (classes == 0) {
    if (maskedBox)
      out.append(-1, 0, 0, n);
    return true;
  }
  if (!maskedBox && classes == 1 && period > 1) {
    points(from + only + period * members.first[size_t(only)],
           members.last[size_t(only)] - members.first[size_t(only)] + 1,
           period);
    return true;
  }
  // Otherwise the row's stretches of points and of positions that are
  // not points, in order; one view part: where the row lands, once.
  const bool onePart = parts.size() == 1 &&
                       partRow(parts[0], anchor, p, size_t(inner), from, n, placed);
  auto stretch = [&](int64_t a, int64_t b) { // points from + a .. from + b
    if (onePart)
      placed.append(a, b, out);
    else
      points(from + a, b - a + 1, 1);
  };
  if (period == 1) {
    const int64_t a = members.first[0], b = members.last[0];
    if (maskedBox)
      out.append(-1, 0, 0, a);
    stretch(a, b);
    if (maskedBox)
      out.append(-1, 0, 0, n - 1 - b);
    return true;
  }
  int64_t r = 0, k = 0; // i = r + period * k
  auto holds = [&] {
    return members.first[size_t(r)] <= k && k <= members.last[size_t(r)];
  };
  for (int64_t i = 0; i < n;) {
    const bool in = holds();
    int64_t j = i;
    do {
      ++j;
      if (++r == period)
        r = 0, ++k;
    } while (j < n && holds() == in);
    if (in)
      stretch(i, j - 1);
    else if (maskedBox)
      out.append(-1, 0, 0, j - i);
    i = j;
  }
  return true;
}

bool TileWalk::indirectRowAt() {
  std::copy(p.begin(), p.end(), vars.begin() + std::ptrdiff_t(captured.size()));
  return indirectRow(desc, subscripts, indexParts, read, parts[0],
                     vars.data(), innerVar,
                     hi[size_t(inner)] - lo[size_t(inner)] + 1, sub, out);
}

/// A whole row of a box set over a view holding a box of coordinates.
void TileWalk::fastRow() {
  const Part &part = parts[0];
  bool rowInside = true;
  int64_t index = part.base;
  for (size_t d = 0; d < rank; ++d) {
    if (int32_t(d) == inner)
      continue;
    int64_t x = anchor[d] + p[d];
    rowInside &= x >= part.boxLo[d] && x <= part.boxHi[d];
    index += x * part.strides[d];
  }
  int64_t stride = part.strides[size_t(inner)];
  if (!rowInside) {
    out.append(-1, 0, 0, hi[size_t(inner)] - lo[size_t(inner)] + 1);
  } else {
    // The points inside the view form one interval of the row.
    const int64_t a = anchor[size_t(inner)];
    const int64_t from = lo[size_t(inner)], to = hi[size_t(inner)];
    int64_t first = std::max(from, saturatedSub(part.boxLo[size_t(inner)], a));
    int64_t last = std::min(to, saturatedSub(part.boxHi[size_t(inner)], a));
    if (first <= last && index + (a + first) * stride >= 0 &&
        index + (a + last) * stride >= 0) {
      out.append(-1, 0, 0, first - from);
      out.append(0, (index + (a + first) * stride) * elementBytes,
                 stride * elementBytes, last - first + 1);
      out.append(-1, 0, 0, to - last);
    } else {
      for (int64_t i = from; i <= to; ++i) {
        int64_t x = a + i;
        int64_t idx = index + x * stride;
        bool inside = x >= part.boxLo[size_t(inner)] &&
                      x <= part.boxHi[size_t(inner)] && idx >= 0;
        out.append(inside ? 0 : -1, inside ? idx * elementBytes : 0,
                   stride * elementBytes, 1);
      }
    }
  }
}

/// The point p of the set, point by point (indirect subscripts read).
bool TileWalk::point() {
  bool masked = false;
  if (!indirect) {
    for (size_t d = 0; d < rank; ++d)
      g[d] = anchor[d] + p[d];
  } else {
    std::copy(p.begin(), p.end(), vars.begin() + std::ptrdiff_t(captured.size()));
    for (size_t d = 0; d < rank && !masked; ++d) {
      const code::DmaDesc::Subscript &s = desc.subscripts[d];
      if (s.indexView < 0) {
        if (s.exprs.size() != 1 || !subscripts[d][0].eval(vars.data(), g[d])) {
          error = "an indirect subscript cannot be evaluated";
          return false;
        }
        continue;
      }
      if (size_t(s.indexView) >= indexParts.size()) {
        error = "an indirect subscript names a missing index view";
        return false;
      }
      sub.resize(s.exprs.size());
      for (size_t k = 0; k < s.exprs.size(); ++k)
        if (!subscripts[d][k].eval(vars.data(), sub[k])) {
          error = "an indirect subscript cannot be evaluated";
          return false;
        }
      const std::vector<Part> &iv = indexParts[size_t(s.indexView)];
      if (sub.size() != iv[0].sizes.size()) {
        error = "an index view is read with the wrong number of coordinates";
        return false;
      }
      int64_t address = 0;
      if (locate(iv, false, sub.data(), address) < 0) {
        masked = true;
        break;
      }
      g[d] = read(iv[0].memory, iv[0].type, address);
    }
  }
  int64_t address = 0;
  int32_t found = masked ? -1 : locate(parts, distributed, g.data(), address);
  out.append(found, address, 0, 1);
  return true;
}

bool TileWalk::walk() {
  chooseRows();
  while (true) {
    if (fastRows) {
      fastRow();
      rowDone();
    } else if (distributedRows &&
               distributedRow(parts, anchor, p, size_t(inner), lo[size_t(inner)],
                              hi[size_t(inner)] - lo[size_t(inner)] + 1, 1, out)) {
      rowDone();
    } else if ((indirectRows && indirectRowAt()) || (gatherRows && gatherRow()) ||
               (setRows && setRow())) {
      rowDone();
    } else if (boxSet || tileSet->contains(p.data())) {
      if (!point())
        return false;
    } else if (maskedBox) {
      out.append(-1, 0, 0, 1); // a position of the box that is not a point
    }
    if (setRank == 0)
      break;
    int k = int(setRank) - 1;
    for (; k >= 0; --k) {
      size_t d = size_t(loopDim[size_t(k)]);
      if (++p[d] <= hi[d])
        break;
      p[d] = lo[d];
    }
    if (k < 0)
      break;
    if (rowsLeft > 0 && k < int(setRank) - 1 && --rowsLeft == 0)
      break; // the chunk's last row is done
  }
  return true;
}

} // namespace

bool spyre::emu::walkDma(const code::DmaDesc &desc, const RegReader &reg,
                         const ElementReader &read, int64_t maxPoints,
                         int64_t stickBytes, DmaWalk &out, std::string &error) {
  out.runs.clear(); // keeps the buffers of a walk reused across DMAs
  out.memory.clear();
  out.points = 0;
  TileWalk w(desc, reg, read, out, error);
  switch (w.prepare(maxPoints, stickBytes)) {
  case TileWalk::Ready::Failed:
    return false;
  case TileWalk::Ready::Empty:
    return true;
  case TileWalk::Ready::Walk:
    break;
  }
  return w.walk();
}
