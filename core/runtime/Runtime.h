//===- Runtime.h - prepare a SpyreCode module once, launch it many times -*- C++ -*-===//
//
// The runtime between a SpyreCode module (core/spyrecode/SpyreCode.h: the
// symbolic binary plus its job plan) and the emulator that executes it:
//
//   prepare(module, arch) -> Prepared      once per module and architecture
//   launch(prepared, bindings) -> Job      once per run
//
// prepare() checks the module against the architecture and lays everything
// out that does not depend on the kernel's arguments: it runs the static
// verifier (core/spyrecode/Verify.h), resolves every program's engine kind
// and every channel's producer and consumer, places the LX buffers and views
// of the per-core layout (checked against the scratchpad), and lists every
// engine instance of every core with the tiles it runs. Nothing here is
// recomputed at launch.
//
// launch() binds every kernel argument (Module::symbols): a tensor's base
// address (an element index into device memory) and element count, a
// dimension, a scalar. Every symbol must be bound exactly once, no unknown
// name may be given, each value must fit its symbol (kind, type range,
// a tensor inside device memory). The Job it returns is what the emulator
// runs: S0/S1 come from Job::prepared->engines, `Arg` reads Job::symbols.
//
// Std-only (no MLIR, no Qt). A Prepared is immutable and shared: launch it
// from any number of threads. docs/spyrecode-file.md describes the rules.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_RUNTIME_RUNTIME_H
#define SPYRE_RUNTIME_RUNTIME_H

#include "arch/Arch.h"
#include "spyrecode/CodeError.h"
#include "spyrecode/SpyreCode.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace spyre::runtime {

using code::CodeError;

/// One program of the module, resolved against the architecture.
struct PreparedProgram {
  const code::Program *source = nullptr; ///< into Prepared::module
  int32_t engineKind = -1;  ///< Arch::engines index of source->unit
  /// Decoded and checked: the instruction array the emulator indexes with
  /// the pc (== source->code.data(), never empty: the last is Halt or a
  /// branch back).
  const code::Instr *code = nullptr;
  uint32_t size = 0;
  const int32_t *operands = nullptr; ///< source->operands.data()
  /// Elements of each tile register (product of its dims).
  std::vector<int64_t> tileElements;
  /// The channels this program produces into / consumes from.
  std::vector<int32_t> produces, consumes;
};

/// A channel of the job plan, wired: the same on every core.
struct ChannelWiring {
  int32_t producer = -1; ///< Module::programs index (Send/Signal/Stream)
  int32_t consumer = -1; ///< Module::programs index (Recv/Wait/Collect)
  int64_t depth = 0;
  code::ElemType type = code::ElemType::None;
  int32_t lanes = 0;
  int64_t slotBytes = 0; ///< lanes * element bytes (0 for tokens)
  int64_t initialTokens = 0;
};

/// An LX buffer of the per-core layout: [begin, end) holds every copy.
struct BufferLayout {
  int64_t begin = 0, end = 0;
  int64_t bytesPerCopy = 0, copies = 1;
};

/// An LX view: the bytes one placement of it spans (rowBytes times the
/// rows of every outer dimension), and the buffer it must lie in.
struct ViewLayout {
  int64_t extentBytes = 0;
  int32_t buffer = -1;
};

/// One engine instance on one core: what the emulator schedules. It runs
/// its program once per tile of `tiles`, in order, with S0 = the tile and
/// S1 = `instance`.
struct EngineInstance {
  int32_t core = 0;
  int32_t program = 0;  ///< Module::programs index
  int32_t instance = 0; ///< 0 .. perCore-1
  int32_t engineKind = 0;
  std::vector<int64_t> tiles;
};

struct Prepared {
  std::shared_ptr<const code::Module> module;
  arch::Arch arch;
  std::vector<PreparedProgram> programs; ///< parallel to module->programs
  std::vector<ChannelWiring> channels;   ///< parallel to plan.channels
  std::vector<BufferLayout> buffers;     ///< parallel to plan.buffers
  std::vector<ViewLayout> views;         ///< parallel to module->lxViews
  std::vector<EngineInstance> engines;   ///< sorted by core, then program
  std::vector<std::vector<int64_t>> tilesOfCore; ///< per core (numCores)
  int64_t lxBytesUsed = 0; ///< highest buffer end
};

struct PrepareResult {
  std::shared_ptr<const Prepared> prepared; ///< null when errors is not empty
  std::vector<CodeError> errors;
  bool ok() const { return prepared != nullptr; }
};

/// Checks and lays out `module` for `arch` (the module is copied once into
/// the Prepared; use the shared_ptr overload to avoid the copy).
PrepareResult prepare(const code::Module &module, const arch::Arch &arch);
PrepareResult prepare(std::shared_ptr<const code::Module> module,
                      const arch::Arch &arch);

/// A symbol's value: integers (tensor bases, dimensions, iN / index
/// scalars) in `i`, floating-point scalars in `f` as given (launch checks
/// they are in the type's range; `arg` rounds to the symbol's type when it
/// loads the value into a register, as every scalar write does).
struct Value {
  int64_t i = 0;
  double f = 0.0;
};

/// What the caller gives for one symbol.
struct Binding {
  std::string name;
  code::Symbol::Kind kind = code::Symbol::Scalar;
  Value value;
  int64_t elements = 0; ///< tensors: element count of the bound tensor
  bool isFloat = false; ///< scalars: the value was given as a float
};

/// The arguments of one launch, by symbol name.
class Bindings {
public:
  /// A tensor starting at element index `baseElement` of device memory
  /// (in elements of the symbol's type), `elements` elements long.
  Bindings &tensor(std::string name, int64_t baseElement, int64_t elements);
  Bindings &dimension(std::string name, int64_t value);
  Bindings &scalar(std::string name, int64_t value);
  Bindings &scalar(std::string name, double value);
  const std::vector<Binding> &entries() const { return items; }

private:
  Binding &add(std::string name, code::Symbol::Kind kind);
  std::vector<Binding> items;
};

/// A bound tensor: elements [base, base + elements) of device memory, in
/// bytes [byteBegin, byteEnd).
struct TensorBinding {
  int32_t symbol = -1;
  code::ElemType type = code::ElemType::None;
  int64_t base = 0, elements = 0;
  int64_t byteBegin = 0, byteEnd = 0;
};

/// The value one instruction that reads a symbol (Symbol::uses) gets.
struct ResolvedUse {
  int32_t program = -1, instr = -1, symbol = -1;
  Value value;
};

/// One launch: the prepared module with every symbol bound.
struct Job {
  std::shared_ptr<const Prepared> prepared;
  std::vector<Value> symbols;         ///< by Module::symbols index
  std::vector<TensorBinding> tensors; ///< the TensorBase symbols, in order
  std::vector<ResolvedUse> uses;      ///< every Symbol::use, resolved
  /// The value `Arg imm` reads (imm = a symbol index checked by prepare).
  const Value &arg(int64_t symbol) const { return symbols[size_t(symbol)]; }
};

struct LaunchResult {
  std::optional<Job> job; ///< empty when errors is not empty
  std::vector<CodeError> errors;
  bool ok() const { return job.has_value(); }
};

LaunchResult launch(const std::shared_ptr<const Prepared> &prepared,
                    const Bindings &bindings);

} // namespace spyre::runtime

#endif
