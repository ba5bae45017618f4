//===- DockShares.cpp - docks that keep their share of the window ---------===//
#include "DockShares.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QTimer>

#include <algorithm>
#include <cmath>

DockShares::DockShares(QMainWindow *window, std::function<int()> topRowMinimum)
    : QObject(window), window(window), topRowMinimum(std::move(topRowMinimum)) {
  settle = new QTimer(this);
  settle->setSingleShot(true);
  settle->setInterval(150);
  connect(settle, &QTimer::timeout, this, [this] {
    settling = false;
    if (!scaled)
      remember();
  });
}

void DockShares::windowResized() {
  settling = true;
  scaled = false;
  settle->start();
}

void DockShares::watchDocks() {
  for (QDockWidget *dock : window->findChildren<QDockWidget *>()) {
    dock->removeEventFilter(this);
    dock->installEventFilter(this);
  }
}

namespace {
/// Docked and on show: not floating, not a tab behind another.
bool onShow(const QDockWidget *dock) {
  return !dock->isFloating() && dock->isVisible() && !dock->visibleRegion().isEmpty();
}
} // namespace

void DockShares::remember() { rememberAt(window->size()); }

void DockShares::rememberAt(QSize made) {
  watchDocks();
  scaled = false;
  windowSize = made;
  sizes.clear();
  for (QDockWidget *dock : window->findChildren<QDockWidget *>())
    if (onShow(dock))
      sizes.emplace_back(dock, dock->size());
}

void DockShares::rememberSizes(QSize made,
                               const std::vector<std::pair<QString, QSize>> &named) {
  watchDocks();
  ++given;
  scaled = false;
  windowSize = made;
  sizes.clear();
  for (QDockWidget *dock : window->findChildren<QDockWidget *>())
    for (const auto &[name, size] : named)
      if (!dock->isFloating() && !dock->isHidden() && dock->objectName() == name)
        sizes.emplace_back(dock, size);
}

std::vector<std::pair<QString, QSize>> DockShares::shownSizes() const {
  std::vector<std::pair<QString, QSize>> out;
  for (QDockWidget *dock : window->findChildren<QDockWidget *>())
    if (onShow(dock) && !dock->objectName().isEmpty())
      out.emplace_back(dock->objectName(), dock->size());
  return out;
}

bool DockShares::eventFilter(QObject *watched, QEvent *event) {
  // A dock resized, shown or hidden while the window is not: the user
  // (or the app) changed the layout; that is the one to scale.
  const QEvent::Type type = event->type();
  if ((type == QEvent::Resize || type == QEvent::Show || type == QEvent::Hide) &&
      windowSize.isValid() && !settling && !rememberPending) {
    rememberPending = true;
    QTimer::singleShot(0, this, [this, queuedAt = given] {
      rememberPending = false;
      if (!settling && queuedAt == given)
        remember();
    });
  }
  return QObject::eventFilter(watched, event);
}

void DockShares::scale() {
  const QSize from = windowSize;
  if (!from.isValid() || from.width() <= 0 || from.height() <= 0)
    return;
  const double wide = double(window->width()) / from.width();
  const double tall = double(window->height()) / from.height();
  QList<QDockWidget *> columns, rows;
  QList<int> widths, heights;
  for (const auto &[dock, size] : sizes) {
    if (!dock || !onShow(dock))
      continue;
    const Qt::DockWidgetArea area = window->dockWidgetArea(dock);
    if (area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea) {
      columns << dock;
      widths << std::max(dock->minimumSizeHint().width(), int(std::lround(size.width() * wide)));
    } else if (area == Qt::BottomDockWidgetArea || area == Qt::TopDockWidgetArea) {
      rows << dock;
      heights << std::max(dock->minimumSizeHint().height(),
                          int(std::lround(size.height() * tall)));
    }
  }
  // The bottom row leaves the rows above it their minimum useful height:
  // the rows span from the central widget's top to the lowest dock's
  // bottom.
  if (!rows.isEmpty() && window->centralWidget()) {
    int bottom = 0;
    for (QDockWidget *dock : rows)
      bottom = std::max(bottom, dock->geometry().bottom());
    const int span = bottom - window->centralWidget()->geometry().top();
    const int most = span - topRowMinimum() - 6; // and the separator
    for (int i = 0; i < rows.size(); ++i)
      heights[i] = std::max(rows[i]->minimumSizeHint().height(), std::min(heights[i], most));
  }
  if (!columns.isEmpty())
    window->resizeDocks(columns, widths, Qt::Horizontal);
  if (!rows.isEmpty())
    window->resizeDocks(rows, heights, Qt::Vertical);
  scaled = true;
  settling = true;
  settle->start();
}
