//===- ReadKernel.h - the text of a tests/kernels kernel ---------*- C++ -*-===//
//
// The interpreter tests that run kernels of tests/kernels read them through
// this (SPYRE_KERNELS_DIR is the directory, set by CMake).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_INTERP_READKERNEL_H
#define SPYRE_TESTS_INTERP_READKERNEL_H

#include <QFile>
#include <QString>
#include <QtGlobal>

#include <string>

/// The text of tests/kernels/`name`; stops the test when it cannot be read.
inline std::string readKernel(const char *name) {
  QFile f(QStringLiteral(SPYRE_KERNELS_DIR "/") + name);
  if (!f.open(QIODevice::ReadOnly))
    qFatal("cannot read kernel %s", name);
  return f.readAll().toStdString();
}

#endif
