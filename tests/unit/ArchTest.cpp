// ArchTest.cpp - unit tests for the architecture description (arch/Arch.h):
// the compiled-in presets, their documented values, and the loader's
// diagnostics for bad files (exact line, column and message).

#include "arch/Arch.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace spyre::arch;

namespace {

// A small valid file. The bad-file cases replace one or more of its lines, so
// the line numbers in the tables below refer to this listing.
const char *const kBaseLines[] = {
    /*  1 */ "format_version = 2",
    /*  2 */ "name = \"test\"",
    /*  3 */ "description = \"unit test\"",
    /*  4 */ "",
    /*  5 */ "[chip]",
    /*  6 */ "cores = 32",
    /*  7 */ "clock_ghz = 1.0",
    /*  8 */ "",
    /*  9 */ "[memory]",
    /* 10 */ "scratchpad_bytes = 2097152",
    /* 11 */ "stick_bytes = 128",
    /* 12 */ "hbm_bytes = 1073741824",
    /* 13 */ "hbm_bandwidth_gbs = 128.0",
    /* 14 */ "hbm_attach_core = 0",
    /* 15 */ "",
    /* 16 */ "[ring]",
    /* 17 */ "bidirectional = true",
    /* 18 */ "link_bandwidth_gbs = 64.0",
    /* 19 */ "hop_latency_cycles = 1",
    /* 20 */ "",
    /* 21 */ "[dataflow]",
    /* 22 */ "fifo_depth = 16",
    /* 23 */ "",
    /* 24 */ "[[dataflow.engines]]",
    /* 25 */ "name = \"ld\"",
    /* 26 */ "role = \"load\"",
    /* 27 */ "count = 1",
    /* 28 */ "",
    /* 29 */ "[[dataflow.engines]]",
    /* 30 */ "name = \"alu\"",
    /* 31 */ "role = \"compute\"",
    /* 32 */ "count = 1",
    /* 33 */ "",
    /* 34 */ "[[dataflow.engines]]",
    /* 35 */ "name = \"st\"",
    /* 36 */ "role = \"store\"",
    /* 37 */ "count = 1",
    /* 38 */ "",
    /* 39 */ "[simd]",
    /* 40 */ "f16 = 64",
    /* 41 */ "f32 = 32",
    /* 42 */ "",
    /* 43 */ "[compute]",
    /* 44 */ "systolic_rows = 8",
    /* 45 */ "transcendental_penalty = 4",
    /* 46 */ "",
    /* 47 */ "[compute_engine]",
    /* 48 */ "local_bytes = 2048",
};

// Line number (1-based) -> replacement text. A replacement may be empty (the
// key disappears, line numbers stay) or span several lines (later lines move
// down).
using Changes = std::map<int, std::string>;

// The base file with the given lines replaced.
std::string baseWith(const Changes &changes) {
  std::string text;
  int line = 1;
  for (const char *l : kBaseLines) {
    auto it = changes.find(line++);
    text += it != changes.end() ? it->second : std::string(l);
    text += '\n';
  }
  return text;
}

// `changes` plus the removal of the three [[dataflow.engines]] tables
// (lines 24-37), for files that declare the engines differently.
Changes withoutEngines(Changes changes) {
  for (int line = 24; line <= 37; ++line)
    changes.emplace(line, "");
  return changes;
}

QString describe(const std::vector<Diagnostic> &errors) {
  QString s;
  for (const Diagnostic &d : errors)
    s += QString::fromStdString(formatDiagnostic("test.toml", d)) + '\n';
  return s;
}

// The diagnostic on `line` (and `column`, unless 0) whose message contains
// `substring`, if any.
const Diagnostic *findError(const std::vector<Diagnostic> &errors, int line,
                            int column, const QString &substring) {
  for (const Diagnostic &d : errors)
    if (d.line == line && (column == 0 || d.column == column) &&
        QString::fromStdString(d.message).contains(substring))
      return &d;
  return nullptr;
}

Arch parseOk(std::string_view text, std::string_view name) {
  std::vector<Diagnostic> errors;
  std::optional<Arch> arch = parseArch(text, name, errors);
  if (!arch || !errors.empty())
    qWarning("%s", qPrintable(describe(errors)));
  return arch ? *arch : Arch{};
}

// Compares everything but the name, description and source.
void compareHardware(const Arch &a, const Arch &b) {
  QCOMPARE(a.numCores, b.numCores);
  QCOMPARE(a.clockGhz, b.clockGhz);
  QCOMPARE(a.scratchpadBytesPerCore, b.scratchpadBytesPerCore);
  QCOMPARE(a.stickBytes, b.stickBytes);
  QCOMPARE(a.hbmBytes, b.hbmBytes);
  QCOMPARE(a.hbmBandwidthGBs, b.hbmBandwidthGBs);
  QCOMPARE(a.hbmAttachCore, b.hbmAttachCore);
  QCOMPARE(a.bidirectionalRing, b.bidirectionalRing);
  QCOMPARE(a.ringLinkBandwidthGBs, b.ringLinkBandwidthGBs);
  QCOMPARE(a.hopLatencyCycles, b.hopLatencyCycles);
  QCOMPARE(a.fifoDepth, b.fifoDepth);
  QCOMPARE(a.engines.size(), b.engines.size());
  for (size_t i = 0; i < a.engines.size(); ++i) {
    QCOMPARE(a.engines[i].name, b.engines[i].name);
    QCOMPARE(a.engines[i].role, b.engines[i].role);
    QCOMPARE(a.engines[i].count, b.engines[i].count);
  }
  QVERIFY(a.simdElementsPerCycle == b.simdElementsPerCycle);
  QCOMPARE(a.systolicRows, b.systolicRows);
  QCOMPARE(a.transcendentalPenalty, b.transcendentalPenalty);
  QCOMPARE(a.computeLocalBytes, b.computeLocalBytes);
  QCOMPARE(a.timing.issueCycles, b.timing.issueCycles);
  QCOMPARE(a.timing.lxPortSticksPerCycle, b.timing.lxPortSticksPerCycle);
  QCOMPARE(a.timing.channelLatencyCycles, b.timing.channelLatencyCycles);
  QCOMPARE(a.timing.dmaSetupCycles, b.timing.dmaSetupCycles);
  QCOMPARE(a.numerics.accumulateF32, b.numerics.accumulateF32);
  QCOMPARE(a.numerics.treeReduce, b.numerics.treeReduce);
  QCOMPARE(a.numerics.functionUlps, b.numerics.functionUlps);
}

} // namespace

