//===- BinaryFormat.h - .spyb layout constants (internal) ---------*- C++ -*-===//
//
// Shared by the writer and the reader: the magic, the section kinds in
// their required order, and the fixed sizes the reader checks counts with.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SPYRECODE_BINARYFORMAT_H
#define SPYRE_SPYRECODE_BINARYFORMAT_H

#include <cstdint>

namespace spyre::code::binary {

constexpr uint8_t kMagic[8] = {'S', 'P', 'Y', 'B', '\r', '\n', 0x1a, '\n'};
constexpr uint64_t kHeaderBytes = 24;      // magic, version, count, size
constexpr uint64_t kSectionEntryBytes = 24; // kind, index, offset, size
constexpr uint64_t kTrailerBytes = 4;       // CRC-32

enum SectionKind : uint32_t {
  kInfo = 1,    // source name
  kPlan = 2,    // the job plan
  kSymbols = 3, // the symbol table
  kViews = 4,   // LX views
  kDmas = 5,    // DMA descriptors
  kCode = 6,    // one per program (index = program number)
  kLines = 7,   // the line table (Module::locations)
};

inline const char *sectionName(uint32_t kind) {
  switch (kind) {
  case kInfo:
    return "info";
  case kPlan:
    return "plan";
  case kSymbols:
    return "symbols";
  case kViews:
    return "views";
  case kDmas:
    return "dmas";
  case kCode:
    return "code";
  case kLines:
    return "lines";
  }
  return "unknown";
}

/// Bytes of one encoded instruction: op u16, fn u16, type u8, srcType u8,
/// lanes u16, aux u16, dst/a/b/c i32, imm i64, argBegin u32, argCount u32,
/// loc u32.
constexpr uint64_t kInstrBytes = 46;
/// An Operand: reg i32, value i64.
constexpr uint64_t kOperandBytes = 12;

} // namespace spyre::code::binary

#endif
