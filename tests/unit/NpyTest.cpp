// NpyTest.cpp - unit tests for the NumPy .npy/.npz reader and writer in
// support/Npy.h.

#include "support/Npy.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <zip.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using namespace spyre::npy;

namespace {

const std::vector<std::string> kWritableDtypes = {
    "f16", "f32", "f64", "i1", "i8", "i16", "i32",
    "i64", "u8",  "u16", "u32", "u64"};

std::vector<uint8_t> toVec(const QByteArray &b) {
  return std::vector<uint8_t>(b.begin(), b.end());
}

QByteArray toBytes(const std::vector<uint8_t> &v) {
  return QByteArray(reinterpret_cast<const char *>(v.data()),
                    static_cast<qsizetype>(v.size()));
}

QString qs(const std::string &s) { return QString::fromStdString(s); }

// An array of `dtype` and `shape` filled with a deterministic byte pattern.
Array makeArray(const std::string &dtype, std::vector<int64_t> shape,
                unsigned seed = 0) {
  Array a;
  a.dtype = dtype;
  a.shape = std::move(shape);
  const size_t n = static_cast<size_t>(a.numElements()) * elementSize(dtype);
  a.data.resize(n);
  for (size_t i = 0; i < n; ++i)
    a.data[i] = static_cast<uint8_t>(i * 37 + 11 + seed * 101);
  if (dtype == "i1") // bool: 0/1 only
    for (size_t i = 0; i < n; ++i)
      a.data[i] &= 1;
  return a;
}

// Builds a .npy image by hand: magic, version major.0, little-endian header
// length (2 bytes for 1.0, 4 otherwise), `dict` padded with spaces and a
// final '\n' so the data starts at a multiple of `align`, then `data`.
QByteArray npyBytes(int major, const QByteArray &dict, const QByteArray &data,
                    int align = 64) {
  const int lenBytes = major == 1 ? 2 : 4;
  QByteArray header = dict;
  const int total = 8 + lenBytes + static_cast<int>(header.size()) + 1;
  header.append(QByteArray((align - total % align) % align, ' '));
  header.append('\n');
  QByteArray out("\x93NUMPY", 6);
  out.append(static_cast<char>(major));
  out.append('\0');
  const quint32 len = static_cast<quint32>(header.size());
  for (int i = 0; i < lenBytes; ++i)
    out.append(static_cast<char>((len >> (8 * i)) & 0xff));
  return out + header + data;
}

template <typename T> QByteArray rawLE(std::initializer_list<T> values) {
  QByteArray b;
  for (T v : values) {
    char buf[sizeof(T)];
    std::memcpy(buf, &v, sizeof(T)); // the test host is little-endian
    b.append(buf, sizeof(T));
  }
  return b;
}

bool parse(const QByteArray &b, Array &out, std::string &error) {
  return parseNpy(reinterpret_cast<const uint8_t *>(b.constData()),
                  static_cast<size_t>(b.size()), out, error);
}

// Reads the raw bytes of every member of a ZIP archive with libzip.
bool zipMembers(const QString &path, std::map<std::string, QByteArray> &out,
                std::map<std::string, int> *methods = nullptr) {
  int err = 0;
  zip_t *za = zip_open(QFile::encodeName(path).constData(), ZIP_RDONLY, &err);
  if (za == nullptr)
    return false;
  bool ok = true;
  const zip_int64_t n = zip_get_num_entries(za, 0);
  for (zip_int64_t i = 0; ok && i < n; ++i) {
    zip_stat_t st;
    zip_stat_init(&st);
    ok = zip_stat_index(za, static_cast<zip_uint64_t>(i), 0, &st) == 0;
    if (!ok)
      break;
    QByteArray data(static_cast<qsizetype>(st.size), '\0');
    zip_file_t *zf = zip_fopen_index(za, static_cast<zip_uint64_t>(i), 0);
    ok = zf != nullptr &&
         zip_fread(zf, data.data(), st.size) ==
             static_cast<zip_int64_t>(st.size);
    if (zf != nullptr)
      zip_fclose(zf);
    out[st.name] = data;
    if (methods != nullptr)
      (*methods)[st.name] = st.comp_method;
  }
  zip_discard(za);
  return ok;
}

// Writes a ZIP archive with libzip; each member is compressed with `method`.
bool writeZip(const QString &path,
              const std::vector<std::pair<std::string, QByteArray>> &members,
              zip_int32_t method) {
  int err = 0;
  zip_t *za = zip_open(QFile::encodeName(path).constData(),
                       ZIP_CREATE | ZIP_TRUNCATE, &err);
  if (za == nullptr)
    return false;
  for (const auto &[name, data] : members) {
    zip_source_t *src = zip_source_buffer(za, data.constData(),
                                          static_cast<zip_uint64_t>(data.size()), 0);
    zip_int64_t idx = src ? zip_file_add(za, name.c_str(), src, 0) : -1;
    if (idx < 0 || zip_set_file_compression(za, static_cast<zip_uint64_t>(idx),
                                            method, 0) != 0) {
      if (src != nullptr && idx < 0)
        zip_source_free(src);
      zip_discard(za);
      return false;
    }
  }
  if (zip_close(za) != 0) {
    zip_discard(za);
    return false;
  }
  return true;
}

#define COMPARE_ARRAYS(actual, expected)                                       \
  do {                                                                         \
    QCOMPARE(qs((actual).dtype), qs((expected).dtype));                        \
    QCOMPARE((actual).shape, (expected).shape);                                \
    QCOMPARE((actual).data.size(), (expected).data.size());                    \
    QVERIFY((actual).data == (expected).data);                                 \
  } while (0)

} // namespace

