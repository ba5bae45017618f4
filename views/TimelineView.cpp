//===- TimelineView.cpp - engines' busy and blocked time per core ---------===//

#include "TimelineView.h"

#include "ExportFolder.h"
#include "PictureFile.h"
#include "TileColors.h"
#include "models/TimelineModel.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QMenu>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace {

// The shortest readable form of a cycle count on the ruler: 1500, 12.5k,
// 3.2M.
QString shortCycles(uint64_t c) {
  if (c < 10000)
    return QString::number(c);
  if (c < 10'000'000)
    return QString::number(double(c) / 1e3, 'g', 4) + "k";
  return QString::number(double(c) / 1e6, 'g', 4) + "M";
}

} // namespace

TimelineView::TimelineView(QWidget *parent) : QAbstractScrollArea(parent) {
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  viewport()->setMouseTracking(true);
  viewport()->setAutoFillBackground(false);
  setMinimumHeight(120);
  connect(verticalScrollBar(), &QScrollBar::valueChanged, viewport(),
          qOverload<>(&QWidget::update));
}

void TimelineView::setModel(TimelineModel *model) {
  timelineModel = model;
  modelChanged();
}

void TimelineView::modelChanged() {
  fitAll();
  rowsChanged();
}

void TimelineView::rowsChanged() {
  updateScrollBar();
  viewport()->update();
}

void TimelineView::setCursorCycle(uint64_t cycle) {
  if (cycle == cursorAt)
    return;
  cursorAt = cycle;
  viewport()->update();
}

void TimelineView::setDarkTheme(bool dark) {
  darkTheme = dark;
  lineColours.clear();
  viewport()->update();
}

int TimelineView::labelWidth() const {
  return fontMetrics().horizontalAdvance(QStringLiteral("▾ core 31  mnilu#0")) + 8;
}

int TimelineView::rulerHeight() const { return fontMetrics().height() + 8; }

QSize TimelineView::area() const {
  return exportSize.isEmpty() ? viewport()->size() : exportSize;
}

int TimelineView::scrollY() const {
  return exportSize.isEmpty() ? verticalScrollBar()->value() : 0;
}

int TimelineView::plotWidth() const {
  return std::max(1, area().width() - labelWidth());
}

int TimelineView::rowHeight(int row) const {
  int h = fontMetrics().height();
  if (!timelineModel || row < 0 || size_t(row) >= timelineModel->rows().size())
    return h;
  return timelineModel->rows()[size_t(row)].engine < 0 ? h + 6 : h + 2;
}

int TimelineView::rowTop(int row) const {
  // Rows have two heights: headers and engines.
  int top = 0;
  for (int r = 0; r < row; ++r)
    top += rowHeight(r);
  return top;
}

int TimelineView::contentHeight() const {
  return timelineModel ? rowTop(int(timelineModel->rows().size())) : 0;
}

void TimelineView::updateScrollBar() {
  int visible = std::max(0, viewport()->height() - rulerHeight());
  verticalScrollBar()->setRange(0, std::max(0, contentHeight() - visible));
  verticalScrollBar()->setPageStep(visible);
  verticalScrollBar()->setSingleStep(fontMetrics().height());
}

QRect TimelineView::rowRect(int row) const {
  int top = rulerHeight() + rowTop(row) - scrollY();
  return QRect(0, top, area().width(), rowHeight(row));
}

int TimelineView::rowAt(int y) const {
  if (!timelineModel || y < rulerHeight())
    return -1;
  int content = y - rulerHeight() + verticalScrollBar()->value();
  int top = 0;
  for (int r = 0; r < int(timelineModel->rows().size()); ++r) {
    int h = rowHeight(r);
    if (content < top + h)
      return r;
    top += h;
  }
  return -1;
}

int TimelineView::xOf(double cycle) const {
  return labelWidth() + int(std::floor(viewScale.x(cycle)));
}

uint64_t TimelineView::cycleAtX(int x) const {
  double c = viewScale.cycleAt(double(x - labelWidth()));
  uint64_t end = timelineModel ? timelineModel->endCycle() : 0;
  return uint64_t(std::clamp(std::llround(c), 0LL, (long long)end));
}

double TimelineView::visibleLast() const {
  return viewScale.cycleAt(plotWidth());
}

