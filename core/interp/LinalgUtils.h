//===- LinalgUtils.h - helpers of the tensor and linalg handlers -*- C++ -*-===//
//
// Internal to the interpreter (TensorOps.cpp, LinalgOps.cpp, MatmulOp.cpp):
// row-major strides and index walks, result shapes, and the inputs and
// inits of a linalg op on tensors.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_INTERP_LINALGUTILS_H
#define SPYRE_INTERP_LINALGUTILS_H

#include "interp/CoreExec.h"

#include "mlir/IR/BuiltinTypes.h"

#include <vector>

namespace spyre::interp {

inline std::vector<int64_t> stridesOf(llvm::ArrayRef<int64_t> shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

/// Calls fn(linear, index) for every index of `shape` in row-major order.
template <typename Fn> void forEachIndex(llvm::ArrayRef<int64_t> shape, Fn fn) {
  int64_t n = numElements(shape);
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t linear = 0; linear < n; ++linear) {
    fn(linear, idx);
    for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
      if (++idx[d] < shape[d])
        break;
      idx[d] = 0;
    }
  }
}

/// The shape of a result of static or operand-given dynamic extents,
/// checked against the scratchpad before the tensor is allocated.
mlir::FailureOr<std::vector<int64_t>>
resultShape(CoreExec &core, mlir::Operation *op, mlir::Type type,
            mlir::ValueRange dynamic);

inline mlir::LogicalResult setTensor(CoreExec &core, mlir::Value result,
                                     TensorPtr t) {
  core.set(result, std::move(t));
  return mlir::success();
}

/// The inputs and inits of a linalg op on tensors (one result per init),
/// read off its operands: the interface's accessors build an attribute of
/// segment sizes on every call.
mlir::ValueRange dpsInputs(mlir::Operation *op);
mlir::Value dpsInit(mlir::Operation *op, unsigned i);

/// The tensor dialect (TensorOps.cpp), linalg.matmul and batch_matmul
/// (MatmulOp.cpp), linalg.generic (GenericOp.cpp).
mlir::LogicalResult execTensorOp(CoreExec &core, mlir::Operation *op,
                                 bool &handled);
/// The linalg dialect (LinalgOps.cpp).
mlir::LogicalResult execLinalg(CoreExec &core, mlir::Operation *op,
                               bool &handled);
mlir::LogicalResult execMatmul(CoreExec &core, mlir::Operation *op,
                               bool batched);
mlir::LogicalResult execGeneric(CoreExec &core, mlir::Operation *op);

/// Runs `body` at every point of the iteration `space`, in row-major
/// order: its arguments the elements of `operands` at the point (through
/// `maps`, one per operand; a scalar operand as it is), the last
/// outs.size() of them the outputs' current elements, which what it yields
/// replaces; `op`'s results are `outs` (written in place). A reducing
/// linalg.generic, and a linalg.reduce of several roles (LinalgReduce.cpp).
mlir::LogicalResult runEachPoint(CoreExec &core, mlir::Operation *op,
                                 mlir::Block &body,
                                 llvm::ArrayRef<mlir::AffineMap> maps,
                                 llvm::ArrayRef<int64_t> space,
                                 llvm::ArrayRef<RtValue> operands,
                                 llvm::ArrayRef<TensorPtr> outs);

} // namespace spyre::interp

#endif
