//===- RunInputsTest.cpp - runs that start from .npy files -----------------===//
//
// Run ▸ Inputs…: the dialog lists the kernel's arguments with their element
// type and shape, refuses a file of another element type or shape (or no
// .npy at all) saying why, and keeps a fitting one by its absolute path;
// the files reach the interpreter (its output is A + B of the files) and
// the emulator (its outputs agree with the interpreter's); a session file
// keeps them; choosing inputs in the window makes the next step record a
// new run from them. Scalar arguments: the dialog takes a value for each,
// checked for its type as it is typed (the reason next to the field, OK
// refused while one is wrong); the values reach the interpreter (Run on
// Interpreter), the emulated run and its comparison, and sessions.
//
//===----------------------------------------------------------------------===//

#include "SampleText.h"
#include "EmulatorRun.h"
#include "MachineDocks.h"
#include "MainWindow.h"
#include "OccupancyChart.h"
#include "RunController.h"
#include "RunControls.h"
#include "RunInputsDialog.h"
#include "RunSummaryRunner.h"
#include "SessionFile.h"
#include "WindowWithSample.h"

#include "driver/NumericsVerdict.h"
#include "support/Npy.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFloat16>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

#include <cstring>

namespace {

/// An f16 array of `shape` whose element i is value(i) (small integers:
/// exact in f16).
QString writeF16(const QString &path, std::vector<int64_t> shape, int modulo) {
  spyre::npy::Array a;
  a.dtype = "f16";
  a.shape = shape;
  int64_t n = a.numElements();
  a.data.resize(size_t(n) * 2);
  for (int64_t i = 0; i < n; ++i) {
    qfloat16 h(float(i % modulo));
    std::memcpy(&a.data[size_t(i) * 2], &h, 2);
  }
  std::string error;
  if (!spyre::npy::writeNpy(path.toStdString(), a, error))
    qFatal("%s", error.c_str());
  return path;
}

/// The text of tests/kernels/`name` (empty when it cannot be read).
QString testKernelText(const QString &name) {
  QFile f(QStringLiteral(SPYRE_TEST_KERNELS_DIR "/") + name);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class RunInputsTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("run-inputs-test");
  }

  void dialogChecksEachFile() {
    QTemporaryDir dir;
    RunInputs none;
    none.seed = 3;
    RunInputsDialog dialog(none, sampleText("elementwise_add.mlir"), "elementwise_add.mlir");
    QSignalSpy read(&dialog, &RunInputsDialog::argumentsRead);
    QVERIFY(read.wait(30000));
    auto *table = dialog.findChild<QTableWidget *>("inputsTable");
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->item(0, 0)->text(), QString("%a_ptr"));
    QCOMPARE(table->item(0, 1)->text(), QString("f16, 96x64"));

