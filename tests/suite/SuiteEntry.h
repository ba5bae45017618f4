//===- SuiteEntry.h - many Qt Test files in one executable -----*- C++ -*-===//
//
// Part of a test suite executable (tests/TestSuite.cmake): the last header of
// the suite's precompiled header, or force-included into each of its files
// when precompiled headers are off. It renames the `main` that QTEST_MAIN,
// QTEST_GUILESS_MAIN and QTEST_APPLESS_MAIN define into a file-local function
// registered under the name of the file that expands it (its __FILE__
// without folder and extension), so the test files stay as they are and
// `SUITE FileStem [Qt Test arguments]` runs one of them (SuiteMain.cpp).
// The names it makes are numbered (__COUNTER__), so that several test files
// compiled as one translation unit (a unity build of the suite) each get
// their own. A test file must not use `main` as a name of its own.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_SUITE_SUITEENTRY_H
#define SPYRE_TESTS_SUITE_SUITEENTRY_H

namespace spyre::suite {
/// Registers the test of `file` (a path); returns true.
bool add(const char *file, int (*run)(int argc, char **argv));
} // namespace spyre::suite

// `int main(int argc, char *argv[]) {...}` becomes a function type (a
// typedef: the `int` before the macro is its return type, and a typedef has
// no linkage), the file-local function's declaration, its registration and
// its definition, all named with one number.
#define main SPYRE_SUITE_MAIN_NUMBERED(__COUNTER__)
#define SPYRE_SUITE_MAIN_NUMBERED(n) SPYRE_SUITE_MAIN_NAMED(n)
#define SPYRE_SUITE_MAIN_NAMED(n)                                              \
  typedef spyreSuiteMainType##n(int, char **);                                 \
  [[maybe_unused]] static spyreSuiteMainType##n spyreSuiteMain##n;             \
  [[maybe_unused]] static const bool spyreSuiteAdded##n =                      \
      ::spyre::suite::add(__FILE__, &spyreSuiteMain##n);                       \
  static int spyreSuiteMain##n

#endif
