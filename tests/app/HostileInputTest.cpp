//===- HostileInputTest.cpp - the explorer on every class of hostile input ===//
//
// Issue 16's GUI test: one MainWindow opened on each class of hostile
// input — grids of 2^31, 2^64 and 2^63 - 1 tiles, a 2^62 stride, a
// 65536x65536 tensor, 5,000 nested scf.if, a 40,000-character loc, the
// most negative index divided by -1 (run with F5), /dev/zero, a
// directory and a FIFO as the kernel, as the architecture and as the
// session, and invalid sessions. After each the window is alive, the
// compile (or run) has finished within a bound, and the user sees a
// diagnostic: rows in the diagnostics table, the run's error, or the
// message box the explorer opens (closed here, its text checked). A timer
// ticking on the GUI thread throughout measures the longest the event
// loop was blocked, which must stay under a bound too.
//
//===----------------------------------------------------------------------===//

#include "../robustness/CopyKernel.h"
#include "MachineDocks.h"
#include "MainWindow.h"
#include "RunController.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QMessageBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <sys/stat.h>

namespace {

/// The copy kernel with a hostile grid, stride or extra op.
QString kernel(const QString &grid, const QString &stride = "64",
               const QString &extra = QString()) {
  return QString::fromStdString(spyre::fuzz::copyKernel(
      grid.toStdString(), stride.toStdString(), extra.toStdString()));
}

/// Closes every message box the window opens and keeps its text.
class MessageCatcher : public QObject {
public:
  MessageCatcher() {
    timer.setInterval(20);
    connect(&timer, &QTimer::timeout, this, [this] {
      if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
        texts << box->text();
        box->done(QMessageBox::Ok);
      }
    });
    timer.start();
  }
  QStringList texts;

private:
  QTimer timer;
};

/// Measures the longest gap between ticks of a 20 ms timer on the GUI
/// thread: how long the event loop was ever blocked.
class Responsiveness : public QObject {
public:
  Responsiveness() {
    timer.setInterval(20);
    connect(&timer, &QTimer::timeout, this, [this] {
      longest = std::max(longest, clock.restart());
    });
    clock.start();
    timer.start();
  }
  qint64 longest = 0;

private:
  QTimer timer;
  QElapsedTimer clock;
};

/// The event loop may stop for this long at most (ms): generous, as the
/// machine running the tests may be loaded.
constexpr qint64 kMaxBlockedMs = 5000;
/// A compile or run must have finished within this (ms).
constexpr int kMaxCompileMs = 60000;

/// A shown explorer window, the message boxes it opened and how long its
/// event loop was ever blocked.
struct Scene {
  MessageCatcher boxes;
  Responsiveness gui;
  MainWindow window;
  Scene() {
    window.resize(1200, 800);
    window.show();
  }
};

} // namespace

/// The window is still there and its event loop was never blocked long.
#define VERIFY_ALIVE(scene)                                                    \
  do {                                                                         \
    QVERIFY((scene).window.isVisible());                                       \
    qInfo("event loop blocked at most %lld ms", (scene).gui.longest);          \
    QVERIFY2((scene).gui.longest < kMaxBlockedMs,                              \
             qPrintable(QString::number((scene).gui.longest)));                \
  } while (0)

class HostileInputTest : public QObject {
  Q_OBJECT

  QTemporaryDir dir;

  QString write(const QString &name, const QString &text) {
    QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
      return QString();
    f.write(text.toUtf8());
    return path;
  }

  QTableWidget *diagnostics(MainWindow &window) {
    return window.findChild<QTableWidget *>("diagnostics");
  }

  /// Every cell of the diagnostics table, once it has rows.
  QString diagnosticText(MainWindow &window) {
    QTableWidget *table = diagnostics(window);
    QString all;
    for (int r = 0; table && r < table->rowCount(); ++r)
      for (int c = 0; c < table->columnCount(); ++c)
        if (table->item(r, c))
          all += table->item(r, c)->text() + '\n';
    return all;
  }

