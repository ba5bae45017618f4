//===- SessionFile.cpp - .spyx session files ------------------------------===//

#include "SessionFile.h"

#include "KernelFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace {

constexpr const char *kFormat = "spyre-explorer-session";

QString tr(const char *text) {
  return QCoreApplication::translate("SessionFile", text);
}

/// A file path as stored: absolute, and relative to the session's folder.
void storePath(QJsonObject &json, const char *key, const char *relativeKey,
               const QString &path, const QDir &sessionDir) {
  json[key] = path;
  if (!path.isEmpty() && QFileInfo(path).isAbsolute())
    json[relativeKey] = sessionDir.relativeFilePath(path);
}

/// The stored path resolved: absolute if it exists, else the relative one if
/// that exists, else the absolute one (made absolute against the session's
/// folder if an old session stored it relative).
QString resolvePath(const QJsonObject &json, const char *key,
                    const char *relativeKey, const QDir &sessionDir) {
  const QString stored = json[key].toString();
  const QString relative = json[relativeKey].toString();
  if (stored.isEmpty() && relative.isEmpty())
    return QString();
  const QString absolute =
      stored.isEmpty() ? QString()
                       : QDir::cleanPath(sessionDir.absoluteFilePath(stored));
  if (!absolute.isEmpty() && QFileInfo::exists(absolute))
    return absolute;
  if (!relative.isEmpty()) {
    const QString moved = QDir::cleanPath(sessionDir.absoluteFilePath(relative));
    if (QFileInfo::exists(moved))
      return moved;
  }
  return absolute.isEmpty()
             ? QDir::cleanPath(sessionDir.absoluteFilePath(relative))
             : absolute;
}

bool isFilePath(const QString &arch) {
  return arch.contains('/') || arch.endsWith(".toml");
}

} // namespace

QJsonObject SessionFile::toJson(const QString &sessionPath) const {
  const QDir dir = QFileInfo(sessionPath).absoluteDir();
  QJsonObject json;
  json["format"] = kFormat;
  json["version"] = 2;
  json["source"] = source;
  storePath(json, "file", "fileRelative",
            file.isEmpty() ? file : QFileInfo(file).absoluteFilePath(), dir);
  if (!untitledName.isEmpty())
    json["untitledName"] = untitledName;
  if (isFilePath(arch))
    storePath(json, "arch", "archRelative", QFileInfo(arch).absoluteFilePath(),
              dir);
  else
    json["arch"] = arch;
  json["selectedPass"] = selectedPass;
  json["leftSnapshot"] = leftPin;
  json["rightSnapshot"] = rightPin;
  json["layout"] = QString::fromLatin1(layout.toBase64());
  json["geometry"] = QString::fromLatin1(geometry.toBase64());
  if (layoutSize.isValid())
    json["layoutSize"] = QJsonArray{layoutSize.width(), layoutSize.height()};
  QJsonArray docks;
  for (const auto &[name, size] : dockSizes)
    docks.append(QJsonArray{name, size.width(), size.height()});
  if (!docks.isEmpty())
    json["dockSizes"] = docks;
  json["inputs"] = inputs.toJson();
  return json;
}

std::optional<SessionFile> SessionFile::fromJson(const QJsonObject &json,
                                                 const QString &sessionPath,
                                                 QString *error) {
  if (json["format"].toString() != QLatin1String(kFormat)) {
    if (error)
      *error = tr("%1 is not a Spyre Explorer session.").arg(sessionPath);
    return std::nullopt;
  }
  // A field of the wrong kind (`"source": 123`) is a broken session, said
  // so, not an empty kernel opened without a word.
  for (const char *key : {"source", "file", "fileRelative", "untitledName", "arch",
                          "archRelative", "selectedPass", "leftSnapshot", "rightSnapshot",
                          "layout", "geometry"}) {
    const QJsonValue v = json[QLatin1String(key)];
    if (!v.isUndefined() && !v.isNull() && !v.isString()) {
      if (error)
        *error = tr("%1 is not a Spyre Explorer session: \"%2\" is not text")
                     .arg(sessionPath, QLatin1String(key));
      return std::nullopt;
    }
  }
  for (const char *key : {"inputs"}) {
    const QJsonValue v = json[QLatin1String(key)];
    if (!v.isUndefined() && !v.isNull() && !v.isObject()) {
      if (error)
        *error = tr("%1 is not a Spyre Explorer session: \"%2\" is not an object")
                     .arg(sessionPath, QLatin1String(key));
      return std::nullopt;
    }
  }
  const QDir dir = QFileInfo(sessionPath).absoluteDir();
  SessionFile s;
  s.source = json["source"].toString();
  s.file = resolvePath(json, "file", "fileRelative", dir);
  s.untitledName = json["untitledName"].toString();
  const QString arch = json["arch"].toString();
  s.arch = isFilePath(arch) ? resolvePath(json, "arch", "archRelative", dir) : arch;
  s.selectedPass = json["selectedPass"].toString();
  s.leftPin = json["leftSnapshot"].toString();
  s.rightPin = json["rightSnapshot"].toString();
  s.layout = QByteArray::fromBase64(json["layout"].toString().toLatin1());
  s.geometry = QByteArray::fromBase64(json["geometry"].toString().toLatin1());
  // The window size the layout was saved at (older sessions: none).
  const QJsonArray size = json["layoutSize"].toArray();
  if (size.size() == 2 && size[0].toInt() > 0 && size[1].toInt() > 0 &&
      size[0].toInt() < 100000 && size[1].toInt() < 100000)
    s.layoutSize = QSize(size[0].toInt(), size[1].toInt());
  for (const QJsonValue &v : json["dockSizes"].toArray()) {
    const QJsonArray dock = v.toArray();
    const int w = dock.size() == 3 ? dock[1].toInt() : 0;
    const int h = dock.size() == 3 ? dock[2].toInt() : 0;
    if (dock.size() == 3 && dock[0].isString() && w > 0 && h > 0 && w < 100000 &&
        h < 100000)
      s.dockSizes.emplace_back(dock[0].toString(), QSize(w, h));
  }
  s.inputs = RunInputs::fromJson(json["inputs"].toObject(), dir.absolutePath());
  return s;
}

std::optional<SessionFile> SessionFile::load(const QString &sessionPath,
                                             QString *error) {
  KernelFile::Read read = KernelFile::read(sessionPath);
  if (!read.ok) {
    if (error)
      *error = read.error;
    return std::nullopt;
  }
  QJsonParseError parseError{};
  QJsonDocument doc = QJsonDocument::fromJson(read.text.toUtf8(), &parseError);
  if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
    if (error)
      *error = tr("%1 is not a Spyre Explorer session: %2")
                   .arg(sessionPath, parseError.error != QJsonParseError::NoError
                                         ? parseError.errorString()
                                         : tr("not a JSON object"));
    return std::nullopt;
  }
  return fromJson(doc.object(), sessionPath, error);
}

bool SessionFile::save(const QString &sessionPath, QString *error) const {
  return KernelFile::write(
      sessionPath,
      QString::fromUtf8(QJsonDocument(toJson(sessionPath)).toJson()), error);
}
