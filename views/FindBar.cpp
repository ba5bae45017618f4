//===- FindBar.cpp - find and replace under an editor ---------------------===//

#include "FindBar.h"

#include "models/Bytes.h"

#include <Qsci/qsciscintilla.h>

#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

using SB = QsciScintillaBase;

FindBar::FindBar(QsciScintilla *editor, QWidget *parent)
    : QWidget(parent), target(editor) {
  setObjectName("findBar");
  findEdit = new QLineEdit(this);
  findEdit->setObjectName("findText");
  findEdit->setPlaceholderText(tr("Find"));
  findEdit->setClearButtonEnabled(true);
  replaceEdit = new QLineEdit(this);
  replaceEdit->setObjectName("replaceText");
  replaceEdit->setPlaceholderText(tr("Replace with"));
  auto toggle = [this](const QString &text, const QString &tip, const char *name) {
    auto *b = new QToolButton(this);
    b->setText(text);
    b->setToolTip(tip);
    b->setObjectName(QLatin1String(name));
    b->setCheckable(true);
    b->setAutoRaise(true);
    connect(b, &QToolButton::toggled, this, [this] {
      if (isVisible())
        updateCount();
    });
    return b;
  };
  caseButton = toggle(QStringLiteral("Aa"), tr("Match case"), "matchCase");
  wordButton = toggle(QStringLiteral("W"), tr("Whole words"), "wholeWords");
  regexButton = toggle(QStringLiteral(".*"), tr("Regular expression"), "regex");
  status = new QLabel(this);
  status->setObjectName("matchCount");
  // The count may be cut rather than widen the bar.
  status->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Preferred);
  status->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("888 of 888")));

  auto button = [this](const QString &text, const QString &tip, auto slot) {
    auto *b = new QToolButton(this);
    b->setText(text);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    connect(b, &QToolButton::clicked, this, slot);
    return b;
  };
  auto *layout = new QGridLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->setHorizontalSpacing(2);
  layout->setVerticalSpacing(2);
  layout->addWidget(findEdit, 0, 0);
  layout->addWidget(button(tr("↑"), tr("Previous match (Shift+Enter, Shift+F3)"),
                           [this] { findNext(true); }),
                    0, 1);
  layout->addWidget(button(tr("↓"), tr("Next match (Enter, F3)"),
                           [this] { findNext(false); }),
                    0, 2);
  layout->addWidget(caseButton, 0, 3);
  layout->addWidget(wordButton, 0, 4);
  layout->addWidget(regexButton, 0, 5);
  layout->addWidget(status, 0, 6);
  layout->addWidget(button(tr("✕"), tr("Close (Escape)"),
                           [this] {
                             hide();
                             target->setFocus();
                           }),
                    0, 7);
  layout->setColumnStretch(0, 3);
  layout->setColumnStretch(6, 1);
  findEdit->setMinimumWidth(fontMetrics().averageCharWidth() * 8);

  replaceRow = new QWidget(this);
  auto *replaceLayout = new QHBoxLayout(replaceRow);
  replaceLayout->setContentsMargins(0, 0, 0, 0);
  replaceLayout->addWidget(replaceEdit, 1);
  replaceLayout->addWidget(button(tr("Replace"), tr("Replace this match (Enter)"),
                                  [this] { replaceCurrent(); }));
  replaceLayout->addWidget(button(tr("All"), tr("Replace every match"),
                                  [this] { replaceAll(); }));
  layout->addWidget(replaceRow, 1, 0, 1, 8);
  replaceRow->hide();

  findEdit->installEventFilter(this);
  replaceEdit->installEventFilter(this);
  connect(findEdit, &QLineEdit::textEdited, this, [this] {
    // Incremental: search again from the start of the current match.
    int line = 0, index = 0, endLine = 0, endIndex = 0;
    target->getSelection(&line, &index, &endLine, &endIndex);
    if (line < 0)
      target->getCursorPosition(&line, &index);
    target->setCursorPosition(line, index);
    findNext(false);
  });
  hide();
}

QSize FindBar::minimumSizeHint() const {
  // Never more than what the editor itself needs: the bar must not widen
  // the central area (and so narrow the docks) when it opens.
  QSize hint = QWidget::minimumSizeHint();
  hint.setWidth(std::min(hint.width(), fontMetrics().averageCharWidth() * 30));
  return hint;
}

void FindBar::setEditor(QsciScintilla *editor) {
  if (editor == target)
    return;
  target = editor;
  setFound(true);
}

void FindBar::setReplaceAllowed(bool allowed) {
  replaceAllowed = allowed;
  if (!allowed)
    replaceRow->hide();
}

void FindBar::open(bool replace) {
  if (target->hasSelectedText() && !target->selectedText().contains('\n'))
    findEdit->setText(target->selectedText());
  replaceRow->setVisible(replace && replaceAllowed);
  show();
  // The field that is focused is the one whose text is selected, so typing
  // replaces the search text (as in Qt Creator and VS Code).
  findEdit->setFocus(Qt::ShortcutFocusReason);
  findEdit->selectAll();
  updateCount();
}

