//===- CommandLine.cpp - spyre-explorer's command line --------------------===//

#include "CommandLine.h"

#include "arch/Arch.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace {

/// Qt's own GUI options (QApplication takes them out of argv later): known
/// here so that they are not reported as unknown.
QList<QCommandLineOption> qtOptions() {
  QList<QCommandLineOption> out;
  for (const char *name : {"platform", "style", "stylesheet", "display",
                           "qwindowgeometry", "geometry", "qwindowtitle",
                           "qwindowicon", "session", "plugin"}) {
    QCommandLineOption o(QString::fromLatin1(name), QString(), "value");
    o.setFlags(QCommandLineOption::HiddenFromHelp);
    out << o;
  }
  for (const char *name : {"reverse", "widgetcount", "nograb", "dograb"}) {
    QCommandLineOption o(QString::fromLatin1(name));
    o.setFlags(QCommandLineOption::HiddenFromHelp);
    out << o;
  }
  return out;
}

CommandLine fail(const QString &message) {
  CommandLine c;
  c.action = CommandLine::Action::Exit;
  c.exitCode = 2;
  c.output = QStringLiteral("spyre-explorer: error: %1\n").arg(message);
  return c;
}

QStringList presets() {
  QStringList out;
  for (const std::string &name : spyre::arch::presetNames())
    out << QString::fromStdString(name);
  return out;
}

} // namespace

QString CommandLine::version() { return QStringLiteral(SPYRE_VERSION); }

