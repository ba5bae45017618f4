//===- Summary.cpp - a batch's JSON lines as a table ----------------------===//

#include "Summary.h"
#include "BatchJob.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>

using namespace spyre::batch;

namespace {

std::string field(const nlohmann::json &j, const char *key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

int stageRank(const std::string &stage) {
  for (int i = 0; i < 6; ++i)
    if (stage == kStages[i])
      return i;
  return 0;
}

std::string row(const std::string &label, size_t count, size_t total) {
  char line[160];
  std::snprintf(line, sizeof line, "  %-22s %6zu  %5.1f %%\n", label.c_str(),
                count, total ? 100.0 * double(count) / double(total) : 0.0);
  return line;
}

} // namespace

bool spyre::batch::agrees(const nlohmann::json &line) {
  std::string v = line.value("verdict", "");
  return v == "exact" || v == "within-rounding";
}

bool spyre::batch::isInternalProblem(const nlohmann::json &line) {
  std::string v = field(line, "verdict");
  return v == "ice" || v == "crash" || v == "timeout" || v == "out-of-memory";
}

void spyre::batch::printSummary(const std::vector<nlohmann::json> &lines,
                                std::ostream &os) {
  size_t total = lines.size();
  std::map<std::string, size_t> verdicts;
  size_t reached[6] = {0};
  double wallMs = 0;
  for (const nlohmann::json &j : lines) {
    ++verdicts[field(j, "verdict")];
    for (int s = 0; s <= stageRank(field(j, "stage")); ++s)
      ++reached[s];
    if (auto it = j.find("wall_ms"); it != j.end() && it->is_number())
      wallMs += it->get<double>();
  }
  os << "spyre-batch: " << total << " kernel" << (total == 1 ? "" : "s")
     << "\n\nstage reached (or later)   kernels\n";
  for (int s = 1; s < 6; ++s)
    os << row(kStages[s], reached[s], total);
  os << "\nverdict                    kernels\n";
  static const char *const kOrder[] = {
      "exact", "within-rounding", "wrong", "refused", "needs-inputs", "emulator-fault",
      "ice", "crash", "timeout", "out-of-memory"};
  for (const char *v : kOrder)
    if (verdicts.count(v))
      os << row(v, verdicts[v], total);
  for (const auto &[v, n] : verdicts)
    if (std::find(std::begin(kOrder), std::end(kOrder), v) == std::end(kOrder))
      os << row(v.empty() ? "(none)" : v, n, total);
  // The first error of each kernel that did not agree, briefly (of a
  // WRONG one: its verdict line).
  bool header = false;
  for (const nlohmann::json &j : lines) {
    std::string v = field(j, "verdict");
    if (agrees(j))
      continue;
    if (!header)
      os << "\nkernels that did not agree\n";
    header = true;
    std::string error = field(j, v == "wrong" ? "judged" : "first_error");
    if (error.size() > 160)
      error = error.substr(0, 157) + "...";
    os << "  " << field(j, "file") << " @" << field(j, "function") << ": " << v
       << " (" << field(j, "stage") << ")" << (error.empty() ? "" : ": ")
       << error << "\n";
  }
  char time[80];
  std::snprintf(time, sizeof time, "\nworker time %.1f s in all\n",
                wallMs / 1e3);
  os << time;
}
