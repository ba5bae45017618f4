//===- FindBar.h - find and replace under an editor -------------*- C++ -*-===//
//
// A non-modal bar ("findBar") under a QScintilla editor: the text to find
// ("findText"), its replacement ("replaceText"), case / whole-word /
// regular-expression toggles ("Aa", "W", ".*"), next, previous, replace and
// replace all, and the match count ("matchCount": "3 of 12"). Enter finds
// the next match, Shift+Enter the previous one, Escape closes the bar and
// gives the focus back to the editor. Searches wrap. The bar asks for
// little width (narrow toggles, a count that may be cut), so opening it
// never makes the window's docks narrower. setEditor() points it at
// another editor (the IR panes share one bar); setReplaceAllowed(false)
// makes it find-only (read-only panes).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_FINDBAR_H
#define SPYRE_VIEWS_FINDBAR_H

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;
class QsciScintilla;

class FindBar : public QWidget {
  Q_OBJECT

public:
  explicit FindBar(QsciScintilla *editor, QWidget *parent = nullptr);

  void setEditor(QsciScintilla *editor);
  QsciScintilla *editor() const { return target; }
  void setReplaceAllowed(bool allowed);

  /// Shows the bar with the editor's selection (if on one line) as the
  /// text to find; the find field gets the focus with its text selected
  /// (with `replace`, the replace row shows too).
  void open(bool replace);
  /// Finds the next (or previous) match; false and a red field if none.
  bool findNext(bool backwards = false);
  /// Replaces the current match, if the selection is one, and finds the
  /// next.
  void replaceCurrent();
  /// Replaces every match as one undoable step; returns how many.
  int replaceAll();
  /// Matches of the find text in the whole editor (at most kMaxCount), and
  /// the 1-based index of the one selected now (0 when none is).
  struct Count {
    int total = 0;
    int current = 0;
  };
  Count countMatches() const;
  /// What the bar says of `c`: "no matches", "1 match", "3 of 1,204",
  /// "10,000+ matches" (counting stops there).
  static QString countText(const Count &c);
  /// Counts again: the editor's text changed under the bar (another pass
  /// shown in the same pane).
  void refreshCount() { updateCount(); }
  static constexpr int kMaxCount = 10000;

  QLineEdit *findField() const { return findEdit; }
  QLineEdit *replaceField() const { return replaceEdit; }
  QLabel *statusLabel() const { return status; }

  QSize minimumSizeHint() const override;

protected:
  bool eventFilter(QObject *watched, QEvent *event) override;

private:
  void setFound(bool found);
  void updateCount();
  int searchFlags() const;

  QsciScintilla *target;
  QLineEdit *findEdit, *replaceEdit;
  QToolButton *caseButton, *wordButton, *regexButton;
  QLabel *status;
  QWidget *replaceRow;
  bool replaceAllowed = true;
};

#endif