bool CommandLine::hasDisplay() {
  return !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") ||
         !qEnvironmentVariableIsEmpty("DISPLAY") ||
         !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

CommandLine CommandLine::parse(const QStringList &arguments,
                               bool displayAvailable) {
  QCommandLineParser parser;
  // Qt's own options are single-dash words (-platform offscreen).
  parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
  parser.setApplicationDescription(
      "Watch KTIR kernels compile for the IBM Spyre accelerator, pass by "
      "pass.\nNeeds a display; without one set QT_QPA_PLATFORM=offscreen "
      "(e.g. with --screenshot).");
  QCommandLineOption help({"h", "help"}, "Show this help and exit.");
  QCommandLineOption versionOption({"v", "version"},
                                   "Show the version and exit.");
  QCommandLineOption arch(
      "arch",
      QStringLiteral("Compile for this target: a preset (%1) or an "
                     "architecture TOML file.")
          .arg(presets().join(", ")),
      "preset|file.toml");
  QCommandLineOption selectPass(
      "select-pass", "Select this pass once compiled (an error if there is "
                     "no such pass).",
      "name");
  QCommandLineOption screenshot(
      "screenshot",
      "Save the window to this PNG once compiled, then exit: 0 when the "
      "kernel compiled, 1 when it did not (the PNG is still written), 2 on "
      "any other error. Errors go to stderr; no dialog opens.",
      "file.png");
  QCommandLineOption run(
      "run", "Run the kernel on the interpreter and on the emulator (seed 0) "
             "once compiled; the emulated run goes to its end, or to --step.");
  QCommandLineOption step(
      "step", "With --run: stop the emulated run after this many events "
              "(the timeline's cursor and the highlighted line show where).",
      "events");
  QCommandLineOption focusCore(
      "focus-core", "Focus this core in the ring and the scratchpad chart.",
      "core");
  QCommandLineOption exportChart(
      "export-chart",
      "Run, then write the scratchpad chart to this SVG or PNG and exit "
      "(after --screenshot, if given).",
      "file.svg");
  QCommandLineOption checkpointBudget(
      "checkpoint-budget",
      "MiB an emulated run's checkpoints may take (default: the setting, "
      "512): fewer MiB, longer replays when stepping back.",
      "MiB");
  QCommandLineOption exportRing(
      "export-ring",
      "Write the ring (as the selected pass leaves it; with --run, at the run's "
      "end or --step) to this SVG or PNG and exit.",
      "file.svg");
  QCommandLineOption exportTimeline(
      "export-timeline",
      "Record the emulated run (as --run), write its timeline to this SVG or "
      "PNG and exit.",
      "file.svg");
  QCommandLineOption exportReport(
      "export-report",
      "Record the emulated run (as --run), write the session's report (one "
      "self-contained HTML file: kernel, passes and diffs, ring, timeline, "
      "chart, run summary) and exit. Needs no display.",
      "file.html");
  QCommandLineOption noLxLimit(
      "no-lx-limit",
      "Give the interpreter (the reference of every run) a scratchpad of 512 "
      "MiB per core, for kernels whose tiles are larger than LX; the emulator "
      "keeps the target's (as spyre-run --no-lx-limit; Run > Interpreter "
      "Without LX Limit).");
  parser.addOptions({help, versionOption, arch, selectPass, run, step,
                     focusCore, exportChart, exportRing, exportTimeline,
                     exportReport, screenshot, checkpointBudget, noLxLimit});
  parser.addOptions(qtOptions());
  parser.addPositionalArgument(
      "file", "The kernel (.mlir) or session (.spyx) to open; default: "
              "a sample, opened as an untitled copy.",
      "[FILE]");

  if (!parser.parse(arguments))
    return fail(parser.errorText() + "\nTry 'spyre-explorer --help'.");
  if (parser.isSet(help)) {
    CommandLine c;
    c.action = Action::Exit;
    c.output = parser.helpText();
    // The usage line names the program, whatever argv[0] was.
    const int end = c.output.indexOf(QLatin1Char(' '), 7);
    if (c.output.startsWith(QLatin1String("Usage: ")) && end > 0)
      c.output.replace(7, end - 7, QStringLiteral("spyre-explorer"));
    return c;
  }
  if (parser.isSet(versionOption)) {
    CommandLine c;
    c.action = Action::Exit;
    c.output = QStringLiteral("spyre-explorer %1\n").arg(version());
    return c;
  }

  CommandLine c;
  const QStringList files = parser.positionalArguments();
  if (files.size() > 1)
    return fail(QStringLiteral("one file at most, got %1: %2")
                    .arg(files.size())
                    .arg(files.join(' ')));
  c.file = files.value(0);
  c.arch = parser.value(arch);
  c.selectPass = parser.value(selectPass);
  c.screenshot = parser.value(screenshot);
  if (parser.isSet(selectPass) && c.selectPass.isEmpty())
    return fail("--select-pass needs a pass name");
  if (parser.isSet(screenshot) && c.screenshot.isEmpty())
    return fail("--screenshot needs a file name");
  c.run = parser.isSet(run);
  c.noLxLimit = parser.isSet(noLxLimit);
  if (parser.isSet(step)) {
    bool ok = false;
    c.step = parser.value(step).toLongLong(&ok);
    if (!ok || c.step < 0)
      return fail(QStringLiteral("--step %1: not a number of events")
                      .arg(parser.value(step)));
    if (!c.run)
      return fail("--step needs --run");
  }
  c.exportChart = parser.value(exportChart);
  if (parser.isSet(exportChart) && c.exportChart.isEmpty())
    return fail("--export-chart needs a file name");
  c.exportRing = parser.value(exportRing);
  if (parser.isSet(exportRing) && c.exportRing.isEmpty())
    return fail("--export-ring needs a file name");
  c.exportTimeline = parser.value(exportTimeline);
  if (parser.isSet(exportTimeline) && c.exportTimeline.isEmpty())
    return fail("--export-timeline needs a file name");
  c.exportReport = parser.value(exportReport);
  if (parser.isSet(exportReport) && c.exportReport.isEmpty())
    return fail("--export-report needs a file name");
  // The timeline and the report are of the emulated run.
  if (!c.exportTimeline.isEmpty() || !c.exportReport.isEmpty())
    c.run = true;
  if (parser.isSet(focusCore)) {
    bool ok = false;
    c.focusCore = parser.value(focusCore).toInt(&ok);
    if (!ok || c.focusCore < 0)
      return fail(QStringLiteral("--focus-core %1: not a core number")
                      .arg(parser.value(focusCore)));
  }
  if (parser.isSet(checkpointBudget)) {
    bool ok = false;
    c.checkpointBudgetMiB = parser.value(checkpointBudget).toLongLong(&ok);
    if (!ok || c.checkpointBudgetMiB < 0 || c.checkpointBudgetMiB > (qint64(1) << 40))
      return fail(QStringLiteral("--checkpoint-budget %1: not a number of MiB")
                      .arg(parser.value(checkpointBudget)));
  }
  if (parser.isSet(arch)) {
    const QStringList names = presets();
    if (!names.contains(c.arch) && !QFileInfo(c.arch).isFile())
      return fail(QStringLiteral("--arch %1: not a preset nor an architecture "
                                 "file; the presets are: %2")
                      .arg(c.arch, names.join(", ")));
  }
  if (!c.file.isEmpty()) {
    QFileInfo info(c.file);
    if (!info.exists())
      return fail(QStringLiteral("%1: no such file").arg(c.file));
    if (info.isDir())
      return fail(QStringLiteral("%1: is a directory, not a kernel").arg(c.file));
  }
  // Exports alone need no window on screen: they run offscreen.
  if (!displayAvailable && !c.headless())
    return fail("no display: set DISPLAY (or WAYLAND_DISPLAY), or run with "
                "QT_QPA_PLATFORM=offscreen (e.g. for --screenshot); --help "
                "and --version work without one");
  return c;
}
