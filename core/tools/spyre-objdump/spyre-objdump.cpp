//===- spyre-objdump.cpp - show what a .spyb file holds --------------------===//
//
//   spyre-objdump FILE.spyb [--no-listing]
//
// Reads the file through the validating reader (core/spyrecode/Binary.h)
// and prints its header (format version, size, checksum, sections), then
// the listing: job plan, symbol table, LX views, DMA descriptors, every
// engine program disassembled, the line table. A malformed file prints one
// error line and exits 1.
//
//===----------------------------------------------------------------------===//

#include "spyrecode/Binary.h"
#include "spyrecode/Listing.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

using namespace spyre::code;

namespace {

int usage() {
  std::cerr << "usage: spyre-objdump FILE.spyb [--no-listing]\n";
  return 1;
}

uint64_t le(const std::vector<uint8_t> &b, size_t at, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; ++i)
    v |= uint64_t(b[at + size_t(i)]) << (8 * i);
  return v;
}

} // namespace

int main(int argc, char **argv) {
  std::string path;
  bool listing = true;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--no-listing")
      listing = false;
    else if (a == "-h" || a == "--help")
      return usage(), 0;
    else if (!a.empty() && a[0] == '-')
      return usage();
    else if (path.empty())
      path = a;
    else
      return usage();
  }
  if (path.empty())
    return usage();

  std::string error;
  auto bytes = readFileBounded(path, error);
  if (!bytes) {
    std::cerr << "spyre-objdump: " << error << "\n";
    return 1;
  }
  auto module = readBinary(*bytes, error);
  if (!module) {
    std::cerr << "spyre-objdump: " << path << ": " << error << "\n";
    return 1;
  }
  // The reader accepted it: the header and section table are sound.
  const std::vector<uint8_t> &b = *bytes;
  uint32_t count = uint32_t(le(b, 12, 4));
  std::printf("// %s: .spyb format version %u, %zu bytes, CRC-32 %08" PRIx64
              "\n",
              path.c_str(), module->version, b.size(),
              le(b, b.size() - 4, 4));
  static const char *const names[] = {"",      "info", "plan", "symbols",
                                      "views", "dmas", "code", "lines"};
  for (uint32_t s = 0; s < count; ++s) {
    size_t at = 24 + 24 * size_t(s);
    uint32_t kind = uint32_t(le(b, at, 4));
    std::string name = kind < 8 ? names[kind] : "?";
    if (kind == 6) {
      uint32_t index = uint32_t(le(b, at + 4, 4));
      name += " p" + std::to_string(index) + " (" +
              module->programs[index].unit + ")";
    }
    std::printf("//   section %-22s offset %8" PRIu64 "  %8" PRIu64
                " bytes\n",
                name.c_str(), le(b, at + 8, 8), le(b, at + 16, 8));
  }
  if (listing)
    std::cout << printListing(*module).text;
  return 0;
}
