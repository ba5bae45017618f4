//===- OccupancyChart.h - scratchpad bytes in use over time -----*- C++ -*-===//
//
// Our chart widget over an OccupancyModel. It hides the chart library (Qt
// Charts today, deprecated after Qt 6.10): nothing outside this class
// names a Qt Charts type, so the backend can change without touching the
// app. With no core chosen it draws one line per core; for a chosen core
// it stacks the bytes by allocating KTIR line (the largest few, then the
// rest). Always: the capacity line and the peak, marked. Long series are
// decimated to a few points per pixel column (SeriesDecimator).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_OCCUPANCYCHART_H
#define SPYRE_VIEWS_OCCUPANCYCHART_H

#include <QWidget>

class OccupancyModel;
class QCheckBox;
class QComboBox;
class QLabel;
class QStackedWidget;
class QToolButton;

// Forward declarations of the backend's types.
QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

class OccupancyChart : public QWidget {
  Q_OBJECT

public:
  explicit OccupancyChart(QWidget *parent = nullptr);

  void setModel(OccupancyModel *model);
  OccupancyModel *model() const { return source; }
  /// A line under the title saying what ran (e.g. the kernel and seed).
  void setSubtitle(const QString &text);
  int focusedCore() const { return core; }
  /// Points handed to the chart in the last redraw (after decimation).
  int plottedPoints() const { return plotted; }
  /// Pixel columns the decimation aims at (default: 1200): a line keeps at
  /// most 4 samples per 2 columns, a stacked area 4 per 6.
  void setColumns(int columns);

  /// The chart as a PNG / SVG file; false (nothing written) when there is
  /// nothing to draw or the file cannot be written.
  bool exportPng(const QString &path);
  bool exportSvg(const QString &path);

public Q_SLOTS:
  /// Shows `core` stacked by line (-1: every core, one line each).
  void setFocusedCore(int core);
  /// Redraws from the model.
  void redraw();

Q_SIGNALS:
  /// The user picked a core in the chart's core box.
  void coreChosen(int core);

protected:
  void changeEvent(QEvent *event) override;

private:
  void rebuildCoreBox();
  void chooseExport();

  OccupancyModel *source = nullptr;
  QLabel *title = nullptr, *subtitle = nullptr, *empty = nullptr;
  QComboBox *coreBox = nullptr;
  QCheckBox *fitToData = nullptr;
  QToolButton *exportButton = nullptr;
  QStackedWidget *pages = nullptr;
  QChart *chart = nullptr;
  QChartView *view = nullptr;
  int core = -1;
  int plotted = 0;
  int columns = 1200;
};

#endif
