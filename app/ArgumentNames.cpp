//===- ArgumentNames.cpp - the arguments of the editor's kernel -----------===//
#include "ArgumentNames.h"

#include "WorkerPool.h"

#include "driver/KernelArguments.h"

#include <QtConcurrent>

ArgumentNames::ArgumentNames(QObject *parent) : QObject(parent) {
  connect(&watcher, &QFutureWatcher<std::optional<QStringList>>::finished, this, [this] {
    std::optional<QStringList> got = watcher.result();
    if (got == known)
      return;
    known = std::move(got);
    Q_EMIT changed();
  });
}

ArgumentNames::~ArgumentNames() { watcher.waitForFinished(); }

void ArgumentNames::read(const QString &source, const QString &name, const QString &function) {
  if (source == readSource && function == readFunction)
    return;
  readSource = source;
  readFunction = function;
  spyre::driver::RunRequest request;
  request.source = source.toStdString();
  request.sourceName = name.toStdString();
  request.function = function.toStdString();
  // A newer read replaces the watched one; the older ends unwatched.
  watcher.setFuture(QtConcurrent::run(workerPool(), [request]() -> std::optional<QStringList> {
    std::vector<spyre::driver::Diagnostic> diagnostics;
    const auto arguments = spyre::driver::describeArguments(request, diagnostics);
    if (arguments.empty() && !diagnostics.empty())
      return std::nullopt;
    QStringList names;
    for (const auto &a : arguments)
      names << QString::fromStdString(a.name);
    return names;
  }));
}
