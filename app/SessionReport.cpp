//===- SessionReport.cpp - a whole session as one HTML file ---------------===//

#include "SessionReport.h"

#include "models/Bytes.h"
#include "EmulatedRunViews.h"
#include "models/LineDiff.h"
#include "MachineDocks.h"
#include "MainWindow.h"
#include "OccupancyChart.h"
#include "models/PassListModel.h"
#include "RingView.h"
#include "RunControls.h"
#include "RunSummary.h"
#include "TimelineDock.h"
#include "TimelineView.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QSaveFile>
#include <QTemporaryDir>

#include <algorithm>
#include <functional>

namespace {

QString esc(const QString &s) { return SessionReport::escape(s); }
QString esc(const std::string &s) { return esc(QString::fromStdString(s)); }

QString count(uint64_t n) {
  QLocale c = QLocale::c();
  c.setNumberOptions(QLocale::DefaultNumberOptions);
  return c.toString(qulonglong(n));
}

QString percent(double f) { return formatShare(f); }

/// A PNG written by `write` (to a file in `dir`) as an inline <img>, or a
/// note when nothing could be drawn.
QString image(const QTemporaryDir &dir, const QString &name, const QString &alt,
              const std::function<bool(const QString &)> &write) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (!write(path) || !file.open(QIODevice::ReadOnly))
    return QStringLiteral("<p class=\"none\">%1</p>")
        .arg(esc(QObject::tr("Nothing to draw: %1.").arg(alt)));
  return QStringLiteral("<img alt=\"%1\" src=\"data:image/png;base64,%2\" />")
      .arg(esc(alt), QString::fromLatin1(file.readAll().toBase64()));
}

/// One changed pass's diff against the snapshot before it: only the
/// changed lines and two lines around them, coloured as the IR panes.
QString diffHtml(const spyre::driver::PassSnapshot &before,
                 const spyre::driver::PassSnapshot &after) {
  LineDiff::Options options;
  options.ignoreWhitespace = true;
  const LineDiff d = LineDiff::compute(QString::fromStdString(before.ir),
                                       QString::fromStdString(after.ir), options);
  const auto &lines = d.unified();
  std::vector<bool> keep(size_t(lines.size()), false);
  for (int i = 0; i < lines.size(); ++i)
    if (lines[i].kind != LineDiff::Kind::Same)
      for (int k = std::max(0, i - 2); k <= std::min(int(lines.size()) - 1, i + 2); ++k)
        keep[size_t(k)] = true;
  QString out = QStringLiteral("<pre class=\"diff\">");
  bool gap = false;
  for (int i = 0; i < lines.size(); ++i) {
    if (!keep[size_t(i)]) {
      gap = true;
      continue;
    }
    if (gap)
      out += QStringLiteral("<span class=\"gap\">…</span>\n");
    gap = false;
    const LineDiff::UnifiedLine &u = lines[i];
    const bool removed = u.kind == LineDiff::Kind::Removed;
    const bool added = u.kind == LineDiff::Kind::Added;
    QString text;
    int at = 0;
    for (const LineDiff::Range &r : u.words) {
      text += esc(u.text.mid(at, r.start - at));
      text += QStringLiteral("<span class=\"w\">%1</span>").arg(esc(u.text.mid(r.start, r.length)));
      at = r.start + r.length;
    }
    text += esc(u.text.mid(at));
    out += QStringLiteral("<span class=\"%1\">%2 %3</span>\n")
               .arg(removed ? "del" : added ? "add" : "same", removed ? "-" : added ? "+" : " ",
                    text);
  }
  out += QStringLiteral("</pre>");
  return out;
}

QString passesHtml(const std::vector<spyre::driver::PassSnapshot> &snapshots) {
  QString out = QStringLiteral("<table class=\"passes\"><tr><th>#</th><th>pass</th><th>stage</th>"
                               "<th>ms</th><th>changed the IR</th></tr>");
  for (size_t i = 0; i < snapshots.size(); ++i) {
    const auto &s = snapshots[i];
    out += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td class=\"num\">%4</td>"
                          "<td>%5</td></tr>")
               .arg(i)
               .arg(s.changed ? QStringLiteral("<a href=\"#diff-%1\">%2</a>").arg(i).arg(esc(s.pass))
                              : esc(s.pass),
                    esc(s.stage), PassListModel::formatMs(s.wallMs),
                    s.pass == "input" ? QStringLiteral("—") : s.changed ? QObject::tr("yes") : QObject::tr("no"));
  }
  return out + QStringLiteral("</table>");
}