Q_DECLARE_METATYPE(Changes)

class ArchTest : public QObject {
  Q_OBJECT

private slots:
  void presetList();
  void defaultValues();
  void defaultValuesHaveSources();
  void fourCorePreset();
  void baseFileParses();
  void badFile_data();
  void badFile();
  void severalErrorsAtOnce();
  void loadMissingFile();
  void loadDirectory();
  void loadFiles();
  void diagnosticFormat();
};

void ArchTest::presetList() {
  QCOMPARE(presetNames(), (std::vector<std::string>{"spyre", "spyre-4core"}));
  QVERIFY(presetText("spyre").has_value());
  QVERIFY(presetText("spyre-4core").has_value());
  QVERIFY(!presetText("spyre-64core").has_value());
  QVERIFY(!presetText("").has_value());
  QVERIFY(defaultArchText() == *presetText("spyre"));
  for (const std::string &name : presetNames()) {
    std::vector<Diagnostic> errors;
    QVERIFY2(parseArch(*presetText(name), name, errors).has_value(),
             qPrintable(describe(errors)));
    QVERIFY(errors.empty());
  }
}

// The documented Spyre values (DESIGN.md and ktir-cpu's HardwareConfig code
// defaults, which the latency model reproduces).
void ArchTest::defaultValues() {
  const Arch a = defaultArch();
  QCOMPARE(a.name, std::string("spyre"));
  QVERIFY(!a.description.empty());
  QCOMPARE(a.numCores, 32);
  QCOMPARE(a.scratchpadBytesPerCore, uint64_t(2097152));
  QCOMPARE(a.stickBytes, 128);
  QCOMPARE(a.stickElements(2), 64); // 64 f16 per stick
  QCOMPARE(a.stickElements(4), 32);
  QCOMPARE(a.stickElements(0), 0);
  QCOMPARE(a.clockGhz, 1.0);
  QCOMPARE(a.hbmBandwidthGBs, 128.0);
  QCOMPARE(a.ringLinkBandwidthGBs, 64.0);
  // The conversion to ktir-cpu's TB/s gives exactly its literals.
  QVERIFY(a.hbmBandwidthGBs / 1000.0 == 0.128);
  QVERIFY(a.ringLinkBandwidthGBs / 1000.0 == 0.064);
  QCOMPARE(a.simdElementsPerCycle.at("f16"), 64);
  QCOMPARE(a.systolicRows, 8);
  QCOMPARE(a.transcendentalPenalty, 4);
  QCOMPARE(a.computeLocalBytes, uint64_t(2048)); // the sample's SFU_REG
  QVERIFY(a.bidirectionalRing);
  QVERIFY(a.hbmAttachCore >= 0 && a.hbmAttachCore < a.numCores);
  QVERIFY(a.fifoDepth >= 1);
  QVERIFY(a.hbmBytes > 0);
  for (const char *role : {"load", "compute", "store"}) {
    bool found = false;
    for (const EngineKind &e : a.engines)
      found = found || e.role == role;
    QVERIFY2(found, role);
  }
  QCOMPARE(a.source, std::string("<preset:spyre>"));
  // The emulator's parameters, as the preset states them (assumptions).
  QCOMPARE(a.timing.issueCycles, 1);
  QCOMPARE(a.timing.lxPortSticksPerCycle, 1);
  QCOMPARE(a.timing.channelLatencyCycles, 1);
  QCOMPARE(a.timing.dmaSetupCycles, 64);
  // A file without [timing] takes the same defaults; one with it, its values.
  Arch base = parseOk(baseWith({}), "test.toml");
  QCOMPARE(base.timing.dmaSetupCycles, 64);
  Arch custom = parseOk(
      baseWith({{45, "transcendental_penalty = 4\n"
                     "[timing]\nissue_cycles = 2\nlx_port_sticks_per_cycle = 4\n"
                     "channel_latency_cycles = 0\ndma_setup_cycles = 7"}}),
      "test.toml");
  QCOMPARE(custom.timing.issueCycles, 2);
  QCOMPARE(custom.timing.lxPortSticksPerCycle, 4);
  QCOMPARE(custom.timing.channelLatencyCycles, 0);
  QCOMPARE(custom.timing.dmaSetupCycles, 7);
  // [numerics], the same way (docs/numerics.md).
  QVERIFY(a.numerics.accumulateF32);
  QVERIFY(a.numerics.treeReduce);
  QCOMPARE(a.numerics.functionUlps, 1.0);
  QVERIFY(base.numerics.accumulateF32 && base.numerics.treeReduce);
  Arch element = parseOk(
      baseWith({{45, "transcendental_penalty = 4\n"
                     "[numerics]\naccumulator = \"element\"\n"
                     "reduce_order = \"sequential\"\nfunction_ulps = 2"}}),
      "test.toml");
  QVERIFY(!element.numerics.accumulateF32);
  QVERIFY(!element.numerics.treeReduce);
  QCOMPARE(element.numerics.functionUlps, 2.0);
}

