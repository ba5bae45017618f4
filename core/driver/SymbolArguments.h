//===- SymbolArguments.h - a .spyb's symbols bound from the command line -*- C++ -*-===//
//
// A SpyreCode file carries no KTIR, only its symbol table (the kernel's
// arguments: tensor bases, dimensions, scalars, each with its type). What a
// person gives for them by name (spyre-run --input NAME=FILE.npy and
// --bind NAME=VALUE) is checked against that table as the KTIR path checks
// it against the function's arguments: every name must be a symbol, a
// tensor takes an array of its element type, a dimension or scalar a value
// of its type (read by parseScalarValue, the one reader of values people
// write). Std types only.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_SYMBOLARGUMENTS_H
#define SPYRE_DRIVER_SYMBOLARGUMENTS_H

#include "driver/Emulate.h"

#include <map>
#include <string>
#include <vector>

namespace spyre::driver {

/// The emulator's arguments for `module`'s symbols from `given` (arrays for
/// tensor bases, placed 128-byte aligned from byte 0x10000 in symbol order
/// as the interpreter places arrays; texts for the others). False with one
/// message per problem in `errors` (an unknown name, a missing value, a
/// tensor given a value or a scalar an array, an array of another element
/// type, a value that is not one of its type), each quoting what was given.
bool symbolArguments(const code::Module &module,
                     const std::map<std::string, Argument> &given,
                     std::vector<EmulatorArgument> &out,
                     std::vector<std::string> &errors);

} // namespace spyre::driver

#endif
