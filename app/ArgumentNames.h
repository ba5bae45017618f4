//===- ArgumentNames.h - the arguments of the editor's kernel --*- C++ -*-===//
//
// The names of the arguments of the kernel a run would be made of, read on
// a worker (driver's describeArguments parses the kernel): what the F5
// tooltip needs to name only the inputs a run sends (RunInputs::
// forArguments), not the values kept for another kernel's arguments.
// read() after each compile; changed() when the names are known.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_ARGUMENTNAMES_H
#define SPYRE_APP_ARGUMENTNAMES_H

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

#include <optional>

class ArgumentNames : public QObject {
  Q_OBJECT

public:
  explicit ArgumentNames(QObject *parent = nullptr);
  ~ArgumentNames() override;

  /// Reads the arguments of `source`'s kernel `function` (empty: the
  /// first kernel); `name` is its file name, for diagnostics.
  void read(const QString &source, const QString &name, const QString &function);
  /// The names (without '%'); none while unknown: not read yet, or the
  /// kernel does not parse.
  const std::optional<QStringList> &names() const { return known; }

Q_SIGNALS:
  void changed();

private:
  QFutureWatcher<std::optional<QStringList>> watcher;
  std::optional<QStringList> known;
  QString readSource, readFunction; ///< of the newest read()
};

#endif
