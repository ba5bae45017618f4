//===- NumericsDock.cpp - where the rounding goes, per output -------------===//

#include "NumericsDock.h"

#include "RunSummary.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QSplitter>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using spyre::driver::JudgedElement;
using spyre::driver::OutputVerdict;
using spyre::driver::Verdict;

namespace {

bool paletteIsDark(const QWidget *w) {
  return w->palette().color(QPalette::Base).lightnessF() < 0.5;
}

QString coordsText(const std::vector<int64_t> &c) {
  QStringList parts;
  for (int64_t x : c)
    parts << QString::number(x);
  return "[" + parts.join(", ") + "]";
}

QString ulpsText(double x) {
  if (std::isinf(x))
    return QStringLiteral("∞");
  return QString::number(x, 'g', x < 10 ? 2 : 4);
}

} // namespace

NumericsDock::NumericsDock(QWidget *parent)
    : QDockWidget(tr("Numerics"), parent) {
  setObjectName("numericsDock");
  auto *body = new QWidget(this);
  auto *layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 4, 4, 4);
  auto *top = new QHBoxLayout;
  outputs = new QComboBox(body);
  outputs->setObjectName("numericsOutput");
  outputs->setToolTip(tr("The output whose elements are shown"));
  top->addWidget(new QLabel(tr("Output:"), body));
  top->addWidget(outputs);
  subtitle = new QLabel(body);
  subtitle->setObjectName("numericsSubtitle");
  top->addWidget(subtitle, 1);
  layout->addLayout(top);
  heading = new QLabel(body);
  heading->setObjectName("numericsVerdict");
  heading->setWordWrap(true);
  heading->setTextFormat(Qt::RichText);
  layout->addWidget(heading);

  chart = new QChart;
  chart->legend()->setAlignment(Qt::AlignBottom);
  chart->setMargins(QMargins(2, 2, 2, 2));
  chartView = new QChartView(chart, body);
  chartView->setObjectName("numericsHistogram");
  chartView->setRenderHint(QPainter::Antialiasing);
  chartView->setMinimumSize(240, 120);
  chartView->setToolTip(tr("Elements by their error in ulps of the element type at "
                           "the f64 shadow: blue within their bound, red outside "
                           "it; grey: where the elements' bounds lie"));
  chartView->installEventFilter(this);
  table = new QTableWidget(body);
  table->setMinimumSize(240, 80);
  table->setObjectName("numericsWorst");
  table->setColumnCount(9);
  table->setHorizontalHeaderLabels({tr("Element"), tr("Emulator"),
                                    tr("Interpreter"), tr("Shadow"),
                                    tr("Error (ulps)"), tr("Bound (ulps)"),
                                    tr("Line"), tr("Stored by"), tr("Core")});
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  table->setSelectionMode(QAbstractItemView::SingleSelection);
  table->verticalHeader()->setVisible(false);
  table->horizontalHeader()->setStretchLastSection(true);
  table->setToolTip(tr("The worst elements. Click one to move the run to the "
                       "event that stored it and show its KTIR line."));
  split = new QSplitter(Qt::Horizontal, body);
  split->setObjectName("numericsSplit");
  split->addWidget(chartView);
  split->addWidget(table);
  split->setChildrenCollapsible(false);
  layout->addWidget(split, 1);
  setWidget(body);

  connect(outputs, &QComboBox::currentIndexChanged, this,
          [this](int i) { showOutput(i); });
  connect(table, &QTableWidget::cellClicked, this,
          [this](int row, int) { activateRow(row); });
  clear();
}

void NumericsDock::clear(const QString &text) {
  shown = {};
  current = -1;
  binned.clear();
  outputs->blockSignals(true);
  outputs->clear();
  outputs->blockSignals(false);
  subtitle->clear();
  heading->setText(text.isEmpty()
                       ? tr("No judged run yet. Run the kernel (F5): each "
                            "output is judged against the interpreter's f64 "
                            "shadow (exact, within rounding, or WRONG).")
                       : text.toHtmlEscaped());
  chart->removeAllSeries();
  for (QAbstractAxis *axis : chart->axes())
    chart->removeAxis(axis);
  table->setRowCount(0);
}

