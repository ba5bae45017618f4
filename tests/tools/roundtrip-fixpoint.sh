#!/usr/bin/env bash
# Usage: roundtrip-fixpoint.sh SPYRE_OPT DIR_OR_FILE...
#
# For every .mlir/.ktir kernel: it must parse and verify; printing it and
# parsing the print again must reproduce the print exactly (custom form);
# and the same must hold for the generic op form. Prints one line per kernel
# and a closing "N passed, N failed" line; exits 1 if any kernel failed.
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
for f in "${files[@]}"; do
  if reason=$(check "$f"); then
    echo "PASS $(basename "$f")"; passed=$((passed + 1))
  else
    echo "FAIL $(basename "$f"): $reason"; failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
