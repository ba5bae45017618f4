//===- RingView.cpp - the kernel's tiles on the ring of cores -------------===//

#include "RingView.h"

#include "models/Bytes.h"
#include "ExportFolder.h"
#include "FittedLines.h"
#include "PictureFile.h"
#include "TileColors.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace {

constexpr int kLegendItemExtra = 18 + 12; ///< swatch and gap around a caption
constexpr int kHeaderPassLines = 2; ///< what the pass did wraps to at most this
constexpr int kMaxListedBuffers = 12;
/// How a live state of an earlier cycle than the run's is drawn.
constexpr double kPendingOpacity = 0.35;

/// An arrowhead at the end of `tip`, pointing along it.
void drawHead(QPainter &p, const QLineF &tip, double head) {
  if (tip.length() <= 0)
    return;
  QLineF back(tip.p2(), tip.p1());
  back.setLength(head);
  QLineF left = back, right = back;
  left.setAngle(back.angle() + 26);
  right.setAngle(back.angle() - 26);
  QColor color = p.pen().color();
  p.save();
  p.setPen(Qt::NoPen);
  p.setBrush(color);
  p.drawPolygon(QPolygonF({tip.p2(), left.p2(), right.p2()}));
  p.restore();
}

void drawArrow(QPainter &p, const QLineF &line, double head) {
  p.drawLine(line);
  drawHead(p, line, head);
}

QString escaped(const std::string &text) {
  return QString::fromStdString(text).toHtmlEscaped();
}

} // namespace

RingView::RingView(QWidget *parent) : QWidget(parent) {
  setMouseTracking(true);
  setAttribute(Qt::WA_OpaquePaintEvent);
  setFocusPolicy(Qt::ClickFocus);
}

void RingView::setArchitecture(const spyre::arch::Arch &newArch) {
  arch = newArch;
  if (focused >= arch.numCores)
    focusCore(-1);
  hovered = -1;
  runPeaks.clear();
  live = {};
  layers.invalidate();
  update();
}

void RingView::setSnapshot(const spyre::driver::PassSnapshot *snapshot) {
  placed = snapshot && !snapshot->placement.empty();
  placement = snapshot ? snapshot->placement : std::vector<int64_t>();
  buffers = snapshot ? snapshot->buffers
                     : std::vector<spyre::driver::LxBuffer>();
  lxPeak = snapshot ? snapshot->lxPeakBytes : -1;
  passName = snapshot ? QString::fromStdString(snapshot->pass) : QString();
  stage = snapshot ? QString::fromStdString(snapshot->stage) : QString();
  layers.invalidate();
  update();
}

void RingView::setRunPeaks(const std::vector<uint64_t> &peakBytes) {
  runPeaks = peakBytes;
  update();
}

void RingView::setLiveState(RingLiveState state) {
  live = std::move(state);
  pending = false;
  update();
}

void RingView::setLiveStatePending(uint64_t cycle) {
  if (pending && pendingCycle == cycle)
    return;
  pending = true;
  pendingCycle = cycle;
  update();
}

std::vector<int> RingView::tilesOn(int core) const {
  std::vector<int> tiles;
  for (size_t tile = 0; tile < placement.size(); ++tile)
    if (placement[tile] == core)
      tiles.push_back(int(tile));
  return tiles;
}

void RingView::focusCore(int core) {
  if (core < -1 || core >= arch.numCores)
    core = -1;
  if (core == focused)
    return;
  focused = core;
  layers.invalidate();
  update();
  Q_EMIT coreFocused(core);
}

ring::Layout RingView::currentLayout() const {
  // Without the legend strip when the legend fits inside the ring.
  QRectF area = QRectF(rect()).adjusted(4, headerHeight(), -4, -2);
  ring::Layout l = ring::layout(arch.numCores, area, arch.hbmAttachCore);
  if (legendInside(l))
    return l;
  const int strip = legendRows() * (fontMetrics().height() + 2) + 6;
  return ring::layout(arch.numCores, area.adjusted(0, 0, 0, -strip),
                      arch.hbmAttachCore);
}

