//===- DmaWalk.h - the points of a DMA descriptor's access tile -*- C++ -*-===//
//
// Resolves every point of a DmaDesc's access tile, in tile order, to the
// memory and byte address it reads or writes, the way the interpreter
// resolves the same ktdp access tile (interp/AccessTileOps.cpp):
//
//   * the points are those of the tile set (its bounding box from its unit
//     constraints, else [0, tileShape)), loops nested as `order` says
//     (order[k] is the set dimension of loop k, the last innermost);
//   * global coordinate g = anchor + p (indirect tiles: per view dimension
//     an affine expression over (captured..., p...), or the element of an
//     index view at such expressions); a plain view holds g when it lies in
//     its coordinate set (none: 0 <= g[d] < sizes[d]); a distributed view's
//     first part whose coordinate set holds g takes it;
//   * element index = base + sum_d (g[d] - lo[d]) * strides[d] (lo = 0 for
//     a plain view, the partition's low corner for a distributed one); byte
//     address = element index * element bytes (DESIGN.md);
//   * a point no part holds, or with a negative index, is masked;
//   * a masked tile (DmaDesc::layout) walks its set's bounding box (the
//     extent of its points, anchored at the lowest one): positions that are
//     not points are masked lanes; a chunk walks only its rows.
//
// Consecutive points of one part whose addresses step evenly form a run.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_DMAWALK_H
#define SPYRE_EMU_DMAWALK_H

#include "spyrecode/SpyreCode.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace spyre::emu {

/// `count` points of part `part` (-1: masked) from byte `address`,
/// `stride` bytes apart.
struct WalkRun {
  int32_t part = -1;
  int64_t address = 0, stride = 0, count = 0;
};

struct DmaWalk {
  std::vector<WalkRun> runs;
  int64_t points = 0;
  /// Per part: the memory (-1 = HBM, kOwnScratchpad = the scratchpad of
  /// the core that issues the DMA, else the core whose scratchpad).
  std::vector<int32_t> memory;
  void append(int32_t part, int64_t address, int64_t stride, int64_t count);
};

/// A `ct_local` view without a `ct_id`: the issuing core's own scratchpad.
constexpr int32_t kOwnScratchpad = -2;

/// Reads scalar register `reg` of the issuing engine.
using RegReader = std::function<int64_t(int32_t reg)>;

/// Value of an affine expression (MLIR semantics: floordiv and mod round
/// towards negative infinity); false on a division by zero.
bool evalAffine(const code::AffineExprCode &e, const int64_t *dims,
                const int64_t *syms, int64_t &out);
/// Whether the set holds the point (an empty set holds everything).
bool setContains(const code::IntegerSetCode &s, const int64_t *dims,
                 const int64_t *syms);

/// Reads the integer element of `type` at byte `address` of memory
/// `memory` (-1: HBM, else a core's scratchpad): index views of indirect
/// tiles.
using ElementReader =
    std::function<int64_t(int32_t memory, code::ElemType type, int64_t address)>;

/// Walks `desc`; on a problem returns false and says why in `error`.
/// Points beyond `maxPoints` are refused (the caller bounds the work).
/// A masked tile (desc.layout) walks its set's bounding box anchored at the
/// set's lowest point, positions that are not points masked; a packed or
/// box tile walks the points only. A chunked descriptor walks only the
/// rows of its sticks [first, first + sticks) (`stickBytes` per stick, each
/// row of the tile's innermost dimension starting a stick).
bool walkDma(const code::DmaDesc &desc, const RegReader &reg,
             const ElementReader &read, int64_t maxPoints, int64_t stickBytes,
             DmaWalk &out, std::string &error);

} // namespace spyre::emu

#endif
