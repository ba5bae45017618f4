//===- Bytes.cpp - byte counts and counts for people ----------------------===//

#include "models/Bytes.h"

#include <QLocale>

QString formatBytes(uint64_t bytes) {
  if (bytes < 1024)
    return QStringLiteral("%1 B").arg(bytes);
  const char *units[] = {"KiB", "MiB", "GiB", "TiB"};
  double value = double(bytes) / 1024;
  int unit = 0;
  while (value >= 1024 && unit < 3) {
    value /= 1024;
    ++unit;
  }
  // Whole numbers without a decimal ("2 MiB", not "2.0 MiB").
  bool whole = value == double(uint64_t(value));
  return QStringLiteral("%1 %2")
      .arg(value, 0, 'f', whole ? 0 : 1)
      .arg(QLatin1String(units[unit]));
}

QString formatCount(uint64_t count) { return QLocale().toString(qulonglong(count)); }

QString formatShare(double fraction) {
  if (fraction > 0 && fraction < 0.0005)
    return QStringLiteral("< 0.1 %");
  return QLocale::c().toString(100.0 * fraction, 'f', fraction < 0.1 ? 1 : 0) +
         QStringLiteral(" %");
}