void NumericsDock::setVerdict(const spyre::driver::NumericsVerdict &verdict,
                              const QString &sub) {
  QString before = currentOutput();
  clear();
  shown = verdict;
  subtitle->setText(sub);
  if (shown.outputs.empty()) {
    heading->setText(tr("The run has no outputs to judge."));
    return;
  }
  outputs->blockSignals(true);
  // The output shown before, else the one with the worst verdict (the
  // first of them): inputs read back are exact.
  int select = 0, kept = -1;
  for (size_t i = 0; i < shown.outputs.size(); ++i) {
    QString name = QString::fromStdString(shown.outputs[i].name);
    outputs->addItem(name);
    if (name == before)
      kept = int(i);
    if (shown.outputs[i].verdict > shown.outputs[size_t(select)].verdict)
      select = int(i);
  }
  if (kept >= 0)
    select = kept;
  outputs->setCurrentIndex(select);
  outputs->blockSignals(false);
  showOutput(select);
}

QString NumericsDock::currentOutput() const {
  return current >= 0 ? QString::fromStdString(shown.outputs[size_t(current)].name)
                      : QString();
}

bool NumericsDock::selectOutput(const QString &name) {
  int i = outputs->findText(name);
  if (i < 0)
    return false;
  outputs->setCurrentIndex(i);
  showOutput(i);
  return true;
}

QString NumericsDock::verdictText() const {
  return current >= 0 ? QString::fromStdString(shown.outputs[size_t(current)].text)
                      : heading->text();
}

void NumericsDock::showOutput(int index) {
  if (index < 0 || size_t(index) >= shown.outputs.size())
    return;
  current = index;
  const OutputVerdict &o = shown.outputs[size_t(index)];
  heading->setText(QStringLiteral("<span style='color:%1'>%2</span>")
                       .arg(RunSummary::verdictColor(o.verdict, paletteIsDark(this)),
                            QString::fromStdString(o.text).toHtmlEscaped()));
  binned = histogram(o);
  fillChart();
  fillTable();
}

std::vector<NumericsDock::Bin>
NumericsDock::histogram(const OutputVerdict &o) {
  // Bins by powers of two of ulps: 0, (0, 1/2], (1/2, 1], (1, 2], ..., up
  // to the largest finite error or bound, then the unbounded.
  double top = 0.5;
  for (size_t i = 0; i < o.errorUlps.size(); ++i) {
    if (std::isfinite(o.errorUlps[i]))
      top = std::max(top, double(o.errorUlps[i]));
    if (std::isfinite(o.boundUlps[i]))
      top = std::max(top, double(o.boundUlps[i]));
  }
  top = std::min(top, std::ldexp(1.0, 40));
  std::vector<Bin> bins;
  bins.push_back({QStringLiteral("0"), 0});
  // Labelled by their upper ends, short enough for a narrow chart.
  for (double upper = 0.5; upper < top * 2; upper *= 2)
    bins.push_back({upper == 0.5 ? QStringLiteral("½") : QString::number(upper), upper});
  bins.push_back({QStringLiteral("∞"), INFINITY});
  auto binOf = [&](double x) {
    if (x <= 0)
      return size_t(0);
    for (size_t b = 1; b < bins.size(); ++b)
      if (x <= bins[b].upper)
        return b;
    return bins.size() - 1;
  };
  for (size_t i = 0; i < o.errorUlps.size(); ++i) {
    bool in = !(o.errorUlps[i] > o.boundUlps[i] * (1 + 1e-6));
    Bin &e = bins[binOf(o.errorUlps[i])];
    (in ? e.within : e.outside) += 1;
    bins[binOf(o.boundUlps[i])].bounds += 1;
  }
  // Trailing bins nobody falls in are left out (the unbounded one too).
  while (bins.size() > 2 && bins.back().within + bins.back().outside +
                                    bins.back().bounds == 0)
    bins.pop_back();
  return bins;
}

void NumericsDock::fillChart() {
  chart->removeAllSeries();
  for (QAbstractAxis *axis : chart->axes())
    chart->removeAxis(axis);
  bool dark = paletteIsDark(this);
  auto *series = new QBarSeries;
  auto *within = new QBarSet(tr("errors within bound"));
  auto *outside = new QBarSet(tr("errors outside bound"));
  auto *bounds = new QBarSet(tr("bounds"));
  within->setColor(dark ? QColor("#6fa8dc") : QColor("#2f6fb0"));
  outside->setColor(dark ? QColor("#ff8080") : QColor("#b02020"));
  bounds->setColor(dark ? QColor("#777e86") : QColor("#b8bec6"));
  QStringList labels;
  int most = 1;
  for (const Bin &b : binned) {
    *within << b.within;
    *outside << b.outside;
    *bounds << b.bounds;
    labels << b.label;
    most = std::max({most, b.within, b.outside, b.bounds});
  }
  series->append(within);
  series->append(outside);
  series->append(bounds);
  chart->addSeries(series);
  auto *x = new QBarCategoryAxis;
  x->append(labels);
  x->setTitleText(tr("error in ulps at the shadow (each bin up to its label)"));
  auto *y = new QValueAxis;
  y->setRange(0, most);
  y->setLabelFormat("%d");
  y->setTitleText(tr("elements"));
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  series->attachAxis(x);
  series->attachAxis(y);
  chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
  within->setColor(dark ? QColor("#6fa8dc") : QColor("#2f6fb0"));
  outside->setColor(dark ? QColor("#ff8080") : QColor("#b02020"));
  bounds->setColor(dark ? QColor("#777e86") : QColor("#b8bec6"));
  fitChart();
}

