// TestFiles.h - reading the hand-written listings the spyrecode tests share.
#pragma once

#include "spyrecode/Listing.h"

#include <QtTest/QtTest>

#include <fstream>
#include <sstream>
#include <string>

namespace spyre::code::test {

/// tests/spyrecode/listings/<name>
inline std::string listingPath(const std::string &name) {
  return std::string(SPYRE_SPYS_DIR) + "/" + name;
}

inline std::string readText(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The hand-written listing `name`, assembled (QFAIL-style: an empty module
/// with a message on failure is returned through `ok`).
inline Module assemble(const std::string &name, bool &ok) {
  ListingError e;
  auto m = parseListing(readText(listingPath(name)), e);
  ok = m.has_value();
  if (!ok)
    qWarning("%s:%d:%d: %s", name.c_str(), e.line, e.column,
             e.message.c_str());
  return m ? *m : Module{};
}

inline const char *const kListings[] = {"copy.spys", "loop.spys"};

} // namespace spyre::code::test
