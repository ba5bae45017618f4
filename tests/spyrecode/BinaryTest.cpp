// BinaryTest.cpp - the .spyb reader against malformed files: every
// single-byte change and every truncation of the hand-written programs'
// files is refused with one message; with the checksum patched up (so the
// decoder and the validator, not the CRC, must catch the damage) every
// change is either refused or decodes to a module that writes back to the
// same bytes. Bounded reads of endless and missing files.
#include "TestFiles.h"

#include "spyrecode/Binary.h"
#include "spyrecode/Verify.h"

#include <map>

using namespace spyre::code;
using namespace spyre::code::test;

namespace {

void patchCrc(std::vector<uint8_t> &b) {
  uint32_t crc = crc32Of(b.data(), b.size() - 4);
  for (int k = 0; k < 4; ++k)
    b[b.size() - 4 + size_t(k)] = uint8_t(crc >> (8 * k));
}

void put32(std::vector<uint8_t> &b, size_t at, uint32_t v) {
  for (int k = 0; k < 4; ++k)
    b[at + size_t(k)] = uint8_t(v >> (8 * k));
}

std::vector<uint8_t> fileOf(const char *listing, bool &ok) {
  Module m = assemble(listing, ok);
  return writeBinary(m);
}

} // namespace

class BinaryTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void files_data() {
    QTest::addColumn<QString>("file");
    for (const char *f : kListings)
      QTest::newRow(f) << QString(f);
  }

  void everyByteChangeIsRefused_data() { files_data(); }
  void everyByteChangeIsRefused() {
    QFETCH(QString, file);
    bool ok = false;
    std::vector<uint8_t> bin = fileOf(file.toUtf8().constData(), ok);
    QVERIFY(ok);
    std::string err;
    QVERIFY2(readBinary(bin, err), err.c_str());
    size_t refused = 0;
    for (size_t i = 0; i < bin.size(); ++i) {
      std::vector<uint8_t> c = bin;
      for (int v = 0; v < 256; ++v) {
        if (v == bin[i])
          continue;
        c[i] = uint8_t(v);
        err.clear();
        if (readBinary(c, err))
          QFAIL(("byte " + std::to_string(i) + " = " + std::to_string(v) +
                 " was accepted")
                    .c_str());
        QVERIFY(!err.empty() && err.find('\n') == std::string::npos);
        ++refused;
      }
    }
    QCOMPARE(refused, bin.size() * 255);
  }

  void everyTruncationIsRefused_data() { files_data(); }
  void everyTruncationIsRefused() {
    QFETCH(QString, file);
    bool ok = false;
    std::vector<uint8_t> bin = fileOf(file.toUtf8().constData(), ok);
    QVERIFY(ok);
    for (size_t n = 0; n < bin.size(); ++n) {
      std::string err;
      QVERIFY2(!readBinary(bin.data(), n, err),
               ("truncated to " + std::to_string(n)).c_str());
      QVERIFY(!err.empty());
    }
    // And a byte too many.
    std::vector<uint8_t> longer = bin;
    longer.push_back(0);
    std::string err;
    QVERIFY(!readBinary(longer, err));
  }

  // The checksum is patched after each change, so every check behind it
  // (section table, counts, enums, indices, the static checks) is hit.
  void changesBehindTheChecksum_data() { files_data(); }
  void changesBehindTheChecksum() {
    QFETCH(QString, file);
    bool ok = false;
    std::vector<uint8_t> bin = fileOf(file.toUtf8().constData(), ok);
    QVERIFY(ok);
    size_t refused = 0, accepted = 0;
    std::map<std::string, int> kinds;
    for (size_t i = 0; i + 4 < bin.size(); ++i) {
      for (int v : {0x00, 0x01, 0x02, 0x03, 0x07, 0x10, 0x40, 0x7f, 0x80,
                    0xfe, 0xff}) {
        if (v == bin[i])
          continue;
        std::vector<uint8_t> c = bin;
        c[i] = uint8_t(v);
        patchCrc(c);
        std::string err;
        auto m = readBinary(c, err);
        if (!m) {
          QVERIFY(!err.empty() && err.find('\n') == std::string::npos);
          kinds[err.substr(0, err.find(':', err.find(':') + 1))]++;
          ++refused;
          continue;
        }
        // Accepted: a valid module that encodes to exactly these bytes.
        ++accepted;
        QVERIFY2(writeBinary(*m) == c, ("byte " + std::to_string(i)).c_str());
        QVERIFY(verifyModule(*m).empty());
      }
    }
    qInfo("%zu refused, %zu accepted (valid variants), %zu distinct "
          "error sites",
          refused, accepted, kinds.size());
    QVERIFY(refused > accepted);
  }

  void headerErrorsSayWhat() {
    bool ok = false;
    std::vector<uint8_t> bin = fileOf("copy.spys", ok);
    QVERIFY(ok);
    std::string err;
    std::vector<uint8_t> c = bin;
    c[0] = 'X';
    QVERIFY(!readBinary(c, err));
    QVERIFY2(err.find("bad magic") != std::string::npos, err.c_str());

    c = bin;
    put32(c, 8, kFormatVersion + 1);
    patchCrc(c);
    QVERIFY(!readBinary(c, err));
    QVERIFY2(err.find("format version " + std::to_string(kFormatVersion + 1) +
                      " is not supported") != std::string::npos,
             err.c_str());

    // A file of the previous version (index-typed tensor symbols, DMA
    // descriptors without chunks and layouts) is refused by name.
    c = bin;
    put32(c, 8, kFormatVersion - 1);
    patchCrc(c);
    QVERIFY(!readBinary(c, err));
    QVERIFY2(err.find("format version " + std::to_string(kFormatVersion - 1) +
                      " is older than") != std::string::npos &&
                 err.find("compile the kernel again") != std::string::npos,
             err.c_str());

    c = bin;
    c[40] ^= 1;
    QVERIFY(!readBinary(c, err));
    QVERIFY2(err.find("checksum mismatch") != std::string::npos, err.c_str());

    // A huge count is refused before anything is reserved: the info
    // section's source-name length.
    c = bin;
    uint64_t infoOffset = 0;
    for (int k = 0; k < 8; ++k)
      infoOffset |= uint64_t(c[24 + 8 + size_t(k)]) << (8 * k);
    put32(c, size_t(infoOffset), 0xffffffffu);
    patchCrc(c);
    QVERIFY(!readBinary(c, err));
    QVERIFY2(err.find("count 4294967295 does not fit") != std::string::npos,
             err.c_str());
  }

  void boundedFileReads() {
    std::string err;
    QVERIFY(!readFileBounded("/dev/zero", err));
    QVERIFY2(err.find("larger than the limit") != std::string::npos,
             err.c_str());
    QVERIFY(!loadBinary("/nonexistent/x.spyb", err));
    QVERIFY2(err.find("No such file") != std::string::npos, err.c_str());
    QVERIFY(!loadBinary("/", err)); // a directory
    QVERIFY(!err.empty());
  }

  void saveAndLoad() {
    bool ok = false;
    Module m = assemble("loop.spys", ok);
    QVERIFY(ok);
    QTemporaryDir dir;
    std::string path = dir.path().toStdString() + "/loop.spyb";
    std::string err;
    QVERIFY2(saveBinary(m, path, err), err.c_str());
    auto back = loadBinary(path, err);
    QVERIFY2(back, err.c_str());
    QVERIFY(writeBinary(*back) == writeBinary(m));
  }
};

QTEST_APPLESS_MAIN(BinaryTest)
#include "BinaryTest.moc"
