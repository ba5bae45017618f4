//===- StageBisect.cpp - Run ▸ Find the Pass That Changed the Output ------===//

#include "StageBisect.h"

#include "CodeEditor.h"
#include "models/PassListModel.h"
#include "PassListPanel.h"
#include "RunInputs.h"
#include "WorkerPool.h"

#include "driver/StageRun.h"

#include <QAction>
#include <QtConcurrent/QtConcurrentRun>

using spyre::driver::StageOutcome;
using spyre::driver::StageRun;
using Output = PassListModel::Output;

namespace {

Output outputOf(const StageRun &s) {
  switch (s.outcome) {
  case StageOutcome::Agrees:
    return s.exact ? Output::Exact : Output::WithinRounding;
  case StageOutcome::Differs: return Output::Wrong;
  case StageOutcome::Failed: return Output::Fails;
  case StageOutcome::Skipped: break;
  }
  return Output::Unknown;
}

/// The worker: compiles, runs the reference and the snapshots; `progress`
/// is called on this thread after each snapshot.
StageBisect::Outcome
runJob(const EmulatorRun::Input &in, const QString &onlyPass,
       const QString &perturbAfter, const std::atomic<bool> *cancel,
       const std::function<void(const StageRun &)> &progress) {
  StageBisect::Outcome out;
  spyre::driver::StageRunRequest request;
  request.directory = in.directory.toStdString();
  request.onlyPass = onlyPass.toStdString();
  request.perturbAfter = perturbAfter.toStdString();
  request.cancel = cancel;
  request.progress = progress;
  QStringList errors;
  // The run the editor's kernel makes (its function among several, its
  // inputs), as every other run.
  if (!in.runRequest(request.run, errors, cancel)) {
    out.summary = errors.join(QStringLiteral("; "));
    for (const QString &e : errors) {
      spyre::driver::Diagnostic d;
      d.message = e.toStdString();
      out.failure.push_back(std::move(d));
    }
    return out;
  }
  spyre::driver::StageRunResult r = spyre::driver::runStages(request);
  // A stop during the reference run or the compile ends them with a
  // diagnostic rather than r.cancelled.
  out.cancelled = r.cancelled || (cancel && cancel->load());
  for (const spyre::driver::Diagnostic &d : r.diagnostics)
    if (d.severity == spyre::driver::Diagnostic::Severity::Error) {
      errors << QString::fromStdString(d.message);
      out.failure.push_back(d);
    }
  if (!r.ok) {
    out.summary = errors.isEmpty() ? QObject::tr("the kernel did not run")
                                   : errors.join(QStringLiteral("; "));
    return out;
  }
  out.ok = true;
  for (const StageRun &s : r.stages)
    out.stagesRun += s.outcome != StageOutcome::Skipped;
  if (r.firstDiffering >= 0) {
    const StageRun &first = r.stages[size_t(r.firstDiffering)];
    out.firstPass = QString::fromStdString(first.pass);
    out.summary = QString::fromStdString(first.summary);
    out.wrongLine = first.wrongLine;
    out.firstFails = first.outcome == StageOutcome::Failed;
  }
  if (r.firstInexact >= 0)
    out.inexactPass = QString::fromStdString(r.stages[size_t(r.firstInexact)].pass);
  if (!onlyPass.isEmpty())
    for (const StageRun &s : r.stages)
      if (s.pass == request.onlyPass)
        out.summary = onlyPass + QStringLiteral(": ") +
                      QString::fromStdString(s.summary);
  return out;
}

} // namespace

StageBisect::StageBisect(PassListPanel *passes, CodeEditor *editor,
                         std::function<EmulatorRun::Input()> input,
                         QObject *parent)
    : QObject(parent), passPanel(passes), kernelEditor(editor),
      inputOf(std::move(input)) {
  findAct = new QAction(tr("Find the Pass That &Changed the Output"), this);
  findAct->setObjectName("findChangingPassAction");
  findAct->setToolTip(tr("Run the IR after every pass on the run's inputs, judge "
                        "each one's outputs against the KTIR's (exact, within "
                        "rounding, WRONG) and mark the first WRONG pass"));
  connect(findAct, &QAction::triggered, this, &StageBisect::findChangingPass);
  stopAct = new QAction(tr("Stop Finding the Pass"), this);
  stopAct->setObjectName("stopBisectAction");
  stopAct->setEnabled(false);
  connect(stopAct, &QAction::triggered, this, &StageBisect::cancel);
  connect(&watcher, &QFutureWatcher<Outcome>::finished, this, &StageBisect::jobDone);
}

StageBisect::~StageBisect() {
  cancel();
  watcher.waitForFinished();
}

void StageBisect::findChangingPass() { start(QString()); }

void StageBisect::runSnapshot(const QString &pass) {
  if (!pass.isEmpty())
    start(pass);
}

void StageBisect::cancel() {
  if (cancelFlag)
    cancelFlag->store(true);
}

