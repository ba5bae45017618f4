// rope_rotate_half_concat.mlir -- rotary position embedding of Llama-3-8B's
// queries on a 32-token prefill (32 heads, head dim 128, f16), written the
// way torch-mlir lowers Hugging Face's `rotate_half`: the loaded head is
// cut into its two halves with tensor.extract_slice, `torch.cat((-x2, x1),
// dim=-1)` is a tensor.concat, and the rotated head is stored whole.
// normalize-tensor-ops makes each half a load of its own box of the view.
//
// What it computes
//   x, y : 1024x128 f16 (head h's 32 tokens are rows 32h .. 32h+31);
//   cos, sin : 32x128 f16 (per token). grid = [32]: tile h computes
//   y = x * cos + cat(-x[:, 64:], x[:, :64]) * sin.
#xs = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1023 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#ts = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rope_rotate_half(%x_ptr: index, %cos_ptr: index, %sin_ptr: index, %y_ptr: index) attributes {grid = [32]} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %h = ktdp.get_compute_tile_id : index
    %row = arith.muli %h, %c32 : index
    %xv = ktdp.construct_memory_view %x_ptr, sizes: [1024, 128], strides: [128, 1] {
      coordinate_set = #xs, memory_space = #ktdp.memory_space<global>
    } : memref<1024x128xf16>
    %yv = ktdp.construct_memory_view %y_ptr, sizes: [1024, 128], strides: [128, 1] {
      coordinate_set = #xs, memory_space = #ktdp.memory_space<global>
    } : memref<1024x128xf16>
    %cv = ktdp.construct_memory_view %cos_ptr, sizes: [32, 128], strides: [128, 1] {
      coordinate_set = #ts, memory_space = #ktdp.memory_space<global>
    } : memref<32x128xf16>
    %sv = ktdp.construct_memory_view %sin_ptr, sizes: [32, 128], strides: [128, 1] {
      coordinate_set = #ts, memory_space = #ktdp.memory_space<global>
    } : memref<32x128xf16>
    %xa = ktdp.construct_access_tile %xv[%row, %c0] {
      access_tile_set = #ts, access_tile_order = #id2
    } : memref<1024x128xf16> -> !ktdp.access_tile<32x128xindex>
    %ca = ktdp.construct_access_tile %cv[%c0, %c0] {
      access_tile_set = #ts, access_tile_order = #id2
    } : memref<32x128xf16> -> !ktdp.access_tile<32x128xindex>
    %sa = ktdp.construct_access_tile %sv[%c0, %c0] {
      access_tile_set = #ts, access_tile_order = #id2
    } : memref<32x128xf16> -> !ktdp.access_tile<32x128xindex>
    %x = ktdp.load %xa : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
    %cos = ktdp.load %ca : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
    %sin = ktdp.load %sa : !ktdp.access_tile<32x128xindex> -> tensor<32x128xf16>
    %x1 = tensor.extract_slice %x[0, 0] [32, 64] [1, 1] : tensor<32x128xf16> to tensor<32x64xf16>
    %x2 = tensor.extract_slice %x[0, 64] [32, 64] [1, 1] : tensor<32x128xf16> to tensor<32x64xf16>
    %nx2 = arith.negf %x2 : tensor<32x64xf16>
    %rot = tensor.concat dim(1) %nx2, %x1 : (tensor<32x64xf16>, tensor<32x64xf16>) -> tensor<32x128xf16>
    %a = arith.mulf %x, %cos : tensor<32x128xf16>
    %b = arith.mulf %rot, %sin : tensor<32x128xf16>
    %y = arith.addf %a, %b : tensor<32x128xf16>
    %ya = ktdp.construct_access_tile %yv[%row, %c0] {
      access_tile_set = #ts, access_tile_order = #id2
    } : memref<1024x128xf16> -> !ktdp.access_tile<32x128xindex>
    ktdp.store %y, %ya : tensor<32x128xf16>, !ktdp.access_tile<32x128xindex>
    return
  }
}
