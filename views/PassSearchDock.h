//===- PassSearchDock.h - which pass introduced this op? --------*- C++ -*-===//
//
// The Search passes dock ("passSearchDock"): type an op name or any text
// ("passSearch") and the list ("passSearchResults") names every pass after
// which the text occurs a different number of times than before it
// ("vectorize-held-tiles: 0 → 3"), in pipeline order; the first is chosen
// (passChosen), and clicking another chooses it. The counting is a pure
// function (changes()) over the compile's snapshots.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_PASSSEARCHDOCK_H
#define SPYRE_VIEWS_PASSSEARCHDOCK_H

#include "driver/Compile.h"

#include <QDockWidget>
#include <QTimer>

#include <vector>

class QLabel;
class QLineEdit;
class QListWidget;

class PassSearchDock : public QDockWidget {
  Q_OBJECT

public:
  /// One pass after which the count changed.
  struct Change {
    int row = 0; ///< the snapshot's index
    QString pass;
    int before = 0, after = 0;
  };

  explicit PassSearchDock(QWidget *parent = nullptr);

  /// The compile's snapshots (searched again with the text typed).
  void setSnapshots(const std::vector<spyre::driver::PassSnapshot> *snapshots);
  /// Searches for `text` at once (what typing does after a pause).
  void search(const QString &text);
  /// Focuses the field with its text selected.
  void focusField();
  QLineEdit *field() const { return queryEdit; }
  QListWidget *results() const { return resultList; }
  const std::vector<Change> &changes() const { return found; }

  /// Occurrences of `text` in the code of `ir` (codeOf()): whole words
  /// when `text` starts and ends with word characters (so "arith.addf" is
  /// not counted in "arith.addfx"), else plain substrings.
  static int count(const QString &ir, const QString &text);
  /// `ir` without what is not code: `//` comments (outside strings) and
  /// the SpyreCode listing's line table ("location #21 line 81 dflow 33
  /// "dflow.dma"), which name the DataflowIR ops the code came from.
  static QString codeOf(const QString &ir);
  /// The passes after which `text`'s count differs from before them.
  static std::vector<Change> changes(const std::vector<spyre::driver::PassSnapshot> &snapshots,
                                     const QString &text);

Q_SIGNALS:
  /// The user (or a new search, its first result) chose this pass.
  void passChosen(const QString &pass);

private:
  void refresh(bool chooseFirst);

  QLineEdit *queryEdit = nullptr;
  QListWidget *resultList = nullptr;
  QLabel *summary = nullptr;
  QTimer typing;
  const std::vector<spyre::driver::PassSnapshot> *searchedSnapshots = nullptr;
  std::vector<Change> found;
  QString searched;
};

#endif
