//===- KernelFiles.h - the kernels of a batch and their inputs --*- C++ -*-===//
//
// A batch is a folder (every .mlir / .ktir file under it, recursively) or
// a list file (one kernel path a line, relative to the list; `#` starts a
// comment), sorted by path so that every machine of a sharded run sees
// the same order. Shard i of n (0-based) takes every n-th file from the
// i-th.
//
// A kernel's scalar arguments come from, later ones winning:
//   1. `// RUN-ARGS: --arg NAME=VALUE ...` in the kernel (the tests' way);
//   2. a sidecar file next to it, KERNEL.args (foo.mlir -> foo.mlir.args):
//      `NAME=VALUE` lines, `#` comments; a `[FUNCTION]` line makes the
//      lines after it apply to that kernel of the module only;
//   3. --arg NAME=VALUE on the command line (every kernel with an argument
//      of that name).
// The two engines' outputs are judged by the numerics verdict
// (driver/NumericsVerdict.h): no per-kernel tolerance.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TOOLS_SPYRE_BATCH_KERNELFILES_H
#define SPYRE_TOOLS_SPYRE_BATCH_KERNELFILES_H

#include <map>
#include <string>
#include <vector>

namespace spyre::batch {

/// The kernel files of `inputs` (folders and list files), sorted; false
/// with `error` when one cannot be read.
bool collectKernelFiles(const std::vector<std::string> &inputs,
                        std::vector<std::string> &files, std::string &error);

/// What a kernel file asks of its run, read once: the scalar arguments of
/// `function` from its RUN-ARGS comment and sidecar (1 and 2 above), and
/// whether its RUN-ARGS ask for `--no-lx-limit` (its tiles are larger than
/// LX: the interpreter's reference runs without the limit, as spyre-run's
/// option does; the compiled program keeps the target's LX). `error` says
/// what in them is malformed.
struct FileSettings {
  std::map<std::string, std::string> args;
  bool noLxLimit = false;
};
FileSettings fileSettings(const std::string &path, const std::string &function,
                          std::string &error);

/// `NAME=VALUE` split at the first '='; false when there is none.
bool splitAssignment(const std::string &text, std::string &name,
                     std::string &value);

} // namespace spyre::batch

#endif
