//===- TakeAwayTest.cpp - pictures and text to take away (issue 27, 5-6) --===//
//
//  5. The Ring and the Timeline export as PNG and SVG (their context menus
//     offer it; the files decode), and so does the command line
//     (--export-ring, --export-timeline beside --export-chart).
//  6. File ▸ Export Report… writes one self-contained XHTML file: it reads
//     back as XML, every image is inline and decodes, nothing points to
//     the network or to another file, and it has each section (kernel,
//     passes, diffs, ring, timeline, chart, summary, numerics);
//     `spyre-explorer KERNEL --export-report out.html` writes the same with
//     no display at all.
//
//===----------------------------------------------------------------------===//

#include "EmulatedRunViews.h"
#include "MachineDocks.h"
#include "MainWindow.h"
#include "OccupancyChart.h"
#include "RingView.h"
#include "RunControls.h"
#include "SessionReport.h"
#include "TimelineDock.h"
#include "TimelineView.h"
#include "WhenShown.h"
#include "WindowWithSample.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QProcess>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QXmlStreamReader>

namespace {

/// The actions of the context menu `widget` opens at its centre.
QStringList contextMenuTexts(QWidget *widget) {
  QStringList texts;
  whenShown([] { return qobject_cast<QMenu *>(QApplication::activePopupWidget()); },
            [&](QWidget *w) {
              auto *menu = static_cast<QMenu *>(w);
              for (QAction *a : menu->actions())
                if (!a->isSeparator())
                  texts << a->text() + (a->isEnabled() ? "" : " (disabled)");
              menu->close();
            });
  const QPoint at = widget->rect().center();
  QContextMenuEvent event(QContextMenuEvent::Mouse, at, widget->mapToGlobal(at));
  QApplication::sendEvent(widget, &event);
  return texts;
}

bool pngDecodes(const QString &path, QSize *size = nullptr) {
  QImage image(path);
  if (size)
    *size = image.size();
  return !image.isNull() && image.width() > 100 && image.height() > 100;
}

bool svgDecodes(const QString &path) {
  QSvgRenderer svg(path);
  return svg.isValid() && svg.defaultSize().width() > 100;
}

struct ReportCheck {
  QString error;
  int images = 0;
  QStringList sections;
};

/// Reads `html` as XML: well formed, its images inline and decoding, no
/// link to the network or to another file.
ReportCheck checkReport(const QString &html) {
  ReportCheck out;
  QXmlStreamReader xml(html);
  while (!xml.atEnd()) {
    xml.readNext();
    if (!xml.isStartElement())
      continue;
    const QXmlStreamAttributes attrs = xml.attributes();
    if (attrs.hasAttribute("id"))
      out.sections << attrs.value("id").toString();
    for (const char *name : {"src", "href"}) {
      if (!attrs.hasAttribute(name))
        continue;
      const QString value = attrs.value(name).toString();
      if (QString(name) == "href" && value.startsWith('#'))
        continue;
      if (!value.startsWith("data:image/png;base64,")) {
        out.error = QStringLiteral("%1=\"%2\" is not inline").arg(name, value.left(60));
        return out;
      }
      QImage image;
      if (!image.loadFromData(QByteArray::fromBase64(value.mid(22).toLatin1()), "PNG") ||
          image.width() < 100) {
        out.error = "an inline image does not decode";
        return out;
      }
      ++out.images;
    }
  }
  if (xml.hasError())
    out.error = QStringLiteral("not well-formed at line %1: %2")
                    .arg(xml.lineNumber())
                    .arg(xml.errorString());
  return out;
}

QProcessEnvironment withoutDisplay() {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
    env.remove(name);
  return env;
}

} // namespace

class TakeAwayTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName("SpyreExplorerTest");
    QCoreApplication::setApplicationName("take-away-test");
  }

  void ringAndTimelineExport() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    QVERIFY(window.selectPass("place-tiles"));
    QVERIFY(recordFirstPart(window));
    QTemporaryDir dir;
    RingView *ring = window.machine()->ring();
    TimelineView *timeline = window.runs()->timeline()->view();
    const QStringList ringMenu = contextMenuTexts(ring);
    QVERIFY2(ringMenu.contains("Export Ring as PNG…") && ringMenu.contains("Export Ring as SVG…"),
             qPrintable(ringMenu.join(", ")));
    window.runs()->timeline()->raise();
    const QStringList timelineMenu = contextMenuTexts(timeline->viewport());
    QVERIFY2(timelineMenu.contains("Export Timeline as PNG…") &&
                 timelineMenu.contains("Export Timeline as SVG…"),
             qPrintable(timelineMenu.join(", ")));
    QSize size;
    QVERIFY(ring->exportImage(dir.filePath("ring.png")));
    QVERIFY(pngDecodes(dir.filePath("ring.png"), &size));
    // Laid out bigger than a small dock.
    QVERIFY(size.width() >= 2 * 720);
    QVERIFY(ring->exportImage(dir.filePath("ring.svg")));
    QVERIFY(svgDecodes(dir.filePath("ring.svg")));
    // An SVG of vectors: paths and text, no embedded picture.
    QFile svg(dir.filePath("ring.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray drawing = svg.readAll();
    QVERIFY(drawing.contains("<path") && !drawing.contains("<image"));
    QVERIFY(timeline->exportImage(dir.filePath("timeline.png")));
    QVERIFY(pngDecodes(dir.filePath("timeline.png"), &size));
    QVERIFY(size.width() >= 2 * 1200);
    QVERIFY(timeline->exportImage(dir.filePath("timeline.svg")));
    QVERIFY(svgDecodes(dir.filePath("timeline.svg")));
  }

  void commandLineExports() {
    QTemporaryDir dir;
    QProcess p;
    p.setProcessEnvironment(withoutDisplay());
    p.start(SPYRE_EXPLORER_BIN,
            {QStringLiteral(SPYRE_SAMPLES_DIR) + "/elementwise_add.mlir", "--export-ring",
             dir.filePath("ring.svg"), "--export-timeline", dir.filePath("timeline.png"),
             "--export-chart", dir.filePath("chart.png")});
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QVERIFY(svgDecodes(dir.filePath("ring.svg")));
    QVERIFY(pngDecodes(dir.filePath("timeline.png")));
    QVERIFY(pngDecodes(dir.filePath("chart.png")));
  }

  void reportFromTheWindow() {
    MainWindow window;
    QVERIFY(showWithSample(window, "softmax.mlir", QSize(1024, 700)));
    QVERIFY(recordWholeRun(window));
    QTemporaryDir dir;
    const QString path = dir.filePath("softmax.html");
    QVERIFY(window.exportReport(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(file.readAll());
    const ReportCheck check = checkReport(html);
    QVERIFY2(check.error.isEmpty(), qPrintable(check.error));
    // The ring, the timeline and the chart.
    QCOMPARE(check.images, 3);
    for (const char *section :
         {"kernel", "passes", "diffs", "ring", "timeline", "chart", "summary", "numerics"})
      QVERIFY2(check.sections.contains(section), section);
    // Every pass that changed the IR has its diff, coloured.
    for (const auto &s : window.compiler().latest().snapshots)
      if (s.changed && s.pass != "input")
        QVERIFY2(html.contains(QStringLiteral("<h3 id=\"diff-")) &&
                     html.contains(QString::fromStdString(s.pass)),
                 s.pass.c_str());
    QVERIFY(html.contains("class=\"add\""));
    QVERIFY(html.contains("Why "));
    QVERIFY(html.contains("cycles"));
    // The numerics verdict of softmax's outputs (docs/numerics.md).
    QVERIFY(html.contains("within rounding") || html.contains("exact"));
    QVERIFY(!html.contains("WRONG"));
  }

  void reportWithoutADisplay() {
    QTemporaryDir dir;
    QProcess p;
    p.setProcessEnvironment(withoutDisplay());
    const QString out = dir.filePath("report.html");
    p.start(SPYRE_EXPLORER_BIN,
            {QStringLiteral(SPYRE_SAMPLES_DIR) + "/row_sum.mlir", "--export-report", out});
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const ReportCheck check = checkReport(QString::fromUtf8(file.readAll()));
    QVERIFY2(check.error.isEmpty(), qPrintable(check.error));
    QCOMPARE(check.images, 3);
  }
};

QTEST_MAIN(TakeAwayTest)
#include "TakeAwayTest.moc"
