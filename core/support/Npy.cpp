// Npy.cpp - reading and writing NumPy .npy files and .npz archives.
// See Npy.h for the supported subset of the format and the decisions taken.

#include "support/Npy.h"
#include "support/Limits.h"
#include "support/ReadFile.h"

#include <zip.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <limits>
#include <new>
#include <utility>

namespace spyre {
namespace npy {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;
constexpr size_t kAlign = 64;
// Recent numpy (e.g. 1.24, which wrote the project's corpus) leaves room in the
// header so the first axis can grow to this many digits in place; replicated
// so that our output is byte-identical to numpy.save.
constexpr size_t kGrowthAxisMaxDigits = 21;

struct TypeInfo {
  const char *dtype; // our name
  const char *code;  // NumPy type code without byte order, e.g. "f2"
  size_t size;
};

// bf16 is deliberately absent: it has no NumPy descr.
constexpr TypeInfo kTypes[] = {
    {"f16", "f2", 2}, {"f32", "f4", 4}, {"f64", "f8", 8},  {"i1", "b1", 1},
    {"i8", "i1", 1},  {"i16", "i2", 2}, {"i32", "i4", 4},  {"i64", "i8", 8},
    {"u8", "u1", 1},  {"u16", "u2", 2}, {"u32", "u4", 4},  {"u64", "u8", 8},
};

const TypeInfo *typeByName(const std::string &dtype) {
  for (const TypeInfo &t : kTypes)
    if (dtype == t.dtype)
      return &t;
  return nullptr;
}

const TypeInfo *typeByCode(const std::string &code) {
  for (const TypeInfo &t : kTypes)
    if (code == t.code)
      return &t;
  return nullptr;
}

// Product of `shape` (1 for 0-d); -1 on a negative dimension or overflow.
int64_t checkedProduct(const std::vector<int64_t> &shape) {
  for (int64_t d : shape) {
    if (d < 0)
      return -1;
    if (d == 0)
      return 0;
  }
  int64_t n = 1;
  for (int64_t d : shape) {
    if (n > std::numeric_limits<int64_t>::max() / d)
      return -1;
    n *= d;
  }
  return n;
}

// numElements * elemSize as size_t; false on overflow or invalid shape.
bool byteSize(const std::vector<int64_t> &shape, size_t elemSize,
              size_t &bytes) {
  int64_t n = checkedProduct(shape);
  if (n < 0)
    return false;
  uint64_t un = static_cast<uint64_t>(n);
  if (elemSize != 0 && un > std::numeric_limits<size_t>::max() / elemSize)
    return false;
  bytes = static_cast<size_t>(un) * elemSize;
  return true;
}

std::string shapeToString(const std::vector<int64_t> &shape) {
  // Python tuple repr: (), (5,), (2, 3)
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1)
    s += ",";
  s += ")";
  return s;
}

std::string quoteForMessage(const char *b, const char *e) {
  const size_t maxLen = 200;
  std::string s;
  for (const char *p = b; p < e && s.size() < maxLen; ++p) {
    unsigned char c = static_cast<unsigned char>(*p);
    if (c == '\n')
      s += "\\n";
    else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      s += buf;
    } else
      s += static_cast<char>(c);
  }
  if (static_cast<size_t>(e - b) > maxLen)
    s += "...";
  return "\"" + s + "\"";
}

// ---------------------------------------------------------------------------
// Header parsing: a small parser for the Python dict literal written by
// numpy, e.g. {'descr': '<f2', 'fortran_order': False, 'shape': (2, 3), }

class HeaderParser {
public:
  HeaderParser(const char *begin, const char *end)
      : text(begin), at(begin), limit(end) {}

