//===- PassNotesDock.cpp - the selected pass's description ----------------===//

#include "PassNotesDock.h"

#include "models/PassListModel.h"

#include <QTextBrowser>

PassNotesDock::PassNotesDock(QWidget *parent) : QDockWidget(tr("Notes"), parent) {
  setObjectName("passNotesDock");
  setToolTip(tr("Pass notes: what the selected pass does, and its options"));
  notes = new QTextBrowser(this);
  notes->setObjectName("passNotes");
  notes->setOpenExternalLinks(true);
  notes->setFrameShape(QFrame::NoFrame);
  setWidget(notes);
  showPass(nullptr);
}

QString PassNotesDock::html(const spyre::driver::PassSnapshot &s) {
  const QString name = QString::fromStdString(s.pass).toHtmlEscaped();
  const QString stage = QString::fromStdString(s.stage).toHtmlEscaped();
  QString facts = s.pass == "input"
                      ? tr("the kernel as parsed")
                      : tr("%1 ms, %2")
                            .arg(PassListModel::formatMs(s.wallMs),
                                 s.changed ? tr("changed the IR") : tr("changed nothing"));
  if (s.invalid)
    facts += tr("; its output does not verify (an internal error)");
  return QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3><p style='margin-top:0'>"
                        "<i>%2</i> &mdash; %3</p>%4")
      .arg(name, stage, facts.toHtmlEscaped(),
           PassListModel::descriptionHtml(QString::fromStdString(s.description)));
}

void PassNotesDock::showPass(const spyre::driver::PassSnapshot *snapshot) {
  if (!snapshot) {
    shownPass.clear();
    notes->setHtml(tr("<p>No pass yet: the notes of the pass selected in the "
                          "Passes list appear here once the kernel compiles.</p>"));
    return;
  }
  const QString pass = QString::fromStdString(snapshot->pass);
  const QString page = html(*snapshot);
  if (pass == shownPass && page == notes->property("page").toString())
    return; // the same text: keep where it is scrolled
  shownPass = pass;
  notes->setProperty("page", page);
  notes->setHtml(page);
}
