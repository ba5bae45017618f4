//===- KernelChooser.cpp - which kernel of a module to compile ------------===//

#include "KernelChooser.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

KernelChooser::KernelChooser(QWidget *parent) : QWidget(parent) {
  setObjectName("kernelChooser");
  auto *layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 0, 6, 0);
  auto *label = new QLabel(tr("&Kernel:"), this);
  box = new QComboBox(this);
  box->setObjectName("kernelBox");
  box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  box->setToolTip(tr("This file holds several kernels: the one compiled, "
                     "shown and run"));
  label->setBuddy(box);
  layout->addWidget(label);
  layout->addWidget(box);
  connect(box, &QComboBox::activated, this,
          [this](int index) { Q_EMIT kernelChosen(box->itemText(index)); });
}

void KernelChooser::setKernels(const QStringList &names, const QString &current) {
  QSignalBlocker quiet(box);
  if (kernels() != names) {
    box->clear();
    box->addItems(names);
  }
  int at = box->findText(current);
  box->setCurrentIndex(at >= 0 ? at : 0);
}

QStringList KernelChooser::kernels() const {
  QStringList names;
  for (int i = 0; i < box->count(); ++i)
    names << box->itemText(i);
  return names;
}

QString KernelChooser::current() const { return box->currentText(); }

bool KernelChooser::choose(const QString &name) {
  int at = box->findText(name);
  if (at < 0)
    return false;
  box->setCurrentIndex(at);
  Q_EMIT kernelChosen(name);
  return true;
}
