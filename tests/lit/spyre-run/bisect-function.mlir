// --bisect and --stage run the kernel --function names when a module holds
// several (they compiled the first one: every snapshot of the second
// failed with "the snapshot has no function" and the emulator missed an
// argument of the first). The two kernels take different arguments.
// RUN: spyre-run %s --bisect --function doubled | FileCheck %s --check-prefix=SECOND
// RUN: spyre-run %s --bisect --function copied --arg unused=0 | FileCheck %s --check-prefix=FIRST
// RUN: spyre-run %s --stage lower-to-dataflow --function doubled | FileCheck %s --check-prefix=STAGE

// SECOND: lower-to-spyrecode (emulator) exact
// SECOND: doubled: every snapshot agrees with the KTIR's outputs: exact
// FIRST: copied: every snapshot agrees with the KTIR's outputs: exact
// STAGE: doubled: snapshot after lower-to-dataflow {{.*}}exact

#all = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>
#id = affine_map<(d0) -> (d0)>
module {
  func.func @copied(%src: index, %unused: index, %dst: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %in = ktdp.construct_memory_view %src, sizes: [128], strides: [1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<128xf16>
    %out = ktdp.construct_memory_view %dst, sizes: [128], strides: [1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<128xf16>
    %a = ktdp.construct_access_tile %in[%c0] {access_tile_set = #all, access_tile_order = #id} : memref<128xf16> -> !ktdp.access_tile<128xindex>
    %x = ktdp.load %a : !ktdp.access_tile<128xindex> -> tensor<128xf16>
    %b = ktdp.construct_access_tile %out[%c0] {access_tile_set = #all, access_tile_order = #id} : memref<128xf16> -> !ktdp.access_tile<128xindex>
    ktdp.store %x, %b : tensor<128xf16>, !ktdp.access_tile<128xindex>
    return
  }
  func.func @doubled(%src: index, %dst: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %in = ktdp.construct_memory_view %src, sizes: [128], strides: [1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<128xf16>
    %out = ktdp.construct_memory_view %dst, sizes: [128], strides: [1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<128xf16>
    %a = ktdp.construct_access_tile %in[%c0] {access_tile_set = #all, access_tile_order = #id} : memref<128xf16> -> !ktdp.access_tile<128xindex>
    %x = ktdp.load %a : !ktdp.access_tile<128xindex> -> tensor<128xf16>
    %y = arith.addf %x, %x : tensor<128xf16>
    %b = ktdp.construct_access_tile %out[%c0] {access_tile_set = #all, access_tile_order = #id} : memref<128xf16> -> !ktdp.access_tile<128xindex>
    ktdp.store %y, %b : tensor<128xf16>, !ktdp.access_tile<128xindex>
    return
  }
}
