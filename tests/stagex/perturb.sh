#!/usr/bin/env bash
# Usage: perturb.sh SPYRE_RUN SAMPLES_DIR KERNELS_DIR
# The bisect finds the pass that broke a kernel: with the testing option
# --perturb-after=PASS (one op's meaning changed right after PASS, as a
# buggy pass would: the first floating-point subtraction's operands
# swapped, or, in a kernel without one, its last store to device memory
# removed), `spyre-run --bisect` must exit 1 and name PASS as the first
# pass whose output differs. Several passes of every stage, on kernels
# with and without a subtraction; softmax with its co-simulation bound
# (--max-ulps 4: the bound that lets its reordered row sums agree must not
# hide a broken pass). Prints one line per case and "N passed, N failed".
set -u
run=$1; samples=$2; kernels=$3
passed=0; failed=0
check() { # kernel file, pass, spyre-run arguments...
  local file=$1 pass=$2 name
  shift 2
  name="$(basename "$file" .mlir) after $pass${1:+ ($*)}"
  out=$("$run" "$file" --seed 0 --bisect --perturb-after="$pass" "$@" 2>&1); status=$?
  last=${out##*$'\n'}
  if [[ $status -eq 1 && $last == *"first pass whose output differs: $pass ("* ]] &&
     grep -q "testing: --perturb-after $pass " <<< "$out"; then
    echo "PASS $name: $(grep -m1 'testing: --perturb-after' <<< "$out" | sed 's/.*--perturb-after [^ ]* //')"
    passed=$((passed + 1))
  else
    echo "FAIL $name (status $status):"; echo "$out" | tail -4
    failed=$((failed + 1))
  fi
}
# A subtraction swapped (softmax: before its reordered row sums, and
# after them within its bound).
for p in normalize-grid extract-compute-groups build-pipelines route-transfers tile-to-sticks; do
  check "$samples/softmax.mlir" $p
done
for p in stream-row-passes double-buffer lower-to-dataflow lower-to-spyrecode; do
  check "$samples/softmax.mlir" $p --max-ulps 4
done
for p in nest-vector-pipelines double-buffer place-tiles assign-addresses lower-to-dataflow lower-to-spyrecode; do
  check "$samples/device_sub.mlir" $p
done
for p in stage-intermediates hoist-invariant-transfers vectorize-held-tiles; do
  check "$kernels/rope_table_before_loop.mlir" $p
done
# No subtraction: the last store removed.
for p in extract-compute-groups route-transfers tile-to-sticks lower-to-dataflow lower-to-spyrecode; do
  check "$samples/elementwise_add.mlir" $p
done
for p in build-pipelines double-buffer assign-addresses; do
  check "$samples/gather_rows.mlir" $p
done
for p in plan-ring-exchanges lower-ring-exchanges lower-to-dataflow; do
  check "$kernels/ring_sum_3tiles.mlir" $p
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 && $passed -gt 0 ]]
