//===- DockShares.h - docks that keep their share of the window -*- C++ -*-===//
//
// A layout the user made (a dragged separator, a restored session or
// settings) at one window size, shown at another: QMainWindow alone gives
// the whole change to the central editor (1024 -> 1920: every new pixel
// to the editor; 1920 -> 1024: the editor 9 lines, the IR panes 3). This
// remembers each docked dock's size at the window size it was made at
// (again whenever the docks change while the window does not, and when
// a resize settles without scale()), and scales them to a new window
// size: each keeps its share of the window, none below its minimum size,
// and the bottom row leaves the editor and the IR panes above it their
// minimum useful height. Scaled layouts are not remembered: the layout
// as made is, so a round trip 1920 -> 1024 -> 1920 comes back to it
// whatever minimum sizes held at 1024.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_DOCKSHARES_H
#define SPYRE_APP_DOCKSHARES_H

#include <QObject>
#include <QPointer>
#include <QSize>

#include <functional>
#include <utility>
#include <vector>

class QDockWidget;
class QMainWindow;
class QTimer;

class DockShares : public QObject {
  Q_OBJECT

public:
  /// `topRowMinimum`: the height the editor and the docks beside it need
  /// at least (the bottom row never takes it).
  DockShares(QMainWindow *window, std::function<int()> topRowMinimum);

  /// Remembers the docks' sizes as they are, at the window's size now.
  void remember();
  /// Remembers them as they are, as made at window size `made` (a layout
  /// restored from another window size).
  void rememberAt(QSize made);
  /// Remembers `named` (docks by object name) as made at window size
  /// `made`: a session's layout, whatever the docks' sizes are now (a
  /// layout restored into a smaller window is squeezed at once).
  void rememberSizes(QSize made, const std::vector<std::pair<QString, QSize>> &named);
  /// The docked docks on show and their sizes now, by object name.
  std::vector<std::pair<QString, QSize>> shownSizes() const;
  /// The window size the remembered sizes were made at.
  QSize madeAt() const { return windowSize; }
  /// Gives every remembered dock its share of the window's size now.
  void scale();
  /// The window is being resized: its docks' sizes change by that, not by
  /// the user, until the resize settles.
  void windowResized();

protected:
  bool eventFilter(QObject *watched, QEvent *event) override;

private:
  void watchDocks();

  QMainWindow *window;
  std::function<int()> topRowMinimum;
  QSize windowSize;                          ///< the sizes below were made at
  /// Docked docks on show (not the tabs behind them), in the window's order.
  std::vector<std::pair<QPointer<QDockWidget>, QSize>> sizes;
  bool rememberPending = false;
  /// Counts rememberSizes(): a remember() queued before one is dropped.
  int given = 0;
  bool settling = false; ///< a resize or a scale is being laid out
  bool scaled = false;   ///< the docks show a scaled layout, not one made
  QTimer *settle = nullptr;
};

#endif
