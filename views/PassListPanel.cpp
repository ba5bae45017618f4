//===- PassListPanel.cpp - the Passes dock's contents ---------------------===//

#include "PassListPanel.h"

#include "models/PassFilterModel.h"
#include "models/PassListModel.h"

#include <QCheckBox>
#include <QKeyEvent>
#include <QToolTip>
#include <QHeaderView>
#include <QLineEdit>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

namespace {
constexpr int kSwatchColumn = 22; ///< the stage column when compact
} // namespace

PassListPanel::PassListPanel(QWidget *parent) : QWidget(parent) {
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  filterEdit = new QLineEdit(this);
  filterEdit->setObjectName("passFilter");
  filterEdit->setPlaceholderText(tr("Filter passes"));
  filterEdit->setClearButtonEnabled(true);
  hideUnchangedBox = new QCheckBox(tr("Hide unchanged"), this);
  hideUnchangedBox->setToolTip(tr("Hide the passes that changed nothing"));
  hideUnchangedBox->setObjectName("hideUnchanged");
  listModel = new PassListModel(this);
  proxy = new PassFilterModel(this);
  proxy->setSourceModel(listModel);
  table = new QTableView(this);
  table->setObjectName("passList");
  table->setModel(proxy);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->verticalHeader()->hide();
  table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  // Every column fits its content: the pass names are never cut; in a
  // narrow dock the time and "changed" columns scroll out to the right.
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table->horizontalHeader()->setStretchLastSection(true);
  table->horizontalHeader()->setMinimumSectionSize(kSwatchColumn);
  table->setWordWrap(false);
  table->setTextElideMode(Qt::ElideNone);
  layout->addWidget(filterEdit);
  layout->addWidget(hideUnchangedBox);
  layout->addWidget(table, 1);

  auto refilter = [this](auto apply) {
    restoring = true;
    apply();
    restoring = false;
    syncCurrentRow();
  };
  connect(filterEdit, &QLineEdit::textChanged, this, [this, refilter](const QString &text) {
    refilter([&] { proxy->setFilterText(text); });
  });
  connect(hideUnchangedBox, &QCheckBox::toggled, this, [this, refilter](bool hide) {
    refilter([&] { proxy->setHideUnchanged(hide); });
  });
  connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &PassListPanel::onCurrentRowChanged);
  connect(listModel, &PassListModel::outputsShownChanged, this, [this] {
    fitColumns();
    updateGeometry();
  });
  table->setColumnHidden(PassListModel::OutputColumn, true);
  // Home / End go to the first / last pass (a table's Home alone would go
  // to the row's first column).
  table->installEventFilter(this);
}

