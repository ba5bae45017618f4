#!/usr/bin/env bash
# Usage: batch-limits.sh SPYRE_BATCH KERNELS_DIR
# spyre-batch's limits and inputs (docs/batch.md): a kernel over its time
# limit is a timeout and one over its memory limit ends its worker, not
# the batch; a kernel missing a scalar is needs-inputs (not a failure) and
# runs once a sidecar or --arg gives it; the shards of a folder partition
# its files; --summary merges the slices' lines; one line per kernel of a
# module of several.
set -u
batch=$1; kernels=$2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
field() { # json-line key
  sed -n "s/.*\"$2\":\"\\([^\"]*\\)\".*/\\1/p" <<< "$1"
}

# A kernel that takes far longer than 0.3 s: a timeout, at the stage it had
# reached; the batch itself ends normally with exit status 1.
cp "$kernels/mtb_llama1b_qproj_decode.mlir" "$work/slow.mlir"
out=$("$batch" "$work/slow.mlir" --timeout 0.3 2>/dev/null); status=$?
[[ $status -eq 1 ]] || fail "timeout: exit status $status"
[[ $(field "$out" verdict) == timeout ]] || fail "timeout: $out"

# 64 MiB of address space is too little for a worker: it ends, the batch
# reports it (out-of-memory or crash) and goes on to the next kernel.
cp "$kernels/residual_add_generated_locs.mlir" "$work/small.mlir"
out=$("$batch" "$work/slow.mlir" "$work/small.mlir" --memory 64 2>/dev/null)
[[ $(wc -l <<< "$out") -eq 2 ]] || fail "memory: $out"
grep -q '"verdict":"\(out-of-memory\|crash\)"' <<< "$out" || fail "memory: $out"

# A scalar nobody gives: needs-inputs, exit status 0; a sidecar gives it.
grep -v '^// RUN-ARGS' "$kernels/dynamic_rows_loop.mlir" > "$work/rows.mlir"
out=$("$batch" "$work/rows.mlir" 2>/dev/null); status=$?
[[ $status -eq 0 ]] || fail "needs-inputs: exit status $status"
[[ $(field "$out" verdict) == needs-inputs ]] || fail "needs-inputs: $out"
grep -q '"missing_inputs":\["n"\]' <<< "$out" || fail "missing inputs: $out"
printf '# rows\nn = 13\n' > "$work/rows.mlir.args"
out=$("$batch" "$work/rows.mlir" 2>/dev/null)
[[ $(field "$out" verdict) == exact ]] || fail "sidecar: $out"
rm "$work/rows.mlir.args"
out=$("$batch" "$work/rows.mlir" --arg n=13 2>/dev/null)
[[ $(field "$out" verdict) == exact ]] || fail "--arg: $out"

# A module of three kernels: three lines, in order.
out=$("$batch" "$kernels/multi_kernel_mlp_decode.mlir" 2>/dev/null)
[[ $(field "$(sed -n 1p <<< "$out")" function) == gate_proj &&
   $(field "$(sed -n 2p <<< "$out")" function) == up_proj &&
   $(field "$(sed -n 3p <<< "$out")" function) == silu_mul ]] || fail "kernels: $out"

# Shards partition the files; --summary counts their lines together.
mkdir "$work/folder"
for k in residual_add_generated_locs dyn2d_silu_mul bitcast_abs_max_llama1b \
         causal_mask_decode_pos kv_cache_scatter_llama1b; do
  cp "$kernels/$k.mlir" "$work/folder/"
done
for i in 0 1; do
  "$batch" "$work/folder" --shard $i/2 --out "$work/shard-$i.jsonl" > /dev/null ||
    fail "shard $i"
done
a=$(wc -l < "$work/shard-0.jsonl"); b=$(wc -l < "$work/shard-1.jsonl")
[[ $a -eq 3 && $b -eq 2 ]] || fail "shards: $a + $b lines"
files() { sed -n 's/.*"file":"\([^"]*\)".*/\1/p' "$1" | sort; }
[[ $(files "$work/shard-0.jsonl" | wc -l) -eq 3 &&
   -z $(comm -12 <(files "$work/shard-0.jsonl") <(files "$work/shard-1.jsonl")) ]] ||
  fail "shards overlap"
summary=$("$batch" --summary "$work"/shard-*.jsonl) || fail "summary: $summary"
grep -q "spyre-batch: 5 kernels" <<< "$summary" || fail "summary: $summary"
agreed=$(awk '$1 == "exact" || $1 == "within-rounding" { n += $2 } END { print n + 0 }' <<< "$summary")
[[ $agreed -eq 5 ]] && ! grep -q "did not agree" <<< "$summary" || fail "summary: $summary"
echo "batch limits: all checks passed"
