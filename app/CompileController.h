//===- CompileController.h - live compilation off the GUI thread -*- C++ -*-===//
//
// Every edit restarts a debounce timer; when it fires, the kernel is
// compiled on a worker thread (core/driver's compileKernel, which owns its
// own MLIRContext). Each job has an id; a result that is no longer the
// newest is dropped, so the panes always show the latest text. A newer
// request cancels the running compile at its next pass boundary.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_COMPILECONTROLLER_H
#define SPYRE_APP_COMPILECONTROLLER_H

#include "LatestJob.h"
#include "driver/Compile.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>

class CompileController : public QObject {
  Q_OBJECT

public:
  explicit CompileController(QObject *parent = nullptr);

  void setDebounceMs(int ms) { debounce.setInterval(ms); }
  int debounceMs() const { return debounce.interval(); }
  /// Schedules a compile of `source` after the debounce delay.
  void requestCompile(const QString &source, const QString &name);
  /// Compiles now (no debounce), e.g. after opening a file.
  void compileNow(const QString &source, const QString &name);

  /// The target (preset name or TOML file; empty: the Spyre default),
  /// used from the next compile on.
  void setArchitecture(const QString &arch) { architecture = arch; }
  QString architectureName() const { return architecture; }
  /// The directory of the kernel's file, where its device imports are
  /// found (empty: the current directory).
  void setKernelDirectory(const QString &dir) { kernelDirectory = dir; }
  /// The kernel to compile when the module holds several (empty: the
  /// first), used from the next compile on.
  void setKernel(const QString &name) { kernel = name; }
  QString kernelName() const { return kernel; }

  const spyre::driver::CompileResult &latest() const { return result; }
  /// What latest() was compiled from: the text, the target, the directory.
  const QString &latestSource() const { return finishedSource; }
  const QString &latestArchitecture() const { return finishedArch; }
  const QString &latestDirectory() const { return finishedDirectory; }
  quint64 latestJob() const { return finishedJob; }
  bool busy() const { return jobs.busy(); }

Q_SIGNALS:
  void started(quint64 job);
  void finished(quint64 job);

private:
  void launch();

  QTimer debounce;
  QString pendingSource, pendingName, architecture, kernelDirectory, kernel;
  QString runningSource, runningArch, runningDirectory;
  QString finishedSource, finishedArch, finishedDirectory;
  LatestJob jobs;
  quint64 finishedJob = 0;
  QFutureWatcher<spyre::driver::CompileResult> watcher;
  spyre::driver::CompileResult result;
};

#endif
