//===- PassListModel.cpp - the pipeline's pass snapshots as a table -------===//
#include "models/PassListModel.h"

#include <algorithm>

#include <QHash>
#include <QTextDocument>

#include <cmath>

using spyre::driver::PassSnapshot;

namespace {
QString q(const std::string &s) { return QString::fromStdString(s); }
} // namespace

PassListModel::PassListModel(QObject *parent) : QAbstractTableModel(parent) {}

void PassListModel::setSnapshots(std::vector<PassSnapshot> snapshots) {
  const bool shown = hasOutputs();
  beginResetModel();
  passSnapshots = std::move(snapshots);
  outputs.assign(passSnapshots.size(), Output::Unknown);
  outputSummary.assign(passSnapshots.size(), QString());
  endResetModel();
  if (shown)
    Q_EMIT outputsShownChanged();
}

void PassListModel::setOutput(int row, Output output, const QString &summary) {
  if (row < 0 || row >= int(outputs.size()))
    return;
  const bool shown = hasOutputs();
  outputs[size_t(row)] = output;
  outputSummary[size_t(row)] = summary;
  Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
  if (shown != hasOutputs())
    Q_EMIT outputsShownChanged();
}

void PassListModel::clearOutputs() {
  if (!hasOutputs())
    return;
  std::fill(outputs.begin(), outputs.end(), Output::Unknown);
  std::fill(outputSummary.begin(), outputSummary.end(), QString());
  Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
  Q_EMIT outputsShownChanged();
}

PassListModel::Output PassListModel::output(int row) const {
  return row >= 0 && row < int(outputs.size()) ? outputs[size_t(row)]
                                                  : Output::Unknown;
}

bool PassListModel::hasOutputs() const {
  return std::any_of(outputs.begin(), outputs.end(),
                     [](Output o) { return o != Output::Unknown; });
}

namespace {
QString outputMark(PassListModel::Output o) {
  switch (o) {
  case PassListModel::Output::Unknown: return QString();
  case PassListModel::Output::Running: return QStringLiteral("…");
  case PassListModel::Output::Exact: return QStringLiteral("✓");
  case PassListModel::Output::WithinRounding: return QStringLiteral("≈");
  case PassListModel::Output::Wrong: return QStringLiteral("✗");
  case PassListModel::Output::Fails: return QStringLiteral("!");
  }
  return QString();
}
} // namespace

const PassSnapshot *PassListModel::snapshot(int row) const {
  if (row < 0 || row >= int(passSnapshots.size()))
    return nullptr;
  return &passSnapshots[size_t(row)];
}

int PassListModel::rowOfPass(const QString &pass) const {
  const std::string p = pass.toStdString();
  for (size_t i = 0; i < passSnapshots.size(); ++i)
    if (passSnapshots[i].pass == p)
      return int(i);
  return -1;
}

int PassListModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : int(passSnapshots.size());
}

void PassListModel::setCompact(bool compact) {
  if (compact == compactRows)
    return;
  compactRows = compact;
  Q_EMIT headerDataChanged(Qt::Horizontal, StageColumn, StageColumn);
  if (!passSnapshots.empty())
    Q_EMIT dataChanged(index(0, StageColumn), index(rowCount() - 1, StageColumn),
                       {Qt::DisplayRole});
}

int PassListModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant PassListModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.model() != this || index.parent().isValid() ||
      index.row() >= int(passSnapshots.size()) || index.column() >= ColumnCount)
    return {};
  const PassSnapshot &s = passSnapshots[size_t(index.row())];
  const int col = index.column();
  switch (role) {
  case Qt::DisplayRole:
    switch (col) {
    case PassColumn:
      return q(s.pass);
    case StageColumn:
      return compactRows ? QString() : q(s.stage);
    case TimeColumn:
      return formatMs(s.wallMs);
    case ChangedColumn:
      return s.changed ? QStringLiteral("\u25cf") : QString(QChar(0x2014));
    case OutputColumn:
      return outputMark(output(index.row()));
    }
    break;
  case SortRole:
    switch (col) {
    case PassColumn:
      return q(s.pass);
    case StageColumn:
      return stageRank(q(s.stage));
    case TimeColumn:
      return s.wallMs;
    case ChangedColumn:
      return s.changed;
    case OutputColumn:
      return int(output(index.row()));
    }
    break;
  case Qt::ToolTipRole:
    // Rich text, so that a long verdict wraps instead of running off the
    // screen.
    if (col == OutputColumn && !outputSummary[size_t(index.row())].isEmpty())
      return QStringLiteral("<qt>%1</qt>")
          .arg(outputSummary[size_t(index.row())].toHtmlEscaped());
    return toolTipFor(s);
  case Qt::TextAlignmentRole:
    if (col == TimeColumn)
      return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    if (col == ChangedColumn || col == OutputColumn)
      return QVariant::fromValue(Qt::Alignment(Qt::AlignHCenter | Qt::AlignVCenter));
    break;
  case Qt::DecorationRole:
    if (col == StageColumn)
      return stageColor(q(s.stage));
    break;
  case Qt::ForegroundRole:
    if (col == StageColumn)
      return stageColor(q(s.stage));
    if (col == OutputColumn && output(index.row()) == Output::Exact)
      return QColor(0x2e, 0x9e, 0x4f);
    if (col == OutputColumn && output(index.row()) == Output::WithinRounding)
      return QColor(0xc8, 0x85, 0x00); // amber
    if (col == OutputColumn && output(index.row()) >= Output::Wrong)
      return QColor(0xd9, 0x3a, 0x3a);
    break;
  case PassNameRole:
    return q(s.pass);
  case StageRole:
    return q(s.stage);
  case ChangedRole:
    return s.changed;
  case WallMsRole:
    return s.wallMs;
  case DescriptionRole:
    return q(s.description);
  case PipelineIndexRole:
    return index.row();
  case IsInputRole:
    return s.pass == "input";
  case OutputRole:
    return int(output(index.row()));
  }
  return {};
}

QVariant PassListModel::headerData(int section, Qt::Orientation orientation,
                                   int role) const {
  if (orientation != Qt::Horizontal)
    return QAbstractTableModel::headerData(section, orientation, role);
  if (section < 0 || section >= ColumnCount)
    return {};
  if (role == Qt::DisplayRole) {
    switch (section) {
    case PassColumn:
      return tr("Pass");
    case StageColumn:
      return compactRows ? QString() : tr("Stage");
    case TimeColumn:
      return tr("ms");
    case ChangedColumn:
      return QStringLiteral("\u0394"); // Delta: changed
    case OutputColumn:
      return tr("Out");
    }
  }
  if (role == Qt::ToolTipRole) {
    switch (section) {
    case PassColumn:
      return tr("The pass's command-line argument; \"input\" is the parsed kernel");
    case StageColumn:
      return tr("The IR level the pass works on");
    case TimeColumn:
      return tr("Wall-clock time the pass took, in milliseconds");
    case ChangedColumn:
      return tr("\u25cf: the pass changed the IR; \u2014: it changed nothing");
    case OutputColumn:
      return tr("\u2713: the snapshot's outputs are exactly the KTIR's; "
                "\u2248: within rounding of them; \u2717: WRONG; !: it does "
                "not run (Run \u25b8 Find the Pass That Changed the Output)");
    }
  }
  if (role == Qt::TextAlignmentRole && section == TimeColumn)
    return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
  return {};
}

