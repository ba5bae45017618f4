//===- PassFilterModel.h - filter/sort proxy over PassListModel -*- C++ -*-===//
//
// Sorts by Qt::UserRole (PassListModel's per-column sort key) and filters
// on PassListModel's roles, so it works over any model providing them.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_PASSFILTERMODEL_H
#define SPYRE_VIEWS_PASSFILTERMODEL_H

#include <QSortFilterProxyModel>

class PassFilterModel : public QSortFilterProxyModel {
  Q_OBJECT

public:
  explicit PassFilterModel(QObject *parent = nullptr);

  QString filterText() const { return filterPattern; }
  bool hideUnchanged() const { return hidingUnchanged; }

public Q_SLOTS:
  /// Keeps rows whose pass name, stage or description contains `text`
  /// (case-insensitive); an empty text keeps every row.
  void setFilterText(const QString &text);
  /// Hides the rows whose pass changed nothing (never the "input" row).
  void setHideUnchanged(bool hide);

protected:
  bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
  QString filterPattern;
  bool hidingUnchanged = false;
};

#endif
