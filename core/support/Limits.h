//===- Limits.h - the documented limits on what users feed in ---*- C++ -*-===//
//
// Every bound the tools enforce on hostile input, in one place, so the code,
// the tests and docs/limits.md say the same. Beyond each limit the input is
// refused with a message (a diagnostic on the offending line where there is
// one); nothing is allocated or read first. No MLIR or Qt dependency.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SUPPORT_LIMITS_H
#define SPYRE_SUPPORT_LIMITS_H

#include <cstdint>

namespace spyre::limits {

/// Brackets ({ [ () open at once in a kernel's text. Deeper text is refused
/// on the line where the limit is crossed, before MLIR's recursive parser,
/// verifier, printer and the interpreter see it.
constexpr int kMaxNestingDepth = 256;

/// Operators (+, -, *, floordiv, ceildiv, mod) directly inside one pair of
/// brackets: MLIR's affine parser recurses once per term of a chain.
constexpr int kMaxExpressionOperators = 4096;

/// Tiles of a grid when the target's core count is not known (with a
/// target, its core count is the limit).
constexpr int64_t kMaxTiles = 65536;

/// Kernel source text.
constexpr uint64_t kMaxKernelBytes = uint64_t(64) << 20;
/// An architecture TOML file.
constexpr uint64_t kMaxArchBytes = uint64_t(1) << 20;
/// A record's JSON file.
constexpr uint64_t kMaxRecordBytes = uint64_t(64) << 20;
/// One .npy file (--input) or one used .npz member (uncompressed).
constexpr uint64_t kMaxArrayBytes = uint64_t(512) << 20;
/// All the .npz members one record uses, together (uncompressed).
constexpr uint64_t kMaxNpzBytes = uint64_t(1) << 30;

/// Scratchpad (LX) events one run keeps when they are asked for; later ones
/// are counted, not kept, and the run says so.
constexpr uint64_t kMaxLxEvents = uint64_t(1) << 20;

/// A tensor constant in a kernel the interpreter materialises (constants
/// are not charged to the scratchpad, but are held all the same).
constexpr uint64_t kMaxConstantBytes = uint64_t(64) << 20;

/// Elements --seed fills per argument: the kernel's views larger than this
/// need an --input.
constexpr int64_t kMaxSeededElements = int64_t(1) << 24;

/// Bytes of memory the automatic inputs fill with random data, over every
/// region a kernel addresses by itself (driver/AutomaticInputs.h); larger
/// regions are bound for the emulator but left unfilled (they read as zero).
constexpr uint64_t kMaxAutoFillBytes = uint64_t(64) << 20;

/// Separate address ranges the discovery of a kernel's memory views keeps
/// (adjacent and overlapping views merge into one); more refuse the run.
constexpr size_t kMaxDiscoveredRanges = 4096;

} // namespace spyre::limits

#endif
