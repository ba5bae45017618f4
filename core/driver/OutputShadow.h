//===- OutputShadow.h - an output's shadow and error bounds ----*- C++ -*-===//
//
// What the interpreter's shadow (docs/numerics.md) says about one output
// array or memory region of a run: for every element, its f64 shadow
// value, the bound on how far a legitimate evaluation may lie from it, and
// where it came from. std types only (the GUI reads it).
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_DRIVER_OUTPUTSHADOW_H
#define SPYRE_DRIVER_OUTPUTSHADOW_H

#include <cstdint>
#include <string>
#include <vector>

namespace spyre::driver {

struct OutputShadow {
  std::string dtype;          ///< the elements' type ("f16", ...)
  std::vector<int64_t> shape; ///< the array's shape (regions: their data's)
  std::vector<double> value;  ///< the f64 shadow of each element
  std::vector<double> bound;  ///< its error bound (infinity: unbounded)
  /// KTIR line of the op that computed it (0: none, an input or a copy of one).
  std::vector<int32_t> line;
  /// KTIR line of the store that wrote it (0: nothing stored it: an input).
  std::vector<int32_t> storeLine;
  /// The core whose store wrote it (-1: none).
  std::vector<int32_t> core;
  /// Which execution of that store on that core wrote it (from 1; 0: none).
  std::vector<uint32_t> storeOccurrence;
};

} // namespace spyre::driver

#endif
