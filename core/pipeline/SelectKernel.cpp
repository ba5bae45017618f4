//===- SelectKernel.cpp - one kernel per compile, helpers inlined ---------===//

#include "ir/KernelFunctions.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace spyre {
#define GEN_PASS_DEF_SELECTKERNEL
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

struct SelectKernel : spyre::impl::SelectKernelBase<SelectKernel> {
  using SelectKernelBase::SelectKernelBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::vector<func::FuncOp> kernels = spyre::kernelFunctions(module);
    std::vector<func::FuncOp> kept;
    if (function.empty()) {
      kept = kernels;
    } else {
      for (func::FuncOp f : kernels)
        if (f.getSymName() == function)
          kept.push_back(f);
      if (kept.empty()) {
        auto diag = module.emitError("no kernel named @") << function;
        if (kernels.empty())
          diag << ": the module defines no kernel";
        else
          diag << "; the module's kernels:" << names(kernels);
        return signalPassFailure();
      }
    }
    // A module without any function body (an empty file) has nothing to
    // select: the later passes leave it as it is.
    bool bodies = llvm::any_of(module.getOps<func::FuncOp>(),
                               [](func::FuncOp f) { return !f.isDeclaration(); });
    if (kept.empty() && !bodies)
      return;
    if (kept.empty()) {
      module.emitError("the module defines no kernel: a kernel is a public "
                       "func.func with a body that no function of the "
                       "module calls");
      return signalPassFailure();
    }
    for (func::FuncOp f : kept)
      if (failed(spyre::inlineCalls(f)))
        return signalPassFailure();
    // Everything else (the other kernels, the helpers now inlined) goes.
    for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (!llvm::is_contained(kept, f))
        f.erase();
  }

  static std::string names(const std::vector<func::FuncOp> &kernels) {
    std::string out;
    for (func::FuncOp f : kernels)
      out += " @" + f.getSymName().str();
    return out;
  }
};

} // namespace
