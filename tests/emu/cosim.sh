#!/usr/bin/env bash
# Usage: cosim.sh SPYRE_RUN SAMPLES_DIR CORPUS_DIR
# Co-simulation: every sample (seed 0) and every corpus record runs on the
# interpreter and on the emulator (spyre-run --engine both). Every output
# must come out exact or within rounding of the interpreter's f64 shadow, by
# the error bound the computation gives (docs/numerics.md): no per-kernel
# tolerance. The interpreter itself must lie within its own bound (else the
# bound model is wrong: spyre-run warns). A kernel of tests/kernels gives
# its scalar arguments in a "// RUN-ARGS: --arg NAME=VALUE ..." comment;
# every kernel of a module of several runs, as NAME@KERNEL.
# A kernel whose compiled program holds more tile bytes than the compute
# engine's capacity (spyre-run says so) fails too.
# Prints one line per kernel (its verdicts) and "N passed, N failed".
set -u
run=$1; samples=$2; corpus=$3
passed=0; failed=0
check() { # name, spyre-run arguments...
  local name=$1; shift
  if ! out=$("$run" "$@" --engine both 2>&1); then
    echo "FAIL $name:"; echo "$out" | grep -E 'WRONG|error' | head -4
    [[ $out == *WRONG* ]] || echo "$out" | tail -4
    failed=$((failed + 1))
  elif [[ $out == *"bytes of tiles whole, more than"* ]]; then
    # The compiled program's tile registers exceed the compute engine's
    # capacity (issue 15: no kernel may).
    echo "FAIL $name: $(grep -m1 'bytes of tiles whole' <<< "$out")"; failed=$((failed + 1))
  elif [[ $out == *"outside its own error bound"* ]]; then
    echo "FAIL $name: $(grep -m1 'outside its own error bound' <<< "$out")"; failed=$((failed + 1))
  elif ! grep -qE '^  .*: (exact|within rounding)' <<< "$out"; then
    echo "FAIL $name: no verdict"; echo "$out" | tail -3; failed=$((failed + 1))
  else
    echo "PASS $name: $(grep -E '^  .*: (exact|within rounding)' <<< "$out" | sed 's/^  //' | paste -sd'|' | cut -c1-200)"
    passed=$((passed + 1))
  fi
}
for f in "$samples"/*.mlir; do
  n=$(basename "$f" .mlir)
  # A kernel may name its scalar arguments ("// RUN-ARGS: --arg n=13").
  read -r -a runargs <<< "$(sed -n 's|^// RUN-ARGS: *||p' "$f" | head -1)"
  # A module of several kernels: each one (spyre-run --list-kernels).
  mapfile -t kernels < <("$run" "$f" --list-kernels 2>/dev/null)
  if [[ ${#kernels[@]} -gt 1 ]]; then
    for k in "${kernels[@]}"; do
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
