#!/usr/bin/env bash
# Usage: bisect.sh SPYRE_RUN KERNELS_DIR [CORPUS_DIR]
# Every snapshot of every kernel runs (spyre-run --bisect): the IR after
# each pass on the stage executor, the SpyreCode on the emulator, each
# held against the KTIR's outputs. A kernel passes when every snapshot runs
# and agrees: bit for bit, or, for a kernel with a co-simulation bound
# (the BOUND table below; a tests/kernels kernel's
# "// MAX-ULPS: N"), within that bound (--max-ulps), and then the first
# pass that changes the last bits must be the one listed below for it: a
# pass that reorders a floating-point reduction (per-lane partials of a
# streamed row, a matmul's accumulation in vectors, a K loop's
# accumulator), which changes the last bits legitimately
# (docs/stage-execution.md says which and why; the numerics verdict, when
# it lands, judges those). Every other kernel must agree bit for bit at
# every snapshot. Samples run with seed 0 and their "// RUN-ARGS:"
# scalars, corpus kernels on their records. Prints one line per kernel and
# "N passed, N failed".
set -u
run=$1; kernels=$2; corpus=${3:-}
# The stage executor's compare is still the ulp rule (driver/StageJudge.h;
# --engine both moved to the numerics verdict, docs/numerics.md), so the
# bisect keeps the bounds the co-simulation had for the kernels whose
# float reductions a pass reorders, until StageJudge judges by the verdict.
declare -A BOUND=(
  [matmul_kloop]=1            # f16 dot products accumulated per k-chunk
  [rmsnorm_ring]=1            # sum of squares: per-lane partials, then the ring
  [softmax]=4                 # row sum: per-lane partials over 4 sticks
  [ktir__ffn_swiglu]=8        # f16 matmuls: accumulation order of the k loop
  [ktir__ffn_swiglu_4core]=8  # the same on four cores
  [ktir__softmax_wide]=256    # f16 row sums of thousands of terms
  [sdsc__sdpa_pv_ksplit]=4    # k split across cores, partials summed over the ring
)
declare -A REORDERS=(
  # per-lane partials of a streamed row's sum (then folded lane by lane)
  [softmax]=stream-row-passes
  [rmsnorm_ring]=stream-row-passes
  [softmax_odd_f32]=stream-row-passes
  [ktir__softmax_wide]=stream-row-passes
  [helper_call_rmsnorm]=stream-row-passes
  [column_sum_f32]=chunk-reductions
  [layernorm_loops]=chunk-reductions
  [loop_then_reload]=chunk-reductions
  [rank3_mid_reduce]=chunk-reductions
  [rmsnorm_loops]=chunk-reductions
  # a matmul or a reduction of a held tile computed in vectors
  [div_row_sum_f32]=vectorize-held-tiles
  [ffn_relu_chain]=vectorize-held-tiles
  [ksplit_matmul_ring]=vectorize-held-tiles
  [matmul_odd_f32]=vectorize-held-tiles
  [multi_output_stats]=vectorize-held-tiles
  [reglu_shared_x]=vectorize-held-tiles
  [residual_mlp]=vectorize-held-tiles
  [ktir__ffn_swiglu]=vectorize-held-tiles
  [ktir__ffn_swiglu_4core]=vectorize-held-tiles
  [sdsc__sdpa_pv_ksplit]=vectorize-held-tiles
  # issue 23's generated projections: f16 dot products over K in lanes
  [bmtb_llama1b_scores_decode]=vectorize-held-tiles
  [mtb_smollm2_kproj_prefill]=vectorize-held-tiles
  # `acc + (A @ B into zeros)` folded into the matmul's f32 accumulator:
  # the sum continues from acc instead of adding the chunk's own sum
  [mta_smollm2_vproj_tokens_cols]=normalize-matmuls
  [multi_kernel_mlp_decode]=vectorize-held-tiles
  [rms_norm_i32_tokens]=stream-row-passes
  # attention scores at prefill: rows of half a stick, A and C by rows
  [bmtb_llama1b_scores_prefill]=vectorize-held-tiles
  [bmtb_smollm2_scores_prefill]=vectorize-held-tiles
)
passed=0; failed=0
check() { # name, spyre-run arguments...
  local name=$1; shift
  local want=${REORDERS[$name]:-} bound=${BOUND[$name]:-}
  local extra=()
  [[ -n $bound ]] && extra=(--max-ulps "$bound")
  out=$("$run" "$@" --bisect "${extra[@]}" 2>&1); status=$?
  last=${out##*$'\n'}
  if grep -q 'does not run' <<< "$out"; then
    echo "FAIL $name: a snapshot does not run:"; grep -m3 'does not run\|error' <<< "$out"
    failed=$((failed + 1))
  elif [[ -n $want && -z $bound ]]; then
    echo "FAIL $name: listed as reordered by $want but has no co-simulation bound"
    failed=$((failed + 1))
  elif [[ $status -eq 0 && $last == *"every snapshot agrees"* &&
          ( ( -z $want && $last != *"changes their last bits"* ) ||
            ( -n $want && $last == *"changes their last bits: $want" ) ) ]]; then
    echo "PASS $name${bound:+ (within $bound ulps)}: $last"; passed=$((passed + 1))
  else
    echo "FAIL $name (status $status${want:+, expected $want to change the last bits}):"
    echo "$out" | tail -6
    failed=$((failed + 1))
  fi
}
for f in "$kernels"/*.mlir; do
  [[ -e $f ]] || continue
  n=$(basename "$f" .mlir)
  read -r -a runargs <<< "$(sed -n 's|^// RUN-ARGS: *||p' "$f" | head -1)"
  b=$(sed -n 's|^// MAX-ULPS: *\([0-9]*\).*|\1|p' "$f" | head -1)
  [[ -n $b ]] && BOUND[$n]=$b
  check "$n" "$f" --seed 0 "${runargs[@]}"
done
if [[ -n $corpus ]]; then
  for rec in "$corpus"/expected/*.json; do
    n=$(basename "$rec" .json)
    k=$(ls "$corpus"/ktir/"$n".* 2>/dev/null | head -1)
    [[ -z "$k" ]] && continue
    check "$n" "$k" --record "$rec"
  done
fi
echo "$passed passed, $failed failed"
[[ $failed -eq 0 && $passed -gt 0 ]]
