//===- ReadFile.h - read a whole file, up to a size limit -------*- C++ -*-===//
//
// Every file the tools read whole (kernels, architecture TOML, records,
// .npy inputs) goes through here with the limit of support/Limits.h, so
// /dev/zero, a FIFO or a huge file ends in a message, not in memory
// exhaustion: at most `maxBytes` + 1 bytes are ever read. No MLIR or Qt.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SUPPORT_READFILE_H
#define SPYRE_SUPPORT_READFILE_H

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace spyre {

/// fopen(path, "rb") that does not block on a FIFO nobody writes to (it
/// reads as empty; a writer already there, as with a shell's <(...), is
/// read as usual). Null with errno set on failure.
inline std::FILE *openForReading(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return nullptr;
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  std::FILE *f = ::fdopen(fd, "rb");
  if (!f) {
    int err = errno;
    ::close(fd);
    errno = err;
  }
  return f;
}

/// Appends the bytes of `path` to `out` (a std::string or a byte vector).
/// False, with `error` naming the file and the reason, when it cannot be
/// opened or read, is a directory, or holds more than `maxBytes` bytes.
/// With a `magic`, reading stops as soon as the first bytes differ from it
/// and `out` holds only what was read (the caller's parser then refuses the
/// file for what it is), so /dev/zero given as a .npy costs one block, not
/// the limit.
template <typename Bytes>
bool readFileBounded(const std::string &path, uint64_t maxBytes, Bytes &out,
                     std::string &error, std::string_view magic = {}) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    error = path + ": is a directory";
    return false;
  }
  auto tooLarge = [&] {
    error = path + ": larger than the limit of " + std::to_string(maxBytes) +
            " bytes for this kind of file (see docs/limits.md)";
    return false;
  };
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
      static_cast<uint64_t>(st.st_size) > maxBytes)
    return tooLarge();
  std::FILE *f = openForReading(path);
  if (!f) {
    error = path + ": cannot open input file: " + std::strerror(errno);
    return false;
  }
  // Read straight into `out`, growing it by doubling up to maxBytes + 1.
  out.clear();
  size_t used = 0;
  while (true) {
    if (used == out.size()) {
      if (out.size() > maxBytes) {
        std::fclose(f);
        out.clear();
        return tooLarge();
      }
      size_t grown = std::max<size_t>(out.size() * 2, 1 << 16);
      out.resize(std::min<uint64_t>(grown, maxBytes + 1));
    }
    size_t n = std::fread(&out[used], 1, out.size() - used, f);
    used += n;
    if (n == 0)
      break;
    if (!magic.empty() &&
        std::memcmp(&out[0], magic.data(), std::min(used, magic.size())) != 0)
      break;
  }
  out.resize(used);
  bool failed = std::ferror(f) != 0;
  int err = errno;
  std::fclose(f);
  if (failed) {
    error = path + ": read error: " + std::strerror(err ? err : EIO);
    out.clear();
    return false;
  }
  return true;
}

} // namespace spyre

#endif
