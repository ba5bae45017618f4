//===- RunNoteBar.h - a note over a run's view, with one action -*- C++ -*-===//
//
// A strip shown above the Timeline, the Scratchpad chart and the Run
// summary when what they show needs a word: the run is of an older text
// or another target ("Shown: the run of the kernel 3 edits ago" [Re-run]),
// or the newest run failed ("no value given for argument %n" [Give %n a
// value…]). Hidden while it has no note. Warnings are amber, errors red.
// The button emits activated(); what it does is the app's business.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_RUNNOTEBAR_H
#define SPYRE_VIEWS_RUNNOTEBAR_H

#include <QFrame>

class ElidedLabel;
class QToolButton;

class RunNoteBar : public QFrame {
  Q_OBJECT

public:
  enum class Kind { Stale, Error };

  explicit RunNoteBar(QWidget *parent = nullptr);

  /// Shows `text` with a button labelled `action` (none when empty);
  /// an empty text hides the bar.
  void setNote(const QString &text, const QString &action = QString(),
               Kind kind = Kind::Stale);
  void clear() { setNote(QString()); }
  QString text() const;
  QString actionText() const;
  Kind kind() const { return noteKind; }
  bool hasNote() const { return !text().isEmpty(); }
  QToolButton *button() const { return actionButton; }

Q_SIGNALS:
  void activated();

protected:
  void changeEvent(QEvent *event) override;

private:
  void restyle();

  ElidedLabel *label = nullptr;
  QToolButton *actionButton = nullptr;
  Kind noteKind = Kind::Stale;
};

#endif