// Every number (and boolean) in the default file has a comment naming its
// source, with one of the tags the file's header explains.
void ArchTest::defaultValuesHaveSources() {
  const QString text = QString::fromUtf8(defaultArchText().data(),
                                         int(defaultArchText().size()));
  const QStringList tags = {"[spyre]", "[ktir-cpu]", "[sample]",
                            "[ASSUMPTION]"};
  for (const QString &tag : tags)
    QVERIFY2(text.contains(tag + " "), qPrintable(tag)); // explained on top
  const QStringList lines = text.split('\n');
  int numbers = 0;
  for (int i = 0; i < lines.size(); ++i) {
    const QString line = lines[i].trimmed();
    const int eq = line.indexOf('=');
    if (line.startsWith('#') || line.startsWith('[') || eq < 0)
      continue;
    const QString key = line.left(eq).trimmed();
    const int hash = line.indexOf('#');
    const QString value =
        line.mid(eq + 1, hash < 0 ? -1 : hash - eq - 1).trimmed();
    const bool isNumber =
        !value.isEmpty() && (value[0].isDigit() || value[0] == '-' ||
                             value == "true" || value == "false");
    if (!isNumber || key == "format_version")
      continue;
    ++numbers;
    const QString comment = hash < 0 ? QString() : line.mid(hash);
    bool tagged = false;
    for (const QString &tag : tags)
      tagged = tagged || comment.contains(tag);
    QVERIFY2(
        tagged,
        qPrintable(
            QString("line %1 has no source tag: %2").arg(i + 1).arg(line)));
  }
  QVERIFY(numbers >= 20);
}

