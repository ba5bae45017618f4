//===- KernelFile.h - reading and writing kernel text files -----*- C++ -*-===//
//
// The only way the app reads or writes a kernel. A file is loaded whole or
// not at all: a directory, an unreadable file, a file over the size limit,
// a file with NUL bytes or with invalid UTF-8 is refused with a message
// saying why, so a binary file never opens cut short and is never written
// back truncated. Writes go through QSaveFile (a new file renamed over the
// old one), so a failed save leaves the old file intact.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_KERNELFILE_H
#define SPYRE_APP_KERNELFILE_H

#include <QString>

class KernelFile {
public:
  /// Files larger than this are refused (a kernel is a few KB).
  static constexpr qint64 kMaxBytes = 32 * 1024 * 1024;

  struct Read {
    bool ok = false;
    QString text;  ///< the whole file, when ok
    QString error; ///< why not, when !ok ("... is a directory")
  };
  static Read read(const QString &path, qint64 maxBytes = kMaxBytes);
  /// Writes `text` as UTF-8; false with `error` set on failure.
  static bool write(const QString &path, const QString &text, QString *error);
};

#endif
