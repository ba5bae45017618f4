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
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_SOURCEFIXUPS_H
#define SPYRE_IR_SOURCEFIXUPS_H

#include <string>
#include <string_view>

namespace spyre {

/// Returns `source` with the fix-up described above applied; the result has
/// the same length and the same characters outside the rewritten prefixes.
std::string applyKtirSourceFixups(std::string_view source);

} // namespace spyre

#endif
