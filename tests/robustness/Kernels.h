//===- Kernels.h - the kernels the robustness tests mutate ----------------===//
#ifndef SPYRE_TESTS_ROBUSTNESS_KERNELS_H
#define SPYRE_TESTS_ROBUSTNESS_KERNELS_H

#include <QDir>
#include <QFile>
#include <QString>

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

#endif
