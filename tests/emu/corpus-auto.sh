#!/usr/bin/env bash
# Usage: corpus-auto.sh SPYRE_RUN CORPUS_DIR
# Every corpus kernel runs WITHOUT its record (docs/inputs.md): pointer
# arguments get automatic addresses, the memory the kernel addresses is found
# by a discovery run and filled from seed 0, and `spyre-run K --engine both`
# must agree: every output exact or within rounding of the interpreter's
# shadow (docs/numerics.md; no per-kernel tolerance). The notes must say which arguments
# got automatic addresses. Size arguments are the user's: SIZES gives them
# (the values the corpus records use), and the kernel without them must
# fail naming the argument. The paged-tensor copies are refused by the
# interpreter (their 16 MiB tiles, docs/limits.md): `both` must fail with
# that reason and `--engine emu` alone must run.
# Prints one line per kernel and "N passed, N failed".
set -u
run=$1; corpus=$2
declare -A SIZES=(
  [ktir__ring_reduce_inner_loop]="n_iters=3"
  [rfc__distributed-view-copy-dynamic]="s0_in=16"
  [rfc__distributed-view-copy-rowmerge-dynamic]="s0_in=16"
)
# Kernels whose pointers arithmetic or dynamic shapes leave to automatic
# addresses: the note must name each.
declare -A AUTO=(
  [ktir__ring_reduce]="in_ptr" [ktir__ring_reduce_inner_loop]="in_ptr"
  [ktir__ffn_swiglu_4core]="w_gate_ptr w_up_ptr w_down_ptr"
)
REFUSED='the access tile.s bounding box spans [0-9]+ points, more than the [0-9]+-byte scratchpad'
passed=0; failed=0
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
shopt -s nullglob
for k in "$corpus"/ktir/*.mlir "$corpus"/ktir/*.ktir; do
  n=$(basename "$k"); n=${n%.*}
  args=()
  for s in ${SIZES[$n]:-}; do args+=(--arg "$s"); done
  if [[ -n ${SIZES[$n]:-} ]]; then
    first=${SIZES[$n]%%=*}
    out=$("$run" "$k" --engine both 2>&1) && { fail "$n" "ran without its size argument"; continue; }
    grep -q "error: no value given for argument %$first" <<< "$out" ||
      { fail "$n" "without its size: $(grep -m1 error: <<< "$out")"; continue; }
  fi
  if [[ $n == rfc__paged-tensor-* ]]; then
    out=$("$run" "$k" --engine both 2>&1) && { fail "$n" "the interpreter ran a tile it refuses"; continue; }
    grep -Eq "$REFUSED" <<< "$out" || { fail "$n" "both: $(grep -m1 error: <<< "$out")"; continue; }
    out=$("$run" "$k" --engine emu 2>&1) || { fail "$n" "emu: $(tail -2 <<< "$out")"; continue; }
    echo "PASS $n (refused by the interpreter; the emulator ran): ${out##*$'\n'}"
    passed=$((passed + 1)); continue
  fi
  if ! out=$("$run" "$k" --engine both "${args[@]}" 2>&1); then
    fail "$n" "$(grep -m2 -E 'error|WRONG' <<< "$out" || tail -2 <<< "$out")"; continue
  fi
  missing=""
  for a in ${AUTO[$n]:-}; do
    grep -q "note: argument %$a has no value and is the base address of memory views: it gets the automatic address" <<< "$out" || missing+=" $a"
  done
  [[ -n $missing ]] && { fail "$n" "no automatic address note for$missing"; continue; }
  grep -q "no input initialised" <<< "$out" && { fail "$n" "read HBM no input holds"; continue; }
  grep -q "outside its own error bound" <<< "$out" && { fail "$n" "$(grep -m1 'outside its own' <<< "$out")"; continue; }
  echo "PASS $n${args[*]:+ (${args[*]})}: ${out##*$'\n'}"
  passed=$((passed + 1))
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 && $passed -gt 0 ]]
