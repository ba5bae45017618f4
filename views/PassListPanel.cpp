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
  m_filterEdit = new QLineEdit(this);
  m_filterEdit->setObjectName("passFilter");
  m_filterEdit->setPlaceholderText(tr("Filter passes"));
  m_filterEdit->setClearButtonEnabled(true);
  m_hideUnchanged = new QCheckBox(tr("Hide unchanged"), this);
  m_hideUnchanged->setToolTip(tr("Hide the passes that changed nothing"));
  m_hideUnchanged->setObjectName("hideUnchanged");
  m_model = new PassListModel(this);
  m_filter = new PassFilterModel(this);
  m_filter->setSourceModel(m_model);
  m_view = new QTableView(this);
  m_view->setObjectName("passList");
  m_view->setModel(m_filter);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_view->verticalHeader()->hide();
  m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  // Every column fits its content: the pass names are never cut; in a
  // narrow dock the time and "changed" columns scroll out to the right.
  m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_view->horizontalHeader()->setStretchLastSection(true);
  m_view->horizontalHeader()->setMinimumSectionSize(kSwatchColumn);
  m_view->setWordWrap(false);
  m_view->setTextElideMode(Qt::ElideNone);
  layout->addWidget(m_filterEdit);
  layout->addWidget(m_hideUnchanged);
  layout->addWidget(m_view, 1);

  auto refilter = [this](auto apply) {
    m_restoring = true;
    apply();
    m_restoring = false;
    syncCurrentRow();
  };
  connect(m_filterEdit, &QLineEdit::textChanged, this, [this, refilter](const QString &text) {
    refilter([&] { m_filter->setFilterText(text); });
  });
  connect(m_hideUnchanged, &QCheckBox::toggled, this, [this, refilter](bool hide) {
    refilter([&] { m_filter->setHideUnchanged(hide); });
  });
  connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &PassListPanel::onCurrentRowChanged);
  connect(m_model, &PassListModel::outputsShownChanged, this, [this] {
    fitColumns();
    updateGeometry();
  });
  m_view->setColumnHidden(PassListModel::OutputColumn, true);
  // Home / End go to the first / last pass (a table's Home alone would go
  // to the row's first column).
  m_view->installEventFilter(this);
}

