// Npy.h - reading and writing NumPy .npy files and .npz archives.
//
// This file has no Qt or MLIR dependencies (the .npz functions use libzip).
//
// Supported element types (Array::dtype) and their NumPy descr strings:
//
//     dtype  size  NumPy descr (written)   also accepted when reading
//     f16     2    '<f2'                   '=f2', 'f2'
//     f32     4    '<f4'                   '=f4', 'f4'
//     f64     8    '<f8'                   '=f8', 'f8'
//     i1      1    '|b1'  (bool, 0/1)      '<b1', '>b1', '=b1', 'b1'
//     i8      1    '|i1'                   '<i1', '>i1', '=i1', 'i1'
//     i16     2    '<i2'                   '=i2', 'i2'
//     i32     4    '<i4'                   '=i4', 'i4'
//     i64     8    '<i8'                   '=i8', 'i8'
//     u8      1    '|u1'                   '<u1', '>u1', '=u1', 'u1'
//     u16     2    '<u2'                   '=u2', 'u2'
//     u32     4    '<u4'                   '=u4', 'u4'
//     u64     8    '<u8'                   '=u8', 'u8'
//     bf16    2    (none)                  (never produced by the readers)
//
// Decisions:
//   * Byte order: '=' (native) and a missing byte-order character are taken to
//     mean little-endian, since every platform this project targets is
//     little-endian. Big-endian ('>') multi-byte types are rejected with an
//     error; '|' ("not applicable") is only accepted for 1-byte types.
//     For 1-byte types every byte-order character is accepted.
//   * fortran_order True is supported: the data is transposed while reading,
//     so Array::data is always C order.
//   * bf16 has no standard NumPy descr, so writeNpy/writeNpz refuse it with an
//     error (and serializeNpy returns an empty vector). Convert to f32 or
//     store the raw bits as u16 if you must save such data.
//   * The data size must match the shape exactly: truncated data and trailing
//     bytes after the data are both errors.
//   * The header must contain exactly the keys 'descr', 'fortran_order' and
//     'shape' (in any order). Structured and object dtypes are rejected.
//     Python 2 long suffixes in the shape ("(3L, 4L)") are accepted.
//   * Versions 1.0, 2.0 and 3.0 are read. writeNpy/serializeNpy write version
//     1.0 (byte-identical to numpy.save for the supported types) and switch
//     to 2.0 only if the header would not fit in 65535 bytes. The data starts
//     at a multiple of 64 bytes.
//   * .npz: every member must be NAME.npy (stored or deflate-compressed); the
//     map key is NAME. Directory entries are ignored; any other member is an
//     error. writeNpz writes stored (uncompressed) members with a fixed
//     1980-01-01 timestamp, like numpy.savez. Writing an empty map produces a
//     valid empty ZIP archive.

#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace spyre {
namespace npy {

struct Array {
  // One of "f16","bf16","f32","f64","i1","i8","i16","i32","i64","u8","u16",
  // "u32","u64" (see above).
  std::string dtype;
  // Dimensions in C order; empty = 0-d scalar (one element).
  std::vector<int64_t> shape;
  // Little-endian element bytes, C order; size = numElements()*elementSize.
  std::vector<uint8_t> data;

  // Product of the dimensions (1 for a 0-d scalar). Returns -1 if a
  // dimension is negative or the product overflows int64_t.
  int64_t numElements() const;
};

// Bytes per element of `dtype`, 0 if the dtype is unknown.
size_t elementSize(const std::string &dtype);

// All functions below return false and set `error` (a message naming the
// file and what is wrong) on failure; on failure `out` is left unchanged.

bool readNpy(const std::string &path, Array &out, std::string &error);
// Parses a complete .npy image held in memory. Error messages do not name a
// file.
bool parseNpy(const uint8_t *bytes, size_t size, Array &out,
              std::string &error);
bool writeNpy(const std::string &path, const Array &array, std::string &error);
// The complete .npy image of `array`, or an empty vector if the array cannot
// be written (unknown dtype or bf16, negative dimension, or data size not
// matching the shape).
std::vector<uint8_t> serializeNpy(const Array &array);

// Keys are the member names without the ".npy" suffix.
// Every member of the archive is read.
bool readNpz(const std::string &path, std::map<std::string, Array> &out,
             std::string &error);
// Only the members named in `wanted` (all when null) are decompressed;
// the others are listed but never read. Files beyond
// limits::kMaxArrayBytes and members beyond it (or, together, beyond
// limits::kMaxNpzBytes) are refused before anything is allocated for them
// (support/Limits.h, docs/limits.md).
bool readNpzMembers(const std::string &path,
                    const std::set<std::string> *wanted,
                    std::map<std::string, Array> &out, std::string &error);
bool writeNpz(const std::string &path,
              const std::map<std::string, Array> &arrays, std::string &error);

} // namespace npy
} // namespace spyre