  bool parse(std::string &descr, bool &fortranOrder,
             std::vector<int64_t> &shape, std::string &error) {
    bool haveDescr = false, haveFortran = false, haveShape = false;
    skipSpace();
    if (!consume('{'))
      return fail("expected '{' at the start of the header", error);
    for (;;) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (!parseString(key, "a dictionary key", error))
        return false;
      skipSpace();
      if (!consume(':'))
        return fail("expected ':' after key '" + key + "'", error);
      skipSpace();
      if (key == "descr") {
        if (haveDescr)
          return fail("duplicate key 'descr'", error);
        haveDescr = true;
        if (at < limit && (*at == '[' || *at == '{'))
          return fail("structured dtypes are not supported (descr is not a "
                      "simple type string)",
                      error);
        if (!parseString(descr, "the 'descr' string", error))
          return false;
      } else if (key == "fortran_order") {
        if (haveFortran)
          return fail("duplicate key 'fortran_order'", error);
        haveFortran = true;
        if (!parseBool(fortranOrder, error))
          return false;
      } else if (key == "shape") {
        if (haveShape)
          return fail("duplicate key 'shape'", error);
        haveShape = true;
        if (!parseShape(shape, error))
          return false;
      } else {
        return fail("unexpected key '" + key +
                        "' (expected only 'descr', 'fortran_order', 'shape')",
                    error);
      }
      skipSpace();
      if (consume(','))
        continue;
      if (consume('}'))
        break;
      return fail("expected ',' or '}' after the value of '" + key + "'",
                  error);
    }
    skipSpace();
    if (at != limit)
      return fail("unexpected text after the closing '}'", error);
    if (!haveDescr)
      return fail("missing key 'descr'", error);
    if (!haveFortran)
      return fail("missing key 'fortran_order'", error);
    if (!haveShape)
      return fail("missing key 'shape'", error);
    return true;
  }

private:
  bool fail(const std::string &what, std::string &error) const {
    error = "malformed .npy header: " + what + " (at header offset " +
            std::to_string(at - text) + " in " +
            quoteForMessage(text, limit) + ")";
    return false;
  }

  void skipSpace() {
    // numpy pads with spaces and ends with '\n'; some writers pad with NULs.
    while (at < limit && (*at == ' ' || *at == '\t' || *at == '\n' ||
                         *at == '\r' || *at == '\0'))
      ++at;
  }

  bool consume(char c) {
    if (at < limit && *at == c) {
      ++at;
      return true;
    }
    return false;
  }

  bool parseString(std::string &s, const char *what, std::string &error) {
    if (at >= limit || (*at != '\'' && *at != '"'))
      return fail(std::string("expected ") + what + " in quotes", error);
    char quote = *at++;
    const char *start = at;
    while (at < limit && *at != quote) {
      if (*at == '\\' || *at == '\n')
        return fail(std::string("unsupported character in ") + what, error);
      ++at;
    }
    if (at >= limit)
      return fail(std::string("unterminated ") + what, error);
    s.assign(start, at);
    ++at;
    return true;
  }

  bool parseBool(bool &value, std::string &error) {
    auto word = [&](const char *w) {
      size_t n = std::strlen(w);
      if (static_cast<size_t>(limit - at) >= n && std::memcmp(at, w, n) == 0) {
        at += n;
        return true;
      }
      return false;
    };
    if (word("True")) {
      value = true;
      return true;
    }
    if (word("False")) {
      value = false;
      return true;
    }
    return fail("expected True or False for 'fortran_order'", error);
  }

  bool parseShape(std::vector<int64_t> &shape, std::string &error) {
    shape.clear();
    if (!consume('('))
      return fail("expected '(' to start the 'shape' tuple", error);
    for (;;) {
      skipSpace();
      if (consume(')'))
        return true;
      if (at < limit && *at == '-')
        return fail("negative dimension in 'shape'", error);
      if (at >= limit || *at < '0' || *at > '9')
        return fail("expected a non-negative integer in 'shape'", error);
      int64_t v = 0;
      while (at < limit && *at >= '0' && *at <= '9') {
        int digit = *at - '0';
        if (v > (std::numeric_limits<int64_t>::max() - digit) / 10)
          return fail("dimension in 'shape' is too large", error);
        v = v * 10 + digit;
        ++at;
      }
      if (at < limit && (*at == 'L' || *at == 'l')) // Python 2 long suffix
        ++at;
      shape.push_back(v);
      skipSpace();
      if (consume(','))
        continue;
      if (consume(')'))
        return true;
      return fail("expected ',' or ')' in 'shape'", error);
    }
  }

  const char *text;
  const char *at;
  const char *limit;
};

