//===- MatmulChunks.h - matmuls whose tiles exceed the scratchpad -*- C++ -*-===//
//
// A linalg.matmul of f16 tiles a core loads whole (a `linear` kernel's
// 4096x128 weight, 1 MiB, with its activations) may not fit a core's
// scratchpad with its pipeline's other buffers. chunk-large-matmuls then
// runs it as a loop over chunks of K (and of N when the result is only
// stored), each chunk's A and B loaded on their own, into an f32
// accumulator that carries the sum from chunk to chunk: the same products
// summed in the same order, in f32, as the interpreter sums the whole
// matmul, rounded once at the end. ktir-legality-check accepts the tiles
// this chunks. This header plans the chunks for both.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_MATMULCHUNKS_H
#define SPYRE_PIPELINE_UTILS_MATMULCHUNKS_H

#include "ir/ktdp/KtdpOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>
#include <string>

namespace spyre {

/// Whether `matmul`'s maps read B transposed, and only B (B stored N x K):
/// [(m, k), (n, k), (m, n)].
bool readsBTransposed(mlir::linalg::MatmulOp matmul);

/// How a matmul C[M, N] (+)= A[M, K] @ B[K, N] is chunked (B stored N x K
/// when it is read transposed: its chunks are N x K too).
struct MatmulChunks {
  mlir::linalg::MatmulOp matmul;
  mlir::ktdp::LoadOp loadA, loadB;
  /// The store of the result when N is chunked (null otherwise).
  mlir::ktdp::StoreOp store;
  int64_t m = 0, n = 0, k = 0;
  int64_t kChunk = 0, nChunk = 0; ///< divide k and n
  bool transposedB = false;
  /// The accumulator's value when it is a fill of a constant.
  std::optional<double> fill;
};

/// Bytes of LX the matmul's tiles take whole: A, B, the accumulator and the
/// result.
int64_t matmulTileBytes(mlir::linalg::MatmulOp matmul, int stickBytes);

/// Whether the matmul takes more than half of `capacity` bytes of LX (the
/// rest of its pipeline, and a second copy when it is double-buffered,
/// would not fit): then chunk-large-matmuls chunks it.
bool matmulTooLarge(mlir::linalg::MatmulOp matmul, int64_t capacity,
                    int stickBytes);

/// The chunks of a matmul that is too large, or the reason it cannot be
/// chunked (`why`). Only f16 operands loaded whole (box access tiles in
/// the block of the matmul, used by it alone) are chunked. Chunks of N
/// whose rows of the f32 accumulator (zeroed, accumulated, rounded) and of
/// the result take at most `rowBytes` (the compute engine's own memory; 0:
/// any) are preferred.
std::optional<MatmulChunks> planMatmulChunks(mlir::linalg::MatmulOp matmul,
                                             int64_t capacity, int stickBytes,
                                             int64_t rowBytes,
                                             std::string &why);

/// The matmul that chunk-large-matmuls will chunk and that `op` (a load of
/// one of its operands, or the store of its result) belongs to; null when
/// there is none.
mlir::linalg::MatmulOp chunkedMatmulOf(mlir::Operation *op, int64_t capacity,
                                       int stickBytes);

} // namespace spyre

#endif
