//===- SessionFile.h - .spyx session files ----------------------*- C++ -*-===//
//
// A session (JSON, "format": "spyre-explorer-session") holds the kernel
// text, its file, the architecture, the selected pass, the pinned
// snapshots, the run inputs (seed, .npy files) and the window layout. Files are stored twice: as an absolute
// path ("file", "arch") and relative to the session's folder
// ("fileRelative", "archRelative"). On reading, the absolute path wins when
// it exists; otherwise the relative one (the session moved together with
// its kernel); otherwise the absolute path is kept, so Save never writes
// to a path that depends on the folder the app was started from.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_SESSIONFILE_H
#define SPYRE_APP_SESSIONFILE_H

#include "RunInputs.h"

#include <QByteArray>
#include <QJsonObject>
#include <QSize>
#include <QString>

#include <optional>

class SessionFile {
public:
  QString source;       ///< the kernel text as it was in the editor
  QString file;         ///< absolute path of the kernel; empty: untitled
  QString untitledName; ///< for an untitled kernel, the name it is shown with
  QString arch;         ///< preset name, absolute TOML path, or empty
  QString selectedPass;
  QString leftPin, rightPin;
  QByteArray layout, geometry;
  QSize layoutSize; ///< the window's size when the layout was saved
  /// The docked docks on show then, by object name, and their sizes
  /// (older sessions: none).
  std::vector<std::pair<QString, QSize>> dockSizes;
  /// What runs start from: the seed and .npy files (absolute paths).
  RunInputs inputs;

  /// The JSON for a session saved at `sessionPath`.
  QJsonObject toJson(const QString &sessionPath) const;
  /// Reads a session saved at `sessionPath`; nullopt with `error` set when
  /// the JSON is not a session.
  static std::optional<SessionFile> fromJson(const QJsonObject &json,
                                             const QString &sessionPath,
                                             QString *error);
  /// Reads and parses the file; nullopt with `error` set on failure.
  static std::optional<SessionFile> load(const QString &sessionPath, QString *error);
  bool save(const QString &sessionPath, QString *error) const;
};

#endif
