//===- RunArgsComment.h - a kernel's own "// RUN-ARGS:" line ----*- C++ -*-===//
//
// A kernel may say how it is run on a line of its own:
//
//   // RUN-ARGS: --arg reps=2 --arg scale=0.5 [--no-lx-limit]
//
// (the tests' and the benches' way: spyre-batch, spyre-emu-bench and the
// explorer read it; spyre-run takes the same words on its command line).
// The first such line counts.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_RUNARGSCOMMENT_H
#define SPYRE_DRIVER_RUNARGSCOMMENT_H

#include <map>
#include <string>

namespace spyre::driver {

struct RunArgsComment {
  /// Scalar arguments' values as written (NAME -> VALUE), read for each
  /// argument's type when the kernel is prepared.
  std::map<std::string, std::string> args;
  /// The interpreter without the LX limit (tiles larger than LX).
  bool noLxLimit = false;
};

/// The RUN-ARGS line of kernel text `source` (an empty one when it has
/// none); false, with `error` saying which word, when it holds anything
/// but `--arg NAME=VALUE` and `--no-lx-limit` (what it read so far stays).
bool readRunArgsComment(const std::string &source, RunArgsComment &out, std::string &error);

} // namespace spyre::driver

#endif
