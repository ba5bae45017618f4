#!/usr/bin/env bash
# Usage: run-samples.sh SPYRE_RUN SAMPLES_DIR
# Every sample runs on the interpreter with random inputs (seed 0) and ends
# with exit status 0. Prints one line per sample and "N passed, N failed".
set -u
run=$1; dir=$2
passed=0; failed=0
for f in "$dir"/*.mlir; do
  if out=$("$run" "$f" --seed 0 2>&1); then
    echo "PASS $(basename "$f"): ${out##*$'\n'}"; passed=$((passed + 1))
  else
    echo "FAIL $(basename "$f"):"; echo "$out" | head -5; failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 && $passed -gt 0 ]]
