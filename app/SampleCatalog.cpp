//===- SampleCatalog.cpp - the bundled sample kernels ---------------------===//

#include "SampleCatalog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

QStringList SampleCatalog::order(const QString &directory) {
  QStringList names;
  QFile f(QDir(directory).filePath(QStringLiteral("ORDER")));
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
    return names;
  for (const QByteArray &raw : f.readAll().split('\n')) {
    const QString line = QString::fromUtf8(raw).trimmed();
    if (!line.isEmpty() && !line.startsWith(QLatin1Char('#')))
      names << line;
  }
  return names;
}

QList<SampleCatalog::Sample> SampleCatalog::list(const QString &directory) {
  QList<Sample> out;
  QDir dir(directory);
  // From simple to hard as ORDER lists them, then the others by name.
  QStringList names = dir.entryList({"*.mlir"}, QDir::Files, QDir::Name);
  const QStringList ranked = order(directory);
  std::stable_sort(names.begin(), names.end(), [&](const QString &a, const QString &b) {
    auto rank = [&](const QString &n) {
      const qsizetype i = ranked.indexOf(n);
      return i < 0 ? ranked.size() : i;
    };
    return rank(a) < rank(b);
  });
  for (const QString &name : names) {
    Sample s;
    s.path = dir.absoluteFilePath(name);
    s.name = name;
    QFile f(s.path);
    QStringList header;
    while (f.isOpen() || f.open(QIODevice::ReadOnly)) {
      if (header.size() >= 4 || f.atEnd())
        break;
      header << QString::fromUtf8(f.readLine(4096));
    }
    s.description = descriptionOf(header);
    out << s;
  }
  return out;
}

QString SampleCatalog::descriptionOf(const QStringList &headerLines) {
  QString out;
  for (int i = 0; i < headerLines.size(); ++i) {
    QString line = headerLines[i];
    line.remove(QLatin1Char('\n')).remove(QLatin1Char('\r'));
    if (!line.startsWith(QLatin1String("//")))
      break;
    const QString body = line.mid(2);
    if (i == 0) {
      QString text = body.trimmed();
      const int dash = text.indexOf(QLatin1String(" -- "));
      out = dash >= 0 ? text.mid(dash + 4).trimmed() : text;
    } else {
      // A continuation: "// more words", not "//" or "//   formula".
      if (body.trimmed().isEmpty() || body.startsWith(QLatin1String("   ")))
        break;
      out += QLatin1Char(' ') + body.trimmed();
    }
    if (out.endsWith(QLatin1Char(':')) || out.endsWith(QLatin1Char('.')))
      break;
  }
  while (out.endsWith(QLatin1Char(':')) || out.endsWith(QLatin1Char('.')))
    out.chop(1);
  out = out.trimmed();
  if (out.size() > 100)
    out = out.left(99).trimmed() + QStringLiteral("\u2026");
  return out;
}

bool SampleCatalog::isSample(const QString &path, const QString &directory) {
  const QString dir = QFileInfo(directory).canonicalFilePath();
  const QString fileDir = QFileInfo(path).canonicalPath();
  return !dir.isEmpty() && dir == fileDir;
}
