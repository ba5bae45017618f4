//===- DiagnosticsTable.cpp - the Diagnostics dock's table ----------------===//

#include "DiagnosticsTable.h"

#include "SeverityName.h"

#include <QHeaderView>

using spyre::driver::Diagnostic;

DiagnosticsTable::DiagnosticsTable(QWidget *parent) : QTableWidget(0, 4, parent) {
  setObjectName("diagnostics");
  setHorizontalHeaderLabels({tr("Severity"), tr("Where"), tr("Pass"), tr("Message")});
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  horizontalHeader()->setSectionResizeMode(MessageColumn, QHeaderView::Stretch);
  verticalHeader()->hide();
  // A message wraps onto as many lines as its row needs: in the narrow
  // dock of a 1024x700 window the first line of an error was cut to a few
  // words, readable only on hover.
  verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  setWordWrap(true);
  setTextElideMode(Qt::ElideNone);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  connect(this, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
    const int line = item(row, WhereColumn)->data(Qt::UserRole).toInt();
    if (line > 0)
      Q_EMIT lineActivated(line);
  });
}

bool DiagnosticsTable::isOpDump(const Diagnostic &d) { return d.isOpDump(); }

std::vector<Diagnostic>
DiagnosticsTable::withoutOpDumps(const std::vector<Diagnostic> &diagnostics) {
  std::vector<Diagnostic> out;
  for (const Diagnostic &d : diagnostics)
    if (!isOpDump(d))
      out.push_back(d);
  return out;
}

QString DiagnosticsTable::bounded(const QString &text) {
  // A tooltip the size of the screen hides what it explains: the first
  // lines, each cut, then how much more there is.
  QStringList lines = text.split(QLatin1Char('\n'));
  const int more = int(lines.size()) - kTooltipLines;
  if (more > 0)
    lines = lines.mid(0, kTooltipLines);
  for (QString &line : lines)
    if (line.size() > kTooltipColumns)
      line = line.left(kTooltipColumns - 1) + QChar(0x2026);
  if (more > 0)
    lines << tr("… %1 more lines").arg(more);
  return lines.join(QLatin1Char('\n'));
}

void DiagnosticsTable::setDiagnostics(const std::vector<Diagnostic> &diagnostics,
                                      const std::string &kernelName) {
  setRowCount(0);
  auto inKernel = [&](const Diagnostic &d) { return d.file.empty() || d.file == kernelName; };
  int lastRow = -1;
  for (const Diagnostic &d : diagnostics) {
    if (isOpDump(d)) {
      // Folded into the row it explains.
      if (lastRow >= 0) {
        QTableWidgetItem *message = item(lastRow, MessageColumn);
        message->setToolTip(message->toolTip() + QStringLiteral("\n\nDetails: ") +
                            bounded(QString::fromStdString(d.message)));
      }
      continue;
    }
    const int row = rowCount();
    insertRow(row);
    auto *severity = new QTableWidgetItem(tr(severityName(d.severity)));
    if (d.severity == Diagnostic::Severity::Error)
      severity->setForeground(QColor(0xd0, 0x20, 0x20));
    else if (d.severity == Diagnostic::Severity::Warning)
      severity->setForeground(QColor(0xb0, 0x80, 0x00));
    setItem(row, SeverityColumn, severity);
    auto *where = new QTableWidgetItem(
        inKernel(d) ? (d.line > 0 ? QString::number(d.line) : QStringLiteral("—"))
                    : QStringLiteral("%1:%2").arg(QString::fromStdString(d.file)).arg(d.line));
    where->setData(Qt::UserRole, inKernel(d) ? d.line : 0);
    setItem(row, WhereColumn, where);
    setItem(row, PassColumn, new QTableWidgetItem(QString::fromStdString(d.pass)));
    const QString text = QString::fromStdString(d.message);
    auto *message = new QTableWidgetItem(text.section(QLatin1Char('\n'), 0, 0));
    message->setToolTip(bounded(text));
    setItem(row, MessageColumn, message);
    lastRow = row;
  }
}