QString RingView::machineText() const {
  if (arch.numCores == 0)
    return QString();
  QString ring = arch.bidirectionalRing ? tr("bidirectional") : tr("one-way");
  QString name = QString::fromStdString(arch.name);
  return arch.numCores == 1 ? tr("%1: 1 core, %2 ring").arg(name, ring)
                            : tr("%1: %2 cores, %3 ring")
                                  .arg(name, formatCount(uint64_t(arch.numCores)), ring);
}

QString RingView::liveText() const {
  if (!live.valid)
    return QString();
  if (pending)
    return tr("working out cycle %1… (faded: cycle %2)")
        .arg(formatCount(pendingCycle), formatCount(live.cycle));
  int busy = 0;
  for (const auto &c : live.cores)
    busy += int(c.busy.size());
  const QString engines = busy == 1 ? tr("1 engine busy")
                                    : tr("%1 engines busy").arg(formatCount(uint64_t(busy)));
  const QString links = live.links.size() == 1
                            ? tr("1 link in use")
                            : tr("%1 links in use").arg(formatCount(live.links.size()));
  return tr("cycle %1: %2, %3").arg(formatCount(live.cycle), engines, links);
}

RingView::Header RingView::header() const {
  Header h;
  QFont bold = font();
  bold.setBold(true);
  const int width = std::max(40, this->width() - 16);
  h.machine = fittedLines(machineText(), bold, width, 1);
  h.run = fittedLines(liveText(), font(), width, 1);
  h.pass = fittedLines(headline(), font(), width, kHeaderPassLines);
  const int lines = int(h.run.size() + h.pass.size());
  h.firstHeight = QFontMetrics(bold).height() + 4;
  h.height = h.firstHeight + std::max(lines, 1) * fontMetrics().lineSpacing() + 4;
  return h;
}

QStringList RingView::headerLines() const {
  Header h = header();
  return h.machine + h.run + h.pass;
}

QString RingView::headerText() const {
  QStringList parts;
  for (const QString &part : {machineText(), liveText(), headline()})
    if (!part.isEmpty())
      parts << part;
  return parts.join(QLatin1Char('\n'));
}

int RingView::headerHeight() const { return header().height; }

QStringList RingView::legendCaptions() const {
  QStringList captions;
  // During a run the strip along the bottom shows what moves only.
  if (!live.valid)
    captions << tr("tile id") << tr("idle") << tr("link") << tr("focused");
  else
    captions << tr("traffic") << tr("busy engine");
  return captions;
}

int RingView::legendRows() const {
  const QFontMetrics fm = fontMetrics();
  const double room = std::max(40, width() - 16);
  int rows = 1;
  double x = 0;
  for (const QString &c : legendCaptions()) {
    double w = kLegendItemExtra + fm.horizontalAdvance(c);
    if (x > 0 && x + w > room) {
      ++rows;
      x = 0;
    }
    x += w;
  }
  return rows;
}

bool RingView::isDark() const {
  return palette().color(QPalette::Base).lightnessF() < 0.5;
}

QString RingView::headline() const {
  if (arch.numCores == 0)
    return tr("No architecture");
  if (passName.isEmpty())
    return tr("Nothing compiled yet");
  if (!placed)
    return tr("After %1: tiles not placed yet (place-tiles places them)")
        .arg(passName);
  std::vector<int64_t> used = placement;
  std::sort(used.begin(), used.end());
  used.erase(std::unique(used.begin(), used.end()), used.end());
  if (placement.size() == 1)
    return tr("After %1: 1 tile, on core %2").arg(passName).arg(used[0]);
  return tr("After %1: %2 tiles on %3 of %4 cores")
      .arg(passName, formatCount(placement.size()), formatCount(used.size()),
           formatCount(uint64_t(arch.numCores)));
}

