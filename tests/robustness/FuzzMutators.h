//===- FuzzMutators.h - hostile variations of kernels and files -*- C++ -*-===//
//
// What robustness.fuzz feeds the tools: kernels with their numbers (grids,
// sizes, strides, offsets, set bounds, loop bounds, constants) replaced by
// boundary values, with deep nesting, long names and long locations; .npy
// files with hostile headers, .npz archives with hostile members, records
// with hostile numbers and architecture files with hostile values. Every
// mutator is a pure function of its input and the random generator, so a
// seed reproduces a run.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_TESTS_FUZZMUTATORS_H
#define SPYRE_TESTS_FUZZMUTATORS_H

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace spyre::fuzz {

using Rng = std::mt19937_64;

/// A uniformly chosen element of `list` (not empty).
template <typename T> const T &pick(const std::vector<T> &list, Rng &rng) {
  return list[std::uniform_int_distribution<size_t>(0, list.size() - 1)(rng)];
}

/// A uniform number in [0, n) (n > 0).
template <typename N> N below(Rng &rng, N n) {
  return std::uniform_int_distribution<N>(0, n - 1)(rng);
}

/// The boundary values numbers are replaced with: 0, +-1, 2^31, 2^32,
/// 2^53 (+1), 2^62, 2^63 - 1, INT64_MIN, fractions, huge floats, ...
const std::vector<std::string> &boundaryValues();

/// A kernel with one to three of the mutations below, and what was done.
std::string mutateKernel(const std::string &kernel, Rng &rng,
                         std::string &what);

// The single kernel mutations.
std::string replaceNumbers(const std::string &text, Rng &rng, int count);
std::string replaceGrid(const std::string &text, Rng &rng);
std::string nestRegions(const std::string &text, int depth);
std::string nestParentheses(const std::string &text, int depth);
std::string longAffineChain(const std::string &text, int terms);
std::string longName(const std::string &text, Rng &rng, size_t length);
std::string longLocation(const std::string &text, Rng &rng, size_t length);
std::string shuffleLines(const std::string &text, Rng &rng);
/// Float literals (1.5, 2.0e-3) replaced by extremes, NaN and infinity
/// bit patterns, f16 boundaries.
std::string hostileFloats(const std::string &text, Rng &rng, int count);
/// The first dense<...> constant's value replaced (or a huge i64 constant
/// added).
std::string hostileDense(const std::string &text, Rng &rng);
/// `copies` constants added at the start of the first function.
std::string manyOps(const std::string &text, int copies);
/// A NUL, invalid UTF-8, an escape sequence or a quote inserted (inside a
/// string when there is one).
std::string badBytes(const std::string &text, Rng &rng);

/// A .npy image: a 4x64 f16 array with a hostile header or size.
std::string hostileNpy(Rng &rng, std::string &what);
/// A .npz archive (stored members) holding `members` (name -> .npy image).
std::string makeNpz(const std::vector<std::pair<std::string, std::string>> &members);
/// A .npz for the record kernel with hostile members, or bytes flipped.
std::string hostileNpz(Rng &rng, std::string &what);
/// A record (JSON) for the record kernel with hostile numbers.
std::string hostileRecord(Rng &rng, std::string &what);
/// An architecture file (the Spyre preset's text) with hostile values.
std::string hostileArch(const std::string &preset, Rng &rng,
                        std::string &what);

/// A valid .npy image of zeros: `descr` ('<f2', ...) and `shape`.
std::string npyImage(const std::string &descr,
                     const std::vector<uint64_t> &shape);

} // namespace spyre::fuzz

#endif
