# Test suites: several Qt Test files in one executable (build time,
# docs/build-performance.md). Each file keeps its QTEST_MAIN; the suite's
# SuiteEntry.h turns that `main` into a function registered under the file's
# name, and ctest runs `SUITE FileStem` once per file, so every file is still
# a test of its own (its name, timeout and environment as before). A suite
# compiles its files in unity batches (or, without unity builds, from one
# precompiled header of the Qt headers they share) and links once, instead
# of once per test.
#
#   spyre_test_suite(TARGET PCH header... SOURCES file...)
#   spyre_suite_test(TARGET TEST_NAME FILE_STEM [TIMEOUT seconds] [Qt Test function...])
#
# The files of a suite share one executable and are compiled in unity
# batches (several files one translation unit): the names they define must
# differ, in anonymous namespaces too (the compiler names a clash), and the
# compile definitions and libraries are the suite's (add them to TARGET).
find_package(Qt6 REQUIRED COMPONENTS Core Test)

if(NOT TARGET SpyreTestSuiteMain)
  add_library(SpyreTestSuiteMain STATIC ${CMAKE_CURRENT_LIST_DIR}/suite/SuiteMain.cpp)
endif()
# The headers the suites of core/'s tests share (Qt Core, Qt Test, std).
set(SPYRE_CORE_TEST_PCH
  <algorithm> <cmath> <cstdint> <cstring> <functional> <map> <memory>
  <optional> <random> <sstream> <string> <vector> <QtTest/QTest>
  <QtCore/QDir> <QtCore/QFile> <QtCore/QString> <QtCore/QStringList>
  <QtCore/QTemporaryDir>)
set(SPYRE_SUITE_ENTRY ${CMAKE_CURRENT_LIST_DIR}/suite/SuiteEntry.h)

function(spyre_test_suite target)
  cmake_parse_arguments(PARSE_ARGV 1 S "" "" "PCH;SOURCES")
  add_executable(${target} ${S_SOURCES})
  set_target_properties(${target} PROPERTIES AUTOMOC ON)
  target_link_libraries(${target} PRIVATE SpyreTestSuiteMain Qt6::Test)
  # Its files in unity batches (the Qt, std and project headers they share
  # read once per batch): SuiteEntry.h numbers each file's entry point.
  spyre_unity_build(${target})
  # Unity batches read the shared headers once per batch already; a suite
  # has one to four batches, so a PCH of its own (5-7 CPU s to build) costs
  # more than it saves (measured: interp_tests' batch 15.0 CPU s without it,
  # 14.5 + 5.3 for the PCH with it). It pays only without unity builds.
  if(SPYRE_PCH AND NOT SPYRE_UNITY_BUILD)
    target_precompile_headers(${target} PRIVATE ${S_PCH} ${SPYRE_SUITE_ENTRY})
  else()
    target_compile_options(${target} PRIVATE -include ${SPYRE_SUITE_ENTRY})
  endif()
endfunction()

function(spyre_suite_test target test stem)
  cmake_parse_arguments(PARSE_ARGV 3 T "" "TIMEOUT" "")
  add_test(NAME ${test} COMMAND ${target} ${stem} ${T_UNPARSED_ARGUMENTS})
  if(T_TIMEOUT)
    set_tests_properties(${test} PROPERTIES TIMEOUT ${T_TIMEOUT})
  endif()
endfunction()
