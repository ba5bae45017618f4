// A kernel whose live buffers exceed the scratchpad is refused, naming the
// buffer that does not fit and every buffer in use.
// RUN: spyre-opt %s --extract-compute-groups --build-pipelines --assign-addresses=arch=spyre-4core -verify-diagnostics

#s = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 262143 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @too_big(%x: index, %y: index, %z: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [1, 262144], strides: [262144, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<1x262144xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [1, 262144], strides: [262144, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<1x262144xf16>
  %zv = ktdp.construct_memory_view %z, sizes: [1, 262144], strides: [262144, 1] {coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<1x262144xf16>
  %xt = ktdp.construct_access_tile %xv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<1x262144xf16> -> !ktdp.access_tile<1x262144xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<1x262144xf16> -> !ktdp.access_tile<1x262144xindex>
  %zt = ktdp.construct_access_tile %zv[%c0, %c0] {access_tile_set = #s, access_tile_order = #id} : memref<1x262144xf16> -> !ktdp.access_tile<1x262144xindex>
  // expected-note @+1 {{524288 bytes: 'memref<1x262144xf16, "lx">' at address 0}}
  %a = ktdp.load %xt : !ktdp.access_tile<1x262144xindex> -> tensor<1x262144xf16>
  // expected-note @+1 {{524288 bytes: 'memref<1x262144xf16, "lx">' at address 524288}}
  %b = ktdp.load %yt : !ktdp.access_tile<1x262144xindex> -> tensor<1x262144xf16>
  %e = tensor.empty() : tensor<1x262144xf16>
  %s = linalg.add ins(%a, %b : tensor<1x262144xf16>, tensor<1x262144xf16>) outs(%e : tensor<1x262144xf16>) -> tensor<1x262144xf16>
  // expected-error @+1 {{the kernel does not fit in the scratchpad: this 'memref<1x262144xf16, "lx">' buffer needs 524288 bytes, 1048576 of the 1048576 bytes of a core's LX are in use by 2 other buffers}}
  ktdp.store %s, %zt : tensor<1x262144xf16>, !ktdp.access_tile<1x262144xindex>
  return
}
