//===- RegisterReuse.h - vector registers shared across live ranges -*- C++ -*-===//
//
// The lowering gives every vector value a register of its own, so a
// program's vector register file grows with its ops: a chain of 4,900
// element-wise ops on tiles (its body run once per stick) took 4,903
// registers, 160 MB of machine state for 32 sfu instances (128 lanes of
// 8 bytes each), copied by every state the emulator restores.
// reuseVectorRegisters() renumbers them so values never live at the same
// instruction share one: a liveness dataflow over the branch CFG, each
// register's live range taken as one interval of instruction indices (its
// first to its last instruction live or written: loops and branches
// included), intervals packed first-fit in order of their start. The
// chain then needs a handful of registers. Scalar and tile registers are
// left as they are.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SPYRECODE_REGISTERREUSE_H
#define SPYRE_SPYRECODE_REGISTERREUSE_H

#include "spyrecode/SpyreCode.h"

namespace spyre::code {

/// Renumbers `program`'s vector registers (numVRegs shrinks to the most
/// live at once); what the program computes is unchanged. The program
/// must read no register before writing it (checkDefBeforeUse()).
void reuseVectorRegisters(Program &program);

} // namespace spyre::code

#endif
