//===- TimelineView.h - engines' busy and blocked time per core -*- C++ -*-===//
//
// Draws a TimelineModel: a cycle ruler on top, a label column on the left
// and one row per shown lane (TimelineModel::rows(): a core's summary,
// then its engines unless collapsed). Busy intervals are filled with the
// colour of their KTIR line (TileColors), blocked intervals are a red
// hatched strip along the lane's bottom. Each lane is merged to whole
// pixels first (timeline::merge), so a run of millions of intervals costs
// a few thousand rectangles.
//
// The mouse: the wheel zooms around the pointer (Shift+wheel scrolls the
// lanes, a horizontal wheel pans); dragging the plot pans; dragging the
// cursor (the vertical line) or clicking the ruler moves the current
// cycle and emits cycleRequested(); clicking a core's label collapses or
// expands it, double-clicking focuses it (coreFocused()). Hovering an
// interval says what it is.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_TIMELINEVIEW_H
#define SPYRE_VIEWS_TIMELINEVIEW_H

#include "models/TimelineScale.h"

#include <QAbstractScrollArea>

#include <QColor>

#include <cstdint>
#include <vector>

class TimelineModel;

class TimelineView : public QAbstractScrollArea {
  Q_OBJECT

public:
  explicit TimelineView(QWidget *parent = nullptr);

  /// Not owned. Call modelChanged() after refilling it.
  void setModel(TimelineModel *model);
  TimelineModel *model() const { return timelineModel; }
  /// The model was refilled: shows the whole run again.
  void modelChanged();
  /// The model's rows changed (collapsed, focused).
  void rowsChanged();

  void setCursorCycle(uint64_t cycle);
  uint64_t cursorCycle() const { return cursorAt; }
  void setDarkTheme(bool dark);

  /// Shows cycles [first, last) (clamped to the run).
  void setVisibleRange(double first, double last);
  double visibleFirst() const { return viewScale.first; }
  double visibleLast() const;
  void fitAll();
  /// Zooms by `factor` (> 1: closer) around plot x `anchorX`.
  void zoomBy(double factor, double anchorX);
  /// Keeps the cursor in view, panning if it is outside.
  void revealCursor();
  const timeline::Scale &scale() const { return viewScale; }

  // Geometry, in viewport coordinates.
  int labelWidth() const;
  int rulerHeight() const;
  int plotWidth() const;
  /// The model row at viewport y (-1: none, e.g. the ruler).
  int rowAt(int y) const;
  /// The viewport rectangle of model row `row` (scrolled).
  QRect rowRect(int row) const;
  /// The viewport x of `cycle`.
  int xOf(double cycle) const;

  /// Rectangles drawn for intervals in the last paint.
  int paintedSpans() const { return paintedCount; }
  /// Writes every row over the whole run (no cursor) to `path`: SVG when
  /// it ends in .svg, else PNG; at least 1200 pixels (or `width`) wide.
  /// False when there is no run or the file cannot be written.
  bool exportImage(const QString &path, int width = 0);

Q_SIGNALS:
  /// The user moved the cursor to `cycle`.
  void cycleRequested(uint64_t cycle);
  /// The cycles shown changed (zoom, pan, resize, a new model).
  void visibleRangeChanged();
  void coreFocused(int core);

protected:
  void paintEvent(QPaintEvent *event) override;
  void resizeEvent(QResizeEvent *event) override;
  void wheelEvent(QWheelEvent *event) override;
  void mousePressEvent(QMouseEvent *event) override;
  void mouseMoveEvent(QMouseEvent *event) override;
  void mouseReleaseEvent(QMouseEvent *event) override;
  void mouseDoubleClickEvent(QMouseEvent *event) override;
  void contextMenuEvent(QContextMenuEvent *event) override;
  bool viewportEvent(QEvent *event) override;

private:
  int rowHeight(int row) const;
  int rowTop(int row) const; ///< unscrolled, below the ruler
  int contentHeight() const;
  void updateScrollBar();
  void setScale(const timeline::Scale &s);
  uint64_t cycleAtX(int x) const;
  QString toolTipAt(const QPoint &pos) const;
  void paintRuler(QPainter &p);
  /// Paints the rows and the ruler (and the cursor) at area()'s size.
  void paintOn(QPainter &p, bool withCursor);
  /// The size painted: the viewport's, or an export's.
  QSize area() const;
  /// The rows' scroll offset (0 in an export).
  int scrollY() const;
  /// The idle cores as ranges ("1–3, 5, 7–31").
  QString idleCoreList() const;
  void paintRow(QPainter &p, int row, const QRect &r);

  TimelineModel *timelineModel = nullptr;
  timeline::Scale viewScale;
  uint64_t cursorAt = 0;
  bool darkTheme = false;
  bool fitted = true; ///< showing the whole run: resizes keep it so
  enum class Drag { None, Cursor, Pan } drag = Drag::None;
  QPoint dragFrom;
  double dragFirst = 0;
  int dragScroll = 0;
  int paintedCount = 0;
  std::vector<QColor> lineColours; ///< per KTIR line, for the theme
  QSize exportSize; ///< non-empty while exporting
};

#endif
