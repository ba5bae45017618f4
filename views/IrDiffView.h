//===- IrDiffView.h - two IR texts side by side, diffed ---------*- C++ -*-===//
//
// Two read-only QScintilla panes ("leftIrPane", "rightIrPane") under their
// titles ("leftIrTitle", "rightIrTitle"), lines marked from a LineDiff
// (removed: red on the left, added: green on the right, changed: amber on
// both, the differing words boxed by an indicator), vertical scrolling
// synchronised line by line. setInlineDiff(true) switches to one unified
// pane ("inlineIrPane", title "inlineIrTitle") with "- "/"+ "/"  " lines.
//
// Above the panes: previous / next change (Shift+F7 / F7; they wrap around
// and select the first changed word, so a change far to the right scrolls
// into view), the change count ("change 2 of 7"), "Ignore whitespace"
// (default on: re-indented lines are aligned and not marked) and "Wrap
// lines". setStale() greys the panes and shows a note above them. A find
// bar ("irFindBar") searches the pane that has the focus (openFind()).
// Each pane is an IrPane (KTIR colours, context menu with Copy Snapshot and
// Save Snapshot As…).
//
// Source mapping: setSourceMaps() gives, for each IR line of each side, the
// 1-based KTIR source line or 0 (PassSnapshot::sourceLines);
// highlightSourceLine() marks the IR lines of a source line; clicking an IR
// line that maps to a source line emits irLineClicked().
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_IRDIFFVIEW_H
#define SPYRE_VIEWS_IRDIFFVIEW_H

#include "IrPane.h"
#include "models/LineDiff.h"

#include <QVector>
#include <QWidget>

#include <vector>

class FindBar;
class IrPane;
class QAction;
class QCheckBox;
class QLabel;
class QStackedWidget;
class QsciScintilla;

class IrDiffView : public QWidget {
  Q_OBJECT

public:
  /// QScintilla marker numbers used (markersAtLine() bits are 1 << n).
  /// IrPane's markers: removed, added, changed, and the source-line arrow
  /// and underline of highlightSourceLine().
  static constexpr int RemovedMarker = IrPane::RemovedMarker;
  static constexpr int AddedMarker = IrPane::AddedMarker;
  static constexpr int ChangedMarker = IrPane::ChangedMarker;
  static constexpr int SourceLineMarker = IrPane::SourceLineMarker;
  static constexpr int SourceLineBackMarker = IrPane::SourceLineBackMarker;
  /// QScintilla indicator boxing the changed words (IrPane's).
  static constexpr int ChangedWordIndicator = IrPane::ChangedWordIndicator;

  explicit IrDiffView(QWidget *parent = nullptr);
  ~IrDiffView() override;

  /// Diffs and shows the texts (side by side and in the inline pane); clears
  /// the highlightSourceLine() marks; the source maps are kept.
  void setTexts(const QString &left, const QString &right, const QString &leftTitle,
                const QString &rightTitle);
  void setSourceMaps(std::vector<int> left, std::vector<int> right);
  /// The passes whose snapshots the panes show (the inline pane: the
  /// right one's), for their Run This Snapshot.
  void setSnapshotPasses(const QString &left, const QString &right);
  void setInlineDiff(bool on);
  bool isInlineDiff() const { return inlineShown; }
  /// Light or dark paper, text, margins and diff colours for every pane.
  void setDarkTheme(bool dark);
  bool isDarkTheme() const { return darkTheme; }
  /// A non-empty note greys every pane and shows the note above them (the
  /// IR is not the current kernel's); an empty one makes them current.
  void setStale(const QString &note);
  bool isStale() const { return stale; }
  /// Whether whitespace-only differences are ignored (default: yes).
  void setIgnoreWhitespace(bool on);
  bool ignoresWhitespace() const { return ignoringWhitespace; }
  /// Whether lines differing only in SSA value / block numbers count as
  /// the same (default: no).
  void setIgnoreValueNumbering(bool on);
  bool ignoresValueNumbering() const { return ignoringNumbering; }
  void setWrapLines(bool on);
  bool wrapLines() const;
  /// QScintilla zoom (points added to the font size) of every pane.
  void setZoom(int zoom);
  /// Shows the change with this index (wrapping around; see hunks()).
  void goToChange(int index);
  int currentChange() const { return currentHunk; }
  QAction *nextChangeAction() const { return nextChange; }
  QAction *previousChangeAction() const { return prevChange; }
  QLabel *changeCountLabel() const { return changeCount; }
  /// Opens the find bar on `pane` (nullptr: the right or inline pane).
  void openFind(QsciScintilla *pane = nullptr);
  FindBar *findBar() const { return finder; }
  /// The pane with the keyboard focus, or nullptr.
  QsciScintilla *focusedPane() const;
  /// Marks the IR lines i with leftMap[i] == line (left pane) and
  /// rightMap[i] == line (right pane), and in the inline pane the lines
  /// coming from those; line <= 0 clears the marks. Scrolls the first
  /// marked line into view.
  void highlightSourceLine(int line, const std::vector<int> &leftMap,
                           const std::vector<int> &rightMap);

