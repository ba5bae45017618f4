// spyre-compile compiles the first kernel of a module of several, saying so
// and how to pick another, and --function picks another (the remark's
// advice works in both tools); a name that is no kernel is refused.
// RUN: spyre-compile %S/../../kernels/multi_kernel_mlp_decode.mlir -o %t.first.spyb 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: spyre-objdump %t.first.spyb | FileCheck %s --check-prefix=GATE
// RUN: spyre-compile %S/../../kernels/multi_kernel_mlp_decode.mlir --function silu_mul -o %t.silu.spyb 2>&1 | count 0
// RUN: spyre-objdump %t.silu.spyb | FileCheck %s --check-prefix=SILU
// RUN: not spyre-compile %S/../../kernels/multi_kernel_mlp_decode.mlir --function nope -o %t.none.spyb 2>&1 | FileCheck %s --check-prefix=NONE

// FIRST: remark: the module holds 3 kernels (@gate_proj, @up_proj, @silu_mul); compiling @gate_proj (pick another in the Kernel box or with --function)
// GATE: kernel "gate_proj"
// SILU: kernel "silu_mul"
// NONE: error: no kernel named @nope; the module's kernels: @gate_proj @up_proj @silu_mul
