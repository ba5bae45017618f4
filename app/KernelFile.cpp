//===- KernelFile.cpp - reading and writing kernel text files -------------===//

#include "KernelFile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStringDecoder>

#include <sys/stat.h>

namespace {
QString tr(const char *text) {
  return QCoreApplication::translate("KernelFile", text);
}
} // namespace

KernelFile::Read KernelFile::read(const QString &path, qint64 maxBytes) {
  Read r;
  QFileInfo info(path);
  if (!info.exists()) {
    r.error = tr("%1 does not exist.").arg(path);
    return r;
  }
  if (info.isDir()) {
    r.error = tr("%1 is a directory, not a kernel file.").arg(path);
    return r;
  }
  // A FIFO or a socket would block the GUI in open() or read() until some
  // other program writes to it: refused. (Devices such as /dev/zero are
  // read up to the limit below.)
  struct stat st;
  if (::stat(QFile::encodeName(path).constData(), &st) == 0 &&
      (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) {
    r.error = tr("%1 is a pipe or a socket, not a kernel file.").arg(path);
    return r;
  }
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    r.error = tr("Cannot open %1: %2").arg(path, f.errorString());
    return r;
  }
  // Read one byte more than allowed to tell "exactly the limit" from "over".
  const QByteArray bytes = f.read(maxBytes + 1);
  if (f.error() != QFileDevice::NoError) {
    r.error = tr("Cannot read %1: %2").arg(path, f.errorString());
    return r;
  }
  if (bytes.size() > maxBytes) {
    r.error = tr("%1 is larger than %2 MB; it is not opened.")
                  .arg(path)
                  .arg(maxBytes / (1024 * 1024));
    return r;
  }
  if (bytes.contains('\0')) {
    r.error = tr("%1 is not a text file (it contains NUL bytes); it is not "
                 "opened, so it cannot be damaged by saving.")
                  .arg(path);
    return r;
  }
  QStringDecoder decode(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
  QString text = decode(bytes);
  if (decode.hasError()) {
    r.error = tr("%1 is not UTF-8 text; it is not opened, so it cannot be "
                 "damaged by saving.")
                  .arg(path);
    return r;
  }
  if (text.startsWith(QChar(0xFEFF))) // a UTF-8 byte-order mark
    text.remove(0, 1);
  r.ok = true;
  r.text = std::move(text);
  return r;
}

bool KernelFile::write(const QString &path, const QString &text, QString *error) {
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly) || f.write(text.toUtf8()) < 0 || !f.commit()) {
    if (error)
      *error = tr("Cannot write %1: %2").arg(path, f.errorString());
    return false;
  }
  return true;
}
