//===- OccupancyChart.cpp - scratchpad bytes in use over time -------------===//

#include "OccupancyChart.h"

#include "Bytes.h"
#include "OccupancyModel.h"
#include "SeriesDecimator.h"
#include "TileColors.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMenu>
#include <QPainter>
#include <QScatterSeries>
#include <QStackedWidget>
#include <QSvgGenerator>
#include <QToolButton>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace {

constexpr int kTopLines = 6;    ///< stacked layers before "other lines"
constexpr int kLegendMax = 10;  ///< more series than this: no legend

bool darkPalette(const QWidget *w) {
  return w->palette().color(QPalette::Base).lightnessF() < 0.5;
}

/// A staircase through the kept samples: each value holds until the next
/// sample's time (bytes in use change at events, not between them).
QList<QPointF> staircase(const std::vector<double> &x,
                         const std::vector<double> &y,
                         const std::vector<size_t> &kept, double scale) {
  QList<QPointF> points;
  points.reserve(qsizetype(kept.size() * 2 + 1));
  points.append(QPointF(0, 0));
  double previous = 0;
  for (size_t i : kept) {
    points.append(QPointF(x[i], previous * scale));
    previous = y[i];
    points.append(QPointF(x[i], previous * scale));
  }
  return points;
}

} // namespace

OccupancyChart::OccupancyChart(QWidget *parent) : QWidget(parent) {
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(2);
  auto *top = new QHBoxLayout;
  title = new QLabel(tr("Scratchpad occupancy"), this);
  QFont bold = title->font();
  bold.setBold(true);
  title->setFont(bold);
  subtitle = new QLabel(this);
  subtitle->setObjectName("occupancySubtitle");
  subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // It gives way to the controls in a narrow window (whole on hover).
  subtitle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  subtitle->setMinimumWidth(0);
  coreBox = new QComboBox(this);
  coreBox->setObjectName("occupancyCore");
  coreBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  fitToData = new QCheckBox(tr("Fit to data"), this);
  fitToData->setObjectName("occupancyFit");
  fitToData->setChecked(true);
  fitToData->setToolTip(
      tr("Scale the bytes axis to the peak (when it is under half the "
         "capacity) instead of the capacity"));
  exportButton = new QToolButton(this);
  exportButton->setObjectName("occupancyExport");
  exportButton->setText(tr("Export…"));
  exportButton->setToolTip(tr("Save the chart as PNG or SVG"));
  top->addWidget(title);
  top->addWidget(subtitle, 1);
  top->addWidget(coreBox);
  top->addWidget(fitToData);
  top->addWidget(exportButton);
  layout->addLayout(top);

  chart = new QChart;
  chart->setMargins(QMargins(4, 4, 4, 4));
  chart->setBackgroundRoundness(0);
  chart->legend()->setAlignment(Qt::AlignRight);
  view = new QChartView(chart, this);
  view->setObjectName("occupancyChartView");
  view->setRenderHint(QPainter::Antialiasing);
  empty = new QLabel(this);
  empty->setObjectName("occupancyEmpty");
  empty->setAlignment(Qt::AlignCenter);
  empty->setWordWrap(true);
  empty->setText(tr("No run yet. Run ▸ Run on Interpreter (F5) runs the "
                    "kernel on random inputs and draws each core's "
                    "scratchpad bytes in use here."));
  pages = new QStackedWidget(this);
  pages->addWidget(empty);
  pages->addWidget(view);
  layout->addWidget(pages, 1);

  connect(coreBox, qOverload<int>(&QComboBox::activated), this, [this](int) {
    int chosen = coreBox->currentData().toInt();
    setFocusedCore(chosen);
    Q_EMIT coreChosen(chosen);
  });
  connect(fitToData, &QCheckBox::toggled, this, &OccupancyChart::redraw);
  connect(exportButton, &QToolButton::clicked, this,
          &OccupancyChart::chooseExport);
  redraw();
}

void OccupancyChart::setModel(OccupancyModel *model) {
  if (source)
    disconnect(source, nullptr, this, nullptr);
  source = model;
  if (source)
    connect(source, &QAbstractItemModel::modelReset, this,
            &OccupancyChart::redraw);
  redraw();
}

void OccupancyChart::setSubtitle(const QString &text) {
  subtitle->setText(text);
  subtitle->setToolTip(text);
}

void OccupancyChart::setColumns(int n) {
  columns = std::max(1, n);
  redraw();
}

void OccupancyChart::setFocusedCore(int newCore) {
  if (newCore == core)
    return;
  core = newCore;
  redraw();
}

void OccupancyChart::changeEvent(QEvent *event) {
  if (event->type() == QEvent::PaletteChange)
    redraw();
  QWidget::changeEvent(event);
}

void OccupancyChart::rebuildCoreBox() {
  QSignalBlocker quiet(coreBox);
  coreBox->clear();
  coreBox->addItem(tr("All cores"), -1);
  if (source)
    for (int c : source->activeCores())
      coreBox->addItem(tr("Core %1").arg(c), c);
  int at = coreBox->findData(core);
  coreBox->setCurrentIndex(at < 0 ? 0 : at);
}