bool PassListPanel::eventFilter(QObject *watched, QEvent *event) {
  if (watched == m_view && event->type() == QEvent::KeyPress) {
    auto *key = static_cast<QKeyEvent *>(event);
    const bool home = key->key() == Qt::Key_Home, end = key->key() == Qt::Key_End;
    if ((home || end) && !(key->modifiers() & ~Qt::KeypadModifier) &&
        m_filter->rowCount() > 0) {
      const QModelIndex to = m_filter->index(home ? 0 : m_filter->rowCount() - 1, 0);
      m_view->setCurrentIndex(to);
      m_view->scrollTo(to);
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

int PassListPanel::passColumnWidth() const {
  int width = m_view->fontMetrics().horizontalAdvance(tr("Pass")) + 24;
  for (const auto &s : m_model->snapshots())
    width = std::max(width, m_view->fontMetrics().horizontalAdvance(
                                QString::fromStdString(s.pass)) + 16);
  return width;
}

void PassListPanel::resizeEvent(QResizeEvent *event) {
  QWidget::resizeEvent(event);
  fitColumns();
}

int PassListPanel::fullWidth() const {
  // Every column at its content's width, the table's chrome and the
  // panel's margins: what fitColumns() needs to show them all.
  const QMargins margins = layout() ? layout()->contentsMargins() : QMargins();
  return fullTableWidth() + margins.left() + margins.right();
}

int PassListPanel::stageColumnWidth() const {
  // The stage's swatch, its longest name and the cell's margins.
  const QFontMetrics fm = m_view->fontMetrics();
  int stage = kSwatchColumn;
  for (const QString &s : {"KTIR", "ScheduleIR", "DataflowIR", "SpyreCode"})
    stage = std::max(stage, fm.horizontalAdvance(QString(s)) + 30);
  return stage;
}

int PassListPanel::namedTableWidth() const {
  // The pass and stage columns as wide as their content would make them
  // (the stage: its swatch, its name and the cell's margins), and the
  // table's frame and scroll bar.
  const QFontMetrics fm = m_view->fontMetrics();
  const int stage = stageColumnWidth();
  const int chrome = m_view->frameWidth() * 2 + m_view->verticalScrollBar()->sizeHint().width();
  const int pass = std::max(
      fm.horizontalAdvance(tr("Pass")) + 24,
      static_cast<const QAbstractItemView *>(m_view)->sizeHintForColumn(PassListModel::PassColumn));
  // The Output column (once a bisect has run) stays with the names.
  const int output = m_model->hasOutputs() ? outputColumnWidth() : 0;
  return pass + stage + chrome + output;
}

int PassListPanel::fullTableWidth() const {
  // And the time and changed columns.
  const QFontMetrics fm = m_view->fontMetrics();
  return namedTableWidth() + fm.horizontalAdvance("0.000") + 24 +
         fm.horizontalAdvance(QStringLiteral("\u0394")) + 24;
}

void PassListPanel::fitColumns() {
  const int named = namedTableWidth();
  const int full = fullTableWidth();
  // Narrower than every column: the time and changed columns go first,
  // then the stage's name (its swatch stays).
  const bool narrow = m_view->width() < full;
  const bool compact = m_view->width() < named;
  m_model->setCompact(compact);
  m_view->setColumnHidden(PassListModel::TimeColumn, narrow);
  m_view->setColumnHidden(PassListModel::ChangedColumn, narrow);
  const bool outputs = m_model->hasOutputs();
  m_view->setColumnHidden(PassListModel::OutputColumn, !outputs);
  // Too narrow for the names, the swatch and the Out column: the swatch
  // goes (the tooltip names the stage), the verdicts stay.
  m_view->setColumnHidden(PassListModel::StageColumn,
                          outputs && m_view->width() <
                                         named - stageColumnWidth() + kSwatchColumn);
  QHeaderView *header = m_view->horizontalHeader();
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
  int width = m_view->frameWidth() * 2 + 12 + m_view->verticalScrollBar()->sizeHint().width();
  for (int c = 0; c < m_filter->columnCount(); ++c)
    if (!m_view->isColumnHidden(c))
      width += m_view->horizontalHeader()->sectionSizeHint(c);
  width = std::max(width, passColumnWidth() + 160);
  return QSize(width, QWidget::sizeHint().height());
}

int PassListPanel::outputColumnWidth() const {
  return std::max(m_view->horizontalHeader()->sectionSizeHint(PassListModel::OutputColumn),
                  static_cast<const QAbstractItemView *>(m_view)->sizeHintForColumn(
                      PassListModel::OutputColumn));
}

QSize PassListPanel::minimumSizeHint() const {
  // At least the pass names and the stage's swatch (a 1024-pixel-wide
  // window), with the scroll bar and frames.
  QSize hint = QWidget::minimumSizeHint();
  const QMargins margins = layout() ? layout()->contentsMargins() : QMargins();
  const int need = std::max(passColumnWidth(), static_cast<const QAbstractItemView *>(m_view)->sizeHintForColumn(PassListModel::PassColumn)) +
                   kSwatchColumn + m_view->verticalScrollBar()->sizeHint().width() +
                   m_view->frameWidth() * 2 + margins.left() + margins.right() + 2;
  // After a bisect the Out column takes the swatch's place, and is wider.
  const int out = m_model->hasOutputs() ? std::max(0, outputColumnWidth() - kSwatchColumn) : 0;
  hint.setWidth(std::max(fontMetrics().averageCharWidth() * 24,
                         std::min(need, fontMetrics().averageCharWidth() * 34) + out));
  return hint;
}

QString PassListPanel::defaultPass() const {
  const auto &snapshots = m_model->snapshots();
  for (auto it = snapshots.rbegin(); it != snapshots.rend(); ++it)
    if (it->changed)
      return QString::fromStdString(it->pass);
  return snapshots.empty() ? QString() : QString::fromStdString(snapshots.back().pass);
}

QStringList PassListPanel::passNames() const {
  QStringList out;
  for (const auto &s : m_model->snapshots())
    out << QString::fromStdString(s.pass);
  return out;
}

QString PassListPanel::shownPass() const {
  if (!m_wanted.isEmpty() && m_model->rowOfPass(m_wanted) >= 0)
    return m_wanted;
  return defaultPass();
}

int PassListPanel::shownRow() const {
  const QString pass = shownPass();
  return pass.isEmpty() ? -1 : m_model->rowOfPass(pass);
}

void PassListPanel::setSnapshots(std::vector<spyre::driver::PassSnapshot> snapshots) {
  QToolTip::hideText(); // it described a row of the previous compile
  m_restoring = true;
  m_model->setSnapshots(std::move(snapshots));
  m_restoring = false;
  syncCurrentRow();
  fitColumns();
  updateGeometry();
  Q_EMIT selectedPassChanged(shownPass());
}

void PassListPanel::setStale(bool stale) {
  m_stale = stale;
  QPalette p = m_view->palette();
  p.setColor(QPalette::Text, stale ? palette().color(QPalette::Disabled, QPalette::Text)
                                   : palette().color(QPalette::Active, QPalette::Text));
  m_view->setPalette(p);
  m_view->setToolTip(stale ? tr("The passes of the last successful compile: the kernel "
                                "does not compile now")
                           : QString());
}

bool PassListPanel::selectPass(const QString &name) {
  if (m_model->rowOfPass(name) < 0)
    return false;
  m_wanted = name;
  syncCurrentRow();
  Q_EMIT selectedPassChanged(name);
  return true;
}

void PassListPanel::syncCurrentRow() {
  const int row = shownRow();
  const QModelIndex index =
      row < 0 ? QModelIndex() : m_filter->mapFromSource(m_model->index(row, 0));
  m_restoring = true;
  if (index.isValid()) {
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
  } else {
    m_view->selectionModel()->clear();
  }
  m_restoring = false;
}

void PassListPanel::onCurrentRowChanged() {
  // A tooltip still up names the pass the mouse was over, not the one
  // chosen now: it goes (hovering again shows the new row's).
  QToolTip::hideText();
  if (m_restoring)
    return;
  const QModelIndex current = m_view->currentIndex();
  if (!current.isValid())
    return;
  const QString name = current.data(PassListModel::PassNameRole).toString();
  if (name == m_wanted)
    return;
  m_wanted = name;
  Q_EMIT selectedPassChanged(name);
}
