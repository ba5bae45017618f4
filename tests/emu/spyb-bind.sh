#!/usr/bin/env bash
# Usage: spyb-bind.sh SPYRE_COMPILE SPYRE_RUN SAMPLES_DIR CORPUS_DIR
# A kernel kept as a file and run later: spyre-compile writes a .spyb,
# spyre-run runs it on the emulator with its tensors given as --input
# arrays and its dimensions as --bind values, and the outputs must equal
# those of running the KTIR source itself (compiled on the fly) with the
# same inputs, byte for byte. A copy kernel's output must also equal the
# interpreter's. Prints one line per check; exit 1 on the first failure.
set -u
py=${SPYRE_PYTHON:-python3}  # the interpreter itself (tests/CMakeLists.txt)
compile=$1; run=$2; samples=$3; corpus=$4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# FILE N SEED: a 1-D f16 .npy of N values k/256, |k| <= 1000 (exact in f16).
mknpy() {
  "$py" - "$@" <<'EOF'
import struct, sys
path, n, x = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
vals = []
for _ in range(n):
    x = (x * 1103515245 + 12345) % 2**31
    vals.append(((x >> 8) % 2001 - 1000) / 256.0)
hdr = "{'descr': '<f2', 'fortran_order': False, 'shape': (%d,), }" % n
hdr += ' ' * (63 - (10 + len(hdr)) % 64) + '\n'
with open(path, 'wb') as f:
    f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(hdr)) + hdr.encode())
    f.write(b''.join(struct.pack('<e', v) for v in vals))
EOF
}

# 1. softmax (a sample): two tensors, no dimension.
k=$samples/softmax.mlir
mknpy "$tmp/x.npy" 32768 1; mknpy "$tmp/y.npy" 32768 2
"$compile" "$k" -o "$tmp/softmax.spyb" || fail "spyre-compile $k"
"$run" "$k" --engine emu --input x_ptr="$tmp/x.npy" --input y_ptr="$tmp/y.npy" \
  --output y_ptr="$tmp/ktir_y.npy" >/dev/null || fail "softmax KTIR on the emulator"
"$run" "$tmp/softmax.spyb" --engine emu --input x_ptr="$tmp/x.npy" \
  --input y_ptr="$tmp/y.npy" --output y_ptr="$tmp/spyb_y.npy" >/dev/null \
  || fail "softmax .spyb on the emulator"
cmp -s "$tmp/y.npy" "$tmp/spyb_y.npy" && fail "softmax .spyb left y unchanged"
cmp "$tmp/ktir_y.npy" "$tmp/spyb_y.npy" || fail "softmax: .spyb and KTIR outputs differ"
echo "PASS softmax: the .spyb's y equals the KTIR run's ($(stat -c %s "$tmp/spyb_y.npy") bytes)"

# 2. a dynamic-size copy from the corpus: s0 is bound at launch.
k=$corpus/ktir/rfc__distributed-view-copy-dynamic.mlir
if [[ -f $k ]]; then
  s0=32
  mknpy "$tmp/a0.npy" $((64 * s0)) 3; mknpy "$tmp/a1.npy" $((64 * s0)) 4
  mknpy "$tmp/b.npy" $((128 * s0)) 5
  in=(--input a0_ptr="$tmp/a0.npy" --input a1_ptr="$tmp/a1.npy" --input b_ptr="$tmp/b.npy")
  "$compile" "$k" -o "$tmp/dyn.spyb" || fail "spyre-compile $k"
  "$run" "$tmp/dyn.spyb" --engine emu "${in[@]}" --output b_ptr="$tmp/x.npy" \
    >/dev/null 2>"$tmp/err" && fail "a .spyb run without --bind s0_in succeeded"
  grep -q "symbol 's0_in' needs --bind" "$tmp/err" || fail "no message for the missing --bind: $(cat "$tmp/err")"
  "$run" "$k" --engine emu "${in[@]}" --arg s0_in=$s0 --output b_ptr="$tmp/ktir_b.npy" \
    >/dev/null || fail "dynamic copy KTIR on the emulator"
  "$run" "$k" --engine interp "${in[@]}" --arg s0_in=$s0 --output b_ptr="$tmp/interp_b.npy" \
    >/dev/null || fail "dynamic copy on the interpreter"
  "$run" "$tmp/dyn.spyb" --engine emu "${in[@]}" --bind s0_in=$s0 \
    --output b_ptr="$tmp/spyb_b.npy" >/dev/null || fail "dynamic copy .spyb on the emulator"
  cmp -s "$tmp/b.npy" "$tmp/spyb_b.npy" && fail "the dynamic copy left b unchanged"
  cmp "$tmp/ktir_b.npy" "$tmp/spyb_b.npy" || fail "dynamic copy: .spyb and KTIR outputs differ"
  cmp "$tmp/interp_b.npy" "$tmp/spyb_b.npy" || fail "dynamic copy: .spyb and interpreter outputs differ"
  echo "PASS rfc__distributed-view-copy-dynamic (--bind s0_in=$s0): the .spyb's b equals the KTIR run's and the interpreter's"
fi
echo "all passed"