QString summaryHtml(const RunSummaryData &r) {
  if (!r.ok)
    return QStringLiteral("<p class=\"none\">%1</p>")
        .arg(esc(r.errors.isEmpty() ? QObject::tr("No emulated run summary.")
                                    : QObject::tr("The run failed: %1").arg(r.errors.join("; "))));
  const auto &s = r.summary;
  QString out = QStringLiteral("<table class=\"summary\">");
  auto row = [&](const QString &label, const QString &value) {
    out += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>").arg(esc(label), value);
  };
  row(QObject::tr("Run"), esc(QObject::tr("%1 on %2 (%3 cores)").arg(r.kernel, r.arch).arg(r.cores)));
  row(QObject::tr("Total"), esc(QObject::tr("%1 cycles (%2 µs)")
                                    .arg(count(s.totalCycles))
                                    .arg(s.timeUs, 0, 'f', 3)));
  row(QObject::tr("Bottleneck"),
      esc(QObject::tr("%1 (its bound is %2 of the total)")
              .arg(QString::fromStdString(s.bottleneck), percent(s.closeness))));
  row(QObject::tr("Bounds"), esc(QObject::tr("HBM %1 · compute %2 · ring %3 cycles")
                                     .arg(count(uint64_t(s.boundHbm)))
                                     .arg(count(uint64_t(s.boundCompute)))
                                     .arg(count(uint64_t(s.boundRing)))));
  row(QObject::tr("HBM traffic"), esc(formatBytes(uint64_t(std::max<int64_t>(s.hbmBytes, 0)))));
  int64_t peak = 0;
  for (int64_t p : s.peakLxBytes)
    peak = std::max(peak, p);
  row(QObject::tr("Peak scratchpad"), esc(formatBytes(uint64_t(peak))));
  out += QStringLiteral("</table>");
  const spyre::emu::WaitProfile &why = r.why;
  if (!why.empty()) {
    out += QStringLiteral("<h3>%1</h3><ol>")
               .arg(esc(QObject::tr("Why %1 cycles: the critical path's largest causes")
                            .arg(count(why.totalCycles))));
    for (const auto &c : why.causes)
      out += QStringLiteral("<li>%1 <span class=\"faint\">(%2)</span></li>")
                 .arg(esc(c.sentence),
                      esc(QObject::tr("core %1, cycles %2–%3").arg(c.core).arg(count(c.from), count(c.to))));
    out += QStringLiteral("</ol><table class=\"summary\"><tr><th>%1</th>").arg(esc(QObject::tr("engine")));
    using spyre::emu::Activity;
    const Activity kinds[] = {Activity::Busy, Activity::Hbm, Activity::Ring,
                              Activity::Channel, Activity::Barrier, Activity::Idle};
    for (Activity a : kinds)
      out += QStringLiteral("<th>%1</th>").arg(esc(QString::fromLatin1(spyre::emu::activityName(a))));
    out += QStringLiteral("</tr>");
    for (const auto &u : why.units) {
      out += QStringLiteral("<tr><td>%1 ×%2</td>").arg(esc(u.unit)).arg(u.engines);
      for (Activity a : kinds)
        out += QStringLiteral("<td class=\"num\">%1</td>")
                   .arg(u.total && u.of(a) ? esc(percent(double(u.of(a)) / double(u.total)))
                                           : QStringLiteral("–"));
      out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</table>");
  } else if (!r.whyMissing.isEmpty()) {
    out += QStringLiteral("<p class=\"faint\">%1</p>").arg(r.whyMissing); // our own markup
  }
  return out;
}

const char *kStyle = R"(
body { font-family: sans-serif; max-width: 1200px; margin: 1em auto; color: #222; }
h1 { font-size: 1.5em; } h2 { border-bottom: 1px solid #ccc; margin-top: 1.6em; }
pre { background: #f6f7f9; padding: 6px; overflow-x: auto; font-size: 12px; }
table { border-collapse: collapse; font-size: 13px; }
td, th { padding: 2px 8px; text-align: left; vertical-align: top; }
tr:nth-child(even) td { background: #f3f4f6; }
td.num { text-align: right; }
.diff .add { background: #e3f7e3; display: block; }
.diff .del { background: #fbe3e3; display: block; }
.diff .same { display: block; }
.diff .w { background: #f5d88a; }
.diff .gap { color: #999; }
.faint, .none { color: #6a717a; }
img { max-width: 100%; border: 1px solid #ddd; }
.good { color: #1e7e34; } .bad { color: #b02020; }
)";

} // namespace

QString SessionReport::escape(const QString &text) {
  QString out = text.toHtmlEscaped(); // &, <, >, "
  return out.replace(QLatin1Char('\''), QLatin1String("&#39;"));
}

QString SessionReport::runSummaryHtml(const RunSummaryData &run) { return summaryHtml(run); }

QString SessionReport::numericsVerdictHtml(const RunSummaryData &run) {
  // The numerics verdict: exact / within rounding / WRONG per output, each
  // judged against the interpreter's f64 shadow and its error bound
  // (docs/numerics.md).
  if (!run.ok)
    return QStringLiteral("<p class=\"none\">%1</p>").arg(esc(QObject::tr("No run to judge.")));
  if (run.numerics.outputs.empty())
    return QStringLiteral("<p class=\"faint\">%1</p>")
        .arg(esc(QObject::tr("The run's outputs were not judged.")));
  QString items;
  for (const std::string &line : spyre::driver::verdictLines(run.numerics))
    items += QStringLiteral("<li>%1</li>").arg(esc(QString::fromStdString(line)));
  return QStringLiteral("<ul class=\"%1\">%2</ul>")
      .arg(run.numerics.wrong() ? "bad" : "good", items);
}

QString SessionReport::html(MainWindow &window) {
  const std::vector<spyre::driver::PassSnapshot> &snapshots =
      window.compiler().latest().snapshots;
  const QString name = window.kernelName();
  QTemporaryDir dir;
  QString body;
  body += QStringLiteral("<h1>%1</h1><p class=\"faint\">%2</p>")
              .arg(esc(QObject::tr("Spyre Explorer report: %1").arg(name)),
                   esc(QObject::tr("Written %1 by spyre-explorer %2; target %3.")
                           .arg(QDateTime::currentDateTime().toString(Qt::ISODate),
                                QCoreApplication::applicationVersion(),
                                window.architecture().isEmpty() ? QStringLiteral("spyre")
                                                                : window.architecture())));
  body += QStringLiteral("<h2 id=\"kernel\">%1</h2><pre>%2</pre>")
              .arg(esc(QObject::tr("The kernel")), esc(window.compiler().latestSource()));
  body += QStringLiteral("<h2 id=\"passes\">%1</h2>").arg(esc(QObject::tr("The passes")));
  body += snapshots.empty() ? QStringLiteral("<p class=\"none\">%1</p>")
                                  .arg(esc(QObject::tr("The kernel did not compile.")))
                            : passesHtml(snapshots);
  body += QStringLiteral("<h2 id=\"diffs\">%1</h2>")
              .arg(esc(QObject::tr("What each pass that changed the IR changed")));
  for (size_t i = 1; i < snapshots.size(); ++i)
    if (snapshots[i].changed)
      body += QStringLiteral("<h3 id=\"diff-%1\">%2 <span class=\"faint\">(%3)</span></h3>%4")
                  .arg(i)
                  .arg(esc(snapshots[i].pass), esc(snapshots[i].stage),
                       diffHtml(snapshots[i - 1], snapshots[i]));
  // The ring as place-tiles left it.
  body += QStringLiteral("<h2 id=\"ring\">%1</h2>")
              .arg(esc(QObject::tr("The tiles on the ring after place-tiles")));
  const spyre::driver::PassSnapshot *placed = nullptr;
  for (const auto &s : snapshots)
    if (s.pass == "place-tiles")
      placed = &s;
  body += image(dir, "ring.png", QObject::tr("the ring after place-tiles"),
                [&](const QString &path) {
                  if (!placed)
                    return false;
                  RingView ring;
                  ring.setAttribute(Qt::WA_DontShowOnScreen);
                  ring.setArchitecture(window.machine()->ring()->architecture());
                  ring.setSnapshot(placed);
                  return ring.exportImage(path, QSize(640, 640));
                });
  body += QStringLiteral("<h2 id=\"timeline\">%1</h2>")
              .arg(esc(QObject::tr("The emulated run's Timeline")));
  body += image(dir, "timeline.png", QObject::tr("the emulated run's timeline"),
                [&](const QString &path) {
                  return window.runs()->showsRun() &&
                         window.runs()->timeline()->view()->exportImage(path, 1200);
                });
  body += QStringLiteral("<h2 id=\"chart\">%1</h2>")
              .arg(esc(QObject::tr("Scratchpad occupancy")));
  body += image(dir, "chart.png", QObject::tr("the scratchpad chart of the run"),
                [&](const QString &path) { return window.machine()->chart()->exportPng(path); });
  const std::vector<RunSummaryData> &runs = window.runViews()->summary()->runs();
  RunSummaryData run = runs.empty() ? RunSummaryData() : runs.front();
  body += QStringLiteral("<h2 id=\"summary\">%1</h2>%2")
              .arg(esc(QObject::tr("Run summary")), summaryHtml(run));
  body += QStringLiteral("<h2 id=\"numerics\">%1</h2>%2")
              .arg(esc(QObject::tr("Numerics")), numericsVerdictHtml(run));
  return QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<!DOCTYPE html>\n"
                        "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">"
                        "<head><meta charset=\"utf-8\" /><title>%1</title>"
                        "<style>%2</style></head><body>%3</body></html>\n")
      .arg(esc(QObject::tr("Spyre Explorer report: %1").arg(name)),
           QString::fromLatin1(kStyle), body);
}

bool SessionReport::write(MainWindow &window, const QString &path, QString *error) {
  const QByteArray bytes = html(window).toUtf8();
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
    if (error)
      *error = QObject::tr("cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}