class NpyTest : public QObject {
  Q_OBJECT

private slots:
  void elementSizes();
  void numElements();
  void roundTripAllDtypes_data();
  void roundTripAllDtypes();
  void headerLayoutMatchesNumpy();
  void hugeHeaderUsesVersion2();
  void parseHandBuiltV1();
  void parseHandBuiltV2();
  void parseHandBuiltV3();
  void parseHeaderVariants_data();
  void parseHeaderVariants();
  void parseFortranOrder();
  void parseErrors_data();
  void parseErrors();
  void readErrors();
  void writeErrors();
  void npzRoundTrip();
  void npzEmpty();
  void npzDeflateMembers();
  void npzErrors();
  void corpusExpectedFiles();
};

void NpyTest::elementSizes() {
  const std::map<std::string, size_t> expected = {
      {"f16", 2}, {"bf16", 2}, {"f32", 4}, {"f64", 8}, {"i1", 1},
      {"i8", 1},  {"i16", 2},  {"i32", 4}, {"i64", 8}, {"u8", 1},
      {"u16", 2}, {"u32", 4},  {"u64", 8}};
  for (const auto &[dtype, size] : expected)
    QCOMPARE(elementSize(dtype), size);
  QCOMPARE(elementSize(""), size_t(0));
  QCOMPARE(elementSize("f128"), size_t(0));
  QCOMPARE(elementSize("<f4"), size_t(0));
}

void NpyTest::numElements() {
  Array a;
  QCOMPARE(a.numElements(), int64_t(1)); // 0-d scalar
  a.shape = {0};
  QCOMPARE(a.numElements(), int64_t(0));
  a.shape = {2, 0, 7};
  QCOMPARE(a.numElements(), int64_t(0));
  a.shape = {2, 3, 4};
  QCOMPARE(a.numElements(), int64_t(24));
  a.shape = {2, -1};
  QCOMPARE(a.numElements(), int64_t(-1));
  a.shape = {int64_t(1) << 40, int64_t(1) << 40};
  QCOMPARE(a.numElements(), int64_t(-1));
}

void NpyTest::roundTripAllDtypes_data() {
  QTest::addColumn<QString>("dtype");
  QTest::addColumn<QList<qint64>>("shape");
  const std::vector<QList<qint64>> shapes = {
      {}, {0}, {1}, {5}, {2, 3}, {3, 0}, {2, 0, 3}, {1, 2, 3, 4}, {640}};
  for (const std::string &dtype : kWritableDtypes)
    for (const QList<qint64> &shape : shapes) {
      QString name = qs(dtype) + " (";
      for (qsizetype i = 0; i < shape.size(); ++i)
        name += (i ? "," : "") + QString::number(shape[i]);
      name += ")";
      QTest::newRow(name.toUtf8().constData()) << qs(dtype) << shape;
    }
}

void NpyTest::roundTripAllDtypes() {
  QFETCH(QString, dtype);
  QFETCH(QList<qint64>, shape);
  const Array a = makeArray(dtype.toStdString(),
                            std::vector<int64_t>(shape.begin(), shape.end()));

  // In memory.
  const std::vector<uint8_t> bytes = serializeNpy(a);
  QVERIFY(!bytes.empty());
  QCOMPARE(bytes.size() % 64, a.data.size() % 64);
  Array back;
  std::string error;
  QVERIFY2(parseNpy(bytes.data(), bytes.size(), back, error),
           error.c_str());
  QVERIFY(error.empty());
  COMPARE_ARRAYS(back, a);
  // Serializing what was read gives the same bytes again.
  QVERIFY(serializeNpy(back) == bytes);

  // Through a file.
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("a.npy").toStdString();
  QVERIFY2(writeNpy(path, a, error), error.c_str());
  QCOMPARE(QFileInfo(qs(path)).size(), static_cast<qint64>(bytes.size()));
  Array fromFile;
  QVERIFY2(readNpy(path, fromFile, error), error.c_str());
  COMPARE_ARRAYS(fromFile, a);
}

