//===- CorpusRecordsTest.cpp - the interpreter against ktir-cpu's records -===//
//
// Replays every oracle record of the shared corpus (inputs, arguments and
// hardware configuration from NAME.json / NAME.npz) and requires:
//   - every out__K equal to the record's: bit-exact for kernels without
//     float arithmetic (copies, gathers, scatters) and for integer data;
//     within 4 fp16 ULP, or 1e-3 relative for f32, otherwise;
//   - kernel_cycles within 1 %, the same bottleneck, and every core's
//     compute / memory / comm cycles within 1 %.
// No record is skipped.
//
//===----------------------------------------------------------------------===//

#include "driver/Compile.h"
#include "driver/Record.h"
#include "driver/Run.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace spyre;
using namespace spyre::driver;

namespace {

/// Distance in units in the last place between two fp16 bit patterns.
int64_t halfUlps(uint16_t a, uint16_t b) {
  auto ordered = [](uint16_t h) -> int64_t {
    return (h & 0x8000) ? -static_cast<int64_t>(h & 0x7fff) : h;
  };
  return std::llabs(ordered(a) - ordered(b));
}

bool isHalfNaN(uint16_t h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }

struct Comparison {
  int64_t mismatches = 0;
  double worst = 0; ///< ULPs (f16), relative error (f32), 1 if ints differ
  std::string firstMismatch;
};

Comparison compare(const npy::Array &expected, const npy::Array &actual,
                   bool exact) {
  Comparison c;
  if (expected.dtype != actual.dtype || expected.shape != actual.shape ||
      expected.data.size() != actual.data.size()) {
    c.mismatches = 1;
    c.firstMismatch = "dtype/shape differ";
    return c;
  }
  int64_t n = expected.numElements();
  for (int64_t i = 0; i < n; ++i) {
    bool bad = false;
    double err = 0;
    if (expected.dtype == "f16") {
      uint16_t a, b;
      std::memcpy(&a, &expected.data[i * 2], 2);
      std::memcpy(&b, &actual.data[i * 2], 2);
      if (isHalfNaN(a) || isHalfNaN(b)) {
        bad = isHalfNaN(a) != isHalfNaN(b);
      } else {
        err = static_cast<double>(halfUlps(a, b));
        bad = err > (exact ? 0 : 4);
      }
    } else if (expected.dtype == "f32") {
      float a, b;
      std::memcpy(&a, &expected.data[i * 4], 4);
      std::memcpy(&b, &actual.data[i * 4], 4);
      if (std::isnan(a) || std::isnan(b)) {
        bad = std::isnan(a) != std::isnan(b);
      } else if (exact) {
        bad = std::memcmp(&a, &b, 4) != 0;
      } else {
        double scale = std::max({std::fabs(a), std::fabs(b), 1e-30f});
        err = std::fabs(static_cast<double>(a) - b) / scale;
        bad = err > 1e-3 && std::fabs(static_cast<double>(a) - b) > 1e-6;
      }
    } else {
      size_t size = expected.data.size() / static_cast<size_t>(n);
      bad = std::memcmp(&expected.data[i * size], &actual.data[i * size],
                        size) != 0;
      err = bad ? 1 : 0;
    }
    c.worst = std::max(c.worst, err);
    if (bad && c.mismatches++ == 0)
      c.firstMismatch = "element " + std::to_string(i);
  }
  return c;
}

bool within(double actual, double expected, double fraction) {
  return std::fabs(actual - expected) <=
         fraction * std::fabs(expected) + 1e-9;
}

} // namespace

class CorpusRecordsTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void records_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("kernel");
    QDir expected(SPYRE_CORPUS_DIR "/expected");
    QDir ktir(SPYRE_CORPUS_DIR "/ktir");
    const QStringList records = expected.entryList({"*.json"}, QDir::Files, QDir::Name);
    QVERIFY2(!records.isEmpty(), "no records in the corpus");
    for (const QString &file : records) {
      QString stem = file.chopped(5);
      QStringList kernels = ktir.entryList({stem + ".mlir", stem + ".ktir"});
      QVERIFY2(!kernels.isEmpty(), qPrintable("no kernel for " + stem));
      QTest::newRow(qPrintable(stem))
          << expected.filePath(file) << ktir.filePath(kernels.front());
    }
  }

  void records() {
    QFETCH(QString, json);
    QFETCH(QString, kernel);
    Record record;
    std::string error;
    QVERIFY2(loadRecord(json.toStdString(), record, error), error.c_str());
    QFile file(kernel);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QString source = QString::fromUtf8(file.readAll());
    record.request.source = source.toStdString();
    record.request.sourceName = kernel.toStdString();
    record.request.recordLxEvents = false;

    RunResult result = runKernel(record.request);
    std::string diagnostics;
    for (const Diagnostic &d : result.diagnostics)
      diagnostics += d.format() + "\n";
    QVERIFY2(result.ok, diagnostics.c_str());
    qInfo("executed in %.3f ms", result.wallSeconds * 1e3);

    // Kernels that only move data must reproduce it bit for bit.
    static const QRegularExpression floatMath(
        R"((arith\.(add|sub|mul|div|rem|neg|max|min)[a-z]*f|math\.|linalg\.(add|sub|mul|div|matmul|reduce|generic|max|min|exp)|ktdp\.inter_tile_reduce))");
    bool exact = !floatMath.match(source).hasMatch();
    std::map<std::string, npy::Array> outputs = recordOutputs(record, result);
    // The kernel must have written something: some expected output differs
    // from the data the record started with (so matching it proves work).
    bool writes = false;
    for (const auto &[key, expected] : record.expectedOutputs) {
      const npy::Array *before = nullptr;
      if (record.keyIsArgument.at(key))
        before = &*record.request.args.at(key).array;
      else
        for (const MemoryRegion &r : record.request.regions)
          if (r.name == key)
            before = &r.data;
      writes |= before && before->data != expected.data;
      // Zero-filled records (aliased layouts) copy zeros onto zeros.
      writes |= std::all_of(expected.data.begin(), expected.data.end(),
                            [](uint8_t b) { return b == 0; });
    }
    QVERIFY2(writes, "the record's outputs equal its inputs");
    for (const auto &[key, expected] : record.expectedOutputs) {
      auto it = outputs.find(key);
      QVERIFY2(it != outputs.end(), ("no output " + key).c_str());
      Comparison c = compare(expected, it->second, exact);
      qInfo("%s: out__%s %s, worst %s %g", qPrintable(QFileInfo(json).baseName()),
            key.c_str(), exact ? "bit-exact required" : "tolerance",
            expected.dtype == "f16" ? "ulp" : "error", c.worst);
      QVERIFY2(c.mismatches == 0,
               ("out__" + key + ": " + std::to_string(c.mismatches) +
                " elements differ, first at " + c.firstMismatch)
                   .c_str());
    }

    // The pipeline's KTIR passes keep the kernel's meaning: the IR after
    // the last KTIR pass computes the same outputs, bit for bit, with the
    // same estimate (its arguments print as %arg0, %arg1, ...).
    CompileResult compiled = compileKernel(
        {record.request.source, record.request.sourceName, "normalize-grid"});
    QVERIFY2(compiled.ok, "the pipeline rejected the kernel");
    RunRequest again = record.request;
    again.source = compiled.snapshots.back().ir;
    again.grid.clear();
    again.args.clear();
    for (size_t i = 0; i < result.argumentNames.size(); ++i)
      again.args["arg" + std::to_string(i)] =
          record.request.args.at(result.argumentNames[i]);
    RunResult after = runKernel(again);
    std::string afterDiagnostics;
    for (const Diagnostic &d : after.diagnostics)
      afterDiagnostics += d.format() + "\n";
    QVERIFY2(after.ok, afterDiagnostics.c_str());
    for (size_t i = 0; i < result.argumentNames.size(); ++i) {
      const std::string &name = result.argumentNames[i];
      if (result.arrays.count(name))
        QVERIFY2(result.arrays.at(name).data ==
                     after.arrays.at("arg" + std::to_string(i)).data,
                 ("after the pipeline, " + name + " differs").c_str());
    }
    for (const auto &[key, data] : result.regions)
      QVERIFY2(data.data == after.regions.at(key).data,
               ("after the pipeline, " + key + " differs").c_str());
    QCOMPARE(after.kernelCycles, result.kernelCycles);

    QVERIFY2(within(result.kernelCycles, record.kernelCycles, 0.01),
             (std::to_string(result.kernelCycles) + " cycles, record " +
              std::to_string(record.kernelCycles))
                 .c_str());
    QCOMPARE(QString::fromStdString(result.bottleneck),
             QString::fromStdString(record.bottleneck));
    QCOMPARE(result.perCore.size(), record.computeCycles.size());
    for (size_t c = 0; c < result.perCore.size(); ++c) {
      const CoreEstimate &e = result.perCore[c];
      std::string where = "core " + std::to_string(c);
      QVERIFY2(within(e.computeCycles, record.computeCycles[c], 0.01), where.c_str());
      QVERIFY2(within(e.memoryCycles, record.memoryCycles[c], 0.01), where.c_str());
      QVERIFY2(within(e.commCycles, record.commCycles[c], 0.01), where.c_str());
    }
  }
};

QTEST_GUILESS_MAIN(CorpusRecordsTest)
#include "CorpusRecordsTest.moc"
