#!/usr/bin/env bash
# Usage: batch-kernels.sh SPYRE_BATCH KERNELS_DIR OUT.jsonl
# spyre-batch over the whole of tests/kernels, as CI runs a model's folder:
# no internal compiler error, crash, timeout or out-of-memory (the exit
# status), every kernel outside not-yet/ agrees (its numerics verdict is
# exact or within rounding: no per-kernel tolerance) and every kernel of not-yet/ is refused on its line or compiles
# to a program that holds more than the compute engine has, as
# docs/unseen-kernels.md says.
set -u
batch=$1; kernels=$2; out=$3
"$batch" "$kernels" --jobs 2 --out "$out" || { echo "FAIL: exit status $?"; exit 1; }
bad=$(grep -v '"file":"[^"]*/not-yet/' "$out" |
      grep -v '"verdict":"exact"' | grep -v '"verdict":"within-rounding"')
[[ -z $bad ]] || { echo "FAIL: kernels that do not agree:"; echo "$bad"; exit 1; }
bad=$(grep '"file":"[^"]*/not-yet/' "$out" | grep -v '"verdict":"refused"' |
      grep -v '"held_tile_bytes"')
[[ -z $bad ]] || { echo "FAIL: not-yet kernels neither refused nor over the compute engine:"; echo "$bad"; exit 1; }
n=$(grep -c . "$out"); y=$(grep -c '/not-yet/' "$out")
[[ $n -gt 0 && $y -gt 0 ]] || { echo "FAIL: $n kernels, $y not yet"; exit 1; }
x=$(grep -c '"verdict":"exact"' "$out"); r=$(grep -c '"verdict":"within-rounding"' "$out")
echo "batch kernels: $((n - y)) agree ($x exact, $r within rounding), $y not yet, as documented (not-yet/)"