void NpyTest::headerLayoutMatchesNumpy() {
  // What numpy 1.24 writes for np.save(f, np.zeros(640, np.float16)): the
  // dict, 21 - len("640") spaces of growth room, padding, '\n'.
  Array a = makeArray("f16", {640});
  std::vector<uint8_t> bytes = serializeNpy(a);
  QByteArray dict = "{'descr': '<f2', 'fortran_order': False, 'shape': (640,), }";
  QByteArray header = dict + QByteArray(18, ' ');
  header += QByteArray(64 - (10 + header.size() + 1) % 64, ' ') + "\n";
  QCOMPARE(header.size(), 118);
  QByteArray expected = QByteArray("\x93NUMPY\x01\x00\x76\x00", 10) + header;
  QCOMPARE(toBytes(bytes).left(expected.size()), expected);
  QCOMPARE(bytes.size(), size_t(128 + 1280));

  // 0-d: no growth room; 1-byte types use '|'; bool is '|b1'.
  bytes = serializeNpy(makeArray("i1", {}));
  QByteArray text = toBytes(bytes);
  QVERIFY(text.contains("{'descr': '|b1', 'fortran_order': False, "
                        "'shape': (), }"));
  QCOMPARE(text.size(), 128 + 1); // 10 + 55 + 1 > 64: two 64-byte blocks
  QCOMPARE(text.at(127), '\n');

  // Every header is 64-byte aligned and ends with '\n'.
  for (const std::string &dtype : kWritableDtypes) {
    for (const std::vector<int64_t> &shape :
         {std::vector<int64_t>{}, {7}, {3, 4, 5}, {1234567, 0, 2}}) {
      bytes = serializeNpy(makeArray(dtype, shape));
      QVERIFY(!bytes.empty());
      const size_t headerLen = bytes[8] | (bytes[9] << 8);
      QCOMPARE((10 + headerLen) % 64, size_t(0));
      QCOMPARE(bytes[10 + headerLen - 1], uint8_t('\n'));
    }
  }
  QVERIFY(toBytes(serializeNpy(makeArray("u16", {2, 3})))
              .contains("'descr': '<u2'"));
  QVERIFY(toBytes(serializeNpy(makeArray("i8", {2}))).contains("'descr': '|i1'"));
  QVERIFY(toBytes(serializeNpy(makeArray("u8", {2}))).contains("'descr': '|u1'"));
  QVERIFY(toBytes(serializeNpy(makeArray("f64", {2, 3})))
              .contains("'shape': (2, 3), }"));
}

void NpyTest::hugeHeaderUsesVersion2() {
  // 25000 dimensions of size 1 do not fit in a 65535-byte header.
  Array a = makeArray("i32", std::vector<int64_t>(25000, 1));
  const std::vector<uint8_t> bytes = serializeNpy(a);
  QVERIFY(!bytes.empty());
  QCOMPARE(int(bytes[6]), 2);
  QCOMPARE(int(bytes[7]), 0);
  const size_t headerLen = size_t(bytes[8]) | size_t(bytes[9]) << 8 |
                           size_t(bytes[10]) << 16 | size_t(bytes[11]) << 24;
  QVERIFY(headerLen > 65535);
  QCOMPARE((12 + headerLen) % 64, size_t(0));
  Array back;
  std::string error;
  QVERIFY2(parseNpy(bytes.data(), bytes.size(), back, error), error.c_str());
  COMPARE_ARRAYS(back, a);
}

void NpyTest::parseHandBuiltV1() {
  // Old-style file: version 1.0, 16-byte alignment, header length 0x46.
  QByteArray b("\x93NUMPY\x01\x00\x46\x00", 10);
  b += "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }";
  b += QByteArray(10, ' ') + "\n";
  QCOMPARE(b.size(), 80);
  b += rawLE<int32_t>({1, 2, 3, 4, 5, -1});

  Array a;
  std::string error;
  QVERIFY2(parse(b, a, error), error.c_str());
  QCOMPARE(qs(a.dtype), QString("i32"));
  QCOMPARE(a.shape, (std::vector<int64_t>{2, 3}));
  QCOMPARE(a.numElements(), int64_t(6));
  QCOMPARE(a.data.size(), size_t(24));
  int32_t values[6];
  std::memcpy(values, a.data.data(), sizeof values);
  QCOMPARE(values[0], 1);
  QCOMPARE(values[4], 5);
  QCOMPARE(values[5], -1);
}

void NpyTest::parseHandBuiltV2() {
  // Version 2.0: 4-byte header length 0x74, 0-d f64 scalar.
  QByteArray b("\x93NUMPY\x02\x00\x74\x00\x00\x00", 12);
  b += "{'descr': '<f8', 'fortran_order': False, 'shape': (), }";
  b += QByteArray(60, ' ') + "\n";
  QCOMPARE(b.size(), 128);
  b += rawLE<double>({1.5});

  Array a;
  std::string error;
  QVERIFY2(parse(b, a, error), error.c_str());
  QCOMPARE(qs(a.dtype), QString("f64"));
  QVERIFY(a.shape.empty());
  QCOMPARE(a.numElements(), int64_t(1));
  double v = 0;
  QCOMPARE(a.data.size(), sizeof v);
  std::memcpy(&v, a.data.data(), sizeof v);
  QCOMPARE(v, 1.5);
}