// Maps a NumPy descr string to our dtype name.
bool dtypeFromDescr(const std::string &descr, std::string &dtype,
                    std::string &error) {
  if (descr.empty()) {
    error = "empty dtype descr in .npy header";
    return false;
  }
  char order = 0;
  std::string code = descr;
  if (std::strchr("<>=|", descr[0]) != nullptr) {
    order = descr[0];
    code = descr.substr(1);
  }
  const TypeInfo *t = typeByCode(code);
  if (t == nullptr) {
    std::string why;
    if (!code.empty() && code[0] == 'O')
      why = " (object arrays hold pickled Python objects)";
    error = "unsupported dtype descr '" + descr + "'" + why +
            "; supported: f2, f4, f8, b1 (bool), i1, i2, i4, i8, u1, u2, "
            "u4, u8";
    return false;
  }
  if (t->size > 1) {
    if (order == '>') {
      error = "big-endian dtype descr '" + descr +
              "' is not supported (only little-endian data can be read)";
      return false;
    }
    if (order == '|') {
      error = "invalid dtype descr '" + descr +
              "': byte order '|' is not applicable to a multi-byte type";
      return false;
    }
  }
  dtype = t->dtype;
  return true;
}

uint32_t readLE(const uint8_t *p, size_t n) {
  uint32_t v = 0;
  for (size_t i = 0; i < n; ++i)
    v |= static_cast<uint32_t>(p[i]) << (8 * i);
  return v;
}

// Copies Fortran-order element data into C order.
void fortranToC(const uint8_t *src, uint8_t *dst,
                const std::vector<int64_t> &shape, int64_t count,
                size_t elemSize) {
  const std::ptrdiff_t nd = static_cast<std::ptrdiff_t>(shape.size());
  // For each axis: its stride in the Fortran-order source (in elements) and
  // the current index of the C-order walk.
  struct Axis {
    int64_t extent, stride, index;
  };
  std::vector<Axis> axes;
  axes.reserve(shape.size());
  int64_t s = 1;
  for (int64_t extent : shape) {
    axes.push_back({extent, s, 0});
    s *= extent;
  }
  int64_t off = 0; // element offset in the Fortran-order source
  for (int64_t c = 0; c < count; ++c) {
    std::memcpy(dst + static_cast<size_t>(c) * elemSize,
                src + static_cast<size_t>(off) * elemSize, elemSize);
    for (std::ptrdiff_t k = nd - 1; k >= 0; --k) {
      Axis &a = axes[static_cast<size_t>(k)];
      off += a.stride;
      if (++a.index < a.extent)
        break;
      off -= a.stride * a.extent;
      a.index = 0;
    }
  }
}

// Checks that `array` can be written; sets `why` (without a file name).
bool checkWritable(const Array &array, std::string &why) {
  if (array.dtype == "bf16") {
    why = "dtype bf16 cannot be written: NumPy has no standard bf16 dtype "
          "(convert to f32, or store the raw bits as u16)";
    return false;
  }
  const TypeInfo *t = typeByName(array.dtype);
  if (t == nullptr) {
    why = "unknown dtype '" + array.dtype + "'";
    return false;
  }
  size_t bytes = 0;
  if (!byteSize(array.shape, t->size, bytes)) {
    why = "invalid shape " + shapeToString(array.shape) +
          " (negative dimension or too many elements)";
    return false;
  }
  if (array.data.size() != bytes) {
    why = "data size " + std::to_string(array.data.size()) +
          " bytes does not match shape " + shapeToString(array.shape) +
          " of " + array.dtype + " (" + std::to_string(bytes) + " bytes)";
    return false;
  }
  return true;
}

std::vector<uint8_t> serializeChecked(const Array &array) {
  const TypeInfo *t = typeByName(array.dtype);
  std::string descr = std::string(t->size == 1 ? "|" : "<") + t->code;
  // Same layout as numpy.save (keys sorted, trailing ", ", growth room).
  std::string dict = "{'descr': '" + descr +
                     "', 'fortran_order': False, 'shape': " +
                     shapeToString(array.shape) + ", }";
  if (!array.shape.empty()) {
    size_t digits = std::to_string(array.shape[0]).size();
    if (digits < kGrowthAxisMaxDigits)
      dict.append(kGrowthAxisMaxDigits - digits, ' ');
  }
  // Version 1.0 (2-byte header length) unless the header does not fit.
  size_t lenBytes = 2;
  size_t prefix = kMagicLen + 2 + lenBytes;
  size_t pad = kAlign - (prefix + dict.size() + 1) % kAlign; // 1..64 like numpy
  if (dict.size() + pad + 1 > 0xffff) {
    lenBytes = 4;
    prefix = kMagicLen + 2 + lenBytes;
    pad = kAlign - (prefix + dict.size() + 1) % kAlign;
  }
  const size_t headerLen = dict.size() + pad + 1;
  dict.append(pad, ' ');
  dict.push_back('\n');

  std::vector<uint8_t> out(prefix + headerLen + array.data.size());
  uint8_t *p = out.data();
  std::memcpy(p, kMagic, kMagicLen);
  p[kMagicLen] = lenBytes == 2 ? 1 : 2;
  p[kMagicLen + 1] = 0;
  for (size_t i = 0; i < lenBytes; ++i)
    p[kMagicLen + 2 + i] = static_cast<uint8_t>((headerLen >> (8 * i)) & 0xff);
  std::memcpy(p + prefix, dict.data(), headerLen);
  if (!array.data.empty())
    std::memcpy(p + prefix + headerLen, array.data.data(), array.data.size());
  return out;
}

