#!/usr/bin/env bash
# Usage: report-bounds.sh SPYRE_RUN SAMPLES_DIR ARCH
# Every sample on the emulator with --report and --trace: the report has the
# emulator's fields; the emulated cycles are never below the physical lower
# bounds (HBM bytes / HBM bandwidth, per-core SIMD work, busiest ring link);
# no core's peak LX exceeds the scratchpad; the Chrome trace parses and has
# a process per core that runs engines with a thread per engine, LX / FIFO
# counters per core, a track per ring link that carried traffic and the HBM
# bytes in flight.
set -u
py=${SPYRE_PYTHON:-python3}  # the interpreter itself (tests/CMakeLists.txt)
run=$1; dir=$2; arch=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
for f in "$dir"/*.mlir; do
  n=$(basename "$f" .mlir)
  if ! out=$("$run" "$f" --seed 0 --arch "$arch" --engine emu --report "$tmp/r.json" --trace "$tmp/t.json" 2>&1); then
    echo "FAIL $n ($arch): $out" | head -3; failed=$((failed + 1)); continue
  fi
  if msg=$("$py" - "$tmp/r.json" "$tmp/t.json" "$arch" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); t = json.load(open(sys.argv[2]))
cap = {"spyre": 2097152, "spyre-4core": 1048576}[sys.argv[3]]
for k in ["total_cycles", "time_us", "engines", "peak_lx_bytes", "ring_links",
          "bottleneck", "bounds", "events", "events_per_s"]:
    assert k in r, "report lacks " + k
b = r["bounds"]; c = r["total_cycles"]
for k in ["hbm", "compute", "ring"]:
    assert c >= b[k] - 1e-9, "%d cycles below the %s bound %g" % (c, k, b[k])
assert r["bottleneck"] in b
assert max(r["peak_lx_bytes"]) <= cap, "peak LX above the scratchpad"
# The compute engine's one capacity (compute_engine.local_bytes, 2 KiB in
# both presets) and the most tile bytes one program holds.
assert r["compute_local_bytes"] == 2048, r["compute_local_bytes"]
assert r["held_tile_bytes"] >= 0, r["held_tile_bytes"]
assert all(0 <= e["utilisation"] <= 1.0 for e in r["engines"])
ev = t["traceEvents"]
# One pass over the events (a long sample's trace has millions): the
# processes' names by pid, each process's threads and counters, whether
# any instruction ran.
name, thread_names, counter_names, has_x = {}, set(), set(), False
for e in ev:
    ph = e["ph"]
    if ph == "C":
        counter_names.add((e["pid"], e["name"]))
    elif ph == "M":
        if e["name"] == "process_name":
            name[e["pid"]] = e["args"]["name"]
        elif e["name"] == "thread_name":
            thread_names.add((e["pid"], e["args"]["name"]))
    elif ph == "X":
        has_x = True
procs = set(name.values())
threads = {x for _, x in thread_names}
counters = {x for _, x in counter_names}
assert "core 0" in procs and "ring" in procs, procs
assert any(x.startswith("sfu#") for x in threads), threads
assert "LX bytes" in counters and any(x.startswith("FIFO") for x in counters), counters
# A process per core that runs engines, a thread per engine in it (named as
# the report names the engine), LX and FIFO counters per core; the ring's
# links with traffic as tracks of their own, and HBM bandwidth in use.
cores = {"spyre": 32, "spyre-4core": 4}[sys.argv[3]]
assert len(r["peak_lx_bytes"]) == cores, len(r["peak_lx_bytes"])
tracks = {}
for pid, x in thread_names:
    tracks.setdefault(name[pid], set()).add(x)
percore = {}
for pid, x in counter_names:
    percore.setdefault(name[pid], set()).add(x)
for g in r["engines"]:
    p = "core %d" % g["core"]
    assert p in tracks and "%s#%d" % (g["unit"], g["instance"]) in tracks[p], (p, g)
    assert "LX bytes" in percore.get(p, ()) and any(x.startswith("FIFO") for x in percore[p]), (p, percore.get(p))
for l in r["ring_links"]:
    assert l["bytes"] > 0 and 0 <= l["utilisation"] <= 1.0, l
    lo, hi = l["link"], (l["link"] + 1) % cores
    track = "link %d->%d" % ((lo, hi) if l["direction"] == "up" else (hi, lo))
    assert track in tracks["ring"], (track, sorted(tracks["ring"])[:4])
assert "HBM bytes in flight" in percore.get("ring", ()), percore.get("ring")
assert all(b[k] >= 0 for k in b) and b["hbm"] > 0, b
assert has_x
assert t["metadata"]["total_cycles"] == c
print("%d cycles >= bounds hbm %.0f compute %.0f ring %.0f; peak LX %d" % (c, b["hbm"], b["compute"], b["ring"], max(r["peak_lx_bytes"])))
PY
  ); then
    echo "PASS $n ($arch): $msg"; passed=$((passed + 1))
  else
    echo "FAIL $n ($arch): $msg"; failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 && $passed -gt 0 ]]
