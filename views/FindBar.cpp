//===- FindBar.cpp - find and replace under an editor ---------------------===//

#include "FindBar.h"

#include <Qsci/qsciscintilla.h>

#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

using SB = QsciScintillaBase;

FindBar::FindBar(QsciScintilla *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor) {
  setObjectName("findBar");
  m_find = new QLineEdit(this);
  m_find->setObjectName("findText");
  m_find->setPlaceholderText(tr("Find"));
  m_find->setClearButtonEnabled(true);
  m_replace = new QLineEdit(this);
  m_replace->setObjectName("replaceText");
  m_replace->setPlaceholderText(tr("Replace with"));
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
  m_case = toggle(QStringLiteral("Aa"), tr("Match case"), "matchCase");
  m_word = toggle(QStringLiteral("W"), tr("Whole words"), "wholeWords");
  m_regex = toggle(QStringLiteral(".*"), tr("Regular expression"), "regex");
  m_status = new QLabel(this);
  m_status->setObjectName("matchCount");
  // The count may be cut rather than widen the bar.
  m_status->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Preferred);
  m_status->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("888 of 888")));

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
  layout->addWidget(m_find, 0, 0);
  layout->addWidget(button(tr("↑"), tr("Previous match (Shift+Enter, Shift+F3)"),
                           [this] { findNext(true); }),
                    0, 1);
  layout->addWidget(button(tr("↓"), tr("Next match (Enter, F3)"),
                           [this] { findNext(false); }),
                    0, 2);
  layout->addWidget(m_case, 0, 3);
  layout->addWidget(m_word, 0, 4);
  layout->addWidget(m_regex, 0, 5);
  layout->addWidget(m_status, 0, 6);
  layout->addWidget(button(tr("✕"), tr("Close (Escape)"),
                           [this] {
                             hide();
                             m_editor->setFocus();
                           }),
                    0, 7);
  layout->setColumnStretch(0, 3);
  layout->setColumnStretch(6, 1);
  m_find->setMinimumWidth(fontMetrics().averageCharWidth() * 8);

  m_replaceRow = new QWidget(this);
  auto *replaceLayout = new QHBoxLayout(m_replaceRow);
  replaceLayout->setContentsMargins(0, 0, 0, 0);
  replaceLayout->addWidget(m_replace, 1);
  replaceLayout->addWidget(button(tr("Replace"), tr("Replace this match (Enter)"),
                                  [this] { replaceCurrent(); }));
  replaceLayout->addWidget(button(tr("All"), tr("Replace every match"),
                                  [this] { replaceAll(); }));
  layout->addWidget(m_replaceRow, 1, 0, 1, 8);
  m_replaceRow->hide();

  m_find->installEventFilter(this);
  m_replace->installEventFilter(this);
  connect(m_find, &QLineEdit::textEdited, this, [this] {
    // Incremental: search again from the start of the current match.
    int line = 0, index = 0, endLine = 0, endIndex = 0;
    m_editor->getSelection(&line, &index, &endLine, &endIndex);
    if (line < 0)
      m_editor->getCursorPosition(&line, &index);
    m_editor->setCursorPosition(line, index);
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
  if (editor == m_editor)
    return;
  m_editor = editor;
  setFound(true);
}

void FindBar::setReplaceAllowed(bool allowed) {
  m_replaceAllowed = allowed;
  if (!allowed)
    m_replaceRow->hide();
}

void FindBar::open(bool replace) {
  if (m_editor->hasSelectedText() && !m_editor->selectedText().contains('\n'))
    m_find->setText(m_editor->selectedText());
  m_replaceRow->setVisible(replace && m_replaceAllowed);
  show();
  // The field that is focused is the one whose text is selected, so typing
  // replaces the search text (as in Qt Creator and VS Code).
  m_find->setFocus(Qt::ShortcutFocusReason);
  m_find->selectAll();
  updateCount();
}

int FindBar::searchFlags() const {
  int flags = 0;
  if (m_case->isChecked())
    flags |= SB::SCFIND_MATCHCASE;
  if (m_word->isChecked())
    flags |= SB::SCFIND_WHOLEWORD;
  if (m_regex->isChecked())
    flags |= SB::SCFIND_REGEXP | SB::SCFIND_CXX11REGEX;
  return flags;
}

FindBar::Count FindBar::countMatches() const {
  Count c;
  const QByteArray needle = m_find->text().toUtf8();
  if (needle.isEmpty())
    return c;
  // Scintilla's own search (the same flags as findFirst) over the whole
  // document, through the target so the selection is left alone.
  const long length = m_editor->SendScintilla(SB::SCI_GETLENGTH);
  const long selStart = m_editor->SendScintilla(SB::SCI_GETSELECTIONSTART);
  const long selEnd = m_editor->SendScintilla(SB::SCI_GETSELECTIONEND);
  const long oldTargetStart = m_editor->SendScintilla(SB::SCI_GETTARGETSTART);
  const long oldTargetEnd = m_editor->SendScintilla(SB::SCI_GETTARGETEND);
  m_editor->SendScintilla(SB::SCI_SETSEARCHFLAGS, (unsigned long)searchFlags());
  long from = 0;
  while (from <= length && c.total < kMaxCount) {
    m_editor->SendScintilla(SB::SCI_SETTARGETRANGE, (unsigned long)from, length);
    const long at = m_editor->SendScintilla(SB::SCI_SEARCHINTARGET,
                                            (unsigned long)needle.size(), needle.constData());
    if (at < 0)
      break;
    const long end = m_editor->SendScintilla(SB::SCI_GETTARGETEND);
    ++c.total;
    if (at == selStart && end == selEnd && selEnd > selStart)
      c.current = c.total;
    from = end > at ? end : at + 1; // an empty match must still advance
  }
  m_editor->SendScintilla(SB::SCI_SETTARGETRANGE, (unsigned long)oldTargetStart,
                          oldTargetEnd);
  return c;
}

void FindBar::updateCount() {
  if (m_find->text().isEmpty()) {
    m_status->clear();
    return;
  }
  const Count c = countMatches();
  const QString total =
      c.total >= kMaxCount ? QStringLiteral("%1+").arg(kMaxCount) : QString::number(c.total);
  if (c.total == 0)
    m_status->setText(tr("no matches"));
  else if (c.current > 0)
    m_status->setText(tr("%1 of %2").arg(c.current).arg(total));
  else
    m_status->setText(tr("%1 matches").arg(total));
}

bool FindBar::findNext(bool backwards) {
  QString text = m_find->text();
  if (text.isEmpty()) {
    setFound(true);
    m_status->clear();
    return false;
  }
  int line = 0, index = 0, endLine = 0, endIndex = 0;
  if (backwards && m_editor->hasSelectedText())
    m_editor->getSelection(&line, &index, &endLine, &endIndex);
  else
    m_editor->getCursorPosition(&line, &index);
  bool found = m_editor->findFirst(text, m_regex->isChecked(), m_case->isChecked(),
                                   m_word->isChecked(),
                                   /*wrap=*/true, !backwards, line, index);
  setFound(found);
  updateCount();
  return found;
}

void FindBar::replaceCurrent() {
  if (!m_replaceAllowed || m_editor->isReadOnly())
    return;
  // Replace only a selection that is itself a match; otherwise just show
  // the next match, so nothing is replaced unseen.
  if (m_editor->hasSelectedText()) {
    int line = 0, index = 0, endLine = 0, endIndex = 0;
    m_editor->getSelection(&line, &index, &endLine, &endIndex);
    m_editor->setCursorPosition(line, index);
    int foundLine = 0, foundIndex = 0, foundEndLine = 0, foundEndIndex = 0;
    if (findNext(false)) {
      m_editor->getSelection(&foundLine, &foundIndex, &foundEndLine, &foundEndIndex);
      if (foundLine != line || foundIndex != index || foundEndLine != endLine ||
          foundEndIndex != endIndex)
        return;
      m_editor->replace(m_replace->text());
    }
  }
  findNext(false);
}

int FindBar::replaceAll() {
  QString text = m_find->text();
  if (text.isEmpty() || !m_replaceAllowed || m_editor->isReadOnly())
    return 0;
  int count = 0;
  m_editor->beginUndoAction();
  bool found = m_editor->findFirst(text, m_regex->isChecked(), m_case->isChecked(),
                                   m_word->isChecked(),
                                   /*wrap=*/false, true, 0, 0);
  // The bound guards against a pattern that matches the empty string.
  while (found && count < 1000000) {
    m_editor->replace(m_replace->text());
    ++count;
    found = m_editor->findNext();
  }
  m_editor->endUndoAction();
  m_status->setText(tr("%n replaced", nullptr, count));
  return count;
}

void FindBar::setFound(bool found) {
  m_find->setStyleSheet(found ? QString()
                              : QStringLiteral("QLineEdit { background: #f4c7c3; color: black; }"));
}

bool FindBar::eventFilter(QObject *watched, QEvent *event) {
  if (event->type() == QEvent::KeyPress) {
    auto *key = static_cast<QKeyEvent *>(event);
    if (key->key() == Qt::Key_Escape) {
      hide();
      m_editor->setFocus();
      return true;
    }
    if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
      if (watched == m_replace)
        replaceCurrent();
      else
        findNext(key->modifiers() & Qt::ShiftModifier);
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}