void OccupancyChart::redraw() {
  rebuildCoreBox();
  chart->removeAllSeries();
  for (QAbstractAxis *axis : chart->axes())
    chart->removeAxis(axis), delete axis;
  plotted = 0;
  bool hasData = source && !source->isEmpty();
  pages->setCurrentIndex(hasData ? 1 : 0);
  exportButton->setEnabled(hasData);
  if (!hasData)
    return;

  const bool dark = darkPalette(this);
  chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
  chart->setBackgroundBrush(palette().color(QPalette::Base));
  chart->setBackgroundPen(Qt::NoPen);
  chart->setPlotAreaBackgroundVisible(false);
  QColor text = palette().color(QPalette::Text);

  const auto &events = source->trace().events;
  uint64_t capacity = source->trace().capacityBytes;
  OccupancyModel::Peak peak = source->peak(core);
  if (core >= 0 && peak.core < 0) // a core without events
    peak = {};
  // Fitted, the axis still reaches the capacity when the peak is within
  // half of it; otherwise the capacity is named in the axis title.
  bool fit = fitToData->isChecked() || capacity == 0;
  uint64_t top = fit && peak.bytes * 2 < capacity
                     ? std::max<uint64_t>(peak.bytes, 1)
                     : std::max(capacity, peak.bytes);
  bool capacityShown = capacity > 0 && top >= capacity;
  bool mib = top >= 1024 * 1024;
  double scale = 1.0 / (mib ? 1024.0 * 1024.0 : 1024.0);
  QString unit = mib ? tr("MiB") : tr("KiB");
  double end = double(std::max<uint64_t>(source->endTime(), 1));

  auto *x = new QValueAxis;
  x->setRange(0, end);
  x->setLabelFormat("%d");
  // Whole ticks: a short run gets one per step, a long one round numbers.
  if (end <= 6)
    x->setTickCount(int(end) + 1);
  else
    x->applyNiceNumbers();
  x->setTitleText(source->trace().timeUnit == "cycle"
                      ? tr("cycle")
                      : tr("scratchpad event on the core"));
  auto *y = new QValueAxis;
  y->setRange(0, double(top) * scale * (capacityShown ? 1.08 : 1.18));
  y->applyNiceNumbers();
  y->setLabelFormat(mib ? "%.2f" : "%.0f");
  y->setTitleText(capacityShown ? tr("%1 in use").arg(unit)
                                : tr("%1 in use (of %2)")
                                      .arg(unit, formatBytes(capacity)));
  for (QValueAxis *axis : {x, y}) {
    axis->setLabelsColor(text);
    axis->setTitleBrush(text);
    QColor grid = text;
    grid.setAlphaF(0.12f);
    axis->setGridLineColor(grid);
  }
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  auto attach = [&](QAbstractSeries *series) {
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
  };

  int seriesCount = 0;
  if (core < 0) {
    // One line per core, in the colour of its id.
    for (int c : source->activeCores()) {
      const std::vector<size_t> &rows = source->eventsOf(c);
      std::vector<double> t(rows.size()), v(rows.size());
      for (size_t i = 0; i < rows.size(); ++i) {
        t[i] = double(events[rows[i]].time);
        v[i] = double(events[rows[i]].inUse);
      }
      auto *line = new QLineSeries;
      line->setName(tr("core %1").arg(c));
      QList<QPointF> points =
          staircase(t, v, decimate::keep(t, v, std::max(1, columns / 2)),
                    scale);
      plotted += int(points.size());
      line->replace(points);
      attach(line);
      QColor color = tilecolors::fill(c, false);
      line->setPen(QPen(dark ? color : color.darker(150), 1.4));
      ++seriesCount;
    }
  } else {
    // The chosen core stacked by allocating line.
    std::vector<OccupancyModel::Layer> layers =
        source->layers(core, kTopLines);
    const std::vector<size_t> &rows = source->eventsOf(core);
    std::vector<double> t(rows.size()), total(rows.size(), 0);
    for (size_t i = 0; i < rows.size(); ++i)
      t[i] = double(events[rows[i]].time);
    for (const auto &layer : layers)
      for (size_t i = 0; i < rows.size(); ++i)
        total[i] += layer.bytes[i];
    // Areas cost far more to fill than lines to stroke: fewer samples
    // (each keeps the column's extremes of the total).
    std::vector<size_t> kept =
        decimate::keep(t, total, std::max(1, columns / 6));
    std::vector<double> below(rows.size(), 0);
    QLineSeries *lower = nullptr;
    for (size_t k = 0; k < layers.size(); ++k) {
      std::vector<double> upperValues(rows.size());
      for (size_t i = 0; i < rows.size(); ++i)
        upperValues[i] = below[i] + layers[k].bytes[i];
      auto *upper = new QLineSeries;
      QList<QPointF> points = staircase(t, upperValues, kept, scale);
      plotted += int(points.size());
      upper->replace(points);
      auto *area = new QAreaSeries(upper, lower);
      upper->setParent(area);
      area->setName(layers[k].label);
      attach(area);
      // Pastel fills read on both backgrounds; "other lines" is grey.
      QColor fill = layers[k].line < 0
                        ? (dark ? QColor(0x80, 0x80, 0x80)
                                : QColor(0xb4, 0xb4, 0xb4))
                        : tilecolors::fill(int(k), false);
      area->setBrush(fill);
      area->setPen(QPen(fill.darker(130), 1));
      lower = new QLineSeries(area);
      lower->replace(points);
      below = upperValues;
      ++seriesCount;
    }
  }

  // Capacity, then the peak.
  if (capacityShown) {
    auto *limit = new QLineSeries;
    limit->setName(tr("capacity %1").arg(formatBytes(capacity)));
    limit->append(0, double(capacity) * scale);
    limit->append(end, double(capacity) * scale);
    attach(limit);
    QColor red = dark ? QColor(0xff, 0x70, 0x70) : QColor(0xc0, 0x20, 0x20);
    limit->setPen(QPen(red, 1.6, Qt::DashLine));
    ++seriesCount;
    // Its label on the line itself (the legend hides with many cores).
    auto *label = new QScatterSeries;
    label->append(end * 0.9, double(capacity) * scale);
    label->setMarkerSize(1);
    attach(label);
    label->setColor(Qt::transparent);
    label->setBorderColor(Qt::transparent);
    label->setPointLabelsVisible(true);
    label->setPointLabelsColor(red);
    label->setPointLabelsClipping(false);
    label->setPointLabelsFormat(tr("capacity %1").arg(formatBytes(capacity)));
    chart->legend()->markers(label).first()->setVisible(false);
  }
  if (peak.core >= 0) {
    auto *mark = new QScatterSeries;
    QString where = source->trace().timeUnit == "cycle"
                        ? tr("cycle %1").arg(peak.time)
                        : tr("event %1").arg(peak.time);
    mark->setName(tr("peak %1 on core %2 at %3")
                      .arg(formatBytes(peak.bytes))
                      .arg(peak.core)
                      .arg(where));
    mark->append(double(peak.time), double(peak.bytes) * scale);
    mark->setMarkerSize(9);
    attach(mark);
    QColor accent = dark ? QColor(0xf0, 0xb0, 0x4a) : QColor(0xb8, 0x6e, 0x00);
    mark->setColor(accent);
    mark->setBorderColor(text);
    mark->setPointLabelsVisible(true);
    mark->setPointLabelsColor(text);
    mark->setPointLabelsClipping(false);
    mark->setPointLabelsFormat(tr("peak %1").arg(formatBytes(peak.bytes)));
    ++seriesCount;
  }
  // Antialiasing thousands of staircase steps costs more than it shows.
  view->setRenderHint(QPainter::Antialiasing, plotted < 4000);
  chart->legend()->setVisible(seriesCount <= kLegendMax);
  chart->legend()->setLabelColor(text);
  chart->setToolTip(core < 0 ? tr("Each line is one core; choose a core to "
                                  "see its bytes by KTIR line")
                             : QString());
}

