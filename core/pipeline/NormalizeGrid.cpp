//===- NormalizeGrid.cpp - a one-dimensional grid, dimension 0 fastest ----===//

#include "ir/GridAttr.h"
#include "ir/ktdp/KtdpOps.h"
#include "pipeline/Passes.h"
#include "support/Checked.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace spyre {
#define GEN_PASS_DEF_NORMALIZEGRID
#include "pipeline/Passes.h.inc"
} // namespace spyre

using namespace mlir;

namespace {

struct NormalizeGrid : spyre::impl::NormalizeGridBase<NormalizeGrid> {
  void runOnOperation() override {
    // The body MLIR's parser builds for a named linalg op (linalg.matmul's
    // extf / mulf / addf) has no location; the passes that apply a body to
    // vectors clone those ops, so their instructions would have no KTIR
    // line. Each op (and block argument) without a location takes its
    // parent op's, outermost first.
    getOperation()->walk<WalkOrder::PreOrder>([](Operation *op) {
      Operation *parent = op->getParentOp();
      if (parent && llvm::isa<UnknownLoc>(op->getLoc()) &&
          !llvm::isa<UnknownLoc>(parent->getLoc()))
        op->setLoc(parent->getLoc());
      if (llvm::isa<UnknownLoc>(op->getLoc()))
        return;
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (llvm::isa<UnknownLoc>(arg.getLoc()))
              arg.setLoc(op->getLoc());
    });
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      // A kernel without a grid whose ct_local views name other cores runs
      // on the cores they name (ir/GridAttr.h): the grid is made explicit.
      if (!function->getAttr("grid") && !function.isDeclaration())
        if (int64_t named = spyre::inferredGrid(function))
          function->setAttr("grid",
                            OpBuilder(function).getI64ArrayAttr({named}));
      auto grid = function->getAttrOfType<ArrayAttr>("grid");
      SmallVector<int64_t> extents;
      if (grid)
        for (Attribute a : grid)
          if (auto i = llvm::dyn_cast<IntegerAttr>(a))
            extents.push_back(i.getInt());
      if (extents.size() <= 1)
        continue; // already one-dimensional (or single tile)
      // Run alone (spyre-opt --normalize-grid) nothing checked the grid.
      std::optional<int64_t> product = spyre::checked::product(extents);
      if (!product) {
        function.emitError("the grid's tile count overflows 64 bits");
        signalPassFailure();
        return;
      }
      int64_t total = *product;
      OpBuilder builder(function.getContext());
      function->setAttr("grid", builder.getI64ArrayAttr({total}));
      function.walk([&](ktdp::GetComputeTileIdOp op) {
        builder.setInsertionPoint(op);
        Location loc = op.getLoc();
        Value id = ktdp::GetComputeTileIdOp::create(
                       builder, loc, TypeRange{builder.getIndexType()})
                       .getResult(0);
        // coordinate k = (id floordiv stride_k) mod extent_k, where
        // stride_k = d0 * ... * d(k-1).
        int64_t stride = 1;
        for (auto [k, result] : llvm::enumerate(op.getResults())) {
          Value coord = id;
          if (stride != 1) {
            Value s = arith::ConstantIndexOp::create(builder, loc, stride);
            coord = arith::DivUIOp::create(builder, loc, coord, s);
          }
          if (k + 1 < extents.size()) {
            Value e = arith::ConstantIndexOp::create(builder, loc, extents[k]);
            coord = arith::RemUIOp::create(builder, loc, coord, e);
          }
          result.replaceAllUsesWith(coord);
          stride *= extents[k];
        }
        op.erase();
      });
    }
  }
};

} // namespace
