//===- SuiteEntry.h - many Qt Test files in one executable -----*- C++ -*-===//
//
// Part of a test suite executable (tests/TestSuite.cmake): the last header of
// the suite's precompiled header, or force-included into each of its files
// when precompiled headers are off. It renames the `main` that QTEST_MAIN,
// QTEST_GUILESS_MAIN and QTEST_APPLESS_MAIN define into a file-local function
// registered under the name of the file that expands it (its __BASE_FILE__
// without folder and extension), so the test files stay as they are and
// `SUITE FileStem [Qt Test arguments]` runs one of them (SuiteMain.cpp).
// A test file must not use `main` as a name of its own.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_SUITE_SUITEENTRY_H
#define SPYRE_TESTS_SUITE_SUITEENTRY_H

namespace spyre::suite {
/// Registers the test of `file` (a path); returns true.
bool add(const char *file, int (*run)(int argc, char **argv));
} // namespace spyre::suite

// Declared static here so that the `int spyreSuiteMain(...)` the macro
// starts with has internal linkage in every file.
[[maybe_unused]] static int spyreSuiteMain(int argc, char **argv);

// `int main(int argc, char *argv[]) {...}` becomes a declaration, the
// registration (expanded in the test file, so __BASE_FILE__ is that file)
// and the file-local definition.
#define main                                                                   \
  spyreSuiteMain(int, char **);                                                \
  [[maybe_unused]] static const bool spyreSuiteAdded =                         \
      ::spyre::suite::add(__BASE_FILE__, &spyreSuiteMain);                     \
  static int spyreSuiteMain

#endif
