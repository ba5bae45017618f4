//===- IrPane.cpp - one read-only IR snapshot pane ------------------------===//
#include "IrPane.h"

#include "ExportFolder.h"

#include "KtirLexer.h"

#include <Qsci/qscicommand.h>
#include <Qsci/qscicommandset.h>

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>

#include <algorithm>

namespace {
using SB = QsciScintillaBase;

struct PaneColours {
  QColor margin, marginText, removed, added, changed, word, source, selection;
};
const PaneColours kLight{{243, 243, 243},   {120, 120, 120}, {255, 221, 221},
                         {221, 255, 221},   {255, 236, 179}, {230, 126, 0, 110},
                         {30, 110, 220},    {173, 214, 255}};
const PaneColours kDark{{37, 37, 38},      {133, 133, 133}, {75, 30, 30},
                        {30, 70, 36},      {62, 52, 22},    {200, 140, 40, 90},
                        {90, 160, 255},    {38, 79, 120}};
} // namespace

IrPane::IrPane(const QString &objectName, QWidget *parent) : QsciScintilla(parent) {
  setObjectName(objectName);
  setUtf8(true);
  kernelLexer = new KtirLexer(this);
  kernelLexer->setFoldingEnabled(false);
  setLexer(kernelLexer);
  setReadOnly(true);
  SendScintilla(SB::SCI_SETUNDOCOLLECTION, 0UL);
  setWrapMode(QsciScintilla::WrapNone);
  // Wrapped lines show where they continue.
  setWrapVisualFlags(QsciScintilla::WrapFlagByText, QsciScintilla::WrapFlagNone, 2);
  setCaretLineVisible(false);
  // QScintilla's own zoom keys zoom only this widget: leave them to the
  // window's View > Zoom, which zooms the editor and the IR panes together.
  for (QsciCommand::Command zoom : {QsciCommand::ZoomIn, QsciCommand::ZoomOut}) {
    if (QsciCommand *command = standardCommands()->find(zoom)) {
      command->setKey(0);
      command->setAlternateKey(0);
    }
  }
  SendScintilla(SB::SCI_CLEARCMDKEY, (unsigned long)(SB::SCK_DIVIDE + (SB::SCMOD_CTRL << 16)));

  // Margin 0: line numbers; margin 1: the source-line arrow.
  setMarginsFont(kernelLexer->defaultFont(KtirLexer::Default));
  setMarginType(0, QsciScintilla::NumberMargin);
  setMarginLineNumbers(0, true);
  setMarginWidth(0, QStringLiteral("00000"));
  setMarginType(1, QsciScintilla::SymbolMargin);
  setMarginWidth(1, 14);
  setMarginMarkerMask(1, 1 << SourceLineMarker);
  setMarginSensitivity(0, true);
  setMarginSensitivity(1, true);

  markerDefine(QsciScintilla::Background, RemovedMarker);
  markerDefine(QsciScintilla::Background, AddedMarker);
  markerDefine(QsciScintilla::Background, ChangedMarker);
  markerDefine(QsciScintilla::RightArrow, SourceLineMarker);
  markerDefine(QsciScintilla::Underline, SourceLineBackMarker);
  markerDefine(QsciScintilla::Background, ExecutionMarker);
  indicatorDefine(QsciScintilla::StraightBoxIndicator, ChangedWordIndicator);
  setIndicatorDrawUnder(true, ChangedWordIndicator);
  applyTheme();
}

IrPane::~IrPane() = default;

int IrPane::xOffsetShowing(int line, int from, int to) const {
  if (wrapMode() != QsciScintilla::WrapNone)
    return 0;
  auto *self = const_cast<IrPane *>(this); // SendScintilla is not const
  const long lineStart = self->SendScintilla(SB::SCI_POSITIONFROMLINE, (unsigned long)line);
  auto x = [&](long bytes) {
    return self->SendScintilla(SB::SCI_POINTXFROMPOSITION, 0UL, lineStart + bytes);
  };
  // Measured unscrolled: pixels from the pane's left edge.
  const long scrolled = self->SendScintilla(SB::SCI_GETXOFFSET);
  self->SendScintilla(SB::SCI_SETXOFFSET, 0UL);
  const long textLeft = x(0);
  const long fromX = x(from) - textLeft, toX = x(to) - textLeft;
  self->SendScintilla(SB::SCI_SETXOFFSET, (unsigned long)scrolled);
  const long slack = self->SendScintilla(SB::SCI_TEXTWIDTH, (unsigned long)SB::STYLE_DEFAULT, "00");
  const long width = viewport()->width() - textLeft;
  if (toX + slack <= width)
    return 0;
  return int(std::max(0L, std::min(fromX, toX + slack - width)));
}

