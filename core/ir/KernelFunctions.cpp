//===- KernelFunctions.cpp - the kernels of a module, helpers inlined -----===//

#include "ir/KernelFunctions.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

std::vector<func::FuncOp> spyre::kernelFunctions(ModuleOp module) {
  llvm::DenseSet<StringRef> called;
  module.walk([&](func::CallOp call) { called.insert(call.getCallee()); });
  std::vector<func::FuncOp> kernels;
  for (auto f : module.getOps<func::FuncOp>())
    if (!f.isDeclaration() && f.isPublic() && !called.count(f.getSymName()))
      kernels.push_back(f);
  return kernels;
}

std::vector<std::string> spyre::kernelNames(ModuleOp module) {
  std::vector<std::string> names;
  for (func::FuncOp f : kernelFunctions(module))
    names.push_back(f.getSymName().str());
  return names;
}

namespace {

/// Replaces `call` by a copy of the body of `callee`.
LogicalResult inlineOne(func::CallOp call, func::FuncOp callee) {
  if (callee.isDeclaration())
    return call.emitError("cannot inline @")
           << callee.getSymName()
           << ": it is only declared; a kernel's helpers need a body";
  Region &body = callee.getBody();
  if (!body.hasOneBlock())
    return call.emitError("cannot inline @")
           << callee.getSymName() << ": its body has "
           << std::distance(body.begin(), body.end())
           << " blocks; a helper has one";
  Block &block = body.front();
  auto ret = dyn_cast<func::ReturnOp>(block.getTerminator());
  if (!ret)
    return call.emitError("cannot inline @")
           << callee.getSymName() << ": its body does not end in func.return";
  if (callee.getFunctionType() != call.getCalleeType())
    return call.emitError("the call's type ")
           << call.getCalleeType() << " is not @" << callee.getSymName()
           << "'s " << callee.getFunctionType();
  IRMapping map;
  map.map(block.getArguments(), call.getOperands());
  OpBuilder b(call);
  for (Operation &op : block.without_terminator())
    b.clone(op, map);
  for (auto [result, value] : llvm::zip(call.getResults(), ret.getOperands()))
    result.replaceAllUsesWith(map.lookupOrDefault(value));
  call.erase();
  return success();
}

/// Fails, with an error on the call that closes the cycle, when a function
/// `f` calls reaches (directly or through helpers) a function on `stack`.
LogicalResult noRecursion(func::FuncOp f, SmallVectorImpl<Operation *> &stack,
                          llvm::DenseSet<Operation *> &done) {
  if (done.contains(f))
    return success();
  stack.push_back(f);
  WalkResult walk = f.walk([&](func::CallOp call) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee)
      return WalkResult::advance(); // reported when it is inlined
    if (llvm::is_contained(stack, callee.getOperation())) {
      call.emitError("@")
          << callee.getSymName()
          << " calls itself (directly or through other helpers); helpers "
             "are inlined and cannot recurse";
      return WalkResult::interrupt();
    }
    return failed(noRecursion(callee, stack, done)) ? WalkResult::interrupt()
                                                    : WalkResult::advance();
  });
  stack.pop_back();
  done.insert(f);
  return failure(walk.wasInterrupted());
}

} // namespace

LogicalResult spyre::inlineCalls(func::FuncOp function, unsigned maxDepth) {
  auto module = function->getParentOfType<ModuleOp>();
  SmallVector<Operation *> stack;
  llvm::DenseSet<Operation *> done;
  if (failed(noRecursion(function, stack, done)))
    return failure();
  for (unsigned depth = 0;; ++depth) {
    SmallVector<func::CallOp> calls;
    function.walk([&](func::CallOp call) { calls.push_back(call); });
    if (calls.empty())
      return success();
    if (depth == maxDepth)
      return calls.front().emitError("calls nest more than ")
             << maxDepth << " deep (a helper that calls itself?); "
             << "helpers are inlined and cannot recurse";
    for (func::CallOp call : calls) {
      auto callee = module ? SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
                                 call, call.getCalleeAttr())
                           : func::FuncOp();
      if (!callee)
        return call.emitError("@")
               << call.getCallee() << " is not a function of this module";
      if (failed(inlineOne(call, callee)))
        return failure();
    }
  }
}
