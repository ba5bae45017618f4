//===- OccupancyChart.h - scratchpad bytes in use over time -----*- C++ -*-===//
//
// Our chart widget over an OccupancyModel. It hides the chart library (Qt
// Charts today, deprecated after Qt 6.10): nothing outside this class
// names a Qt Charts type, so the backend can change without touching the
// app. With no core chosen it draws one line per core; for a chosen core
// it stacks the bytes by allocating KTIR line or LX buffer (the largest
// few, then the rest). Always: the capacity line and the peak, marked.
// Long series are decimated to a few points per pixel column; the points
// are prepared by OccupancyPlot, on a worker thread for long traces, so a
// redraw of 100k events does not stall the GUI.
//
// During a run the current time is a vertical cursor with the bytes in
// use there; dragging across the plot selects a time range
// (rangeSelected), a click asks to move the current time there
// (timeClicked), Escape or a double click clears the range.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_OCCUPANCYCHART_H
#define SPYRE_VIEWS_OCCUPANCYCHART_H

#include "models/OccupancyPlot.h"

#include <QFutureWatcher>
#include <QLineF>
#include <QStringList>
#include <QWidget>

#include <functional>

#include <cstdint>
#include <optional>

class ElidedLabel;
class RunNoteBar;
class OccupancyModel;
class QCheckBox;
class QComboBox;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLabel;
class QStackedWidget;
class QToolButton;

// Forward declarations of the backend's types.
QT_BEGIN_NAMESPACE
class QAbstractSeries;
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
QT_END_NAMESPACE

class OccupancyChart : public QWidget {
  Q_OBJECT

public:
  explicit OccupancyChart(QWidget *parent = nullptr);
  ~OccupancyChart() override;

  void setModel(OccupancyModel *model);
  OccupancyModel *model() const { return source; }
  /// A line under the title saying what ran (e.g. the kernel and seed).
  void setSubtitle(const QString &text);
  QString subtitleText() const;
  /// What the chart says while it has nothing to draw (default: how to
  /// get a run), e.g. that a run is being recorded or why it failed.
  void setEmptyText(const QString &text);
  QString emptyText() const;
  /// The note above the plot (the run shown is an old one, or the newest
  /// failed) and its action; hidden while empty.
  RunNoteBar *noteBar() const { return note; }
  int focusedCore() const { return core; }
  /// Points handed to the chart in the last redraw (after decimation).
  int plottedPoints() const { return plotted; }
  /// Pixel columns the decimation aims at (default: 1200): a line keeps at
  /// most 4 samples per 2 columns, a stacked area 4 per 12.
  void setColumns(int columns);
  /// Traces with at least this many events are prepared on a worker
  /// thread (default 20,000); shorter ones at once.
  void setBackgroundThreshold(int events);
  /// True while a worker prepares the next picture.
  bool isPreparing() const;
  /// Waits for the worker (if any) and shows its picture.
  void finishPreparing();

  /// The current time (nullopt: none) and what the cursor's label says.
  std::optional<uint64_t> cursorTime() const { return cursorAt; }
  /// The cursor's line in the chart's scene (null line: not drawn). It is
  /// an overlay, not a series: in no legend, in no exported file.
  QLineF cursorLineInScene() const;
  /// The names of the chart's series (what its legend can list).
  QStringList seriesNames() const;
  /// The time axis' end (0: nothing drawn).
  double timeAxisEnd() const;
  /// The tick labels of the bytes axis (Qt::Vertical: "0", "20", …, "140")
  /// or the time axis (Qt::Horizontal), as drawn; its title is the unit.
  QStringList axisLabels(Qt::Orientation which) const;
  QString axisTitle(Qt::Orientation which) const;
  QString cursorText() const;
  /// Where the peak's label and the plot area are, in the chart's scene
  /// (an empty label rectangle: no label shown).
  QRectF peakLabelRect() const;
  QRectF plotArea() const;
  /// The selected range [from, to] (nullopt: none).
  std::optional<std::pair<uint64_t, uint64_t>> selectedRange() const {
    return range;
  }

