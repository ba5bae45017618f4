//===- SnapshotChooser.h - which snapshot an IR pane shows ----*- C++ -*-===//
//
// A combo box above an IR pane. Its first entry follows the pass list
// ("before the selected pass" on the left, "after" on the right); the
// others pin one snapshot ("input", "after <pass>") that stays shown
// whatever pass is selected, and survives recompiles while a pass of that
// name exists.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_SNAPSHOTCHOOSER_H
#define SPYRE_VIEWS_SNAPSHOTCHOOSER_H

#include <QComboBox>
#include <QStringList>

class SnapshotChooser : public QComboBox {
  Q_OBJECT

public:
  enum class Side { Before, After };
  explicit SnapshotChooser(Side side, QWidget *parent = nullptr);

  /// The snapshots' pass names in pipeline order ("input" first). Keeps a
  /// pinned pass if it is still there, otherwise goes back to following.
  void setPasses(const QStringList &passes);
  /// The pinned pass name, or empty when following the selection.
  QString pinnedPass() const;
  /// Pins `pass` (empty: follow); false if there is no such snapshot.
  bool setPinnedPass(const QString &pass);
  /// The snapshot row to show when row `selectedRow` is selected in the
  /// pass list.
  int resolve(int selectedRow) const;
  /// The pane title for that row.
  QString title(int selectedRow) const;

Q_SIGNALS:
  /// The user (or setPinnedPass) changed what this pane shows.
  void choiceChanged();

private:
  Side paneSide;
  QStringList passNames;
  bool rebuilding = false;
};

#endif