QString RingView::coreDescription(int core) const {
  if (core < 0 || core >= arch.numCores)
    return {};
  QString html = tr("<b>Core %1</b>").arg(core);
  if (core == arch.hbmAttachCore)
    html += tr(" &middot; HBM attaches here");
  std::vector<int> tiles = tilesOn(core);
  html += "<br>";
  if (!placed) {
    html += tr("Tiles: not placed yet");
  } else if (tiles.empty()) {
    html += tr("Tiles: none (idle)");
  } else {
    QStringList ids;
    for (int t : tiles)
      ids << QString::number(t);
    html += tr("Tiles: %1").arg(ids.join(", "));
  }
  QStringList engines;
  for (const auto &e : arch.engines)
    engines << QStringLiteral("%1&times;%2 (%3)")
                   .arg(escaped(e.name))
                   .arg(e.count)
                   .arg(escaped(e.role));
  html += "<br>" + tr("Engines: %1").arg(engines.join(", "));
  html += "<br>" + tr("Scratchpad: %1")
                       .arg(formatBytes(arch.scratchpadBytesPerCore));
  bool runs = placed && !tiles.empty();
  if (runs && lxPeak >= 0)
    html += tr(", compiled peak %1").arg(formatBytes(uint64_t(lxPeak)));
  if (core < int(runPeaks.size()))
    html += tr(", interpreter run peak %1").arg(formatBytes(runPeaks[core]));
  if (live.valid && core < int(live.cores.size())) {
    const RingLiveState::Core &c = live.cores[size_t(core)];
    auto names = [](const std::vector<std::string> &list) {
      QStringList out;
      for (const auto &n : list)
        out << escaped(n);
      return out.join(", ");
    };
    html += "<br>" + tr("<b>At cycle %1</b>: scratchpad %2 in use")
                         .arg(formatCount(live.cycle), formatBytes(c.lxBytes));
    html += "<br>" + (c.busy.empty() ? tr("no engine busy")
                                     : tr("busy: %1").arg(names(c.busy)));
    if (!c.blocked.empty())
      html += "<br>" + tr("blocked: %1").arg(names(c.blocked));
  }
  if (runs && !buffers.empty()) {
    html += "<br>" + (buffers.size() == 1
                          ? tr("1 scratchpad buffer:")
                          : tr("%1 scratchpad buffers:").arg(buffers.size()));
    html += "<table cellspacing=0 cellpadding=1>";
    int listed = 0;
    for (const auto &b : buffers) {
      if (listed++ == kMaxListedBuffers) {
        html += tr("<tr><td colspan=4>… and %1 more</td></tr>")
                    .arg(buffers.size() - kMaxListedBuffers);
        break;
      }
      html += QStringLiteral("<tr><td><tt>%1</tt></td><td align=right>"
                             "&nbsp;%2</td><td>&nbsp;%3</td><td>&nbsp;%4"
                             "</td></tr>")
                  .arg(escaped(b.type), formatBytes(uint64_t(b.bytes)),
                       b.address >= 0
                           ? QStringLiteral("@%1").arg(b.address)
                           : QString(),
                       b.line > 0 ? tr("line %1").arg(b.line) : QString());
    }
    html += "</table>";
  } else if (runs) {
    html += "<br>" + tr("No scratchpad buffers in this IR");
  }
  return html;
}

RingView::Colours RingView::colours() const {
  const QPalette pal = palette();
  Colours c;
  c.dark = isDark();
  // The focus ring must stand out from the tiles in both themes.
  c.focus = pal.color(QPalette::Highlight);
  if (c.dark && c.focus.lightnessF() < 0.6)
    c.focus = c.focus.lighter(170);
  c.text = pal.color(QPalette::Text);
  c.faint = c.text;
  c.faint.setAlphaF(0.55f);
  c.link = c.dark ? QColor(0x8a, 0x93, 0xa0) : QColor(0x7a, 0x83, 0x90);
  // Traffic at the current cycle: ring sends in blue, HBM traffic crossing
  // the ring in the HBM colour.
  c.send = c.dark ? QColor(0x6c, 0xb6, 0xff) : QColor(0x1a, 0x5f, 0xb4);
  c.dma = c.dark ? QColor(0xf0, 0xb0, 0x4a) : QColor(0xb8, 0x6e, 0x00);
  return c;
}

