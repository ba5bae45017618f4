#!/usr/bin/env bash
# Usage: cosim.sh SPYRE_RUN SAMPLES_DIR CORPUS_DIR
# Co-simulation: every sample (seed 0) and every corpus record runs on the
# interpreter and on the emulator (spyre-run --engine both). Kernels whose
# compiled program keeps the order of operations must agree bit for bit;
# the ones listed in BOUND, whose schedule reorders a floating-point
# reduction, must agree within the bound given (steps of the output dtype at
# the output's largest magnitude; docs/emulator.md says why for each; a
# kernel of tests/kernels gives its bound in a "// MAX-ULPS: N" comment and
# its scalar arguments in a "// RUN-ARGS: --arg NAME=VALUE ..." comment;
# every kernel of a module of several runs, as NAME@KERNEL).
# A kernel whose compiled program holds more tile bytes than the compute
# engine's capacity (spyre-run says so) fails too.
# Prints one line per kernel and "N passed, N failed".
set -u
run=$1; samples=$2; corpus=$3
declare -A BOUND=(
  [matmul_kloop]=1            # f16 dot products accumulated per k-chunk
  [rmsnorm_ring]=1            # sum of squares: per-lane partials, then the ring
  [softmax]=4                 # row sum: per-lane partials over 4 sticks
  [ktir__ffn_swiglu]=8        # f16 matmuls: accumulation order of the k loop
  [ktir__ffn_swiglu_4core]=8  # the same on four cores
  [ktir__softmax_wide]=256    # f16 row sums of thousands of terms: per-lane partials vs one running sum
  [sdsc__sdpa_pv_ksplit]=4    # k split across cores, partials summed over the ring
  [rmsnorm_loops]=2           # tests/kernels: sum of squares over column chunks, per-lane partials
  [layernorm_loops]=1         # tests/kernels: row sums over column chunks, per-lane partials
  [matmul_f32acc_k3]=1        # tests/kernels: as matmul_kloop
  [ffn_relu_chain]=8          # tests/kernels: as ktir__ffn_swiglu
)
passed=0; failed=0
check() { # name, spyre-run arguments...
  local name=$1; shift
  local extra=()
  [[ -n "${BOUND[$name]:-}" ]] && extra=(--max-ulps "${BOUND[$name]}")
  if ! out=$("$run" "$@" --engine both "${extra[@]}" 2>&1); then
    echo "FAIL $name:"; echo "$out" | tail -4; failed=$((failed + 1))
  elif [[ $out == *"bytes of tiles whole, more than"* ]]; then
    # The compiled program's tile registers exceed the compute engine's
    # capacity (issue 15: no kernel may).
    echo "FAIL $name: $(grep -m1 'bytes of tiles whole' <<< "$out")"; failed=$((failed + 1))
  else
    echo "PASS $name${extra[*]:+ (bound ${BOUND[$name]} ulps)}: ${out##*$'\n'}"; passed=$((passed + 1))
  fi
}
for f in "$samples"/*.mlir; do
  n=$(basename "$f" .mlir)
  # A kernel may name its scalar arguments ("// RUN-ARGS: --arg n=13") and
  # the bound of a reordered reduction ("// MAX-ULPS: 2") in a comment.
  read -r -a runargs <<< "$(sed -n 's|^// RUN-ARGS: *||p' "$f" | head -1)"
  ulps=$(sed -n 's|^// MAX-ULPS: *||p' "$f" | head -1)
  [[ -n $ulps ]] && BOUND[$n]=$ulps
  # A module of several kernels: each one (spyre-run --list-kernels).
  mapfile -t kernels < <("$run" "$f" --list-kernels 2>/dev/null)
  if [[ ${#kernels[@]} -gt 1 ]]; then
    for k in "${kernels[@]}"; do
      [[ -n $ulps ]] && BOUND[$n@$k]=$ulps
      check "$n@$k" "$f" --function "$k" --seed 0 "${runargs[@]}"
    done
    continue
  fi
  check "$n" "$f" --seed 0 "${runargs[@]}"
done
for rec in "$corpus"/expected/*.json; do
  n=$(basename "$rec" .json)
  k=$(ls "$corpus"/ktir/"$n".* 2>/dev/null | head -1)
  [[ -z "$k" ]] && continue
  check "$n" "$k" --record "$rec"
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 && $passed -gt 0 ]]
