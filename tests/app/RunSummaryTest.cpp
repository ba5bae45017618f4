//===- RunSummaryTest.cpp - the run summary's numbers and page ------------===//
//
// RunSummaryRunner::compute against the emulator's own report
// (emulateReportJson of an independent emulate() on the same inputs): the
// cycles, time, bottleneck, bounds, per-engine utilisation, link use and
// peaks agree, both when it emulates (a what-if) and when it is given the
// run recorded (EmulatorRun's session: then no emulation is started,
// counted by driver::emulationsStarted()); the output comparison names the
// element that is furthest off; the page shows the numbers, and two runs
// side by side with their ratio; scalar arguments' values reach both
// engines.
//
//===----------------------------------------------------------------------===//

#include "RunSummary.h"
#include "SessionReport.h"
#include "RunSummaryRunner.h"
#include "EmulatorRun.h"

#include "driver/Compile.h"
#include "driver/Emulate.h"
#include "driver/NumericsVerdict.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace spyre::driver;

namespace {

RunSummaryRunner::Input inputOf(const QString &sample, const QString &arch) {
  QFile f(QStringLiteral(SPYRE_SAMPLES_DIR "/") + sample);
  f.open(QIODevice::ReadOnly);
  RunSummaryRunner::Input in;
  in.source = QString::fromUtf8(f.readAll());
  in.name = sample;
  in.arch = arch;
  in.seed = 0;
  return in;
}

/// The emulator's report for the same kernel and inputs, made directly.
QJsonObject reportOf(const RunSummaryRunner::Input &in) {
  CompileRequest compile;
  compile.source = in.source.toStdString();
  compile.sourceName = in.name.toStdString();
  compile.arch = in.arch.toStdString();
  CompileResult compiled = compileKernel(compile);
  RunRequest request;
  request.source = compile.source;
  request.sourceName = compile.sourceName;
  request.arch = compile.arch;
  request.seed = in.seed;
  PreparedRun inputs(request);
  EmulateOptions options;
  options.arch = compile.arch;
  options.trace = true;
  EmulateResult r =
      emulate(compiled.spyreCode, emulatorArguments(inputs), options);
  return QJsonDocument::fromJson(QByteArray::fromStdString(emulateReportJson(r)))
      .object();
}

} // namespace

class RunSummaryTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void numbersAreTheEmulatorsReport_data() {
    QTest::addColumn<QString>("sample");
    QTest::addColumn<QString>("arch");
    QTest::addColumn<bool>("recorded");
    QTest::newRow("softmax") << "softmax.mlir" << "spyre" << false;
    QTest::newRow("transpose_tile") << "transpose_tile.mlir" << "spyre" << false;
    QTest::newRow("transpose_tile, 4 cores")
        << "transpose_tile.mlir" << "spyre-4core" << false;
    QTest::newRow("softmax, recorded") << "softmax.mlir" << "spyre" << true;
    QTest::newRow("transpose_tile, 4 cores, recorded")
        << "transpose_tile.mlir" << "spyre-4core" << true;
  }

  void numbersAreTheEmulatorsReport() {
    QFETCH(QString, sample);
    QFETCH(QString, arch);
    QFETCH(bool, recorded);
    RunSummaryRunner::Input in = inputOf(sample, arch);
    if (recorded) {
      // The run as the Run menu records it; the summary of it emulates
      // nothing more.
      EmulatorRun::Input run;
      run.source = in.source;
      run.name = in.name;
      run.arch = in.arch;
      run.seed = in.seed;
      std::shared_ptr<EmulatorRun::Prepared> p = EmulatorRun::prepare(run, nullptr);
      QVERIFY(p && p->session && p->session->complete());
      in.session = p->session;
    }
    uint64_t emulations = emulationsStarted();
    RunSummaryData data = RunSummaryRunner::compute(in, nullptr);
    QVERIFY2(data.ok, qPrintable(data.errors.join("; ")));
    QCOMPARE(emulationsStarted(), emulations + (recorded ? 0 : 1));
    if (recorded) {
      QCOMPARE(data.summary.totalCycles, in.session->totalCycles());
      QCOMPARE(data.summary.events, in.session->totalEvents());
      QCOMPARE(data.cores, in.session->finalMachine().arch().numCores);
    }
    QJsonObject report = reportOf(in);
    QVERIFY(report["ok"].toBool());
    const spyre::emu::Summary &s = data.summary;
    QCOMPARE(double(s.totalCycles), report["total_cycles"].toDouble());
    QCOMPARE(s.timeUs, report["time_us"].toDouble());
    QCOMPARE(QString::fromStdString(s.bottleneck), report["bottleneck"].toString());
    QCOMPARE(s.boundHbm, report["bounds"].toObject()["hbm"].toDouble());
    QCOMPARE(s.boundCompute, report["bounds"].toObject()["compute"].toDouble());
    QCOMPARE(s.boundRing, report["bounds"].toObject()["ring"].toDouble());
    QJsonArray engines = report["engines"].toArray();
    QCOMPARE(int(s.engines.size()), int(engines.size()));
    for (int i = 0; i < engines.size(); ++i) {
      QCOMPARE(double(s.engines[size_t(i)].busyCycles),
               engines[i].toObject()["busy_cycles"].toDouble());
      QCOMPARE(s.engines[size_t(i)].utilisation,
               engines[i].toObject()["utilisation"].toDouble());
    }
    QJsonArray peaks = report["peak_lx_bytes"].toArray();
    QCOMPARE(int(s.peakLxBytes.size()), int(peaks.size()));
    QCOMPARE(int(s.peakLxBytes.size()), data.cores);
    for (int i = 0; i < peaks.size(); ++i)
      QCOMPARE(double(s.peakLxBytes[size_t(i)]), peaks[i].toDouble());
    QJsonArray links = report["ring_links"].toArray();
    QCOMPARE(int(s.links.size()), int(links.size()));
    for (int i = 0; i < links.size(); ++i)
      QCOMPARE(double(s.links[size_t(i)].bytes),
               links[i].toObject()["bytes"].toDouble());

    // The outputs were judged: none is WRONG; one that differs names its
    // worst element, whose values are the arrays' values there, within
    // its bound of the shadow.
    QVERIFY(data.compared);
    QVERIFY(!data.numerics.outputs.empty());
    for (const OutputVerdict &o : data.numerics.outputs) {
      QVERIFY(!o.missing);
      QVERIFY(o.elements > 0);
      QVERIFY2(o.verdict != Verdict::Wrong, o.text.c_str());
      QCOMPARE(o.referenceOutside, size_t(0));
      if (o.differing == 0) {
        QCOMPARE(o.verdict, Verdict::Exact);
        continue;
      }
      QCOMPARE(o.verdict, Verdict::WithinRounding);
      QVERIFY(o.worst.index < o.elements);
      QVERIFY(std::fabs(o.worst.candidate - o.worst.shadow) <= o.worst.bound);
    }

    // The page says it.
    QString text = RunSummary::html({data}, false);
    // (thousands are grouped with commas)
    QVERIFY2(QString(text).remove(',').contains(
                 QString::number(s.totalCycles) + " cycles"),
             qPrintable(text.left(400)));
    QVERIFY(text.contains(QString::fromStdString(s.bottleneck)));
    // The same verdict text as spyre-run's, one line per output, in its
    // colour.
    QString verdict = RunSummary::outputsVerdict(data);
    for (const OutputVerdict &o : data.numerics.outputs) {
      QString line = QString::fromStdString(o.text);
      QVERIFY2(verdict.contains(line), qPrintable(verdict));
      QVERIFY(line.contains(o.verdict == Verdict::Exact ? ": exact"
                                                        : ": within rounding"));
      QVERIFY(text.contains(RunSummary::verdictColor(o.verdict, false)));
    }
  }

  // A peak of 1 KiB in a 2 MiB scratchpad is not "0.0 % of 2 MiB", nor
  // used by "1 cores"; the report writes the share the same way.
  void smallShares() {
    RunSummaryData data;
    data.ok = true;
    data.kernel = "k.mlir";
    data.arch = "spyre";
    data.cores = 2;
    data.scratchpadBytes = 2 << 20;
    data.summary.peakLxBytes = {1024, 0};
    const QString text = RunSummary::html({data}, false);
    QVERIFY2(text.contains("1 KiB on core 0 (&lt; 0.1 % of 2 MiB); 1 core used it"),
             qPrintable(text));
    // The report's engine table: a tiny share, escaped (the page is XHTML).
    spyre::emu::UnitTime sfu;
    sfu.unit = "sfu";
    sfu.engines = 1;
    sfu.total = 100000;
    sfu.busy = 1;
    sfu.idle = sfu.total - sfu.busy;
    data.why.totalCycles = sfu.total;
    data.why.units = {sfu};
    const QString report = SessionReport::runSummaryHtml(data);
    QVERIFY2(report.contains("<td class=\"num\">&lt; 0.1 %</td>"), qPrintable(report));
    data.why = {};
    data.summary.peakLxBytes = {1024, 300 << 10};
    QVERIFY2(RunSummary::html({data}, false).contains("(15 % of 2 MiB); 2 cores used it"),
             qPrintable(RunSummary::html({data}, false)));
  }

  void sideBySide() {
    RunSummaryData a = RunSummaryRunner::compute(
        inputOf("transpose_tile.mlir", "spyre"), nullptr);
    RunSummaryData b = RunSummaryRunner::compute(
        inputOf("transpose_tile.mlir", "spyre-4core"), nullptr);
    QVERIFY(a.ok && b.ok);
    QCOMPARE(a.cores, 32);
    QCOMPARE(b.cores, 4);
    RunSummary view;
    view.setRuns({a, b});
    QString text = view.plainText();
    QVERIFY(text.contains("32 cores"));
    QVERIFY(text.contains("4 cores"));
    QVERIFY(text.contains("second / first"));
    QString ratio = QStringLiteral("× %1").arg(
        QLocale::c().toString(double(b.summary.totalCycles) /
                                  double(a.summary.totalCycles),
                              'f', 2));
    QVERIFY2(text.contains(ratio), qPrintable(ratio));
    // A target the kernel does not fit: the failure is shown in its column.
    RunSummaryData c = RunSummaryRunner::compute(
        inputOf("softmax.mlir", "spyre-4core"), nullptr);
    QVERIFY(!c.ok);
    QVERIFY(!c.errors.isEmpty());
    view.setRuns({a, c});
    QVERIFY(view.plainText().contains("failed: "));
    QVERIFY(view.plainText().contains("4 cores"));
  }

  void scalarValuesReachBothEngines() {
    // generic_plain: y = x * x + s, s an f32 argument.
    QFile f(QStringLiteral(SPYRE_TEST_KERNELS_DIR "/generic_plain.mlir"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    RunSummaryRunner::Input in;
    in.source = QString::fromUtf8(f.readAll());
    in.name = "generic_plain.mlir";
    // Without a value the run cannot start, and says which argument.
    RunSummaryData none = RunSummaryRunner::compute(in, nullptr);
    QVERIFY(!none.ok);
    QVERIFY2(none.errors.join(" ").contains("%s"), qPrintable(none.errors.join("; ")));
    std::map<double, spyre::npy::Array> ys;
    for (double s : {0.25, -3.5}) {
      EmulatorRun::Input run;
      run.source = in.source;
      run.name = in.name;
      run.scalars["s"] = QString::number(s);
      std::shared_ptr<EmulatorRun::Prepared> p = EmulatorRun::prepare(run, nullptr);
      QVERIFY2(p && p->session, qPrintable(p ? p->errors.join("; ") : QString()));
      in.scalars = run.scalars;
      in.session = p->session;
      RunSummaryData data = RunSummaryRunner::compute(in, nullptr);
      QVERIFY2(data.ok, qPrintable(data.errors.join("; ")));
      QVERIFY(data.compared);
      QVERIFY(!data.numerics.outputs.empty());
      for (const OutputVerdict &o : data.numerics.outputs)
        QVERIFY2(o.verdict != Verdict::Wrong, o.text.c_str());
      // The emulator's y, read from the recorded run's HBM.
      RunRequest request;
      request.source = in.source.toStdString();
      request.seed = 0;
      request.args["s"].scalar = s;
      PreparedRun placed(request);
      QVERIFY(placed.ok());
      EmulateResult got = sessionResult(*p->session, emulatorArguments(placed));
      QVERIFY(got.ok);
      QVERIFY(got.arrays.count("y_ptr"));
      ys[s] = got.arrays["y_ptr"];
    }
    // y differs by the difference of the two values, element by element.
    const spyre::npy::Array &a = ys[0.25], &b = ys[-3.5];
    QCOMPARE(a.dtype, std::string("f32"));
    QCOMPARE(a.data.size(), b.data.size());
    for (size_t i = 0; i + 4 <= a.data.size(); i += 4) {
      float x = 0, y = 0;
      std::memcpy(&x, a.data.data() + i, 4);
      std::memcpy(&y, b.data.data() + i, 4);
      QVERIFY2(std::fabs((x - y) - 3.75f) < 1e-3f * std::max(1.0f, std::fabs(x)),
               qPrintable(QStringLiteral("%1 %2").arg(x).arg(y)));
    }
  }

  void runnerOnAWorker() {
    RunSummaryRunner runner;
    QSignalSpy done(&runner, &RunSummaryRunner::finished);
    runner.start(inputOf("transpose_tile.mlir", "spyre"));
    runner.start(inputOf("transpose_tile.mlir", "spyre-4core")); // newest wins
    QVERIFY(done.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!runner.busy(), 60000);
    QCOMPARE(runner.latest().cores, 4);
    QVERIFY(runner.latest().ok);
  }
};

QTEST_MAIN(RunSummaryTest)
#include "RunSummaryTest.moc"
