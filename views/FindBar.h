//===- FindBar.h - find and replace under an editor -------------*- C++ -*-===//
//
// A non-modal bar ("findBar") under a QScintilla editor: the text to find
// ("findText"), its replacement ("replaceText"), case / whole-word /
// regular-expression toggles, next, previous, replace and replace all.
// Enter finds the next match, Shift+Enter the previous one, Escape closes
// the bar and gives the focus back to the editor. Searches wrap.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_FINDBAR_H
#define SPYRE_VIEWS_FINDBAR_H

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QsciScintilla;

class FindBar : public QWidget {
  Q_OBJECT

public:
  explicit FindBar(QsciScintilla *editor, QWidget *parent = nullptr);

  /// Shows the bar with the editor's selection (if on one line) as the
  /// text to find, and focuses it; with `replace` the replace field too.
  void open(bool replace);
  /// Finds the next (or previous) match; false and a red field if none.
  bool findNext(bool backwards = false);
  /// Replaces the current match, if the selection is one, and finds the
  /// next.
  void replaceCurrent();
  /// Replaces every match as one undoable step; returns how many.
  int replaceAll();

  QLineEdit *findField() const { return m_find; }
  QLineEdit *replaceField() const { return m_replace; }

protected:
  bool eventFilter(QObject *watched, QEvent *event) override;

private:
  void setFound(bool found);

  QsciScintilla *m_editor;
  QLineEdit *m_find, *m_replace;
  QCheckBox *m_case, *m_word, *m_regex;
  QLabel *m_status;
  QWidget *m_replaceRow;
};

#endif