bool writeWholeFile(const std::string &path, const uint8_t *bytes, size_t size,
                    std::string &error) {
  std::FILE *f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    error = path + ": cannot create file: " + std::strerror(errno);
    return false;
  }
  bool ok = size == 0 || std::fwrite(bytes, 1, size, f) == size;
  int e = errno;
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    e = errno;
  }
  if (!ok) {
    error = path + ": write error: " + std::strerror(e);
    std::remove(path.c_str());
  }
  return ok;
}

std::string zipErrorString(int code) {
  zip_error_t ze;
  zip_error_init_with_code(&ze, code);
  std::string s = zip_error_strerror(&ze);
  zip_error_fini(&ze);
  return s;
}

struct ZipDiscarder {
  zip_t *za;
  ~ZipDiscarder() {
    if (za != nullptr)
      zip_discard(za);
  }
};

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

// ---------------------------------------------------------------------------

int64_t Array::numElements() const { return checkedProduct(shape); }

size_t elementSize(const std::string &dtype) {
  if (dtype == "bf16")
    return 2;
  const TypeInfo *t = typeByName(dtype);
  return t ? t->size : 0;
}

bool parseNpy(const uint8_t *bytes, size_t size, Array &out,
              std::string &error) {
  if (bytes == nullptr && size != 0) {
    error = "no data";
    return false;
  }
  if (size < kMagicLen || std::memcmp(bytes, kMagic, kMagicLen) != 0) {
    error = size < kMagicLen
                ? "not a .npy file: only " + std::to_string(size) + " bytes"
                : "not a .npy file: bad magic (expected \\x93NUMPY)";
    return false;
  }
  if (size < kMagicLen + 2) {
    error = "truncated .npy file: no format version";
    return false;
  }
  const unsigned major = bytes[6], minor = bytes[7];
  size_t lenBytes = 0;
  if (major == 1 && minor == 0)
    lenBytes = 2;
  else if ((major == 2 || major == 3) && minor == 0)
    lenBytes = 4;
  else {
    error = "unsupported .npy format version " + std::to_string(major) + "." +
            std::to_string(minor) + " (supported: 1.0, 2.0, 3.0)";
    return false;
  }
  const size_t headerStart = kMagicLen + 2 + lenBytes;
  if (size < headerStart) {
    error = "truncated .npy file: incomplete header length field";
    return false;
  }
  const size_t headerLen = readLE(bytes + kMagicLen + 2, lenBytes);
  if (headerLen > size - headerStart) {
    error = "truncated .npy file: header length is " +
            std::to_string(headerLen) + " bytes but only " +
            std::to_string(size - headerStart) + " bytes follow";
    return false;
  }
  const char *h = reinterpret_cast<const char *>(bytes + headerStart);
  std::string descr;
  bool fortranOrder = false;
  std::vector<int64_t> shape;
  if (!HeaderParser(h, h + headerLen)
           .parse(descr, fortranOrder, shape, error))
    return false;

  std::string dtype;
  if (!dtypeFromDescr(descr, dtype, error))
    return false;
  const size_t elemSize = elementSize(dtype);
  size_t dataBytes = 0;
  if (!byteSize(shape, elemSize, dataBytes)) {
    error = "shape " + shapeToString(shape) + " has too many elements";
    return false;
  }
  const size_t dataStart = headerStart + headerLen;
  const size_t available = size - dataStart;
  if (available < dataBytes) {
    error = "truncated .npy data: shape " + shapeToString(shape) + " of '" +
            descr + "' needs " + std::to_string(dataBytes) +
            " bytes but only " + std::to_string(available) + " are present";
    return false;
  }
  if (available > dataBytes) {
    error = "unexpected " + std::to_string(available - dataBytes) +
            " trailing bytes after the data of shape " + shapeToString(shape) +
            " of '" + descr + "' (" + std::to_string(dataBytes) + " bytes)";
    return false;
  }

  Array result;
  result.dtype = dtype;
  result.shape = shape;
  const uint8_t *src = bytes + dataStart;
  if (fortranOrder && shape.size() > 1) {
    result.data.resize(dataBytes);
    fortranToC(src, result.data.data(), shape, checkedProduct(shape),
               elemSize);
  } else {
    result.data.assign(src, src + dataBytes);
  }
  out = std::move(result);
  return true;
}

