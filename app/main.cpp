//===- main.cpp - spyre-explorer ------------------------------------------===//
//
//   spyre-explorer [FILE.mlir|SESSION.spyx] [--arch PRESET|FILE.toml]
//                  [--select-pass NAME] [--run] [--focus-core C]
//                  [--export-chart FILE.svg|FILE.png] [--screenshot FILE.png]
//
// With --screenshot the window waits until the pipeline has finished (and,
// with --run or --export-chart, the run on the interpreter), saves itself
// to FILE.png and exits (for docs and tests). --export-chart alone exits
// after writing the chart.
//
//===----------------------------------------------------------------------===//

#include "MainWindow.h"
#include "OccupancyChart.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QScreen>
#include <QTimer>

int main(int argc, char **argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName("SpyreExplorer");
  QApplication::setApplicationName("spyre-explorer");
  QApplication::setApplicationVersion("0.1.0");

  QCommandLineParser parser;
  parser.setApplicationDescription(
      "Watch KTIR kernels compile for the IBM Spyre accelerator.");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("file", "The kernel to open (default: a sample).");
  QCommandLineOption selectPass("select-pass", "Select this pass.", "name");
  QCommandLineOption screenshot(
      "screenshot", "Save the window to this PNG once compiled, then exit.",
      "file.png");
  QCommandLineOption arch(
      "arch", "Compile for this target: a preset (spyre, spyre-4core) or an "
              "architecture TOML file.",
      "preset|file.toml");
  QCommandLineOption run(
      "run", "Run the kernel on the interpreter (seed 0) once compiled.");
  QCommandLineOption focusCore("focus-core",
                               "Focus this core in the ring and the chart.",
                               "core");
  QCommandLineOption exportChart(
      "export-chart",
      "Run, then write the scratchpad chart to this SVG or PNG and exit "
      "(after --screenshot, if given).",
      "file.svg");
  parser.addOptions({arch, selectPass, run, focusCore, exportChart, screenshot});
  parser.process(app);

  MainWindow window;
  window.resize(1500, 900);
  QStringList files = parser.positionalArguments();
  QString file = files.isEmpty()
                     ? QDir(MainWindow::samplesDirectory()).filePath("elementwise_add.mlir")
                     : files.front();
  window.show();
  if (!(file.endsWith(".spyx") ? window.openSession(file) : window.openFile(file)))
    return 1;
  // After a session, so that --arch overrides the session's target.
  if (parser.isSet(arch))
    window.setArchitecture(parser.value(arch));

  bool toRun = parser.isSet(run) || parser.isSet(exportChart);
  bool scripted = parser.isSet(screenshot) || parser.isSet(exportChart);
  bool coreOk = true;
  int core = parser.isSet(focusCore) ? parser.value(focusCore).toInt(&coreOk)
                                     : -1;
  if (!coreOk) {
    qWarning("--focus-core needs a core number");
    return 1;
  }
  // Once the picture is complete: focus, export, screenshot, exit.
  auto finish = [&] {
    if (core >= 0)
      window.machine()->focusCore(core);
    QTimer::singleShot(300, &window, [&] {
      bool ok = true;
      if (parser.isSet(exportChart)) {
        QString path = parser.value(exportChart);
        OccupancyChart *chart = window.machine()->chart();
        ok = path.endsWith(".svg", Qt::CaseInsensitive) ? chart->exportSvg(path)
                                                        : chart->exportPng(path);
        if (!ok)
          qWarning("could not write the chart to %s", qPrintable(path));
      }
      if (parser.isSet(screenshot))
        ok = window.grab().save(parser.value(screenshot)) && ok;
      if (scripted)
        QApplication::exit(ok ? 0 : 1);
    });
  };
  bool started = false;
  QObject::connect(&window.compiler(), &CompileController::finished, &window,
                   [&] {
                     if (parser.isSet(selectPass))
                       window.selectPass(parser.value(selectPass));
                     if (started)
                       return;
                     started = true;
                     if (toRun)
                       window.machine()->run();
                     else if (scripted || core >= 0)
                       finish();
                   });
  QObject::connect(&window.machine()->runner(), &RunController::finished,
                   &window, [&] {
                     if (toRun) {
                       toRun = false;
                       finish();
                     }
                   });
  if (scripted)
    QTimer::singleShot(60000, &app, [] { QApplication::exit(2); });
  return app.exec();
}
