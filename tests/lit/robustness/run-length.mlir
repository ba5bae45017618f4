// Class 4 of issue 16: memory does not grow with the number of executed
// ops. The scratchpad event log is kept only when asked for (--lx-events),
// and then at most 2^20 events (the rest are counted and the run says so).
// 400,000 iterations (1.6 million events) run in 400 MB of address space,
// which the unbounded log exceeded.
// RUN: sh -c 'ulimit -v 400000; spyre-run %S/Inputs/spin.mlir --arg n=400000 --max-ops 10000000' | FileCheck %s --check-prefix=FLAT
// FLAT: spin: {{.*}} 1 cores
// RUN: spyre-run %S/Inputs/spin.mlir --arg n=400000 --max-ops 10000000 --lx-events %t.tsv 2>&1 | FileCheck %s --check-prefix=LOG
// LOG: warning: the scratchpad event log keeps the first 1048576 events; 551424 later ones were counted but not kept
// RUN: wc -l < %t.tsv | FileCheck %s --check-prefix=LINES
// LINES: 1048576