bool OccupancyChart::exportPng(const QString &path) {
  if (!source || source->isEmpty())
    return false;
  QSize size = view->isVisible() ? view->size() : QSize(1000, 560);
  if (!view->isVisible())
    view->resize(size), chart->resize(size);
  QImage image(size * 2, QImage::Format_ARGB32);
  image.setDevicePixelRatio(2);
  image.fill(palette().color(QPalette::Base));
  {
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    view->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)),
                          chart->geometry());
  }
  return image.save(path, "PNG");
}

bool OccupancyChart::exportSvg(const QString &path) {
  if (!source || source->isEmpty())
    return false;
  QSize size = view->isVisible() ? view->size() : QSize(1000, 560);
  if (!view->isVisible())
    view->resize(size), chart->resize(size);
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(size);
  svg.setViewBox(QRect(QPoint(0, 0), size));
  svg.setTitle(tr("Scratchpad occupancy"));
  svg.setDescription(subtitle->text());
  QPainter painter;
  if (!painter.begin(&svg))
    return false;
  painter.fillRect(QRect(QPoint(0, 0), size), palette().color(QPalette::Base));
  view->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)),
                        chart->geometry());
  return painter.end();
}

void OccupancyChart::chooseExport() {
  QString path = QFileDialog::getSaveFileName(
      this, tr("Export chart"), QStringLiteral("occupancy.png"),
      tr("PNG image (*.png);;SVG drawing (*.svg)"));
  if (path.isEmpty())
    return;
  if (path.endsWith(".svg", Qt::CaseInsensitive))
    exportSvg(path);
  else
    exportPng(path.endsWith(".png", Qt::CaseInsensitive) ? path
                                                         : path + ".png");
}
