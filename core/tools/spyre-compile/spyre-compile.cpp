//===- spyre-compile.cpp - compile a KTIR kernel to a .spyb file ----------===//
//
//   spyre-compile KERNEL.mlir [--arch PRESET|FILE.toml] [--function F] -o OUT.spyb
//   spyre-compile PROGRAM.spys -o OUT.spyb
//
// A KTIR kernel goes through the whole pipeline (driver/Compile.h) down to
// SpyreCode, which is verified and written as a .spyb file
// (docs/spyrecode-file.md). Of a module with several kernels the first is
// compiled, or the one --function names. A `.spys` file is a hand-written SpyreCode
// listing: it is assembled and verified instead. A refused kernel or an
// invalid program prints its diagnostics and exits 1.
//
//===----------------------------------------------------------------------===//

#include "driver/Compile.h"
#include "spyrecode/Binary.h"
#include "spyrecode/Listing.h"
#include "spyrecode/Verify.h"

#include <iostream>
#include <string>

using namespace spyre;

namespace {

int usage() {
  std::cerr << "usage: spyre-compile KERNEL.mlir [--arch PRESET|FILE.toml] "
               "[--function F] -o OUT.spyb\n"
               "       spyre-compile PROGRAM.spys -o OUT.spyb\n";
  return 1;
}

bool endsWith(const std::string &s, const char *suffix) {
  size_t n = std::char_traits<char>::length(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

} // namespace

int main(int argc, char **argv) {
  std::string input, output, arch, function;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if ((a == "-o" || a == "--arch" || a == "--function") && i + 1 < argc) {
      (a == "-o" ? output : a == "--arch" ? arch : function) = argv[++i];
    } else if (a == "-h" || a == "--help") {
      return usage(), 0;
    } else if (!a.empty() && a[0] == '-') {
      std::cerr << "spyre-compile: unknown option '" << a << "'\n";
      return usage();
    } else if (input.empty()) {
      input = a;
    } else {
      return usage();
    }
  }
  if (input.empty() || output.empty())
    return usage();

  std::string error;
  auto bytes = code::readFileBounded(input, error);
  if (!bytes) {
    std::cerr << "spyre-compile: " << error << "\n";
    return 1;
  }
  std::string text(bytes->begin(), bytes->end());

  std::shared_ptr<const code::Module> module;
  if (endsWith(input, ".spys")) {
    if (!arch.empty() || !function.empty()) {
      std::cerr << "spyre-compile: " << (arch.empty() ? "--function" : "--arch")
                << " does not apply to a listing\n";
      return 1;
    }
    code::ListingError le;
    auto m = code::parseListing(text, le);
    if (!m) {
      std::cerr << input << ":" << le.line << ":" << le.column
                << ": error: " << le.message << "\n";
      return 1;
    }
    module = std::make_shared<const code::Module>(std::move(*m));
  } else {
    driver::CompileRequest request;
    request.source = std::move(text);
    request.sourceName = input;
    request.arch = arch;
    request.function = function;
    driver::CompileResult result = driver::compileKernel(request);
    for (const driver::Diagnostic &d : result.diagnostics)
      std::cerr << d.format() << "\n";
    if (!result.ok)
      return 1;
    if (!result.spyreCode) {
      std::cerr << "spyre-compile: " << input
                << ": the pipeline produced no SpyreCode\n";
      return 1;
    }
    module = result.spyreCode;
  }

  std::vector<code::CodeError> errors = code::verifyModule(*module);
  if (!errors.empty()) {
    std::cerr << "spyre-compile: " << input << ": invalid program:\n"
              << code::formatCodeErrors(module.get(), errors);
    return 1;
  }
  if (!code::saveBinary(*module, output, error)) {
    std::cerr << "spyre-compile: " << error << "\n";
    return 1;
  }
  return 0;
}
