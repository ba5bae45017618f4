// Arch.cpp - reading and checking architecture description files.
// The format is documented in docs/architecture-format.md; keep the two in
// step (the schema tables below are the single list of keys).

#include "arch/Arch.h"
#include "support/Limits.h"
#include "support/NumberText.h"
#include "support/ReadFile.h"

// Debian's libtomlplusplus-dev installs toml.h; upstream also names it
// toml.hpp.
#if __has_include(<toml++/toml.hpp>)
#include <toml++/toml.hpp>
#else
#include <toml++/toml.h>
#endif

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <iostream>

namespace spyre {
namespace arch {

namespace {

// ---------------------------------------------------------------------------
// Compiled-in presets
// ---------------------------------------------------------------------------

struct Preset {
  std::string_view name;
  std::string_view text;
};

// ArchPresets.inc is generated at build time from resources/arch/*.toml by
// core/arch/CMakeLists.txt: one `{"name", R"delim(file text)delim"},` per
// preset, the default first.
constexpr Preset kPresets[] = {
#include "ArchPresets.inc"
};

constexpr std::string_view kDefaultPreset = "spyre";

// ---------------------------------------------------------------------------
// Schema
// ---------------------------------------------------------------------------

// The only format version this build reads.
constexpr int64_t kFormatVersion = 2; // 2: [compute_engine] added

// Keys of the fixed tables, by table ("" = the top level). Used to reject
// unknown keys and to suggest the key that was probably meant.
struct KnownKey {
  std::string_view table;
  std::string_view key;
};
constexpr KnownKey kKnownKeys[] = {
    {"", "format_version"},
    {"", "name"},
    {"", "description"},
    {"", "chip"},
    {"", "memory"},
    {"", "ring"},
    {"", "dataflow"},
    {"", "simd"},
    {"", "compute"},
    {"", "timing"},
    {"chip", "cores"},
    {"chip", "clock_ghz"},
    {"memory", "scratchpad_bytes"},
    {"memory", "stick_bytes"},
    {"memory", "hbm_bytes"},
    {"memory", "hbm_bandwidth_gbs"},
    {"memory", "hbm_attach_core"},
    {"ring", "bidirectional"},
    {"ring", "link_bandwidth_gbs"},
    {"ring", "hop_latency_cycles"},
    {"dataflow", "fifo_depth"},
    {"dataflow", "engines"},
    {"compute", "systolic_rows"},
    {"compute", "transcendental_penalty"},
    // --- [compute_engine]: the compute engine's own memory ---
    {"", "compute_engine"},
    {"compute_engine", "local_bytes"},
    {"compute", "held_tile_bytes"}, // refused with a message: see checkCompute
    {"timing", "issue_cycles"},
    {"timing", "lx_port_sticks_per_cycle"},
    {"timing", "channel_latency_cycles"},
    {"timing", "dma_setup_cycles"},
    {"", "numerics"},
    {"numerics", "accumulator"},
    {"numerics", "reduce_order"},
    {"numerics", "function_ulps"},
};

constexpr std::string_view kEngineKeys[] = {"name", "role", "count"};
constexpr std::string_view kRoles[] = {"load", "compute", "store"};

// Element types a [simd] entry may name (the interpreter's type names).
constexpr std::string_view kElementTypes[] = {
    "f16", "bf16", "df16", "f32", "f64", "i1", "i8", "i16", "i32", "i64"};

// The machine model's ranges (support/Limits.h, shared with a record's
// hw_config) and the format's own.
using limits::kMaxCores;
using limits::kMaxSimdElements;
constexpr int kMinStickBytes = 16;
constexpr int kMaxStickBytes = 65536;
constexpr int kMaxEngineCount = 1024;

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

std::string joinPath(std::string_view table, std::string_view key) {
  std::string path(table);
  if (!path.empty())
    path += '.';
  path += key;
  return path;
}

std::string quote(std::string_view s) { return "'" + std::string(s) + "'"; }

// "an integer", "a string", ... as used in "must be X, got Y".
std::string_view describeType(const toml::node &node) {
  switch (node.type()) {
  case toml::node_type::table:
    return "a table";
  case toml::node_type::array:
    return "an array";
  case toml::node_type::string:
    return "a string";
  case toml::node_type::integer:
    return "an integer";
  case toml::node_type::floating_point:
    return "a floating-point number";
  case toml::node_type::boolean:
    return "a boolean";
  case toml::node_type::date:
    return "a date";
  case toml::node_type::time:
    return "a time";
  case toml::node_type::date_time:
    return "a date-time";
  case toml::node_type::none:
    break;
  }
  return "nothing";
}

std::string formatNumber(double v) { return shortestText(v); }

char lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

// Optimal string alignment distance (Levenshtein plus adjacent
// transpositions), ignoring ASCII case.
size_t editDistance(std::string_view a, std::string_view b) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<size_t>> d(n + 1, std::vector<size_t>(m + 1));
  for (size_t i = 0; i <= n; ++i)
    d[i][0] = i;
  for (size_t j = 0; j <= m; ++j)
    d[0][j] = j;
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      const size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] =
          std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

// How many edits may separate a misspelling from the key it stands for, by
// the length of the longer of the two.
size_t maxTypos(size_t length) {
  if (length <= 3)
    return 1;
  if (length <= 6)
    return 2;
  return 3;
}

struct Candidate {
  std::string path;     // what to suggest
  std::string_view key; // compared with the unknown key
  bool local;           // in the same table as the unknown key
};

// The candidate closest to `key`, if one is close enough. A key of another
// table costs one extra edit, so a key that was put in the wrong table
// ("clock_ghz" under [memory]) is found, but a near miss in the right table
// wins.
std::optional<std::string> closest(std::string_view key,
                                   const std::vector<Candidate> &candidates) {
  std::optional<std::string> best;
  size_t bestScore = SIZE_MAX;
  for (const Candidate &c : candidates) {
    const size_t dist = editDistance(key, c.key);
    if (dist > maxTypos(std::max(key.size(), c.key.size())))
      continue;
    const size_t score = dist + (c.local ? 0 : 1);
    if (score < bestScore) {
      bestScore = score;
      best = c.path;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------
// The checker: walks the parsed document, fills an Arch and collects errors
// ---------------------------------------------------------------------------

class Checker {
public:
  explicit Checker(std::vector<Diagnostic> &errors) : sink(errors) {}

  bool failed() const { return anyError; }

  void error(const toml::source_region &where, std::string message) {
    Diagnostic d;
    d.line = int(where.begin.line);
    d.column = int(where.begin.column);
    d.message = std::move(message);
    pending.push_back(std::move(d));
    anyError = true;
  }
  void error(const toml::node &node, std::string message) {
    error(node.source(), std::move(message));
  }

  // Appends the collected errors to the caller's list, by position.
  void flush() {
    std::stable_sort(pending.begin(), pending.end(),
                     [](const Diagnostic &a, const Diagnostic &b) {
                       return a.line != b.line ? a.line < b.line
                                               : a.column < b.column;
                     });
    for (Diagnostic &d : pending)
      sink.push_back(std::move(d));
    pending.clear();
  }

  void check(const toml::table &root, Arch &arch);

private:
  // -- lookups -------------------------------------------------------------

  // The node `key` of `table` (whose dotted path is `tablePath`); reports a
  // missing key at the table's position.
  const toml::node *require(const toml::table &table,
                            std::string_view tablePath, std::string_view key) {
    if (const toml::node *node = table.get(key))
      return node;
    error(table, "missing key " + quote(joinPath(tablePath, key)));
    return nullptr;
  }

  // A top-level table ("section").
  const toml::table *section(const toml::table &root, std::string_view key) {
    const toml::node *node = root.get(key);
    if (!node) {
      error(root, "missing section '[" + std::string(key) + "]'");
      return nullptr;
    }
    if (!node->is_table()) {
      error(*node, quote(key) + " must be a table (a [" + std::string(key) +
                       "] section), got " + std::string(describeType(*node)));
      return nullptr;
    }
    return node->as_table();
  }

  // -- typed values ----------------------------------------------------------

  std::optional<int64_t> integerValue(const toml::node &node,
                                      const std::string &path, int64_t lo,
                                      int64_t hi) {
    const auto *v = node.as_integer();
    if (!v) {
      error(node, quote(path) + " must be an integer, got " +
                      std::string(describeType(node)));
      return std::nullopt;
    }
    const int64_t x = v->get();
    if (x < lo || x > hi) {
      // Bounds that only guard the C++ type are not worth quoting unless hit.
      const bool openEnded = hi >= INT_MAX;
      std::string msg = quote(path) + " must be ";
      if (openEnded && x < lo)
        msg += "at least " + std::to_string(lo);
      else if (openEnded)
        msg += "at most " + std::to_string(hi);
      else
        msg += "between " + std::to_string(lo) + " and " + std::to_string(hi);
      error(node, msg + ", got " + std::to_string(x));
      return std::nullopt;
    }
    return x;
  }

  std::optional<int64_t> integer(const toml::table &table,
                                 std::string_view tablePath,
                                 std::string_view key, int64_t lo, int64_t hi) {
    const toml::node *node = require(table, tablePath, key);
    if (!node)
      return std::nullopt;
    return integerValue(*node, joinPath(tablePath, key), lo, hi);
  }

  // An integer or floating-point value that must be finite and in
  // [lo, hi] (the documented range: docs/architecture-format.md).
  std::optional<double> number(const toml::table &table,
                               std::string_view tablePath, std::string_view key,
                               double lo, double hi) {
    const toml::node *node = require(table, tablePath, key);
    if (!node)
      return std::nullopt;
    const std::string path = joinPath(tablePath, key);
    double x;
    if (const auto *f = node->as_floating_point())
      x = f->get();
    else if (const auto *i = node->as_integer())
      x = double(i->get());
    else {
      error(*node, quote(path) + " must be a number, got " +
                       std::string(describeType(*node)));
      return std::nullopt;
    }
    if (!std::isfinite(x) || x < lo || x > hi) {
      error(*node, quote(path) + " must be a number between " +
                       formatNumber(lo) + " and " + formatNumber(hi) +
                       ", got " + formatNumber(x));
      return std::nullopt;
    }
    return x;
  }

  std::optional<bool> boolean(const toml::table &table,
                              std::string_view tablePath,
                              std::string_view key) {
    const toml::node *node = require(table, tablePath, key);
    if (!node)
      return std::nullopt;
    if (const auto *b = node->as_boolean())
      return b->get();
    error(*node, quote(joinPath(tablePath, key)) +
                     " must be a boolean (true or false), got " +
                     std::string(describeType(*node)));
    return std::nullopt;
  }

  std::optional<std::string> stringValue(const toml::node &node,
                                         const std::string &path) {
    if (const auto *s = node.as_string())
      return s->get();
    error(node, quote(path) + " must be a string, got " +
                    std::string(describeType(node)));
    return std::nullopt;
  }

  // -- unknown keys --------------------------------------------------------

  // Reports every key of `table` that is not in `allowed`, suggesting the
  // closest of `allowed` (or, when `global` is set, of any fixed key of the
  // format).
  void rejectUnknown(const toml::table &table, std::string_view tablePath,
                     const std::vector<std::string_view> &allowed,
                     bool global) {
    for (auto &&[key, node] : table) {
      const std::string_view name = key.str();
      if (std::find(allowed.begin(), allowed.end(), name) != allowed.end())
        continue;
      std::vector<Candidate> candidates;
      for (std::string_view a : allowed)
        candidates.push_back({joinPath(tablePath, a), a, true});
      if (global)
        for (const KnownKey &k : kKnownKeys)
          if (k.table != tablePath)
            candidates.push_back({joinPath(k.table, k.key), k.key, false});
      const std::optional<std::string> guess = closest(name, candidates);

      std::string msg;
      const bool isSection = tablePath.empty() && node.is_table();
      if (isSection) {
        msg = "unknown section '[" + std::string(name) + "]'";
        if (guess)
          msg += " (did you mean '" +
                 (guess->find('.') == std::string::npos ? "[" + *guess + "]"
                                                        : *guess) +
                 "'?)";
      } else {
        msg = "unknown key " + quote(joinPath(tablePath, name));
        if (guess)
          msg += " (did you mean " + quote(*guess) + "?)";
      }
      error(key.source(), msg);
    }
  }

  std::vector<std::string_view> knownKeysOf(std::string_view table) {
    std::vector<std::string_view> keys;
    for (const KnownKey &k : kKnownKeys)
      if (k.table == table)
        keys.push_back(k.key);
    return keys;
  }

  // -- sections ------------------------------------------------------------

  void checkChip(const toml::table &t, Arch &arch);
  void checkMemory(const toml::table &t, Arch &arch, bool coresValid);
  void checkRing(const toml::table &t, Arch &arch);
  void checkDataflow(const toml::table &t, Arch &arch);
  void checkEngines(const toml::node &node, Arch &arch);
  void checkSimd(const toml::table &t, Arch &arch);
  void checkCompute(const toml::table &t, Arch &arch);
  void checkComputeEngine(const toml::table &t, Arch &arch);
  void checkTiming(const toml::table &t, Arch &arch);
  void checkNumerics(const toml::table &t, Arch &arch);
  std::optional<bool> choice(const toml::table &t, const char *key,
                             std::string_view yes, std::string_view no);

  std::vector<Diagnostic> &sink;
  std::vector<Diagnostic> pending;
  bool anyError = false;
};

void Checker::check(const toml::table &root, Arch &arch) {
  // The version comes first: a file written for another version is reported
  // as such, not as a list of unknown keys.
  if (const toml::node *node = require(root, "", "format_version")) {
    if (const auto *v = node->as_integer(); v && v->get() != kFormatVersion) {
      error(*node, "'format_version' " + std::to_string(v->get()) +
                       " is not supported (this version of Spyre Explorer "
                       "reads format_version " +
                       std::to_string(kFormatVersion) + ")");
      return;
    }
    integerValue(*node, "format_version", kFormatVersion, kFormatVersion);
  }

  rejectUnknown(root, "", knownKeysOf(""), true);

  if (const toml::node *node = require(root, "", "name")) {
    if (auto name = stringValue(*node, "name")) {
      if (name->empty())
        error(*node, "'name' must not be empty");
      arch.name = *name;
    }
  }
  if (const toml::node *node = root.get("description"))
    if (auto text = stringValue(*node, "description"))
      arch.description = *text;

  bool coresValid = false;
  if (const toml::table *t = section(root, "chip")) {
    checkChip(*t, arch);
    coresValid = arch.numCores > 0;
  }
  if (const toml::table *t = section(root, "memory"))
    checkMemory(*t, arch, coresValid);
  if (const toml::table *t = section(root, "ring"))
    checkRing(*t, arch);
  if (const toml::table *t = section(root, "dataflow"))
    checkDataflow(*t, arch);
  if (const toml::table *t = section(root, "simd"))
    checkSimd(*t, arch);
  if (const toml::table *t = section(root, "compute"))
    checkCompute(*t, arch);
  if (const toml::table *t = section(root, "compute_engine"))
    checkComputeEngine(*t, arch);
  // [timing] is optional (the emulator's parameters; files written before
  // it existed keep working): absent keys keep the documented defaults.
  arch.timing = TimingParams{};
  if (const toml::node *node = root.get("timing")) {
    if (!node->is_table())
      error(*node, "'timing' must be a table (a [timing] section), got " +
                       std::string(describeType(*node)));
    else
      checkTiming(*node->as_table(), arch);
  }
  // [numerics] is optional too (docs/numerics.md).
  arch.numerics = NumericsParams{};
  if (const toml::node *node = root.get("numerics")) {
    if (!node->is_table())
      error(*node, "'numerics' must be a table (a [numerics] section), got " +
                       std::string(describeType(*node)));
    else
      checkNumerics(*node->as_table(), arch);
  }
}

void Checker::checkChip(const toml::table &t, Arch &arch) {
  rejectUnknown(t, "chip", knownKeysOf("chip"), true);
  if (auto v = integer(t, "chip", "cores", 1, kMaxCores))
    arch.numCores = int(*v);
  if (auto v = number(t, "chip", "clock_ghz", limits::kMinClockGhz,
                      limits::kMaxClockGhz))
    arch.clockGhz = *v;
}

void Checker::checkMemory(const toml::table &t, Arch &arch, bool coresValid) {
  rejectUnknown(t, "memory", knownKeysOf("memory"), true);

  bool stickValid = false;
  if (const toml::node *node = require(t, "memory", "stick_bytes")) {
    if (auto v =
            integerValue(*node, "memory.stick_bytes", INT64_MIN, INT64_MAX)) {
      const int64_t x = *v;
      if (x < kMinStickBytes || x > kMaxStickBytes || (x & (x - 1)) != 0)
        error(*node, "'memory.stick_bytes' must be a power of two between " +
                         std::to_string(kMinStickBytes) + " and " +
                         std::to_string(kMaxStickBytes) + ", got " +
                         std::to_string(x));
      else {
        arch.stickBytes = int(x);
        stickValid = true;
      }
    }
  }

  if (const toml::node *node = require(t, "memory", "scratchpad_bytes")) {
    if (auto v = integerValue(*node, "memory.scratchpad_bytes", 1,
                                  limits::kMaxScratchpadBytes)) {
      if (stickValid && *v % arch.stickBytes != 0)
        error(*node, "'memory.scratchpad_bytes' must be a multiple of "
                     "'memory.stick_bytes' (" +
                         std::to_string(arch.stickBytes) + "), got " +
                         std::to_string(*v));
      else
        arch.scratchpadBytesPerCore = uint64_t(*v);
    }
  }

  if (auto v = integer(t, "memory", "hbm_bytes", 1, limits::kMaxHbmBytes))
    arch.hbmBytes = uint64_t(*v);
  if (auto v = number(t, "memory", "hbm_bandwidth_gbs",
                      limits::kMinBandwidthGBs, limits::kMaxBandwidthGBs))
    arch.hbmBandwidthGBs = *v;

  if (const toml::node *node = require(t, "memory", "hbm_attach_core")) {
    if (auto v =
            integerValue(*node, "memory.hbm_attach_core", 0, kMaxCores - 1)) {
      if (coresValid && *v >= arch.numCores)
        error(*node, "'memory.hbm_attach_core' must be a core id below "
                     "'chip.cores' (" +
                         std::to_string(arch.numCores) + "), got " +
                         std::to_string(*v));
      else
        arch.hbmAttachCore = int(*v);
    }
  }
}

void Checker::checkRing(const toml::table &t, Arch &arch) {
  rejectUnknown(t, "ring", knownKeysOf("ring"), true);
  if (auto v = boolean(t, "ring", "bidirectional"))
    arch.bidirectionalRing = *v;
  if (auto v = number(t, "ring", "link_bandwidth_gbs",
                      limits::kMinBandwidthGBs, limits::kMaxBandwidthGBs))
    arch.ringLinkBandwidthGBs = *v;
  if (auto v = integer(t, "ring", "hop_latency_cycles", 0,
                       limits::kMaxHopLatencyCycles))
    arch.hopLatencyCycles = int(*v);
}

void Checker::checkDataflow(const toml::table &t, Arch &arch) {
  rejectUnknown(t, "dataflow", knownKeysOf("dataflow"), true);
  if (auto v = integer(t, "dataflow", "fifo_depth", 1, limits::kMaxFifoDepth))
    arch.fifoDepth = int(*v);
  if (const toml::node *node = require(t, "dataflow", "engines"))
    checkEngines(*node, arch);
}

void Checker::checkEngines(const toml::node &node, Arch &arch) {
  const toml::array *engines = node.as_array();
  if (!engines) {
    error(node, "'dataflow.engines' must be an array of tables "
                "([[dataflow.engines]] sections), got " +
                    std::string(describeType(node)));
    return;
  }
  if (engines->empty()) {
    error(node, "'dataflow.engines' must list at least one load, one compute "
                "and one store engine, got none");
    return;
  }

  const std::vector<std::string_view> keys(std::begin(kEngineKeys),
                                           std::end(kEngineKeys));
  bool rolesValid = true;
  std::map<std::string, int> firstLine; // engine name -> line defining it
  for (size_t i = 0; i < engines->size(); ++i) {
    const toml::node &elem = (*engines)[i];
    const std::string path = "dataflow.engines[" + std::to_string(i) + "]";
    const toml::table *e = elem.as_table();
    if (!e) {
      error(elem, quote(path) + " must be a table, got " +
                      std::string(describeType(elem)));
      rolesValid = false;
      continue;
    }
    rejectUnknown(*e, path, keys, false);

    EngineKind kind;
    bool ok = true;
    if (const toml::node *n = require(*e, path, "name")) {
      if (auto name = stringValue(*n, path + ".name")) {
        const bool wellFormed =
            !name->empty() &&
            std::all_of(name->begin(), name->end(), [](char c) {
              return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                     (c >= '0' && c <= '9') || c == '_' || c == '-';
            });
        if (!wellFormed) {
          error(*n, quote(path + ".name") +
                        " must be a non-empty name of letters, digits, '_' "
                        "and '-', got \"" +
                        *name + "\"");
          ok = false;
        } else if (auto it = firstLine.find(*name); it != firstLine.end()) {
          error(*n, quote(path + ".name") + ": duplicate engine name \"" +
                        *name + "\" (first defined on line " +
                        std::to_string(it->second) + ")");
          ok = false;
        } else {
          firstLine[*name] = int(n->source().begin.line);
          kind.name = *name;
        }
      } else {
        ok = false;
      }
    } else {
      ok = false;
    }

    if (const toml::node *n = require(*e, path, "role")) {
      if (auto role = stringValue(*n, path + ".role")) {
        if (std::find(std::begin(kRoles), std::end(kRoles), *role) ==
            std::end(kRoles)) {
          std::vector<Candidate> candidates;
          for (std::string_view r : kRoles)
            candidates.push_back({std::string(r), r, true});
          std::string msg = quote(path + ".role") +
                            " must be \"load\", \"compute\" or \"store\", "
                            "got \"" +
                            *role + "\"";
          if (auto guess = closest(*role, candidates))
            msg += " (did you mean \"" + *guess + "\"?)";
          error(*n, msg);
          ok = rolesValid = false;
        } else {
          kind.role = *role;
        }
      } else {
        ok = rolesValid = false;
      }
    } else {
      ok = rolesValid = false;
    }

    if (auto count = integer(*e, path, "count", 1, kMaxEngineCount))
      kind.count = int(*count);
    else
      ok = false;

    if (ok)
      arch.engines.push_back(std::move(kind));
  }

  // Every role must be present; only checked when every role was readable,
  // so that a misspelt role is not reported twice.
  if (!rolesValid)
    return;
  for (std::string_view role : kRoles) {
    // Read from the file rather than from arch.engines, so that an engine
    // dropped for another error (a bad name or count) still counts.
    bool declared = false;
    for (size_t i = 0; !declared && i < engines->size(); ++i)
      if (const toml::table *e = (*engines)[i].as_table())
        if (const auto *r = e->get_as<std::string>("role"))
          declared = r->get() == role;
    if (!declared)
      error(node, "'dataflow.engines' has no engine with role \"" +
                      std::string(role) +
                      "\" (at least one load, one compute and one store "
                      "engine is required)");
  }
}

void Checker::checkSimd(const toml::table &t, Arch &arch) {
  bool hasF16 = false;
  for (auto &&[key, node] : t) {
    const std::string_view type = key.str();
    const std::string path = joinPath("simd", type);
    if (std::find(std::begin(kElementTypes), std::end(kElementTypes), type) ==
        std::end(kElementTypes)) {
      std::vector<Candidate> candidates;
      std::string known;
      for (std::string_view e : kElementTypes) {
        candidates.push_back({joinPath("simd", e), e, true});
        known += (known.empty() ? "" : ", ") + std::string(e);
      }
      std::string msg = "unknown key " + quote(path);
      if (auto guess = closest(type, candidates))
        msg += " (did you mean " + quote(*guess) + "?)";
      else
        msg += " (not an element type; known: " + known + ")";
      error(key.source(), msg);
      continue;
    }
    if (type == "f16")
      hasF16 = true;
    if (auto v = integerValue(node, path, 1, kMaxSimdElements))
      arch.simdElementsPerCycle[std::string(type)] = int(*v);
  }
  if (!hasF16)
    error(t, "missing key 'simd.f16' (the f16 SIMD width is required: the "
             "latency model and the passes use it)");
}

void Checker::checkCompute(const toml::table &t, Arch &arch) {
  rejectUnknown(t, "compute", knownKeysOf("compute"), true);
  if (auto v = integer(t, "compute", "systolic_rows", 1,
                       limits::kMaxSystolicRows))
    arch.systolicRows = int(*v);
  if (auto v = integer(t, "compute", "transcendental_penalty", 1,
                       limits::kMaxTranscendentalPenalty))
    arch.transcendentalPenalty = int(*v);
  // The compute engine had a second capacity here (what the emulator let
  // it hold whole); it has one now, compute_engine.local_bytes.
  if (const toml::node *node = t.get("held_tile_bytes"))
    error(*node, "'compute.held_tile_bytes' is no longer read: the compute "
                 "engine's one capacity is 'compute_engine.local_bytes'");
}

void Checker::checkTiming(const toml::table &t, Arch &arch) {
  rejectUnknown(t, "timing", knownKeysOf("timing"), true);
  auto optionalInt = [&](const char *key, int64_t lo, int64_t hi, int &out) {
    if (const toml::node *node = t.get(key))
      if (auto v = integerValue(*node, std::string("timing.") + key, lo, hi))
        out = int(*v);
  };
  optionalInt("issue_cycles", 1, 1024, arch.timing.issueCycles);
  optionalInt("lx_port_sticks_per_cycle", 1, 1024,
              arch.timing.lxPortSticksPerCycle);
  optionalInt("channel_latency_cycles", 0, 1 << 20,
              arch.timing.channelLatencyCycles);
  optionalInt("dma_setup_cycles", 0, 1 << 20, arch.timing.dmaSetupCycles);
}

// One of two strings, as true (`yes`) or false (`no`).
std::optional<bool> Checker::choice(const toml::table &t, const char *key,
                                    std::string_view yes, std::string_view no) {
  const toml::node *node = t.get(key);
  if (!node)
    return std::nullopt;
  std::string path = std::string("numerics.") + key;
  std::optional<std::string> v = stringValue(*node, path);
  if (!v)
    return std::nullopt;
  if (*v == yes || *v == no)
    return *v == yes;
  error(*node, quote(path) + " must be \"" + std::string(yes) + "\" or \"" +
                   std::string(no) + "\", got \"" + *v + "\"");
  return std::nullopt;
}

void Checker::checkNumerics(const toml::table &t, Arch &arch) {
  rejectUnknown(t, "numerics", knownKeysOf("numerics"), true);
  if (auto v = choice(t, "accumulator", "f32", "element"))
    arch.numerics.accumulateF32 = *v;
  if (auto v = choice(t, "reduce_order", "tree", "sequential"))
    arch.numerics.treeReduce = *v;
  if (const toml::node *node = t.get("function_ulps")) {
    double x = node->as_floating_point()  ? node->as_floating_point()->get()
               : node->as_integer()       ? double(node->as_integer()->get())
                                          : NAN;
    if (!(x >= 0.5 && x <= 1024))
      error(*node, "'numerics.function_ulps' must be a number between 0.5 "
                   "and 1024 (ulps of the result type)");
    else
      arch.numerics.functionUlps = x;
  }
}

// --- [compute_engine]: the compute engine's own memory ---
void Checker::checkComputeEngine(const toml::table &t, Arch &arch) {
  rejectUnknown(t, "compute_engine", knownKeysOf("compute_engine"), true);
  // One stick is the least an engine computes on (1 when the stick size
  // is itself wrong, which is reported there).
  const int64_t least = std::max(arch.stickBytes, 1);
  if (auto v = integer(t, "compute_engine", "local_bytes", least, INT64_MAX))
    arch.computeLocalBytes = uint64_t(*v);
}

// Converts a TOML syntax error. toml++ gives the position of the character
// it stopped at.
Diagnostic syntaxError(const toml::parse_error &e) {
  Diagnostic d;
  d.line = int(e.source().begin.line);
  d.column = int(e.source().begin.column);
  d.message = "TOML syntax error: " + std::string(e.description());
  return d;
}

} // namespace

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

int Arch::stickElements(int elementBytes) const {
  return elementBytes > 0 ? stickBytes / elementBytes : 0;
}

std::string formatDiagnostic(std::string_view sourceName, const Diagnostic &d) {
  std::string s(sourceName);
  if (d.line > 0) {
    s += ':' + std::to_string(d.line);
    if (d.column > 0)
      s += ':' + std::to_string(d.column);
  }
  return s + ": error: " + d.message;
}

std::optional<Arch> parseArch(std::string_view text,
                              std::string_view sourceName,
                              std::vector<Diagnostic> &errors) {
  toml::table root;
#if TOML_EXCEPTIONS
  try {
    root = toml::parse(text, sourceName);
  } catch (const toml::parse_error &e) {
    errors.push_back(syntaxError(e));
    return std::nullopt;
  }
#else
  toml::parse_result result = toml::parse(text, sourceName);
  if (!result) {
    errors.push_back(syntaxError(result.error()));
    return std::nullopt;
  }
  root = std::move(result).table();
#endif

  Arch arch;
  arch.source = std::string(sourceName);
  Checker checker(errors);
  checker.check(root, arch);
  checker.flush();
  if (checker.failed())
    return std::nullopt;
  return arch;
}

std::optional<Arch> loadArch(const std::string &path,
                             std::vector<Diagnostic> &errors) {
  auto cannot = [&](const char *what, int err) {
    Diagnostic d;
    d.message = std::string("cannot ") + what + " architecture file '" + path +
                "': " + std::strerror(err);
    errors.push_back(std::move(d));
    return std::nullopt;
  };

  std::FILE *f = spyre::openForReading(path);
  if (!f)
    return cannot("open", errno);
  // Bounded: /dev/zero or a huge file is refused, not read into memory.
  std::string text;
  char buf[16384];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    if (text.size() + n > spyre::limits::kMaxArchBytes) {
      std::fclose(f);
      Diagnostic d;
      d.message = "architecture file '" + path + "' is larger than " +
                  std::to_string(spyre::limits::kMaxArchBytes) +
                  " bytes (the limit, see docs/limits.md)";
      errors.push_back(std::move(d));
      return std::nullopt;
    }
    text.append(buf, n);
  }
  const bool readError = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (readError)
    return cannot("read", err ? err : EIO);
  return parseArch(text, path, errors);
}

std::string_view defaultArchText() { return *presetText(kDefaultPreset); }

Arch defaultArch() {
  static const Arch arch = [] {
    std::vector<Diagnostic> errors;
    const std::string source = "<preset:" + std::string(kDefaultPreset) + ">";
    std::optional<Arch> parsed = parseArch(defaultArchText(), source, errors);
    if (!parsed) {
      // Only possible if a broken resources/arch/spyre.toml was built in; the
      // unit test catches that first.
      for (const Diagnostic &d : errors)
        std::cerr << formatDiagnostic(source, d) << '\n';
      std::abort();
    }
    return *std::move(parsed);
  }();
  return arch;
}

std::vector<std::string> presetNames() {
  std::vector<std::string> names;
  for (const Preset &p : kPresets)
    names.emplace_back(p.name);
  return names;
}

std::optional<std::string_view> presetText(std::string_view name) {
  for (const Preset &p : kPresets)
    if (p.name == name)
      return p.text;
  return std::nullopt;
}

} // namespace arch
} // namespace spyre
