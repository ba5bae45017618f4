// A store anchored on a row number the kernel loads from memory (vLLM's
// KV-cache scatter, issue 23) becomes an indirect store: the DMA reads the
// row number from the slot view itself; the load, extract and cast that
// only fed it go.
// RUN: spyre-opt %S/../../kernels/kv_cache_scatter_llama1b.mlir --indirect-accesses | FileCheck %s
// RUN: spyre-opt %s --indirect-accesses | FileCheck %s --check-prefix=ROWS

// CHECK-LABEL: func.func @reshape_and_cache
// CHECK:       scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT:     tensor.extract
// CHECK-NOT:     arith.index_cast
// CHECK:         ktdp.construct_indirect_access_tile intermediate_variables(%{{.*}}, %{{.*}}, %{{.*}}) %{{.*}}[ind(%{{.*}}[%[[T]]]), (%{{.*}} + %{{.*}}), (%{{.*}})] {{.*}} : memref<128x8x64xf16>, memref<16xi64> -> !ktdp.access_tile<1x1x64xindex>
// CHECK:         ktdp.store
// CHECK:         ktdp.construct_indirect_access_tile
// CHECK:         ktdp.store

// A tile of two rows at the loaded number is not one row: left alone.
// ROWS-LABEL: func.func @two_rows
// ROWS: tensor.extract
// ROWS: ktdp.construct_access_tile
// ROWS-NOT: construct_indirect_access_tile
func.func @two_rows(%rows: memref<16xi32>, %dst: memref<64x64xf16>, %x: tensor<2x64xf16>) {
  %c0 = arith.constant 0 : index
  %ra = ktdp.construct_access_tile %rows[%c0] {
    access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>,
    access_tile_order = affine_map<(d0) -> (d0)>
  } : memref<16xi32> -> !ktdp.access_tile<1xindex>
  %r = ktdp.load %ra : !ktdp.access_tile<1xindex> -> tensor<1xi32>
  %r0 = tensor.extract %r[%c0] : tensor<1xi32>
  %row = arith.index_cast %r0 : i32 to index
  %da = ktdp.construct_access_tile %dst[%row, %c0] {
    access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
  } : memref<64x64xf16> -> !ktdp.access_tile<2x64xindex>
  ktdp.store %x, %da : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
  return
}
