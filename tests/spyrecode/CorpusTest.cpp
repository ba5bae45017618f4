// CorpusTest.cpp - every sample and every corpus kernel, on both presets:
// when the pipeline takes it, its SpyreCode verifies, every instruction has
// a KTIR line, its .spyb file reads
// back and writes the same bytes, its listing assembles back to the same
// bytes, and it prepares for the architecture it was compiled for. Prints
// each kernel's file size and prepare's CPU time (the docs' table; not a
// timed assertion).
#include "driver/Compile.h"
#include "Presets.h"
#include "arch/Arch.h"
#include "runtime/Runtime.h"
#include "spyrecode/Binary.h"
#include "spyrecode/Listing.h"
#include "spyrecode/Verify.h"

#include <QDir>
#include <QtTest/QtTest>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <sstream>

using namespace spyre;

namespace {

std::string readText(const QString &path) {
  std::ifstream in(path.toStdString());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

double threadCpuMicros() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e6 + double(ts.tv_nsec) / 1e3;
}

} // namespace

class CorpusTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void kernels_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("arch");
    QStringList files;
    for (const QString &dir : {QString(SPYRE_SAMPLES_DIR),
                               QString(SPYRE_KERNELS_DIR),
                               QString(SPYRE_CORPUS_DIR) + "/ktir"})
      for (const QFileInfo &f :
           QDir(dir).entryInfoList({"*.mlir"}, QDir::Files, QDir::Name))
        files << f.absoluteFilePath();
    QVERIFY(!files.isEmpty());
    for (const QString &f : files)
      for (const char *a : {"spyre", "spyre-4core"})
        QTest::newRow(qPrintable(QFileInfo(f).fileName() + " " + a))
            << f << QString(a);
  }
  void kernels() {
    QFETCH(QString, path);
    QFETCH(QString, arch);
    driver::CompileRequest request;
    request.source = readText(path);
    // The whole path: a device the kernel imports is found beside it.
    request.sourceName = path.toStdString();
    request.arch = arch.toStdString();
    driver::CompileResult result = driver::compileKernel(request);
    if (!result.ok) {
      // Refused (where, exactly, is pipeline.compile's business): with an
      // error diagnostic, never silently.
      QVERIFY(!result.diagnostics.empty());
      qInfo("refused: %s", result.diagnostics.front().format().c_str());
      return;
    }
    QVERIFY2(result.spyreCode, "compiled without SpyreCode");
    const code::Module &m = *result.spyreCode;
    std::vector<code::CodeError> errors = code::verifyModule(m);
    QVERIFY2(errors.empty(), code::formatCodeErrors(&m, errors).c_str());
    // Every instruction maps to a KTIR line (and its DataflowIR op).
    for (size_t p = 0; p < m.programs.size(); ++p)
      for (size_t pc = 0; pc < m.programs[p].code.size(); ++pc) {
        uint32_t loc = m.programs[p].code[pc].loc;
        bool lined = loc > 0 && loc < m.locations.size() &&
                     m.locations[loc].ktirLine > 0 &&
                     !m.locations[loc].op.empty();
        std::string what = "program " + std::to_string(p) + " pc " +
                           std::to_string(pc) + " (" + m.programs[p].unit +
                           ", location #" + std::to_string(loc) +
                           (loc < m.locations.size()
                                ? " " + m.locations[loc].op
                                : std::string()) +
                           ") has no KTIR line";
        QVERIFY2(lined, what.c_str());
      }

    std::vector<uint8_t> bin = code::writeBinary(m);
    std::string err;
    auto read = code::readBinary(bin, err);
    QVERIFY2(read, err.c_str());
    QVERIFY(code::writeBinary(*read) == bin);
    std::string text = code::printListing(*read).text;
    code::ListingError le;
    auto parsed = code::parseListing(text, le);
    QVERIFY2(parsed, (std::to_string(le.line) + ":" +
                      std::to_string(le.column) + ": " + le.message)
                         .c_str());
    QVERIFY2(code::writeBinary(*parsed) == bin,
             "binary -> text -> binary differs");
    QCOMPARE(code::printListing(*parsed).text, text);

    arch::Arch a = preset(arch.toStdString());
    auto shared = std::make_shared<const code::Module>(std::move(*read));
    // CPU time of this thread, median of 21 runs: the machine is shared,
    // wall time measures the neighbours.
    std::vector<double> us;
    runtime::PrepareResult r;
    for (int i = 0; i < 21; ++i) {
      double t0 = threadCpuMicros();
      r = runtime::prepare(shared, a);
      us.push_back(threadCpuMicros() - t0);
    }
    std::sort(us.begin(), us.end());
    QVERIFY2(r.ok(), code::formatCodeErrors(&m, r.errors).c_str());
    size_t instrs = 0;
    for (const code::Program &p : m.programs)
      instrs += p.code.size();
    qInfo("| %s | %s | %zu | %zu | %zu | %.1f |",
          qPrintable(QFileInfo(path).fileName()), qPrintable(arch),
          m.programs.size(), instrs, bin.size(), us[us.size() / 2]);
  }

  // A compiled kernel's file, changed one byte at a time behind a patched
  // checksum (real descriptors, sets and loops for the decoder and the
  // checks to catch), and truncated at every length.
  // (The corpus' generic reduction when the corpus is there, else the
  // row_sum sample: a reduction too.)
  void compiledFileDamage() {
    QString path = QString(SPYRE_CORPUS_DIR) + "/ktir/ktir__reduce_generic.mlir";
    if (!QFileInfo::exists(path))
      path = QString(SPYRE_SAMPLES_DIR) + "/row_sum.mlir";
    driver::CompileRequest request;
    request.source = readText(path);
    request.sourceName = path.toStdString();
    driver::CompileResult result = driver::compileKernel(request);
    QVERIFY(result.ok && result.spyreCode);
    std::vector<uint8_t> bin = code::writeBinary(*result.spyreCode);
    std::string err;
    for (size_t n = 0; n < bin.size(); ++n)
      QVERIFY(!code::readBinary(bin.data(), n, err));
    size_t refused = 0, accepted = 0;
    for (size_t i = 0; i + 4 < bin.size(); ++i)
      for (int v : {0x00, 0x01, 0x7f, 0x80, 0xff}) {
        if (v == bin[i])
          continue;
        std::vector<uint8_t> c = bin;
        c[i] = uint8_t(v);
        uint32_t crc = code::crc32Of(c.data(), c.size() - 4);
        for (int k = 0; k < 4; ++k)
          c[c.size() - 4 + size_t(k)] = uint8_t(crc >> (8 * k));
        auto m = code::readBinary(c, err);
        if (!m) {
          QVERIFY(!err.empty() && err.find('\n') == std::string::npos);
          ++refused;
        } else {
          ++accepted;
          QVERIFY(code::writeBinary(*m) == c);
        }
      }
    qInfo("%zu bytes: %zu changes refused, %zu accepted as valid variants",
          bin.size(), refused, accepted);
  }
};

QTEST_GUILESS_MAIN(CorpusTest)
#include "CorpusTest.moc"
