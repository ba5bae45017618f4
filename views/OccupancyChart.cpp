//===- OccupancyChart.cpp - scratchpad bytes in use over time -------------===//

#include "OccupancyChart.h"

#include "models/AxisTicks.h"

#include "models/Bytes.h"
#include "ElidedLabel.h"
#include "ExportFolder.h"
#include "models/OccupancyModel.h"
#include "RunNoteBar.h"
#include "TileColors.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
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
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace {

constexpr int kTopLines = 6;    ///< stacked layers before "other lines"
constexpr int kLegendMax = 10;  ///< more series than this: no legend

bool darkPalette(const QWidget *w) {
  return w->palette().color(QPalette::Base).lightnessF() < 0.5;
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
  subtitle = new ElidedLabel(this);
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
  note = new RunNoteBar(this);
  note->setObjectName("occupancyNote");
  layout->addWidget(note);
  readout = new ElidedLabel(this);
  readout->setObjectName("occupancyReadout");
  readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
  readout->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  readout->setVisible(false);
  layout->addWidget(readout);

  chart = new QChart;
  chart->setMargins(QMargins(4, 4, 4, 4));
  // No frame of the graphics layout's own around the chart: in a short
  // dock those pixels are the plot's.
  if (chart->layout())
    chart->layout()->setContentsMargins(0, 0, 0, 0);
  chart->setBackgroundRoundness(0);
  chart->legend()->setAlignment(Qt::AlignRight);
  view = new QChartView(chart, this);
  view->setObjectName("occupancyChartView");
  view->setRenderHint(QPainter::Antialiasing);
  empty = new QLabel(this);
  empty->setObjectName("occupancyEmpty");
  empty->setAlignment(Qt::AlignCenter);
  empty->setWordWrap(true);
  setEmptyText(QString());
  pages = new QStackedWidget(this);
  pages->addWidget(empty);
  pages->addWidget(view);
  layout->addWidget(pages, 1);
  view->viewport()->installEventFilter(this);
  view->viewport()->setMouseTracking(false);
  view->setFocusPolicy(Qt::ClickFocus);
  rangeBox = new QGraphicsRectItem(chart);
  rangeBox->setZValue(50);
  rangeBox->setVisible(false);
  QColor band = palette().color(QPalette::Highlight);
  band.setAlphaF(0.18f);
  rangeBox->setBrush(band);
  rangeBox->setPen(QPen(palette().color(QPalette::Highlight), 1));
  // The peak's label: drawn by us, kept inside the plot area (a point
  // label of the series is centred on the point, over the axis' labels
  // when the peak is at the run's start).
  peakLabel = new QGraphicsSimpleTextItem(chart);
  peakLabel->setZValue(60);
  peakLabel->setVisible(false);
  cursorItem = new QGraphicsLineItem(chart);
  cursorItem->setZValue(55);
  cursorItem->setVisible(false);
  connect(chart, &QChart::plotAreaChanged, this,
          [this] { placeOverlay(); });
  // The view resizes the chart after this widget's resizeEvent: the ticks
  // for its new size.
  connect(chart, &QGraphicsWidget::geometryChanged, this, [this] { fitTicks(); });
  connect(&worker, &QFutureWatcher<OccupancyPlot>::finished, this,
          &OccupancyChart::takeWorkersPlot);

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

OccupancyChart::~OccupancyChart() { worker.waitForFinished(); }

void OccupancyChart::setBackgroundThreshold(int events) {
  threshold = std::max(events, 0);
}

QString OccupancyChart::subtitleText() const { return subtitle->fullText(); }

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
  subtitle->setFullText(text); // "…" where the dock is narrow, whole on hover
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

void OccupancyChart::resizeEvent(QResizeEvent *event) {
  QWidget::resizeEvent(event);
  fitToSize();
}

void OccupancyChart::fitToSize() {
  // The legend goes where the plot can spare it: below a tall narrow plot,
  // beside a short wide one (a legend row under a 150-pixel plot leaves
  // the axes no room and Qt Charts elides their labels to "...").
  const QSize room = view->size();
  Qt::Alignment where =
      room.width() >= 820 || room.width() > 2 * room.height() ? Qt::AlignRight
                                                               : Qt::AlignBottom;
  if (chart->legend()->alignment() != where)
    chart->legend()->setAlignment(where);
  // A short chart draws its axes and legend a point smaller.
  QFont small = font();
  if (room.height() < 300)
    small.setPointSizeF(std::max(7.0, small.pointSizeF() - 1));
  if (chart->legend()->font() != small)
    chart->legend()->setFont(small);
  // A short chart (a 1024x700 window) drops the time axis' title (the
  // readout above the plot names the unit): the plot gets that line.
  const bool roomForTitle = room.height() >= 230 || exporting;
  for (QAbstractAxis *axis : chart->axes()) {
    if (axis->labelsFont() != small)
      axis->setLabelsFont(small);
    if (axis->titleFont() != small)
      axis->setTitleFont(small);
    if (axis->orientation() == Qt::Horizontal && axis->isTitleVisible() != roomForTitle)
      axis->setTitleVisible(roomForTitle);
  }
  fitTicks();
  // In a narrow dock the dock's own title says "Scratchpad": the subtitle
  // gets the room.
  title->setVisible(width() >= 640);
}

void OccupancyChart::fitTicks() {
  if (shown.empty)
    return;
  // The plot's room, from the chart's size alone (not the plot area laid
  // out, which depends on the labels: the same size gives the same ticks,
  // in the dock and in every export): the chart less the time axis'
  // labels and margins, and the legend beside it.
  const QList<QAbstractAxis *> axes = chart->axes();
  if (axes.isEmpty())
    return;
  const QFontMetricsF metrics(axes.front()->labelsFont());
  const double line = metrics.height();
  const bool legendBeside = chart->legend()->isVisible() &&
                            chart->legend()->alignment() == Qt::AlignRight;
  const double high = chart->size().height() - 2.6 * line;
  const double wide = chart->size().width() * (legendBeside ? 0.7 : 0.95) - 5 * line;
  for (QAbstractAxis *axis : chart->axes()) {
    auto *value = qobject_cast<QValueAxis *>(axis);
    if (!value)
      continue;
    if (axis->orientation() == Qt::Vertical) {
      // Bytes: a tick per 1.8 lines at most (closer, Qt Charts draws each
      // label as "…"), whole bytes when the unit is
      // B, as many decimals as the step needs (a 128 B peak reads 0, 20,
      // ..., 140, not 0.1, 0.1, 0.1 KiB).
      const int most = std::clamp(int(high / (1.8 * line)) + 1, 2, 7);
      const AxisTicks ticks = AxisTicks::from0(
          shown.top * (shown.capacityShown ? 1.08 : 1.18), most,
          shown.unit == QLatin1String("B") ? 1 : 0);
      value->setRange(0, ticks.max);
      value->setTickCount(ticks.count);
      value->setLabelFormat(ticks.format());
    } else {
      // Time: each label and a gap of two characters apart.
      const double label =
          metrics.horizontalAdvance(QString::number(qint64(shown.end))) + 2 * line;
      const int most = std::clamp(int(wide / label) + 1, 2, 9);
      value->setTickInterval(AxisTicks::from0(shown.end, most, 1).step);
    }
  }
}

void OccupancyChart::setEmptyText(const QString &text) {
  empty->setText(text.isEmpty() ? tr("No run yet. Run the kernel (Run menu) on random "
                                     "inputs to see each core's scratchpad bytes in use "
                                     "here.")
                                : text);
}

QString OccupancyChart::emptyText() const { return empty->text(); }

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
  ++generation;
  bool hasData = source && !source->isEmpty();
  exportButton->setEnabled(hasData);
  if (!hasData) {
    display(OccupancyPlot());
    shownGeneration = generation;
    return;
  }
  std::shared_ptr<const OccupancyIndex> index = source->sharedIndex();
  if (int(index->trace().events.size()) < threshold) {
    display(OccupancyPlot::build(*index, core, columns, fitToData->isChecked(),
                              kTopLines));
    shownGeneration = generation;
    return;
  }
  if (!worker.isRunning())
    launch();
}

void OccupancyChart::launch() {
  launched = generation;
  std::shared_ptr<const OccupancyIndex> index = source->sharedIndex();
  int c = core, n = columns;
  bool fit = fitToData->isChecked();
  worker.setFuture(QtConcurrent::run([index, c, n, fit] {
    return OccupancyPlot::build(*index, c, n, fit, kTopLines);
  }));
}

void OccupancyChart::takeWorkersPlot() {
  if (launched == shownGeneration || !worker.future().isFinished())
    return;
  if (launched != generation) { // asked for something else meanwhile
    if (source && !source->isEmpty())
      launch();
    return;
  }
  shownGeneration = launched;
  display(worker.result());
}

bool OccupancyChart::isPreparing() const {
  return shownGeneration != generation;
}

void OccupancyChart::finishPreparing() {
  while (shownGeneration != generation && worker.isRunning()) {
    worker.waitForFinished();
    takeWorkersPlot();
  }
}

void OccupancyChart::display(const OccupancyPlot &plot) {
  chart->removeAllSeries();
  axesSeries = nullptr;
  for (QAbstractAxis *axis : chart->axes())
    chart->removeAxis(axis), delete axis;
  shown = plot;
  plotted = plot.points;
  pages->setCurrentIndex(plot.empty ? 0 : 1);
  if (plot.empty) {
    placeOverlay();
    Q_EMIT redrawn();
    return;
  }

  const bool dark = darkPalette(this);
  QChart::ChartTheme theme =
      dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
  if (chart->theme() != theme || !themed) // restyles every series: rarely
    chart->setTheme(theme), themed = true;
  chart->setBackgroundBrush(palette().color(QPalette::Base));
  chart->setBackgroundPen(Qt::NoPen);
  chart->setPlotAreaBackgroundVisible(false);
  QColor text = palette().color(QPalette::Text);
  const double scale = plot.scale;
  const double end = plot.end;
  const QString unit = plot.unit;

  auto *x = new QValueAxis;
  x->setRange(0, end);
  x->setLabelFormat("%d");
  // Whole ticks from 0 (fitTicks: as many as the plot's width has room
  // for), the axis ending where the run ends (nice numbers would carry it
  // up to 30 % past the end).
  x->setTickType(QValueAxis::TicksDynamic);
  x->setTickAnchor(0);
  // The capacity is named under the plot when it is above the scale (a
  // long axis title would be cut in a short dock).
  QString timeTitle =
      plot.cycles ? tr("cycle") : tr("scratchpad event on the core");
  if (!plot.capacityShown && plot.capacity > 0)
    timeTitle += tr(" · capacity %1 (off the scale)")
                     .arg(formatBytes(plot.capacity));
  x->setTitleText(timeTitle);
  auto *y = new QValueAxis;
  // Its range, ticks and their decimals: fitTicks.
  y->setTitleText(unit); // "in use" would be cut in a short dock
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
    if (!axesSeries)
      axesSeries = series; // maps values to the plot for the overlays
  };

  int seriesCount = 0;
  QLineSeries *lower = nullptr;
  for (const OccupancyPlot::Series &s : plot.series) {
    if (s.band) {
      // Every core's range: a faint band, under the fullest cores' lines.
      auto *high = new QLineSeries;
      high->replace(s.upper);
      auto *low = new QLineSeries;
      low->replace(s.lower);
      auto *band = new QAreaSeries(high, low);
      high->setParent(band);
      low->setParent(band);
      band->setName(s.name);
      QColor fill = text;
      fill.setAlphaF(dark ? 0.22f : 0.14f);
      band->setBrush(fill);
      QColor edge = text;
      edge.setAlphaF(0.35f);
      band->setPen(QPen(edge, 0.8));
      attach(band);
      ++seriesCount;
      continue;
    }
    if (!s.area) {
      // One line per core, in the colour of its id.
      auto *line = new QLineSeries;
      line->setName(s.name);
      QColor color = tilecolors::fill(s.key, false);
      line->setPen(QPen(dark ? color : color.darker(150), 1.4));
      // The points once the axes are attached: each attach would lay
      // out every point again (a third of the time for long series).
      attach(line);
      line->replace(s.upper);
      ++seriesCount;
      continue;
    }
    auto *upper = new QLineSeries;
    upper->replace(s.upper);
    auto *area = new QAreaSeries(upper, lower);
    upper->setParent(area);
    area->setName(s.name);
    // Pastel fills read on both backgrounds; "other groups" is grey. Styled
    // before it is added: every change after costs a new path.
    QColor fill = s.rest ? (dark ? QColor(0x80, 0x80, 0x80)
                                 : QColor(0xb4, 0xb4, 0xb4))
                         : tilecolors::fill(s.key, false);
    area->setBrush(fill);
    area->setPen(QPen(fill.darker(130), 1));
    attach(area);
    lower = new QLineSeries(area);
    lower->replace(s.upper);
    ++seriesCount;
  }

  // Capacity, then the peak.
  const uint64_t capacity = plot.capacity;
  if (plot.capacityShown) {
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
  const OccupancyIndex::Peak &peak = plot.peak;
  if (peak.core >= 0) {
    auto *mark = new QScatterSeries;
    QString where = plot.cycles ? tr("cycle %1").arg(formatCount(peak.time))
                                : tr("event %1").arg(formatCount(peak.time));
    // The point's label gives the bytes; the legend says where.
    mark->setName(core < 0 ? tr("peak: core %1, %2").arg(peak.core).arg(where)
                           : tr("peak: %1").arg(where));
    mark->append(double(peak.time), double(peak.bytes) * scale);
    mark->setMarkerSize(9);
    attach(mark);
    QColor accent = dark ? QColor(0xf0, 0xb0, 0x4a) : QColor(0xb8, 0x6e, 0x00);
    mark->setColor(accent);
    mark->setBorderColor(text);
    peakLabel->setText(tr("peak %1").arg(formatBytes(peak.bytes)));
    peakLabel->setBrush(text);
    peakLabel->setFont(font());
    peakAt = QPointF(double(peak.time), double(peak.bytes) * scale);
    ++seriesCount;
  } else {
    peakLabel->setText(QString());
  }
  // The current time: a line drawn over the plot (not a series: it is in
  // no legend and no export), moved without a rebuild.
  QColor now = dark ? QColor(0x6c, 0xb6, 0xff) : QColor(0x1a, 0x5f, 0xb4);
  cursorItem->setPen(QPen(now, 1.5));
  // Antialiasing thousands of staircase steps costs more than it shows.
  view->setRenderHint(QPainter::Antialiasing, plotted < 4000);
  chart->legend()->setVisible(seriesCount <= kLegendMax);
  chart->legend()->setLabelColor(text);
  fitToSize();
  chart->setToolTip(
      core < 0 ? tr("Each line is one core; choose a core to see its bytes "
                    "by %1. Drag to select a time range.")
                     .arg(plot.cycles ? tr("buffer") : tr("KTIR line"))
               : tr("Drag to select a time range; click to move the "
                    "current time there"));
  placeOverlay();
  Q_EMIT redrawn();
}

void OccupancyChart::placeOverlay() {
  bool drawn = !shown.empty && axesSeries;
  // The cursor, over the plot area's full height.
  cursorItem->setVisible(drawn && cursorAt && !exporting);
  if (cursorItem->isVisible()) {
    const QRectF area = chart->plotArea();
    const double t = std::min(double(*cursorAt), shown.end);
    const double x = std::clamp(chart->mapToPosition(QPointF(t, 0), axesSeries).x(),
                                area.left(), area.right());
    cursorItem->setLine(QLineF(x, area.top(), x, area.bottom()));
  }
  // The selected range, over the plot area's full height.
  if (drawn && range) {
    QRectF area = chart->plotArea();
    double left = chart->mapToPosition(QPointF(double(range->first), 0),
                                       axesSeries).x();
    double right = chart->mapToPosition(QPointF(double(range->second), 0),
                                        axesSeries).x();
    left = std::clamp(left, area.left(), area.right());
    right = std::clamp(right, area.left(), area.right());
    rangeBox->setRect(QRectF(QPointF(left, area.top()),
                             QPointF(right, area.bottom())));
    rangeBox->setVisible(true);
  } else {
    rangeBox->setVisible(false);
  }
  // The peak's label above its point (below it at the plot's top), moved
  // in from the plot's edges.
  peakLabel->setVisible(drawn && !peakLabel->text().isEmpty());
  if (peakLabel->isVisible()) {
    const QRectF area = chart->plotArea();
    const QPointF at = chart->mapToPosition(peakAt, axesSeries);
    const QRectF box = peakLabel->boundingRect();
    double x = at.x() - box.width() / 2;
    x = std::max(area.left() + 2, std::min(x, area.right() - box.width() - 2));
    double y = at.y() - box.height() - 5;
    if (y < area.top())
      y = at.y() + 6;
    peakLabel->setPos(x, y);
  }
  QString said = cursorText();
  readout->setFullText(said);
  readout->setVisible(!said.isEmpty());
}

QLineF OccupancyChart::cursorLineInScene() const {
  if (!cursorItem->isVisible())
    return QLineF();
  return QLineF(cursorItem->mapToScene(cursorItem->line().p1()),
                cursorItem->mapToScene(cursorItem->line().p2()));
}

double OccupancyChart::timeAxisEnd() const {
  for (QAbstractAxis *axis : chart->axes(Qt::Horizontal))
    if (auto *value = qobject_cast<QValueAxis *>(axis))
      return value->max();
  return 0;
}

QStringList OccupancyChart::axisLabels(Qt::Orientation which) const {
  QStringList labels;
  for (QAbstractAxis *axis : chart->axes(which)) {
    auto *value = qobject_cast<QValueAxis *>(axis);
    if (!value)
      continue;
    const QByteArray format = value->labelFormat().toLatin1();
    const bool dynamic = value->tickType() == QValueAxis::TicksDynamic;
    const double step = dynamic ? value->tickInterval()
                                : (value->max() - value->min()) / (value->tickCount() - 1);
    const int count = dynamic ? int(std::floor((value->max() - value->tickAnchor()) / step +
                                               1e-9)) + 1
                              : value->tickCount();
    const double from = dynamic ? value->tickAnchor() : value->min();
    for (int i = 0; i < count; ++i) {
      const double at = from + step * i;
      labels << (format.contains('d') ? QString::asprintf(format.constData(), int(at))
                                      : QString::asprintf(format.constData(), at));
    }
  }
  return labels;
}

QString OccupancyChart::axisTitle(Qt::Orientation which) const {
  const QList<QAbstractAxis *> axes = chart->axes(which);
  return axes.isEmpty() ? QString() : axes.front()->titleText();
}

QStringList OccupancyChart::seriesNames() const {
  QStringList names;
  for (QAbstractSeries *series : chart->series())
    names << series->name();
  return names;
}

QRectF OccupancyChart::peakLabelRect() const {
  return peakLabel->isVisible() ? peakLabel->sceneBoundingRect() : QRectF();
}

QRectF OccupancyChart::plotArea() const { return chart->mapRectToScene(chart->plotArea()); }

QString OccupancyChart::cursorText() const {
  if (!source || shown.empty)
    return {};
  QStringList parts;
  QString unit = shown.cycles ? tr("cycle") : tr("event");
  if (cursorAt) {
    uint64_t t = *cursorAt;
    auto valueAt = [&](int c) {
      return size_t(c) < cursorLevels.size() ? cursorLevels[size_t(c)]
                                             : source->valueAt(c, t);
    };
    if (core >= 0) {
      parts << tr("%1 %2: %3 in use on core %4")
                   .arg(unit, formatCount(t), formatBytes(valueAt(core)))
                   .arg(core);
    } else {
      int most = -1;
      uint64_t bytes = 0, total = 0;
      for (int c : source->activeCores()) {
        uint64_t v = valueAt(c);
        total += v;
        if (most < 0 || v > bytes)
          most = c, bytes = v;
      }
      if (total == 0)
        parts << tr("%1 %2: nothing in use").arg(unit, formatCount(t));
      else
        parts << tr("%1 %2: %3 in use on all cores, most on core %4 (%5)")
                     .arg(unit, formatCount(t), formatBytes(total))
                     .arg(most)
                     .arg(formatBytes(bytes));
    }
  }
  if (range)
    parts << tr("selected %1 %2–%3 (%4)")
                 .arg(shown.cycles ? tr("cycles") : tr("events"),
                      formatCount(range->first), formatCount(range->second),
                      formatCount(range->second - range->first));
  return parts.join(QStringLiteral(" · "));
}

void OccupancyChart::setCursorTime(quint64 time) {
  if (cursorAt == time)
    return;
  cursorAt = time;
  cursorLevels.clear();
  placeOverlay();
}

void OccupancyChart::setCursorLevels(std::vector<uint64_t> bytes) {
  if (cursorLevels == bytes)
    return;
  cursorLevels = std::move(bytes);
  placeOverlay();
}

void OccupancyChart::clearCursor() {
  cursorAt.reset();
  placeOverlay();
}

void OccupancyChart::selectRange(quint64 from, quint64 to) {
  if (from > to)
    std::swap(from, to);
  if (from == to)
    range.reset();
  else
    range = std::make_pair(uint64_t(from), uint64_t(to));
  placeOverlay();
}

std::optional<double> OccupancyChart::timeAtViewPoint(const QPoint &p) const {
  if (shown.empty || !axesSeries)
    return std::nullopt;
  QPointF at = chart->mapFromScene(view->mapToScene(p));
  QRectF area = chart->plotArea();
  if (at.x() < area.left() - 2 || at.x() > area.right() + 2)
    return std::nullopt;
  double t = chart->mapToValue(at, axesSeries).x();
  return std::clamp(t, 0.0, shown.end);
}

bool OccupancyChart::eventFilter(QObject *watched, QEvent *event) {
  if (watched != view->viewport())
    return QWidget::eventFilter(watched, event);
  switch (event->type()) {
  case QEvent::MouseButtonPress: {
    auto *mouse = static_cast<QMouseEvent *>(event);
    if (mouse->button() != Qt::LeftButton)
      break;
    dragFrom = timeAtViewPoint(mouse->position().toPoint());
    dragStart = mouse->position().toPoint();
    view->setFocus(Qt::MouseFocusReason);
    return dragFrom.has_value();
  }
  case QEvent::MouseMove: {
    auto *mouse = static_cast<QMouseEvent *>(event);
    if (!dragFrom || !(mouse->buttons() & Qt::LeftButton))
      break;
    if ((mouse->position().toPoint() - dragStart).manhattanLength() < 4)
      return true;
    if (auto t = timeAtViewPoint(mouse->position().toPoint())) {
      auto [lo, hi] = std::minmax(*dragFrom, *t);
      range = std::make_pair(uint64_t(std::llround(lo)),
                             uint64_t(std::llround(hi)));
      placeOverlay();
    }
    return true;
  }
  case QEvent::MouseButtonRelease: {
    auto *mouse = static_cast<QMouseEvent *>(event);
    if (!dragFrom || mouse->button() != Qt::LeftButton)
      break;
    std::optional<double> from = dragFrom;
    dragFrom.reset();
    bool dragged =
        (mouse->position().toPoint() - dragStart).manhattanLength() >= 4;
    if (dragged && range && range->first < range->second) {
      Q_EMIT rangeSelected(range->first, range->second);
    } else if (!dragged) {
      Q_EMIT timeClicked(quint64(std::llround(*from)));
    }
    return true;
  }
  case QEvent::MouseButtonDblClick:
  case QEvent::KeyPress:
    if (event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->key() != Qt::Key_Escape)
      break;
    if (range) {
      range.reset();
      placeOverlay();
      Q_EMIT rangeCleared();
      return true;
    }
    break;
  default:
    break;
  }
  return QWidget::eventFilter(watched, event);
}

void OccupancyChart::renderAt(QSize size,
                              const std::function<void(const QRectF &)> &paint) {
  // The dock may be small; the file is not: lay the chart out at `size`,
  // titled with what ran, draw it, and put it back as it was.
  const QSizeF before = chart->size();
  const Qt::Alignment legendBefore = chart->legend()->alignment();
  const QFont legendFont = chart->legend()->font();
  QString heading = tr("Scratchpad occupancy");
  if (!subtitle->fullText().isEmpty())
    heading += QStringLiteral(" — ") + subtitle->fullText();
  if (core >= 0)
    heading += tr(" · core %1").arg(core);
  chart->setTitle(heading);
  chart->legend()->setAlignment(size.width() >= 820 ? Qt::AlignRight : Qt::AlignBottom);
  chart->legend()->setFont(font());
  for (QAbstractAxis *axis : chart->axes())
    axis->setLabelsFont(font()), axis->setTitleFont(font()), axis->setTitleVisible(true);
  chart->resize(QSizeF(size));
  if (chart->layout())
    chart->layout()->activate();
  fitTicks();
  // The file is a picture of the run: no cursor, no selection.
  exporting = true;
  placeOverlay(); // the peak's label at this size's plot area
  const bool rangeShown = rangeBox->isVisible();
  rangeBox->setVisible(false);
  paint(chart->geometry());
  rangeBox->setVisible(rangeShown);
  exporting = false;
  chart->setTitle(QString());
  chart->legend()->setAlignment(legendBefore);
  chart->legend()->setFont(legendFont);
  chart->resize(before);
  if (chart->layout())
    chart->layout()->activate();
  fitToSize();
  placeOverlay();
}

namespace {
/// A file is at least this big, whatever the dock's size.
QSize exportSize(const QSize &shown) {
  return shown.expandedTo(QSize(1000, 520));
}
} // namespace

bool OccupancyChart::exportPng(const QString &path) {
  finishPreparing();
  if (!source || source->isEmpty())
    return false;
  const QSize size = exportSize(view->isVisible() ? view->size() : QSize());
  QImage image(size * 2, QImage::Format_ARGB32);
  image.setDevicePixelRatio(2);
  image.fill(palette().color(QPalette::Base));
  renderAt(size, [&](const QRectF &source) {
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    view->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), source);
  });
  return image.save(path, "PNG");
}

bool OccupancyChart::exportSvg(const QString &path) {
  finishPreparing();
  if (!source || source->isEmpty())
    return false;
  const QSize size = exportSize(view->isVisible() ? view->size() : QSize());
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(size);
  svg.setViewBox(QRect(QPoint(0, 0), size));
  svg.setTitle(tr("Scratchpad occupancy"));
  svg.setDescription(subtitle->fullText());
  bool ok = false;
  renderAt(size, [&](const QRectF &source) {
    QPainter painter;
    if (!painter.begin(&svg))
      return;
    painter.fillRect(QRect(QPoint(0, 0), size), palette().color(QPalette::Base));
    view->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), source);
    ok = painter.end();
  });
  return ok;
}

void OccupancyChart::chooseExport() {
  QString path = ExportFolder::askSave(this, tr("Export chart"), QStringLiteral("occupancy.png"),
                                       tr("PNG image (*.png);;SVG drawing (*.svg)"));
  if (path.isEmpty())
    return;
  if (path.endsWith(".svg", Qt::CaseInsensitive))
    exportSvg(path);
  else
    exportPng(path.endsWith(".png", Qt::CaseInsensitive) ? path
                                                         : path + ".png");
}
