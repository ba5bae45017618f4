// spyre-run runs a kernel on the interpreter and writes a JSON report.
// RUN: spyre-run %s --seed 1 --report %t.json | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t.json
// Plain use: inputs and outputs as .npy files, scalar arguments with --arg.
// RUN: spyre-run %s --seed 7 --output x=%t.x.npy --output y=%t.y.npy
// RUN: spyre-run %s --input x=%t.x.npy --input y=%t.y.npy --output y=%t.y2.npy
// RUN: cmp %t.y.npy %t.y2.npy
// RUN: spyre-run %s --seed 1 --engine interp --out %t.npz
// Repeated runs of one parse (as ktir-cpu's harness times a kernel).
// RUN: spyre-run %s --seed 1 --repeat 3 --report %t.rep.json | FileCheck %s --check-prefix=REPEAT
// RUN: FileCheck %s --input-file=%t.rep.json --check-prefix=REPEATJSON
// RUN: not spyre-run %s --engine warp 2>&1 | FileCheck %s --check-prefix=ENGINE
// Without --seed (and without a record) the arrays are seed 0's
// (docs/inputs.md).
// RUN: spyre-run %s --output y=%t.auto.npy
// RUN: spyre-run %s --seed 0 --output y=%t.seed0.npy
// RUN: cmp %t.auto.npy %t.seed0.npy
// The architecture: a preset, or a file whose errors point at their line.
// RUN: spyre-run %s --seed 1 --arch spyre-4core | FileCheck %s --check-prefix=SUMMARY
// RUN: printf 'format_version = 2\nname = "x"\n[chip]\ncores = "many"\n' > %t.toml
// RUN: not spyre-run %s --seed 1 --arch %t.toml 2>&1 | FileCheck %s --check-prefix=ARCH

// SUMMARY: scale: {{.*}} cycles ({{.*}} us), bottleneck memory, 2 cores
// CHECK: "bottleneck": "memory"
// CHECK: "kernel_cycles":
// CHECK: "kernel_time_us":
// CHECK: "per_core": [
// CHECK: "comm_cycles": 0
// CHECK: "compute_cycles": 1
// CHECK: "core": 0
// CHECK: "memory_cycles":
// CHECK: "peak_lx_bytes": 256
// CHECK: "wall_s":
// ENGINE: unknown engine 'warp' (available: interp, emu, both)
// REPEAT: scale: {{.*}} executed in {{[0-9.]+}} ms, then {{[0-9.]+}} ms (median of 3 more runs)
// REPEATJSON: "wall_s": {{[0-9.e-]+}},
// REPEATJSON-NEXT: "wall_s_repeat_median": {{[0-9.e-]+}},
// REPEATJSON-NEXT: "wall_s_repeats": [
// ARCH: .toml:4:9: error: 'chip.cores' must be an integer

#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
// y[i, :] = 2 * x[i, :], one row per core.
func.func @scale(%x: index, %y: index) attributes {grid = [2]} {
  %id = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %vx = ktdp.construct_memory_view %x, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %vy = ktdp.construct_memory_view %y, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %tx = ktdp.construct_access_tile %vx[%id, %c0] {access_tile_set = #row, access_tile_order = #id}
      : memref<2x64xf16> -> !ktdp.access_tile<1x64xindex>
  %ty = ktdp.construct_access_tile %vy[%id, %c0] {access_tile_set = #row, access_tile_order = #id}
      : memref<2x64xf16> -> !ktdp.access_tile<1x64xindex>
  %a = ktdp.load %tx : <1x64xindex> -> tensor<1x64xf16>
  %b = arith.addf %a, %a : tensor<1x64xf16>
  ktdp.store %b, %ty : tensor<1x64xf16>, <1x64xindex>
  return
}