void TimelineView::setScale(const timeline::Scale &s) {
  fitted = false;
  uint64_t end = timelineModel ? timelineModel->endCycle() : 0;
  viewScale = timeline::clamp(s, end, plotWidth());
  viewport()->update();
  Q_EMIT visibleRangeChanged();
}

void TimelineView::fitAll() {
  uint64_t end = timelineModel ? timelineModel->endCycle() : 0;
  viewScale = timeline::fit(end, plotWidth());
  fitted = true;
  viewport()->update();
  Q_EMIT visibleRangeChanged();
}

void TimelineView::setVisibleRange(double first, double last) {
  if (!(last > first))
    return;
  timeline::Scale s;
  s.first = first;
  s.cyclesPerPixel = std::max(1.0 / 64, (last - first) / plotWidth());
  setScale(s);
}

void TimelineView::zoomBy(double factor, double anchorX) {
  uint64_t end = timelineModel ? timelineModel->endCycle() : 0;
  double widest = double(std::max<uint64_t>(end, 1)) / plotWidth();
  setScale(timeline::zoom(viewScale, factor, anchorX, 1.0 / 64,
                          std::max(widest, 1.0 / 64)));
}

void TimelineView::revealCursor() {
  int x = xOf(double(cursorAt)) - labelWidth();
  if (x >= 0 && x < plotWidth())
    return;
  timeline::Scale s = viewScale;
  s.first = double(cursorAt) - plotWidth() * s.cyclesPerPixel / 2;
  setScale(s);
}

void TimelineView::resizeEvent(QResizeEvent *event) {
  QAbstractScrollArea::resizeEvent(event);
  updateScrollBar();
  // Keep showing the whole run (also when the zoom now shows it with room
  // to spare: a wider window would leave the run in a corner), or the
  // same first cycle at the same zoom.
  uint64_t end = timelineModel ? timelineModel->endCycle() : 0;
  if (fitted || (end > 0 && viewScale.first <= 0.0 && visibleLast() >= double(end)))
    fitAll();
  else
    setScale(viewScale);
}

void TimelineView::paintEvent(QPaintEvent *) {
  QPainter p(viewport());
  paintOn(p, true);
}

void TimelineView::paintOn(QPainter &p, bool withCursor) {
  const QPalette &pal = palette();
  const QSize size = area();
  const QRect all(QPoint(0, 0), size);
  p.fillRect(all, pal.color(QPalette::Base));
  paintedCount = 0;
  if (!timelineModel || timelineModel->isEmpty()) {
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(all, Qt::AlignCenter | Qt::TextWordWrap,
               tr("No emulated run yet: Run ▸ Run on Emulator (F5) "
                  "records one, then F10 steps through it."));
    return;
  }
  const int rows = int(timelineModel->rows().size());
  const int top = rulerHeight();
  p.save();
  p.setClipRect(QRect(0, top, size.width(), size.height() - top));
  int y = top - scrollY();
  for (int r = 0; r < rows && y <= size.height(); ++r) {
    QRect rect(0, y, size.width(), rowHeight(r));
    y += rect.height();
    if (rect.bottom() >= top)
      paintRow(p, r, rect);
  }
  p.restore();
  paintRuler(p);
  if (!withCursor)
    return;

  // The cursor over everything.
  int cx = xOf(double(cursorAt));
  if (cx >= labelWidth() && cx <= size.width()) {
    QColor accent = darkTheme ? QColor(0xff, 0x9e, 0x40) : QColor(0xd0, 0x4a, 0x00);
    p.setPen(QPen(accent, 2));
    p.drawLine(cx, top - 4, cx, size.height());
    QPolygon handle;
    handle << QPoint(cx - 5, 0) << QPoint(cx + 5, 0) << QPoint(cx, top - 3);
    p.setBrush(accent);
    p.setPen(Qt::NoPen);
    p.drawPolygon(handle);
  }
}

bool TimelineView::exportImage(const QString &path, int width) {
  if (!timelineModel || timelineModel->isEmpty())
    return false;
  // Every row, the whole run, at least 1200 pixels wide; no cursor (the
  // picture is of the run, not of where it was stepped to).
  const timeline::Scale shown = viewScale;
  const QSize size(std::max(width > 0 ? width : viewport()->width(), 1200),
                   rulerHeight() + contentHeight());
  exportSize = size;
  viewScale = timeline::fit(timelineModel->endCycle(), plotWidth());
  const bool ok = PictureFile::write(path, size, tr("Timeline"), palette().color(QPalette::Base),
                                     [this](QPainter &p) { paintOn(p, false); });
  exportSize = QSize();
  viewScale = shown;
  return ok;
}

