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

// --- The machine model: one range per architecture value ---------------
// Checked where an architecture file is read (core/arch, on the value's
// line) and where a record's hw_config is read (interp/Latency.cpp, in its
// units: TB/s, MiB), so a value one accepts the other does too. Each bound
// keeps every derived quantity finite and representable: bytes per cycle,
// cycles of a transfer (a transfer longer than the cycle budget is a budget
// fault), microseconds of a run, the emulator's channel memory.

/// Cores on the ring.
constexpr int kMaxCores = 1024;
/// Clock of every core, GHz: 1 MHz to 100 GHz.
constexpr double kMinClockGhz = 1e-3;
constexpr double kMaxClockGhz = 100.0;
/// HBM bandwidth of the chip and of one ring link, GB/s: 1 MB/s to 10 PB/s.
constexpr double kMinBandwidthGBs = 1e-3;
constexpr double kMaxBandwidthGBs = 1e7;
/// SIMD elements per cycle of one core, per element type.
constexpr int kMaxSimdElements = 1 << 20;
/// Rows of the systolic array.
constexpr int kMaxSystolicRows = 65536;
/// Cycles of a transcendental op over an ordinary one.
constexpr int kMaxTranscendentalPenalty = 1'000'000;
/// Slots of a FIFO between two engines (the emulator holds every slot of
/// every channel: depth x lanes values each).
constexpr int kMaxFifoDepth = 4096;
/// Values the emulator's FIFOs hold in all (every slot of every channel on
/// every core: depth x lanes each, 8 bytes a value): 512 MiB.
constexpr uint64_t kMaxFifoValues = uint64_t(1) << 26;
/// Values the emulator's registers hold in all (every engine instance's
/// scalar, vector and tile registers): 512 MiB.
constexpr uint64_t kMaxRegisterValues = uint64_t(1) << 26;
/// One core's scratchpad, bytes (hw_config's lx_size_mb: 2^20 MiB).
constexpr int64_t kMaxScratchpadBytes = int64_t(1) << 40;
/// Device memory, bytes.
constexpr int64_t kMaxHbmBytes = int64_t(1) << 50;
/// Cycles of one hop on the ring.
constexpr int64_t kMaxHopLatencyCycles = (int64_t(1) << 31) - 1;

} // namespace spyre::limits

#endif
