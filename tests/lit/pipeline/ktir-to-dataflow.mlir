// The pipeline as spyre-opt registers it, and stopping early.
// RUN: spyre-opt %s --ktir-to-dataflow | FileCheck %s --check-prefix=ALL
// RUN: spyre-opt %s --pass-pipeline='builtin.module(ktir-to-dataflow{stop-after=ktir-legality-check})' | FileCheck %s --check-prefix=STOP
// RUN: spyre-opt %s --ktir-to-dataflow --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=EACH

// ALL: attributes {dflow.lx_peak = 0 : i64, dflow.placement = array<i64: 0, 1, 2, 3>, grid = [4]}
// ALL: dflow.program "sfu" instances 4
// STOP: attributes {grid = [2, 2]}
// EACH: IR Dump After KtirLegalityCheck
// EACH: IR Dump After NormalizeGrid
// EACH: IR Dump After ExtractComputeGroups
// EACH: IR Dump After BuildPipelines
// EACH: IR Dump After RouteTransfers
// EACH: IR Dump After TileToSticks
// EACH: IR Dump After NestVectorPipelines
// EACH: IR Dump After ChunkReductions
// EACH: IR Dump After SpreadParallelLoops
// EACH: IR Dump After HoistInvariantTransfers
// EACH: IR Dump After DoubleBuffer
// EACH: IR Dump After PlaceTiles
// EACH: IR Dump After PlanRingExchanges
// EACH: IR Dump After LowerRingExchanges
// EACH: IR Dump After AssignAddresses
// EACH: IR Dump After LowerToDataflow
func.func @k() -> (index, index) attributes {grid = [2, 2]} {
  %x, %y = ktdp.get_compute_tile_id : index, index
  return %x, %y : index, index
}
