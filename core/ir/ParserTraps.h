//===- ParserTraps.h - text MLIR's parsers crash on, refused first -*- C++ -*-===//
//
// MLIR 22's custom parsers of linalg.broadcast, linalg.transpose and
// linalg.reduce read `dimensions = [...]` / `permutation = [...]` and store
// the list without checking that it parsed: a malformed list (`dimensions =`
// at the end of the text, `[1` cut short, `= x`) reports its error and then
// dereferences a null attribute. A user typing in the editor gets there in
// a keystroke, so such a list is found in the text first and refused with
// an error on its line, and the MLIR parser never sees it.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_IR_PARSERTRAPS_H
#define SPYRE_IR_PARSERTRAPS_H

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <optional>
#include <string>
#include <string_view>

namespace spyre {

struct ParserTrap {
  size_t offset;       // where the list goes wrong
  std::string message; // what was expected there
};

/// The first malformed `dimensions` / `permutation` list in linalg's custom
/// syntax (after the closing parenthesis of `outs(...)`), outside comments
/// and strings; or the first bracket that opens more than
/// limits::kMaxNestingDepth levels at once (MLIR's parser, verifier and
/// printer, the passes and the interpreter recurse once per level).
std::optional<ParserTrap> findParserTrap(std::string_view text);

/// Emits an error at the trap's line and column of `bufferName` and fails
/// when `text` has one.
llvm::LogicalResult rejectParserTraps(mlir::MLIRContext &context,
                                      llvm::StringRef bufferName,
                                      std::string_view text);

} // namespace spyre

#endif
