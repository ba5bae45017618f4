#!/usr/bin/env bash
# Usage: trace-window.sh SPYRE_RUN SAMPLES_DIR
# spyre-run --trace written as the run goes (issue 26): softmax's whole
# trace, then the middle third of its cycles gzipped (--trace-window A:B,
# a .json.gz name). The window holds exactly the whole trace's instructions
# and blocked stretches that overlap [A, B), nothing outside it, and says
# which window it is; a window the options cannot give is refused.
set -u
py=${SPYRE_PYTHON:-python3}  # the interpreter itself (tests/CMakeLists.txt)
run=$1; dir=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
f="$dir/softmax.mlir"
fail() { echo "FAIL: $*"; exit 1; }
"$run" "$f" --seed 0 --engine emu --trace "$tmp/all.json" > "$tmp/out" 2>&1 || fail "$(head -3 "$tmp/out")"
cycles=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["metadata"]["total_cycles"])' "$tmp/all.json")
a=$((cycles / 3)); b=$((2 * cycles / 3))
"$run" "$f" --seed 0 --engine emu --trace "$tmp/win.json.gz" --trace-window "$a:$b" > "$tmp/out" 2>&1 || fail "$(head -3 "$tmp/out")"
"$py" - "$tmp/all.json" "$tmp/win.json.gz" "$a" "$b" <<'PY' || exit 1
import gzip, json, sys
whole = json.load(open(sys.argv[1]))
with gzip.open(sys.argv[2], "rt") as g:
    win = json.load(g)
a, b = int(sys.argv[3]), int(sys.argv[4])
us = whole["metadata"]["cycles_per_us"]
lo, hi = a / us, b / us
eps = 1e-6
def spans(t):
    name = {e["pid"]: e["args"]["name"] for e in t["traceEvents"]
            if e["ph"] == "M" and e["name"] == "process_name"}
    return [(name[e["pid"]], e["tid"], e["name"], round(e["ts"], 6), round(e["dur"], 6))
            for e in t["traceEvents"] if e["ph"] == "X"]
inside = sorted(x for x in spans(whole) if x[3] < hi - eps and x[3] + x[4] > lo + eps)
got = sorted(spans(win))
assert got, "the window holds no event"
outside = [x for x in got if not (x[3] < hi + eps and x[3] + x[4] > lo - eps)]
assert not outside, ("events outside the window", outside[:3])
assert got == inside, ("%d events in the window, %d in the whole trace there" % (len(got), len(inside)))
w = win["metadata"]["window"]
assert (w["from_cycle"], w["to_cycle"]) == (a, b), w
assert win["metadata"]["total_cycles"] == whole["metadata"]["total_cycles"]
print("window [%d, %d) of %d cycles: %d events, as the whole trace's" % (a, b, whole["metadata"]["total_cycles"], len(got)))
PY
# Windows the options cannot give: refused with a message, not a trace.
for args in "--trace $tmp/x.json --trace-window 500:100" "--trace-window 1:2" \
            "--trace $tmp/x.json --trace-window 12" "--engine interp --trace-window 1:2"; do
  # shellcheck disable=SC2086
  if "$run" "$f" --seed 0 --engine emu $args > "$tmp/out" 2>&1; then
    fail "spyre-run $args was accepted"
  fi
  grep -q -- "--trace-window" "$tmp/out" || fail "spyre-run $args: $(head -2 "$tmp/out")"
done
echo "PASS: refused windows say why"
