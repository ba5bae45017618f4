//===- RunNotes.h - what the run's views say about the run shown -*- C++ -*-===//
//
// The Timeline, the Scratchpad chart, the Run summary and the Ring show one recorded
// run; this says, in the note above each of them (RunNoteBar), when that
// run is not what the editor holds now, and offers what to do:
//
//   * the kernel was edited since ("Shown: the run of the kernel 3 edits
//     ago"), another kernel of the module chosen in the Kernel box ("…
//     the run of @gate; the kernel chosen is now @up"), the target
//     switched ("… on spyre (32 cores); the target is
//     now spyre-4core"), or the inputs changed: [Re-run];
//   * the newest run failed: its error (not the notes printed with it)
//     and, for a scalar argument without a value, [Give %n a value…],
//     which opens Run ▸ Inputs… with that field focused. The failure's
//     diagnostics go to the Diagnostics dock (failureDiagnostics()).
//
// A run of the text shown (an undo back to it included) has no note.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_RUNNOTES_H
#define SPYRE_APP_RUNNOTES_H

#include "driver/Diagnostic.h"

#include <QObject>
#include <QString>

#include <functional>
#include <vector>

class RunControls;
class RunNoteBar;

class RunNotes : public QObject {
  Q_OBJECT

public:
  /// `edits`: how many edits the editor's document has seen (it grows by
  /// one per change of the text).
  RunNotes(RunControls *runs, std::vector<RunNoteBar *> bars,
           std::function<quint64()> edits, QObject *parent = nullptr);

  /// Works out the note again (the text, the target or the inputs
  /// changed, a compile finished).
  void update();
  /// Names the module's first kernel (the kernel of a run that chose
  /// none) in the note that another kernel was chosen; "" when unknown.
  void setFirstKernel(std::function<QString()> name) { firstKernel = std::move(name); }
  /// The note shown now ("" when none).
  QString note() const { return shownNote; }
  /// The argument the failed run needs a value for ("" when none).
  QString missingArgument() const { return missing; }
  /// The newest run's failure as diagnostics of the kernel ("emulated run"
  /// as their pass); empty when it did not fail.
  std::vector<spyre::driver::Diagnostic> failureDiagnostics() const;

  /// A run that failed elsewhere (Find the Pass That Changed the Output)
  /// said as an emulated run's failure is: `why` in the note ("`what`
  /// failed: …") and the Diagnostics (pass `pass`), Give %n a value… for a
  /// missing scalar; `retry` runs it again once the Inputs dialog's OK
  /// changed the inputs. Cleared as a failed run is, or by clearFailure().
  void showFailure(const std::vector<spyre::driver::Diagnostic> &why, const QString &what,
                   const QString &pass, std::function<void()> retry);
  void clearFailure();

  /// The scalar argument a run's error says has no value ("n" for "no
  /// value given for argument %n"), or "".
  static QString argumentWithoutValue(const QString &error);

Q_SIGNALS:
  /// The newest run failed (true) or a run started / came (false).
  void failureChanged(bool failed);

private:
  void onFailed();
  void act();
  void show(const QString &text, const QString &action, bool error);

  RunControls *runs;
  std::vector<RunNoteBar *> bars;
  std::function<quint64()> edits;
  std::function<QString()> firstKernel;
  quint64 requestedAt = 0; ///< edits when the newest run was asked for
  quint64 shownAt = 0;     ///< edits when the run shown was asked for
  bool failed = false;
  QString failureText, missing, shownNote;
  std::vector<spyre::driver::Diagnostic> failure; ///< of the failed run
  QString failedWhat, failedPass; ///< "The emulated run", "emulated run"
  std::function<void()> retry;    ///< runs the failed run again
};

#endif
