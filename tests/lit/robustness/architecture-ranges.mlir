// Issue 29, 4, 5, 8 and 9: one range per architecture value, the machine
// model's, checked where the file is read and reported on its line.
// Before, hbm_bandwidth_gbs = 1e-300 (inside the documented range) made
// transfers free on the emulator, clock_ghz = 5e-324 gave "inf us", and
// systolic_rows = 2147483647 passed the file and failed later as
// "<unknown>: error: hardware configuration: hw_config key ... (allowed 1
// to 65536)", followed by "the kernel did not compile to SpyreCode".
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sed "s/GRID/1/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.d/tile.mlir
// RUN: for kv in 'hbm_bandwidth_gbs = 1e-300' 'link_bandwidth_gbs = 1e-300' 'hbm_bandwidth_gbs = 5e-324' 'link_bandwidth_gbs = 5e-324' 'clock_ghz = 5e-324' 'clock_ghz = 0.0009' 'systolic_rows = 2147483647' 'systolic_rows = 65537' 'transcendental_penalty = 2147483647' 'fifo_depth = 2147483647'; do \
// RUN:   key=$(echo "$kv" | cut -d' ' -f1) || exit 1; \
// RUN:   sed "s/^$key = [^ ]*/$kv/" %S/../../../resources/arch/spyre.toml > %t.d/arch.toml || exit 1; \
// RUN:   for engine in interp emu both; do \
// RUN:     not spyre-run %t.d/tile.mlir --seed 1 --engine $engine --arch %t.d/arch.toml > %t.d/out 2>&1 || exit 1; \
// RUN:     FileCheck %s --check-prefix=LINE -DKEY=$key < %t.d/out || exit 1; \
// RUN:   done; \
// RUN:   not spyre-compile %t.d/tile.mlir --arch %t.d/arch.toml -o %t.d/x.spyb > %t.d/out 2>&1 || exit 1; \
// RUN:   FileCheck %s --check-prefix=LINE -DKEY=$key < %t.d/out || exit 1; \
// RUN: done
// LINE: arch.toml:{{[0-9]+}}:{{[0-9]+}}: error: '{{[a-z]+}}.[[KEY]]' must be {{(a number )?}}between
// LINE-NOT: hw_config
// LINE-NOT: did not compile
//
// The smallest values the range admits run: the emulator's cycles are at or
// above every bound, the time is a number, and a transfer longer than the
// cycle budget is a budget fault of the engine that starts it.
// RUN: sed "s/^hbm_bandwidth_gbs = [^ ]*/hbm_bandwidth_gbs = 0.001/;s/^clock_ghz = [^ ]*/clock_ghz = 100.0/" %S/../../../resources/arch/spyre.toml > %t.d/slow.toml
// RUN: spyre-run %t.d/tile.mlir --seed 1 --engine emu --arch %t.d/slow.toml --report %t.d/slow.json | FileCheck %s --check-prefix=SLOW
// SLOW: copy: {{[0-9]+}} cycles
// RUN: python3 -c "import json,sys; r=json.load(open(sys.argv[1])); b=r['bounds']; assert r['total_cycles'] >= max(b.values()) > 2e9 / 100, r; assert isinstance(r['time_us'], float), r" %t.d/slow.json
// RUN: spyre-run %t.d/tile.mlir --seed 1 --engine emu --report %t.d/fast.json > /dev/null
// RUN: python3 -c "import json,sys; s=json.load(open(sys.argv[1])); f=json.load(open(sys.argv[2])); assert s['total_cycles'] > 1000 * f['total_cycles'], (s['total_cycles'], f['total_cycles'])" %t.d/slow.json %t.d/fast.json
// RUN: not spyre-run %t.d/tile.mlir --seed 1 --engine emu --arch %t.d/slow.toml --cycle-budget 1000 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: moving {{[0-9]+}} bytes through HBM at 1e-05 bytes per cycle ends past the cycle budget of 1000 cycles
// RUN: not spyre-run %t.d/tile.mlir --seed 1 --engine emu --cycle-budget 4611686018427387905 2>&1 | FileCheck %s --check-prefix=BUDGETMAX
// BUDGETMAX: --cycle-budget needs a whole number from 1 to 2^62
//
// A record's hw_config has the same ranges, in its own units.
// RUN: for kv in hbm_bandwidth_tb_s=1e-300 ring_bandwidth_tb_s=5e-324 clock_ghz=5e-324 systolic_rows=65537; do \
// RUN:   python3 %S/Inputs/hostile.py record %t.d/rec.json "latency.hw_config.$kv" || exit 1; \
// RUN:   not spyre-run %t.d/tile.mlir --record %t.d/rec.json 2>&1 | FileCheck %s --check-prefix=HW || exit 1; \
// RUN: done
// HW: error: hardware configuration: hw_config key '{{[a-z_]+}}' out of range: {{[0-9.e+-]+}} (allowed {{[0-9.e+-]+}} to {{[0-9.e+-]+}})
