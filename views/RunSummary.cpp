//===- RunSummary.cpp - what an emulated run adds up to -------------------===//

#include "RunSummary.h"

#include "ElidedLabel.h"
#include "RunNoteBar.h"

#include "models/Bytes.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <map>

namespace {

QString num(double v, int decimals = 0) {
  return QLocale::c().toString(v, 'f', decimals).replace(',', QChar(0x2009));
}

QString cycles(uint64_t c) {
  QLocale l = QLocale::c();
  l.setNumberOptions(QLocale::DefaultNumberOptions);
  return l.toString(qulonglong(c));
}

QString esc(const QString &s) { return s.toHtmlEscaped(); }

/// As HTML ("&lt; 0.1 %").
QString percent(double f) { return esc(formatShare(f)); }

struct UnitUse {
  double sum = 0;
  int count = 0;
  double best = -1;
  int bestCore = -1;
};

/// Utilisation per engine unit: the mean over every instance on every
/// core, and the busiest instance's core.
std::map<std::string, UnitUse> byUnit(const spyre::emu::Summary &s) {
  std::map<std::string, UnitUse> out;
  for (const auto &e : s.engines) {
    UnitUse &u = out[e.unit];
    u.sum += e.utilisation;
    ++u.count;
    if (e.utilisation > u.best)
      u.best = e.utilisation, u.bestCore = e.core;
  }
  return out;
}

struct Row {
  QString label;
  std::vector<QString> values;
  std::vector<double> numbers; ///< for the ratio column (empty: none)
};

} // namespace

RunSummary::RunSummary(QWidget *parent) : QWidget(parent) {
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(2);
  auto *top = new QHBoxLayout;
  status = new ElidedLabel(this);
  status->setObjectName("runSummaryStatus");
  status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  exportButton = new QToolButton(this);
  exportButton->setObjectName("exportChromeTrace");
  exportButton->setText(tr("Export Chrome trace…"));
  exportButton->setToolTip(tr("Save the run's trace as Chrome trace JSON "
                              "(opens in Perfetto and chrome://tracing)"));
  compareButton = new QToolButton(this);
  compareButton->setObjectName("compareWith");
  compareButton->setText(tr("Compare with…"));
  compareButton->setToolTip(tr("Run the same kernel on another target, or "
                               "without double buffering, and show both "
                               "summaries side by side"));
  compareButton->setPopupMode(QToolButton::InstantPopup);
  compareButton->setMenu(new QMenu(compareButton));
  top->addWidget(status, 1);
  top->addWidget(compareButton);
  top->addWidget(exportButton);
  layout->addLayout(top);
  note = new RunNoteBar(this);
  note->setObjectName("runSummaryNote");
  layout->addWidget(note);
  page = new QTextBrowser(this);
  page->setObjectName("runSummaryPage");
  page->setOpenLinks(false);
  page->setFrameShape(QFrame::NoFrame);
  layout->addWidget(page, 1);
  connect(exportButton, &QToolButton::clicked, this,
          &RunSummary::exportTraceRequested);
  connect(page, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
    if (url.scheme() == QLatin1String("cause"))
      activateCause(url.path().toInt());
  });
  refresh();
}

void RunSummary::activateCause(int index) {
  if (shown.empty() || index < 0 || index >= int(shown.front().why.causes.size()))
    return;
  const spyre::emu::PathCause &c = shown.front().why.causes[size_t(index)];
  Q_EMIT causeActivated(c.core, c.from, c.to);
}

void RunSummary::setRuns(std::vector<RunSummaryData> runs) {
  if (runs.size() > 2)
    runs.resize(2);
  shown = std::move(runs);
  rebuildCompareMenu();
  refresh();
}

void RunSummary::setStatus(const QString &text) {
  if (text == status->fullText())
    return;
  status->setFullText(text);
  // With no run to show, the page says it in full (the line above is cut
  // short in a narrow dock).
  if (shown.empty())
    refresh();
}

QString RunSummary::statusText() const { return status->fullText(); }

