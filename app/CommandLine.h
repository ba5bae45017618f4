//===- CommandLine.h - spyre-explorer's command line ------------*- C++ -*-===//
//
// Parsed before any QApplication exists, so that --help and --version work
// without a display and a bad argument is reported before a window opens.
// Checks what it can without a GUI: one file at most, an --arch that is a
// preset or an existing file, a kernel that exists and is not a directory
// (for --screenshot runs), and whether a display is there at all.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_COMMANDLINE_H
#define SPYRE_APP_COMMANDLINE_H

#include <QString>
#include <QStringList>

class CommandLine {
public:
  /// What to do after parsing.
  enum class Action {
    Run,  ///< open the window
    Exit, ///< print `output` (stdout when exitCode is 0, else stderr), exit
  };

  /// Parses `arguments` (argv[0] first) without touching any Qt GUI class.
  /// `displayAvailable`: whether the GUI can start (see hasDisplay()).
  static CommandLine parse(const QStringList &arguments, bool displayAvailable);
  /// Whether a QApplication can open: QT_QPA_PLATFORM, DISPLAY or
  /// WAYLAND_DISPLAY is set.
  static bool hasDisplay();
  /// The version --version prints.
  static QString version();

  Action action = Action::Run;
  int exitCode = 0;
  QString output;     ///< help, version or the error message
  QString file;       ///< the kernel or session to open; empty: a sample
  QString arch;       ///< --arch, empty when not given
  QString selectPass; ///< --select-pass, empty when not given
  QString screenshot; ///< --screenshot, empty when not given
  bool run = false;   ///< --run: run the kernel once compiled
  qint64 step = -1;   ///< --step: emulated events to run; -1: to the end
  int focusCore = -1; ///< --focus-core, -1 when not given
  QString exportChart; ///< --export-chart FILE.svg|FILE.png, empty when not given
  /// --checkpoint-budget: MiB an emulated run's checkpoints may take; -1:
  /// the setting's (emulator/checkpointBudgetMiB, 512 by default).
  qint64 checkpointBudgetMiB = -1;
  QString exportRing;     ///< --export-ring FILE.svg|FILE.png
  QString exportTimeline; ///< --export-timeline FILE.svg|FILE.png (implies --run)
  QString exportReport;   ///< --export-report FILE.html (implies --run)
  /// --no-lx-limit: the interpreter without the LX limit (tiles larger
  /// than LX), as spyre-run's; Run ▸ Interpreter Without LX Limit.
  bool noLxLimit = false;

  /// Only files are asked for (no --screenshot): nothing is shown, and
  /// no display is needed (the window is drawn offscreen).
  bool headless() const {
    return screenshot.isEmpty() && (!exportChart.isEmpty() || !exportRing.isEmpty() ||
                                    !exportTimeline.isEmpty() || !exportReport.isEmpty());
  }
  /// Any export or screenshot: errors go to stderr, the process exits.
  bool batch() const {
    return !screenshot.isEmpty() || !exportChart.isEmpty() || !exportRing.isEmpty() ||
           !exportTimeline.isEmpty() || !exportReport.isEmpty();
  }
};

#endif
