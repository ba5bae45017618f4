//===- Verify.h - check a SpyreCode module before anything runs -*- C++ -*-===//
//
// Two layers, both run after lowering and on every file read:
//
// validateStructure(): what makes the module safe to index -- every enum
//   value known, every register, channel, symbol, descriptor, view,
//   buffer, location and ring-view index in range, branch targets inside
//   the program, argument runs inside the operand pool, element types valid,
//   counts and sizes within the documented limits, no overflow in any
//   buffer or view extent, affine codes well formed.
//
// The static checks (only when the structure is sound):
//   checkChannels()     each channel has exactly one producing and one
//                       consuming program (and they run the units the
//                       channel names);
//   checkDefBeforeUse() every register is written before it is read on
//                       every path (a must-be-defined dataflow over the
//                       branch CFG; S0 and S1 are defined at entry);
//   checkLxBounds()     every LX access (stream, collect, DMA, ring receive)
//                       whose address is statically known lies inside the
//                       buffer its view names;
//   checkSymbols()      every symbol's uses are exactly the `arg`
//                       instructions that read it, names are unique.
// (That every symbol is bound, with a value that fits, is checked at
// launch: core/runtime/Runtime.h.)
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SPYRECODE_VERIFY_H
#define SPYRE_SPYRECODE_VERIFY_H

#include "spyrecode/CodeError.h"
#include "spyrecode/SpyreCode.h"

#include <cstdint>
#include <vector>

namespace spyre::code {

/// Limits a valid module stays within (documented in docs/spyrecode-file.md).
constexpr int32_t kMaxRegisters = 1 << 16;     ///< per register file
constexpr size_t kMaxPrograms = 1024;
constexpr int64_t kMaxTiles = 1 << 20;         ///< grid tiles
constexpr int64_t kMaxTileElements = 1 << 26;  ///< one tile register
constexpr int32_t kMaxSetVariables = 1024;     ///< dims/symbols of a set
constexpr int64_t kMaxChannelDepth = 1 << 20;

std::vector<CodeError> validateStructure(const Module &m);
std::vector<CodeError> checkChannels(const Module &m);
std::vector<CodeError> checkDefBeforeUse(const Module &m);
std::vector<CodeError> checkLxBounds(const Module &m);
std::vector<CodeError> checkSymbols(const Module &m);

/// validateStructure(), then (when it found nothing) every static check.
std::vector<CodeError> verifyModule(const Module &m);

/// A register an instruction reads or writes.
struct RegRef {
  enum File : uint8_t { S, V, T } file = S;
  int32_t reg = -1;
  bool write = false;
  bool required = false; ///< -1 is not allowed here
};

/// The instructions control may go to after instruction `pc` of
/// `program` (branch targets and the next one): how many, in `succ`.
int successorsOf(const Program &program, size_t pc, size_t succ[2]);

/// Every register operand of `in` (its fields and its args run, which must
/// lie inside program.operands). Appends to `out`.
void registerRefs(const Program &program, const Instr &in,
                  std::vector<RegRef> &out);

} // namespace spyre::code

#endif
