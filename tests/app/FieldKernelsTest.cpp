//===- FieldKernelsTest.cpp - generated kernels in the window -------------===//
//
// Issue 23 in the explorer: a module of several kernels shows a Kernel box
// that compiles (and runs) the kernel chosen; a generated kernel whose ops
// carry a Python generator's locations shows its diagnostics on the lines
// of the file that is open, with the generator's place as a note, and a
// double-click on the diagnostic puts the cursor on that line.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "CompileController.h"
#include "KernelChooser.h"
#include "MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

class FieldKernelsTest : public QObject {
  Q_OBJECT

  QTemporaryDir settingsDir;

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("field-kernels-test");
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
  }

  void kernelBoxPicksTheKernel() {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(window.openFile(QDir(SPYRE_TEST_KERNELS_DIR).filePath("multi_kernel_mlp_decode.mlir")));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok, 30000);
    auto *chooser = window.findChild<KernelChooser *>("kernelChooser");
    QVERIFY(chooser);
    QTRY_VERIFY(chooser->isVisible());
    QCOMPARE(chooser->kernels(),
             QStringList({"gate_proj", "up_proj", "silu_mul"}));
    QCOMPARE(chooser->current(), QString("gate_proj"));
    QCOMPARE(window.compiler().latest().function, std::string("gate_proj"));

    // Another kernel: compiled, and the IR after select-kernel is its own.
    const quint64 before = window.compiler().latestJob();
    QVERIFY(chooser->choose("silu_mul"));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latestJob() > before &&
                                 window.compiler().latest().ok, 30000);
    QCOMPARE(window.compiler().latest().function, std::string("silu_mul"));
    QCOMPARE(window.compiler().kernelName(), QString("silu_mul"));
    const auto &snapshots = window.compiler().latest().snapshots;
    QVERIFY(snapshots.size() > 2);
    QCOMPARE(snapshots[1].pass, std::string("select-kernel"));
    QVERIFY(snapshots[1].ir.find("@silu_mul") != std::string::npos);
    QVERIFY(snapshots[1].ir.find("@gate_proj") == std::string::npos);
    QCOMPARE(chooser->current(), QString("silu_mul"));

    // A file of one kernel hides the box again.
    QVERIFY(window.openSample(QDir(MainWindow::samplesDirectory()).filePath("softmax.mlir")));
    QTRY_VERIFY_WITH_TIMEOUT(window.compiler().latest().ok &&
                                 window.compiler().latest().function == "softmax",
                             30000);
    QTRY_VERIFY(!chooser->isVisible());
    QCOMPARE(window.compiler().kernelName(), QString());
  }

  void generatedLocationsLandOnTheLine() {
    // A kernel with a generator's locations and an op the pipeline refuses
    // (memref.alloc, line 5 of this file; the generator says gen.py:45).
    const QByteArray text =
        "// generated\n"
        "module {\n"
        "  func.func @k(%x_ptr: index loc(#loc0)) attributes {grid = [1]} {\n"
        "    %c0 = arith.constant 0 : index loc(#loc1)\n"
        "    %m = memref.alloc() : memref<4xf16> loc(#loc2)\n"
        "    return loc(#loc1)\n"
        "  } loc(#loc0)\n"
        "} loc(#loc0)\n"
        "#loc0 = loc(\"/opt/gen/emit.py\":3:1)\n"
        "#loc1 = loc(\"/opt/gen/emit.py\":20:8)\n"
        "#loc2 = loc(\"/opt/gen/emit.py\":45:12)\n";
    QTemporaryDir dir;
    QFile file(dir.filePath("generated.mlir"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
    file.close();

    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(window.openFile(file.fileName()));
    auto *table = window.findChild<QTableWidget *>("diagnostics");
    QVERIFY(table);
    QTRY_VERIFY_WITH_TIMEOUT(table->rowCount() >= 2, 30000);
    // The error on line 5, the generator's place as a note on it.
    QCOMPARE(table->item(0, 1)->text(), QString("5"));
    QVERIFY(table->item(0, 3)->text().contains("memref.alloc"));
    bool noted = false;
    for (int r = 1; r < table->rowCount(); ++r)
      noted |= table->item(r, 3)->text().contains("emit.py\":45:12");
    QVERIFY(noted);
    // Double-clicking the diagnostic puts the cursor on line 5.
    auto *editor = window.findChild<CodeEditor *>("editor");
    editor->setCursorPosition(0, 0);
    Q_EMIT table->cellDoubleClicked(0, 3);
    int line = -1, index = -1;
    editor->getCursorPosition(&line, &index);
    QCOMPARE(line + 1, 5);
  }
};

QTEST_MAIN(FieldKernelsTest)
#include "FieldKernelsTest.moc"
