//===- SuiteMain.cpp - run one test file of a suite executable ------------===//
//
// The `main` of a test suite executable (tests/TestSuite.cmake, SuiteEntry.h):
// `SUITE FileStem [Qt Test arguments]` runs the Qt Test of FileStem.cpp with
// the arguments, as its own executable did; without a name, or with an
// unknown one, it lists the names and exits with 2.
//
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace spyre::suite {

using Run = int (*)(int, char **);

static std::map<std::string, Run> &tests() {
  static std::map<std::string, Run> byName;
  return byName;
}

bool add(const char *file, Run run) {
  std::string name = file;
  std::size_t slash = name.find_last_of('/');
  if (slash != std::string::npos)
    name.erase(0, slash + 1);
  std::size_t dot = name.find_last_of('.');
  if (dot != std::string::npos)
    name.erase(dot);
  tests()[name] = run;
  return true;
}

} // namespace spyre::suite

int main(int argc, char **argv) {
  auto &tests = spyre::suite::tests();
  auto it = argc > 1 ? tests.find(argv[1]) : tests.end();
  if (it == tests.end()) {
    if (argc > 1)
      std::fprintf(stderr, "%s: no test named %s\n", argv[0], argv[1]);
    std::fprintf(stderr, "usage: %s TEST [Qt Test arguments]; the tests:\n", argv[0]);
    for (const auto &entry : tests)
      std::fprintf(stderr, "  %s\n", entry.first.c_str());
    return 2;
  }
  // The test sees the arguments after its name, and a program path of its
  // own name (QCoreApplication's default application name, which keys
  // QSettings, stays one per test as with one executable per test).
  std::string self = argv[0];
  std::size_t slash = self.find_last_of('/');
  std::string program =
      (slash == std::string::npos ? std::string() : self.substr(0, slash + 1)) + it->first;
  std::vector<char *> args{program.data()};
  for (int i = 2; i < argc; ++i)
    args.push_back(argv[i]);
  args.push_back(nullptr);
  return it->second(argc - 1, args.data());
}
