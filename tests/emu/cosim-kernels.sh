#!/usr/bin/env bash
# Usage: cosim-kernels.sh KERNELS.jsonl
# Co-simulation of the kernels of tests/kernels, read from the lines
# spyre-batch wrote for batch.kernels (its fixture): the same compile, the
# same seeded inputs (seed 0, the kernel's RUN-ARGS) and the same numerics
# verdict as `spyre-run K --engine both` (cosim.sh, which co-simulates the
# samples and the corpus records), each kernel in a worker forked from one
# process instead of a process of its own. Every kernel outside not-yet/
# must come out exact or within rounding of the interpreter's f64 shadow
# (no per-kernel tolerance); its compiled program must hold no more tile
# bytes than the compute engine's capacity (issue 15: `held_tile_bytes`
# appears only when it does); and the interpreter must lie within its own
# error bound (`reference_outside`, else the bound model is wrong).
# Prints one line per kernel and "N passed, N failed".
set -u
jsonl=$1
[[ -s $jsonl ]] || { echo "FAIL: no spyre-batch output at $jsonl"; exit 1; }
passed=0; failed=0
# field NAME: the value of the string or number field NAME of $line, in
# $v (no subshell: a fork costs more than the line's checks).
field() {
  local re="\"$1\":(\"([^\"]*)\"|([^,}]*))"
  v=; [[ $line =~ $re ]] && v="${BASH_REMATCH[2]}${BASH_REMATCH[3]}"
}
while IFS= read -r line; do
  field file; file=$v
  [[ $file == */not-yet/* ]] && continue
  field function; name="${file##*/}"; name="${name%.mlir}@$v"
  field verdict; verdict=$v
  if [[ $verdict != exact && $verdict != within-rounding ]]; then
    field first_error; why=$v; field judged
    echo "FAIL $name: $verdict $why$v"
    failed=$((failed + 1))
  elif [[ $line == *'"held_tile_bytes"'* ]]; then
    field held_tile_bytes
    echo "FAIL $name: the compute engine holds $v bytes of tiles whole, more than its capacity"
    failed=$((failed + 1))
  elif [[ $line == *'"reference_outside"'* ]]; then
    field reference_outside
    echo "FAIL $name: the interpreter lies outside its own error bound at $v elements"
    failed=$((failed + 1))
  else
    echo "PASS $name: $verdict"
    passed=$((passed + 1))
  fi
done < "$jsonl"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 && $passed -gt 0 ]]