void IrPane::setDarkTheme(bool dark) {
  darkTheme = dark;
  applyTheme();
}

void IrPane::setMuted(bool muted) { kernelLexer->setMuted(muted); }
bool IrPane::isMuted() const { return kernelLexer->isMuted(); }

void IrPane::applyTheme() {
  const PaneColours &c = darkTheme ? kDark : kLight;
  kernelLexer->setDarkTheme(darkTheme);
  setPaper(kernelLexer->defaultPaper(KtirLexer::Default));
  setColor(kernelLexer->defaultColor(KtirLexer::Default));
  SendScintilla(SB::SCI_STYLESETBACK, SB::STYLE_DEFAULT,
                kernelLexer->defaultPaper(KtirLexer::Default));
  SendScintilla(SB::SCI_STYLESETFORE, SB::STYLE_DEFAULT,
                kernelLexer->defaultColor(KtirLexer::Default));
  setMarginsBackgroundColor(c.margin);
  setMarginsForegroundColor(c.marginText);
  setMarkerBackgroundColor(c.removed, RemovedMarker);
  setMarkerBackgroundColor(c.added, AddedMarker);
  setMarkerBackgroundColor(c.changed, ChangedMarker);
  setMarkerForegroundColor(c.source, SourceLineMarker);
  setMarkerBackgroundColor(c.source, SourceLineMarker);
  setMarkerBackgroundColor(c.source, SourceLineBackMarker);
  // The stepped run's instruction: amber, like the timeline's cursor.
  setMarkerBackgroundColor(darkTheme ? QColor(0x6a, 0x4a, 0x10) : QColor(0xff, 0xe0, 0xa8),
                           ExecutionMarker);
  setIndicatorForegroundColor(c.word, ChangedWordIndicator);
  setSelectionBackgroundColor(c.selection);
  setCaretForegroundColor(kernelLexer->defaultColor(KtirLexer::Default));
}

bool IrPane::saveSnapshot(const QString &path, QString *error) const {
  QSaveFile f(path);
  QByteArray bytes = text().toUtf8();
  if (!bytes.endsWith('\n'))
    bytes.append('\n');
  if (!f.open(QIODevice::WriteOnly) || f.write(bytes) < 0 || !f.commit()) {
    if (error)
      *error = tr("Cannot write %1: %2").arg(path, f.errorString());
    return false;
  }
  return true;
}

void IrPane::copySnapshot() const { QApplication::clipboard()->setText(text()); }

QMenu *IrPane::createContextMenu(QWidget *parent) {
  auto *menu = new QMenu(parent);
  QAction *copyAction = menu->addAction(tr("&Copy"), this, [this] { copy(); });
  copyAction->setObjectName("copyAction");
  copyAction->setEnabled(hasSelectedText());
  menu->addAction(tr("Copy &Snapshot"), this, [this] { copySnapshot(); })
      ->setObjectName("copySnapshotAction");
  menu->addAction(tr("Sa&ve Snapshot As…"), this, [this] {
        QString path = ExportFolder::askSave(this, tr("Save snapshot"), pinnedName,
                                             tr("MLIR (*.mlir);;All files (*)"));
        QString error;
        if (!path.isEmpty() && !saveSnapshot(path, &error))
          QMessageBox::warning(this, tr("Save snapshot"), error);
      })->setObjectName("saveSnapshotAction");
  QAction *run = menu->addAction(tr("&Run This Snapshot"), this, [this] {
    Q_EMIT runSnapshotRequested(pinnedPass);
  });
  run->setObjectName("runSnapshotAction");
  run->setEnabled(!pinnedPass.isEmpty());
  run->setToolTip(tr("Execute the IR after this pass on the run's inputs and "
                     "compare its outputs with the KTIR's"));
  menu->addSeparator();
  menu->addAction(tr("&Find…"), this, [this] { Q_EMIT findRequested(); })
      ->setObjectName("findAction");
  menu->addAction(tr("Select &All"), this, [this] { selectAll(); });
  return menu;
}

void IrPane::contextMenuEvent(QContextMenuEvent *event) {
  QMenu *menu = createContextMenu(this);
  menu->setAttribute(Qt::WA_DeleteOnClose);
  menu->popup(event->globalPos());
}