void ArchTest::fourCorePreset() {
  std::vector<Diagnostic> errors;
  std::optional<Arch> a =
      parseArch(*presetText("spyre-4core"), "spyre-4core.toml", errors);
  QVERIFY2(a.has_value(), qPrintable(describe(errors)));
  QCOMPARE(a->name, std::string("spyre-4core"));
  QCOMPARE(a->numCores, 4);
  QCOMPARE(a->scratchpadBytesPerCore, uint64_t(1048576));
  QCOMPARE(a->source, std::string("spyre-4core.toml"));
  // Otherwise like the default.
  Arch expected = defaultArch();
  expected.numCores = 4;
  expected.scratchpadBytesPerCore = 1048576;
  compareHardware(*a, expected);
}

void ArchTest::baseFileParses() {
  const Arch a = parseOk(baseWith({}), "base.toml");
  QCOMPARE(a.name, std::string("test"));
  QCOMPARE(a.numCores, 32);
  QCOMPARE(a.engines.size(), size_t(3));
  QCOMPARE(a.engines[1].name, std::string("alu"));
  QCOMPARE(a.engines[1].role, std::string("compute"));
  QCOMPARE(a.simdElementsPerCycle.size(), size_t(2));

  // Integers are accepted where numbers are expected; an inline table is as
  // good as a [section].
  const Arch b = parseOk(
      baseWith({{3, "description = \"d\"\nsimd = { f16 = 64, f32 = 32 }"},
                {7, "clock_ghz = 2"},
                {39, ""},
                {40, ""},
                {41, ""}}),
      "base.toml");
  QCOMPARE(b.clockGhz, 2.0);
  QCOMPARE(b.simdElementsPerCycle.at("f32"), 32);
}

