//===- PackedState.h - a machine state packed for keeping -------*- C++ -*-===//
//
// What a session's checkpoint holds: the MachineState with its large
// arrays packed. Registers, tile registers and the FIFOs' live slots are
// written as runs of words: a run of zeros as its length, a run of values
// a float holds exactly (every f16, bf16 and f32 value; small integers of
// the scalar registers) as 4 bytes each, others as their 8 bytes. A FIFO
// slot outside [head, head + count) is not kept: it is written before it
// is read again (a restored one reads as a fresh slot). Memories are
// kept as they are (copy-on-write pointers, shared with the machine).
// unpack() gives back the state the machine had, bit for bit (the live
// FIFO slots; tests/emu/SameState.h compares those).
//
// The small per-engine and per-copy records, the vector registers'
// data-lane counts, the channels' heads and the ring and HBM transfers
// still under way go into the words as counts too (the skeleton keeps the
// memories, the queue and the scalars: softmax's went from 62 KB to 9 KB).
//
// A softmax state of 1.1 MB packs into about a fifth: a session keeps five
// times the checkpoints in the same budget, so a replay is five times
// shorter. The packed words are then compressed (zstd, fastest level) when
// that makes them smaller; unpacking decompresses them first.
//
// Once the run has moved on, sealed() compresses the memory pages the run
// has written since (those only this checkpoint keeps; softmax's fp16
// pages to 47 % of their size: keeping each page's high and low bytes
// apart first gained nothing, nor did zstd level 3); unpacking writes them
// back into the memories.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_EMU_PACKEDSTATE_H
#define SPYRE_EMU_PACKEDSTATE_H

#include "emu/Machine.h"

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace spyre::emu {

class PackedState {
public:
  explicit PackedState(const MachineState &s);

  /// Makes `into` the state packed (its arrays reused where they fit).
  void unpack(MachineState &into) const;
  /// The state without its packed arrays: memories, queue, cycle, events,
  /// statistics (no engines, channels or registers; its memories without
  /// the pages sealed()).
  const MachineState &skeleton() const { return rest; }
  /// Bytes this takes: the skeleton's own, the packed words and the
  /// compressed pages (not the memories' pages: copies share them).
  uint64_t bytes() const;

  /// This state with each memory page that `later`'s memories do not
  /// share (the run wrote it since) compressed instead of kept as it is:
  /// what a checkpoint keeps once the run has moved past it, since no
  /// later state holds those pages. unpack() gives the same state.
  std::shared_ptr<const PackedState> sealed(const MachineState &later) const;
  /// Memory pages kept compressed (sealed()).
  size_t sealedPageCount() const { return sealedPages.size(); }

private:
  MachineState rest;
  std::vector<uint8_t> words; ///< zstd-compressed when `compressed`
  size_t rawSize = 0;         ///< their size uncompressed
  bool compressed = false;
  /// The pages sealed(): their memory (0: HBM, 1 + c: core c's
  /// scratchpad) and page number, in the order of pageBytes.
  std::vector<std::pair<uint32_t, uint64_t>> sealedPages;
  std::vector<uint8_t> pageBytes; ///< zstd: the pages, one after another
};

/// Bytes a machine state takes as it is (registers, FIFOs, queue,
/// mailboxes; not its memories, which copies share).
uint64_t stateBytes(const MachineState &s);

} // namespace spyre::emu

#endif