bool readNpy(const std::string &path, Array &out, std::string &error) {
  std::vector<uint8_t> bytes;
  if (!readFileBounded(path, limits::kMaxArrayBytes, bytes, error,
                       std::string_view(kMagic, kMagicLen)))
    return false;
  std::string why;
  if (!parseNpy(bytes.data(), bytes.size(), out, why)) {
    error = path + ": " + why;
    return false;
  }
  return true;
}

std::vector<uint8_t> serializeNpy(const Array &array) {
  std::string why;
  if (!checkWritable(array, why))
    return {};
  return serializeChecked(array);
}

bool writeNpy(const std::string &path, const Array &array,
              std::string &error) {
  std::string why;
  if (!checkWritable(array, why)) {
    error = path + ": cannot write array: " + why;
    return false;
  }
  std::vector<uint8_t> bytes = serializeChecked(array);
  return writeWholeFile(path, bytes.data(), bytes.size(), error);
}

bool readNpz(const std::string &path, std::map<std::string, Array> &out,
             std::string &error) {
  return readNpzMembers(path, nullptr, out, error);
}

bool readNpzMembers(const std::string &path,
                    const std::set<std::string> *wanted,
                    std::map<std::string, Array> &out, std::string &error) {
  uint64_t total = 0;
  int zerr = 0;
  // An archive is read by seeking: only a regular file will do (a FIFO
  // would block the open, a device would be read through).
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    error = path + ": cannot open .npz (ZIP) archive: not a regular file";
    return false;
  }
  ZipDiscarder zip{zip_open(path.c_str(), ZIP_RDONLY, &zerr)};
  if (zip.za == nullptr) {
    error = path + ": cannot open .npz (ZIP) archive: " + zipErrorString(zerr);
    return false;
  }
  const zip_int64_t count = zip_get_num_entries(zip.za, 0);
  if (count < 0) {
    error = path + ": cannot list .npz members: " + zip_strerror(zip.za);
    return false;
  }
  std::map<std::string, Array> result;
  for (zip_int64_t i = 0; i < count; ++i) {
    const zip_uint64_t index = static_cast<zip_uint64_t>(i);
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(zip.za, index, 0, &st) != 0) {
      error = path + ": cannot read .npz member #" + std::to_string(i) + ": " +
              zip_strerror(zip.za);
      return false;
    }
    if ((st.valid & ZIP_STAT_NAME) == 0 || (st.valid & ZIP_STAT_SIZE) == 0) {
      error = path + ": .npz member #" + std::to_string(i) +
              " has no name or size";
      return false;
    }
    const std::string name = st.name;
    if (!name.empty() && name.back() == '/')
      continue; // directory entry
    const std::string where = path + ": member '" + name + "'";
    if (!endsWith(name, ".npy")) {
      error = where + " is not a .npy file (every .npz member must be "
                      "NAME.npy)";
      return false;
    }
    const std::string key = name.substr(0, name.size() - 4);
    if (result.count(key) != 0) {
      error = where + " appears more than once";
      return false;
    }
    if (wanted && !wanted->count(key))
      continue; // not used: never decompressed
    // The limits hold before anything is allocated for the member.
    if (st.size > limits::kMaxArrayBytes ||
        st.size > limits::kMaxNpzBytes - total) {
      error = where + " is too large to load (" + std::to_string(st.size) +
              " bytes; the limits are " +
              std::to_string(limits::kMaxArrayBytes) + " per member and " +
              std::to_string(limits::kMaxNpzBytes) +
              " per archive, see docs/limits.md)";
      return false;
    }
    total += st.size;
    std::vector<uint8_t> bytes;
    try {
      bytes.resize(static_cast<size_t>(st.size));
    } catch (const std::bad_alloc &) {
      error = where + " is too large to load (" + std::to_string(st.size) +
              " bytes)";
      return false;
    }
    zip_file_t *zf = zip_fopen_index(zip.za, index, 0);
    if (zf == nullptr) {
      error = where + ": cannot open: " + zip_strerror(zip.za);
      return false;
    }
    size_t done = 0;
    std::string readError;
    while (done < bytes.size()) {
      zip_int64_t n = zip_fread(zf, bytes.data() + done, bytes.size() - done);
      if (n < 0) {
        readError = zip_file_strerror(zf);
        break;
      }
      if (n == 0) {
        readError = "unexpected end of data after " + std::to_string(done) +
                    " of " + std::to_string(bytes.size()) + " bytes";
        break;
      }
      done += static_cast<size_t>(n);
    }
    if (readError.empty()) {
      // Read past the end so that libzip verifies the CRC.
      uint8_t extra;
      zip_int64_t n = zip_fread(zf, &extra, 1);
      if (n < 0)
        readError = zip_file_strerror(zf);
      else if (n > 0)
        readError = "more data than the recorded size";
    }
    int closeErr = zip_fclose(zf);
    if (readError.empty() && closeErr != 0)
      readError = zipErrorString(closeErr);
    if (!readError.empty()) {
      error = where + ": read error: " + readError;
      return false;
    }
    Array array;
    std::string why;
    if (!parseNpy(bytes.data(), bytes.size(), array, why)) {
      error = where + ": " + why;
      return false;
    }
    result.emplace(key, std::move(array));
  }
  out = std::move(result);
  return true;
}

