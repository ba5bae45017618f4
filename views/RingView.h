//===- RingView.h - the kernel's tiles on the ring of cores -----*- C++ -*-===//
//
// The cores of the architecture on a ring (RingGeometry lays them out),
// the links between neighbours (both directions on a bidirectional ring),
// where HBM attaches, and each core filled with the colour of the tile(s)
// the selected pass has placed on it, tile ids written on the cores.
// Hovering a core tells its tiles, engines and scratchpad buffers; clicking
// one focuses it (coreFocused), clicking it again or empty space clears.
// During an emulated run (setLiveState) links carrying a transfer at the
// current cycle are drawn thick with their bytes, each core shows one pip
// per engine (busy, blocked or idle) and its scratchpad fill. What a step
// does not change (the ring, cores, tiles, ids, legend) is drawn once into
// two cached layers (RingLayerCache) and a step draws only the live state
// between and over them.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_RINGVIEW_H
#define SPYRE_VIEWS_RINGVIEW_H

#include "RingGeometry.h"
#include "RingLayerCache.h"
#include "models/RingLiveState.h"
#include "arch/Arch.h"
#include "driver/Compile.h"

#include <QWidget>

class QPainter;

#include <cstdint>
#include <vector>

class RingView : public QWidget {
  Q_OBJECT

public:
  explicit RingView(QWidget *parent = nullptr);

  void setArchitecture(const spyre::arch::Arch &arch);
  /// The placement, buffers and scratchpad peak `snapshot` carries (null:
  /// nothing compiled).
  void setSnapshot(const spyre::driver::PassSnapshot *snapshot);
  /// Peak scratchpad bytes per core from a run (empty: no run yet).
  void setRunPeaks(const std::vector<uint64_t> &peakBytes);
  /// The machine at the current cycle of an emulated run (busy engines,
  /// scratchpad bytes, link traffic); an invalid state clears it.
  void setLiveState(RingLiveState state);
  const RingLiveState &liveState() const { return live; }
  /// The run has moved to `cycle` and its state there is being worked
  /// out: the state shown until the next setLiveState() is drawn faded
  /// and the header says that it is of an earlier cycle, not the current
  /// one (a long run's ring state comes from a window re-executed on a
  /// worker after a jump).
  void setLiveStatePending(uint64_t cycle);
  bool liveStatePending() const { return pending; }

  int coreCount() const { return arch.numCores; }
  const spyre::arch::Arch &architecture() const { return arch; }
  int focusedCore() const { return focused; }
  /// Tiles on `core` in the shown placement.
  std::vector<int> tilesOn(int core) const;
  bool hasPlacement() const { return placed; }
  /// What hovering `core` shows (rich text).
  QString coreDescription(int core) const;
  /// The header as drawn at the current width, line by line (a line that
  /// does not fit ends in "…"), and its whole text, one part a line (the
  /// header's tooltip).
  QStringList headerLines() const;
  QString headerText() const;
  /// The layout of the current size (for tests and tools).
  ring::Layout currentLayout() const;

  /// How many times the ring's cached layers were drawn: after a change
  /// of size, architecture, placement, focus, hover or theme, never for a
  /// step of a run (RingLayerCache).
  int layerBuilds() const { return layers.builds(); }

  /// Writes the ring as drawn now (the placement, the run's state at the
  /// current cycle, the focus) to `path`: SVG (vectors) when it ends in
  /// .svg, else PNG; laid out at `size` (default: the view's size, at least
  /// 720x720). False when the file cannot be written.
  bool exportImage(const QString &path, QSize size = QSize()) const;
  /// Draws the whole view onto `p` at the widget's size, without the
  /// cached layers (what exportImage() draws).
  void paintAll(QPainter &p);
  QSize sizeHint() const override { return {360, 360}; }
  QSize minimumSizeHint() const override { return {160, 160}; }

public Q_SLOTS:
  /// Focuses `core` (-1: none) and emits coreFocused if it changed.
  void focusCore(int core);

Q_SIGNALS:
  void coreFocused(int core);

protected:
  void paintEvent(QPaintEvent *event) override;
  void contextMenuEvent(QContextMenuEvent *event) override;
  void changeEvent(QEvent *event) override;
  void mouseMoveEvent(QMouseEvent *event) override;
  void mousePressEvent(QMouseEvent *event) override;
  void leaveEvent(QEvent *event) override;
  bool event(QEvent *event) override;

private:
  /// The colours of the ring, from the palette.
  struct Colours {
    bool dark = false;
    QColor text, faint, focus, link, send, dma;
  };
  Colours colours() const;
  /// Draws the cached layers for `key` (RingLayerCache: under and over
  /// the traffic) and keeps the layout they were drawn with.
  void drawLayers(const RingLayerCache::Key &key);
  struct Header;
  /// Under the traffic (the machine's line, links, HBM) and over it (the
  /// cores, ids, legend): the two cached layers.
  void drawUnder(QPainter &p, const ring::Layout &l, const Colours &c,
                 const Header &h);
  void drawOver(QPainter &p, const ring::Layout &l, const Colours &c);
  /// What a step changes: the header's run and pass lines, each core's
  /// scratchpad fill and engines.
  void drawLive(QPainter &p, const ring::Layout &l, const Colours &c,
                const Header &h);
  void drawLegend(QPainter &p, const ring::Layout &l, const Colours &c);
  /// The links carrying a transfer at the current cycle.
  void drawTraffic(QPainter &p, const ring::Layout &l, const Colours &c);
  bool legendInside(const ring::Layout &layout) const;
  void drawEnginePips(QPainter &p, const QRectF &box,
                      const RingLiveState::Core &core, bool dark);
  static QColor busyColor(bool dark);
  bool isDark() const;
  /// What the selected pass did with the tiles.
  QString headline() const;
  /// The machine: its name, cores and ring.
  QString machineText() const;
  /// During a run, the state at the current cycle (else empty).
  QString liveText() const;
  /// The header laid out at the current width: the machine's line (bold),
  /// the run's line, what the pass did (at most two lines); each fitted
  /// (FittedLines). Its height depends on the width and the texts' length,
  /// not on a step of the run (the cached layers' key holds it).
  struct Header {
    QStringList machine, run, pass;
    int firstHeight = 0, height = 0;
  };
  Header header() const;
  int headerHeight() const;
  /// The legend strip along the bottom: its captions, and how many rows
  /// they need at the current width.
  QStringList legendCaptions() const;
  int legendRows() const;

  spyre::arch::Arch arch;
  bool placed = false;
  std::vector<int64_t> placement;
  std::vector<spyre::driver::LxBuffer> buffers;
  int64_t lxPeak = -1;
  QString passName, stage;
  std::vector<uint64_t> runPeaks;
  RingLiveState live;
  bool pending = false;      ///< live is of an earlier cycle than
  uint64_t pendingCycle = 0; ///< this one, the run's
  int focused = -1, hovered = -1;
  RingLayerCache layers;
  ring::Layout layersLayout; ///< the layout the layers were drawn with
};

#endif
