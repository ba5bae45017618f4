//===- IrPane.h - one read-only IR snapshot pane ----------------*- C++ -*-===//
//
// A read-only QScintilla pane for IR text: the KTIR lexer's colours (both
// themes; muted grey for IR that is not current), line numbers, a margin
// for the source-line arrow, the diff markers and the changed-word
// indicator IrDiffView uses, and a context menu: Copy, Copy Snapshot, Save
// Snapshot As…, Run This Snapshot (runSnapshotRequested(), when a pass's
// snapshot is shown), Find… (findRequested()).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_IRPANE_H
#define SPYRE_VIEWS_IRPANE_H

#include <Qsci/qsciscintilla.h>

class KtirLexer;

class IrPane : public QsciScintilla {
  Q_OBJECT

public:
  /// Marker numbers (markersAtLine() bits are 1 << n).
  enum Marker {
    RemovedMarker = 0,
    AddedMarker = 1,
    ChangedMarker = 2,
    SourceLineMarker = 3,     ///< margin arrow
    SourceLineBackMarker = 4, ///< underline
    ExecutionMarker = 5,      ///< the instruction a stepped run is at
  };
  /// The indicator boxing changed words.
  static constexpr int ChangedWordIndicator = 8;

  explicit IrPane(const QString &objectName, QWidget *parent = nullptr);
  ~IrPane() override;

  KtirLexer *ktirLexer() const { return kernelLexer; }
  void setDarkTheme(bool dark);
  bool isDarkTheme() const { return darkTheme; }
  /// Grey text on grey paper: the IR shown is not the current kernel's.
  void setMuted(bool muted);
  bool isMuted() const;

  /// The name Save Snapshot As… proposes ("after-lower-to-dataflow.mlir").
  void setSnapshotName(const QString &name) { pinnedName = name; }
  QString snapshotName() const { return pinnedName; }
  /// The pass whose snapshot the pane shows (Run This Snapshot runs it);
  /// empty: nothing to run.
  void setSnapshotPass(const QString &pass) { pinnedPass = pass; }
  QString snapshotPass() const { return pinnedPass; }
  /// Writes the pane's whole text; false with `error` set on failure.
  bool saveSnapshot(const QString &path, QString *error) const;
  /// Puts the pane's whole text on the clipboard.
  void copySnapshot() const;
  /// The context menu (built fresh; the caller owns it). Its actions have
  /// object names: copyAction, copySnapshotAction, saveSnapshotAction,
  /// runSnapshotAction, findAction.
  QMenu *createContextMenu(QWidget *parent);
  /// The horizontal scroll (SCI_SETXOFFSET, pixels) that shows bytes
  /// [from, to) of `line`: 0 when they fit with the line shown from its
  /// start, else only as far right as their end needs (never past their
  /// start). 0 when lines wrap.
  int xOffsetShowing(int line, int from, int to) const;

Q_SIGNALS:
  void findRequested();
  /// Run This Snapshot: execute the snapshot of `pass` on the run's inputs.
  void runSnapshotRequested(const QString &pass);

protected:
  void contextMenuEvent(QContextMenuEvent *event) override;

private:
  void applyTheme();

  KtirLexer *kernelLexer = nullptr;
  bool darkTheme = false;
  QString pinnedName;
  QString pinnedPass;
};

#endif
