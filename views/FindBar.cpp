//===- FindBar.cpp - find and replace under an editor ---------------------===//

#include "FindBar.h"

#include <Qsci/qsciscintilla.h>

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

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
  m_case = new QCheckBox(tr("&Case"), this);
  m_word = new QCheckBox(tr("&Word"), this);
  m_regex = new QCheckBox(tr("Re&gex"), this);
  m_status = new QLabel(this);

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
  layout->setHorizontalSpacing(4);
  layout->setVerticalSpacing(2);
  layout->addWidget(m_find, 0, 0);
  layout->addWidget(button(tr("↑"), tr("Previous match (Shift+Enter)"),
                           [this] { findNext(true); }),
                    0, 1);
  layout->addWidget(button(tr("↓"), tr("Next match (Enter)"),
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
  m_find->setMinimumWidth(fontMetrics().averageCharWidth() * 24);

  m_replaceRow = new QWidget(this);
  auto *replaceLayout = new QHBoxLayout(m_replaceRow);
  replaceLayout->setContentsMargins(0, 0, 0, 0);
  replaceLayout->addWidget(m_replace, 1);
  replaceLayout->addWidget(button(tr("Replace"), tr("Replace this match"),
                                  [this] { replaceCurrent(); }));
  replaceLayout->addWidget(button(tr("All"), tr("Replace every match"),
                                  [this] { replaceAll(); }));
  layout->addWidget(m_replaceRow, 1, 0, 1, 8);

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

void FindBar::open(bool replace) {
  if (m_editor->hasSelectedText() && !m_editor->selectedText().contains('\n'))
    m_find->setText(m_editor->selectedText());
  m_replaceRow->setVisible(replace);
  show();
  (replace && !m_find->text().isEmpty() ? m_replace : m_find)->setFocus();
  m_find->selectAll();
}

bool FindBar::findNext(bool backwards) {
  QString text = m_find->text();
  if (text.isEmpty()) {
    setFound(true);
    return false;
  }
  int line = 0, index = 0, endLine = 0, endIndex = 0;
  if (backwards && m_editor->hasSelectedText())
    m_editor->getSelection(&line, &index, &endLine, &endIndex);
  else
    m_editor->getCursorPosition(&line, &index);
  bool found = m_editor->findFirst(text, m_regex->isChecked(),
                                   m_case->isChecked(), m_word->isChecked(),
                                   /*wrap=*/true, !backwards, line, index);
  setFound(found);
  return found;
}

void FindBar::replaceCurrent() {
  // Replace only a selection that is itself a match; otherwise just show
  // the next match, so nothing is replaced unseen.
  if (m_editor->hasSelectedText()) {
    int line = 0, index = 0, endLine = 0, endIndex = 0;
    m_editor->getSelection(&line, &index, &endLine, &endIndex);
    m_editor->setCursorPosition(line, index);
    int foundLine = 0, foundIndex = 0, foundEndLine = 0, foundEndIndex = 0;
    if (findNext(false)) {
      m_editor->getSelection(&foundLine, &foundIndex, &foundEndLine,
                             &foundEndIndex);
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
  if (text.isEmpty())
    return 0;
  int count = 0;
  m_editor->beginUndoAction();
  bool found = m_editor->findFirst(text, m_regex->isChecked(),
                                   m_case->isChecked(), m_word->isChecked(),
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
  m_status->setText(found ? QString() : tr("not found"));
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