bool writeNpz(const std::string &path,
              const std::map<std::string, Array> &arrays, std::string &error) {
  for (const auto &[key, array] : arrays) {
    std::string why;
    if (key.find('\0') != std::string::npos) {
      error = path + ": array name contains a NUL character";
      return false;
    }
    if (!checkWritable(array, why)) {
      error = path + ": cannot write array '" + key + "': " + why;
      return false;
    }
  }
  if (arrays.empty()) {
    // libzip deletes an archive without members on close, so write the
    // end-of-central-directory record of an empty ZIP file directly.
    uint8_t eocd[22] = {'P', 'K', 5, 6};
    return writeWholeFile(path, eocd, sizeof eocd, error);
  }

  int zerr = 0;
  ZipDiscarder zip{
      zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &zerr)};
  if (zip.za == nullptr) {
    error = path + ": cannot create .npz (ZIP) archive: " +
            zipErrorString(zerr);
    return false;
  }
  // Same fixed timestamp as numpy.savez (DOS time is local time).
  std::tm tm{};
  tm.tm_year = 80;
  tm.tm_mon = 0;
  tm.tm_mday = 1;
  tm.tm_isdst = -1;
  const std::time_t dosEpoch = std::mktime(&tm);

  // The buffers must stay alive until zip_close.
  std::vector<std::vector<uint8_t>> buffers;
  buffers.reserve(arrays.size());
  for (const auto &[key, array] : arrays) {
    const std::string name = key + ".npy";
    buffers.push_back(serializeChecked(array));
    const std::vector<uint8_t> &buf = buffers.back();
    zip_source_t *src = zip_source_buffer(zip.za, buf.data(), buf.size(), 0);
    if (src == nullptr) {
      error = path + ": cannot add '" + name + "': " + zip_strerror(zip.za);
      return false;
    }
    zip_int64_t idx = zip_file_add(zip.za, name.c_str(), src,
                                   ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE);
    if (idx < 0) {
      zip_source_free(src);
      error = path + ": cannot add '" + name + "': " + zip_strerror(zip.za);
      return false;
    }
    const zip_uint64_t uidx = static_cast<zip_uint64_t>(idx);
    if (zip_set_file_compression(zip.za, uidx, ZIP_CM_STORE, 0) != 0 ||
        (dosEpoch != static_cast<std::time_t>(-1) &&
         zip_file_set_mtime(zip.za, uidx, dosEpoch, 0) != 0)) {
      error = path + ": cannot set attributes of '" + name +
              "': " + zip_strerror(zip.za);
      return false;
    }
  }
  if (zip_close(zip.za) != 0) {
    error = path + ": cannot write .npz archive: " + zip_strerror(zip.za);
    return false; // ZipDiscarder discards the archive
  }
  zip.za = nullptr;
  return true;
}

} // namespace npy
} // namespace spyre
