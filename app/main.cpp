//===- main.cpp - spyre-explorer ------------------------------------------===//
//
//   spyre-explorer [FILE.mlir|SESSION.spyx] [--arch PRESET|FILE.toml]
//                  [--select-pass NAME] [--run [--step N]] [--focus-core C]
//                  [--export-chart FILE.svg|FILE.png] [--export-ring FILE]
//                  [--export-timeline FILE] [--export-report FILE.html]
//                  [--screenshot FILE.png]
//
// The command line is parsed before the QApplication exists (CommandLine),
// so --help, --version and argument errors need no display. With
// --screenshot the window waits until the pipeline has finished (and, with
// --run or --export-chart, the runs: --run records the emulated run and
// goes to its end or to event N), saves itself to FILE.png and exits:
// 0 when the kernel compiled, 1 when it did not (the PNG is still written),
// 2 on any other error; errors go to stderr, never to a dialog.
// --export-chart, --export-ring, --export-timeline and --export-report
// alone exit after writing their files; they show no window and need no
// display (the window is drawn offscreen). --export-timeline and
// --export-report record the emulated run first.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "EmulatedRunViews.h"
#include "MainWindow.h"
#include "OccupancyChart.h"
#include "RingView.h"
#include "RunControls.h"
#include "TimelineDock.h"
#include "TimelineView.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>