void NumericsDock::fitChart() {
  // A short or narrow chart (the dock tabbed below the editor at 1024x700)
  // keeps its bars: the legend and the axis titles go first (the chart's
  // tooltip says what the colours are).
  bool roomy = chartView->height() >= 220 && chartView->width() >= 360;
  bool tall = chartView->height() >= 170;
  chart->legend()->setVisible(roomy);
  QFont small = font();
  if (!tall && small.pointSizeF() > 0) // (a font set in pixels keeps its size)
    small.setPointSizeF(small.pointSizeF() * 0.8);
  for (QAbstractAxis *axis : chart->axes()) {
    axis->setTitleVisible(tall);
    axis->setLabelsFont(small);
    // Three counts on the value axis where there is room for little more.
    if (auto *values = qobject_cast<QValueAxis *>(axis))
      values->setTickCount(tall ? 5 : 3);
  }
}

bool NumericsDock::histogramLegendShown() const {
  return chart->legend()->isVisible();
}

bool NumericsDock::histogramAxisTitlesShown() const {
  const QList<QAbstractAxis *> axes = chart->axes();
  return !axes.isEmpty() && std::all_of(axes.begin(), axes.end(), [](QAbstractAxis *a) {
    return a->isTitleVisible();
  });
}

bool NumericsDock::histogramHasBars() const { return !chart->series().isEmpty(); }

bool NumericsDock::eventFilter(QObject *watched, QEvent *event) {
  if (watched == chartView && event->type() == QEvent::Resize)
    fitChart();
  return QDockWidget::eventFilter(watched, event);
}

void NumericsDock::fillTable() {
  const OutputVerdict &o = shown.outputs[size_t(current)];
  table->setRowCount(int(o.worstElements.size()));
  for (size_t r = 0; r < o.worstElements.size(); ++r) {
    const JudgedElement &e = o.worstElements[r];
    QStringList cells = {
        coordsText(e.coords),
        QString::number(e.candidate, 'g', 7),
        QString::number(e.reference, 'g', 7),
        QString::number(e.shadow, 'g', 9),
        ulpsText(e.errorUlps),
        ulpsText(e.boundUlps),
        e.line > 0 ? QString::number(e.line) : QStringLiteral("—"),
        e.storeLine > 0 ? QString::number(e.storeLine) : QStringLiteral("—"),
        e.core >= 0 ? QString::number(e.core) : QStringLiteral("—")};
    bool out = e.errorUlps > e.boundUlps;
    for (int c = 0; c < cells.size(); ++c) {
      auto *item = new QTableWidgetItem(cells[c]);
      if (c > 0)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      if (out && o.verdict == Verdict::Wrong)
        item->setForeground(
            QColor(RunSummary::verdictColor(Verdict::Wrong, paletteIsDark(this))));
      table->setItem(int(r), c, item);
    }
  }
  table->resizeColumnsToContents();
}

void NumericsDock::activateRow(int row) {
  if (current < 0)
    return;
  const OutputVerdict &o = shown.outputs[size_t(current)];
  if (row < 0 || size_t(row) >= o.worstElements.size())
    return;
  table->selectRow(row);
  Q_EMIT elementActivated(o.worstElements[size_t(row)]);
}

void NumericsDock::resizeEvent(QResizeEvent *event) {
  QDockWidget::resizeEvent(event);
  // Side by side in a wide dock (tabbed below the editor), one above the
  // other in a tall one (beside it); the chart gets a little more room.
  QSize size = event->size();
  Qt::Orientation want =
      size.width() >= 2 * size.height() ? Qt::Horizontal : Qt::Vertical;
  if (want == split->orientation() && laidOut)
    return;
  split->setOrientation(want);
  int length = want == Qt::Horizontal ? size.width() : size.height();
  split->setSizes({length * 11 / 20, length - length * 11 / 20});
  laidOut = true;
}

void NumericsDock::changeEvent(QEvent *event) {
  QDockWidget::changeEvent(event);
  if (event->type() == QEvent::PaletteChange && current >= 0)
    showOutput(current);
}
