// ObjdumpTest.cpp - spyre-objdump on good and damaged files: a good file
// prints its header and listing (exit 0); truncated and byte-changed files
// end with exit 1 and one error line, never a signal. (BinaryTest covers
// every single-byte change and truncation in-process; here a spread of
// them goes through the real tool.)
#include "TestFiles.h"

#include "spyrecode/Binary.h"

#include <QProcess>
#include <QTemporaryDir>

using namespace spyre::code;
using namespace spyre::code::test;

namespace {

struct Outcome {
  bool crashed = false;
  int code = -1;
  QString out, err;
};

Outcome run(const QString &tool, const QStringList &args) {
  QProcess p;
  p.start(tool, args);
  Outcome o;
  if (!p.waitForFinished(20000)) {
    p.kill();
    p.waitForFinished();
    o.crashed = true;
    return o;
  }
  o.crashed = p.exitStatus() != QProcess::NormalExit;
  o.code = p.exitCode();
  o.out = QString::fromUtf8(p.readAllStandardOutput());
  o.err = QString::fromUtf8(p.readAllStandardError());
  return o;
}

Outcome objdump(const QString &path) { return run(SPYRE_OBJDUMP, {path}); }

bool writeFile(const QString &path, const std::vector<uint8_t> &bytes) {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly))
    return false;
  return f.write(reinterpret_cast<const char *>(bytes.data()),
                 qint64(bytes.size())) == qint64(bytes.size());
}

} // namespace

class ObjdumpTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void goodFilePrintsEverything() {
    bool ok = false;
    Module m = assemble("loop.spys", ok);
    QVERIFY(ok);
    QTemporaryDir dir;
    QString path = dir.path() + "/loop.spyb";
    QVERIFY(writeFile(path, writeBinary(m)));
    Outcome o = objdump(path);
    QVERIFY(!o.crashed);
    QCOMPARE(o.code, 0);
    QVERIFY(o.out.contains(".spyb format version " + QString::number(kFormatVersion)));
    QVERIFY(o.out.contains("section code p1 (sfu)"));
    // The disassembly is the listing, exactly.
    QString listing = QString::fromStdString(printListing(m).text);
    QVERIFY(o.out.endsWith(listing));
    QVERIFY(o.err.isEmpty());
  }

  void damagedFilesFailCleanly() {
    bool ok = false;
    Module m = assemble("copy.spys", ok);
    QVERIFY(ok);
    std::vector<uint8_t> bin = writeBinary(m);
    QTemporaryDir dir;
    QString path = dir.path() + "/bad.spyb";
    std::vector<std::vector<uint8_t>> cases;
    // Truncations: every length through the header and the first section entries,
    // then every 31st.
    for (size_t n = 0; n < bin.size(); n += (n < 64 ? 1 : 31))
      cases.emplace_back(bin.begin(), bin.begin() + long(n));
    // Byte changes: each of the first 64 bytes, then every 11th.
    for (size_t i = 0; i < bin.size(); i += (i < 64 ? 1 : 11)) {
      std::vector<uint8_t> c = bin;
      c[i] ^= 0xff;
      cases.push_back(std::move(c));
    }
    for (size_t k = 0; k < cases.size(); ++k) {
      QVERIFY(writeFile(path, cases[k]));
      Outcome o = objdump(path);
      QVERIFY2(!o.crashed, ("case " + std::to_string(k)).c_str());
      QCOMPARE(o.code, 1);
      QVERIFY(o.out.isEmpty());
      QVERIFY2(o.err.startsWith("spyre-objdump: ") && o.err.count('\n') == 1,
               qPrintable(o.err));
    }
    qInfo("%zu damaged files, each refused with exit 1", cases.size());
  }

  // spyre-compile: a kernel the pipeline refuses, a listing that does not
  // verify, and a good listing assembled and dumped.
  void compileTool() {
    QTemporaryDir dir;
    QString out = dir.path() + "/out.spyb";
    Outcome o = run(SPYRE_COMPILE, {QString(SPYRE_SAMPLES_DIR) +
                                        "/elementwise_add.mlir",
                                    "--arch", "spyre-4core", "-o", out});
    QVERIFY(!o.crashed);
    QCOMPARE(o.code, 1);
    QVERIFY2(o.err.contains("elementwise_add.mlir:") &&
                 o.err.contains("error: the grid has 32 tiles but the target "
                                "has 4 cores"),
             qPrintable(o.err));
    QVERIFY(!QFile::exists(out));

    QString bad = dir.path() + "/bad.spys";
    QString text = QString::fromStdString(readText(listingPath("copy.spys")));
    text.replace("  1: const.index s2, 0", "  1: nop");
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text.toUtf8());
    f.close();
    o = run(SPYRE_COMPILE, {bad, "-o", out});
    QCOMPARE(o.code, 1);
    QVERIFY2(o.err.contains("invalid program") &&
                 o.err.contains("s2 is read before it is written"),
             qPrintable(o.err));

    o = run(SPYRE_COMPILE,
            {QString::fromStdString(listingPath("loop.spys")), "-o", out});
    QCOMPARE(o.code, 0);
    o = objdump(out);
    QCOMPARE(o.code, 0);
    QVERIFY(o.out.contains("program p1 sfu instances 4"));

    o = run(SPYRE_COMPILE, {QString(SPYRE_SAMPLES_DIR) + "/softmax.mlir",
                            "-o", out});
    QCOMPARE(o.code, 0);
    o = objdump(out);
    QCOMPARE(o.code, 0);
    QVERIFY(o.out.contains("kernel \"softmax\""));
    QVERIFY(o.out.contains("// ---- symbols"));
  }

  void endlessAndMissingFiles() {
    Outcome o = objdump("/dev/zero");
    QVERIFY(!o.crashed);
    QCOMPARE(o.code, 1);
    QVERIFY2(o.err.contains("larger than the limit"), qPrintable(o.err));
    o = objdump("/nonexistent.spyb");
    QCOMPARE(o.code, 1);
    QVERIFY2(o.err.contains("No such file"), qPrintable(o.err));
  }
};

QTEST_GUILESS_MAIN(ObjdumpTest)
#include "ObjdumpTest.moc"
