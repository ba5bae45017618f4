//===- SessionFuzzTest.cpp - seeded hostile session files -----------------===//
//
// robustness.fuzz feeds the command-line tools; session files (.spyx) are
// read by the explorer only, so they are fuzzed here, through the same
// reader the explorer uses (SessionFile::load). Thousands of seeded cases
// (SPYRE_FUZZ_SEED, default 16; SPYRE_SESSION_CASES, default 3000): a
// valid session with values replaced by hostile ones (numbers, arrays,
// objects, 1 MiB strings, /dev/zero, directories, FIFOs, paths that climb
// out of the folder, format strings, invalid base64), bytes flipped,
// truncated, nested 100,000 deep, NUL and invalid UTF-8, 20 MiB; and the
// session's own path a device, a directory or a FIFO. Each case must
// return within a bound (15 s, for the 20 MiB ones on a loaded machine)
// with a session or a non-empty error, and a session that loads must
// survive being written and read again unchanged. The first
// failure prints the seed and case number that reproduce it.
//
//===----------------------------------------------------------------------===//

#include "SessionFile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <random>
#include <sys/stat.h>

namespace {

using Rng = std::mt19937_64;

int below(Rng &rng, int n) {
  return std::uniform_int_distribution<int>(0, n - 1)(rng);
}

/// A case may take this long at most (ms), on a loaded machine: a 20 MiB
/// session (under the reader's 32 MiB limit) is read, decoded and parsed.
constexpr qint64 kMaxCaseMs = 15000;

} // namespace

class SessionFuzzTest : public QObject {
  Q_OBJECT

  QTemporaryDir dir;
  QString fifo;

  QJsonObject valid() {
    SessionFile s;
    s.source = "func.func @f() attributes {grid = [1]} {\n  return\n}\n";
    s.file = dir.filePath("k.mlir");
    s.arch = "spyre";
    s.selectedPass = "normalize-grid";
    s.leftPin = "input";
    s.layout = QByteArray("layout bytes");
    s.geometry = QByteArray("geometry");
    return s.toJson(dir.filePath("s.spyx"));
  }

  QJsonValue hostileValue(Rng &rng) {
    switch (below(rng, 22)) {
    case 0: return QJsonValue(1e308);
    case 1: return QJsonValue(-0.0);
    case 2: return QJsonValue(true);
    case 3: return QJsonValue(QJsonValue::Null);
    case 4: return QJsonArray{1, "a", QJsonObject()};
    case 5: return QJsonObject{{"x", 1}};
    case 6: return QString(1 << 20, 'x');
    case 7: return "/dev/zero";
    case 8: return "/";
    case 9: return dir.path();
    case 10: return fifo;
    case 11: return "../../../../../../../../../../etc/passwd";
    case 12: return "%1 %2 %n %s %99";
    case 13: return QString(QChar(0)) + "x";
    case 14: return "////";
    case 15: return "\xe2\x80\xae" "lmth.exe";
    case 16: return "*";
    case 17: return QJsonValue(9223372036854775807.0);
    case 18: return "";
    case 19: return "not base64 %%%%";
    case 20: return QString::fromLatin1(QByteArray(4096, '\xff').toBase64());
    default: return "spyre.toml";
    }
  }

