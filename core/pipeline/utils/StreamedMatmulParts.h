//===- StreamedMatmulParts.h - what a streamed matmul is made of -*- C++ -*-===//
//
// Internal to the streamed-matmul lowerings (StreamedMatmul.cpp: B's rows
// along K; DotMatmul.cpp: B stored transposed, dot products over its
// rows): the matmul matched in a compute stage, the tiles that stream
// instead of being held, and the load unit's side of it.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_PIPELINE_UTILS_STREAMEDMATMULPARTS_H
#define SPYRE_PIPELINE_UTILS_STREAMEDMATMULPARTS_H

#include "ir/schedule/ScheduleDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <optional>

namespace spyre {

/// A tile the stage pops whole that can come a row at a time instead: its
/// pop, the load unit's transfer that fills it, and sticks per row.
struct RowFed {
  mlir::sched::PopOp pop;
  mlir::sched::TransferOp feed;
  int64_t sticksPerRow = 0;
};

/// A matmul whose B the stage pops whole, and what streams it instead.
struct StreamedMatmul {
  mlir::linalg::MatmulOp matmul;
  mlir::sched::PopOp pop;       // B, whole
  mlir::sched::TransferOp feed; // the load unit's LX -> FIFO transfer of B
  mlir::VectorType slot;        // one stick of B
  // M, B's rows (K; N when B is stored transposed), sticks per row of B
  int64_t rows = 0, depth = 0, sticksPerRow = 0, lanes = 0;
  bool partial = false;    // rows of B end in a partial stick
  bool transposed = false; // B stored N x K: dot products over its rows
  // By rows (when the stage holds more than the compute engine's
  // capacity): A and C popped a row at a time, C's row pushed when done.
  std::optional<RowFed> aRows, cRows; // C popped, or else filled:
  // A half-precision matmul (pipeline/utils/HalfMatmul.h) with B along K,
  // summed in f32 an output stick at a time (StreamedMatmul.cpp's
  // sumByColumns; dot products sum theirs in f32 in DotMatmul.cpp).
  bool halfInF32 = false;
  // Summed so and not by rows: row i of A popped again for each stick of
  // C's row, when A can come by rows.
  std::optional<RowFed> aAgain;
  mlir::linalg::FillOp cFill;
  mlir::tensor::EmptyOp cEmpty; // or an empty tile (zeros)
  mlir::DenseElementsAttr cSplat; // or a splat constant (dot products)
  mlir::SmallVector<mlir::Operation *> chain; // rowwise ops before the push
  mlir::sched::PushOp out;
  int64_t outSticksPerRow = 0;
};

/// A reshape that only adds or drops unit leading dimensions of its
/// operand (its rows stay rows: the batch dimension of a batched matmul).
bool keepsRows(mlir::Operation *op);

/// A splat constant (a scale, a bias of one value) an op of the chain
/// after the matmul combines with the tile it is applied to.
mlir::DenseElementsAttr splatOperand(mlir::Value v);

/// The load unit's side: B sent again for every row of A (from LX, M
/// times), and by rows, row i of A and of C before B, for every i.
void streamFeeds(StreamedMatmul &s);

/// Row i of `tile` (2-D), popped from the FIFO `fed` fills a row at a time.
mlir::Value popRow(mlir::OpBuilder &b, mlir::Location loc, mlir::Value tile,
                   RowFed &fed);

/// By rows: row i of A and, when C is popped, of C, popped in the order
/// the load unit sends them (`a` and `c` become the rows; `c` is left as
/// it is when C is not popped).
void popRowsOfAAndC(mlir::OpBuilder &b, mlir::Location loc, StreamedMatmul &s,
                    mlir::Value &a, mlir::Value &c);

/// What the rewrite erases once the loops are built: the push and the
/// chain by rows, the matmul, the pops of A and C (or C's fill), B's pop.
void eraseStreamed(StreamedMatmul &s);

/// The loops built marked as vector loops, the matmul's result replaced
/// by the row loop's (when C is held whole), what the rewrite replaced
/// erased (eraseStreamed) and the load unit's side rewritten (streamFeeds).
void finishStreamed(StreamedMatmul &s, mlir::scf::ForOp rowLoop,
                    llvm::ArrayRef<mlir::scf::ForOp> loops);

/// B stored transposed (N x K, rows of whole sticks): for each row i of A,
/// for each row n of B, the sticks of A's row times B's row n's sticks
/// (popped in the order they are stored) accumulated lane-wise, the lanes
/// reduced into C[i, n], inserted into the output vector, which is
/// written to C's row (or, by rows, passed through the chain and pushed)
/// when full (pipeline/utils/DotMatmul.cpp).
void rewriteDotProducts(StreamedMatmul &s, int stickBytes);

/// Whether `matmul` (B transposed) has the body and element types
/// rewriteDotProducts computes: yield(c + f(a, b)) with float C.
bool dotProductsApply(mlir::linalg::MatmulOp matmul);

} // namespace spyre

#endif
