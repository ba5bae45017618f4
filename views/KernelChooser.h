//===- KernelChooser.h - which kernel of a module to compile ----*- C++ -*-===//
//
// A module may hold several kernels (issue 23). The chooser lists them
// (setKernels, from the compile's CompileResult::kernels) and says which
// one the user picked (kernelChosen). The window shows it only for a
// module of several kernels, so single-kernel files look as they did.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_KERNELCHOOSER_H
#define SPYRE_VIEWS_KERNELCHOOSER_H

#include <QWidget>

class QComboBox;

class KernelChooser : public QWidget {
  Q_OBJECT

public:
  explicit KernelChooser(QWidget *parent = nullptr);

  /// The kernels to offer, `current` selected; emits nothing.
  void setKernels(const QStringList &names, const QString &current);
  QStringList kernels() const;
  QString current() const;
  /// Selects `name` as the user would (emits kernelChosen); false when it
  /// is not offered.
  bool choose(const QString &name);

Q_SIGNALS:
  void kernelChosen(const QString &name);

private:
  QComboBox *box = nullptr;
};

#endif
