//===- LaunchTest.h - the emulator driven through compile, prepare, launch -*- C++ -*-===//
//
// Two Qt Test classes of the emu_launch_test executable (main in
// LaunchMain.cpp): LaunchTest (one prepared program launched many times,
// ctest emu.launch_many) and TimingTest (the timing model's sanity,
// ctest emu.timing).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_EMU_LAUNCHTEST_H
#define SPYRE_TESTS_EMU_LAUNCHTEST_H

#include <QObject>

class LaunchTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void launchManyDynamic_data();
  void launchManyDynamic();
  void tensorBytesUseElementType();
};

class TimingTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void doubleBufferingLowersCycles();
  void moreCoresAreFaster();
  void halvedHbmBandwidthIsSlower();
};

#endif
