// Malformed numbers on the command line are usage errors (exit 1), never a
// crash; a grid larger than the architecture is refused before anything is
// sized by it, however large.
// RUN: not spyre-run %s --seed abc 2>&1 | FileCheck %s --check-prefix=SEED
// RUN: not spyre-run %s --seed -1 2>&1 | FileCheck %s --check-prefix=SEED
// RUN: not spyre-run %s --seed 99999999999999999999999 2>&1 | FileCheck %s --check-prefix=SEED
// RUN: not spyre-run %s --max-ops 0 2>&1 | FileCheck %s --check-prefix=MAXOPS
// RUN: not spyre-run %s --max-ops x 2>&1 | FileCheck %s --check-prefix=MAXOPS
// RUN: not spyre-run %s --grid 4,x 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: not spyre-run %s --grid 0 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: not spyre-run %s --arg n=1.5abc 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: not spyre-run %s --arg n=2 --grid 1024,1024 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not spyre-run %s --arg n=2 --grid 99999999999,99999999999 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: spyre-run %s --arg n=2 --grid 2 | FileCheck %s --check-prefix=OK

// SEED: spyre-run: --seed needs a whole number
// MAXOPS: spyre-run: --max-ops needs a positive whole number
// GRID: spyre-run: --grid {{.*}}: each dimension must be a positive whole number
// ARG: error: argument %n: '1.5abc' is not a whole number: index takes whole numbers
// BIG: bad-arguments.mlir:[[@LINE+4]]:1: error: the grid has 1048576 tiles but architecture 'spyre' has 32 cores
// HUGE: error: the grid has too many tiles but architecture 'spyre' has 32 cores
// OK: count: 0 cycles {{.*}} 2 cores

func.func @count(%n: index) attributes {grid = [1]} {
  return
}