void RunSummary::setCompareTargets(const QStringList &targets) {
  compareTargets = targets;
  rebuildCompareMenu();
}

void RunSummary::rebuildCompareMenu() {
  QMenu *menu = compareButton->menu();
  menu->clear();
  // Comparing a run with itself on the same target says nothing.
  const QString current = shown.empty() ? QString() : shown.front().arch;
  for (const QString &t : compareTargets)
    if (t != current)
      menu->addAction(t, this, [this, t] { Q_EMIT compareRequested(t); });
  menu->addSeparator();
  QAction *single = menu->addAction(tr("Double buffering off (same target)"), this,
                                    [this] { Q_EMIT doubleBufferingCompareRequested(); });
  single->setObjectName("compareDoubleBufferingOff");
  menu->addSeparator();
  menu->addAction(tr("Clear the comparison"), this, [this] {
    if (shown.size() > 1)
      setRuns({shown.front()});
    Q_EMIT compareCleared();
  });
}

QStringList RunSummary::offeredTargets() const {
  QStringList out;
  for (QAction *a : compareButton->menu()->actions())
    if (compareTargets.contains(a->text()))
      out << a->text();
  return out;
}

QString RunSummary::plainText() const { return page->toPlainText(); }

void RunSummary::changeEvent(QEvent *event) {
  if (event->type() == QEvent::PaletteChange)
    refresh();
  QWidget::changeEvent(event);
}

void RunSummary::refresh() {
  bool any = !shown.empty() && shown.front().ok;
  exportButton->setEnabled(any);
  compareButton->setEnabled(any);
  bool dark = palette().color(QPalette::Base).lightnessF() < 0.5;
  if (shown.empty() && !status->fullText().isEmpty())
    page->setHtml(QStringLiteral("<p style='color:%1'>%2</p>")
                      .arg(dark ? "#9aa3ad" : "#6a717a", esc(status->fullText())));
  else
    page->setHtml(html(shown, dark));
}

QString RunSummary::whyHtml(const RunSummaryData &run, bool dark) {
  const spyre::emu::WaitProfile &why = run.why;
  QString faint = dark ? "#9aa3ad" : "#6a717a";
  if (why.empty())
    return run.whyMissing.isEmpty()
               ? QString()
               : QStringLiteral("<p style='color:%1'>%2</p>").arg(faint, run.whyMissing);
  QString link = dark ? "#8ab4f8" : "#1a5fb4";
  QString out = tr("<p><b>Why %1 cycles</b> <span style='color:%2'>(the critical "
                   "path's largest causes: click one to see it on the Timeline)</span></p>")
                    .arg(cycles(why.totalCycles), faint);
  out += "<ol style='margin-top:0'>";
  for (size_t i = 0; i < why.causes.size(); ++i) {
    const spyre::emu::PathCause &c = why.causes[i];
    out += QStringLiteral("<li><a style='color:%1' href='cause:%2'>%3</a> "
                          "<span style='color:%4'>(core %5, cycles %6–%7)</span></li>")
               .arg(link)
               .arg(i)
               .arg(esc(QString::fromStdString(c.sentence)), faint)
               .arg(c.core)
               .arg(cycles(c.from), cycles(c.to));
  }
  out += "</ol>";
  // Each engine kind's time, summed over its engines on every core.
  out += tr("<p style='margin-bottom:2px'><b>Time per engine kind</b> <span "
            "style='color:%1'>(summed over cores: busy, in DMAs with HBM, waiting on "
            "the ring, on a channel, at a barrier, idle)</span></p>")
             .arg(faint);
  out += "<table cellspacing=0 cellpadding=2><tr><th align=left>" + tr("engine") +
         "</th>";
  for (const QString &h : {tr("busy"), tr("HBM"), tr("ring"), tr("channel"),
                           tr("barrier"), tr("idle")})
    out += QStringLiteral("<th align=right>&nbsp;%1</th>").arg(h);
  out += "<th align=left>&nbsp;" + tr("longest channel wait") + "</th></tr>";
  using spyre::emu::Activity;
  for (const spyre::emu::UnitTime &u : why.units) {
    out += QStringLiteral("<tr><td>%1 <span style='color:%2'>×%3</span></td>")
               .arg(esc(QString::fromStdString(u.unit)), faint)
               .arg(u.engines);
    for (Activity a : {Activity::Busy, Activity::Hbm, Activity::Ring, Activity::Channel,
                       Activity::Barrier, Activity::Idle}) {
      const uint64_t v = u.of(a);
      out += QStringLiteral("<td align=right>&nbsp;%1</td>")
                 .arg(v == 0 || u.total == 0 ? QStringLiteral("–")
                                             : percent(double(v) / double(u.total)));
    }
    QString wait;
    if (!u.channels.empty() && u.total > 0) {
      const spyre::emu::ChannelWait &w = u.channels.front();
      wait = (w.forData ? tr("channel %1, fed by %2: %3")
                        : tr("channel %1, drained by %2: %3"))
                 .arg(w.channel)
                 .arg(esc(QString::fromStdString(w.partner)))
                 .arg(percent(double(w.cycles) / double(u.total)));
    }
    out += QStringLiteral("<td>&nbsp;%1</td></tr>").arg(wait);
  }
  out += "</table>";
  return out;
}

