// The unit programs become SpyreCode: flat instruction arrays over
// numbered registers and channels, loops as compare-and-branch, each DMA
// one instruction with a descriptor of its whole tile, every instruction
// with its KTIR line and DataflowIR op as a comment. Run alone, the pass
// checks that the module lowers (the listing comes from
// --ktir-to-spyrecode); what it cannot take is an error on the op.
// RUN: spyre-opt %samples/softmax.mlir --ktir-to-spyrecode | FileCheck %s --check-prefix=SOFTMAX
// RUN: spyre-opt %samples/matmul_kloop.mlir --ktir-to-spyrecode | FileCheck %s --check-prefix=MATMUL
// RUN: spyre-opt %samples/rmsnorm_ring.mlir --ktir-to-spyrecode | FileCheck %s --check-prefix=RING
// RUN: not spyre-opt %samples/softmax.mlir --ktir-to-spyrecode=arch=spyre-4core 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: spyre-opt %S/Inputs/spyrecode-program.mlir --lower-to-spyrecode | FileCheck %s --check-prefix=PROGRAM
// RUN: spyre-opt %s --lower-to-spyrecode -verify-diagnostics -split-input-file
// RUN: spyre-opt %S/../../kernels/strided_rows.mlir --ktir-to-spyrecode | FileCheck %s --check-prefix=LAYOUT
// RUN: spyre-opt %S/../../kernels/relayout_gather_replicate_32to8.mlir --ktir-to-spyrecode 2>/dev/null | FileCheck %s --check-prefix=SLOTS

// A replicated piece's views are slots stacked on dimension 0
// (ir/ktdp/ReplicaSlots.h): each part after the first holds its
// coordinate_set shifted by 4096 per slot, its partition. The grid is the
// 32 cores the kernel's views name.
// SLOTS:      grid [32]
// SLOTS:      dmadesc d1 lx_to_hbm f16 tile [1024, 1, 1]
// SLOTS-NEXT:   view lx core 0 base s{{[0-9]+}} sizes [4096, 1, 1] {{.*}} type f16{{$}}
// SLOTS-NEXT:   view lx core 4 {{.*}} partition set(3, 0) { d0 + -4096 >= 0, ((d0 + -4096) * -1) + 4095 >= 0,
// SLOTS-NEXT:   view lx core 8 {{.*}} partition set(3, 0) { d0 + -8192 >= 0,

// A DMA of a tile whose set is not a box says how the tile holds it.
// LAYOUT:      dmadesc d0 hbm_to_lx f16 tile [16, 64]
// LAYOUT:        layout packed
// LAYOUT-NEXT: dmadesc d1 hbm_to_lx f16 tile [61, 64]
// LAYOUT:        layout masked
// LAYOUT-NOT:    chunk at

// The job plan: the channels the programs name, the double-buffered LX
// buffers with the KTIR line that made them, the arguments as symbols.
// SOFTMAX:      kernel "softmax"
// SOFTMAX:      grid [32]
// SOFTMAX:      channel c4 l1lu -> sfu depth 16 f16 x64 init 0
// SOFTMAX-NEXT: channel c5 sfu -> l1su depth 16 f16 x64 init 0
// SOFTMAX:      buffer b0 "%x: {{.*}}(line 53)" at 0 bytes 512 copies 2
// SOFTMAX-NEXT: buffer b1 "%y: {{.*}}(line 85)" at 1024 bytes 512 copies 2
// A tensor base symbol has its tensor's element type (f16: 2-byte elements).
// SOFTMAX:      symbol $0 "x_ptr" tensor f16 arg 0 uses [p0@0]  // base in 2-byte elements
// SOFTMAX-NEXT: symbol $1 "y_ptr" tensor f16 arg 1 uses [p4@0]  // base in 2-byte elements
// The load program: the argument read once, a DMA of a whole 1x256 tile
// per row into the copy the loop counter picks, between token wait and
// signal.
// SOFTMAX:      dmadesc d0 hbm_to_lx f16 tile [1, 256] {{.*}} sticks 4 hops 16
// SOFTMAX-NEXT:   view hbm {{.*}} sizes [128, 256] strides [256, 1]
// SOFTMAX-LABEL: program p0 mnilu instances 32
// SOFTMAX:        0: arg.index [[BASE:s[0-9]+]], $0 {{.*}}line 29: dflow.program
// SOFTMAX:        salu.index arith.remui {{.*}}line 53: arith.remui
// SOFTMAX:        wait c0
// SOFTMAX-NEXT:   dma.f16 d0 [[[BASE]], {{.*}}line 53: dflow.dma
// SOFTMAX-NEXT:   signal c1
// SOFTMAX:        brnz
// SOFTMAX:        halt
// The compute program: three passes over each row's sticks (max, sum of
// exponentials, quotient), each a loop receiving from c4; the quotient
// goes down c5.
// SOFTMAX-LABEL: program p2 sfu instances 32
// SOFTMAX:        recv.f16 x64 v{{[0-9]+}}, c4, sticks 1 {{.*}}dflow.receive
// SOFTMAX:        valu.f16 x64 arith.maximumf {{.*}}line 57: arith.maximumf
// SOFTMAX:        vreduce.f16 x64 arith.maximumf
// SOFTMAX:        valu.f16 x64 math.exp {{.*}}line 66: math.exp
// SOFTMAX:        vreduce.f16 x64 arith.addf
// SOFTMAX:        valu.f16 x64 arith.divf {{.*}}line 79: arith.divf
// SOFTMAX-NEXT:   send.f16 x64 v{{[0-9]+}}, c5, sticks 1
// SOFTMAX:        halt
// SOFTMAX-LABEL: program p4 mnisu
// SOFTMAX:        dma.f16 d1

