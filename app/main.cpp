//===- main.cpp - spyre-explorer ------------------------------------------===//
//
//   spyre-explorer [FILE.mlir|SESSION.spyx] [--arch PRESET|FILE.toml]
//                  [--select-pass NAME] [--screenshot FILE.png]
//
// With --screenshot the window waits until the pipeline has finished,
// saves itself to FILE.png and exits (for docs and tests).
//
//===----------------------------------------------------------------------===//

#include "MainWindow.h"

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
  parser.addOptions({arch, selectPass, screenshot});
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

  QObject::connect(&window.compiler(), &CompileController::finished, &window,
                   [&] {
                     if (parser.isSet(selectPass))
                       window.selectPass(parser.value(selectPass));
                     if (!parser.isSet(screenshot))
                       return;
                     QTimer::singleShot(200, &window, [&] {
                       bool ok = window.grab().save(parser.value(screenshot));
                       QApplication::exit(ok ? 0 : 1);
                     });
                   });
  if (parser.isSet(screenshot))
    QTimer::singleShot(30000, &app, [] { QApplication::exit(2); });
  return app.exec();
}
