//===- LoweringContext.h - what the DataflowIR lowering shares -*- C++ -*-===//
//
// The state of one kernel's lowering that every program's lowering reads
// or adds to: the module being built, the channel and symbol numbers, the
// location table and the LX views and buffers (deduplicated).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_CODEGEN_LOWERINGCONTEXT_H
#define SPYRE_CODEGEN_LOWERINGCONTEXT_H

#include "codegen/LowerDataflow.h"
#include "spyrecode/SpyreCode.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <tuple>

namespace spyre::code {

/// The element type of `t` (a scalar, or the element of a shaped type);
/// std::nullopt for a type SpyreCode has no element type for.
std::optional<ElemType> elemTypeOf(mlir::Type t);
/// elemTypeOf(t), or None when it has none (where a register of that type
/// was already checked for).
inline ElemType elemOrNone(mlir::Type t) {
  return elemTypeOf(t).value_or(ElemType::None);
}

/// The first source line in `loc` (0 if none).
int ktirLineOf(mlir::Location loc);

/// The SSA name (without '%') written at `loc` in `source`: the argument
/// `%x_ptr` at `loc`, or the result `%x` of the op whose name is at `loc`
/// (`%x = ktdp.load ...`), or for an op without results its first operand
/// (`ktdp.store %y, ...`); "" when there is none. The place is the first
/// file location in `loc` (a generated kernel's ops are placed on their
/// line first: ir/KernelLocations.h), and only one in `file` counts when
/// `file` is given (another file's lines are not the source's).
std::string valueNameAt(const std::string &source, mlir::Location loc,
                        llvm::StringRef file = {});

struct LoweringContext {
  LoweringContext(Module &out, const LoweringOptions &options, int stickBytes)
      : out(out), options(options), stickBytes(stickBytes) {}

  /// The Module::locations index for `op` (deduplicated).
  uint32_t location(mlir::Operation *op);

  /// The Module::lxViews index of an LX view of `type` lying in buffer
  /// `buffer` (deduplicated); -1 when `type` is not a static memref of a
  /// known element type.
  int32_t lxView(mlir::Type type, int32_t buffer);

  /// The JobPlan::buffers index of the buffer at `address` (copy 0),
  /// `bytes` a copy, `copies` copies, made by `op` (deduplicated).
  int32_t buffer(int64_t address, int64_t bytes, int64_t copies,
                 mlir::Operation *op);

  /// Scratchpad bytes of one row of `type` (whole sticks) and of the whole
  /// buffer; std::nullopt on overflow or a dynamic shape.
  std::optional<int64_t> rowBytes(mlir::MemRefType type) const;
  std::optional<int64_t> bufferBytes(mlir::MemRefType type) const;

  Module &out;
  const LoweringOptions &options;
  int stickBytes;
  llvm::DenseMap<mlir::Value, int32_t> channels; ///< dflow.channel -> index
  llvm::DenseMap<mlir::Value, int32_t> symbols;  ///< kernel arg -> symbol
  std::vector<int64_t> grid;

private:
  std::map<std::tuple<int, int, std::string>, uint32_t> locationIndex;
  std::map<std::tuple<std::vector<int64_t>, int, int32_t>, int32_t> viewIndex;
  std::map<std::tuple<int64_t, int64_t, int64_t>, int32_t> bufferIndex;
};

} // namespace spyre::code

#endif
