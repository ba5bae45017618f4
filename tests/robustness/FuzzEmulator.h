//===- FuzzEmulator.h - hostile SpyreCode for the emulator ------*- C++ -*-===//
//
// The surfaces robustness.fuzz reaches past the compiler and the
// interpreter (issue 29):
//   * .spyb files whose code sections or line table were changed, byte by
//     byte (the CRC resealed, so the reader's checks are what stands) or
//     field by field (an instruction's opcode, function, type, lanes,
//     registers, immediate, argument run or location; a line-table entry),
//     then read back and, when the reader accepts them, emulated;
//   * kernels that deadlock on the emulator: a channel nobody writes (every
//     send, signal and stream into it removed), a barrier only the engine
//     of tile 0 reaches;
//   * inputs holding NaN (quiet, signalling, with payloads, negative),
//     infinities, denormals, signed zeros and the largest values, on both
//     engines: the outputs must agree, NaN for NaN (payloads may differ);
//   * pointer arguments at 2^62 and beyond (where byte addresses wrap),
//     on both engines: each ends in its outputs or an error, and the
//     emulator never runs what the interpreter refuses.
// Every mutator is a pure function of its inputs and the generator.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_FUZZEMULATOR_H
#define SPYRE_TESTS_FUZZEMULATOR_H

#include "FuzzMutators.h"

#include "driver/Emulate.h"
#include "spyrecode/SpyreCode.h"
#include "support/Npy.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace spyre::fuzz {

/// A kernel that compiles to SpyreCode, with the arrays and values its
/// arguments get (seed 1), from which the emulator's cases are made.
struct EmuSeed {
  std::string name;
  std::string source;
  std::shared_ptr<const code::Module> module;
  std::vector<uint8_t> spyb;
  std::map<std::string, npy::Array> arrays;  ///< tensor arguments
  std::map<std::string, std::string> values; ///< scalar arguments, as text
  /// The interpreter and the emulator agree on it bit for bit (cosim.sh
  /// gives it no bound), so NaN must meet NaN.
  bool exact = false;
};

/// Compiles `source`, places its arguments with seed 1 and checks that the
/// run binds only its symbols (no memory it addresses by itself); false
/// when any step fails.
bool makeEmuSeed(const std::string &name, const std::string &source,
                 bool exact, EmuSeed &out);

/// The .spyb of `seed` with bytes of one code section or of the line table
/// replaced by boundary values, the CRC-32 resealed.
std::vector<uint8_t> mutateSpybBytes(const std::vector<uint8_t> &spyb,
                                     Rng &rng, std::string &what);
/// The module with one field of one instruction or line-table entry set to
/// a boundary value (the reader decides whether it stands).
code::Module mutateSpybField(const code::Module &module, Rng &rng,
                             std::string &what);
/// The module with one channel nobody writes (false: it has no channel),
/// or with a barrier only tile 0's instance of one program reaches.
bool unwrittenChannel(code::Module &module, Rng &rng, std::string &what);
bool barrierOnTileZero(code::Module &module, Rng &rng, std::string &what);

/// `arrays` with special values (NaN with payloads, infinities, denormals,
/// signed zeros, the largest values) written over random float elements.
std::map<std::string, npy::Array>
withSpecialValues(const std::map<std::string, npy::Array> &arrays, Rng &rng,
                  std::string &what);

/// Whether two runs' arrays agree: equal bytes, or NaN where the other is
/// NaN (payloads may differ); `why` names the first element that does not.
bool sameUpToNanPayloads(const std::map<std::string, npy::Array> &interp,
                         const std::map<std::string, npy::Array> &emu,
                         std::string &why);

/// Pointer values near and past 2^62 bytes and where element indices wrap
/// (as decimal text).
const std::vector<std::string> &hugeAddresses();

} // namespace spyre::fuzz

#endif