  /// A hostile session image and what was done to it.
  QByteArray hostile(Rng &rng, QString &what) {
    QJsonObject json = valid();
    const QStringList keys = json.keys() + QStringList{"extra", ""};
    int edits = 1 + below(rng, 3);
    for (int i = 0; i < edits; ++i) {
      QString key = keys[below(rng, keys.size())];
      json[key] = hostileValue(rng);
      what += "value of '" + key + "'; ";
    }
    QByteArray bytes = QJsonDocument(json).toJson();
    switch (below(rng, 9)) {
    case 0:
      bytes.truncate(below(rng, static_cast<int>(bytes.size()) + 1));
      what += "truncated";
      break;
    case 1:
      for (int i = 0; i < 1 + below(rng, 4); ++i)
        bytes[below(rng, static_cast<int>(bytes.size()))] ^=
            static_cast<char>(1 + below(rng, 255));
      what += "bytes flipped";
      break;
    case 2:
      bytes = QByteArray(100000, '[') + QByteArray(100000, ']');
      what += "nested 100000 deep";
      break;
    case 3:
      bytes.insert(below(rng, static_cast<int>(bytes.size())), QByteArray(1, '\0'));
      what += "a NUL";
      break;
    case 4:
      bytes.insert(below(rng, static_cast<int>(bytes.size())), "\xc0\x80\xff");
      what += "invalid UTF-8";
      break;
    case 5:
      if (below(rng, 300) == 0) { // about one case in 2,700: they are slow
        bytes += QByteArray(20 << 20, ' ');
        what += "20 MiB";
      }
      break;
    default:
      break;
    }
    return bytes;
  }

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir.isValid());
    fifo = dir.filePath("fifo");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
  }

  void hostileSessions() {
    const quint64 seed = qEnvironmentVariableIsSet("SPYRE_FUZZ_SEED")
                             ? qEnvironmentVariable("SPYRE_FUZZ_SEED").toULongLong()
                             : 16;
    const int cases = qEnvironmentVariableIsSet("SPYRE_SESSION_CASES")
                          ? qEnvironmentVariableIntValue("SPYRE_SESSION_CASES")
                          : 3000;
    Rng rng(seed);
    const QString path = dir.filePath("s.spyx");
    const QString again = dir.filePath("again.spyx");
    int loaded = 0, refused = 0;
    qint64 longest = 0;
    QElapsedTimer total;
    total.start();
    for (int i = 0; i < cases; ++i) {
      QString what;
      QString where = path;
      int special = below(rng, 40);
      if (special < 4) {
        where = QStringList{"/dev/zero", dir.path(), fifo, "/nonexistent.spyx"}[special];
        what = "session path " + where;
      } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(hostile(rng, what));
      }
      const QString context = QString("seed %1 case %2 (%3)").arg(seed).arg(i).arg(what);
      QElapsedTimer t;
      t.start();
      QString error;
      std::optional<SessionFile> s = SessionFile::load(where, &error);
      longest = std::max(longest, t.elapsed());
      QVERIFY2(t.elapsed() < kMaxCaseMs, qPrintable(context + " took too long"));
      if (!s) {
        ++refused;
        QVERIFY2(!error.isEmpty(), qPrintable(context + ": refused without a message"));
        continue;
      }
      ++loaded;
      // What loads survives being written and read again (as save() and
      // load() do, without the disk: a save syncs the file, which on a
      // busy machine costs more than the whole case).
      QJsonParseError parsed{};
      QJsonDocument doc = QJsonDocument::fromJson(
          QJsonDocument(s->toJson(again)).toJson(), &parsed);
      QVERIFY2(parsed.error == QJsonParseError::NoError && doc.isObject(),
               qPrintable(context + ": written session is not JSON"));
      std::optional<SessionFile> back =
          SessionFile::fromJson(doc.object(), again, &error);
      QVERIFY2(back, qPrintable(context + ": saved session not read back: " + error));
      QCOMPARE(back->source, s->source);
      QCOMPARE(back->selectedPass, s->selectedPass);
      QCOMPARE(back->leftPin, s->leftPin);
      QCOMPARE(back->rightPin, s->rightPin);
      QCOMPARE(back->layout, s->layout);
      QCOMPARE(back->geometry, s->geometry);
    }
    qInfo("seed %llu: %d sessions, %d loaded, %d refused with a message, in "
          "%lld ms (the longest read: %lld ms)",
          seed, cases, loaded, refused, total.elapsed(), longest);
    QVERIFY(loaded > 0 && refused > 0);
  }
};

QTEST_GUILESS_MAIN(SessionFuzzTest)
#include "SessionFuzzTest.moc"
