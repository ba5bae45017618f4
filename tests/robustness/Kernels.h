//===- Kernels.h - the kernels the robustness tests mutate ----------------===//
#ifndef SPYRE_TESTS_ROBUSTNESS_KERNELS_H
#define SPYRE_TESTS_ROBUSTNESS_KERNELS_H

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QString>

#include "driver/Diagnostic.h"

#include <vector>

struct Kernel {
  QString name, text;
};

/// Every .mlir / .ktir file of `dir`, by name.
inline std::vector<Kernel> loadKernels(const QString &dir) {
  std::vector<Kernel> out;
  QDir d(dir);
  for (const QString &f : d.entryList({"*.mlir", "*.ktir"}, QDir::Files, QDir::Name)) {
    QFile file(d.filePath(f));
    if (file.open(QIODevice::ReadOnly))
      out.push_back({f, QString::fromUtf8(file.readAll())});
  }
  return out;
}

/// Every sample and (when present) corpus kernel.
inline std::vector<Kernel> loadAllKernels(const QString &samples,
                                          const QString &corpus) {
  std::vector<Kernel> kernels = loadKernels(samples);
  std::vector<Kernel> more = loadKernels(corpus);
  kernels.insert(kernels.end(), more.begin(), more.end());
  return kernels;
}

/// Calls `each(label, text)` for every variant of `k` with one integer
/// `arith.constant` of index type replaced by 0, by 1 and by 3v + 5.
template <typename F> void forEachConstantMutation(const Kernel &k, F each) {
  static const QRegularExpression constant(
      R"(arith\.constant\s+(-?\d+)\s*:\s*index)");
  auto matches = constant.globalMatch(k.text);
  while (matches.hasNext()) {
    QRegularExpressionMatch m = matches.next();
    qint64 value = m.captured(1).toLongLong();
    for (qint64 replacement : {qint64(0), qint64(1), value * 3 + 5}) {
      QString mutated = k.text;
      mutated.replace(m.capturedStart(1), m.capturedLength(1),
                      QString::number(replacement));
      each(k.name + " with " + m.captured(0) + " -> " +
               QString::number(replacement),
           mutated);
    }
  }
}

/// At least one error diagnostic that says something.
inline bool hasErrorDiagnostic(
    const std::vector<spyre::driver::Diagnostic> &diagnostics) {
  for (const spyre::driver::Diagnostic &d : diagnostics)
    if (d.severity == spyre::driver::Diagnostic::Severity::Error &&
        !d.message.empty())
      return true;
  return false;
}

#endif
