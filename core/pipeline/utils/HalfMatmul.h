//===- HalfMatmul.h - half-precision matmuls summed in f32 -------*- C++ -*-===//
//
// A matmul of f16 / bf16 operands into an f16 / bf16 accumulator: the
// interpreter (ktir-cpu, NumPy) sums each output's K products in f32 (each
// exact there), rounds the sum once to the accumulator's type and then adds
// the accumulator in that type. The vector lowerings of such a matmul
// (pipeline/utils/StreamedMatmul.h, vectorize-held-tiles) keep an f32
// partial per output stick in the same order and round it once, instead of
// applying the matmul's body (a multiply-add rounded to the half type at
// every k: 5 % off in bf16 after 896 products). docs/numerics.md,
// "Half-precision matmuls".
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_HALFMATMUL_H
#define SPYRE_PIPELINE_UTILS_HALFMATMUL_H

#include "mlir/IR/Builders.h"

namespace spyre {

/// Whether `op` is a linalg.matmul or linalg.batch_matmul whose inputs are
/// f16 or bf16 and whose accumulator is f16 or bf16: its products are
/// summed in f32 and rounded once.
bool sumsInF32(mlir::Operation *op);

/// `acc + a * b` lane by lane in f32: `a` and `b` half-precision vectors
/// (or already f32) widened exactly, or scalars widened and broadcast;
/// `acc` an f32 vector.
/// One vector.fma: the product of two half values is exact in f32, so the
/// fused op rounds once, as a multiply then an add do.
mlir::Value fmaInF32(mlir::OpBuilder &b, mlir::Location loc, mlir::Value a,
                     mlir::Value bv, mlir::Value acc);

/// `c + truncf(partial)`: an f32 partial sum rounded once to the type of
/// `c` (the accumulator's vector), then the accumulator added in that type,
/// in the interpreter's order.
mlir::Value addRounded(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value partial, mlir::Value c);

} // namespace spyre

#endif
