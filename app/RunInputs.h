//===- RunInputs.h - what a run's array arguments start from -----*- C++ -*-===//
//
// The inputs of a run, emulated or interpreted: a seed for the random data
// of every array argument (driver/Run.h's RunRequest::seed), a NumPy .npy
// file chosen by the user for some of them (argument name -> absolute
// path), and the value of each scalar argument given (argument name -> the
// number as typed). The files are read and the values parsed where the run
// is prepared (a worker thread) with load(); the Inputs dialog checks each
// one against its argument's type when it is chosen or typed. Sessions keep
// them as JSON (toJson / fromJson).
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
  /// Scalar argument -> its value as typed ("0.25", "-3"); checked for
  /// the argument's type by the Inputs dialog (driver::parseScalarValue).
  std::map<QString, QString> scalars;

  bool operator==(const RunInputs &o) const {
    return seed == o.seed && files == o.files && scalars == o.scalars;
  }
  bool operator!=(const RunInputs &o) const { return !(*this == o); }

  /// Reads every file and every scalar value into `args` (as
  /// RunRequest::args: a whole number also as the exact integer); false,
  /// with one message per file that cannot be read or value that is not a
  /// number, naming it, when any fails.
  bool load(std::map<std::string, spyre::driver::Argument> &args,
            QStringList &errors) const;
  /// "seed 0", or "a.npy, b.npy; seed 0 for the rest" (the rest: arrays
  /// without a file, when there are any); then the scalars given
  /// ("seed 0; %s = 0.25").  
  QString describe() const;
  /// These inputs without the files and values of arguments not in
  /// `names` (chosen for another kernel: kept here for when it comes back,
  /// not sent to this one's runs).
  RunInputs forArguments(const QStringList &names) const;

  /// {"seed": N, "files": {"name": "/abs/path.npy", ...},
  ///  "scalars": {"name": "0.25", ...}}
  QJsonObject toJson() const;
  /// Reads toJson()'s object; relative paths are resolved from `baseDir`
  /// (the session's folder). Unknown or malformed entries are skipped.
  static RunInputs fromJson(const QJsonObject &json, const QString &baseDir);
};

#endif
