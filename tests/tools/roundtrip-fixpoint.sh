#!/usr/bin/env bash
# Usage: roundtrip-fixpoint.sh SPYRE_OPT DIR_OR_FILE...
#
# For every .mlir/.ktir kernel: it must parse and verify; printing it and
# parsing the print again must reproduce the print exactly (custom form);
# and the same must hold for the generic op form. Prints one line per kernel
# and a closing "N passed, N failed" line; exits 1 if any kernel failed.
#
# The kernels go through spyre-opt together, as the pieces of one
# --split-input-file input (four runs in all, each piece parsed in a context
# of its own, as a file alone is): a process start costs more than parsing
# and printing a kernel. A kernel that carries locations of its own
# (spyre-opt places those on the file's lines, which it does for a whole
# file only) or holds a split marker is checked alone, and so is every
# kernel when a run of the pieces fails, to name the failing kernel and why.
set -u
opt=$1; shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0; failed=0
files=()
for arg in "$@"; do
  if [[ -d $arg ]]; then
    while IFS= read -r f; do files+=("$f"); done < <(find "$arg" -maxdepth 1 -type f \( -name '*.mlir' -o -name '*.ktir' \) | sort)
  else
    files+=("$arg")
  fi
done
if [[ ${#files[@]} -eq 0 ]]; then
  echo "no kernels found in: $*"; exit 1
fi
check() {  # check FILE -> prints the failure reason, returns 1 on failure
  local f=$1
  "$opt" "$f" > "$work/a.mlir" 2> "$work/err" || { echo "does not parse/verify: $(head -c 400 "$work/err")"; return 1; }
  "$opt" "$work/a.mlir" > "$work/b.mlir" 2> "$work/err" || { echo "printed form does not reparse: $(head -c 400 "$work/err")"; return 1; }
  cmp -s "$work/a.mlir" "$work/b.mlir" || { echo "custom form is not a fixpoint:"; diff "$work/a.mlir" "$work/b.mlir" | head -8; return 1; }
  "$opt" --mlir-print-op-generic "$f" > "$work/g1.mlir" 2> "$work/err" || { echo "generic print failed: $(head -c 400 "$work/err")"; return 1; }
  "$opt" --mlir-print-op-generic "$work/g1.mlir" > "$work/g2.mlir" 2> "$work/err" || { echo "generic form does not reparse: $(head -c 400 "$work/err")"; return 1; }
  cmp -s "$work/g1.mlir" "$work/g2.mlir" || { echo "generic form is not a fixpoint:"; diff "$work/g1.mlir" "$work/g2.mlir" | head -8; return 1; }
  return 0
}
report() {  # report FILE REASON_OR_EMPTY
  if [[ -z $2 ]]; then
    echo "PASS $(basename "$1")"; passed=$((passed + 1))
  else
    echo "FAIL $(basename "$1"): $2"; failed=$((failed + 1))
  fi
}
alone() {  # alone FILE: the per-file check
  local reason
  if reason=$(check "$1"); then report "$1" ""; else report "$1" "$reason"; fi
}
marker='// -----'
together=(); single=()
for f in "${files[@]}"; do
  if grep -q 'loc(' "$f" || grep -qx -- "$marker" "$f"; then single+=("$f"); else together+=("$f"); fi
done
# pieces IN OUT_PREFIX: OUT_PREFIX.0, .1, ... for the pieces of IN.
pieces() { awk -v out="$2" -v m="$marker" 'BEGIN { n = 0; printf "" > (out "." n) }
  $0 == m { n++; printf "" > (out "." n); next } { print > (out "." n) }' "$1"; }
if [[ ${#together[@]} -gt 0 ]]; then
  : > "$work/all.mlir"
  for i in "${!together[@]}"; do
    [[ $i -gt 0 ]] && printf '\n%s\n' "$marker" >> "$work/all.mlir"
    cat "${together[$i]}" >> "$work/all.mlir"
  done
  s=(--split-input-file)
  if "$opt" "${s[@]}" "$work/all.mlir" > "$work/A" 2> /dev/null &&
     "$opt" "${s[@]}" "$work/A" > "$work/B" 2> /dev/null &&
     "$opt" "${s[@]}" --mlir-print-op-generic "$work/all.mlir" > "$work/G1" 2> /dev/null &&
     "$opt" "${s[@]}" --mlir-print-op-generic "$work/G1" > "$work/G2" 2> /dev/null; then
    for x in A B G1 G2; do pieces "$work/$x" "$work/p$x"; done
    for i in "${!together[@]}"; do
      f=${together[$i]}
      if [[ ! -s $work/pA.$i || ! -s $work/pG1.$i ]]; then
        report "$f" "no printed form among the pieces"
      elif ! cmp -s "$work/pA.$i" "$work/pB.$i"; then
        report "$f" "custom form is not a fixpoint:$(echo; diff "$work/pA.$i" "$work/pB.$i" | head -8)"
      elif ! cmp -s "$work/pG1.$i" "$work/pG2.$i"; then
        report "$f" "generic form is not a fixpoint:$(echo; diff "$work/pG1.$i" "$work/pG2.$i" | head -8)"
      else
        report "$f" ""
      fi
    done
    [[ -e $work/pA.${#together[@]} ]] && report "(the pieces)" "more printed pieces than kernels"
  else
    single+=("${together[@]}")
  fi
fi
for f in "${single[@]}"; do alone "$f"; done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
