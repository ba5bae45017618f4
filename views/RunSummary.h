//===- RunSummary.h - what an emulated run adds up to ------------*- C++ -*-===//
//
// The Run summary dock: total cycles and time, the bottleneck and the three
// lower bounds (HBM, compute, ring), engine utilisation per unit and per
// core, ring link utilisation, peak scratchpad per core, and the numerics
// verdict of the emulator's outputs against the interpreter's shadow
// (exact / within rounding / WRONG: driver/NumericsVerdict.h), in green,
// amber or red. Two runs (a what-if: another target, double
// buffering off) are shown side by side with their ratio. "Export Chrome
// trace…" and "Compare with…" ask the app (exportTraceRequested,
// compareRequested); the numbers come from RunSummaryData, filled by
// whoever ran the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_RUNSUMMARY_H
#define SPYRE_VIEWS_RUNSUMMARY_H

#include "driver/NumericsVerdict.h"
#include "emu/Report.h"
#include "emu/WaitProfile.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class ElidedLabel;
class QTextBrowser;
class RunNoteBar;
class QToolButton;

/// One emulated run, as the summary shows it.
struct RunSummaryData {
  QString kernel;    ///< file name
  QString arch;      ///< target name
  QString variant;   ///< what differs in a what-if ("double buffering off")
  int cores = 0;
  double clockGhz = 0;
  uint64_t scratchpadBytes = 0; ///< per core
  bool ok = false;
  QStringList errors;
  spyre::emu::Summary summary;
  bool compared = false;        ///< the interpreter ran on the same inputs
  QString interpreterError;     ///< why it did not
  /// One verdict per output (the same text spyre-run prints).
  spyre::driver::NumericsVerdict numerics;
  /// Where the time went (a recorded run only; empty otherwise).
  spyre::emu::WaitProfile why;
  /// Why `why` is empty for a recorded run, in a sentence: it is worked out
  /// from the whole trace, which a long run does not keep.
  QString whyMissing;
};

class RunSummary : public QWidget {
  Q_OBJECT

public:
  explicit RunSummary(QWidget *parent = nullptr);

  /// No run, one run, or two side by side (more: the first two).
  void setRuns(std::vector<RunSummaryData> runs);
  const std::vector<RunSummaryData> &runs() const { return shown; }
  /// A line saying what is being computed ("" when nothing); with no run
  /// shown, the page says it too, in full.
  void setStatus(const QString &text);
  QString statusText() const;
  /// The targets "Compare with…" offers (then "double buffering off");
  /// the target of the run shown is left out.
  void setCompareTargets(const QStringList &targets);
  /// The targets the menu offers now (for tests).
  QStringList offeredTargets() const;
  /// The note above the summary (an old run, a failed one) and its action.
  RunNoteBar *noteBar() const { return note; }
  /// The summary as plain text (what the dock shows, for tests and copy).
  QString plainText() const;

  /// The page for `runs`, as HTML (pure: the widget shows this).
  static QString html(const std::vector<RunSummaryData> &runs, bool dark);
  /// The verdict of one run's outputs, one line per output.
  static QString outputsVerdict(const RunSummaryData &run);
  /// The verdict's colour: green (exact), amber (within rounding), red
  /// (WRONG).
  static QString verdictColor(spyre::driver::Verdict v, bool dark);
  /// "Why N cycles": the critical path's causes (each a link
  /// "cause:N") and each engine kind's time, as HTML; empty without a
  /// profile.
  static QString whyHtml(const RunSummaryData &run, bool dark);
  /// Clicks a cause's link as a user would (tests).
  void activateCause(int index);

Q_SIGNALS:
  void exportTraceRequested();
  void compareRequested(const QString &target);
  /// The same kernel and target without double buffering (a what-if).
  void doubleBufferingCompareRequested();
  void compareCleared();
  /// A cause of the critical path was clicked: its longest stretch.
  void causeActivated(int core, quint64 from, quint64 to);

protected:
  void changeEvent(QEvent *event) override;

private:
  void refresh();
  void rebuildCompareMenu();

  ElidedLabel *status = nullptr;
  RunNoteBar *note = nullptr;
  QStringList compareTargets;
  QTextBrowser *page = nullptr;
  QToolButton *exportButton = nullptr, *compareButton = nullptr;
  std::vector<RunSummaryData> shown;
};

#endif
