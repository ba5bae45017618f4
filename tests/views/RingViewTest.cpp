//===- RingViewTest.cpp - the ring view: placement, hover text, focus -----===//

#include "RingView.h"
#include "TileColors.h"

#include "arch/Arch.h"

#include <QFontMetrics>
#include <QLocale>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

namespace {

spyre::arch::Arch preset(const char *name) {
  std::vector<spyre::arch::Diagnostic> errors;
  auto text = spyre::arch::presetText(name);
  auto arch = spyre::arch::parseArch(*text, name, errors);
  return *arch;
}

spyre::driver::PassSnapshot placed(std::vector<int64_t> placement) {
  spyre::driver::PassSnapshot s;
  s.pass = "place-tiles";
  s.stage = "ScheduleIR";
  s.placement = std::move(placement);
  s.lxPeakBytes = 12288;
  s.buffers.push_back({"memref<4x256xf16>", 8192, 0, 17});
  s.buffers.push_back({"memref<1x256xf16>", 4096, 8192, 21});
  return s;
}

/// A run's state at `cycle`: every core with five engines, the first two
/// busy on core `busyCore`, and one transfer on link `link` (clockwise).
RingLiveState liveAt(uint64_t cycle, int cores, int busyCore, int link) {
  RingLiveState state;
  state.valid = true;
  state.cycle = cycle;
  state.lxCapacity = 2u << 20;
  for (int c = 0; c < cores; ++c) {
    RingLiveState::Core core;
    core.engines = 5;
    if (c == busyCore)
      core.busy = {"sfu#0", "l1lu#0"};
    core.lxBytes = uint64_t(c) * 40000;
    state.cores.push_back(core);
  }
  state.links.push_back({link, 0, 8192, false});
  return state;
}

} // namespace

class RingViewTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void init() {
    // A format string with fewer placeholders than arguments (the one-tile
    // case once was) fails the test.
    QTest::failOnWarning(QRegularExpression(QStringLiteral("^QString::arg")));
  }

  void followsArchitectureAndPlacement() {
    RingView view;
    view.setArchitecture(preset("spyre"));
    QCOMPARE(view.coreCount(), 32);
    QVERIFY(!view.hasPlacement());
    spyre::driver::PassSnapshot input;
    input.pass = "input";
    view.setSnapshot(&input);
    QVERIFY(!view.hasPlacement());
    QVERIFY(view.coreDescription(3).contains("not placed"));

    // Eight tiles; tiles 8.. fold back onto cores 0.. (two on a core).
    spyre::driver::PassSnapshot s = placed({0, 1, 2, 3, 4, 5, 6, 7, 0});
    view.setSnapshot(&s);
    QVERIFY(view.hasPlacement());
    QCOMPARE(view.tilesOn(3), std::vector<int>{3});
    QCOMPARE(view.tilesOn(0), (std::vector<int>{0, 8}));
    QVERIFY(view.tilesOn(20).empty());
    QString hover = view.coreDescription(3);
    QVERIFY(hover.contains("Core 3"));
    QVERIFY(hover.contains("Tiles: 3"));
    QVERIFY(hover.contains("mnilu"));      // an engine of the preset
    QVERIFY(hover.contains("2 MiB"));      // its scratchpad
    QVERIFY(hover.contains("12 KiB"));     // the compiled peak
    QVERIFY(hover.contains("memref&lt;4x256xf16&gt;") ||
            hover.contains("memref<4x256xf16>"));
    QVERIFY(hover.contains("8 KiB"));
    QVERIFY(view.coreDescription(0).contains("Tiles: 0, 8"));
    QVERIFY(view.coreDescription(20).contains("none"));
    QVERIFY(view.coreDescription(0).contains("HBM attaches here"));
    QVERIFY(view.coreDescription(32).isEmpty());

    view.setArchitecture(preset("spyre-4core"));
    QCOMPARE(view.coreCount(), 4);
    QCOMPARE(view.currentLayout().cores.size(), size_t(4));
  }

  void clickFocuses() {
    RingView view;
    view.setArchitecture(preset("spyre"));
    spyre::driver::PassSnapshot s = placed({0, 1, 2, 3});
    view.setSnapshot(&s);
    view.resize(420, 420);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy focused(&view, &RingView::coreFocused);
    ring::Layout l = view.currentLayout();
    QTest::mouseClick(&view, Qt::LeftButton, {}, l.cores[5].toPoint());
    QCOMPARE(focused.count(), 1);
    QCOMPARE(focused.at(0).at(0).toInt(), 5);
    QCOMPARE(view.focusedCore(), 5);
    QTest::mouseClick(&view, Qt::LeftButton, {}, l.cores[17].toPoint());
    QCOMPARE(focused.count(), 2);
    QCOMPARE(focused.at(1).at(0).toInt(), 17);
    // The same core again clears the focus.
    QTest::mouseClick(&view, Qt::LeftButton, {}, l.cores[17].toPoint());
    QCOMPARE(focused.count(), 3);
    QCOMPARE(focused.at(2).at(0).toInt(), -1);
    // Empty space with nothing focused: no signal.
    QTest::mouseClick(&view, Qt::LeftButton, {}, l.centre.toPoint());
    QCOMPARE(focused.count(), 3);
    // Focus from outside (another view) is emitted too; out of range clears.
    view.focusCore(2);
    QCOMPARE(focused.count(), 4);
    view.focusCore(99);
    QCOMPARE(view.focusedCore(), -1);
  }

  void paintsTileColours() {
    RingView view;
    view.setArchitecture(preset("spyre"));
    spyre::driver::PassSnapshot s = placed({0, 1, 2, 3});
    view.setSnapshot(&s);
    view.resize(480, 480);
    QImage image = view.grab().toImage();
    ring::Layout l = view.currentLayout();
    bool dark = view.palette().color(QPalette::Base).lightnessF() < 0.5;
    auto near = [](QColor a, QColor b) {
      return std::abs(a.red() - b.red()) < 8 &&
             std::abs(a.green() - b.green()) < 8 &&
             std::abs(a.blue() - b.blue()) < 8;
    };
    double dpr = image.devicePixelRatio();
    for (int core : {0, 1, 2, 3}) {
      // Inside the box, off the text in its middle.
      QPointF at = l.cores[size_t(core)] - QPointF(0, l.coreSize * 0.33);
      QColor pixel = image.pixelColor((at * dpr).toPoint());
      QVERIFY2(near(pixel, tilecolors::fill(core, dark)),
               qPrintable(QStringLiteral("core %1: %2").arg(core).arg(
                   pixel.name())));
    }
    // An idle core is not painted in a tile colour.
    QPointF idle = l.cores[9] - QPointF(0, l.coreSize * 0.33);
    QVERIFY(!near(image.pixelColor((idle * dpr).toPoint()),
                  tilecolors::fill(9, dark)));
  }

  // The header at the width the Ring dock has in a 1024x700 window (about
  // 200 px): every line drawn fits the width, nothing is cut mid-word or
  // left out of the tooltip; the one-tile and one-core cases read right.
  void headerFitsANarrowDock() {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    RingView view;
    view.setArchitecture(preset("spyre"));
    spyre::driver::PassSnapshot one = placed({5});
    one.pass = "lower-to-spyrecode";
    view.setSnapshot(&one);
    view.setLiveState(liveAt(1234567, 32, 5, 7));
    view.resize(200, 420);
    const QStringList lines = view.headerLines();
    const QString text = view.headerText();
    QVERIFY2(text.contains("After lower-to-spyrecode: 1 tile, on core 5"), qPrintable(text));
    // The run's counts grouped as the Timeline groups them.
    QVERIFY2(text.contains("cycle 1,234,567: 2 engines busy, 1 link in use"),
             qPrintable(text));
    // and so does a core's tooltip.
    const QString core5 = view.coreDescription(5);
    QVERIFY2(core5.contains("At cycle 1,234,567</b>"), qPrintable(core5));
    QVERIFY2(text.contains("spyre: 32 cores, bidirectional ring"), qPrintable(text));
    QFont bold = view.font();
    bold.setBold(true);
    QVERIFY(lines.size() >= 3);
    for (int i = 0; i < lines.size(); ++i) {
      const int advance = QFontMetrics(i == 0 ? bold : view.font()).horizontalAdvance(lines[i]);
      QVERIFY2(advance <= 200 - 16, qPrintable(lines[i]));
      QVERIFY(!lines[i].trimmed().isEmpty());
    }
    // Every line is the start of its part, or its part cut to "…".
    for (const QString &line : lines) {
      QString shown = line;
      shown.remove(QChar(0x2026));
      QVERIFY2(text.contains(shown.trimmed()), qPrintable(line));
    }
    // A long "not placed" text and a run: the header stays a header (the
    // machine, the run, two lines of the pass), the ring keeps its room.
    spyre::driver::PassSnapshot early;
    early.pass = "hoist-invariant-transfers";
    view.setSnapshot(&early);
    const QStringList narrow = view.headerLines();
    QVERIFY2(narrow.size() <= 4, qPrintable(narrow.join('|')));
    QVERIFY(view.currentLayout().radius > 50);
    // The header's height does not move with the run's steps (the cached
    // layers are keyed on it).
    const double top = view.currentLayout().centre.y();
    view.setLiveState(liveAt(7, 32, 1, 2));
    QCOMPARE(view.currentLayout().centre.y(), top);

    // One core: its name, "1 core", no placeholder left.
    spyre::arch::Arch single = preset("spyre-4core");
    single.numCores = 1;
    single.hbmAttachCore = 0;
    view.setArchitecture(single);
    QVERIFY2(view.headerText().startsWith(QString::fromStdString(single.name) + ": 1 core, "),
             qPrintable(view.headerText()));
    QVERIFY(!view.headerText().contains('%'));
    QLocale::setDefault(QLocale::system());
  }

  void layerKeyDecidesRedraw_data() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("ratio");
    QTest::addColumn<int>("header");
    QTest::addColumn<bool>("live");
    QTest::addColumn<bool>("stale");
    QTest::newRow("same") << QSize(400, 300) << 1.0 << 40 << false << false;
    QTest::newRow("wider") << QSize(401, 300) << 1.0 << 40 << false << true;
    QTest::newRow("taller") << QSize(400, 299) << 1.0 << 40 << false << true;
    QTest::newRow("pixel ratio") << QSize(400, 300) << 2.0 << 40 << false
                                 << true;
    QTest::newRow("header wraps") << QSize(400, 300) << 1.0 << 56 << false
                                  << true;
    QTest::newRow("run shown") << QSize(400, 300) << 1.0 << 40 << true
                               << true;
  }

  void layerKeyDecidesRedraw() {
    QFETCH(QSize, size);
    QFETCH(double, ratio);
    QFETCH(int, header);
    QFETCH(bool, live);
    QFETCH(bool, stale);
    RingLayerCache cache;
    const RingLayerCache::Key drawn{QSize(400, 300), 1.0, 40, false};
    QVERIFY(cache.stale(drawn)); // nothing drawn yet
    cache.store(drawn, RingLayerCache::blank(drawn, Qt::white),
                RingLayerCache::blank(drawn, Qt::transparent));
    QCOMPARE(cache.builds(), 1);
    QVERIFY(!cache.stale(drawn));
    const RingLayerCache::Key asked{size, ratio, header, live};
    QCOMPARE(cache.stale(asked), stale);
    // Whatever the key, invalidate() asks for a redraw.
    cache.invalidate();
    QVERIFY(cache.stale(drawn));
    // A layer covers the key's size in device pixels.
    QPixmap layer = RingLayerCache::blank(asked, Qt::transparent);
    QCOMPARE(layer.width(), int(std::ceil(size.width() * ratio)));
    QCOMPARE(layer.devicePixelRatio(), ratio);
  }

  void stepRedrawsOnlyTheLiveState() {
    RingView view;
    view.resize(480, 480);
    view.setArchitecture(preset("spyre"));
    spyre::driver::PassSnapshot s = placed({0, 1, 2, 3});
    view.setSnapshot(&s);
    QImage still = view.grab().toImage();
    int builds = view.layerBuilds();
    QVERIFY(builds >= 1);
    // Grabbing again with nothing changed draws from the layers.
    QCOMPARE(view.grab().toImage(), still);
    QCOMPARE(view.layerBuilds(), builds);

    // The run appears: another legend, so the layers once.
    view.setLiveState(liveAt(100, 32, 5, 7));
    QImage at100 = view.grab().toImage();
    QCOMPARE(view.layerBuilds(), builds + 1);
    // Steps: the traffic, the engines and the fill move; the layers stay.
    view.setLiveState(liveAt(200, 32, 9, 20));
    QImage at200 = view.grab().toImage();
    QCOMPARE(view.layerBuilds(), builds + 1);
    QVERIFY(at200 != at100);
    // The traffic is drawn thick in its colour on link 20 and gone from 7.
    ring::Layout l = view.currentLayout();
    auto linkPixelBlue = [&](const QImage &image, int link) {
      for (const ring::Link &k : ring::links(l, true)) {
        if (k.from != link || k.to != link + 1)
          continue;
        QPointF mid = (k.tip.p1() + k.tip.p2()) / 2;
        QColor c = image.pixelColor((mid * image.devicePixelRatio()).toPoint());
        return c.blue() > 140 && c.red() < 120;
      }
      return false;
    };
    QVERIFY(linkPixelBlue(at200, 20));
    QVERIFY(!linkPixelBlue(at200, 7));
    QVERIFY(linkPixelBlue(at100, 7));
    // Back to the first state: the same picture (nothing left behind).
    view.setLiveState(liveAt(100, 32, 5, 7));
    QCOMPARE(view.grab().toImage(), at100);
    QCOMPARE(view.layerBuilds(), builds + 1);

    // What the layers hold: focus, size, placement, architecture, palette.
    view.focusCore(3);
    view.grab();
    QCOMPARE(view.layerBuilds(), builds + 2);
    view.resize(500, 480);
    view.grab();
    QCOMPARE(view.layerBuilds(), builds + 3);
    spyre::driver::PassSnapshot other = placed({4, 5});
    view.setSnapshot(&other);
    view.grab();
    QCOMPARE(view.layerBuilds(), builds + 4);
    QPalette dark = view.palette();
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    view.setPalette(dark);
    view.grab();
    QCOMPARE(view.layerBuilds(), builds + 5);
    view.setArchitecture(preset("spyre-4core"));
    view.grab();
    QCOMPARE(view.layerBuilds(), builds + 6);
    QCOMPARE(view.currentLayout().cores.size(), size_t(4));
  }

  void coloursStayApart() {
    // Every pair of the first 32 tile colours differs visibly, in both
    // themes.
    for (bool dark : {false, true})
      for (int a = 0; a < 32; ++a)
        for (int b = a + 1; b < 32; ++b) {
          QColor x = tilecolors::fill(a, dark), y = tilecolors::fill(b, dark);
          int distance = std::abs(x.red() - y.red()) +
                         std::abs(x.green() - y.green()) +
                         std::abs(x.blue() - y.blue());
          QVERIFY2(distance > 24, qPrintable(QStringLiteral("%1 %2 %3")
                                                 .arg(a)
                                                 .arg(b)
                                                 .arg(dark)));
        }
  }
};

QTEST_MAIN(RingViewTest)
#include "RingViewTest.moc"
