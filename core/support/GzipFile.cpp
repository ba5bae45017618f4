//===- GzipFile.cpp - an output file, gzip-compressed when asked ----------===//

#include "support/GzipFile.h"

#include <zlib.h>

#include <cstdio>
#include <streambuf>
#include <vector>

using namespace spyre;

/// A streambuf that writes to a FILE, deflating when asked.
class OutputFile::Buffer : public std::streambuf {
public:
  Buffer(const std::string &path, bool gzip) : gzip(gzip), in(1 << 16) {
    file = std::fopen(path.c_str(), "wb");
    if (!file)
      return;
    if (gzip) {
      // windowBits 15 + 16: a gzip header and trailer around the stream.
      // Level 1: a trace is written as fast as the run makes it.
      ok = deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8,
                        Z_DEFAULT_STRATEGY) == Z_OK;
      deflating = ok;
    }
    setp(in.data(), in.data() + in.size());
  }
  ~Buffer() override { finish(); }

  bool opened() const { return file != nullptr; }
  /// Writes what is buffered and ends the stream; false on any error.
  bool finish() {
    if (!file)
      return false;
    drain(true);
    if (deflating)
      deflateEnd(&z);
    deflating = false;
    ok = std::fclose(file) == 0 && ok;
    file = nullptr;
    return ok;
  }

protected:
  int overflow(int c) override {
    drain(false);
    if (c != traits_type::eof()) {
      *pptr() = char(c);
      pbump(1);
    }
    return ok ? traits_type::not_eof(c) : traits_type::eof();
  }
  int sync() override {
    drain(false);
    return ok ? 0 : -1;
  }

private:
  /// Writes the buffered bytes (deflated, or as they are); `last` ends
  /// the deflate stream.
  void drain(bool last) {
    size_t n = size_t(pptr() - pbase());
    setp(in.data(), in.data() + in.size());
    if (!file || !ok)
      return;
    if (!gzip) {
      if (n && std::fwrite(in.data(), 1, n, file) != n)
        ok = false;
      return;
    }
    unsigned char outBuf[1 << 16];
    z.next_in = reinterpret_cast<Bytef *>(in.data());
    z.avail_in = uInt(n);
    int flush = last ? Z_FINISH : Z_NO_FLUSH;
    int ret = Z_OK;
    do {
      z.next_out = outBuf;
      z.avail_out = sizeof outBuf;
      ret = deflate(&z, flush);
      if (ret == Z_STREAM_ERROR) {
        ok = false;
        return;
      }
      size_t have = sizeof outBuf - z.avail_out;
      if (have && std::fwrite(outBuf, 1, have, file) != have) {
        ok = false;
        return;
      }
    } while (z.avail_out == 0 || (last && ret != Z_STREAM_END));
  }

  bool gzip;
  bool ok = true, deflating = false;
  std::FILE *file = nullptr;
  z_stream z{};
  std::vector<char> in;
};

OutputFile::OutputFile(const std::string &path)
    : buffer(std::make_unique<Buffer>(path, gzipped(path))),
      out(std::make_unique<std::ostream>(buffer.get())) {
  good = buffer->opened();
  if (!good)
    out->setstate(std::ios::badbit);
}

OutputFile::~OutputFile() { close(); }

bool OutputFile::ok() const { return good && !out->bad(); }

std::ostream &OutputFile::stream() { return *out; }

bool OutputFile::close() {
  if (closed)
    return good;
  closed = true;
  out->flush();
  good = buffer->finish() && good && !out->bad();
  return good;
}

bool OutputFile::gzipped(const std::string &path) {
  return path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
}
