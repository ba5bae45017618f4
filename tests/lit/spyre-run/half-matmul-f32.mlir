// A matmul of f16 or bf16 operands into an f16 or bf16 accumulator sums its
// products in f32 and rounds once, on both engines and at every snapshot
// (docs/numerics.md "Half-precision matmuls"): exact, where summing in the
// accumulator's type at every k was 11-13 ulps off at Qwen2 k_proj sizes
// (32 x 896 @ 896 x 128), bf16 about 5 %. With zeros and with a loaded
// accumulator (added after the rounding, in its type).
// RUN: spyre-run %S/../../kernels/matmul_bf16_outs_kproj_prefill.mlir --seed 0 --engine both | FileCheck %s --check-prefix=BF16
// RUN: spyre-run %S/../../kernels/matmul_f16_outs_kproj_prefill.mlir --seed 0 --engine both | FileCheck %s --check-prefix=F16
// RUN: spyre-run %S/../../kernels/matmul_bf16_acc_residual_prefill.mlir --seed 0 --engine both | FileCheck %s --check-prefix=BF16ACC
// RUN: spyre-run %S/../../kernels/matmul_f16_acc_residual_prefill.mlir --seed 0 --engine both | FileCheck %s --check-prefix=F16ACC
// RUN: spyre-run %S/../../kernels/matmul_bf16_acc_residual_prefill.mlir --seed 0 --bisect | FileCheck %s --check-prefix=BISECT
// RUN: spyre-opt %S/../../kernels/matmul_bf16_outs_kproj_prefill.mlir --pass-pipeline='builtin.module(ktir-to-dataflow{stop-after=vectorize-held-tiles})' | FileCheck %s --check-prefix=IR

// BF16: y_ptr: exact (4,096 elements)
// BF16: outputs equal the interpreter's
// F16: y_ptr: exact (4,096 elements)
// F16: outputs equal the interpreter's
// BF16ACC: y_ptr: exact (4,096 elements)
// BF16ACC: outputs equal the interpreter's
// F16ACC: y_ptr: exact (4,096 elements)
// F16ACC: outputs equal the interpreter's

// BISECT: vectorize-held-tiles exact
// BISECT: lower-to-spyrecode (emulator) exact
// BISECT: every snapshot agrees with the KTIR's outputs: exact
// BISECT-NOT: changes their last bits

// One output stick at a time: its 896 products in one f32 vector, the sum
// rounded to bf16 once and the zeros added.
// IR: sched.stage "sfu"
// IR-NOT: arith.mulf {{.*}} : vector<64xbf16>
// IR: vector.fma {{.*}} : vector<64xf32>
// IR: arith.truncf {{.*}} : vector<64xf32> to vector<64xbf16>
// IR: arith.addf {{.*}} : vector<64xbf16>