void NpyTest::parseHandBuiltV3() {
  const QByteArray b =
      npyBytes(3, "{'descr': '<u2', 'fortran_order': False, 'shape': (3,), }",
               rawLE<uint16_t>({7, 65535, 0}));
  QCOMPARE(b.at(6), '\x03');
  Array a;
  std::string error;
  QVERIFY2(parse(b, a, error), error.c_str());
  QCOMPARE(qs(a.dtype), QString("u16"));
  QCOMPARE(a.shape, std::vector<int64_t>{3});
  QCOMPARE(toBytes(a.data), rawLE<uint16_t>({7, 65535, 0}));
}

void NpyTest::parseHeaderVariants_data() {
  QTest::addColumn<QByteArray>("dict");
  QTest::addColumn<QString>("dtype");
  QTest::addColumn<QList<qint64>>("shape");

  auto row = [](const char *name, const char *descr, const char *dtype,
                const char *shape, QList<qint64> dims) {
    QByteArray d = QByteArray("{'descr': '") + descr +
                   "', 'fortran_order': False, 'shape': " + shape + ", }";
    QTest::newRow(name) << d << QString(dtype) << dims;
  };
  row("<f2", "<f2", "f16", "(4,)", {4});
  row("<f4", "<f4", "f32", "(4,)", {4});
  row("<f8", "<f8", "f64", "(4,)", {4});
  row("|b1", "|b1", "i1", "(4,)", {4});
  row("|i1", "|i1", "i8", "(4,)", {4});
  row("<i2", "<i2", "i16", "(4,)", {4});
  row("<i4", "<i4", "i32", "(4,)", {4});
  row("<i8", "<i8", "i64", "(4,)", {4});
  row("|u1", "|u1", "u8", "(4,)", {4});
  row("<u2", "<u2", "u16", "(4,)", {4});
  row("<u4", "<u4", "u32", "(4,)", {4});
  row("<u8", "<u8", "u64", "(4,)", {4});
  row("=f4 native", "=f4", "f32", "(2, 2)", {2, 2});
  row("f8 no byte order", "f8", "f64", "(1,)", {1});
  row(">u1 single byte", ">u1", "u8", "(3,)", {3});
  row("<b1", "<b1", "i1", "(3,)", {3});
  row("0-d", "<i4", "i32", "()", {});
  row("empty", "<f4", "f32", "(0,)", {0});
  row("empty 2-d", "<f4", "f32", "(3, 0)", {3, 0});
  row("python2 long", "<i2", "i16", "(2L, 3L)", {2, 3});
  row("no spaces", "<i2", "i16", "(2,3)", {2, 3});

  QTest::newRow("double quotes, reordered keys")
      << QByteArray("{\"shape\": (2, 1), \"fortran_order\": False, "
                    "\"descr\": \"<u4\"}")
      << QString("u32") << QList<qint64>{2, 1};
  QTest::newRow("no trailing comma, compact")
      << QByteArray("{'descr':'<i8','fortran_order':False,'shape':(5,)}")
      << QString("i64") << QList<qint64>{5};
}

void NpyTest::parseHeaderVariants() {
  QFETCH(QByteArray, dict);
  QFETCH(QString, dtype);
  QFETCH(QList<qint64>, shape);
  const std::vector<int64_t> dims(shape.begin(), shape.end());
  const Array expected = makeArray(dtype.toStdString(), dims);
  for (int major : {1, 2}) {
    const QByteArray b = npyBytes(major, dict, toBytes(expected.data));
    Array a;
    std::string error;
    QVERIFY2(parse(b, a, error), error.c_str());
    COMPARE_ARRAYS(a, expected);
  }
}

void NpyTest::parseFortranOrder() {
  // M[i][j] = 10*i + j, shape (2, 3), stored column-major.
  QByteArray b = npyBytes(
      1, "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }",
      rawLE<int32_t>({0, 10, 1, 11, 2, 12}));
  Array a;
  std::string error;
  QVERIFY2(parse(b, a, error), error.c_str());
  QCOMPARE(a.shape, (std::vector<int64_t>{2, 3}));
  QCOMPARE(toBytes(a.data), rawLE<int32_t>({0, 1, 2, 10, 11, 12}));

  // 3-d: A[i][j][k] = 100*i + 10*j + k, shape (2, 3, 2).
  QByteArray fortranData, cData;
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 2; ++i)
        fortranData += rawLE<int16_t>({int16_t(100 * i + 10 * j + k)});
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k)
        cData += rawLE<int16_t>({int16_t(100 * i + 10 * j + k)});
  b = npyBytes(1, "{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3, 2), }",
               fortranData);
  QVERIFY2(parse(b, a, error), error.c_str());
  QCOMPARE(a.shape, (std::vector<int64_t>{2, 3, 2}));
  QCOMPARE(toBytes(a.data), cData);

  // 1-d and empty Fortran arrays are the same as C order.
  b = npyBytes(1, "{'descr': '|u1', 'fortran_order': True, 'shape': (3,), }",
               QByteArray("\x01\x02\x03", 3));
  QVERIFY2(parse(b, a, error), error.c_str());
  QCOMPARE(toBytes(a.data), QByteArray("\x01\x02\x03", 3));
  b = npyBytes(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (0, 4), }",
               QByteArray());
  QVERIFY2(parse(b, a, error), error.c_str());
  QCOMPARE(a.shape, (std::vector<int64_t>{0, 4}));
  QVERIFY(a.data.empty());
}

