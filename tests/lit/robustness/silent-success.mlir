// Class 9 of issue 16: an error is exit 1 and every write is checked. A
// pipeline option naming no pass, a report or event log on a full disk,
// and architecture or record hardware values that are zero, infinite or
// absurd (they made costs vanish) all end in a message and exit 1.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sed "s/GRID/1/;s/LAST/3/;s/ROWS/4/g;s/STRIDE/64/" %S/Inputs/tile.mlir > %t.d/tile.mlir
// RUN: not spyre-opt %t.d/tile.mlir --ktir-to-dataflow=stop-after=nonexistent -o %t.d/out.mlir 2>&1 | FileCheck %s --check-prefix=STOP
// STOP: 'nonexistent' is not a pass of the pipeline
// RUN: not test -s %t.d/out.mlir
// Writes fail under a file size limit of 0 (SIGXFSZ ignored, so write()
// returns EFBIG), as on a full disk; /dev/full is not used because this
// machine's can be replaced by a regular file.
// RUN: not sh -c "trap '' XFSZ; ulimit -f 0; spyre-run %t.d/tile.mlir --seed 1 --report %t.d/r.json" 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: spyre-run: cannot write {{.*}}r.json
// RUN: not sh -c "trap '' XFSZ; ulimit -f 0; spyre-run %t.d/tile.mlir --seed 1 --lx-events %t.d/e.tsv" 2>&1 | FileCheck %s --check-prefix=EVENTS
// EVENTS: spyre-run: cannot write {{.*}}e.tsv
// RUN: not sh -c "trap '' XFSZ; ulimit -f 0; spyre-run %t.d/tile.mlir --seed 1 --output b=%t.d/b.npy" 2>&1 | FileCheck %s --check-prefix=NPYFULL
// NPYFULL: b.npy
// RUN: not sh -c "trap '' XFSZ; ulimit -f 0; spyre-run %t.d/tile.mlir --seed 1 > %t.d/summary.txt" 2>&1 | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: spyre-run: cannot write the summary to standard output
//
// Architecture values beyond their documented bounds.
// RUN: for kv in 'clock_ghz = 1e300' 'clock_ghz = 0' 'clock_ghz = inf' 'clock_ghz = nan' 'hbm_bandwidth_gbs = 1e300' 'link_bandwidth_gbs = 0'; do \
// RUN:   key=$(echo "$kv" | cut -d' ' -f1) || exit 1; \
// RUN:   sed "s/^$key = .*/$kv/" %S/../../../resources/arch/spyre.toml > %t.d/arch.toml || exit 1; \
// RUN:   not spyre-run %t.d/tile.mlir --seed 1 --arch %t.d/arch.toml 2>&1 | FileCheck %s --check-prefix=ARCH || exit 1; \
// RUN: done
// ARCH: arch.toml:{{[0-9]+}}:{{[0-9]+}}: error: '{{[a-z._]+}}' must be
//
// A record's hw_config with zero bandwidth, no transcendental penalty, or a
// clock beyond 100 GHz.
// RUN: for kv in hbm_bandwidth_tb_s=0 ring_bandwidth_tb_s=0 transcendental_penalty=0 clock_ghz=1e300 lx_size_mb=0 num_cores=9223372036854775807; do \
// RUN:   python3 %S/Inputs/hostile.py record %t.d/rec.json "latency.hw_config.$kv" || exit 1; \
// RUN:   not spyre-run %t.d/tile.mlir --record %t.d/rec.json 2>&1 | FileCheck %s --check-prefix=HW || exit 1; \
// RUN: done
// HW: error: hardware configuration: hw_config key '{{[a-z_]+}}' out of range
// RUN: python3 %S/Inputs/hostile.py record %t.d/rec.json
// RUN: spyre-run %t.d/tile.mlir --record %t.d/rec.json | FileCheck %s --check-prefix=OK
// OK: copy: {{.*}} 1 cores
