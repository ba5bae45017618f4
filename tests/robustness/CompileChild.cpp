//===- CompileChild.cpp - the explorer's compile path, as a command -------===//
//
//   robustness-compile KERNEL.mlir [--arch PRESET|FILE.toml]
//
// Runs driver::compileKernel (what the explorer runs on every edit: the
// whole pipeline and a printed snapshot with its source-line map after
// every pass) on a file read with the kernel size limit, prints the
// diagnostics and "compiled: N snapshots" when the pipeline accepted it.
// Exit 0 when compiled, 1 otherwise. The lit robustness tests and the
// fuzzer's reproducers use it to show the GUI's path without a GUI.
//
//===----------------------------------------------------------------------===//

#include "driver/Compile.h"
#include "support/Limits.h"
#include "support/ReadFile.h"

#include <cstdio>
#include <string>

int main(int argc, char **argv) {
  std::string path, arch;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--arch" && i + 1 < argc)
      arch = argv[++i];
    else if (path.empty())
      path = a;
    else {
      std::fprintf(stderr, "usage: robustness-compile KERNEL [--arch A]\n");
      return 1;
    }
  }
  spyre::driver::CompileRequest request;
  std::string error;
  if (path.empty() || !spyre::readFileBounded(path, spyre::limits::kMaxKernelBytes,
                                              request.source, error)) {
    std::fprintf(stderr, "robustness-compile: %s\n",
                 path.empty() ? "no kernel given" : error.c_str());
    return 1;
  }
  request.sourceName = path;
  request.arch = arch;
  spyre::driver::CompileResult result = spyre::driver::compileKernel(request);
  for (const spyre::driver::Diagnostic &d : result.diagnostics)
    std::fprintf(stderr, "%s\n", d.format().c_str());
  if (!result.ok)
    return 1;
  std::printf("compiled: %zu snapshots\n", result.snapshots.size());
  return 0;
}
