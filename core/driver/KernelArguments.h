//===- KernelArguments.h - what a kernel takes, for choosing inputs -*- C++ -*-===//
//
// The arguments of a kernel's function as a run needs them (a pointer's
// element type and the shape of the memory view built on it), read from
// the KTIR source, and the check an input array must pass for one. The
// GUI's Inputs dialog uses these to offer and check .npy files and scalar
// values; std types only (the parsing lives in Run.cpp with the
// interpreter's; scalar values are read in ScalarValue.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_KERNELARGUMENTS_H
#define SPYRE_DRIVER_KERNELARGUMENTS_H

#include "driver/Run.h"

#include <optional>
#include <string>
#include <vector>

namespace spyre::driver {

/// One argument of the kernel's function, as a run needs it.
struct KernelArgument {
  std::string name;     ///< source name without '%'
  bool pointer = false; ///< the offset of a memory view: an array input
  std::string dtype;    ///< element type (pointers) or value type ("f16")
  /// The memory view's shape (pointers; a dynamic extent is negative):
  /// what --seed fills and what an input array must have.
  std::vector<int64_t> shape;
  bool staticShape = false;
  /// A scalar that is the base address of memory views (through integer
  /// arithmetic): without a value it gets an automatic address, this
  /// element index when every such argument before it has none either
  /// (RunRequest::automaticInputs, docs/inputs.md).
  std::optional<int64_t> automaticAddress;
};

/// The arguments of `request`'s function (source, sourceName, function are
/// read), in order; empty with diagnostics when the kernel does not parse.
std::vector<KernelArgument>
describeArguments(const RunRequest &request,
                  std::vector<Diagnostic> &diagnostics);

/// Why `array` cannot be the input of `argument` (element type, and shape
/// when the argument's view is static), in words; empty when it can.
std::string checkInputArray(const KernelArgument &argument,
                            const npy::Array &array);

/// Reads `text` as the value of scalar `argument` into `value` (its
/// scalar, and its integer for integer types): the one reader of a value a
/// person wrote (spyre-run's --arg and --bind, the Inputs dialog). The
/// whole text must be the number: no blanks, no hex, no inf or nan.
/// Integers (i1, i8, i16, i32, i64, index) are whole numbers in their
/// type's range, written in digits (a decimal such as 32.0 or 9.1e15 is
/// taken when it is whole and below 2^53); floats (f16, bf16, f32, f64) a
/// finite decimal number within the type (a value below its smallest
/// rounds to zero). Returns why the text cannot be that value, quoting it
/// ("'32.5' is not a whole number: i32 takes whole numbers from
/// -2147483648 to 2147483647"), or empty when it can.
std::string parseScalarValue(const KernelArgument &argument,
                             const std::string &text, Argument &value);

} // namespace spyre::driver

#endif
