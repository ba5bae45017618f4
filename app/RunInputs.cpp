//===- RunInputs.cpp - what a run's array arguments start from ------------===//

#include "RunInputs.h"

#include "support/Npy.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonValue>
#include <QObject>

bool RunInputs::load(std::map<std::string, spyre::driver::Argument> &args,
                     QStringList &errors) const {
  bool ok = true;
  for (const auto &[name, path] : files) {
    spyre::npy::Array array;
    std::string error;
    if (!spyre::npy::readNpy(path.toStdString(), array, error)) {
      errors << QObject::tr("input of %%1: %2")
                    .arg(name, QString::fromStdString(error));
      ok = false;
      continue;
    }
    args[name.toStdString()].array = std::move(array);
  }
  return ok;
}

QString RunInputs::describe() const {
  if (files.empty())
    return QObject::tr("seed %1").arg(seed);
  QStringList names;
  for (const auto &entry : files)
    names << QFileInfo(entry.second).fileName();
  return QObject::tr("%1; seed %2 for the rest").arg(names.join(", ")).arg(seed);
}

QJsonObject RunInputs::toJson() const {
  QJsonObject json;
  json["seed"] = QString::number(seed); // exact beyond 2^53
  QJsonObject byName;
  for (const auto &[name, path] : files)
    byName[name] = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
  json["files"] = byName;
  return json;
}

RunInputs RunInputs::fromJson(const QJsonObject &json, const QString &baseDir) {
  RunInputs in;
  bool ok = false;
  qulonglong seed = json["seed"].toString().toULongLong(&ok);
  if (ok)
    in.seed = seed;
  else if (json["seed"].isDouble() && json["seed"].toDouble() >= 0)
    in.seed = uint64_t(json["seed"].toDouble());
  const QJsonObject byName = json["files"].toObject();
  for (auto it = byName.begin(); it != byName.end(); ++it) {
    QString path = it.value().toString();
    if (it.key().isEmpty() || path.isEmpty())
      continue;
    if (QFileInfo(path).isRelative())
      path = QDir(baseDir).filePath(path);
    in.files[it.key()] = QDir::cleanPath(path);
  }
  return in;
}
