//===- ShadowTensor.h - the shadows of tensors and scalars in a run -*- C++ -*-===//
//
// Internal to the interpreter: reading and setting the shadows the values
// of a run carry (Shadow.h) when it keeps them (InterpOptions::shadow).
// The handlers that only move elements (slices, broadcasts, transposes,
// loads and stores) move their shadows with gatherShadow; those that
// compute use the rules of ShadowMath.h.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_SHADOWTENSOR_H
#define SPYRE_INTERP_SHADOWTENSOR_H

#include "interp/CoreExec.h"
#include "interp/ShadowMath.h"

namespace spyre::interp {

/// Whether this run computes shadows.
inline bool keepsShadow(const CoreExec &core) {
  return core.interp.options().shadow;
}

/// The context of a shadow loop for `op`, whose results are of `type`.
inline ShadowOp shadowOp(CoreExec &core, mlir::Operation *op, DType type) {
  return ShadowOp{type, &core.interp.options().numerics,
                  core.interp.writerId(op)};
}

/// A tensor's elements as a shadow operand (its cells, or its values when
/// it has none).
inline ShadowIn shadowIn(const Tensor &t) {
  if (t.splat)
    return ShadowIn{t.splatShadow.terms > 0 ? &t.splatShadow : nullptr,
                    &t.splatValue, 0, t.dtype};
  return ShadowIn{t.shadow ? t.shadow->data() : nullptr, t.data.data(), 1,
                  t.dtype};
}

/// A scalar as a shadow operand (it must outlive the loop reading it).
inline ShadowIn shadowIn(const Scalar &s) {
  return ShadowIn{s.shadow.terms > 0 ? &s.shadow : nullptr, &s.value, 0,
                  s.dtype};
}

/// Element i's cell (terms 0 when it is exact).
inline ShadowCell cellAt(const Tensor &t, int64_t i) {
  if (t.splat)
    return t.splatShadow;
  return t.shadow ? (*t.shadow)[static_cast<size_t>(i)] : ShadowCell{};
}

/// Sets `t`'s shadow to `cells`, or to none when every cell is exact.
inline void attachShadow(Tensor &t, ShadowBuffer &&cells) {
  for (const ShadowCell &c : cells)
    if (c.terms > 0) {
      t.shadow = std::make_shared<const ShadowBuffer>(std::move(cells));
      return;
    }
  t.shadow.reset();
}

/// dst's element i is src's element indexOf(i) (for i < dst's elements):
/// its shadow follows it. Nothing to do when src has none.
template <typename IndexOf>
void gatherShadow(Tensor &dst, const Tensor &src, IndexOf indexOf) {
  if (!src.shadow && !(src.splat && src.splatShadow.terms > 0)) {
    dst.shadow.reset();
    return;
  }
  ShadowBuffer cells(static_cast<size_t>(dst.numElements()));
  for (size_t i = 0; i < cells.size(); ++i)
    cells[i] = cellAt(src, indexOf(static_cast<int64_t>(i)));
  attachShadow(dst, std::move(cells));
}

/// dst's shadow as a copy of dst's own with element `at(i)` replaced by
/// src's element i (for i < count): inserts and slices written into a copy.
template <typename At>
void scatterShadow(Tensor &dst, const Tensor &src, int64_t count, At at,
                   CoreExec &core, mlir::Operation *op) {
  bool srcShadowed = src.shadow || (src.splat && src.splatShadow.terms > 0);
  if (!dst.shadow && !srcShadowed && src.dtype == dst.dtype)
    return;
  ShadowBuffer cells = dst.shadow
                           ? ShadowBuffer(*dst.shadow)
                           : ShadowBuffer(static_cast<size_t>(dst.numElements()));
  ShadowOp ctx = shadowOp(core, op, dst.dtype);
  ShadowIn in = shadowIn(src);
  for (int64_t i = 0; i < count; ++i)
    cells[static_cast<size_t>(at(i))] =
        src.dtype != dst.dtype ? shadowConvert(ctx, in.at(i), src.dtype)
                               : cellAt(src, i);
  attachShadow(dst, std::move(cells));
}

} // namespace spyre::interp

#endif