int FindBar::searchFlags() const {
  int flags = 0;
  if (caseButton->isChecked())
    flags |= SB::SCFIND_MATCHCASE;
  if (wordButton->isChecked())
    flags |= SB::SCFIND_WHOLEWORD;
  if (regexButton->isChecked())
    flags |= SB::SCFIND_REGEXP | SB::SCFIND_CXX11REGEX;
  return flags;
}

FindBar::Count FindBar::countMatches() const {
  Count c;
  const QByteArray needle = findEdit->text().toUtf8();
  if (needle.isEmpty())
    return c;
  // Scintilla's own search (the same flags as findFirst) over the whole
  // document, through the target so the selection is left alone.
  const long length = target->SendScintilla(SB::SCI_GETLENGTH);
  const long selStart = target->SendScintilla(SB::SCI_GETSELECTIONSTART);
  const long selEnd = target->SendScintilla(SB::SCI_GETSELECTIONEND);
  const long oldTargetStart = target->SendScintilla(SB::SCI_GETTARGETSTART);
  const long oldTargetEnd = target->SendScintilla(SB::SCI_GETTARGETEND);
  target->SendScintilla(SB::SCI_SETSEARCHFLAGS, (unsigned long)searchFlags());
  long from = 0;
  while (from <= length && c.total < kMaxCount) {
    target->SendScintilla(SB::SCI_SETTARGETRANGE, (unsigned long)from, length);
    const long at = target->SendScintilla(SB::SCI_SEARCHINTARGET,
                                            (unsigned long)needle.size(), needle.constData());
    if (at < 0)
      break;
    const long end = target->SendScintilla(SB::SCI_GETTARGETEND);
    ++c.total;
    if (at == selStart && end == selEnd && selEnd > selStart)
      c.current = c.total;
    from = end > at ? end : at + 1; // an empty match must still advance
  }
  target->SendScintilla(SB::SCI_SETTARGETRANGE, (unsigned long)oldTargetStart,
                          oldTargetEnd);
  return c;
}

void FindBar::updateCount() {
  if (findEdit->text().isEmpty()) {
    status->clear();
    return;
  }
  status->setText(countText(countMatches()));
}

QString FindBar::countText(const Count &c) {
  const QString total = c.total >= kMaxCount ? QStringLiteral("%1+").arg(formatCount(kMaxCount))
                                             : formatCount(uint64_t(c.total));
  if (c.total == 0)
    return tr("no matches");
  if (c.current > 0)
    return tr("%1 of %2").arg(formatCount(uint64_t(c.current)), total);
  return c.total == 1 ? tr("1 match") : tr("%1 matches").arg(total);
}

bool FindBar::findNext(bool backwards) {
  QString text = findEdit->text();
  if (text.isEmpty()) {
    setFound(true);
    status->clear();
    return false;
  }
  int line = 0, index = 0, endLine = 0, endIndex = 0;
  if (backwards && target->hasSelectedText())
    target->getSelection(&line, &index, &endLine, &endIndex);
  else
    target->getCursorPosition(&line, &index);
  bool found = target->findFirst(text, regexButton->isChecked(), caseButton->isChecked(),
                                   wordButton->isChecked(),
                                   /*wrap=*/true, !backwards, line, index);
  setFound(found);
  updateCount();
  return found;
}

void FindBar::replaceCurrent() {
  if (!replaceAllowed || target->isReadOnly())
    return;
  // Replace only a selection that is itself a match; otherwise just show
  // the next match, so nothing is replaced unseen.
  if (target->hasSelectedText()) {
    int line = 0, index = 0, endLine = 0, endIndex = 0;
    target->getSelection(&line, &index, &endLine, &endIndex);
    target->setCursorPosition(line, index);
    int foundLine = 0, foundIndex = 0, foundEndLine = 0, foundEndIndex = 0;
    if (findNext(false)) {
      target->getSelection(&foundLine, &foundIndex, &foundEndLine, &foundEndIndex);
      if (foundLine != line || foundIndex != index || foundEndLine != endLine ||
          foundEndIndex != endIndex)
        return;
      target->replace(replaceEdit->text());
    }
  }
  findNext(false);
}

int FindBar::replaceAll() {
  QString text = findEdit->text();
  if (text.isEmpty() || !replaceAllowed || target->isReadOnly())
    return 0;
  int count = 0;
  target->beginUndoAction();
  bool found = target->findFirst(text, regexButton->isChecked(), caseButton->isChecked(),
                                   wordButton->isChecked(),
                                   /*wrap=*/false, true, 0, 0);
  // The bound guards against a pattern that matches the empty string.
  while (found && count < 1000000) {
    target->replace(replaceEdit->text());
    ++count;
    found = target->findNext();
  }
  target->endUndoAction();
  status->setText(tr("%n replaced", nullptr, count));
  return count;
}

void FindBar::setFound(bool found) {
  findEdit->setStyleSheet(found ? QString()
                              : QStringLiteral("QLineEdit { background: #f4c7c3; color: black; }"));
}

bool FindBar::eventFilter(QObject *watched, QEvent *event) {
  if (event->type() == QEvent::KeyPress) {
    auto *key = static_cast<QKeyEvent *>(event);
    if (key->key() == Qt::Key_Escape) {
      hide();
      target->setFocus();
      return true;
    }
    if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
      if (watched == replaceEdit)
        replaceCurrent();
      else
        findNext(key->modifiers() & Qt::ShiftModifier);
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}