  /// Waits until the compile after `before` has finished.
  bool compiled(MainWindow &window, quint64 before) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < kMaxCompileMs) {
      if (window.compiler().latestJob() > before && !window.compiler().busy())
        return true;
      QTest::qWait(20);
    }
    return false;
  }

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("hostile-input-test");
    QVERIFY(dir.isValid());
  }

  void kernels_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message"); // what the diagnostics must say
    QTest::newRow("grid 2^63-1") << kernel("[9223372036854775807]")
                                 << "the grid has 9223372036854775807 tiles";
    QTest::newRow("grid 2^31") << kernel("[2147483648]")
                               << "the grid has 2147483648 tiles";
    QTest::newRow("grid 2^32 x 2^32") << kernel("[4294967296, 4294967296]")
                                      << "the grid has too many tiles";
    QTest::newRow("grid INT64_MIN") << kernel("[-9223372036854775808]")
                                    << "must be a positive integer";
    QTest::newRow("stride 2^62") << kernel("[1]", "4611686018427387904")
                                 << "reach beyond element 2^63";
    QString nest = "%cond = arith.constant true\n" +
                   QString("scf.if %cond {\n").repeated(5000) +
                   QString("}\n").repeated(5000);
    QTest::newRow("5000 nested scf.if")
        << kernel("[1]", "64", nest) << "nesting deeper than 256 levels";
    QTest::newRow("100000-term affine chain")
        << kernel("[1]").replace("d0 >= 0", "d0" + QString(" + 0").repeated(100000) + " >= 0")
        << "operators";
    QTest::newRow("tensor 65536x65536 returned")
        << kernel("[1]", "64",
                  "%big = tensor.empty() : tensor<65536x65536xf16>\n"
                  "  %r = arith.addf %big, %big : tensor<65536x65536xf16>\n"
                  "  %bad = arith.addf %r, %x : tensor<4x64xf16>")
        << "error";
  }

  /// Each hostile kernel compiles to a diagnostic, within the bound and
  /// without blocking the event loop.
  void kernels() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    Scene scene;
    MainWindow &window = scene.window;
    quint64 before = window.compiler().latestJob();
    QVERIFY(window.openFile(write("k.mlir", text)));
    QVERIFY2(compiled(window, before), "the compile did not finish in time");
    QTableWidget *table = diagnostics(window);
    QVERIFY(table);
    QTRY_VERIFY_WITH_TIMEOUT(table->rowCount() > 0, 10000);
    QString all = diagnosticText(window);
    QVERIFY2(all.contains(message), qPrintable(all.left(2000)));
    VERIFY_ALIVE(scene);
    QVERIFY(scene.boxes.texts.isEmpty());
  }

  /// A 40,000-character location compiles (it is valid): every snapshot is
  /// shown, and the event loop is never blocked long.
  void longLocation() {
    Scene scene;
    MainWindow &window = scene.window;
    QString text = kernel("[1]");
    text.replace("-> tensor<4x64xf16>\n",
                 "-> tensor<4x64xf16> loc(\"" + QString(40000, 'l') + "\":1:1)\n");
    quint64 before = window.compiler().latestJob();
    QVERIFY(window.openFile(write("loc.mlir", text)));
    QVERIFY(compiled(window, before));
    QVERIFY(window.compiler().latest().ok);
    QVERIFY(window.selectPass("lower-to-spyrecode"));
    QTest::qWait(200);
    VERIFY_ALIVE(scene);
  }

  /// INT64_MIN / -1 compiles (the values are known only when it runs);
  /// F5 runs it and the run ends in the division error.
  void divisionOverflowRun() {
    Scene scene;
    MainWindow &window = scene.window;
    QString text = kernel("[1]", "64",
                          "%m = arith.constant -9223372036854775808 : index\n"
                          "  %n1 = arith.constant -1 : index\n"
                          "  %q = arith.divsi %m, %n1 : index");
    quint64 before = window.compiler().latestJob();
    QVERIFY(window.openFile(write("div.mlir", text)));
    QVERIFY(compiled(window, before));
    RunController &runner = window.machine()->runner();
    quint64 runs = runner.latestJob();
    QAction *run = window.machine()->runAction();
    QVERIFY(run);
    run->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(runner.latestJob() > runs && !runner.busy(),
                             kMaxCompileMs);
    const auto &result = runner.latest().result;
    QVERIFY(!result.ok);
    bool found = false;
    for (const auto &d : result.diagnostics)
      found |= QString::fromStdString(d.message).contains("integer division overflow");
    QVERIFY(found);
    VERIFY_ALIVE(scene);
  }

  void files_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::newRow("/dev/zero") << "/dev/zero" << "larger than";
    QTest::newRow("a directory") << QDir::tempPath() << "is a directory";
    QTest::newRow("a FIFO") << "FIFO" << "is a pipe or a socket";
    QTest::newRow("missing") << "/nonexistent/kernel.mlir" << "does not exist";
  }

  /// /dev/zero, a directory, a FIFO or a missing file as the kernel and as
  /// the session: a message box naming the problem, the window alive.
  void files() {
    QFETCH(QString, path);
    QFETCH(QString, message);
    if (path == "FIFO") {
      path = dir.filePath("fifo");
      ::mkfifo(QFile::encodeName(path).constData(), 0600);
    }
    Scene scene;
    MainWindow &window = scene.window;
    QVERIFY(!window.openFile(path));
    QCOMPARE(scene.boxes.texts.size(), 1);
    QVERIFY2(scene.boxes.texts[0].contains(message), qPrintable(scene.boxes.texts[0]));
    QVERIFY(!window.openSession(path));
    QCOMPARE(scene.boxes.texts.size(), 2);
    QVERIFY2(scene.boxes.texts[1].contains(message), qPrintable(scene.boxes.texts[1]));
    VERIFY_ALIVE(scene);
  }

  void architectures_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("message");
    QTest::newRow("/dev/zero") << "/dev/zero" << "is larger than 1048576 bytes";
    QTest::newRow("a directory") << QDir::tempPath() << "architecture file";
    QTest::newRow("a FIFO") << "FIFO" << "missing section";  // read as empty
    QTest::newRow("clock 1e300") << "CLOCK" << "clock_ghz";
  }

  /// A hostile architecture file: the compile ends in a diagnostic naming
  /// it (a FIFO no longer blocks the compile for ever).
  void architectures() {
    QFETCH(QString, arch);
    QFETCH(QString, message);
    if (arch == "FIFO") {
      arch = dir.filePath("arch-fifo.toml");
      ::mkfifo(QFile::encodeName(arch).constData(), 0600);
    } else if (arch == "CLOCK") {
      arch = write("clock.toml", "name = \"x\"\nclock_ghz = 1e300\n");
    }
    Scene scene;
    MainWindow &window = scene.window;
    quint64 before = window.compiler().latestJob();
    QVERIFY(window.openFile(write("ok.mlir", kernel("[1]"))));
    QVERIFY(compiled(window, before));
    QVERIFY(window.compiler().latest().ok);
    before = window.compiler().latestJob();
    window.setArchitecture(arch);
    QVERIFY2(compiled(window, before), "the compile did not finish in time");
    QVERIFY(!window.compiler().latest().ok);
    QTRY_VERIFY_WITH_TIMEOUT(diagnostics(window)->rowCount() > 0, 10000);
    QString all = diagnosticText(window);
    QVERIFY2(all.contains(message), qPrintable(all.left(2000)));
    VERIFY_ALIVE(scene);
  }

  void sessions_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("message"); // empty: it opens
    QTest::newRow("not JSON") << "{\"format\": " << "is not a Spyre Explorer session";
    QTest::newRow("another format") << "{\"format\": \"x\"}"
                                    << "is not a Spyre Explorer session";
    QTest::newRow("an array") << "[1, 2]" << "not a JSON object";
    QTest::newRow("nested 5000 deep")
        << QString("[").repeated(5000) + QString("]").repeated(5000)
        << "is not a Spyre Explorer session";
    QTest::newRow("numbers for strings")
        << "{\"format\": \"spyre-explorer-session\", \"source\": 1e308, "
           "\"file\": -9223372036854775808, \"arch\": [], \"layout\": {}, "
           "\"geometry\": true, \"selectedPass\": null}"
        << "\"source\" is not text";
    QTest::newRow("file and arch /dev/zero")
        << "{\"format\": \"spyre-explorer-session\", \"source\": \"\", "
           "\"file\": \"/dev/zero\", \"arch\": \"/dev/zero\", "
           "\"layout\": \"AAAA/////w==\", \"geometry\": \"%%%%\"}"
        << QString();
  }

  /// Invalid sessions end in a message box (one whose fields are of the
  /// wrong kind, a number for the kernel's text, too: it opened as an
  /// empty kernel without a word); sessions with hostile values of the
  /// right kinds open and their kernel compiles to a diagnostic where the
  /// values are hostile.
  void sessions() {
    QFETCH(QString, json);
    QFETCH(QString, message);
    Scene scene;
    MainWindow &window = scene.window;
    QString path = write("s.spyx", json);
    quint64 before = window.compiler().latestJob();
    bool opened = window.openSession(path);
    if (!message.isEmpty()) {
      QVERIFY(!opened);
      QCOMPARE(scene.boxes.texts.size(), 1);
      QVERIFY2(scene.boxes.texts[0].contains(message), qPrintable(scene.boxes.texts[0]));
    } else {
      QVERIFY(opened);
      window.setArchitecture(window.compiler().architectureName());
      QVERIFY(compiled(window, before));
      if (json.contains("/dev/zero")) {
        QVERIFY(!window.compiler().latest().ok);
        QTRY_VERIFY_WITH_TIMEOUT(diagnostics(window)->rowCount() > 0, 10000);
      }
    }
    VERIFY_ALIVE(scene);
  }
};

QTEST_MAIN(HostileInputTest)
#include "HostileInputTest.moc"