void NpyTest::parseErrors_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("mention"); // expected substring of the error

  auto dict = [](const char *descr, const char *shape,
                 const char *fortran = "False") {
    return QByteArray("{'descr': '") + descr + "', 'fortran_order': " +
           fortran + ", 'shape': " + shape + ", }";
  };
  const QByteArray good = npyBytes(1, dict("<i4", "(2,)"), rawLE<int32_t>({1, 2}));

  QTest::newRow("empty") << QByteArray() << QString("not a .npy file");
  QTest::newRow("short") << QByteArray("\x93NU", 3) << QString("not a .npy file");
  QByteArray badMagic = good;
  badMagic[1] = 'M';
  QTest::newRow("bad magic") << badMagic << QString("magic");
  QTest::newRow("zip instead of npy")
      << QByteArray("PK\x03\x04\x14\x00\x00\x00", 8) << QString("magic");
  QTest::newRow("no version") << good.left(7) << QString("version");
  QByteArray badVersion = good;
  badVersion[6] = 4;
  QTest::newRow("version 4.0") << badVersion << QString("version 4.0");
  QByteArray badMinor = good;
  badMinor[7] = 1;
  QTest::newRow("version 1.1") << badMinor << QString("version 1.1");
  QTest::newRow("no header length") << good.left(9) << QString("header length");
  QTest::newRow("truncated header") << good.left(40) << QString("header length");
  QTest::newRow("truncated data") << good.left(good.size() - 1) << QString("truncated");
  QTest::newRow("no data") << good.left(good.size() - 8) << QString("truncated");
  QTest::newRow("trailing bytes") << good + QByteArray(4, '\0') << QString("trailing");
  QTest::newRow("big-endian f4")
      << npyBytes(1, dict(">f4", "(1,)"), QByteArray(4, '\0')) << QString("big-endian");
  QTest::newRow("big-endian i8")
      << npyBytes(1, dict(">i8", "(1,)"), QByteArray(8, '\0')) << QString("big-endian");
  QTest::newRow("'|' on multi-byte")
      << npyBytes(1, dict("|f4", "(1,)"), QByteArray(4, '\0')) << QString("|f4");
  QTest::newRow("unknown descr c8")
      << npyBytes(1, dict("<c8", "(1,)"), QByteArray(8, '\0')) << QString("<c8");
  QTest::newRow("unknown descr f16 (float128)")
      << npyBytes(1, dict("<f16", "(1,)"), QByteArray(16, '\0')) << QString("<f16");
  QTest::newRow("unicode string descr")
      << npyBytes(1, dict("<U5", "(1,)"), QByteArray(20, '\0')) << QString("<U5");
  QTest::newRow("object descr")
      << npyBytes(1, dict("|O", "(1,)"), QByteArray(8, '\0')) << QString("object");
  QTest::newRow("structured descr")
      << npyBytes(1, "{'descr': [('a', '<i4')], 'fortran_order': False, "
                     "'shape': (1,), }",
                  QByteArray(4, '\0'))
      << QString("structured");
  QTest::newRow("missing shape")
      << npyBytes(1, "{'descr': '<i4', 'fortran_order': False, }",
                  QByteArray(4, '\0'))
      << QString("missing key 'shape'");
  QTest::newRow("missing descr")
      << npyBytes(1, "{'fortran_order': False, 'shape': (1,), }",
                  QByteArray(4, '\0'))
      << QString("missing key 'descr'");
  QTest::newRow("extra key")
      << npyBytes(1, "{'descr': '<i4', 'fortran_order': False, "
                     "'shape': (1,), 'x': 1, }",
                  QByteArray(4, '\0'))
      << QString("'x'");
  QTest::newRow("negative dimension")
      << npyBytes(1, dict("<i4", "(-1,)"), QByteArray()) << QString("negative");
  QTest::newRow("huge dimension")
      << npyBytes(1, dict("<i4", "(99999999999999999999,)"), QByteArray())
      << QString("too large");
  QTest::newRow("too many elements")
      << npyBytes(1, dict("<i4", "(4294967296, 4294967296)"), QByteArray())
      << QString("too many");
  QTest::newRow("bad fortran_order")
      << npyBytes(1, dict("<i4", "(1,)", "0"), QByteArray(4, '\0'))
      << QString("fortran_order");
  QTest::newRow("not a dict")
      << npyBytes(1, "['descr', '<i4']", QByteArray(4, '\0')) << QString("'{'");
  QTest::newRow("unterminated dict")
      << npyBytes(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (1,)",
                  QByteArray(4, '\0'))
      << QString("malformed");
  QTest::newRow("garbage after dict")
      << npyBytes(1, dict("<i4", "(1,)") + " xyz", QByteArray(4, '\0'))
      << QString("after the closing");
}