  /// The chart as a PNG / SVG file; false (nothing written) when there is
  /// nothing to draw or the file cannot be written.
  bool exportPng(const QString &path);
  bool exportSvg(const QString &path);

public Q_SLOTS:
  /// Shows `core` stacked by group (-1: every core, one line each).
  void setFocusedCore(int core);
  /// Redraws from the model.
  void redraw();
  /// Moves the cursor to `time` (in the trace's unit).
  void setCursorTime(quint64 time);
  /// The bytes each core holds at the cursor's time when they are known
  /// exactly (the ring's state at the run's cycle): the readout says these,
  /// not the plotted ones, which for a run too long to keep whole are each
  /// bucket's most. Empty, or the cursor moved since: the plotted ones.
  void setCursorLevels(std::vector<uint64_t> bytes);
  void clearCursor();
  /// Selects [from, to] (from == to: clears) without emitting.
  void selectRange(quint64 from, quint64 to);

Q_SIGNALS:
  /// The user picked a core in the chart's core box.
  void coreChosen(int core);
  /// The user dragged across [from, to] (in the trace's unit).
  void rangeSelected(quint64 from, quint64 to);
  /// The user cleared the range (Escape, a double click).
  void rangeCleared();
  /// The user clicked the plot at `time`.
  void timeClicked(quint64 time);
  /// A picture was put on screen (after a redraw finished).
  void redrawn();

protected:
  void changeEvent(QEvent *event) override;
  void resizeEvent(QResizeEvent *event) override;
  bool eventFilter(QObject *watched, QEvent *event) override;

private:
  void rebuildCoreBox();
  void chooseExport();
  void display(const OccupancyPlot &plot);
  void launch();
  void takeWorkersPlot();
  void placeOverlay();
  /// Legend beside or below the plot, fonts and the title's visibility
  /// for the widget's size (a short, narrow dock keeps its plot readable).
  void fitToSize();
  /// The bytes axis' range, ticks and decimals and the time axis' step for
  /// the plot's size (ticks whose labels fit, labels that differ).
  void fitTicks();
  /// Renders the chart at `size` (at least what the axes and legend
  /// need, whatever the dock's size) with `paint`, then restores it.
  void renderAt(QSize size, const std::function<void(const QRectF &)> &paint);
  std::optional<double> timeAtViewPoint(const QPoint &point) const;

  OccupancyModel *source = nullptr;
  QLabel *title = nullptr, *empty = nullptr;
  ElidedLabel *subtitle = nullptr, *readout = nullptr;
  RunNoteBar *note = nullptr;
  QComboBox *coreBox = nullptr;
  QCheckBox *fitToData = nullptr;
  QToolButton *exportButton = nullptr;
  QStackedWidget *pages = nullptr;
  QChart *chart = nullptr;
  QChartView *view = nullptr;
  /// The series the overlays map values through (any: they share axes).
  QAbstractSeries *axesSeries = nullptr;
  QGraphicsLineItem *cursorItem = nullptr;
  bool exporting = false; ///< renderAt() is drawing a file
  QGraphicsRectItem *rangeBox = nullptr;
  QGraphicsSimpleTextItem *peakLabel = nullptr;
  QPointF peakAt; ///< the peak's point, in the plot's values
  QFutureWatcher<OccupancyPlot> worker;
  quint64 generation = 0, shownGeneration = 0, launched = 0;
  OccupancyPlot shown;
  int core = -1;
  int plotted = 0;
  int columns = 1200;
  int threshold = 20000;
  bool themed = false;
  std::optional<uint64_t> cursorAt;
  std::vector<uint64_t> cursorLevels; ///< per core at cursorAt; empty: unknown
  std::optional<std::pair<uint64_t, uint64_t>> range;
  std::optional<double> dragFrom;
  QPoint dragStart;
};

#endif