void TimelineView::contextMenuEvent(QContextMenuEvent *event) {
  QMenu menu(this);
  for (const char *format : {"PNG", "SVG"}) {
    const QString ext = QString::fromLatin1(format).toLower();
    QAction *a = menu.addAction(tr("Export Timeline as %1…").arg(QLatin1String(format)), this,
                                [this, ext] {
                                  const QString path = ExportFolder::askSave(
                                      this, tr("Export timeline"),
                                      QStringLiteral("timeline.") + ext,
                                      ext == QLatin1String("svg") ? tr("SVG drawing (*.svg)")
                                                                  : tr("PNG image (*.png)"));
                                  if (!path.isEmpty())
                                    exportImage(path);
                                });
    a->setEnabled(timelineModel && !timelineModel->isEmpty());
  }
  menu.exec(event->globalPos());
}

void TimelineView::paintRuler(QPainter &p) {
  const QPalette &pal = palette();
  const int h = rulerHeight(), left = labelWidth();
  const int w = area().width();
  p.fillRect(QRect(0, 0, w, h), pal.color(QPalette::Window));
  p.setPen(pal.color(QPalette::Mid));
  p.drawLine(0, h - 1, w, h - 1);
  p.setPen(pal.color(QPalette::WindowText));
  p.drawText(QRect(4, 0, left - 8, h), Qt::AlignVCenter | Qt::AlignLeft,
             tr("cycle %1").arg(QLocale().toString(qulonglong(cursorAt))));
  uint64_t step = timeline::tickStep(viewScale.cyclesPerPixel,
                                     fontMetrics().horizontalAdvance("00000.0k") + 12);
  double first = std::max(0.0, viewScale.first);
  uint64_t c = uint64_t(std::ceil(first / double(step))) * step;
  double last = visibleLast();
  p.setClipRect(QRect(left, 0, plotWidth(), h));
  for (; double(c) <= last; c += step) {
    int x = xOf(double(c));
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(x, h - 5, x, h - 1);
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(x + 3, h - 5, shortCycles(c));
  }
  p.setClipping(false);
}