  /// Scrolls each pane to show its line (0-based; -1: leave it) without
  /// the synchronised scrolling dragging the other pane along.
  void revealLines(int leftLine, int rightLine);
  QsciScintilla *leftPane() const { return leftIr; }
  QsciScintilla *rightPane() const { return rightIr; }
  QsciScintilla *inlinePane() const { return inlineIr; }
  QLabel *leftTitle() const { return leftTitleLabel; }
  QLabel *rightTitle() const { return rightTitleLabel; }
  const LineDiff &diff() const { return lineDiff; }

  /// 0-based lines, from the current diff.
  QVector<int> changedLinesLeft() const;
  QVector<int> changedLinesRight() const;
  QVector<int> removedLines() const; ///< left pane
  QVector<int> addedLines() const;   ///< right pane
  /// 0-based lines currently carrying the source-line mark.
  QVector<int> sourceHighlightedLinesLeft() const;
  QVector<int> sourceHighlightedLinesRight() const;
  QVector<int> sourceHighlightedLinesInline() const;

  /// The first visible (document) line of a pane.
  static int firstVisibleLine(QsciScintilla *pane);
  /// Scrolls a pane so that `line` is the first visible line.
  static void scrollToLine(QsciScintilla *pane, int line);

Q_SIGNALS:
  /// The user clicked an IR line that maps to this 1-based source line.
  void irLineClicked(int sourceLine);
  /// A pane's Run This Snapshot, for the snapshot of `pass`.
  void runSnapshotRequested(const QString &pass);

protected:
  bool eventFilter(QObject *watched, QEvent *event) override;

private:
  IrPane *makePane(const char *objectName);
  void rediff();
  LineDiff::Options diffOptions() const;
  void updateChangeCount();
  void applyDiffMarks();
  void applyInline();
  void syncFrom(QsciScintilla *pane);
  void syncHorizontalFrom(QsciScintilla *pane);
  void paneLineClicked(QsciScintilla *pane, int line);
  static void markWords(QsciScintilla *pane, int line, const QString &text,
                        const QVector<LineDiff::Range> &ranges, int offset);
  static QVector<int> linesWithMarker(QsciScintilla *pane, int marker);

  QStackedWidget *stack = nullptr;
  QLabel *leftTitleLabel = nullptr, *rightTitleLabel = nullptr, *inlineTitleLabel = nullptr;
  IrPane *leftIr = nullptr, *rightIr = nullptr, *inlineIr = nullptr;
  QLabel *staleBanner = nullptr, *changeCount = nullptr;
  QAction *prevChange = nullptr, *nextChange = nullptr;
  QCheckBox *ignoreWhitespaceBox = nullptr, *wrapBox = nullptr;
  QCheckBox *ignoreNumberingBox = nullptr;
  FindBar *finder = nullptr;
  QString leftText, rightText;
  bool ignoringWhitespace = true;
  bool ignoringNumbering = false;
  bool stale = false;
  int currentHunk = -1;
  LineDiff lineDiff;
  std::vector<int> leftSourceMap, rightSourceMap;
  int highlightedSourceLine = 0;
  bool inlineShown = false;
  bool darkTheme = false;
  bool inlineDirty = true;
  bool syncing = false;
  /// Per side (0 left, 1 right): the first visible line a sync scroll
  /// just set, whose SCN_UPDATEUI echo is to be ignored; -1 when none.
  int expectedTop[2] = {-1, -1};
};

#endif