void RingView::paintEvent(QPaintEvent *) {
  // The ring, its cores and the legend come from the two cached layers;
  // only what a step changes is drawn here: the link traffic between the
  // layers, then the status line, the scratchpad fill and the engines.
  const Header h = header();
  const RingLayerCache::Key key{size(), devicePixelRatioF(), h.height, live.valid};
  if (layers.stale(key))
    drawLayers(key);
  const Colours c = colours();
  QPainter p(this);
  p.drawPixmap(QPointF(0, 0), layers.under());
  p.setRenderHint(QPainter::Antialiasing);
  const ring::Layout &l = layersLayout;
  // A state of an earlier cycle than the run's (setLiveStatePending):
  // faded, not shown as the current one.
  p.setOpacity(pending ? kPendingOpacity : 1.0);
  if (arch.numCores > 0 && l.coreSize >= 4)
    drawTraffic(p, l, c);
  p.setOpacity(1.0);
  p.drawPixmap(QPointF(0, 0), layers.over());
  drawLive(p, l, c, h);
}

void RingView::paintAll(QPainter &p) {
  // What paintEvent draws, straight onto `p` (vectors in an SVG).
  const Header h = header();
  const Colours c = colours();
  layersLayout = arch.numCores > 0 ? currentLayout() : ring::Layout();
  const ring::Layout &l = layersLayout;
  p.fillRect(QRect(QPoint(0, 0), size()), palette().color(QPalette::Base));
  p.setRenderHint(QPainter::Antialiasing);
  drawUnder(p, l, c, h);
  if (arch.numCores > 0 && l.coreSize >= 4) {
    p.setOpacity(pending ? kPendingOpacity : 1.0);
    drawTraffic(p, l, c);
    p.setOpacity(1.0);
    drawOver(p, l, c);
  }
  drawLive(p, l, c, h);
}

bool RingView::exportImage(const QString &path, QSize size) const {
  if (!size.isValid() || size.isEmpty())
    size = this->size().expandedTo(QSize(720, 720));
  // A copy laid out at the file's size (the dock may be small), drawn
  // without the cached layers, so an SVG holds vectors.
  RingView copy;
  copy.setAttribute(Qt::WA_DontShowOnScreen);
  copy.setPalette(palette());
  copy.setFont(font());
  copy.arch = arch;
  copy.placed = placed;
  copy.placement = placement;
  copy.buffers = buffers;
  copy.lxPeak = lxPeak;
  copy.passName = passName;
  copy.stage = stage;
  copy.runPeaks = runPeaks;
  copy.live = live;
  copy.focused = focused;
  copy.resize(size);
  return PictureFile::write(path, size, tr("Ring"), palette().color(QPalette::Base),
                            [&](QPainter &p) { copy.paintAll(p); });
}

void RingView::contextMenuEvent(QContextMenuEvent *event) {
  QMenu menu(this);
  for (const char *format : {"PNG", "SVG"}) {
    const QString ext = QString::fromLatin1(format).toLower();
    menu.addAction(tr("Export Ring as %1…").arg(QLatin1String(format)), this, [this, ext] {
      const QString path = ExportFolder::askSave(
          this, tr("Export ring"), QStringLiteral("ring.") + ext,
          ext == QLatin1String("svg") ? tr("SVG drawing (*.svg)") : tr("PNG image (*.png)"));
      if (!path.isEmpty())
        exportImage(path);
    });
  }
  menu.exec(event->globalPos());
}

