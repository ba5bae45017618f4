//===- BlockPlan.h - what runBlock needs per block, worked out once -*- C++ -*-===//
//
// Internal to the interpreter. For every block it executes, the
// interpreter works out once (for all cores) what executing it needs
// without a lookup per executed op: the numbers of the values each op
// reads and defines (Interpreter::valueId), the values that die after
// each op (liveness), and for the commonest ops a direct path (FastOps.cpp)
// that reads and binds values by number instead of going through the
// dialect's handler: scalar constants, index arithmetic, float arithmetic
// and float-to-float casts on whole vectors or scalars, the memoised f16
// functions, and tensor.extract / insert of one element. A direct
// path computes exactly what the handler computes (the same routines); it
// is taken only when the run has neither a cost model nor shadows, and
// declines (the handler runs) on any value it does not expect.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_BLOCKPLAN_H
#define SPYRE_INTERP_BLOCKPLAN_H

#include "interp/ShadowMath.h"
#include "interp/Values.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace spyre::interp {

class CoreExec;

enum class FastKind : uint8_t {
  None,
  Constant,      ///< arith.constant of a scalar (cached once computed)
  IntBinary,     ///< arith integer ops on index / i64 scalars
  FloatBinary,   ///< arith float ops on scalars or dense tensors
  HalfFunction,  ///< math functions with an f16 memo, f16 -> f16
  FloatCast,     ///< arith.extf / truncf on scalars or dense tensors
  TensorExtract, ///< tensor.extract of one element
  TensorInsert,  ///< tensor.insert of a scalar
  Extension,     ///< the embedding executor's (Extension::runPlanned)
};

struct OpPlan {
  mlir::Operation *op = nullptr;
  bool terminator = false;
  FastKind fast = FastKind::None;
  uint8_t variant = 0; ///< which op of the kind (FastOps.cpp)
  DType result = DType::F64;
  ShadowFn function = ShadowFn::Exp; ///< HalfFunction's
  DType source = DType::F64;         ///< FloatCast's operand type
  int64_t immediate = 0;             ///< a static position a path needs
  llvm::SmallVector<unsigned, 3> operands; ///< value numbers
  unsigned resultId = ~0u;                 ///< result #0's number
  /// A Constant's value once the handler has computed it.
  std::optional<Scalar> constant;
};

struct BlockPlan {
  llvm::SmallVector<unsigned, 4> arguments; ///< the block's, by number
  std::vector<OpPlan> ops;                  ///< in the block's order
  /// For the block's op i, the values defined in the block whose last use
  /// it is (dropped after it), and the arguments nobody uses.
  std::vector<llvm::SmallVector<unsigned, 2>> dropAfter;
  llvm::SmallVector<unsigned, 2> unusedArguments;
};

/// Fills in plan.fast, variant, result and function for `op` (None for an
/// op without a direct path).
void planFast(mlir::Operation *op, OpPlan &plan);
/// Executes plan.op by its direct path; false (nothing done) when its
/// values are not what the path handles: the caller runs the op's handler.
bool runFast(CoreExec &core, OpPlan &plan);

/// What the direct paths compute, on values (null / nullopt: the path
/// declines and the handler must run): an IntBinary of two scalars, a
/// FloatBinary of two scalars or two dense tensors of one shape, a
/// HalfFunction and a FloatCast of a scalar or a dense tensor. A tensor
/// result is written into `*reuse` when resultTensor may reuse it.
std::optional<Scalar> intBinaryScalar(const OpPlan &plan, const Scalar &a,
                                      const Scalar &b);
double floatBinaryScalar(const OpPlan &plan, double a, double b);
TensorPtr floatBinaryTensor(const OpPlan &plan, const Tensor &a, const Tensor &b,
                            const TensorPtr *reuse = nullptr);
TensorPtr halfFunctionTensor(const OpPlan &plan, const Tensor &a,
                             const TensorPtr *reuse = nullptr);
double floatCastScalar(const OpPlan &plan, double v);
TensorPtr floatCastTensor(const OpPlan &plan, const Tensor &a,
                          const TensorPtr *reuse = nullptr);

} // namespace spyre::interp

#endif
