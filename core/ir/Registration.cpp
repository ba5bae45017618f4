//===- Registration.cpp - dialects a KTIR kernel may use ------------------===//

#include "ir/Registration.h"
#include "ir/LegacyLinalgOps.h"
#include "ir/dataflow/DataflowDialect.h"
#include "ir/ktdfarch/KtdfArchDialect.h"
#include "ir/ktdp/KtdpDialect.h"
#include "ir/schedule/ScheduleDialect.h"
#include "ir/spyreop/SpyreOpDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Extensions/AllExtensions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

void spyre::registerKernelDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::ktdp::KtdpDialect, mlir::spyreop::SpyreOpDialect,
                  mlir::sched::SchedDialect, mlir::dflow::DflowDialect,
                  mlir::ktdf_arch::KtdfArchDialect, mlir::pdl::PDLDialect,
                  mlir::affine::AffineDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::linalg::LinalgDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect,
                  mlir::vector::VectorDialect>();
  mlir::func::registerAllExtensions(registry);
  registerLegacyLinalgOps(registry);
}

void spyre::loadKernelDialects(mlir::MLIRContext &context) {
  mlir::DialectRegistry registry;
  registerKernelDialects(registry);
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
}