void NpyTest::parseErrors() {
  QFETCH(QByteArray, bytes);
  QFETCH(QString, mention);
  Array a = makeArray("u8", {3});
  const Array before = a;
  std::string error;
  QVERIFY(!parse(bytes, a, error));
  QVERIFY(!error.empty());
  QVERIFY2(qs(error).contains(mention), error.c_str());
  COMPARE_ARRAYS(a, before); // untouched on failure
}

void NpyTest::readErrors() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  Array a;
  std::string error;

  // Missing file: the error names the file.
  const std::string missing = dir.filePath("does-not-exist.npy").toStdString();
  QVERIFY(!readNpy(missing, a, error));
  QVERIFY(!error.empty());
  QVERIFY2(qs(error).contains(qs(missing)), error.c_str());

  // A directory is not a .npy file.
  error.clear();
  QVERIFY(!readNpy(dir.path().toStdString(), a, error));
  QVERIFY(!error.empty());

  // Truncated file on disk.
  const std::string path = dir.filePath("t.npy").toStdString();
  QVERIFY2(writeNpy(path, makeArray("f32", {10, 10}), error), error.c_str());
  QVERIFY(QFile::resize(qs(path), 128 + 399));
  error.clear();
  QVERIFY(!readNpy(path, a, error));
  QVERIFY2(qs(error).contains(qs(path)), error.c_str());
  QVERIFY2(qs(error).contains("truncated"), error.c_str());

  // Big-endian file on disk.
  const std::string be = dir.filePath("be.npy").toStdString();
  QFile f(qs(be));
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(npyBytes(1, "{'descr': '>f8', 'fortran_order': False, 'shape': (), }",
                   QByteArray(8, '\0')));
  f.close();
  error.clear();
  QVERIFY(!readNpy(be, a, error));
  QVERIFY2(qs(error).contains(qs(be)) && qs(error).contains("big-endian"),
           error.c_str());
}

void NpyTest::writeErrors() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("w.npy").toStdString();
  std::string error;

  Array bf16 = makeArray("bf16", {4});
  QCOMPARE(bf16.data.size(), size_t(8));
  QVERIFY(serializeNpy(bf16).empty());
  QVERIFY(!writeNpy(path, bf16, error));
  QVERIFY2(qs(error).contains("bf16") && qs(error).contains(qs(path)),
           error.c_str());
  QVERIFY(!QFileInfo::exists(qs(path)));

  Array unknown = makeArray("u8", {4});
  unknown.dtype = "c64";
  QVERIFY(serializeNpy(unknown).empty());
  error.clear();
  QVERIFY(!writeNpy(path, unknown, error));
  QVERIFY2(qs(error).contains("c64"), error.c_str());

  Array wrongSize = makeArray("i32", {2, 3});
  wrongSize.data.pop_back();
  QVERIFY(serializeNpy(wrongSize).empty());
  error.clear();
  QVERIFY(!writeNpy(path, wrongSize, error));
  QVERIFY2(qs(error).contains("does not match"), error.c_str());

  Array negative = makeArray("i32", {2});
  negative.shape = {-2};
  QVERIFY(serializeNpy(negative).empty());
  error.clear();
  QVERIFY(!writeNpy(path, negative, error));
  QVERIFY(!error.empty());

  const std::string badDir =
      dir.filePath("no-such-dir/w.npy").toStdString();
  error.clear();
  QVERIFY(!writeNpy(badDir, makeArray("u8", {1}), error));
  QVERIFY2(qs(error).contains(qs(badDir)), error.c_str());
}

void NpyTest::npzRoundTrip() {
  std::map<std::string, Array> arrays;
  unsigned seed = 0;
  for (const std::string &dtype : kWritableDtypes) {
    arrays["a_" + dtype] = makeArray(dtype, {3, 5}, seed++);
    arrays["s_" + dtype] = makeArray(dtype, {}, seed++);
    arrays["e_" + dtype] = makeArray(dtype, {0, 2}, seed++);
  }
  arrays["in__hbm_0x0_f16"] = makeArray("f16", {640}, seed++);

  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = dir.filePath("r.npz");
  std::string error;
  QVERIFY2(writeNpz(path.toStdString(), arrays, error), error.c_str());

  std::map<std::string, Array> back;
  QVERIFY2(readNpz(path.toStdString(), back, error), error.c_str());
  QCOMPARE(back.size(), arrays.size());
  for (const auto &[key, array] : arrays) {
    QVERIFY2(back.count(key) == 1, key.c_str());
    COMPARE_ARRAYS(back.at(key), array);
  }

  // Members are NAME.npy, stored, and hold exactly serializeNpy's bytes.
  std::map<std::string, QByteArray> raw;
  std::map<std::string, int> methods;
  QVERIFY(zipMembers(path, raw, &methods));
  QCOMPARE(raw.size(), arrays.size());
  for (const auto &[key, array] : arrays) {
    const std::string name = key + ".npy";
    QVERIFY2(raw.count(name) == 1, name.c_str());
    QCOMPARE(methods.at(name), int(ZIP_CM_STORE));
    QCOMPARE(raw.at(name), toBytes(serializeNpy(array)));
  }

  // Overwriting an existing archive replaces its contents.
  std::map<std::string, Array> small = {{"x", makeArray("u8", {2})}};
  QVERIFY2(writeNpz(path.toStdString(), small, error), error.c_str());
  QVERIFY2(readNpz(path.toStdString(), back, error), error.c_str());
  QCOMPARE(back.size(), size_t(1));
  COMPARE_ARRAYS(back.at("x"), small.at("x"));
}

