//===- RunNotes.cpp - what the run's views say about the run shown --------===//

#include "RunNotes.h"

#include "EmulatorRun.h"
#include "RunControls.h"
#include "RunNoteBar.h"

#include "arch/Arch.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QToolButton>

RunNotes::RunNotes(RunControls *runControls, std::vector<RunNoteBar *> noteBars,
                   std::function<quint64()> editCount, QObject *parent)
    : QObject(parent), runs(runControls), bars(std::move(noteBars)),
      edits(std::move(editCount)) {
  EmulatorRun &run = runs->emulator();
  connect(&run, &EmulatorRun::started, this, [this] {
    requestedAt = edits ? edits() : 0;
    clearFailure();
  });
  connect(&run, &EmulatorRun::ready, this, [this] {
    shownAt = requestedAt;
    update();
  });
  connect(&run, &EmulatorRun::cancelled, this, &RunNotes::update);
  connect(&run, &EmulatorRun::failed, this, &RunNotes::onFailed);
  for (RunNoteBar *bar : bars)
    connect(bar, &RunNoteBar::activated, this, &RunNotes::act);
}

QString RunNotes::argumentWithoutValue(const QString &error) {
  static const QRegularExpression noValue(
      QStringLiteral("no value given for argument %([A-Za-z0-9_$.-]+)"));
  QRegularExpressionMatch m = noValue.match(error);
  return m.hasMatch() ? m.captured(1) : QString();
}

void RunNotes::onFailed() {
  showFailure(runs->emulator().failure(), tr("The emulated run"), tr("emulated run"),
              [this] { runs->runOrContinue(); });
}

void RunNotes::showFailure(const std::vector<spyre::driver::Diagnostic> &why,
                           const QString &what, const QString &pass,
                           std::function<void()> again) {
  failed = true;
  failure = why;
  failedWhat = what;
  failedPass = pass;
  retry = std::move(again);
  failureText.clear();
  for (const spyre::driver::Diagnostic &d : why)
    if (d.severity == spyre::driver::Diagnostic::Severity::Error) {
      failureText = QString::fromStdString(d.message).section(QLatin1Char('\n'), 0, 0);
      if (d.line > 0 && (d.file.empty() ||
                         d.file == runs->currentInput().name.toStdString()))
        failureText += tr(" (line %1)").arg(d.line);
      break;
    }
  if (failureText.isEmpty())
    failureText = tr("no reason given");
  missing = argumentWithoutValue(failureText);
  update();
  Q_EMIT failureChanged(true);
}

void RunNotes::clearFailure() {
  const bool was = failed;
  failed = false;
  failure.clear();
  failureText.clear();
  missing.clear();
  retry = nullptr;
  update();
  if (was)
    Q_EMIT failureChanged(false);
}

std::vector<spyre::driver::Diagnostic> RunNotes::failureDiagnostics() const {
  if (!failed)
    return {};
  std::vector<spyre::driver::Diagnostic> out = failure;
  for (spyre::driver::Diagnostic &d : out)
    d.pass = failedPass.toStdString();
  return out;
}

void RunNotes::show(const QString &text, const QString &action, bool error) {
  shownNote = text;
  for (RunNoteBar *bar : bars) {
    bar->setNote(text, action, error ? RunNoteBar::Kind::Error : RunNoteBar::Kind::Stale);
    bar->button()->setToolTip(
        action.isEmpty() ? QString()
        : error          ? tr("Open Run ▸ Inputs… at the argument's value")
                         : tr("Record the current kernel's run and play it (F5)"));
  }
}

void RunNotes::update() {
  EmulatorRun &run = runs->emulator();
  if (failed) {
    show(tr("%1 failed: %2").arg(failedWhat, failureText),
         missing.isEmpty() ? QString() : tr("Give %%1 a value…").arg(missing), true);
    return;
  }
  const spyre::emu::Session *session = run.session();
  if (!session || !runs->showsRun()) {
    show(QString(), QString(), false);
    return;
  }
  const EmulatorRun::Input &had = run.input();
  const EmulatorRun::Input now = runs->currentInput();
  QStringList why;
  if (had.source != now.source) {
    const quint64 ago = edits && edits() > shownAt ? edits() - shownAt : 0;
    why << (ago == 0 ? tr("the run of an earlier text of the kernel")
                     : ago == 1 ? tr("the run of the kernel 1 edit ago")
                                : tr("the run of the kernel %1 edits ago").arg(ago));
  }
  if (had.function != now.function && had.source == now.source) {
    // An empty name is the module's first kernel (none chosen yet).
    auto kernel = [this](QString name) {
      if (name.isEmpty() && firstKernel)
        name = firstKernel();
      return name.isEmpty() ? tr("the first kernel") : QStringLiteral("@") + name;
    };
    why << tr("the run of %1; the kernel chosen is now %2")
               .arg(kernel(had.function), kernel(now.function));
  }
  if (had.arch != now.arch) {
    const spyre::arch::Arch &ran = session->finalMachine().arch();
    const QString target = now.arch.isEmpty()
                               ? QString::fromStdString(spyre::arch::presetNames().front())
                               : QFileInfo(now.arch).fileName();
    why << tr("on %1 (%2 cores); the target is now %3")
               .arg(QString::fromStdString(ran.name))
               .arg(ran.numCores)
               .arg(target);
  }
  if (had.seed != now.seed || had.inputFiles != now.inputFiles || had.scalars != now.scalars)
    why << tr("with the inputs chosen before");
  if (why.isEmpty()) {
    show(QString(), QString(), false);
    return;
  }
  QString text = tr("Shown: %1").arg(why.join(QStringLiteral(", ")));
  // The run of the text shown is on its way: no button, it says so.
  const EmulatorRun::Input &asked = run.requested();
  const bool coming = run.recording() && asked.source == now.source &&
                      asked.function == now.function && asked.arch == now.arch;
  if (coming)
    text += tr(" (recording the new run…)");
  show(text, coming ? QString() : tr("Re-run"), false);
}

void RunNotes::act() {
  if (!failed || missing.isEmpty()) {
    runs->runOrContinue();
    return;
  }
  // OK with the value given runs again what failed (the note stayed
  // until F5).
  std::function<void()> again = retry;
  if (runs->editInputs(missing) && again)
    again();
}
