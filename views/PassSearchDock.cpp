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
  queryEdit = new QLineEdit(panel);
  queryEdit->setObjectName("passSearch");
  queryEdit->setPlaceholderText(tr("Op name or text, in every pass"));
  queryEdit->setClearButtonEnabled(true);
  queryEdit->setToolTip(tr("Lists the passes after which the text occurs a different number "
                         "of times: which pass introduced (or removed) an op"));
  summary = new QLabel(panel);
  summary->setObjectName("passSearchSummary");
  summary->setWordWrap(true);
  resultList = new QListWidget(panel);
  resultList->setObjectName("passSearchResults");
  layout->addWidget(queryEdit);
  layout->addWidget(summary);
  layout->addWidget(resultList, 1);
  setWidget(panel);
  typing.setSingleShot(true);
  typing.setInterval(250);
  connect(queryEdit, &QLineEdit::textChanged, this, [this] { typing.start(); });
  connect(queryEdit, &QLineEdit::returnPressed, this, [this] { search(queryEdit->text()); });
  connect(&typing, &QTimer::timeout, this, [this] { search(queryEdit->text()); });
  connect(resultList, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
    Q_EMIT passChosen(item->data(Qt::UserRole).toString());
  });
  connect(resultList, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
    Q_EMIT passChosen(item->data(Qt::UserRole).toString());
  });
  refresh(false);
}

void PassSearchDock::setSnapshots(const std::vector<spyre::driver::PassSnapshot> *snapshots) {
  searchedSnapshots = snapshots;
  // The same text against the new compile; the selection stays the user's.
  refresh(false);
}

void PassSearchDock::search(const QString &text) {
  typing.stop();
  if (queryEdit->text() != text)
    queryEdit->setText(text), typing.stop();
  searched = text;
  refresh(true);
}

void PassSearchDock::focusField() {
  show();
  raise();
  queryEdit->setFocus(Qt::ShortcutFocusReason);
  queryEdit->selectAll();
}

QString PassSearchDock::codeOf(const QString &ir) {
  QString out;
  out.reserve(ir.size());
  for (QStringView line : QStringView(ir).split(QLatin1Char('\n'))) {
    if (line.trimmed().startsWith(QLatin1String("location #")))
      continue;
    bool inString = false;
    qsizetype end = line.size();
    for (qsizetype i = 0; i < line.size(); ++i) {
      const QChar c = line.at(i);
      if (inString && c == QLatin1Char('\\'))
        ++i; // an escaped character
      else if (c == QLatin1Char('"'))
        inString = !inString;
      else if (!inString && c == QLatin1Char('/') && i + 1 < line.size() &&
               line.at(i + 1) == QLatin1Char('/')) {
        end = i;
        break;
      }
    }
    out += line.left(end);
    out += QLatin1Char('\n');
  }
  return out;
}

int PassSearchDock::count(const QString &source, const QString &text) {
  if (text.isEmpty())
    return 0;
  const QString ir = codeOf(source);
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
  resultList->clear();
  found.clear();
  const QString text = searched.trimmed().isEmpty() ? QString() : searched;
  if (text.isEmpty() || !searchedSnapshots || searchedSnapshots->empty()) {
    summary->setText(searchedSnapshots && !searchedSnapshots->empty()
                           ? tr("Type an op name (vector.broadcast) or any text.")
                           : tr("Nothing compiled yet."));
    return;
  }
  found = changes(*searchedSnapshots, text);
  const int inInput = count(QString::fromStdString(searchedSnapshots->front().ir), text);
  for (const Change &c : found) {
    const int delta = c.after - c.before;
    auto *item = new QListWidgetItem(
        tr("%1: %2 → %3 (%4%5)")
            .arg(c.pass)
            .arg(c.before)
            .arg(c.after)
            .arg(delta > 0 ? QStringLiteral("+") : QString())
            .arg(delta),
        resultList);
    item->setData(Qt::UserRole, c.pass);
    item->setToolTip(tr("'%1' occurs %2 times before %3 and %4 times after it")
                         .arg(text)
                         .arg(c.before)
                         .arg(c.pass)
                         .arg(c.after));
  }
  if (found.empty())
    summary->setText(inInput > 0 ? tr("'%1' occurs %2 times in the input and no pass "
                                        "changes that.")
                                         .arg(text)
                                         .arg(inInput)
                                   : tr("'%1' occurs in no pass's IR.").arg(text));
  else
    summary->setText(tr("'%1': %2 in the input; the count changes after %3 passes:")
                           .arg(text)
                           .arg(inInput)
                           .arg(found.size()));
  if (chooseFirst && !found.empty()) {
    resultList->setCurrentRow(0);
    Q_EMIT passChosen(found.front().pass);
  }
}