void ArchTest::badFile_data() {
  // clang-format off
  QTest::addColumn<Changes>("changes");  // lines of the base file to replace
  QTest::addColumn<int>("line");         // expected error position
  QTest::addColumn<int>("column");       // (0: not checked)
  QTest::addColumn<QString>("message");  // expected message substring

  // TOML syntax (toml++'s position and description).
  QTest::newRow("syntax: missing value")
      << Changes{{6, "cores = "}} << 6 << 9 << "TOML syntax error: Error while parsing key-value pair";
  QTest::newRow("syntax: unterminated string")
      << Changes{{2, "name = \"test"}} << 2 << 0 << "TOML syntax error";
  QTest::newRow("syntax: duplicate key")
      << Changes{{6, "cores = 32\ncores = 33"}} << 7 << 0 << "cannot redefine existing integer 'cores'";
  QTest::newRow("syntax: duplicate table")
      << Changes{{16, "[chip]"}} << 16 << 1 << "cannot redefine existing table 'chip'";

  // Missing keys and sections: reported at the table that lacks them.
  QTest::newRow("missing key") << Changes{{6, ""}} << 5 << 1 << "missing key 'chip.cores'";
  QTest::newRow("missing key memory.stick_bytes")
      << Changes{{11, ""}} << 9 << 1 << "missing key 'memory.stick_bytes'";
  QTest::newRow("missing key in an engine")
      << Changes{{31, ""}} << 29 << 1 << "missing key 'dataflow.engines[1].role'";
  QTest::newRow("missing top-level key") << Changes{{2, ""}} << 1 << 1 << "missing key 'name'";
  QTest::newRow("missing format_version") << Changes{{1, ""}} << 1 << 1 << "missing key 'format_version'";
  QTest::newRow("missing section")
      << Changes{{43, ""}} << 1 << 1 << "missing section '[compute]'";

  // Wrong types: reported at the value.
  QTest::newRow("string for integer")
      << Changes{{6, "cores = \"32\""}} << 6 << 9 << "'chip.cores' must be an integer, got a string";
  QTest::newRow("float for integer")
      << Changes{{6, "cores = 32.0"}} << 6 << 9
      << "'chip.cores' must be an integer, got a floating-point number";
  QTest::newRow("string for number")
      << Changes{{7, "clock_ghz = \"fast\""}} << 7 << 13
      << "'chip.clock_ghz' must be a number, got a string";
  QTest::newRow("integer for boolean")
      << Changes{{17, "bidirectional = 1"}} << 17 << 17
      << "'ring.bidirectional' must be a boolean (true or false), got an integer";
  QTest::newRow("integer for name") << Changes{{2, "name = 5"}} << 2 << 8 << "'name' must be a string, got an integer";
  QTest::newRow("value for section")
      << Changes{{3, "compute = 4"}, {43, ""}} << 3 << 11
      << "'compute' must be a table (a [compute] section), got an integer";
  QTest::newRow("engines not an array")
      << withoutEngines({{22, "fifo_depth = 16\nengines = 3"}}) << 23 << 11
      << "'dataflow.engines' must be an array of tables ([[dataflow.engines]] sections), got an integer";
  QTest::newRow("simd width not an integer")
      << Changes{{41, "f32 = \"wide\""}} << 41 << 7 << "'simd.f32' must be an integer, got a string";

  // Out of range.
  QTest::newRow("no cores") << Changes{{6, "cores = 0"}} << 6 << 9 << "'chip.cores' must be between 1 and 1024, got 0";
  QTest::newRow("too many cores")
      << Changes{{6, "cores = 4096"}} << 6 << 9 << "'chip.cores' must be between 1 and 1024, got 4096";
  QTest::newRow("zero clock") << Changes{{7, "clock_ghz = 0.0"}} << 7 << 13 << "'chip.clock_ghz' must be a number between 0.001 and 100, got 0";
  QTest::newRow("negative bandwidth")
      << Changes{{13, "hbm_bandwidth_gbs = -128"}} << 13 << 21
      << "'memory.hbm_bandwidth_gbs' must be a number between 0.001 and 1e+07, got -128";
  QTest::newRow("nan bandwidth")
      << Changes{{18, "link_bandwidth_gbs = nan"}} << 18 << 22
      << "'ring.link_bandwidth_gbs' must be a number between 0.001 and 1e+07, got nan";
  QTest::newRow("infinite clock") << Changes{{7, "clock_ghz = inf"}} << 7 << 13 << "must be a number between 0.001 and 100, got inf";
  // Values whose derived quantities are not finite (issue 29): a denormal
  // clock gave "inf us", a tiny bandwidth free transfers.
  QTest::newRow("denormal clock") << Changes{{7, "clock_ghz = 5e-324"}} << 7 << 13
                                  << "'chip.clock_ghz' must be a number between 0.001 and 100, got 5e-324";
  QTest::newRow("tiny hbm bandwidth")
      << Changes{{13, "hbm_bandwidth_gbs = 1e-300"}} << 13 << 21
      << "'memory.hbm_bandwidth_gbs' must be a number between 0.001 and 1e+07, got 1e-300";
  QTest::newRow("denormal link bandwidth")
      << Changes{{18, "link_bandwidth_gbs = 5e-324"}} << 18 << 22
      << "'ring.link_bandwidth_gbs' must be a number between 0.001 and 1e+07, got 5e-324";
  QTest::newRow("stick not a power of two")
      << Changes{{11, "stick_bytes = 100"}} << 11 << 15
      << "'memory.stick_bytes' must be a power of two between 16 and 65536, got 100";
  QTest::newRow("stick too small")
      << Changes{{11, "stick_bytes = 8"}} << 11 << 15 << "must be a power of two between 16 and 65536, got 8";
  QTest::newRow("scratchpad not whole sticks")
      << Changes{{10, "scratchpad_bytes = 2097000"}} << 10 << 20
      << "'memory.scratchpad_bytes' must be a multiple of 'memory.stick_bytes' (128), got 2097000";
  QTest::newRow("no scratchpad")
      << Changes{{10, "scratchpad_bytes = 0"}} << 10 << 20 << "'memory.scratchpad_bytes' must be at least 1, got 0";
  QTest::newRow("no hbm") << Changes{{12, "hbm_bytes = -1"}} << 12 << 13 << "'memory.hbm_bytes' must be at least 1, got -1";
  QTest::newRow("attach core beyond the ring")
      << Changes{{14, "hbm_attach_core = 32"}} << 14 << 19
      << "'memory.hbm_attach_core' must be a core id below 'chip.cores' (32), got 32";
  QTest::newRow("negative attach core")
      << Changes{{14, "hbm_attach_core = -1"}} << 14 << 19
      << "'memory.hbm_attach_core' must be between 0 and 1023, got -1";
  QTest::newRow("negative hop latency")
      << Changes{{19, "hop_latency_cycles = -1"}} << 19 << 22 << "'ring.hop_latency_cycles' must be at least 0, got -1";
  QTest::newRow("no fifo slots") << Changes{{22, "fifo_depth = 0"}} << 22 << 14 << "'dataflow.fifo_depth' must be between 1 and 4096, got 0";
  QTest::newRow("fifo beyond the model")
      << Changes{{22, "fifo_depth = 2147483647"}} << 22 << 14
      << "'dataflow.fifo_depth' must be between 1 and 4096, got 2147483647";
  QTest::newRow("no engine instances")
      << Changes{{32, "count = 0"}} << 32 << 9 << "'dataflow.engines[1].count' must be between 1 and 1024, got 0";
  QTest::newRow("zero simd width") << Changes{{41, "f32 = 0"}} << 41 << 7 << "'simd.f32' must be between 1 and 1048576, got 0";
  QTest::newRow("no systolic rows")
      << Changes{{44, "systolic_rows = 0"}} << 44 << 17 << "'compute.systolic_rows' must be between 1 and 65536, got 0";
  // The model's one range (a record's hw_config has the same): accepted
  // here, refused later under another name before (issue 29).
  QTest::newRow("systolic rows beyond the model")
      << Changes{{44, "systolic_rows = 2147483647"}} << 44 << 17
      << "'compute.systolic_rows' must be between 1 and 65536, got 2147483647";
  QTest::newRow("penalty beyond the model")
      << Changes{{45, "transcendental_penalty = 2147483647"}} << 45 << 26
      << "'compute.transcendental_penalty' must be between 1 and 1000000, got 2147483647";
  QTest::newRow("no penalty")
      << Changes{{45, "transcendental_penalty = 0"}} << 45 << 26
      << "'compute.transcendental_penalty' must be between 1 and 1000000, got 0";
  QTest::newRow("compute engine below a stick")
      << Changes{{48, "local_bytes = 64"}} << 48 << 15
      << "'compute_engine.local_bytes' must be at least 128, got 64";
  QTest::newRow("no compute engine section")
      << Changes{{47, ""}, {48, ""}} << 1 << 1
      << "missing section '[compute_engine]'";
  QTest::newRow("empty name") << Changes{{2, "name = \"\""}} << 2 << 8 << "'name' must not be empty";
  QTest::newRow("unsupported version")
      << Changes{{1, "format_version = 3"}} << 1 << 18 << "'format_version' 3 is not supported";

  // Unknown keys, with a suggestion when one is close.
  QTest::newRow("unknown key, typo")
      << Changes{{6, "coress = 32"}} << 6 << 1 << "unknown key 'chip.coress' (did you mean 'chip.cores'?)";
  QTest::newRow("unknown key, transposition")
      << Changes{{11, "stikc_bytes = 128"}} << 11 << 1
      << "unknown key 'memory.stikc_bytes' (did you mean 'memory.stick_bytes'?)";
  QTest::newRow("unknown key, wrong section")
      << Changes{{11, "stick_bytes = 128\nclock_ghz = 1.0"}} << 12 << 1
      << "unknown key 'memory.clock_ghz' (did you mean 'chip.clock_ghz'?)";
  QTest::newRow("unknown key, no suggestion")
      << Changes{{7, "clock_ghz = 1.0\nvendor = \"IBM\""}} << 8 << 1 << "unknown key 'chip.vendor'";
  QTest::newRow("unknown top-level key")
      << Changes{{3, "descripton = \"x\""}} << 3 << 1 << "unknown key 'descripton' (did you mean 'description'?)";
  QTest::newRow("unknown section")
      << Changes{{16, "[rnig]"}} << 16 << 2 << "unknown section '[rnig]' (did you mean '[ring]'?)";
  QTest::newRow("unknown engine key")
      << Changes{{27, "cnt = 1"}} << 27 << 1
      << "unknown key 'dataflow.engines[0].cnt' (did you mean 'dataflow.engines[0].count'?)";
  QTest::newRow("unknown element type")
      << Changes{{41, "fp32 = 32"}} << 41 << 1 << "unknown key 'simd.fp32' (did you mean 'simd.f32'?)";
  QTest::newRow("unknown element type, no suggestion")
      << Changes{{41, "quaternion = 32"}} << 41 << 1 << "unknown key 'simd.quaternion' (not an element type; known: f16";

  // Engines.
  QTest::newRow("bad engine role")
      << Changes{{31, "role = \"compte\""}} << 31 << 8
      << "'dataflow.engines[1].role' must be \"load\", \"compute\" or \"store\", got \"compte\" (did you mean \"compute\"?)";
  QTest::newRow("no store engine")
      << Changes{{36, "role = \"load\""}} << 24 << 1
      << "'dataflow.engines' has no engine with role \"store\"";
  QTest::newRow("duplicate engine name")
      << Changes{{35, "name = \"ld\""}} << 35 << 8
      << "'dataflow.engines[2].name': duplicate engine name \"ld\" (first defined on line 25)";
  QTest::newRow("bad engine name")
      << Changes{{30, "name = \"my alu\""}} << 30 << 8 << "'dataflow.engines[1].name' must be a non-empty name";
  QTest::newRow("engine not a table")
      << withoutEngines({{22, "fifo_depth = 16\nengines = [1]"}}) << 23 << 12 << "'dataflow.engines[0]' must be a table, got an integer";
  QTest::newRow("stray subtable")
      << Changes{{24, "[dataflow.x]"}} << 24 << 11 << "unknown key 'dataflow.x'";

  // SIMD.
  QTest::newRow("missing f16 SIMD entry") << Changes{{40, ""}} << 39 << 1 << "missing key 'simd.f16'";

  // The emulator's timing parameters ([timing]); the compute engine's old
  // second capacity (compute.held_tile_bytes) is refused, naming the one.
  QTest::newRow("timing: zero issue cycles")
      << Changes{{45, "transcendental_penalty = 4\n[timing]\nissue_cycles = 0"}} << 47 << 16
      << "'timing.issue_cycles' must be between 1 and 1024, got 0";
  QTest::newRow("timing: zero port width")
      << Changes{{45, "transcendental_penalty = 4\n[timing]\nlx_port_sticks_per_cycle = 0"}} << 47 << 28
      << "'timing.lx_port_sticks_per_cycle' must be between 1 and 1024, got 0";
  QTest::newRow("timing: negative channel latency")
      << Changes{{45, "transcendental_penalty = 4\n[timing]\nchannel_latency_cycles = -1"}} << 47 << 26
      << "'timing.channel_latency_cycles' must be between 0 and 1048576, got -1";
  QTest::newRow("timing: float DMA setup")
      << Changes{{45, "transcendental_penalty = 4\n[timing]\ndma_setup_cycles = 1.5"}} << 47 << 20
      << "'timing.dma_setup_cycles' must be an integer";
  QTest::newRow("timing: unknown key")
      << Changes{{45, "transcendental_penalty = 4\n[timing]\nissue_cycle = 1"}} << 47 << 1
      << "unknown key 'timing.issue_cycle' (did you mean 'timing.issue_cycles'?)";
  QTest::newRow("numerics: unknown accumulator")
      << Changes{{45, "transcendental_penalty = 4\n[numerics]\naccumulator = \"f16\""}} << 47 << 15
      << "'numerics.accumulator' must be \"f32\" or \"element\", got \"f16\"";
  QTest::newRow("numerics: function ulps below half")
      << Changes{{45, "transcendental_penalty = 4\n[numerics]\nfunction_ulps = 0.1"}} << 47 << 17
      << "'numerics.function_ulps' must be a number between 0.5 and 1024";
  QTest::newRow("numerics: unknown key")
      << Changes{{45, "transcendental_penalty = 4\n[numerics]\nreduce = \"tree\""}} << 47 << 1
      << "unknown key 'numerics.reduce'";
  QTest::newRow("timing: not a table")
      << Changes{{1, "format_version = 2\ntiming = 3"}} << 2 << 10 << "'timing' must be a table";
  QTest::newRow("compute: retired held tile bytes")
      << Changes{{45, "transcendental_penalty = 4\nheld_tile_bytes = 524288"}} << 46 << 19
      << "'compute.held_tile_bytes' is no longer read: the compute engine's one "
         "capacity is 'compute_engine.local_bytes'";
  // clang-format on
}

