//===- RunInputs.cpp - what a run's array arguments start from ------------===//

#include "RunInputs.h"

#include "driver/KernelArguments.h"
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
  for (const auto &[name, text] : scalars) {
    // The dialog checked the value for the argument's type; here any
    // number is taken (an integer exactly), the run checks the rest.
    spyre::driver::KernelArgument asInteger{name.toStdString(), false, "i64", {}, false};
    spyre::driver::KernelArgument asFloat{name.toStdString(), false, "f64", {}, false};
    spyre::driver::Argument value;
    const std::string written = text.trimmed().toStdString();
    std::string why = spyre::driver::parseScalarValue(asInteger, written, value);
    if (!why.empty())
      why = spyre::driver::parseScalarValue(asFloat, written, value);
    if (!why.empty()) {
      errors << QObject::tr("value of %%1: %2").arg(name, QString::fromStdString(why));
      ok = false;
      continue;
    }
    spyre::driver::Argument &arg = args[name.toStdString()];
    arg.scalar = value.scalar;
    arg.integer = value.integer;
  }
  return ok;
}

RunInputs RunInputs::forArguments(const QStringList &names) const {
  RunInputs out = *this;
  for (auto *byName : {&out.files, &out.scalars})
    for (auto it = byName->begin(); it != byName->end();)
      it = names.contains(it->first) ? std::next(it) : byName->erase(it);
  return out;
}

QString RunInputs::describe() const {
  QString text;
  if (files.empty()) {
    text = QObject::tr("seed %1").arg(seed);
  } else {
    QStringList names;
    for (const auto &entry : files)
      names << QFileInfo(entry.second).fileName();
    text = QObject::tr("%1; seed %2 for the rest").arg(names.join(", ")).arg(seed);
  }
  QStringList values;
  for (const auto &[name, value] : scalars)
    values << QStringLiteral("%%1 = %2").arg(name, value.trimmed());
  if (!values.isEmpty())
    text += QStringLiteral("; ") + values.join(", ");
  return text;
}

QJsonObject RunInputs::toJson() const {
  QJsonObject json;
  json["seed"] = QString::number(seed); // exact beyond 2^53
  QJsonObject byName;
  for (const auto &[name, path] : files)
    byName[name] = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
  json["files"] = byName;
  QJsonObject values;
  for (const auto &[name, value] : scalars)
    values[name] = value;
  json["scalars"] = values;
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
  const QJsonObject values = json["scalars"].toObject();
  for (auto it = values.begin(); it != values.end(); ++it)
    if (!it.key().isEmpty() && it.value().isString() &&
        !it.value().toString().trimmed().isEmpty())
      in.scalars[it.key()] = it.value().toString();
  return in;
}