int main(int argc, char **argv) {
  QStringList arguments;
  for (int i = 0; i < argc; ++i)
    arguments << QString::fromLocal8Bit(argv[i]);
  const CommandLine cl = CommandLine::parse(arguments, CommandLine::hasDisplay());
  if (cl.action == CommandLine::Action::Exit) {
    std::fputs(cl.output.toLocal8Bit().constData(),
               cl.exitCode == 0 ? stdout : stderr);
    return cl.exitCode;
  }

  // Exports alone draw offscreen: no display needed, no window shown.
  if (cl.headless() && !CommandLine::hasDisplay())
    qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setOrganizationName("SpyreExplorer");
  QApplication::setApplicationName("spyre-explorer");
  QApplication::setApplicationVersion(CommandLine::version());

  const bool batch = cl.batch();
  bool toRun = cl.run || !cl.exportChart.isEmpty();
  bool emulating = cl.run; // until the emulated run is where --step says
  MainWindow window;
  // In scripted runs every error goes to stderr, no dialog opens.
  window.setBatchMode(batch);
  if (cl.checkpointBudgetMiB >= 0)
    window.setCheckpointBudget(uint64_t(cl.checkpointBudgetMiB) << 20);
  window.setNoLxLimit(cl.noLxLimit);
  window.resize(1500, 900);
  if (!cl.headless())
    window.show();
  bool opened = cl.file.isEmpty()
                    ? window.openSample(QDir(MainWindow::samplesDirectory())
                                            .filePath("elementwise_add.mlir"))
                : cl.file.endsWith(".spyx") ? window.openSession(cl.file)
                                            : window.openFile(cl.file);
  if (!opened)
    return 2;
  // After a session, so that --arch overrides the session's target.
  if (!cl.arch.isEmpty())
    window.setArchitecture(cl.arch);

  int exitCode = 0;
  // Once the picture is complete: focus, export, screenshot, exit.
  auto finish = [&] {
    if (cl.focusCore >= 0)
      window.machine()->focusCore(cl.focusCore);
    if (!batch)
      return;
    QTimer::singleShot(300, &window, [&] {
      // The emulated run's trace on the chart and the ring, its summary.
      window.runViews()->finishIndexing();
      QElapsedTimer waited;
      waited.start();
      while (window.runViews()->summarising() && waited.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
      QCoreApplication::processEvents();
      auto wrote = [&](const QString &path, bool ok) {
        if (ok)
          return;
        std::fprintf(stderr, "spyre-explorer: error: cannot write %s\n", qPrintable(path));
        exitCode = 2;
      };
      auto svg = [](const QString &path) { return path.endsWith(".svg", Qt::CaseInsensitive); };
      if (!cl.exportChart.isEmpty()) {
        OccupancyChart *chart = window.machine()->chart();
        wrote(cl.exportChart, svg(cl.exportChart) ? chart->exportSvg(cl.exportChart)
                                                  : chart->exportPng(cl.exportChart));
      }
      if (!cl.exportRing.isEmpty())
        wrote(cl.exportRing, window.machine()->ring()->exportImage(cl.exportRing));
      if (!cl.exportTimeline.isEmpty())
        wrote(cl.exportTimeline,
              window.runs()->timeline()->view()->exportImage(cl.exportTimeline));
      if (!cl.exportReport.isEmpty())
        wrote(cl.exportReport, window.exportReport(cl.exportReport));
      if (!cl.screenshot.isEmpty() && !window.grab().save(cl.screenshot)) {
        std::fprintf(stderr, "spyre-explorer: error: cannot write %s\n",
                     qPrintable(cl.screenshot));
        exitCode = 2;
      }
      QApplication::exit(exitCode);
    });
  };

  bool firstCompile = true;
  QObject::connect(&window.compiler(), &CompileController::finished, &window, [&] {
    if (!firstCompile)
      return;
    firstCompile = false;
    const bool ok = window.compiler().latest().ok;
    if (!cl.selectPass.isEmpty() && !window.selectPass(cl.selectPass)) {
      // Only a complete pipeline lists every pass.
      if (ok) {
        std::fprintf(stderr, "spyre-explorer: error: --select-pass %s: no such "
                             "pass; the passes are: %s\n",
                     qPrintable(cl.selectPass),
                     qPrintable(window.passNames().join(", ")));
        exitCode = 2;
        if (!batch)
          window.showStatusMessage(
              QObject::tr("No pass named \"%1\"").arg(cl.selectPass));
      }
    }
    if (!ok && batch && exitCode == 0) {
      std::fprintf(stderr, "spyre-explorer: the kernel did not compile:\n");
      for (const auto &d : window.compiler().latest().diagnostics)
        std::fprintf(stderr, "%s\n", d.format().c_str());
      exitCode = 1;
    }
    if (toRun && ok) {
      // The chart and the ring draw the emulated run; the interpreter
      // feeds them only for --export-chart without --run.
      if (emulating)
        toRun = false;
      else
        window.machine()->run();
      if (emulating) {
        // The emulated run, to its end or --step events: the timeline,
        // the cursor and the highlighted line show where it stopped.
        uint64_t events = cl.step < 0 ? UINT64_MAX : uint64_t(cl.step);
        window.runs()->runTo(events, [&](bool) {
          emulating = false;
          // Where it stopped, for scripts.
          if (const spyre::emu::Session *s = window.runs()->emulator().session())
            std::printf("spyre-explorer: emulated run at event %llu of %llu, "
                        "cycle %llu of %llu\n",
                        (unsigned long long)s->position(),
                        (unsigned long long)s->totalEvents(),
                        (unsigned long long)s->cycle(),
                        (unsigned long long)s->totalCycles());
          if (!toRun)
            finish();
        });
      }
    } else {
      finish();
    }
  });
  QObject::connect(&window.machine()->runner(), &RunController::finished,
                   &window, [&] {
                     if (!toRun)
                       return;
                     toRun = false;
                     if (!emulating)
                       finish();
                   });
  QObject::connect(&window.runs()->emulator(), &EmulatorRun::failed, &window,
                   [&](const QStringList &errors) {
                     if (!emulating)
                       return;
                     emulating = false;
                     for (const QString &e : errors)
                       std::fprintf(stderr, "spyre-explorer: emulator: %s\n",
                                    qPrintable(e));
                     // The run asked for did not happen: "any other error".
                     if (exitCode == 0)
                       exitCode = 2;
                     if (!toRun)
                       finish();
                   });
  if (batch)
    QTimer::singleShot(60000, &app, [] {
      std::fprintf(stderr, "spyre-explorer: error: no result after 60 s\n");
      QApplication::exit(2);
    });
  return app.exec();
}