void RingView::drawLive(QPainter &p, const ring::Layout &l, const Colours &c,
                        const Header &h) {
  const bool drawn = arch.numCores > 0 && l.coreSize >= 4;

  // Under the machine's line: the run's state at the current cycle, then
  // what the selected pass did; each line fitted to the width (the whole
  // text is the header's tooltip).
  p.setFont(font());
  const QFontMetrics fm = fontMetrics();
  double y = h.firstHeight;
  auto drawLine = [&](const QString &line) {
    p.drawText(QRectF(8, y, width() - 16, fm.lineSpacing()),
               Qt::AlignLeft | Qt::AlignTop, line);
    y += fm.lineSpacing();
  };
  p.setPen(c.text);
  for (const QString &line : h.run)
    drawLine(line);
  p.setPen(placed ? c.text : c.faint);
  for (const QString &line : h.pass)
    drawLine(line);
  if (!drawn)
    return;
  p.setOpacity(pending ? kPendingOpacity : 1.0);
  for (int core = 0; core < arch.numCores; ++core) {
    QRectF box = l.coreRect(core);
    // Scratchpad fill: at the current cycle of a run, else the last
    // interpreter run's peak; a bar along the bottom edge.
    uint64_t fill = live.valid && core < int(live.cores.size())
                        ? live.cores[size_t(core)].lxBytes
                        : core < int(runPeaks.size()) ? runPeaks[core] : 0;
    if (fill > 0 && arch.scratchpadBytesPerCore > 0) {
      double f = std::min(1.0, double(fill) /
                                   double(arch.scratchpadBytesPerCore));
      f = std::max(f, 0.04); // a sliver shows that something is there
      QRectF track(box.center().x() - box.width() * 0.3,
                   box.center().y() + box.height() * 0.27, box.width() * 0.6,
                   std::max(2.0, box.height() * 0.07));
      QColor trackColor = c.text;
      trackColor.setAlphaF(0.18f);
      p.fillRect(track, trackColor);
      QRectF bar = track;
      bar.setWidth(track.width() * f);
      p.fillRect(bar, f > 0.9 ? QColor(0xd0, 0x30, 0x30)
                              : (c.dark ? QColor(0xe8, 0xe8, 0xe8)
                                        : QColor(0x30, 0x30, 0x30)));
    }
    if (live.valid && core < int(live.cores.size()))
      drawEnginePips(p, box, live.cores[size_t(core)], c.dark);
  }
}

void RingView::drawTraffic(QPainter &p, const ring::Layout &l,
                           const Colours &c) {
  if (!live.valid || live.links.empty())
    return;
  // The links that carry a transfer at the current cycle, drawn thick
  // over the plain ones (under the cores), with their bytes beside them.
  double head = std::clamp(l.coreSize * 0.3, 5.0, 8.0);
  QFont bytesFont = font();
  bytesFont.setPixelSize(int(std::clamp(l.coreSize * 0.3, 8.0, 11.0)));
  p.setFont(bytesFont);
  p.setBrush(Qt::NoBrush);
  for (const ring::Link &link : ring::links(l, arch.bidirectionalRing)) {
    const RingLiveState::Link *traffic = nullptr;
    int direction = link.to == (link.from + 1) % arch.numCores ? 0 : 1;
    int index = direction == 0 ? link.from : link.to;
    for (const auto &t : live.links)
      if (t.link == index && t.direction == direction)
        traffic = &t;
    if (!traffic)
      continue;
    QRectF circle(l.centre - QPointF(link.radius, link.radius),
                  QSizeF(2 * link.radius, 2 * link.radius));
    QPainterPath arc;
    arc.arcMoveTo(circle, link.startDegrees);
    arc.arcTo(circle, link.startDegrees, link.sweepDegrees);
    QColor colour = traffic->dma ? c.dma : c.send;
    p.setPen(QPen(colour, std::clamp(l.coreSize * 0.16, 3.0, 5.0),
                  Qt::SolidLine, Qt::RoundCap));
    p.drawPath(arc);
    drawHead(p, link.tip, head + 2);
    if (l.coreSize > 22) {
      QPointF mid = arc.pointAtPercent(0.5);
      QPointF out = mid - l.centre;
      double len = std::hypot(out.x(), out.y());
      if (len > 0)
        mid += out / len * (direction == 0 ? 11.0 : -11.0);
      p.setPen(colour);
      p.drawText(QRectF(mid.x() - 30, mid.y() - 7, 60, 14), Qt::AlignCenter,
                 formatBytes(uint64_t(traffic->bytes)));
    }
  }
}

