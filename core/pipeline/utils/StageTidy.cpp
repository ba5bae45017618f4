//===- StageTidy.cpp - clean-ups after rewriting a stage on vectors -------===//

#include "pipeline/utils/StageTidy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

void spyre::gatherConstants(sched::StageOp stage, Operation *insertAt) {
  Block &top = stage.getBody().front();
  DenseMap<Attribute, Operation *> seen;
  SmallVector<arith::ConstantOp> constants;
  stage.getBody().walk([&](arith::ConstantOp c) {
    Operation *at = top.findAncestorOpInBlock(*c);
    if (isa<sched::StageOp, scf::ForOp, scf::IfOp>(c->getParentOp()) &&
        (at == insertAt || insertAt->isBeforeInBlock(at)))
      constants.push_back(c);
  });
  Operation *anchor = insertAt; // not a constant: never merged away
  while (isa_and_nonnull<arith::ConstantOp>(anchor))
    anchor = anchor->getNextNode();
  if (!anchor)
    return;
  for (arith::ConstantOp c : constants) {
    auto [it, fresh] = seen.try_emplace(c.getValue(), c);
    if (fresh) {
      c->moveBefore(anchor);
      continue;
    }
    c.getResult().replaceAllUsesWith(it->second->getResult(0));
    c->erase();
  }
}

void spyre::tidyStage(sched::StageOp stage) {
  auto same = [](OperandRange a, OperandRange b) {
    return llvm::all_of_zip(a, b, [](Value x, Value y) {
      std::optional<int64_t> cx = getConstantIntValue(x), cy = getConstantIntValue(y);
      return x == y || (cx && cy && *cx == *cy);
    });
  };
  SmallVector<Operation *> dead;
  stage.getBody().walk([&](tensor::ExtractOp extract) {
    Value scalar;
    if (auto splat = extract.getTensor().getDefiningOp<tensor::SplatOp>())
      scalar = splat.getInput();
    auto insert = extract.getTensor().getDefiningOp<tensor::InsertOp>();
    if (insert && same(insert.getIndices(), extract.getIndices()))
      scalar = insert.getScalar();
    if (!scalar)
      return;
    extract.getResult().replaceAllUsesWith(scalar);
    dead.push_back(extract);
  });
  for (Operation *op : dead) {
    Operation *source = op->getOperand(0).getDefiningOp();
    op->erase();
    while (source && source->use_empty() &&
           isa<tensor::InsertOp, tensor::EmptyOp, tensor::SplatOp>(source)) {
      auto insert = dyn_cast<tensor::InsertOp>(source);
      Operation *next = insert ? insert.getDest().getDefiningOp() : nullptr;
      source->erase();
      source = next;
    }
  }
  SmallVector<tensor::EmptyOp> empties;
  stage.getBody().walk([&](tensor::EmptyOp e) { empties.push_back(e); });
  for (tensor::EmptyOp e : empties)
    if (e->use_empty())
      e->erase();
}

