//===- LaunchMain.cpp - runs LaunchTest or TimingTest ---------------------===//
//
// emu_launch_test launch|timing|stepping [Qt Test options...]

#include "LaunchTest.h"

#include <QCoreApplication>
#include <QTest>

#include <cstdio>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
  QCoreApplication app(argc, argv);
  if (argc < 2 || (std::strcmp(argv[1], "launch") != 0 &&
                   std::strcmp(argv[1], "timing") != 0 &&
                   std::strcmp(argv[1], "stepping") != 0)) {
    std::fprintf(stderr, "usage: %s launch|timing|stepping [Qt Test options]\n",
                 argv[0]);
    return 2;
  }
  // Qt Test sees the program name and the options after the class's name.
  std::vector<char *> args{argv[0]};
  for (int i = 2; i < argc; ++i)
    args.push_back(argv[i]);
  if (std::strcmp(argv[1], "launch") == 0) {
    LaunchTest t;
    return QTest::qExec(&t, int(args.size()), args.data());
  }
  if (std::strcmp(argv[1], "stepping") == 0) {
    SteppingTest t;
    return QTest::qExec(&t, int(args.size()), args.data());
  }
  TimingTest t;
  return QTest::qExec(&t, int(args.size()), args.data());
}
