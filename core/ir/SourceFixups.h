//===- SourceFixups.h - make real-world KTIR text parseable ----*- C++ -*-===//
//
// MLIR scans the body of a full dialect type such as
// `!ktdp.tile_future<..., groups = affine_set<(g) : (g >= 0)>>` for balanced
// brackets before the dialect sees it, and the `>` of `>=` inside the
// parentheses ends that scan with "unbalanced '(' character". Real kernels
// (ktir-cpu's split-K SDPA) write exactly that after `->` or `:` of an
// inter-tile op, where the stripped spelling `<...>` is also accepted and is
// parsed token by token. This fix-up blanks the `!ktdp.tile_future` prefix
// in those positions, and only where the bracket scan would fail. The text
// keeps its length and line structure, so every diagnostic still points at
// the user's line and column.
//
// Then the `output_shape` an expand_shape of older MLIR omits is written in
// where the result type is static (ir/LegacyExpandShape.h): that adds text
// inside a line, after the op's operands, so lines stay the user's.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_SOURCEFIXUPS_H
#define SPYRE_IR_SOURCEFIXUPS_H

#include <string>
#include <string_view>

namespace spyre {

/// Returns `source` with the fix-ups described above applied; the result has
/// the same lines, and the same characters outside the rewritten prefixes
/// and the added `output_shape` lists.
std::string applyKtirSourceFixups(std::string_view source);

} // namespace spyre

#endif