void RingView::drawLayers(const RingLayerCache::Key &key) {
  const QPalette pal = palette();
  const Colours c = colours();
  QPixmap under = RingLayerCache::blank(key, pal.color(QPalette::Base));
  QPixmap over = RingLayerCache::blank(key, Qt::transparent);
  layersLayout = arch.numCores > 0 ? currentLayout() : ring::Layout();
  const ring::Layout &l = layersLayout;
  const Header h = header();
  QPainter p(&under);
  p.setRenderHint(QPainter::Antialiasing);
  drawUnder(p, l, c, h);
  p.end();
  if (arch.numCores > 0 && l.coreSize >= 4) {
    p.begin(&over);
    p.setRenderHint(QPainter::Antialiasing);
    drawOver(p, l, c);
    p.end();
  }
  layers.store(key, std::move(under), std::move(over));
}

void RingView::drawUnder(QPainter &p, const ring::Layout &l, const Colours &c,
                         const Header &h) {
  // Under the traffic: the machine's line of the header, the links, HBM.
  const bool dark = c.dark;
  QFont font = this->font();
  p.setPen(c.text);
  QFont bold = font;
  bold.setBold(true);
  p.setFont(bold);
  QRectF line1(8, 2, width() - 16, h.firstHeight - 2);
  p.drawText(line1, Qt::AlignLeft | Qt::AlignVCenter, h.machine.value(0));
  p.setFont(font);
  if (arch.numCores == 0 || l.coreSize < 4)
    return;
  double head = std::clamp(l.coreSize * 0.3, 5.0, 8.0);
  p.setPen(QPen(c.link, l.coreSize > 30 ? 1.6 : 1.2));
  p.setBrush(Qt::NoBrush);
  for (const ring::Link &link : ring::links(l, arch.bidirectionalRing)) {
    QRectF circle(l.centre - QPointF(link.radius, link.radius),
                  QSizeF(2 * link.radius, 2 * link.radius));
    QPainterPath arc;
    arc.arcMoveTo(circle, link.startDegrees);
    arc.arcTo(circle, link.startDegrees, link.sweepDegrees);
    p.drawPath(arc);
    drawHead(p, link.tip, head);
  }
  QColor accent = dark ? QColor(0xf0, 0xb0, 0x4a) : QColor(0xb8, 0x6e, 0x00);
  QLineF hbm = ring::hbmLine(l);
  if (!hbm.isNull()) {
    p.setPen(QPen(accent, 1.8, Qt::DashLine));
    p.drawLine(hbm);
  }
  if (l.hbm.width() > 24 && l.hbm.height() > 10) {
    p.setPen(QPen(accent, 1.5));
    QColor hbmFill = accent;
    hbmFill.setAlphaF(dark ? 0.22f : 0.12f);
    p.setBrush(hbmFill);
    p.drawRoundedRect(l.hbm, 5, 5);
    p.setPen(c.text);
    QString label = tr("HBM → core %1").arg(l.hbmAttachCore);
    if (l.hbmAttachCore < 0 ||
        p.fontMetrics().horizontalAdvance(label) > l.hbm.width() - 6)
      label = tr("HBM");
    p.drawText(l.hbm, Qt::AlignCenter, label);
  }
}