void ArchTest::badFile() {
  QFETCH(Changes, changes);
  QFETCH(int, line);
  QFETCH(int, column);
  QFETCH(QString, message);

  const std::string text = baseWith(changes);
  std::vector<Diagnostic> errors;
  const std::optional<Arch> arch = parseArch(text, "test.toml", errors);
  QVERIFY2(!arch.has_value(), "the bad file was accepted");
  QVERIFY(!errors.empty());
  QVERIFY2(findError(errors, line, column, message),
           qPrintable(QString("expected %1:%2: ...%3...\ngot:\n%4")
                          .arg(line)
                          .arg(column)
                          .arg(message, describe(errors))));
  for (const Diagnostic &d : errors) {
    QVERIFY2(d.line >= 1 && d.column >= 1, qPrintable(describe(errors)));
    QVERIFY(!d.message.empty());
  }
}

// One pass reports every problem, sorted by position.
void ArchTest::severalErrorsAtOnce() {
  const std::string text = baseWith({
      {6, "coress = 32"},            // unknown key + missing chip.cores
      {11, "stick_bytes = \"128\""}, // wrong type
      {22, "fifo_depth = 0"},        // out of range
      {36, "role = \"stor\""},       // bad role
      {40, ""},                      // missing simd.f16
  });
  std::vector<Diagnostic> errors;
  QVERIFY(!parseArch(text, "test.toml", errors).has_value());
  const QString all = describe(errors);
  QCOMPARE(int(errors.size()), 6);
  QVERIFY2(findError(errors, 5, 1, "missing key 'chip.cores'"),
           qPrintable(all));
  QVERIFY2(findError(errors, 6, 1,
                     "unknown key 'chip.coress' (did you mean 'chip.cores'?)"),
           qPrintable(all));
  QVERIFY2(findError(errors, 11, 15,
                     "'memory.stick_bytes' must be an integer, got a string"),
           qPrintable(all));
  QVERIFY2(
      findError(errors, 22, 14, "'dataflow.fifo_depth' must be between 1 and 4096"),
      qPrintable(all));
  QVERIFY2(findError(errors, 36, 8, "got \"stor\" (did you mean \"store\"?)"),
           qPrintable(all));
  QVERIFY2(findError(errors, 39, 1, "missing key 'simd.f16'"), qPrintable(all));
  for (size_t i = 1; i < errors.size(); ++i)
    QVERIFY(errors[i - 1].line <= errors[i].line);

  // Errors are appended: earlier entries of the caller's list stay.
  std::vector<Diagnostic> more = {Diagnostic{1, 1, "earlier"}};
  QVERIFY(!parseArch(text, "test.toml", more).has_value());
  QCOMPARE(int(more.size()), 7);
  QCOMPARE(more.front().message, std::string("earlier"));
}