void NpyTest::npzEmpty() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("empty.npz").toStdString();
  std::string error;
  QVERIFY2(writeNpz(path, {}, error), error.c_str());
  QVERIFY(QFileInfo::exists(qs(path)));
  std::map<std::string, Array> back = {{"stale", makeArray("u8", {1})}};
  QVERIFY2(readNpz(path, back, error), error.c_str());
  QVERIFY(back.empty());
}

void NpyTest::npzDeflateMembers() {
  // Like numpy.savez_compressed: deflate-compressed members.
  const Array a = makeArray("f32", {64, 32}, 1);
  Array z = makeArray("i16", {100}, 2);
  std::fill(z.data.begin(), z.data.end(), 0); // compresses well
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = dir.filePath("c.npz");
  QVERIFY(writeZip(path,
                   {{"alpha.npy", toBytes(serializeNpy(a))},
                    {"zeros.npy", toBytes(serializeNpy(z))}},
                   ZIP_CM_DEFLATE));
  std::map<std::string, QByteArray> raw;
  std::map<std::string, int> methods;
  QVERIFY(zipMembers(path, raw, &methods));
  QCOMPARE(methods.at("zeros.npy"), int(ZIP_CM_DEFLATE));

  std::map<std::string, Array> back;
  std::string error;
  QVERIFY2(readNpz(path.toStdString(), back, error), error.c_str());
  QCOMPARE(back.size(), size_t(2));
  COMPARE_ARRAYS(back.at("alpha"), a);
  COMPARE_ARRAYS(back.at("zeros"), z);
}

void NpyTest::npzErrors() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  std::map<std::string, Array> out = {{"keep", makeArray("u8", {1})}};
  std::string error;

  // Missing file.
  const std::string missing = dir.filePath("missing.npz").toStdString();
  QVERIFY(!readNpz(missing, out, error));
  QVERIFY2(qs(error).contains(qs(missing)), error.c_str());

  // Not a ZIP file (a .npy file).
  const std::string notZip = dir.filePath("notzip.npz").toStdString();
  QVERIFY2(writeNpy(notZip, makeArray("u8", {100}), error), error.c_str());
  error.clear();
  QVERIFY(!readNpz(notZip, out, error));
  QVERIFY2(qs(error).contains(qs(notZip)), error.c_str());

  // A member that is not NAME.npy.
  const QString other = dir.filePath("other.npz");
  QVERIFY(writeZip(other,
                   {{"a.npy", toBytes(serializeNpy(makeArray("u8", {1})))},
                    {"readme.txt", "hello"}},
                   ZIP_CM_STORE));
  error.clear();
  QVERIFY(!readNpz(other.toStdString(), out, error));
  QVERIFY2(qs(error).contains("readme.txt"), error.c_str());

  // A broken .npy member (truncated data, big-endian): the error names the
  // archive and the member.
  QByteArray truncated = toBytes(serializeNpy(makeArray("f16", {640})));
  truncated.chop(2);
  const QString broken = dir.filePath("broken.npz");
  QVERIFY(writeZip(broken,
                   {{"ok.npy", toBytes(serializeNpy(makeArray("u8", {1})))},
                    {"bad.npy", truncated}},
                   ZIP_CM_DEFLATE));
  error.clear();
  QVERIFY(!readNpz(broken.toStdString(), out, error));
  QVERIFY2(qs(error).contains(broken) && qs(error).contains("bad.npy") &&
               qs(error).contains("truncated"),
           error.c_str());
  QVERIFY(writeZip(broken,
                   {{"be.npy",
                     npyBytes(1, "{'descr': '>i4', 'fortran_order': False, "
                                 "'shape': (1,), }",
                              QByteArray(4, '\0'))}},
                   ZIP_CM_STORE));
  error.clear();
  QVERIFY(!readNpz(broken.toStdString(), out, error));
  QVERIFY2(qs(error).contains("be.npy") && qs(error).contains("big-endian"),
           error.c_str());

  // Corrupted stored data (CRC mismatch).
  const QString corrupt = dir.filePath("corrupt.npz");
  const QByteArray member = toBytes(serializeNpy(makeArray("u32", {50})));
  QVERIFY(writeZip(corrupt, {{"c.npy", member}}, ZIP_CM_STORE));
  {
    QFile f(corrupt);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QByteArray all = f.readAll();
    const qsizetype at = all.indexOf(member);
    QVERIFY(at > 0);
    all[at + member.size() - 1] = char(all[at + member.size() - 1] ^ 0x55);
    QVERIFY(f.seek(0));
    QCOMPARE(f.write(all), all.size());
  }
  error.clear();
  QVERIFY(!readNpz(corrupt.toStdString(), out, error));
  QVERIFY2(qs(error).contains("c.npy"), error.c_str());

  // `out` is untouched by all of the failures above.
  QCOMPARE(out.size(), size_t(1));
  QVERIFY(out.count("keep") == 1);

  // Writing: bf16 and inconsistent arrays are refused, nothing is created.
  const std::string w = dir.filePath("w.npz").toStdString();
  error.clear();
  QVERIFY(!writeNpz(w, {{"ok", makeArray("u8", {1})},
                        {"b", makeArray("bf16", {2})}},
                    error));
  QVERIFY2(qs(error).contains("'b'") && qs(error).contains("bf16"),
           error.c_str());
  QVERIFY(!QFileInfo::exists(qs(w)));
  Array bad = makeArray("u16", {3});
  bad.data.push_back(0);
  error.clear();
  QVERIFY(!writeNpz(w, {{"bad", bad}}, error));
  QVERIFY(!error.empty());
  const std::string badDir = dir.filePath("nodir/w.npz").toStdString();
  error.clear();
  QVERIFY(!writeNpz(badDir, {{"a", makeArray("u8", {1})}}, error));
  QVERIFY2(qs(error).contains(qs(badDir)), error.c_str());
}

