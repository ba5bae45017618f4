//===- spyre-compile-bench.cpp - pipeline timing over samples and corpus --===//
//
//   spyre-compile-bench [--corpus DIR] [--samples DIR] [--repeat N]
//                       [--arch PRESET|FILE]
//
// Compiles every sample and every corpus kernel N times through
// compileKernel (parse, the whole pipeline, a printed snapshot after every
// pass: what the GUI does on each keystroke) and prints, per kernel, the
// median total wall time, the median time of the SpyreCode lowering (the
// last pass), the median time of each pass, and whether the pipeline
// accepted it.
//
//===----------------------------------------------------------------------===//

#include "driver/Compile.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace spyre::driver;
namespace fs = std::filesystem;

namespace {

double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::vector<fs::path> kernelsIn(const fs::path &dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto &entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".mlir" || entry.path().extension() == ".ktir")
      out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace

int main(int argc, char **argv) {
  std::string corpus = "../shared/corpus", samples = "samples", arch;
  int repeat = 21;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 < argc && a == "--corpus")
      corpus = argv[++i];
    else if (i + 1 < argc && a == "--samples")
      samples = argv[++i];
    else if (i + 1 < argc && a == "--arch")
      arch = argv[++i];
    else if (i + 1 < argc && a == "--repeat")
      repeat = std::max(1, std::atoi(argv[++i]));
    else {
      std::fprintf(stderr, "usage: spyre-compile-bench [--corpus DIR] "
                           "[--samples DIR] [--repeat N] [--arch PRESET|FILE]\n");
      return 2;
    }
  }

  std::vector<fs::path> kernels = kernelsIn(samples);
  for (const fs::path &p : kernelsIn(fs::path(corpus) / "ktir"))
    kernels.push_back(p);
  if (kernels.empty()) {
    std::fprintf(stderr, "spyre-compile-bench: no kernels under %s or %s/ktir\n",
                 samples.c_str(), corpus.c_str());
    return 1;
  }

  std::printf("%-48s %6s %10s %10s  %s\n", "kernel", "ok", "total ms",
              "code ms", "per pass (ms, median)");
  double worst = 0, worstCode = 0;
  for (const fs::path &path : kernels) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    CompileRequest request;
    request.source = text.str();
    request.sourceName = path.filename().string();
    request.arch = arch;
    std::vector<double> totals;
    std::map<std::string, std::vector<double>> perPass;
    std::vector<std::string> order;
    bool ok = false;
    for (int r = 0; r < repeat; ++r) {
      auto start = std::chrono::steady_clock::now();
      CompileResult result = compileKernel(request);
      totals.push_back(std::chrono::duration<double, std::milli>(
                           std::chrono::steady_clock::now() - start)
                           .count());
      ok = result.ok;
      for (const PassSnapshot &s : result.snapshots) {
        if (s.pass == "input")
          continue;
        if (!perPass.count(s.pass))
          order.push_back(s.pass);
        perPass[s.pass].push_back(s.wallMs);
      }
    }
    double total = median(totals);
    worst = std::max(worst, total);
    // The SpyreCode lowering alone (the last pass; its listing is printed
    // after its time is taken).
    double code = median(perPass["lower-to-spyrecode"]);
    worstCode = std::max(worstCode, code);
    std::string passes;
    for (const std::string &name : order) {
      char cell[96];
      std::snprintf(cell, sizeof cell, "%s%s %.3f", passes.empty() ? "" : ", ",
                    name.c_str(), median(perPass[name]));
      passes += cell;
    }
    std::printf("%-48s %6s %10.2f %10.3f  %s\n",
                path.filename().string().c_str(), ok ? "yes" : "no", total,
                code, passes.c_str());
  }
  std::printf("\nslowest kernel: %.2f ms (median of %d compiles, parse and "
              "snapshots included)\n",
              worst, repeat);
  std::printf("slowest lower-to-spyrecode: %.3f ms\n", worstCode);
  return 0;
}
