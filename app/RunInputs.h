//===- RunInputs.h - what a run's array arguments start from -----*- C++ -*-===//
//
// The inputs of a run, emulated or interpreted: a seed for the random data
// of every array argument (driver/Run.h's RunRequest::seed), and a NumPy
// .npy file chosen by the user for some of them (argument name -> absolute
// path). The files are read where the run is prepared (a worker thread)
// with load(); the Inputs dialog checks each one against its argument when
// it is chosen. Sessions keep them as JSON (toJson / fromJson).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_RUNINPUTS_H
#define SPYRE_APP_RUNINPUTS_H

#include "driver/Run.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <string>

class RunInputs {
public:
  uint64_t seed = 0;
  std::map<QString, QString> files; ///< argument -> absolute .npy path

  bool operator==(const RunInputs &o) const {
    return seed == o.seed && files == o.files;
  }
  bool operator!=(const RunInputs &o) const { return !(*this == o); }

  /// Reads every file into `args` (as RunRequest::args); false, with one
  /// message per file that cannot be read naming it, when any fails.
  bool load(std::map<std::string, spyre::driver::Argument> &args,
            QStringList &errors) const;
  /// "seed 0", or "a.npy, b.npy; seed 0 for the rest" (the rest: arrays
  /// without a file, when there are any).
  QString describe() const;

  /// {"seed": N, "files": {"name": "/abs/path.npy", ...}}
  QJsonObject toJson() const;
  /// Reads toJson()'s object; relative paths are resolved from `baseDir`
  /// (the session's folder). Unknown or malformed entries are skipped.
  static RunInputs fromJson(const QJsonObject &json, const QString &baseDir);
};

#endif