Qt::ItemFlags PassListModel::flags(const QModelIndex &index) const {
  if (!index.isValid())
    return Qt::NoItemFlags;
  return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

QHash<int, QByteArray> PassListModel::roleNames() const {
  QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
  names.insert(SortRole, "sortKey");
  names.insert(PassNameRole, "passName");
  names.insert(StageRole, "stage");
  names.insert(ChangedRole, "changed");
  names.insert(WallMsRole, "wallMs");
  names.insert(DescriptionRole, "description");
  names.insert(PipelineIndexRole, "pipelineIndex");
  names.insert(IsInputRole, "isInput");
  names.insert(OutputRole, "output");
  return names;
}

QColor PassListModel::stageColor(const QString &stage) {
  switch (stageRank(stage)) {
  case 0:
    return QColor(0x1f, 0x6f, 0xc5); // KTIR: blue
  case 1:
    return QColor(0x8a, 0x3f, 0xbf); // ScheduleIR: purple
  case 2:
    return QColor(0x0f, 0x8a, 0x6a); // DataflowIR: teal
  case 3:
    return QColor(0xc8, 0x6a, 0x0c); // SpyreCode: orange
  default:
    return QColor(0x80, 0x80, 0x80);
  }
}

int PassListModel::stageRank(const QString &stage) {
  if (stage.compare(QLatin1String("KTIR"), Qt::CaseInsensitive) == 0)
    return 0;
  if (stage.compare(QLatin1String("ScheduleIR"), Qt::CaseInsensitive) == 0)
    return 1;
  if (stage.compare(QLatin1String("DataflowIR"), Qt::CaseInsensitive) == 0)
    return 2;
  if (stage.compare(QLatin1String("SpyreCode"), Qt::CaseInsensitive) == 0)
    return 3;
  return 4;
}

QString PassListModel::formatMs(double ms) {
  if (!std::isfinite(ms))
    return QStringLiteral("?");
  if (ms == 0)
    return QStringLiteral("0");
  const double mag = std::floor(std::log10(std::fabs(ms)));
  // Round to 3 significant digits first so that 9.996 becomes "10.0".
  const double scale = std::pow(10.0, 2 - mag);
  const double rounded = std::round(ms * scale) / scale;
  const int digits = int(std::floor(std::log10(std::fabs(rounded))));
  const int decimals = std::max(0, 2 - digits);
  return QString::number(rounded, 'f', decimals);
}

QString PassListModel::optionsAsTable(const QString &markdown) {
  // mlir-tblgen writes a pass's options as a fenced block of
  // "-name : what it does" lines under "#### Options".
  QStringList lines = markdown.split(QLatin1Char('\n'));
  QStringList out;
  for (int i = 0; i < lines.size(); ++i) {
    if (lines[i].trimmed() != QLatin1String("#### Options")) {
      out << lines[i];
      continue;
    }
    int j = i + 1;
    while (j < lines.size() && lines[j].trimmed().isEmpty())
      ++j;
    if (j >= lines.size() || !lines[j].trimmed().startsWith(QLatin1String("```"))) {
      out << lines[i];
      continue;
    }
    QStringList rows;
    int k = j + 1;
    for (; k < lines.size() && !lines[k].trimmed().startsWith(QLatin1String("```")); ++k) {
      const QString option = lines[k].trimmed();
      if (option.isEmpty())
        continue;
      const int colon = option.indexOf(QLatin1String(" : "));
      const QString name = colon < 0 ? option : option.left(colon).trimmed();
      QString what = colon < 0 ? QString() : option.mid(colon + 3).trimmed();
      what.replace(QLatin1Char('|'), QLatin1String("\\|"));
      rows << QStringLiteral("| `%1` | %2 |").arg(name, what);
    }
    out << tr("#### Options") << QString() << tr("| Option | What it sets |")
        << QStringLiteral("|---|---|") << rows;
    i = k; // past the closing fence
  }
  return out.join(QLatin1Char('\n'));
}

QString PassListModel::descriptionHtml(const QString &description) {
  if (description.trimmed().isEmpty())
    return QStringLiteral("<p>%1</p>").arg(tr("No description."));
  const QString markdown = optionsAsTable(description);
  // The descriptions are Markdown (headings, `code`, fenced blocks, lists):
  // Qt's CommonMark reader turns them into rich text; only the body is kept
  // so it can sit inside the tool tip's own markup.
  // Angle brackets and '&' in prose are text (tensor<4xf16>), not HTML:
  // escaped outside code spans and fenced blocks, where they stay literal.
  QStringList lines = markdown.split(QLatin1Char('\n'));
  bool fenced = false;
  for (QString &line : lines) {
    if (line.trimmed().startsWith(QLatin1String("```"))) {
      fenced = !fenced;
      continue;
    }
    if (fenced)
      continue;
    QStringList parts = line.split(QLatin1Char('`'));
    for (int i = 0; i < parts.size(); i += 2) // even parts: outside `code`
      parts[i].replace(QLatin1Char('&'), QLatin1String("\\&"))
          .replace(QLatin1Char('<'), QLatin1String("\\<"));
    line = parts.join(QLatin1Char('`'));
  }
  QTextDocument doc;
  doc.setMarkdown(lines.join(QLatin1Char('\n')), QTextDocument::MarkdownDialectGitHub);
  QString html = doc.toHtml();
  const int body = html.indexOf(QLatin1String("<body"));
  const int bodyOpenEnd = body < 0 ? -1 : html.indexOf(QLatin1Char('>'), body);
  const int bodyClose = html.lastIndexOf(QLatin1String("</body>"));
  if (bodyOpenEnd >= 0 && bodyClose > bodyOpenEnd)
    html = html.mid(bodyOpenEnd + 1, bodyClose - bodyOpenEnd - 1);
  return html.trimmed();
}

QString PassListModel::toolTipFor(const PassSnapshot &s) {
  // A fixed width makes Qt wrap the paragraphs instead of one long line.
  return QStringLiteral("<div style=\"width: 420px\"><p><b>%1</b> &mdash; <i>%2</i> "
                        "&mdash; %3 ms, %4</p>%5</div>")
      .arg(q(s.pass).toHtmlEscaped(), q(s.stage).toHtmlEscaped(), formatMs(s.wallMs),
           s.changed ? tr("changed the IR") : tr("changed nothing"),
           descriptionHtml(q(s.description)));
}
