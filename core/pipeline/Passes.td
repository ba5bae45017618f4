//===- Passes.td - the Spyre pipeline's passes ------------*- tablegen -*-===//
//
// One record per pass. Each pass's description is what the app shows in the
// pass list, so it says in one paragraph what the pass does and why.
//
//===----------------------------------------------------------------------===//

#ifndef SPYRE_PIPELINE_PASSES_TD
#define SPYRE_PIPELINE_PASSES_TD

include "mlir/Pass/PassBase.td"

def KtirLegalityCheck : Pass<"ktir-legality-check", "::mlir::ModuleOp"> {
  let summary = "Reject what the Spyre pipeline cannot compile, on its line";
  let description = [{
    Checks the kernel before anything else touches it and reports every
    construct the backend does not accept, at the exact op, saying what to
    change: ops outside the KTIR dialects (ktdp, spyreop, arith, math,
    linalg, tensor, scf, func), function calls, kernels without a `grid`
    (a warning: they run on one tile), grids with non-positive extents, and
    `get_compute_tile_id` asking for more coordinates than the grid has,
    and (given the target's core count) grids with more tiles than cores.
  }];
  let options = [
    Option<"cores", "cores", "int", /*default=*/"0",
           "Cores of the target architecture (0: do not check the grid)">
  ];
}

def NormalizeGrid : Pass<"normalize-grid", "::mlir::ModuleOp"> {
  let summary = "Turn a multi-dimensional grid into a one-dimensional one";
  let description = [{
    Replaces `grid = [d0, d1, ...]` by `grid = [d0 * d1 * ...]` and every
    `ktdp.get_compute_tile_id` by the linear tile id and the index
    arithmetic that recovers each coordinate, dimension 0 fastest
    (coordinate k = (id floordiv (d0 * ... * d(k-1))) mod dk), the order the
    real multi-dimensional kernels and ktir-cpu use. Later passes then deal
    with one tile id per core only.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // SPYRE_PIPELINE_PASSES_TD