    // Another element type: refused, the reason names both.
    spyre::npy::Array f32;
    f32.dtype = "f32";
    f32.shape = {96, 64};
    f32.data.assign(96 * 64 * 4, 0);
    std::string werr;
    QVERIFY(spyre::npy::writeNpy(dir.filePath("wide.npy").toStdString(), f32, werr));
    QString error;
    QVERIFY(!dialog.chooseFile("a_ptr", dir.filePath("wide.npy"), &error));
    QVERIFY2(error.contains("wide.npy") && error.contains("f32") &&
                 error.contains("f16, 96x64") && error.contains("element types differ"),
             qPrintable(error));
    QCOMPARE(dialog.message(), error);
    // Another shape.
    writeF16(dir.filePath("short.npy"), {32, 64}, 5);
    QVERIFY(!dialog.chooseFile("b_ptr", dir.filePath("short.npy"), &error));
    QVERIFY2(error.contains("32x64") && error.contains("shapes differ"), qPrintable(error));
    // Not a .npy file.
    QFile junk(dir.filePath("junk.npy"));
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write("not numpy");
    junk.close();
    QVERIFY(!dialog.chooseFile("a_ptr", dir.filePath("junk.npy"), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(dialog.inputs().files.empty());

    // A fitting file is kept by its absolute path; Seed takes it back.
    writeF16(dir.filePath("a.npy"), {96, 64}, 7);
    QDir::setCurrent(dir.path());
    QVERIFY(dialog.chooseFile("a_ptr", "a.npy", &error));
    RunInputs got = dialog.inputs();
    QCOMPARE(got.seed, uint64_t(3));
    QCOMPARE(int(got.files.size()), 1);
    QCOMPARE(got.files.at("a_ptr"), QDir(dir.path()).absoluteFilePath("a.npy"));
    dialog.useSeed("a_ptr");
    QVERIFY(dialog.inputs().files.empty());

    // A file chosen for an argument the kernel no longer takes is dropped,
    // with a note.
    RunInputs stale;
    stale.files["gone"] = dir.filePath("a.npy");
    RunInputsDialog again(stale, sampleText("elementwise_add.mlir"), "elementwise_add.mlir");
    QSignalSpy readAgain(&again, &RunInputsDialog::argumentsRead);
    QVERIFY(readAgain.wait(30000));
    QVERIFY(again.inputs().files.empty());
    QVERIFY2(again.message().contains("%gone"), qPrintable(again.message()));
  }

  void filesReachBothEngines() {
    QTemporaryDir dir;
    QString a = writeF16(dir.filePath("a.npy"), {96, 64}, 7);
    QString b = writeF16(dir.filePath("b.npy"), {96, 64}, 5);
    const QString source = sampleText("elementwise_add.mlir");

    // The interpreter: C = A + B of the files.
    RunController::Input interp{source, "elementwise_add.mlir", QString(), 11,
                                {{"a_ptr", a}, {"b_ptr", b}}};
    RunController::Outcome out = RunController::execute(interp, nullptr);
    QVERIFY(out.result.ok);
    const spyre::npy::Array &c = out.result.arrays.at("c_ptr");
    QCOMPARE(c.numElements(), int64_t(96 * 64));
    for (size_t i = 0; i < size_t(96 * 64); ++i)
      QCOMPARE(spyre::driver::elementValue(c, i), double(i % 7 + i % 5));

    // The emulator, compared with the interpreter on the same inputs.
    RunSummaryRunner::Input summary;
    summary.source = source;
    summary.name = "elementwise_add.mlir";
    summary.seed = 11;
    summary.inputFiles = {{"a_ptr", a}, {"b_ptr", b}};
    RunSummaryData data = RunSummaryRunner::compute(summary, nullptr);
    QVERIFY2(data.ok, qPrintable(data.errors.join("; ")));
    QVERIFY(data.compared);
    QVERIFY(!data.numerics.outputs.empty());
    for (const auto &o : data.numerics.outputs)
      QVERIFY2(o.verdict != spyre::driver::Verdict::Wrong, o.text.c_str());

    // The stepped run starts from them too.
    EmulatorRun::Input in;
    in.source = source;
    in.name = "elementwise_add.mlir";
    in.inputFiles = summary.inputFiles;
    auto prepared = EmulatorRun::prepare(in, nullptr);
    QVERIFY2(prepared->session, qPrintable(prepared->errors.join("; ")));

    // A file gone from the disk: the run fails naming it.
    in.inputFiles = {{"a_ptr", dir.filePath("missing.npy")}};
    prepared = EmulatorRun::prepare(in, nullptr);
    QVERIFY(!prepared->session);
    QVERIFY2(prepared->errors.join(" ").contains("missing.npy"),
             qPrintable(prepared->errors.join("; ")));
  }

  void dialogTakesScalarValues() {
    // Two scalars: an index and an i32 (no memory view: both are values).
    const QString source = QStringLiteral(
        "func.func @k(%a: index, %n: i32, %x: f16) attributes {grid = [1]} {\n"
        "  return\n"
        "}\n");
    RunInputs start;
    start.scalars["n"] = "7";
    start.scalars["gone"] = "1"; // no such argument: dropped, and said
    RunInputsDialog dialog(start, source, "k.mlir");
    QSignalSpy read(&dialog, &RunInputsDialog::argumentsRead);
    QVERIFY(read.wait(30000));
    QVERIFY(dialog.message().contains("gone"));
    auto *field = dialog.findChild<QLineEdit *>("value_n");
    auto *note = dialog.findChild<QLabel *>("valueNote_n");
    QVERIFY(field && note);
    QCOMPARE(field->text(), QString("7"));
    QVERIFY(note->text().isEmpty());
    QVERIFY(dialog.findChild<QLineEdit *>("value_a"));

    // Typed into the field: out of the i32 range, then not a number.
    field->setFocus();
    field->selectAll();
    QTest::keyClicks(field, "2147483648");
    QVERIFY2(note->text().contains("2147483647"), qPrintable(note->text()));
    QVERIFY(!dialog.valuesValid());
    QVERIFY(dialog.inputs().scalars.count("n") == 0);
    QString why;
    QVERIFY(!dialog.setScalar("n", "1.5", &why));
    QVERIFY2(why.contains("whole number"), qPrintable(why));
    QCOMPARE(note->text(), why);
    // OK is refused while a value is wrong.
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY(dialog.setScalar("n", "-2147483648"));
    QVERIFY(note->text().isEmpty());
    QVERIFY(dialog.setScalar("a", "123456789012345"));
    // f16: a number that parses, within its range.
    QVERIFY(!dialog.setScalar("x", "1e6", &why));
    QVERIFY2(why.contains("65504"), qPrintable(why));
    QVERIFY(!dialog.setScalar("x", "two", &why));
    QVERIFY(dialog.setScalar("x", " 0.5 "));
    QVERIFY(dialog.valuesValid());
    RunInputs got = dialog.inputs();
    QCOMPARE(got.scalars.size(), size_t(3));
    QCOMPARE(got.scalars["n"], QString("-2147483648"));
    QCOMPARE(got.scalars["x"], QString("0.5"));
    // Cleared: no value.
    QVERIFY(dialog.setScalar("a", ""));
    QCOMPARE(dialog.inputs().scalars.count("a"), size_t(0));

    // The values as a run takes them (integers exactly).
    std::map<std::string, spyre::driver::Argument> args;
    QStringList errors;
    QVERIFY(got.load(args, errors));
    QCOMPARE(args["n"].integer.value_or(0), int64_t(-2147483648LL));
    QCOMPARE(args["a"].integer.value_or(0), int64_t(123456789012345LL));
    QCOMPARE(args["x"].scalar.value_or(0), 0.5);
    QVERIFY(!args["x"].integer);
    QVERIFY(got.describe().contains("%x = 0.5"));
    RunInputs bad;
    bad.scalars["n"] = "seven";
    QVERIFY(!bad.load(args, errors));
    QVERIFY(errors.join(" ").contains("%n"));
  }

  void dialogShowsAutomaticAddresses() {
    // %in and %out are base addresses through arithmetic: left empty they
    // get automatic addresses (docs/inputs.md), shown as the placeholder;
    // %n is a plain value and still needed.
    const QString source = QStringLiteral(
        "#s = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>\n"
        "func.func @k(%n: index, %in: index, %out: index) attributes {grid = [1]} {\n"
        "  %c64 = arith.constant 64 : index\n"
        "  %p = arith.addi %in, %c64 : index\n"
        "  %v = ktdp.construct_memory_view %p, sizes: [64], strides: [1] {\n"
        "    coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<64xf16>\n"
        "  %q = arith.addi %out, %c64 : index\n"
        "  %w = ktdp.construct_memory_view %q, sizes: [64], strides: [1] {\n"
        "    coordinate_set = #s, memory_space = #ktdp.memory_space<global>} : memref<64xf32>\n"
        "  return\n"
        "}\n");
    RunInputsDialog dialog(RunInputs{}, source, "k.mlir");
    QSignalSpy read(&dialog, &RunInputsDialog::argumentsRead);
    QVERIFY(read.wait(30000));
    auto *in = dialog.findChild<QLineEdit *>("value_in");
    auto *out = dialog.findChild<QLineEdit *>("value_out");
    auto *n = dialog.findChild<QLineEdit *>("value_n");
    QVERIFY(in && out && n);
    QCOMPARE(in->placeholderText(), QString("automatic address 16777216"));
    QCOMPARE(out->placeholderText(), QString("automatic address 33554432"));
    QCOMPARE(n->placeholderText(), QString("value (needed)"));
    QVERIFY(in->toolTip().contains("automatic address 16777216"));
    // A typed value overrides the automatic one and reaches the run.
    QVERIFY(dialog.setScalar("in", "4096"));
    std::map<std::string, spyre::driver::Argument> args;
    QStringList errors;
    QVERIFY(dialog.inputs().load(args, errors));
    QCOMPARE(args["in"].integer.value_or(0), int64_t(4096));
    QCOMPARE(args.count("out"), size_t(0));
  }

  void scalarValuesReachTheRuns() {
    QFile f(QStringLiteral(SPYRE_TEST_KERNELS_DIR "/generic_plain.mlir"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString source = QString::fromUtf8(f.readAll());
    // Run on Interpreter: y = x * x + s.
    RunController::Input interp;
    interp.source = source;
    interp.name = "generic_plain.mlir";
    RunController::Outcome none = RunController::execute(interp, nullptr);
    QVERIFY(!none.result.ok); // %s has no value
    interp.scalars["s"] = "100";
    RunController::Outcome out = RunController::execute(interp, nullptr);
    QVERIFY(out.result.ok);
    const spyre::npy::Array &y = out.result.arrays.at("y_ptr");
    QCOMPARE(y.numElements(), int64_t(6 * 32));
    for (size_t i = 0; i < size_t(6 * 32); ++i)
      QVERIFY(spyre::driver::elementValue(y, i) >= 100.0);
    // The emulated run and its comparison with the interpreter.
    EmulatorRun::Input in;
    in.source = source;
    in.name = "generic_plain.mlir";
    in.scalars = interp.scalars;
    auto prepared = EmulatorRun::prepare(in, nullptr);
    QVERIFY2(prepared->session, qPrintable(prepared->errors.join("; ")));
    RunSummaryRunner::Input summary;
    summary.source = source;
    summary.name = in.name;
    summary.scalars = in.scalars;
    summary.session = prepared->session;
    RunSummaryData data = RunSummaryRunner::compute(summary, nullptr);
    QVERIFY2(data.ok, qPrintable(data.errors.join("; ")));
    QVERIFY(data.compared);
    for (const auto &o : data.numerics.outputs)
      QVERIFY2(o.verdict != spyre::driver::Verdict::Wrong, o.text.c_str());
    in.scalars.clear();
    prepared = EmulatorRun::prepare(in, nullptr);
    QVERIFY(!prepared->session);
    QVERIFY2(prepared->errors.join(" ").contains("%s"),
             qPrintable(prepared->errors.join("; ")));

    // Kept in a session file.
    QTemporaryDir dir;
    SessionFile s;
    s.source = source;
    s.inputs.scalars["s"] = "0.25";
    QString path = dir.filePath("s.spyx"), error;
    QVERIFY(s.save(path, &error));
    std::optional<SessionFile> back = SessionFile::load(path, &error);
    QVERIFY(back);
    QVERIFY(back->inputs == s.inputs);
    QCOMPARE(back->inputs.scalars.at("s"), QString("0.25"));
  }

  void valuesOfAnotherKernelAreNotSent() {
    // %n = 13 given for dynamic_rows_loop, then matmul or generic_plain
    // opened: the value (and a file for an argument it lacks) stays in the
    // inputs for when that kernel comes back, but no run of this kernel
    // fails on it ("no argument named %n").
    RunController::Input interp;
    interp.source = testKernelText("generic_plain.mlir");
    QVERIFY(!interp.source.isEmpty());
    interp.name = "generic_plain.mlir";
    interp.scalars["s"] = "100";
    interp.scalars["n"] = "13";
    interp.inputFiles["other_ptr"] = "/nonexistent/other.npy";
    RunController::Outcome out = RunController::execute(interp, nullptr);
    QVERIFY(out.result.ok);
    EmulatorRun::Input in;
    in.source = interp.source;
    in.name = interp.name;
    in.scalars = interp.scalars;
    in.inputFiles = interp.inputFiles;
    auto prepared = EmulatorRun::prepare(in, nullptr);
    QVERIFY2(prepared->session, qPrintable(prepared->errors.join("; ")));
    // What the run was sent, which the chart's subtitle says.
    QCOMPARE(prepared->sent.scalars, (std::map<QString, QString>{{"s", "100"}}));
    QVERIFY(prepared->sent.files.empty());
    QCOMPARE(prepared->sent.describe(), QStringLiteral("seed 0; %s = 100"));
    // The kernel's own arguments are still checked: %s is needed.
    in.scalars.erase("s");
    prepared = EmulatorRun::prepare(in, nullptr);
    QVERIFY(!prepared->session);
    QVERIFY2(prepared->errors.join(" ").contains("%s"),
             qPrintable(prepared->errors.join("; ")));
  }

  // The F5 tooltip and the chart's subtitle name only what a run of the
  // kernel shown is sent: not %n = 13, kept for another kernel.
  void onlyWhatIsSentIsNamed() {
    MainWindow window;
    QVERIFY(showWithSample(window, "elementwise_add.mlir", QSize(1200, 800)));
    RunControls *rc = window.runs();
    RunInputs inputs;
    inputs.seed = 3;
    inputs.scalars["n"] = "13";
    rc->setInputs(inputs);
    QVERIFY(QTest::qWaitFor([&] { return !rc->continueAction()->toolTip().contains("%n"); },
                            20000));
    QVERIFY2(rc->continueAction()->toolTip().contains("inputs: seed 3)"),
             qPrintable(rc->continueAction()->toolTip()));
    QVERIFY(rc->inputs() == inputs); // kept for the kernel with %n
    EmulatorRun &run = rc->emulator();
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QTest::keyClick(&window, Qt::Key_F10);
    QVERIFY(ready.wait(60000));
    QCOMPARE(run.input().scalars, inputs.scalars);
    QVERIFY(run.inputsSent().scalars.empty());
    OccupancyChart *chart = window.machine()->chart();
    QVERIFY(QTest::qWaitFor([&] { return chart->subtitleText().contains("seed 3"); }, 20000));
    QVERIFY2(!chart->subtitleText().contains("%n"), qPrintable(chart->subtitleText()));
  }

  void sessionKeepsInputs() {
    QTemporaryDir dir;
    SessionFile s;
    s.source = "module {\n}\n";
    s.inputs.seed = 42;
    s.inputs.files["x_ptr"] = dir.filePath("x.npy");
    QString error;
    QString path = dir.filePath("s.spyx");
    QVERIFY(s.save(path, &error));
    QFile raw(path);
    QVERIFY(raw.open(QIODevice::ReadOnly));
    QVERIFY(raw.readAll().contains(QDir(dir.path()).absoluteFilePath("x.npy").toUtf8()));
    std::optional<SessionFile> back = SessionFile::load(path, &error);
    QVERIFY(back);
    QVERIFY(back->inputs == s.inputs);
  }

  void windowRecordsFromChosenInputs() {
    QTemporaryDir dir;
    QString a = writeF16(dir.filePath("a.npy"), {96, 64}, 7);
    MainWindow window;
    QVERIFY(showWithSample(window, "elementwise_add.mlir", QSize(1200, 800)));
    RunControls *rc = window.runs();
    // Inputs… is on the Run toolbar.
    QVERIFY(rc->toolBar()->actions().contains(rc->inputsAction()));
    EmulatorRun &run = rc->emulator();
    QSignalSpy ready(&run, &EmulatorRun::ready);
    QTest::keyClick(&window, Qt::Key_F10);
    QVERIFY(ready.wait(60000));
    QVERIFY(run.input().inputFiles.empty());
    QTest::keyClick(&window, Qt::Key_F10);
    QCOMPARE(run.session()->position(), uint64_t(1));

    RunInputs inputs;
    inputs.seed = 5;
    inputs.files["a_ptr"] = a;
    rc->setInputs(inputs);
    QVERIFY(rc->continueAction()->toolTip().contains("a.npy"));
    // The next step records a new run from the new inputs.
    QTest::keyClick(&window, Qt::Key_F10);
    QVERIFY(ready.wait(60000));
    QCOMPARE(run.input().seed, uint64_t(5));
    QCOMPARE(run.input().inputFiles, inputs.files);
    QCOMPARE(run.session()->position(), uint64_t(0));

    // Saved with the session, and back.
    QString path = dir.filePath("w.spyx");
    QVERIFY(window.saveSession(path));
    rc->setInputs(RunInputs());
    QVERIFY(window.openSession(path));
    QVERIFY(rc->inputs() == inputs);
  }
};

QTEST_MAIN(RunInputsTest)
#include "RunInputsTest.moc"