bool PassListPanel::eventFilter(QObject *watched, QEvent *event) {
  if (watched == table && event->type() == QEvent::KeyPress) {
    auto *key = static_cast<QKeyEvent *>(event);
    const bool home = key->key() == Qt::Key_Home, end = key->key() == Qt::Key_End;
    if ((home || end) && !(key->modifiers() & ~Qt::KeypadModifier) &&
        proxy->rowCount() > 0) {
      const QModelIndex to = proxy->index(home ? 0 : proxy->rowCount() - 1, 0);
      table->setCurrentIndex(to);
      table->scrollTo(to);
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

int PassListPanel::passColumnWidth() const {
  int width = table->fontMetrics().horizontalAdvance(tr("Pass")) + 24;
  for (const auto &s : listModel->snapshots())
    width = std::max(width, table->fontMetrics().horizontalAdvance(
                                QString::fromStdString(s.pass)) + 16);
  return width;
}

void PassListPanel::resizeEvent(QResizeEvent *event) {
  QWidget::resizeEvent(event);
  fitColumns();
  showCurrentRowLater();
}

void PassListPanel::showCurrentRowLater() {
  QMetaObject::invokeMethod(
      this,
      [this] {
        const QModelIndex current = table->currentIndex();
        if (current.isValid())
          table->scrollTo(current); // only when it is not in view
      },
      Qt::QueuedConnection);
}

int PassListPanel::fullWidth() const {
  // Every column at its content's width, the table's chrome and the
  // panel's margins: what fitColumns() needs to show them all.
  const QMargins margins = layout() ? layout()->contentsMargins() : QMargins();
  return fullTableWidth() + margins.left() + margins.right();
}

int PassListPanel::stageColumnWidth() const {
  // The stage's swatch, its longest name and the cell's margins.
  const QFontMetrics fm = table->fontMetrics();
  int stage = kSwatchColumn;
  for (const QString &s : {"KTIR", "ScheduleIR", "DataflowIR", "SpyreCode"})
    stage = std::max(stage, fm.horizontalAdvance(QString(s)) + 30);
  return stage;
}

int PassListPanel::namedTableWidth() const {
  // The pass and stage columns as wide as their content would make them
  // (the stage: its swatch, its name and the cell's margins), and the
  // table's frame and scroll bar.
  const QFontMetrics fm = table->fontMetrics();
  const int stage = stageColumnWidth();
  const int chrome = table->frameWidth() * 2 + table->verticalScrollBar()->sizeHint().width();
  const int pass = std::max(
      fm.horizontalAdvance(tr("Pass")) + 24,
      static_cast<const QAbstractItemView *>(table)->sizeHintForColumn(PassListModel::PassColumn));
  // The Output column (once a bisect has run) stays with the names.
  const int output = listModel->hasOutputs() ? outputColumnWidth() : 0;
  return pass + stage + chrome + output;
}

int PassListPanel::fullTableWidth() const {
  // And the time and changed columns.
  const QFontMetrics fm = table->fontMetrics();
  return namedTableWidth() + fm.horizontalAdvance("0.000") + 24 +
         fm.horizontalAdvance(QStringLiteral("\u0394")) + 24;
}

void PassListPanel::fitColumns() {
  const int named = namedTableWidth();
  const int full = fullTableWidth();
  // Narrower than every column: the time and changed columns go first,
  // then the stage's name (its swatch stays).
  const bool narrow = table->width() < full;
  const bool compact = table->width() < named;
  listModel->setCompact(compact);
  table->setColumnHidden(PassListModel::TimeColumn, narrow);
  table->setColumnHidden(PassListModel::ChangedColumn, narrow);
  const bool outputs = listModel->hasOutputs();
  table->setColumnHidden(PassListModel::OutputColumn, !outputs);
  // Too narrow for the names, the swatch and the Out column: the swatch
  // goes (the tooltip names the stage), the verdicts stay.
  table->setColumnHidden(PassListModel::StageColumn,
                          outputs && table->width() <
                                         named - stageColumnWidth() + kSwatchColumn);
  QHeaderView *header = table->horizontalHeader();
  if (compact) {
    header->setSectionResizeMode(PassListModel::StageColumn, QHeaderView::Fixed);
    header->resizeSection(PassListModel::StageColumn, kSwatchColumn);
  } else {
    header->setSectionResizeMode(PassListModel::StageColumn, QHeaderView::ResizeToContents);
  }
  updateGeometry();
}

QSize PassListPanel::sizeHint() const {
  // Room for every column, as wide as their content.
  int width = table->frameWidth() * 2 + 12 + table->verticalScrollBar()->sizeHint().width();
  for (int c = 0; c < proxy->columnCount(); ++c)
    if (!table->isColumnHidden(c))
      width += table->horizontalHeader()->sectionSizeHint(c);
  width = std::max(width, passColumnWidth() + 160);
  return QSize(width, QWidget::sizeHint().height());
}

int PassListPanel::outputColumnWidth() const {
  return std::max(table->horizontalHeader()->sectionSizeHint(PassListModel::OutputColumn),
                  static_cast<const QAbstractItemView *>(table)->sizeHintForColumn(
                      PassListModel::OutputColumn));
}

QSize PassListPanel::minimumSizeHint() const {
  // At least the pass names and the stage's swatch (a 1024-pixel-wide
  // window), with the scroll bar and frames.
  QSize hint = QWidget::minimumSizeHint();
  const QMargins margins = layout() ? layout()->contentsMargins() : QMargins();
  const int need = std::max(passColumnWidth(), static_cast<const QAbstractItemView *>(table)->sizeHintForColumn(PassListModel::PassColumn)) +
                   kSwatchColumn + table->verticalScrollBar()->sizeHint().width() +
                   table->frameWidth() * 2 + margins.left() + margins.right() + 2;
  // After a bisect the Out column takes the swatch's place, and is wider.
  const int out = listModel->hasOutputs() ? std::max(0, outputColumnWidth() - kSwatchColumn) : 0;
  hint.setWidth(std::max(fontMetrics().averageCharWidth() * 24,
                         std::min(need, fontMetrics().averageCharWidth() * 34) + out));
  return hint;
}

QString PassListPanel::defaultPass() const {
  const auto &snapshots = listModel->snapshots();
  for (auto it = snapshots.rbegin(); it != snapshots.rend(); ++it)
    if (it->changed)
      return QString::fromStdString(it->pass);
  return snapshots.empty() ? QString() : QString::fromStdString(snapshots.back().pass);
}

QStringList PassListPanel::passNames() const {
  QStringList out;
  for (const auto &s : listModel->snapshots())
    out << QString::fromStdString(s.pass);
  return out;
}

QString PassListPanel::shownPass() const {
  if (!wanted.isEmpty() && listModel->rowOfPass(wanted) >= 0)
    return wanted;
  return defaultPass();
}

int PassListPanel::shownRow() const {
  const QString pass = shownPass();
  return pass.isEmpty() ? -1 : listModel->rowOfPass(pass);
}

void PassListPanel::setSnapshots(std::vector<spyre::driver::PassSnapshot> snapshots) {
  QToolTip::hideText(); // it described a row of the previous compile
  restoring = true;
  listModel->setSnapshots(std::move(snapshots));
  restoring = false;
  syncCurrentRow();
  fitColumns();
  updateGeometry();
  showCurrentRowLater();
  Q_EMIT selectedPassChanged(shownPass());
}

void PassListPanel::setStale(bool stale) {
  staleRows = stale;
  // Dimmed while stale; otherwise no colour of its own, so that the text
  // follows the theme (an explicit colour kept a light theme's black on a
  // dark list).
  QPalette p;
  if (stale)
    p.setColor(QPalette::Text, palette().color(QPalette::Disabled, QPalette::Text));
  table->setPalette(p);
  table->setToolTip(stale ? tr("The passes of the last successful compile: the kernel "
                                "does not compile now")
                           : QString());
}

bool PassListPanel::selectPass(const QString &name) {
  if (listModel->rowOfPass(name) < 0)
    return false;
  wanted = name;
  syncCurrentRow();
  Q_EMIT selectedPassChanged(name);
  return true;
}

void PassListPanel::syncCurrentRow() {
  const int row = shownRow();
  const QModelIndex index =
      row < 0 ? QModelIndex() : proxy->mapFromSource(listModel->index(row, 0));
  restoring = true;
  if (index.isValid()) {
    table->setCurrentIndex(index);
    table->scrollTo(index);
  } else {
    table->selectionModel()->clear();
  }
  restoring = false;
}

void PassListPanel::onCurrentRowChanged() {
  // A tooltip still up names the pass the mouse was over, not the one
  // chosen now: it goes (hovering again shows the new row's).
  QToolTip::hideText();
  if (restoring)
    return;
  const QModelIndex current = table->currentIndex();
  if (!current.isValid())
    return;
  const QString name = current.data(PassListModel::PassNameRole).toString();
  if (name == wanted)
    return;
  wanted = name;
  Q_EMIT selectedPassChanged(name);
}
