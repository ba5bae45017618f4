// helper_scratchpad_stage.mlir -- a helper that leaves its result in the
// calling core's scratchpad (issue 23, section 2): @stage_scale copies the
// per-channel scale of a SmolLM2 layer (576 f16, times 0.5) from HBM into
// a ct_local view at a fixed LX offset; the kernel then reads it back from
// that view for every row it scales. The data passes from the helper to
// the kernel through LX, not through SSA values.
//
// What it computes
//   x, y : 96x576 f16, s : 576 f16. grid = [32]: tile t takes rows t,
//   t + 32, t + 64; y[r, j] = x[r, j] * fp16(s[j] * 0.5).
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 95 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#vec = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 575 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func private @stage_scale(%s_ptr: index, %lx_offset: index) {
    %c0 = arith.constant 0 : index
    %half = arith.constant dense<5.000000e-01> : tensor<1x576xf16>
    %sv = ktdp.construct_memory_view %s_ptr, sizes: [1, 576], strides: [576, 1] {
      coordinate_set = #vec, memory_space = #ktdp.memory_space<global>
    } : memref<1x576xf16>
    %lv = ktdp.construct_memory_view %lx_offset, sizes: [1, 576], strides: [576, 1] {
      coordinate_set = #vec, memory_space = #ktdp.memory_space<ct_local>
    } : memref<1x576xf16>
    %sa = ktdp.construct_access_tile %sv[%c0, %c0] {
      access_tile_set = #vec, access_tile_order = #id2
    } : memref<1x576xf16> -> !ktdp.access_tile<1x576xindex>
    %s = ktdp.load %sa : !ktdp.access_tile<1x576xindex> -> tensor<1x576xf16>
    %h = arith.mulf %s, %half : tensor<1x576xf16>
    %la = ktdp.construct_access_tile %lv[%c0, %c0] {
      access_tile_set = #vec, access_tile_order = #id2
    } : memref<1x576xf16> -> !ktdp.access_tile<1x576xindex>
    ktdp.store %h, %la : tensor<1x576xf16>, !ktdp.access_tile<1x576xindex>
    return
  }
  func.func @scale_rows(%x_ptr: index, %s_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c96 = arith.constant 96 : index
    %lx = arith.constant 0 : index
    %t = ktdp.get_compute_tile_id : index
    func.call @stage_scale(%s_ptr, %lx) : (index, index) -> ()
    %lv = ktdp.construct_memory_view %lx, sizes: [1, 576], strides: [576, 1] {
      coordinate_set = #vec, memory_space = #ktdp.memory_space<ct_local>
    } : memref<1x576xf16>
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [96, 576], strides: [576, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<96x576xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [96, 576], strides: [576, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<96x576xf16>
    scf.for %r = %t to %c96 step %c32 {
      %la = ktdp.construct_access_tile %lv[%c0, %c0] {
        access_tile_set = #vec, access_tile_order = #id2
      } : memref<1x576xf16> -> !ktdp.access_tile<1x576xindex>
      %s = ktdp.load %la : !ktdp.access_tile<1x576xindex> -> tensor<1x576xf16>
      %xa = ktdp.construct_access_tile %xv[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<96x576xf16> -> !ktdp.access_tile<1x576xindex>
      %x = ktdp.load %xa : !ktdp.access_tile<1x576xindex> -> tensor<1x576xf16>
      %y = arith.mulf %x, %s : tensor<1x576xf16>
      %ya = ktdp.construct_access_tile %yv[%r, %c0] {
        access_tile_set = #row, access_tile_order = #id2
      } : memref<96x576xf16> -> !ktdp.access_tile<1x576xindex>
      ktdp.store %y, %ya : tensor<1x576xf16>, !ktdp.access_tile<1x576xindex>
    }
    return
  }
}