// The K loop's accumulator lives in LX: each row of it arrives as a
// one-row tile, A's row and B a stick at a time (vectors: A[i, k] is a lane
// of A's), and the row is updated in
// place with 64-lane f32 multiply-adds (TWrite's destination is its
// source), then sent back; after the loop each row is narrowed to f16.
// MATMUL-LABEL: program p2 sfu
// MATMUL:         barrier
// MATMUL:         recv.f32 [[ROW:t[0-9]+]], c{{[0-9]+}}, sticks 2
// MATMUL-NEXT:    recv.f16 x64 [[A:v[0-9]+]], c{{[0-9]+}}, sticks 1
// MATMUL:         vextract.f16 x64 s{{[0-9]+}}, [[A]], lane 0, s{{[0-9]+}}
// MATMUL-NEXT:    recv.f16 x64 v{{[0-9]+}}, c{{[0-9]+}}, sticks 1
// MATMUL:         tread.f32 x64 v{{[0-9]+}}, [[ROW]]
// MATMUL:         valu.f32 x64 arith.mulf
// MATMUL:         twrite.f32 x64 [[ROW]], [[ROW]], v{{[0-9]+}}
// MATMUL:         send.f32 [[ROW]], c{{[0-9]+}}, sticks 2
// MATMUL:         barrier
// MATMUL:         recv.f32 x64 [[W:v[0-9]+]], c{{[0-9]+}}, sticks 2
// MATMUL-NEXT:    valu.f16 x64 arith.truncf v{{[0-9]+}}, [[W]]

// The all-reduce over the ring: its plan entry, and ring sends and receives
// to the partner cores the per-tile tables (constant tiles) name.
// RING:         ring r0 allreduce groups 2 members 4 tiles {{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]] bytes_per_step 256 steps 3 hops 3
// RING-LABEL:   program p2 sfu
// RING:           tinsert.index
// RING:           textract.index
// RING:           ringsend
// RING:           ringrecv

// REFUSED: error: the grid has 32 tiles but the target has 4 cores

// Hand-written DataflowIR (run alone, the pass prints the listing too).
// Arguments by what they become: a view's offset, a view's size.
// PROGRAM:      grid [2, 4]
// PROGRAM:      symbol $0 "x" tensor f16 arg 0 uses [p0@0]
// PROGRAM-NEXT: symbol $1 "n" dim i32 arg 1 uses [p0@1]
// PROGRAM:      view hbm core -1 base s2 sizes [s5, 64] strides [64, 1] syms [s5]
// PROGRAM-NEXT: anchor [s8, 0]
// PROGRAM-LABEL: program p0 mnilu
// PROGRAM:       arg.i32 s3, $1
// PROGRAM:       salu.index arith.index_cast s5, s3 from i32
// A 2-D grid, dimension 0 fastest: (id mod 2, id / 2).
// PROGRAM:       salu.index arith.remui s6, s0, s[[TWO:[0-9]+]]
// PROGRAM:       salu.index arith.divui s8, s0, s{{[0-9]+}}
// PROGRAM-NEXT:  dma.f16 d0 [s2, s5, s8, s4]
// A swap of loop-carried values goes through fresh registers; the loop
// tests at the bottom.
// PROGRAM-LABEL: program p1 sfu
// PROGRAM:       [[LOOP:[0-9]+]]: mov [[T1:s[0-9]+]], [[V:s[0-9]+]] {{.*}}scf.yield
// PROGRAM-NEXT:  mov [[T2:s[0-9]+]], [[U:s[0-9]+]] {{.*}}scf.yield
// PROGRAM-NEXT:  mov [[U]], [[T1]]
// PROGRAM-NEXT:  mov [[V]], [[T2]]
// PROGRAM-NEXT:  salu.index arith.addi [[IV:s[0-9]+]], [[IV]], s3
// PROGRAM-NEXT:  salu.index arith.cmpi slt [[C:s[0-9]+]], [[IV]],
// PROGRAM-NEXT:  brnz [[C]], @[[LOOP]]

// expected-error @+1 {{no dflow.program to lower: SpyreCode lowers the output of lower-to-dataflow}}
func.func @k() {
  return
}

// -----

func.func @k() attributes {grid = [1], dflow.placement = array<i64: 0>} {
  dflow.program "sfu" instances 1 {
    // Said at the use; a note at the remote value.
    // expected-note @+1 {{the value is made here}}
    %r = dflow.remote "l1lu" : index
    // expected-error @+1 {{a value the 'l1lu' unit computes is used here, but no channel brings it to this unit}}
    %s = arith.addi %r, %r : index
  }
  return
}

// -----

func.func @k(%x: index) attributes {grid = [1], dflow.placement = array<i64: 0>} {
  dflow.program "l1lu" instances 1 {
    %c2 = arith.constant 2 : index
    %a = arith.muli %x, %c2 : index
    // expected-error @+1 {{SpyreCode cannot tell which LX buffer this view's address lies in}}
    %v = dflow.lx_view[%a] : memref<2x64xf16, "lx">
  }
  return
}

// -----

func.func @k() attributes {grid = [1], dflow.placement = array<i64: 0>} {
  dflow.program "sfu" instances 1 {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{SpyreCode has no instruction for 'arith.addui_extended' in a 'sfu' program}}
    %s, %o = arith.addui_extended %c0, %c0 : index, i1
  }
  return
}
