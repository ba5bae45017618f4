//===- LaunchTest.h - the emulator driven through compile, prepare, launch -*- C++ -*-===//
//
// Three Qt Test classes of the emu_launch_test executable (main in
// LaunchMain.cpp): LaunchTest (one prepared program launched many times,
// ctest emu.launch_many), TimingTest (the timing model's sanity, ctest
// emu.timing) and SteppingTest (a recorded sample stepped forwards and
// back, ctest emu.stepping).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_EMU_LAUNCHTEST_H
#define SPYRE_TESTS_EMU_LAUNCHTEST_H

#include <QObject>

#include <string>

/// The text of samples/NAME (empty if it cannot be read).
std::string readSample(const char *name);

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

class SteppingTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void forwardThenBack_data();
  void forwardThenBack();
  void stepBackUnder16ms();
};

#endif
