//===- BodyCode.h - a process body as a flat instruction list --*- C++ -*-===//
//
// Internal to core/stagex. The body of a stage or a program (the code a
// process runs, once per pipeline or for the whole kernel) compiled once
// per snapshot execution (BodyCompile.cpp) into a flat list of
// instructions over registers of the process's own: scalars (a slot and
// its type), vectors (a tensor each) and handles (any other value: a
// queue, a buffer, an access tile). A loop is two instructions and a jump;
// values are read and written by register number, not bound in the
// process's value array. BodyRun.cpp executes it.
//
// The commonest ops of the per-stick code (the direct paths'
// computations: index arithmetic, float arithmetic, casts and f16
// functions, pops, pushes, one-stick moves, tokens, broadcasts, extracts)
// are instructions of their own; any other op is a Generic instruction,
// which puts the registers the op reads into the process's value array,
// runs the op's handler (which may wait, report and count as always) and
// takes its results back. An instruction of its own whose values are not
// what it handles (an empty queue, a splat) does the same, so every op
// computes exactly what its handler computes.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_STAGEX_BODYCODE_H
#define SPYRE_STAGEX_BODYCODE_H

#include "interp/BlockPlan.h"

#include <cstdint>
#include <vector>

namespace spyre::stagex {

/// A register: its class and its number within the class.
struct Reg {
  enum Class : uint8_t { Scalar, Vector, Handle };
  Class cls = Handle;
  uint32_t index = 0;
};

/// A value moved between a register and the process's value array.
struct Binding {
  unsigned id = 0; ///< Interpreter::valueId
  Reg reg;
};

enum class Code : uint8_t {
  Fast,    ///< an interpreter direct path (plan.fast), on registers
  Direct,  ///< a stage executor direct path (plan.variant: Direct)
  Reduce,  ///< vector.reduction folded inline (plan.variant: its kind)
  Generic, ///< the op's handler
  ForInit, ///< a loop: bounds, first iteration or exit (jump)
  ForNext, ///< a loop's yield and back edge (jump)
};

struct Instr {
  Code code = Code::Generic;
  interp::OpPlan plan; ///< op, kind, variant, types, immediate
  /// Operand and result registers (ForInit: lb, ub, step, then the
  /// initial values; ForNext: the yielded values).
  llvm::SmallVector<Reg, 3> in;
  llvm::SmallVector<Reg, 1> out; ///< ForInit: iv, then the carried values
  /// Generic (and the fallback of Fast / Direct): the registers spilled to
  /// the value array before the handler (operands, and what its regions
  /// read) and the results taken back after.
  llvm::SmallVector<Binding, 3> spill;
  llvm::SmallVector<Binding, 1> reload;
  /// ForInit: the index past the loop's ForNext; ForNext: the first
  /// instruction of the body.
  uint32_t jump = 0;
  /// Direct: the shape of the vector it makes or pops.
  interp::Dims shape;
  /// ForInit: which of the body's loops it starts (its state's number).
  uint32_t loop = 0;
  /// Values written into a register that the handlers read without naming
  /// them (Extension::keepsAlive): mirrored into the value array.
  llvm::SmallVector<Binding, 1> mirror;
};

struct CompiledBody {
  std::vector<Instr> code;
  /// Values from outside the body, read into registers when it starts.
  std::vector<Binding> inputs;
  /// The terminator's operands (the stage's results).
  std::vector<Reg> yields;
  uint32_t scalars = 0, vectors = 0, handles = 0, loops = 0;
  /// The vector registers of processes that ran the body and ended, for
  /// the next to start with: a vector in them that nothing else holds is
  /// written over rather than made again (a stage's process runs once
  /// per pipeline, its loops a few iterations each).
  std::vector<std::vector<interp::TensorPtr>> spareVectors;
};

/// The body compiled, or null when it cannot be (an argument, a value
/// without a number) or would not pay (no loop: each op runs once, and a
/// body of whole-tile ops is mostly Generic, whose spills cost more than
/// running it op by op): the process then runs it op by op.
std::unique_ptr<CompiledBody> compileBody(interp::Interpreter &interp,
                                          mlir::Block &block);

} // namespace spyre::stagex

#endif
