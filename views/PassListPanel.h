//===- PassListPanel.h - the Passes dock's contents -------------*- C++ -*-===//
//
// The filter field ("passFilter"), "Hide passes that changed nothing"
// ("hideUnchanged") and the pass table ("passList") over a PassListModel.
//
// The selected pass is kept by name: across recompiles (the model is
// reset), failed compiles, file switches and filtering (a pass hidden by
// the filter stays the one the IR panes show, and is selected again when
// it shows up). Until the user picks one, the default is the last pass
// that changed the IR. selectedPassChanged() fires when the pass to show
// changes or its snapshots were replaced.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_PASSLISTPANEL_H
#define SPYRE_VIEWS_PASSLISTPANEL_H

#include "driver/Compile.h"

#include <QWidget>

#include <vector>

class PassFilterModel;
class PassListModel;
class QCheckBox;
class QLineEdit;
class QTableView;

class PassListPanel : public QWidget {
  Q_OBJECT

public:
  explicit PassListPanel(QWidget *parent = nullptr);

  /// New snapshots; keeps the pass by name (or the default) selected.
  void setSnapshots(std::vector<spyre::driver::PassSnapshot> snapshots);
  /// Greys the rows: the snapshots are the last successful compile's.
  void setStale(bool stale);
  bool isStale() const { return staleRows; }

  /// The pass whose snapshots the IR panes show (the user's choice when it
  /// exists, else the default); empty when there are no snapshots.
  QString shownPass() const;
  /// Its row in the model, or -1.
  int shownRow() const;
  /// Selects `name` as the user's choice; false if there is no such pass.
  bool selectPass(const QString &name);
  /// Remembers `name` as the user's choice even before a compile lists it.
  void setWantedPass(const QString &name) { wanted = name; }
  /// The last pass that changed the IR (or the last pass).
  QString defaultPass() const;
  QStringList passNames() const;

  PassListModel *model() const { return listModel; }
  PassFilterModel *filterModel() const { return proxy; }
  QTableView *view() const { return table; }
  QLineEdit *filterField() const { return filterEdit; }

  QSize sizeHint() const override;
  /// The width that shows every column whole (time and Δ included).
  int fullWidth() const;
  QSize minimumSizeHint() const override;

Q_SIGNALS:
  void selectedPassChanged(const QString &pass);

protected:
  void resizeEvent(QResizeEvent *event) override;
  bool eventFilter(QObject *watched, QEvent *event) override;

private:
  void onCurrentRowChanged();
  /// Makes the table's current row the shown pass's (or none) quietly.
  void syncCurrentRow();
  /// Scrolls the selected pass into view once the table has its size
  /// (after a resize, or rows that came with another kernel).
  void showCurrentRowLater();
  int passColumnWidth() const;
  int stageColumnWidth() const;
  int namedTableWidth() const;
  int fullTableWidth() const;
  /// Every column at its full width does not fit: the time and changed
  /// columns are hidden, and narrower still the stage is a swatch (the
  /// tooltip says all).
  void fitColumns();
  /// The Out column's width: its header's or its marks', the wider.
  int outputColumnWidth() const;

  PassListModel *listModel = nullptr;
  PassFilterModel *proxy = nullptr;
  QTableView *table = nullptr;
  QLineEdit *filterEdit = nullptr;
  QCheckBox *hideUnchangedBox = nullptr;
  QString wanted;
  bool restoring = false;
  bool staleRows = false;
};

#endif
