//===- GzipFile.h - an output file, gzip-compressed when asked --*- C++ -*-===//
//
// A std::ostream onto a file: a name ending in ".gz" is written as a gzip
// stream (zlib's deflate with a gzip header, read by gunzip, Perfetto and
// chrome://tracing), any other name as it is. Written as it goes: nothing
// is kept in memory beyond zlib's window and a 64 KiB buffer.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SUPPORT_GZIPFILE_H
#define SPYRE_SUPPORT_GZIPFILE_H

#include <memory>
#include <ostream>
#include <string>

namespace spyre {

class OutputFile {
public:
  /// Opens `path` for writing (ok() says whether it could be).
  explicit OutputFile(const std::string &path);
  ~OutputFile();
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;

  bool ok() const;
  std::ostream &stream();
  /// Flushes and closes; false when anything could not be written.
  bool close();
  /// Whether `path` names a gzip file (ends in ".gz").
  static bool gzipped(const std::string &path);

private:
  class Buffer;
  std::unique_ptr<Buffer> buffer;
  std::unique_ptr<std::ostream> out;
  bool closed = false, good = true;
};

} // namespace spyre

#endif