void StageBisect::start(const QString &onlyPass) {
  if (running) {
    Q_EMIT message(tr("A snapshot run is in progress: stop it first"));
    return;
  }
  PassListModel *model = passPanel->model();
  if (model->rowCount() == 0) {
    Q_EMIT message(tr("Nothing to run: the kernel has not compiled"));
    return;
  }
  // A bisect judges every snapshot again; one snapshot's run (Run This
  // Snapshot) replaces its row's verdict only: the others' stay.
  if (onlyPass.isEmpty())
    model->clearOutputs();
  kernelEditor->clearHighlightedLines();
  for (int row = 0; row < model->rowCount(); ++row)
    if (onlyPass.isEmpty() ||
        QString::fromStdString(model->snapshot(row)->pass) == onlyPass)
      model->setOutput(row, Output::Running);
  running = true;
  bisecting = onlyPass.isEmpty();
  findAct->setEnabled(false);
  stopAct->setEnabled(true);
  cancelFlag = std::make_shared<std::atomic<bool>>(false);
  const quint64 job = ++jobNumber;
  Q_EMIT started();
  Q_EMIT message(bisecting ? tr("Running the snapshot after every pass…")
                          : tr("Running the snapshot after %1…").arg(onlyPass));
  auto progress = [this, job](const StageRun &s) {
    // On the worker thread: hand the row's verdict to the GUI thread.
    QString pass = QString::fromStdString(s.pass);
    QString summary = QString::fromStdString(s.summary);
    int output = int(outputOf(s)), snapshot = s.snapshot;
    QMetaObject::invokeMethod(
        this,
        [this, job, pass, snapshot, output, summary] {
          stageDone(job, pass, snapshot, output, summary);
        },
        Qt::QueuedConnection);
  };
  EmulatorRun::Input in = inputOf();
  std::shared_ptr<std::atomic<bool>> cancel = cancelFlag;
  QString perturbAfter = perturbPass;
  watcher.setFuture(QtConcurrent::run(
      workerPool(), [in, onlyPass, perturbAfter, cancel, progress] {
        return runJob(in, onlyPass, perturbAfter, cancel.get(), progress);
      }));
}

void StageBisect::stageDone(quint64 job, const QString &pass, int snapshot,
                            int output, const QString &summary) {
  if (job != jobNumber)
    return;
  PassListModel *model = passPanel->model();
  // The list's snapshots are the same compile's; find the row by name if
  // the kernel changed since.
  const auto *shown = model->snapshot(snapshot);
  int row = shown && QString::fromStdString(shown->pass) == pass
                ? snapshot
                : model->rowOfPass(pass);
  model->setOutput(row, Output(output), pass + QStringLiteral(": ") + summary);
}

void StageBisect::jobDone() {
  latestOutcome = watcher.result();
  running = false;
  findAct->setEnabled(true);
  stopAct->setEnabled(false);
  PassListModel *model = passPanel->model();
  // Rows a cancelled (or failed) job did not reach lose their mark.
  for (int row = 0; row < model->rowCount(); ++row)
    if (model->output(row) == Output::Running)
      model->setOutput(row, Output::Unknown);
  const Outcome &o = latestOutcome;
  if (!o.ok) {
    Q_EMIT message(o.cancelled ? tr("Stopped running the snapshots")
                               : tr("The snapshots did not run: %1").arg(o.summary));
    if (!o.cancelled)
      Q_EMIT failed();
  } else {
    if (bisecting && !o.firstPass.isEmpty())
      Q_EMIT selectPassRequested(o.firstPass);
    else if (bisecting && !o.inexactPass.isEmpty())
      Q_EMIT selectPassRequested(o.inexactPass);
    if (o.wrongLine > 0) {
      kernelEditor->highlightLines({o.wrongLine});
      kernelEditor->ensureLineVisible(o.wrongLine - 1);
    }
    // The details are in the Out column's tooltip: the line stays short.
    if (!bisecting)
      Q_EMIT message(o.summary);
    else if (o.firstPass.isEmpty() && o.inexactPass.isEmpty())
      Q_EMIT message(tr("Every snapshot's outputs are exactly the KTIR's (%1 run)")
                         .arg(o.stagesRun));
    else if (o.firstPass.isEmpty())
      Q_EMIT message(tr("No snapshot is WRONG (%1 run); the first pass that changes "
                        "the last bits, within rounding: %2")
                         .arg(o.stagesRun)
                         .arg(o.inexactPass));
    else if (o.wrongLine > 0)
      Q_EMIT message(tr("First pass whose output is WRONG: %1; its worst element "
                        "was stored by line %2")
                         .arg(o.firstPass)
                         .arg(o.wrongLine));
    else if (o.firstFails)
      Q_EMIT message(tr("First pass whose snapshot does not run: %1").arg(o.firstPass));
    else
      Q_EMIT message(tr("First pass whose output is WRONG: %1").arg(o.firstPass));
  }
  Q_EMIT finished();
}