void NpyTest::corpusExpectedFiles() {
  const QDir dir(QStringLiteral(SPYRE_CORPUS_EXPECTED_DIR));
  if (!dir.exists())
    QSKIP(qPrintable("corpus directory " + dir.path() +
                     " does not exist; set SPYRE_CORPUS_DIR to test against "
                     "the real .npz files"));
  const QStringList files =
      dir.entryList({QStringLiteral("*.npz")}, QDir::Files, QDir::Name);
  QVERIFY2(!files.isEmpty(), "no .npz files in the corpus directory");

  for (const QString &file : files) {
    const QString path = dir.filePath(file);
    std::map<std::string, Array> arrays;
    std::string error;
    QVERIFY2(readNpz(path.toStdString(), arrays, error),
             qPrintable(file + ": " + qs(error)));
    QVERIFY2(!arrays.empty(), qPrintable(file));

    std::map<std::string, QByteArray> raw;
    QVERIFY(zipMembers(path, raw));
    QCOMPARE(raw.size(), arrays.size());
    for (const auto &[key, array] : arrays) {
      const QString what = file + ":" + qs(key);
      QVERIFY2(elementSize(array.dtype) > 0, qPrintable(what));
      QVERIFY2(array.numElements() >= 0, qPrintable(what));
      QCOMPARE(array.data.size(),
               size_t(array.numElements()) * elementSize(array.dtype));
      // Our writer reproduces numpy 1.24's bytes exactly.
      QVERIFY2(raw.count(key + ".npy") == 1, qPrintable(what));
      QVERIFY2(toBytes(serializeNpy(array)) == raw.at(key + ".npy"),
               qPrintable(what + " does not re-serialize byte-identically"));
    }
  }

  // Known facts.
  std::map<std::string, Array> arrays;
  std::string error;
  QVERIFY2(readNpz(dir.filePath("ktir__ring_reduce.npz").toStdString(), arrays,
                   error),
           error.c_str());
  for (const char *key : {"in__hbm_0x0_f16", "out__hbm_0x0_f16"}) {
    QVERIFY2(arrays.count(key) == 1, key);
    QCOMPARE(qs(arrays.at(key).dtype), QString("f16"));
    QCOMPARE(arrays.at(key).shape, std::vector<int64_t>{640});
    QCOMPARE(arrays.at(key).data.size(), size_t(1280));
  }

  arrays.clear();
  QVERIFY2(readNpz(dir.filePath("sdsc__sdpa_pv_ksplit.npz").toStdString(),
                   arrays, error),
           error.c_str());
  QVERIFY(arrays.count("in__b_ptr") == 1);
  QCOMPARE(qs(arrays.at("in__b_ptr").dtype), QString("f16"));
  QCOMPARE(arrays.at("in__b_ptr").shape, (std::vector<int64_t>{8192, 128}));
  QCOMPARE(arrays.at("in__b_ptr").data.size(), size_t(8192 * 128 * 2));
}

QTEST_APPLESS_MAIN(NpyTest)
#include "NpyTest.moc"
