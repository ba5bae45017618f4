//===- bench.cpp - spyre-explorer responsiveness measurements -------------===//
//
//   spyre-explorer-bench [KERNEL.mlir]   (run offscreen or under Xvfb)
//
// Measures, on the given kernel (default: the largest sample):
//   - start-up: from main() to the window painted with the kernel compiled;
//   - typing: 40 keystrokes 60 ms apart at the end of the kernel while a
//     1 ms timer watches the GUI thread; prints the longest stall;
//   - keystroke to panes: from the last keystroke to the panes showing the
//     compiled result (the debounce included);
//   - peak RSS of the process.
//
//===----------------------------------------------------------------------===//

#include "CodeEditor.h"
#include "MainWindow.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>
#include <sys/resource.h>

int main(int argc, char **argv) {
  QElapsedTimer sinceStart;
  sinceStart.start();
  QApplication app(argc, argv);
  QApplication::setOrganizationName("SpyreExplorerBench");
  QString kernel = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
  if (kernel.isEmpty()) {
    QFileInfoList samples = QDir(MainWindow::samplesDirectory())
                                .entryInfoList({"*.mlir"}, QDir::Files);
    for (const QFileInfo &f : samples)
      if (kernel.isEmpty() || f.size() > QFileInfo(kernel).size())
        kernel = f.filePath();
  }
  MainWindow window;
  window.show();
  if (!window.openFile(kernel))
    return 1;
  auto *editor = window.findChild<CodeEditor *>("editor");

  // Start-up: the first compile finished and the window repainted.
  while (window.compiler().latestJob() == 0)
    QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
  window.repaint();
  double startupMs = sinceStart.nsecsElapsed() / 1e6;

  // Typing while a 1 ms timer watches the GUI thread.
  double longestStall = 0;
  QElapsedTimer tick;
  tick.start();
  QTimer watcher;
  watcher.setTimerType(Qt::PreciseTimer);
  QObject::connect(&watcher, &QTimer::timeout, [&] {
    longestStall = std::max(longestStall, tick.nsecsElapsed() / 1e6);
    tick.restart();
  });
  watcher.start(1);
  int line = editor->lines() - 1;
  QElapsedTimer lastKey;
  quint64 jobBefore = window.compiler().latestJob();
  for (int i = 0; i < 40; ++i) {
    editor->setCursorPosition(line, 0);
    editor->insert(i % 10 == 9 ? "\n" : "/");
    lastKey.restart();
    QElapsedTimer gap;
    gap.start();
    while (gap.elapsed() < 60)
      QApplication::processEvents(QEventLoop::AllEvents, 5);
  }
  // Keystroke to panes: wait for the compile of the final text.
  while (window.compiler().latestJob() == jobBefore ||
         window.compiler().busy())
    QApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
  QApplication::processEvents();
  double keystrokeToPanesMs = lastKey.nsecsElapsed() / 1e6;
  watcher.stop();

  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("kernel                 %s (%d lines)\n",
              qPrintable(QFileInfo(kernel).fileName()), editor->lines());
  std::printf("start-up to compiled   %.0f ms\n", startupMs);
  std::printf("longest GUI stall      %.1f ms (typing 40 keys, 60 ms apart)\n",
              longestStall);
  std::printf("keystroke to panes     %.0f ms (debounce %d ms included)\n",
              keystrokeToPanesMs, window.compiler().debounceMs());
  std::printf("peak RSS               %.1f MB\n", usage.ru_maxrss / 1024.0);
  return 0;
}
