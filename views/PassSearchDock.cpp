//===- PassSearchDock.cpp - which pass introduced this op? ----------------===//

#include "PassSearchDock.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

namespace {
bool wordChar(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); }
} // namespace

PassSearchDock::PassSearchDock(QWidget *parent) : QDockWidget(tr("Search"), parent) {
  setObjectName("passSearchDock");
  auto *panel = new QWidget(this);
  auto *layout = new QVBoxLayout(panel);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(3);
  m_field = new QLineEdit(panel);
  m_field->setObjectName("passSearch");
  m_field->setPlaceholderText(tr("Op name or text, in every pass"));
  m_field->setClearButtonEnabled(true);
  m_field->setToolTip(tr("Lists the passes after which the text occurs a different number "
                         "of times: which pass introduced (or removed) an op"));
  m_summary = new QLabel(panel);
  m_summary->setObjectName("passSearchSummary");
  m_summary->setWordWrap(true);
  m_results = new QListWidget(panel);
  m_results->setObjectName("passSearchResults");
  layout->addWidget(m_field);
  layout->addWidget(m_summary);
  layout->addWidget(m_results, 1);
  setWidget(panel);
  m_typing.setSingleShot(true);
  m_typing.setInterval(250);
  connect(m_field, &QLineEdit::textChanged, this, [this] { m_typing.start(); });
  connect(m_field, &QLineEdit::returnPressed, this, [this] { search(m_field->text()); });
  connect(&m_typing, &QTimer::timeout, this, [this] { search(m_field->text()); });
  connect(m_results, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
    Q_EMIT passChosen(item->data(Qt::UserRole).toString());
  });
  connect(m_results, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
    Q_EMIT passChosen(item->data(Qt::UserRole).toString());
  });
  refresh(false);
}

void PassSearchDock::setSnapshots(const std::vector<spyre::driver::PassSnapshot> *snapshots) {
  m_snapshots = snapshots;
  // The same text against the new compile; the selection stays the user's.
  refresh(false);
}

void PassSearchDock::search(const QString &text) {
  m_typing.stop();
  if (m_field->text() != text)
    m_field->setText(text), m_typing.stop();
  m_searched = text;
  refresh(true);
}

void PassSearchDock::focusField() {
  show();
  raise();
  m_field->setFocus(Qt::ShortcutFocusReason);
  m_field->selectAll();
}

int PassSearchDock::count(const QString &ir, const QString &text) {
  if (text.isEmpty())
    return 0;
  const bool wordStart = wordChar(text.front()), wordEnd = wordChar(text.back());
  int n = 0;
  for (qsizetype at = ir.indexOf(text); at >= 0; at = ir.indexOf(text, at + 1)) {
    const qsizetype end = at + text.size();
    if (wordStart && at > 0 && wordChar(ir.at(at - 1)))
      continue;
    if (wordEnd && end < ir.size() && wordChar(ir.at(end)))
      continue;
    ++n;
    at = end - 1;
  }
  return n;
}

std::vector<PassSearchDock::Change>
PassSearchDock::changes(const std::vector<spyre::driver::PassSnapshot> &snapshots,
                        const QString &text) {
  std::vector<Change> out;
  if (text.trimmed().isEmpty() || snapshots.empty())
    return out;
  int previous = count(QString::fromStdString(snapshots.front().ir), text);
  for (size_t i = 1; i < snapshots.size(); ++i) {
    const int now = count(QString::fromStdString(snapshots[i].ir), text);
    if (now != previous)
      out.push_back({int(i), QString::fromStdString(snapshots[i].pass), previous, now});
    previous = now;
  }
  return out;
}

void PassSearchDock::refresh(bool chooseFirst) {
  m_results->clear();
  m_changes.clear();
  const QString text = m_searched.trimmed().isEmpty() ? QString() : m_searched;
  if (text.isEmpty() || !m_snapshots || m_snapshots->empty()) {
    m_summary->setText(m_snapshots && !m_snapshots->empty()
                           ? tr("Type an op name (vector.broadcast) or any text.")
                           : tr("Nothing compiled yet."));
    return;
  }
  m_changes = changes(*m_snapshots, text);
  const int inInput = count(QString::fromStdString(m_snapshots->front().ir), text);
  for (const Change &c : m_changes) {
    const int delta = c.after - c.before;
    auto *item = new QListWidgetItem(
        tr("%1: %2 → %3 (%4%5)")
            .arg(c.pass)
            .arg(c.before)
            .arg(c.after)
            .arg(delta > 0 ? QStringLiteral("+") : QString())
            .arg(delta),
        m_results);
    item->setData(Qt::UserRole, c.pass);
    item->setToolTip(tr("'%1' occurs %2 times before %3 and %4 times after it")
                         .arg(text)
                         .arg(c.before)
                         .arg(c.pass)
                         .arg(c.after));
  }
  if (m_changes.empty())
    m_summary->setText(inInput > 0 ? tr("'%1' occurs %2 times in the input and no pass "
                                        "changes that.")
                                         .arg(text)
                                         .arg(inInput)
                                   : tr("'%1' occurs in no pass's IR.").arg(text));
  else
    m_summary->setText(tr("'%1': %2 in the input; the count changes after %3 passes:")
                           .arg(text)
                           .arg(inInput)
                           .arg(m_changes.size()));
  if (chooseFirst && !m_changes.empty()) {
    m_results->setCurrentRow(0);
    Q_EMIT passChosen(m_changes.front().pass);
  }
}
