// Without a record, a run gives the memory nobody gave it (docs/inputs.md):
// a pointer argument with arithmetic on it gets an automatic address, and
// the memory views a kernel builds outside its arrays (pointer arithmetic,
// constant addresses) are found by a discovery run, filled with random data
// from the seed and bound for both engines, so --engine both compares them.
// RUN: spyre-run %S/../../kernels/pointer_row_offsets.mlir --engine both 2>&1 | FileCheck %s --check-prefix=AUTO
// An explicit value wins over the automatic address.
// RUN: spyre-run %S/../../kernels/pointer_row_offsets.mlir --engine both --arg x_ptr=0 --arg y_ptr=4096 2>&1 | FileCheck %s --check-prefix=GIVEN
// RUN: spyre-run %S/../../kernels/constant_address_views.mlir --engine both 2>&1 | FileCheck %s --check-prefix=CONST
// The same seed gives the same data: two runs write the same outputs.
// RUN: spyre-run %S/../../kernels/constant_address_views.mlir --seed 5 --out %t.a.npz
// RUN: spyre-run %S/../../kernels/constant_address_views.mlir --seed 5 --out %t.b.npz
// RUN: cmp %t.a.npz %t.b.npz
// A size argument still needs a value; the pointers beside it do not.
// RUN: not spyre-run %S/../../kernels/dynamic_rows_loop.mlir 2>&1 | FileCheck %s --check-prefix=SIZE
//
// Hostile addresses end in an error on the view's line before anything is
// allocated, on every engine: beyond the architecture's 128 GiB of HBM,
// and beyond byte 2^62 (the interpreter's own check, met by the discovery).
// RUN: for e in interp emu both; do \
// RUN:   sed 's/ADDR/1099511627776/;s/SIZE/4/;s/LAST/3/' %s > %t.far.mlir; \
// RUN:   not spyre-run %t.far.mlir --engine $e 2>&1 | FileCheck %s --check-prefix=FAR || exit 1; \
// RUN:   sed 's/ADDR/4611686018427387904/;s/SIZE/4/;s/LAST/3/' %s > %t.huge.mlir; \
// RUN:   not spyre-run %t.huge.mlir --engine $e 2>&1 | FileCheck %s --check-prefix=HUGE || exit 1; \
// RUN: done
// A view too large to fill (2^30 elements, 2 GiB, inside HBM) is bound
// and left unfilled, with a warning on its line; the run goes on.
// RUN: sed 's/ADDR/0/;s/SIZE/16777216/;s/LAST/16777215/' %s > %t.big.mlir
// RUN: spyre-run %t.big.mlir --engine both 2>&1 | FileCheck %s --check-prefix=BIG

// AUTO: pointer_row_offsets.mlir:11:3: note: argument %x_ptr has no value and is the base address of memory views: it gets the automatic address 16777216 (an element index: byte 33554432 of its f16 views); --arg x_ptr=N gives another
// AUTO: note: argument %y_ptr has no value and is the base address of memory views: it gets the automatic address 33554432 (an element index: byte 67108864 of its f16 views)
// AUTO: note: the kernel addresses memory no input holds: 2 regions filled with random data from seed 0: hbm_0x2000100_f16 (bytes 33554688 to 33555200), hbm_0x4000000_f16 (bytes 67108864 to 67109376)
// AUTO: pointer_row_offsets: {{.*}}outputs equal the interpreter's
// GIVEN-NOT: automatic address
// GIVEN: note: the kernel addresses memory no input holds: 2 regions filled with random data from seed 0: hbm_0x100_f16 (bytes 256 to 768), hbm_0x2000_f16 (bytes 8192 to 8704)
// GIVEN: pointer_row_offsets: {{.*}}outputs equal the interpreter's
// CONST: note: the kernel addresses memory no input holds: 3 regions filled with random data from seed 0: hbm_0x1000_f32 (bytes 4096 to 5120), hbm_0x2000_f16 (bytes 8192 to 8704), hbm_0x4000_f16 (bytes 16384 to 16896)
// CONST-NOT: no input initialised
// CONST: constant_address_views: {{.*}}outputs equal the interpreter's
// SIZE: note: argument %x_ptr has no value and is the base address of memory views: it gets the automatic address 16777216
// SIZE: error: no value given for argument %n
// FAR: .mlir:[[@LINE+12]]:8: error: this memory view reaches byte 2199023256064, beyond the 137438953472 bytes of HBM the architecture has; the run gives it no automatic input
// HUGE: .mlir:[[@LINE+11]]:8: error: the memory view's addresses overflow
// BIG: .mlir:[[@LINE+10]]:8: warning: the memory this view reaches (bytes 0 to 2147483648) is more than the 67108864 bytes the automatic inputs fill: it is left unfilled and reads as zero; give the kernel a record or inputs
// BIG: hostile_address: {{.*}}outputs equal the interpreter's

#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + LAST >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @hostile_address() attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %at = arith.constant ADDR : index
  %out = arith.constant 2147483648 : index
  %v = ktdp.construct_memory_view %at, sizes: [SIZE, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<SIZEx64xf16>
  %o = ktdp.construct_memory_view %out, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #blk, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %a = ktdp.construct_access_tile %v[%c0, %c0] {access_tile_set = #blk, access_tile_order = #id2}
      : memref<SIZEx64xf16> -> !ktdp.access_tile<4x64xindex>
  %b = ktdp.construct_access_tile %o[%c0, %c0] {access_tile_set = #blk, access_tile_order = #id2}
      : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %t = ktdp.load %a : <4x64xindex> -> tensor<4x64xf16>
  ktdp.store %t, %b : tensor<4x64xf16>, <4x64xindex>
  return
}
