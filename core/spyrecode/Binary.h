//===- Binary.h - the .spyb file format: write, read and validate -*- C++ -*-===//
//
// A .spyb file holds one SpyreCode Module. Layout (little endian; the byte
// by byte description is docs/spyrecode-file.md):
//
//   header   magic "SPYB\r\n\x1a\n", u32 version, u32 section count,
//            u64 file size
//   table    per section: u32 kind, u32 index, u64 offset, u64 size
//   sections info, plan, symbols, views, dmas, one code section per
//            program, lines -- in that order, back to back
//   trailer  u32 CRC-32 (zlib's) of every byte before it
//
// readBinary() checks everything before it returns a Module: the size
// limit, magic, version, file size, checksum, the section table, every
// count against the bytes left before anything is allocated, every enum
// value, and then the whole module with verifyModule() (indices, branch
// targets, argument runs, registers, channels, LX bounds...). A malformed
// file gives one error message; nothing it contains can crash the reader,
// abort it or make it allocate more than the file's own size allows.
// Reading a file back and writing it again gives the same bytes.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SPYRECODE_BINARY_H
#define SPYRE_SPYRECODE_BINARY_H

#include "spyrecode/SpyreCode.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spyre::code {

/// The largest .spyb file the reader accepts (64 MiB).
constexpr uint64_t kMaxBinaryBytes = 64ull << 20;

/// The file's bytes.
std::vector<uint8_t> writeBinary(const Module &module);

/// Decodes and validates `bytes`. On failure returns std::nullopt and sets
/// `error` to one message ("offset 120: section 'plan': ...").
std::optional<Module> readBinary(const uint8_t *data, size_t size,
                                 std::string &error);
inline std::optional<Module> readBinary(const std::vector<uint8_t> &bytes,
                                        std::string &error) {
  return readBinary(bytes.data(), bytes.size(), error);
}

/// Reads a file of at most kMaxBinaryBytes (a longer file or a device that
/// never ends, like /dev/zero, is refused after that many bytes).
std::optional<std::vector<uint8_t>> readFileBounded(const std::string &path,
                                                    std::string &error);

/// readFileBounded() then readBinary(); the error names the path.
std::optional<Module> loadBinary(const std::string &path, std::string &error);

/// Writes writeBinary(module) to `path`.
bool saveBinary(const Module &module, const std::string &path,
                std::string &error);

/// CRC-32 (the zlib / PNG polynomial) of `size` bytes.
uint32_t crc32Of(const uint8_t *data, size_t size);

} // namespace spyre::code

#endif