void RingView::drawOver(QPainter &p, const ring::Layout &l, const Colours &c) {
  // Over the traffic: the cores, their ids and the legend.
  const QPalette pal = palette();
  const bool dark = c.dark;
  QFont font = this->font();
  QFont tileFont = font;
  tileFont.setBold(true);
  tileFont.setPixelSize(int(std::clamp(l.coreSize * 0.42, 8.0, 17.0)));
  QFont idFont = font;
  idFont.setPixelSize(int(std::clamp(l.coreSize * 0.36, 8.0, 12.0)));
  for (int core = 0; core < arch.numCores; ++core) {
    QRectF box = l.coreRect(core);
    std::vector<int> tiles = placed ? tilesOn(core) : std::vector<int>();
    QPainterPath shape;
    shape.addEllipse(box);
    if (tiles.empty()) {
      p.fillPath(shape, pal.color(QPalette::AlternateBase));
    } else {
      // One vertical stripe per tile.
      p.save();
      p.setClipPath(shape);
      double w = box.width() / double(tiles.size());
      for (size_t i = 0; i < tiles.size(); ++i)
        p.fillRect(QRectF(box.left() + w * double(i), box.top(), w + 0.5,
                          box.height()),
                   tilecolors::fill(tiles[i], dark));
      p.restore();
    }
    bool isFocused = core == focused, isHovered = core == hovered;
    QColor border = tiles.empty() ? pal.color(QPalette::Mid)
                                  : tilecolors::fill(tiles[0], dark).darker(
                                        dark ? 70 : 140);
    if (isFocused)
      border = c.focus;
    p.setPen(QPen(border, isFocused ? 3.0 : (isHovered ? 2.0 : 1.0)));
    p.setBrush(Qt::NoBrush);
    if (isFocused) // a halo, so the focus reads at a glance
      p.drawEllipse(box.adjusted(-3, -3, 3, 3));
    else
      p.drawPath(shape);
    if (isHovered && !isFocused) {
      p.setPen(QPen(c.text, 1.0));
      p.drawEllipse(box.adjusted(-2, -2, 2, 2));
    }
    if (!tiles.empty()) {
      p.setFont(tileFont);
      p.setPen(tilecolors::textOn(dark));
      QString label = tiles.size() == 1
                          ? QString::number(tiles[0])
                          : tiles.size() == 2
                                ? QStringLiteral("%1,%2").arg(tiles[0]).arg(
                                      tiles[1])
                                : QStringLiteral("%1+%2")
                                      .arg(tiles[0])
                                      .arg(tiles.size() - 1);
      p.drawText(box, Qt::AlignCenter, label);
    }
    // The core's id outside the ring.
    p.setFont(idFont);
    p.setPen(isFocused ? c.focus : c.faint);
    QPointF at = l.labelPosition(core);
    QRectF idBox(at.x() - 14, at.y() - 8, 28, 16);
    p.drawText(idBox, Qt::AlignCenter, QString::number(core));
  }
  drawLegend(p, l, c);
}

