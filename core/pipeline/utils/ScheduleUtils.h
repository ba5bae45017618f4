//===- ScheduleUtils.h - what the ScheduleIR passes share --------*- C++ -*-===//
#ifndef SPYRE_PIPELINE_UTILS_SCHEDULEUTILS_H
#define SPYRE_PIPELINE_UTILS_SCHEDULEUTILS_H

#include "arch/Arch.h"
#include "ir/schedule/ScheduleDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include <cstdint>

namespace spyre {

/// The memory space of LX buffers: `memref<3x64xf16, "lx">`.
inline constexpr const char *kScratchpadSpace = "lx";

/// An op that moves or computes on tiles: ktdp loads, stores and inter-tile
/// ops, and any op (other than structured control flow) with a tensor
/// operand or result.
bool isTileOp(mlir::Operation *op);

/// Structured control flow (scf.for / if / while ...) with tile ops inside.
bool isControlWithTiles(mlir::Operation *op);

/// Bytes of one element in memory (i1 and i8: 1, index: 8).
int64_t elementBytes(mlir::Type type);

/// `op` made again before the first of `uses` (all in one block), which
/// then read the copy: a value defined before a loop or a branch, remade
/// where it is used inside.
void remakeBeforeUses(mlir::Operation *op, llvm::ArrayRef<mlir::OpOperand *> uses);

/// Bytes of a statically shaped tile (this and the two below saturate at
/// INT64_MAX instead of overflowing, so size checks refuse huge shapes).
int64_t tileBytes(mlir::ShapedType type);

/// 128-byte (stickBytes) units a tile occupies: every innermost row starts
/// on a stick boundary.
int64_t tileSticks(mlir::ShapedType type, int stickBytes);

/// Bytes a tile takes in LX, where every innermost row starts a stick:
/// tileSticks(type) * stickBytes.
int64_t scratchpadBytes(mlir::ShapedType type, int stickBytes);

/// The LX buffer type that holds a tensor of `type`.
mlir::MemRefType scratchpadType(mlir::RankedTensorType type);

/// The memory view behind a device tile, or null when it is not a plain
/// access tile of a view.
mlir::Value viewOf(mlir::Value tile);

/// Whether memory reached through view `a` may overlap memory reached
/// through view `b`: views built on different kernel arguments are
/// different tensors (the convention every kernel and the interpreter
/// follow), views at constant offsets may overlap each other, and anything
/// that cannot be traced back (a null view: an indirect tile) may alias
/// anything.
bool mayAlias(mlir::Value a, mlir::Value b);

/// The loop spread over unit instances that `op` is in, or null.
mlir::Operation *spreadLoopOf(mlir::Operation *op);

/// Instances of each unit that run `op` (1 outside a spread loop).
int64_t instancesOf(mlir::Operation *op);

/// The core of every tile: the kernel's `sched.placement`, or tile i on
/// core i before placement.
llvm::SmallVector<int64_t> placementOf(mlir::Operation *function);

/// Tiles of a kernel's grid (1 without a grid).
int64_t gridTiles(mlir::Operation *function);

/// The stage of `pipeline` with `unit`, or null.
mlir::sched::StageOp stageFor(mlir::sched::PipelineOp pipeline,
                              llvm::StringRef unit);

/// fn(pipeline, stage) for every pipeline under `root` and the stage of each
/// compute unit of `target` it has, in the architecture file's unit order.
void forEachComputeStage(
    mlir::Operation *root, const arch::Arch &target,
    llvm::function_ref<void(mlir::sched::PipelineOp, mlir::sched::StageOp)>
        fn);

/// The ops of a stage that only waits, transfers and signals, by kind.
struct StageParts {
  llvm::SmallVector<mlir::Operation *> waits, transfers, signals;
};
StageParts partsOf(mlir::sched::StageOp stage);

} // namespace spyre

#endif
