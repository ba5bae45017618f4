// Two 1 MiB tiles and their sum do not fit a core's 2 MiB scratchpad: the
// interpreter refuses the sum on its line. With --no-lx-limit its
// scratchpad is 512 MiB (the emulator keeps the architecture's), so it
// computes the reference a chunked compiled program is held against.
// RUN: not spyre-run %s --seed 0 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: spyre-run %s --seed 0 --no-lx-limit --report %t.json
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// LIMIT: no-lx-limit.mlir:[[@LINE+15]]:{{[0-9]+}}: error: scratchpad (LX) overflow on core 0: allocating 1048576 bytes with 2097152 of 2097152 bytes in use
// REPORT: "lx_capacity_bytes": 536870912

#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @big_add(%a: index, %b: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %av = ktdp.construct_memory_view %a, sizes: [128, 4096], strides: [4096, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<128x4096xf16>
  %bv = ktdp.construct_memory_view %b, sizes: [128, 4096], strides: [4096, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<128x4096xf16>
  %yv = ktdp.construct_memory_view %y, sizes: [128, 4096], strides: [4096, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<128x4096xf16>
  %at = ktdp.construct_access_tile %av[%c0, %c0] {access_tile_set = #set, access_tile_order = #id2} : memref<128x4096xf16> -> !ktdp.access_tile<128x4096xindex>
  %bt = ktdp.construct_access_tile %bv[%c0, %c0] {access_tile_set = #set, access_tile_order = #id2} : memref<128x4096xf16> -> !ktdp.access_tile<128x4096xindex>
  %yt = ktdp.construct_access_tile %yv[%c0, %c0] {access_tile_set = #set, access_tile_order = #id2} : memref<128x4096xf16> -> !ktdp.access_tile<128x4096xindex>
  %x = ktdp.load %at : !ktdp.access_tile<128x4096xindex> -> tensor<128x4096xf16>
  %w = ktdp.load %bt : !ktdp.access_tile<128x4096xindex> -> tensor<128x4096xf16>
  %e = tensor.empty() : tensor<128x4096xf16>
  %s = linalg.add ins(%x, %w : tensor<128x4096xf16>, tensor<128x4096xf16>) outs(%e : tensor<128x4096xf16>) -> tensor<128x4096xf16>
  ktdp.store %s, %yt : tensor<128x4096xf16>, !ktdp.access_tile<128x4096xindex>
  return
}