void RingView::drawLegend(QPainter &p, const ring::Layout &l,
                          const Colours &c) {
  // Inside the ring under HBM when there is room, else a strip along the
  // bottom.
  const QPalette pal = palette();
  const bool dark = c.dark;
  QFont font = this->font();
  p.setFont(font);
  QFontMetrics fm(font);
  bool inside = legendInside(l);
  double rowHeight = fm.height() + 2;
  const int rows = legendRows();
  double x = 8, y = height() - 4 - (rows - 0.5) * rowHeight;
  if (inside) {
    x = l.centre.x() - 36;
    y = l.hbm.bottom() + 8 + rowHeight / 2;
  }
  auto next = [&](double advance) {
    if (inside) {
      x = l.centre.x() - 36;
      y += rowHeight;
    } else {
      x += advance + 12;
    }
  };
  // In the strip, an item that does not fit the row starts the next one
  // (legendRows() counted them the same way).
  auto wrapFor = [&](const QString &what) {
    if (!inside && x > 8 && x + kLegendItemExtra + fm.horizontalAdvance(what) > width() - 8) {
      x = 8;
      y += rowHeight;
    }
  };
  auto caption = [&](const QString &what) {
    p.setPen(c.faint);
    p.drawText(QPointF(x, y + fm.ascent() / 2.0 - 1), what);
    next(fm.horizontalAdvance(what));
  };
  auto swatch = [&](const QColor &fill, const QPen &edge, const QString &what) {
    wrapFor(what);
    p.setPen(edge);
    p.setBrush(fill);
    p.drawEllipse(QRectF(x, y - 6, 12, 12));
    x += 18;
    caption(what);
  };
  // During a run the strip along the bottom has room for what moves only.
  bool all = inside || !live.valid;
  if (all) {
    swatch(tilecolors::fill(0, dark),
           QPen(tilecolors::fill(0, dark).darker(140), 1), tr("tile id"));
    swatch(pal.color(QPalette::AlternateBase),
           QPen(pal.color(QPalette::Mid), 1), tr("idle"));
    wrapFor(tr("link"));
    p.setPen(QPen(c.link, 1.2));
    drawArrow(p, QLineF(x, y, x + 14, y), 5);
    x += 18;
    caption(tr("link"));
    swatch(Qt::transparent, QPen(c.focus, 2.5), tr("focused"));
  }
  if (live.valid) {
    wrapFor(tr("traffic"));
    p.setPen(QPen(c.send, 3.5, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(QLineF(x, y, x + 14, y));
    x += 18;
    caption(tr("traffic"));
    swatch(busyColor(dark), QPen(busyColor(dark).darker(150), 1),
           tr("busy engine"));
  }
}

QColor RingView::busyColor(bool dark) {
  return dark ? QColor(0x5c, 0xe0, 0x7a) : QColor(0x1e, 0x9e, 0x40);
}

void RingView::drawEnginePips(QPainter &p, const QRectF &box,
                              const RingLiveState::Core &core, bool dark) {
  if (core.engines <= 0 || box.width() < 12)
    return;
  // One pip per engine along the top of the disc: filled when busy, a
  // ring in amber when blocked, a faint ring when idle.
  double pip = std::clamp(box.width() * 0.16, 3.0, 7.0);
  double gap = pip * 0.35;
  double total = core.engines * pip + (core.engines - 1) * gap;
  double x = box.center().x() - total / 2;
  double y = box.top() + box.height() * 0.16;
  QColor blocked = dark ? QColor(0xff, 0xc0, 0x40) : QColor(0xc0, 0x70, 0x00);
  QColor idle = palette().color(QPalette::Text);
  idle.setAlphaF(0.35f);
  int busyLeft = int(core.busy.size()), blockedLeft = int(core.blocked.size());
  for (int i = 0; i < core.engines; ++i, x += pip + gap) {
    QRectF dot(x, y, pip, pip);
    if (busyLeft-- > 0) {
      p.setPen(QPen(busyColor(dark).darker(dark ? 100 : 140), 1));
      p.setBrush(busyColor(dark));
    } else if (blockedLeft-- > 0) {
      p.setPen(QPen(blocked, 1.4));
      p.setBrush(Qt::NoBrush);
    } else {
      p.setPen(QPen(idle, 1));
      p.setBrush(Qt::NoBrush);
    }
    p.drawEllipse(dot);
  }
}

bool RingView::legendInside(const ring::Layout &l) const {
  // Four rows (six during a run) under the HBM box, inside the inner lane.
  double inner = l.radius - l.coreSize / 2 - 8;
  double rows = (live.valid ? 6 : 4) * (fontMetrics().height() + 2);
  double below = l.hbm.bottom() + 8 + rows - l.centre.y();
  return inner > 0 && below < inner &&
         std::sqrt(inner * inner - below * below) > 40;
}

void RingView::mouseMoveEvent(QMouseEvent *event) {
  int core = ring::coreAt(currentLayout(), event->position());
  if (core != hovered) {
    hovered = core;
    setCursor(core >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
    layers.invalidate();
    update();
  }
  QWidget::mouseMoveEvent(event);
}

void RingView::mousePressEvent(QMouseEvent *event) {
  if (event->button() != Qt::LeftButton)
    return QWidget::mousePressEvent(event);
  int core = ring::coreAt(currentLayout(), event->position());
  // Clicking the focused core again clears the focus.
  focusCore(core == focused ? -1 : core);
}

void RingView::leaveEvent(QEvent *event) {
  if (hovered != -1) {
    hovered = -1;
    layers.invalidate();
    update();
  }
  QWidget::leaveEvent(event);
}

void RingView::changeEvent(QEvent *event) {
  switch (event->type()) {
  case QEvent::PaletteChange:
  case QEvent::FontChange:
  case QEvent::StyleChange:
  case QEvent::LanguageChange:
    layers.invalidate();
    update();
    break;
  default:
    break;
  }
  QWidget::changeEvent(event);
}

bool RingView::event(QEvent *event) {
  if (event->type() == QEvent::ToolTip) {
    auto *help = static_cast<QHelpEvent *>(event);
    int core = ring::coreAt(currentLayout(), help->pos());
    if (core >= 0)
      QToolTip::showText(help->globalPos(), coreDescription(core), this);
    else if (help->pos().y() < headerHeight() && !headerText().isEmpty())
      QToolTip::showText(help->globalPos(), headerText(), this); // lines cut to "…"
    else
      QToolTip::hideText();
    return true;
  }
  return QWidget::event(event);
}