QString RunSummary::outputsVerdict(const RunSummaryData &run) {
  if (!run.compared)
    return run.interpreterError.isEmpty()
               ? tr("not compared")
               : tr("not compared: %1").arg(run.interpreterError);
  if (run.numerics.outputs.empty())
    return tr("no arrays to compare");
  QStringList lines;
  for (const spyre::driver::OutputVerdict &o : run.numerics.outputs)
    lines << QString::fromStdString(o.text);
  return lines.join("\n");
}

QString RunSummary::verdictColor(spyre::driver::Verdict v, bool dark) {
  switch (v) {
  case spyre::driver::Verdict::Exact: return dark ? "#7ad98f" : "#1e7e34";
  case spyre::driver::Verdict::WithinRounding: return dark ? "#f0c060" : "#9a6700";
  case spyre::driver::Verdict::Wrong: return dark ? "#ff8080" : "#b02020";
  }
  return QString();
}

QString RunSummary::html(const std::vector<RunSummaryData> &runs, bool dark) {
  QString faint = dark ? "#9aa3ad" : "#6a717a";
  QString bad = dark ? "#ff8080" : "#b02020";
  QString good = dark ? "#7ad98f" : "#1e7e34";
  if (runs.empty())
    return QStringLiteral("<p style='color:%1'>%2</p>")
        .arg(faint, tr("No emulated run yet. Run the kernel (Run menu) to "
                       "see its cycles, bottleneck, engine and link use, "
                       "scratchpad peaks and whether its outputs match the "
                       "interpreter's."));
  QString out;
  // Title per run.
  std::vector<Row> rows;
  auto add = [&](const QString &label, auto valueOf,
                 std::function<double(const RunSummaryData &)> number = {}) {
    Row r;
    r.label = label;
    for (const auto &run : runs) {
      r.values.push_back(run.ok ? valueOf(run) : QString());
      if (number && run.ok)
        r.numbers.push_back(number(run));
    }
    if (r.numbers.size() != runs.size())
      r.numbers.clear();
    rows.push_back(std::move(r));
  };
  add(tr("Total"), [](const RunSummaryData &r) {
    return tr("<b>%1 cycles</b> (%2 µs)")
        .arg(cycles(r.summary.totalCycles))
        .arg(num(r.summary.timeUs, 3));
  }, [](const RunSummaryData &r) { return double(r.summary.totalCycles); });
  add(tr("Bottleneck"), [](const RunSummaryData &r) {
    return tr("%1 (its bound is %2 of the total)")
        .arg(esc(QString::fromStdString(r.summary.bottleneck)))
        .arg(percent(r.summary.closeness));
  });
  add(tr("Bounds"), [](const RunSummaryData &r) {
    return tr("HBM %1 · compute %2 · ring %3 cycles")
        .arg(cycles(uint64_t(r.summary.boundHbm)))
        .arg(cycles(uint64_t(r.summary.boundCompute)))
        .arg(cycles(uint64_t(r.summary.boundRing)));
  });
  add(tr("HBM traffic"), [](const RunSummaryData &r) {
    return formatBytes(uint64_t(std::max<int64_t>(r.summary.hbmBytes, 0)));
  }, [](const RunSummaryData &r) { return double(r.summary.hbmBytes); });
  add(tr("Events"), [](const RunSummaryData &r) {
    return cycles(r.summary.events);
  });
  // Engines: one row per unit present in any run.
  std::map<std::string, int> units;
  for (const auto &run : runs)
    for (const auto &[unit, use] : byUnit(run.summary))
      units[unit] = 1;
  for (const auto &[unit, ignored] : units)
    add(tr("Engine %1").arg(esc(QString::fromStdString(unit))),
        [unit = unit](const RunSummaryData &r) {
          auto all = byUnit(r.summary);
          auto it = all.find(unit);
          if (it == all.end() || it->second.count == 0)
            return tr("none");
          const UnitUse &u = it->second;
          return tr("%1 busy on average, at most %2 (core %3)")
              .arg(percent(u.sum / u.count))
              .arg(percent(u.best))
              .arg(u.bestCore);
        });
  add(tr("Ring links"), [](const RunSummaryData &r) {
    const auto &links = r.summary.links;
    if (links.empty())
      return tr("no traffic");
    const auto *busiest = &links.front();
    double sum = 0;
    for (const auto &l : links) {
      sum += l.utilisation;
      if (l.utilisation > busiest->utilisation)
        busiest = &l;
    }
    int from = busiest->direction == 0 ? busiest->link
                                       : (busiest->link + 1) % std::max(r.cores, 1);
    int to = busiest->direction == 0 ? (busiest->link + 1) % std::max(r.cores, 1)
                                     : busiest->link;
    return tr("%1 of %2 carried traffic, %3 busy on average; busiest %4→%5: "
              "%6, %7")
        .arg(links.size())
        .arg(2 * r.cores)
        .arg(percent(sum / double(links.size())))
        .arg(from)
        .arg(to)
        .arg(formatBytes(uint64_t(busiest->bytes)))
        .arg(percent(busiest->utilisation));
  });
  add(tr("Peak scratchpad"), [](const RunSummaryData &r) {
    const auto &peaks = r.summary.peakLxBytes;
    auto it = std::max_element(peaks.begin(), peaks.end());
    if (it == peaks.end() || *it <= 0)
      return tr("nothing held");
    int used = int(std::count_if(peaks.begin(), peaks.end(),
                                 [](int64_t p) { return p > 0; }));
    QString of = r.scratchpadBytes
                     ? tr(" (%1 of %2)")
                           .arg(percent(double(*it) / double(r.scratchpadBytes)))
                           .arg(formatBytes(r.scratchpadBytes))
                     : QString();
    return tr("%1 on core %2%3; %4")
        .arg(formatBytes(uint64_t(*it)))
        .arg(it - peaks.begin())
        .arg(of)
        .arg(used == 1 ? tr("1 core used it") : tr("%1 cores used it").arg(used));
  }, [](const RunSummaryData &r) {
    const auto &p = r.summary.peakLxBytes;
    return p.empty() ? 0.0 : double(*std::max_element(p.begin(), p.end()));
  });
  add(tr("Outputs"), [&](const RunSummaryData &r) {
    if (!r.compared || r.numerics.outputs.empty())
      return QStringLiteral("<span style='color:%1'>%2</span>")
          .arg(faint, esc(outputsVerdict(r)));
    QStringList lines;
    for (const spyre::driver::OutputVerdict &o : r.numerics.outputs)
      lines << QStringLiteral("<span style='color:%1'>%2</span>")
                   .arg(verdictColor(o.verdict, dark),
                        esc(QString::fromStdString(o.text)));
    return lines.join("<br>");
  });

  out += "<table cellspacing=0 cellpadding=3 width='100%'>";
  out += "<tr><th></th>";
  for (const auto &run : runs) {
    QString head = tr("%1 on %2 (%3 cores)")
                       .arg(esc(run.kernel), esc(run.arch))
                       .arg(run.cores);
    if (!run.variant.isEmpty())
      head += QStringLiteral(", %1").arg(esc(run.variant));
    out += QStringLiteral("<th align=left>%1</th>").arg(head);
  }
  if (runs.size() == 2)
    out += tr("<th align=left>second / first</th>");
  out += "</tr>";
  // A failed run: its errors in its column.
  bool failed = std::any_of(runs.begin(), runs.end(),
                            [](const auto &r) { return !r.ok; });
  if (failed) {
    out += QStringLiteral("<tr><td style='color:%1'>%2</td>")
               .arg(faint, tr("Run"));
    for (const auto &run : runs)
      out += QStringLiteral("<td style='color:%1'>%2</td>")
                 .arg(run.ok ? good : bad,
                      run.ok ? tr("finished")
                             : esc(tr("failed: %1")
                                       .arg(run.errors.isEmpty()
                                                ? tr("no reason given")
                                                : run.errors.join("; "))));
    if (runs.size() == 2)
      out += "<td></td>";
    out += "</tr>";
  }
  for (const Row &r : rows) {
    out += QStringLiteral("<tr><td valign=top style='color:%1'>%2</td>")
               .arg(faint, r.label);
    for (const QString &v : r.values)
      out += QStringLiteral("<td valign=top>%1</td>").arg(v);
    if (runs.size() == 2)
      out += QStringLiteral("<td valign=top>%1</td>")
                 .arg(r.numbers.size() == 2 && r.numbers[0] > 0
                          ? QStringLiteral("× %1").arg(
                                num(r.numbers[1] / r.numbers[0], 2))
                          : QString());
    out += "</tr>";
  }
  out += "</table>";

  // One run: why it takes its cycles, then per core, each unit's busiest
  // instance and the peak.
  if (runs.size() == 1 && runs.front().ok)
    out += whyHtml(runs.front(), dark);
  if (runs.size() == 1 && runs.front().ok) {
    const RunSummaryData &run = runs.front();
    std::vector<std::string> names;
    for (const auto &[unit, use] : byUnit(run.summary))
      names.push_back(unit);
    out += tr("<p><b>Per core</b> <span style='color:%1'>(utilisation of "
              "each unit's busiest engine; peak scratchpad)</span></p>")
               .arg(faint);
    out += "<table cellspacing=0 cellpadding=2><tr><th align=right>"
           + tr("core") + "</th>";
    for (const auto &n : names)
      out += QStringLiteral("<th align=right>&nbsp;%1</th>")
                 .arg(esc(QString::fromStdString(n)));
    out += "<th align=right>&nbsp;" + tr("peak scratchpad") + "</th></tr>";
    int cores = std::max(run.cores, int(run.summary.peakLxBytes.size()));
    for (int c = 0; c < cores; ++c) {
      out += QStringLiteral("<tr><td align=right>%1</td>").arg(c);
      for (const auto &n : names) {
        double best = -1;
        for (const auto &e : run.summary.engines)
          if (e.core == c && e.unit == n)
            best = std::max(best, e.utilisation);
        out += QStringLiteral("<td align=right>&nbsp;%1</td>")
                   .arg(best < 0 ? QStringLiteral("–") : percent(best));
      }
      int64_t peak = c < int(run.summary.peakLxBytes.size())
                         ? run.summary.peakLxBytes[size_t(c)]
                         : 0;
      out += QStringLiteral("<td align=right>&nbsp;%1</td></tr>")
                 .arg(formatBytes(uint64_t(std::max<int64_t>(peak, 0))));
    }
    out += "</table>";
  }
  return out;
}