void ArchTest::loadMissingFile() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("no-such-arch.toml").toStdString();
  std::vector<Diagnostic> errors;
  QVERIFY(!loadArch(path, errors).has_value());
  QCOMPARE(int(errors.size()), 1);
  QCOMPARE(errors[0].line, 0);
  QCOMPARE(errors[0].message, "cannot open architecture file '" + path +
                                  "': No such file or directory");
  QCOMPARE(formatDiagnostic(path, errors[0]),
           path + ": error: " + errors[0].message);
}

void ArchTest::loadDirectory() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  std::vector<Diagnostic> errors;
  QVERIFY(!loadArch(dir.path().toStdString(), errors).has_value());
  QCOMPARE(int(errors.size()), 1);
  QCOMPARE(errors[0].line, 0);
  QCOMPARE(errors[0].message, "cannot read architecture file '" +
                                  dir.path().toStdString() +
                                  "': Is a directory");
}

void ArchTest::loadFiles() {
  // The shipped files on disk are the compiled-in presets.
  for (const std::string &name : presetNames()) {
    const std::string path =
        std::string(SPYRE_ARCH_RESOURCE_DIR) + "/" + name + ".toml";
    std::vector<Diagnostic> errors;
    const std::optional<Arch> fromFile = loadArch(path, errors);
    QVERIFY2(fromFile.has_value(), qPrintable(describe(errors)));
    QCOMPARE(fromFile->source, path);
    QCOMPARE(fromFile->name, name);
    compareHardware(*fromFile, parseOk(*presetText(name), name));
  }

  // A user's file with a mistake: the error has its line.
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = dir.filePath("mine.toml");
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(QByteArray::fromStdString(baseWith({{22, "fifo_depth = \"deep\""}})));
  f.close();
  std::vector<Diagnostic> errors;
  QVERIFY(!loadArch(path.toStdString(), errors).has_value());
  QCOMPARE(int(errors.size()), 1);
  QCOMPARE(formatDiagnostic(path.toStdString(), errors[0]),
           path.toStdString() + ":22:14: error: 'dataflow.fifo_depth' must be "
                                "an integer, got a string");
}

void ArchTest::diagnosticFormat() {
  QCOMPARE(formatDiagnostic("a.toml", Diagnostic{3, 7, "bad"}),
           std::string("a.toml:3:7: error: bad"));
  QCOMPARE(formatDiagnostic("a.toml", Diagnostic{3, 0, "bad"}),
           std::string("a.toml:3: error: bad"));
  QCOMPARE(formatDiagnostic("a.toml", Diagnostic{0, 0, "bad"}),
           std::string("a.toml: error: bad"));
}

QTEST_APPLESS_MAIN(ArchTest)
#include "ArchTest.moc"