void TimelineView::paintRow(QPainter &p, int row, const QRect &r) {
  const QPalette &pal = palette();
  const TimelineModel::Row &info = timelineModel->rows()[size_t(row)];
  const bool header = info.engine < 0;
  const int left = labelWidth(), width = plotWidth();
  if (info.idle) {
    // Every core that did nothing, as one row.
    p.fillRect(r, pal.color(QPalette::AlternateBase).darker(darkTheme ? 80 : 104));
    p.setPen(pal.color(QPalette::Midlight));
    p.drawLine(r.left(), r.top(), r.right(), r.top());
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(QRect(4, r.top(), r.width() - 8, r.height()), Qt::AlignVCenter | Qt::AlignLeft,
               tr("▸ %1 idle cores (%2): no engine was busy")
                   .arg(timelineModel->idleCores().size())
                   .arg(idleCoreList()));
    return;
  }
  QColor base = pal.color(QPalette::Base);
  QColor band = header ? pal.color(QPalette::AlternateBase).darker(darkTheme ? 80 : 104)
                       : (row % 2 ? pal.color(QPalette::AlternateBase) : base);
  p.fillRect(r, band);
  if (header) {
    p.setPen(pal.color(QPalette::Midlight));
    p.drawLine(r.left(), r.top(), r.right(), r.top());
  }

  // The label.
  QFont f = font();
  if (header && info.core == timelineModel->focusedCore())
    f.setBold(true);
  p.setFont(f);
  p.setPen(pal.color(header ? QPalette::WindowText : QPalette::Text));
  QString label =
      header ? QStringLiteral("%1 core %2")
                   .arg(timelineModel->isCollapsed(info.core) ? QStringLiteral("▸")
                                                        : QStringLiteral("▾"))
                   .arg(info.core)
             : QStringLiteral("     ") + timelineModel->lanes()[size_t(info.engine)].name;
  p.drawText(QRect(4, r.top(), left - 8, r.height()),
             Qt::AlignVCenter | Qt::AlignLeft, label);
  p.setFont(font());

  // The intervals, merged to pixels (merge() keeps them inside the plot).
  const int pad = header ? 3 : 2;
  const int barTop = r.top() + pad, barHeight = r.height() - 2 * pad;
  const std::vector<timeline::Interval> &busy =
      header ? timelineModel->coreBusy(info.core)
             : timelineModel->lanes()[size_t(info.engine)].busy;
  for (const timeline::PixelSpan &s : timeline::merge(busy, viewScale, width)) {
    size_t line = size_t(std::max(0, s.line));
    if (line >= lineColours.size()) {
      size_t from = lineColours.size();
      lineColours.resize(line + 1);
      for (size_t i = from; i <= line; ++i)
        lineColours[i] = tilecolors::fill(int(i), darkTheme);
    }
    const QColor &c = lineColours[line];
    p.fillRect(QRect(left + s.x0, barTop, s.x1 - s.x0, barHeight), c);
    ++paintedCount;
  }
  if (!header) {
    const auto &blocked = timelineModel->lanes()[size_t(info.engine)].blocked;
    QColor red = darkTheme ? QColor(0xff, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
    QBrush hatch(red, Qt::BDiagPattern);
    int h = std::max(3, barHeight / 3);
    for (const timeline::PixelSpan &s : timeline::merge(blocked, viewScale, width)) {
      QRect strip(left + s.x0, r.bottom() - pad - h + 1, s.x1 - s.x0, h);
      p.fillRect(strip, hatch);
      p.fillRect(QRect(strip.left(), strip.bottom(), strip.width(), 1), red);
      ++paintedCount;
    }
  }
}

void TimelineView::wheelEvent(QWheelEvent *event) {
  QPoint angle = event->angleDelta();
  if (event->modifiers() & Qt::ShiftModifier) {
    int dy = angle.y() != 0 ? angle.y() : angle.x();
    verticalScrollBar()->setValue(verticalScrollBar()->value() - dy / 2);
  } else if (std::abs(angle.x()) > std::abs(angle.y())) {
    timeline::Scale s = viewScale;
    s.first -= angle.x() / 120.0 * 40 * s.cyclesPerPixel;
    setScale(s);
  } else if (angle.y() != 0) {
    double anchor = event->position().x() - labelWidth();
    zoomBy(std::pow(1.25, angle.y() / 120.0), std::max(0.0, anchor));
  }
  event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent *event) {
  if (event->button() != Qt::LeftButton || !timelineModel)
    return QAbstractScrollArea::mousePressEvent(event);
  QPoint pos = event->position().toPoint();
  dragFrom = pos;
  dragFirst = viewScale.first;
  dragScroll = verticalScrollBar()->value();
  if (pos.x() < labelWidth()) {
    int row = rowAt(pos.y());
    if (row >= 0 && timelineModel->rows()[size_t(row)].idle) {
      timelineModel->setIdleExpanded(true);
      rowsChanged();
    } else if (row >= 0 && timelineModel->rows()[size_t(row)].engine < 0) {
      int core = timelineModel->rows()[size_t(row)].core;
      timelineModel->setCollapsed(core, !timelineModel->isCollapsed(core));
      rowsChanged();
    }
    return;
  }
  bool onCursor = std::abs(pos.x() - xOf(double(cursorAt))) <= 4;
  if (pos.y() < rulerHeight() || onCursor) {
    drag = Drag::Cursor;
    uint64_t c = cycleAtX(pos.x());
    setCursorCycle(c);
    Q_EMIT cycleRequested(c);
  } else {
    drag = Drag::Pan;
    viewport()->setCursor(Qt::ClosedHandCursor);
  }
}

void TimelineView::mouseMoveEvent(QMouseEvent *event) {
  QPoint pos = event->position().toPoint();
  if (drag == Drag::Cursor) {
    uint64_t c = cycleAtX(std::max(pos.x(), labelWidth()));
    if (c != cursorAt) {
      setCursorCycle(c);
      Q_EMIT cycleRequested(c);
    }
  } else if (drag == Drag::Pan) {
    timeline::Scale s = viewScale;
    s.first = dragFirst - (pos.x() - dragFrom.x()) * s.cyclesPerPixel;
    setScale(s);
    verticalScrollBar()->setValue(dragScroll - (pos.y() - dragFrom.y()));
  } else {
    bool onCursor = pos.x() >= labelWidth() &&
                    (pos.y() < rulerHeight() ||
                     std::abs(pos.x() - xOf(double(cursorAt))) <= 4);
    viewport()->setCursor(onCursor ? Qt::SizeHorCursor : Qt::ArrowCursor);
  }
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event) {
  drag = Drag::None;
  viewport()->setCursor(Qt::ArrowCursor);
  QAbstractScrollArea::mouseReleaseEvent(event);
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent *event) {
  if (!timelineModel)
    return;
  int row = rowAt(event->position().toPoint().y());
  if (row < 0)
    return;
  if (timelineModel->rows()[size_t(row)].idle)
    return;
  int core = timelineModel->rows()[size_t(row)].core;
  timelineModel->setFocusedCore(core);
  rowsChanged();
  Q_EMIT coreFocused(core);
}

QString TimelineView::idleCoreList() const {
  // "1-3, 5, 7-31"
  QStringList parts;
  const std::vector<int> &idle = timelineModel->idleCores();
  for (size_t i = 0; i < idle.size();) {
    size_t j = i;
    while (j + 1 < idle.size() && idle[j + 1] == idle[j] + 1)
      ++j;
    parts << (j > i + 1 ? QStringLiteral("%1–%2").arg(idle[i]).arg(idle[j])
              : j == i  ? QString::number(idle[i])
                        : QStringLiteral("%1, %2").arg(idle[i]).arg(idle[j]));
    i = j + 1;
  }
  return parts.join(QStringLiteral(", "));
}

bool TimelineView::viewportEvent(QEvent *event) {
  if (event->type() == QEvent::ToolTip) {
    auto *help = static_cast<QHelpEvent *>(event);
    QString text = toolTipAt(help->pos());
    if (text.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(help->globalPos(), text, viewport());
    return true;
  }
  return QAbstractScrollArea::viewportEvent(event);
}

QString TimelineView::toolTipAt(const QPoint &pos) const {
  if (!timelineModel)
    return {};
  int row = rowAt(pos.y());
  if (row < 0)
    return pos.y() < rulerHeight()
               ? tr("Click or drag to move the current cycle")
               : QString();
  const TimelineModel::Row &info = timelineModel->rows()[size_t(row)];
  if (info.idle)
    return tr("Cores %1 did nothing in this run: click to list them").arg(idleCoreList());
  if (pos.x() < labelWidth()) {
    if (info.engine >= 0)
      return tr("core %1 %2: busy %3 cycles")
          .arg(info.core)
          .arg(timelineModel->lanes()[size_t(info.engine)].name)
          .arg(QLocale().toString(
              qulonglong(timelineModel->lanes()[size_t(info.engine)].busyCycles)));
    return tr("core %1: click to %2, double-click to focus")
        .arg(info.core)
        .arg(timelineModel->isCollapsed(info.core) ? tr("expand") : tr("collapse"));
  }
  // An interval within a pixel of the pointer.
  double c0 = viewScale.cycleAt(pos.x() - labelWidth() - 1);
  double c1 = viewScale.cycleAt(pos.x() - labelWidth() + 1);
  auto find = [&](const std::vector<timeline::Interval> &list) -> int {
    for (double c : {viewScale.cycleAt(pos.x() - labelWidth() + 0.5), c0, c1}) {
      int i = timeline::intervalAt(list, c);
      if (i >= 0)
        return i;
    }
    return -1;
  };
  QLocale loc;
  auto span = [&](const timeline::Interval &i) {
    return tr("%1 – %2 (%3 cycles)")
        .arg(loc.toString(qulonglong(i.start)), loc.toString(qulonglong(i.end)),
             loc.toString(qulonglong(i.end - i.start)));
  };
  QString who = info.engine >= 0
                    ? tr("core %1 %2").arg(info.core).arg(
                          timelineModel->lanes()[size_t(info.engine)].name)
                    : tr("core %1 (all engines)").arg(info.core);
  const auto &busy = info.engine >= 0 ? timelineModel->lanes()[size_t(info.engine)].busy
                                      : timelineModel->coreBusy(info.core);
  if (int i = find(busy); i >= 0) {
    const timeline::Interval &iv = busy[size_t(i)];
    return tr("%1 busy %2\nKTIR line %3")
        .arg(who, span(iv),
             iv.line > 0 ? QString::number(iv.line) : tr("unknown"));
  }
  if (info.engine >= 0) {
    const auto &blocked = timelineModel->lanes()[size_t(info.engine)].blocked;
    if (int i = find(blocked); i >= 0)
      return tr("%1 blocked %2").arg(who, span(blocked[size_t(i)]));
  }
  return {};
}
