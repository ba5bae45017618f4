#!/usr/bin/env bash
# Usage: bisect.sh SPYRE_RUN KERNELS_DIR [CORPUS_DIR]
# Every snapshot of every kernel runs (spyre-run --bisect): the IR after
# each pass on the stage executor, the SpyreCode on the emulator, each
# judged against the KTIR's outputs by the numerics verdict (exact, within
# rounding of the interpreter's f64 shadow, or WRONG; docs/numerics.md).
# A kernel passes when every snapshot runs and none is WRONG, with no
# per-kernel tolerance. For the kernels listed below, the pass named must
# be the first whose snapshot is within rounding but not exact ("the
# first pass that changes the last bits"): a pass that reorders a floating-point reduction
# (per-lane partials of a streamed row, a matmul's accumulation in
# vectors, a K loop's accumulator) changes the last bits legitimately
# (docs/stage-execution.md says which and why). Every other kernel must be
# exact at every snapshot, and no interpreter output may lie outside its
# own bound (a bug in the bound model). Samples run with seed 0 and their
# "// RUN-ARGS:" scalars, corpus kernels on their records. Prints one line
# per kernel and "N passed, N failed".
set -u
run=$1; kernels=$2; corpus=${3:-}
declare -A REORDERS=(
  # per-lane partials of a streamed row's sum (then folded lane by lane)
  [softmax]=stream-row-passes
  [softmax_odd_f32]=stream-row-passes
  [multi_output_stats]=stream-row-passes
  [ktir__softmax_wide]=stream-row-passes
  [helper_call_rmsnorm]=stream-row-passes
  [temperature_softmax_sampler]=stream-row-passes
  [fused_add_rmsnorm_weight_widened_before_loop]=stream-row-passes
  [column_sum_f32]=chunk-reductions
  [layernorm_loops]=chunk-reductions
  [loop_then_reload]=chunk-reductions
  [rank3_mid_reduce]=chunk-reductions
  [rmsnorm_loops]=chunk-reductions
  # a row that ends mid-stick, its sum folded per lane (the last stick padded)
  [vocab_shard_sumexp_llama3]=chunk-reductions
  # column sums folded row after row, lane by lane (a variance's two passes)
  [var_mean_tokens_llama3]=chunk-reductions
  # a reduction of a held tile, or an f32 matmul, computed in vectors (a
  # half-precision matmul sums in f32 and rounds once, as the interpreter:
  # exact, docs/numerics.md "Half-precision matmuls")
  [div_row_sum_f32]=vectorize-held-tiles
  [matmul_odd_f32]=vectorize-held-tiles
  # `acc + (A @ B into zeros)` folded into the matmul's f32 accumulator:
  # the sum continues from acc instead of adding the chunk's own sum
  [mta_smollm2_vproj_tokens_cols]=normalize-matmuls
  [rms_norm_i32_tokens]=stream-row-passes
  # a linalg.generic's running f16 sum becomes a linalg.reduce (pairwise,
  # ktir-cpu's order): the reordering the stick lanes make anyway, named
  # where the reduction becomes one the backend streams
  [row_sum_f16_4096]=normalize-tensor-ops
  [softmax_generic_rows]=normalize-tensor-ops
  [rmsnorm_generic_f32_acc]=normalize-tensor-ops
  [rms_stat_f32_stored]=normalize-tensor-ops
  [cross_entropy_vocab_f32]=normalize-tensor-ops
  [softmax_denominator_given_max]=normalize-tensor-ops
  [rmsnorm_with_rstd]=normalize-tensor-ops
  # attention scores at prefill (Q @ K^T, K stored keys x head_dim): rows
  # of half a stick, A and C by rows, dot products as below
  [bmtb_llama1b_scores_prefill]=vectorize-held-tiles
  [bmtb_smollm2_scores_prefill]=vectorize-held-tiles
  # B stored transposed: dot products over its rows, summed in lanes and
  # reduced as a tree (pipeline/utils/DotMatmul.cpp); half-precision ones
  # too (their f32 lanes, then the tree: not the interpreter's k order), and
  # bf16 into an f32 accumulator (the interpreter sums it in f32 since
  # f32acc, in k order)
  [bmtb_llama1b_scores_decode]=vectorize-held-tiles
  [mtb_smollm2_kproj_prefill]=vectorize-held-tiles
  [multi_kernel_mlp_decode]=vectorize-held-tiles
  [mtb_llama3_8b_qproj_decode]=vectorize-held-tiles
  [mtb_llama1b_qproj_decode]=vectorize-held-tiles
  [mtb_smollm2_down_decode_locs]=vectorize-held-tiles
  [mtb_smollm2_qproj_prefill32]=vectorize-held-tiles
  [gqa_scores_llama3_8b_decode]=vectorize-held-tiles
  [mtb_llama3_8b_qproj_whole_decode]=vectorize-held-tiles
)
passed=0; failed=0
check() { # name, spyre-run arguments...
  local name=$1; shift
  local want=${REORDERS[$name]:-}
  out=$("$run" "$@" --bisect 2>&1); status=$?
  last=${out##*$'\n'}
  if grep -q 'does not run' <<< "$out"; then
    echo "FAIL $name: a snapshot does not run:"; grep -m3 'does not run\|error' <<< "$out"
    failed=$((failed + 1))
  elif grep -q 'a bug in the bound' <<< "$out"; then
    echo "FAIL $name: the interpreter lies outside its own bound:"
    grep -m2 'a bug in the bound' <<< "$out"
    failed=$((failed + 1))
  elif [[ $status -eq 0 && $last == *"every snapshot agrees"* &&
          ( ( -z $want && $last != *"changes their last bits"* ) ||
            ( -n $want && $last == *"changes their last bits: $want" ) ) ]]; then
    echo "PASS $name: $last"; passed=$((passed + 1))
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
