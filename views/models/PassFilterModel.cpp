//===- PassFilterModel.cpp - filter/sort proxy over PassListModel ---------===//
#include "models/PassFilterModel.h"

#include "models/PassListModel.h"

PassFilterModel::PassFilterModel(QObject *parent) : QSortFilterProxyModel(parent) {
  setSortRole(PassListModel::SortRole);
  setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void PassFilterModel::setFilterText(const QString &text) {
  if (text == filterPattern)
    return;
  filterPattern = text;
  invalidateFilter();
}

void PassFilterModel::setHideUnchanged(bool hide) {
  if (hide == hidingUnchanged)
    return;
  hidingUnchanged = hide;
  invalidateFilter();
}

bool PassFilterModel::filterAcceptsRow(int sourceRow,
                                       const QModelIndex &sourceParent) const {
  const QAbstractItemModel *src = sourceModel();
  if (!src)
    return false;
  const QModelIndex idx = src->index(sourceRow, 0, sourceParent);
  const QString pass = idx.data(PassListModel::PassNameRole).toString();
  if (hidingUnchanged && pass != QLatin1String("input") &&
      !idx.data(PassListModel::ChangedRole).toBool())
    return false;
  const QString text = filterPattern.trimmed();
  if (text.isEmpty())
    return true;
  return pass.contains(text, Qt::CaseInsensitive) ||
         idx.data(PassListModel::StageRole).toString().contains(text, Qt::CaseInsensitive) ||
         idx.data(PassListModel::DescriptionRole).toString().contains(text, Qt::CaseInsensitive);
}
