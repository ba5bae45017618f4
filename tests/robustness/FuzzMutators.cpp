//===- FuzzMutators.cpp - hostile variations of kernels and files ---------===//

#include "FuzzMutators.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>

namespace spyre::fuzz {

namespace {

bool identChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '.' || c == '%' || c == '#' || c == '@';
}

/// Start and length of every decimal number that is a token of its own
/// (not part of a name such as %c0, d0 or f16); the 'x' of a shape
/// (3x64) separates tokens.
std::vector<std::pair<size_t, size_t>> numberTokens(const std::string &t) {
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t i = 0; i < t.size();) {
    bool digit = std::isdigit(static_cast<unsigned char>(t[i]));
    bool startsToken = i == 0 || !identChar(t[i - 1]) ||
                       (t[i - 1] == 'x' && i >= 2 &&
                        (std::isdigit(static_cast<unsigned char>(t[i - 2])) ||
                         t[i - 2] == '?'));
    if (!digit || !startsToken) {
      // Skip the rest of a name so its digits are not tokens.
      if (identChar(t[i]) && t[i] != 'x') {
        while (i < t.size() && identChar(t[i]))
          ++i;
      } else {
        ++i;
      }
      continue;
    }
    size_t start = i;
    if (start > 0 && t[start - 1] == '-')
      --start;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])))
      ++i;
    if (i < t.size() && t[i] == 'x') {
      out.emplace_back(start, i - start); // a shape extent
      ++i;
      continue;
    }
    out.emplace_back(start, i - start);
  }
  return out;
}

std::string le(uint64_t v, int bytes) {
  std::string s;
  for (int i = 0; i < bytes; ++i)
    s += static_cast<char>((v >> (8 * i)) & 0xff);
  return s;
}

uint32_t crc32(const std::string &data) {
  uint32_t crc = 0xffffffffu;
  for (unsigned char c : data) {
    crc ^= c;
    for (int k = 0; k < 8; ++k)
      crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

std::string flipBytes(std::string s, Rng &rng, int count) {
  for (int i = 0; i < count && !s.empty(); ++i)
    s[std::uniform_int_distribution<size_t>(0, s.size() - 1)(rng)] ^=
        static_cast<char>(1 + below(rng, 255));
  return s;
}

} // namespace

const std::vector<std::string> &boundaryValues() {
  static const std::vector<std::string> values = {
      "0", "1", "-1", "2", "3", "63", "64", "65", "127", "128", "1024",
      "65535", "65536", "2147483647", "2147483648", "-2147483648",
      "4294967295", "4294967296", "9007199254740992", "9007199254740993",
      "4611686018427387904", "9223372036854775807", "-9223372036854775808",
      "-9223372036854775807", "18446744073709551616", "1.5", "1e300", "-0"};
  return values;
}

std::string replaceNumbers(const std::string &text, Rng &rng, int count) {
  std::string out = text;
  for (int n = 0; n < count; ++n) {
    auto tokens = numberTokens(out);
    if (tokens.empty())
      return out;
    auto [at, len] = pick(tokens, rng);
    std::string value = below(rng, 4) == 0
                            ? std::to_string(static_cast<int64_t>(rng()))
                            : pick(boundaryValues(), rng);
    out.replace(at, len, value);
  }
  return out;
}

std::string replaceGrid(const std::string &text, Rng &rng) {
  static const std::vector<std::string> grids = {
      "[]", "32", "[1.5]", "[\"a\"]", "[0]", "[-1]", "[true]", "[2147483648]",
      "[4294967296, 4294967296]", "[9223372036854775807]",
      "[-9223372036854775808]", "[2, 2, 2, 2, 2, 2]", "[65536, 65536]",
      "[33]", "[32, 1]", "[1, 32]", "[4, 8]"};
  size_t at = text.find("grid = [");
  if (at == std::string::npos)
    return text;
  size_t end = text.find(']', at);
  if (end == std::string::npos)
    return text;
  std::string out = text;
  out.replace(at + 7, end - at - 6, pick(grids, rng));
  return out;
}

/// Inserts `depth` nested scf.if regions at the start of the first
/// function body.
std::string nestRegions(const std::string &text, int depth) {
  size_t fn = text.find("func.func");
  size_t open = fn == std::string::npos ? fn : text.find("{\n", fn);
  if (open == std::string::npos)
    return text;
  std::string nest = "\n%fuzz_c = arith.constant true\n";
  for (int i = 0; i < depth; ++i)
    nest += "scf.if %fuzz_c {\n";
  for (int i = 0; i < depth; ++i)
    nest += "}\n";
  std::string out = text;
  out.insert(open + 1, nest);
  return out;
}

std::string nestParentheses(const std::string &text, int depth) {
  size_t at = text.find("d0 >= 0");
  if (at == std::string::npos)
    return text;
  std::string out = text;
  out.replace(at, 2, std::string(depth, '(') + "d0" + std::string(depth, ')'));
  return out;
}

std::string longAffineChain(const std::string &text, int terms) {
  size_t at = text.find("d0 >= 0");
  if (at == std::string::npos)
    return text;
  std::string chain = "d0";
  for (int i = 0; i < terms; ++i)
    chain += " + 0";
  std::string out = text;
  out.replace(at, 2, chain);
  return out;
}

std::string longName(const std::string &text, Rng &rng, size_t length) {
  std::vector<std::string> names;
  for (size_t i = 0; i + 1 < text.size(); ++i)
    if (text[i] == '%' && std::isalpha(static_cast<unsigned char>(text[i + 1]))) {
      size_t j = i + 1;
      while (j < text.size() && identChar(text[j]) && text[j] != '%')
        ++j;
      names.push_back(text.substr(i, j - i));
      i = j;
    }
  if (names.empty())
    return text;
  std::string from = pick(names, rng);
  std::string to = "%" + std::string(length, 'v');
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, from.size(), from) == 0 &&
        (i + from.size() >= text.size() || !identChar(text[i + from.size()]))) {
      out += to;
      i += from.size();
    } else {
      out += text[i++];
    }
  }
  return out;
}

std::string longLocation(const std::string &text, Rng &rng, size_t length) {
  std::vector<size_t> ends;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    size_t first = text.find_first_not_of(' ', start);
    if (first < end && text[first] == '%' && end > start &&
        text[end - 1] != '{' && text[end - 1] != ',')
      ends.push_back(end);
    start = end + 1;
  }
  if (ends.empty())
    return text;
  std::string out = text;
  out.insert(pick(ends, rng),
             " loc(\"" + std::string(length, 'l') + "\":1:1)");
  return out;
}

std::string hostileFloats(const std::string &text, Rng &rng, int count) {
  static const std::vector<std::string> floats = {
      "1.0e308", "-1.0e308", "4.9e-324", "-0.0", "0x7FF0000000000000",
      "0xFFF0000000000000", "0x7FF8000000000001", "0x7C00", "0xFC00",
      "0x7E01", "65504.0", "65520.0", "6.0e-8", "3.4028235e38", "1.0e39",
      "0x0", "0xFFFFFFFFFFFFFFFF", "9223372036854775808.0"};
  std::vector<std::pair<size_t, size_t>> literals;
  for (size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i])) ||
        (i > 0 && identChar(text[i - 1])))
      continue;
    size_t j = i;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
      ++j;
    if (j < text.size() && text[j] == '.') {
      ++j;
      while (j < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[j])) ||
              text[j] == '-' || text[j] == '+'))
        ++j;
      literals.emplace_back(i, j - i);
    }
    i = j;
  }
  std::string out = text;
  for (int n = 0; n < count && !literals.empty(); ++n) {
    // Literals after the one replaced are dropped, so the positions of
    // those before it stay valid.
    size_t k = std::uniform_int_distribution<size_t>(0, literals.size() - 1)(rng);
    auto [at, len] = literals[k];
    out.replace(at, len, pick(floats, rng));
    literals.resize(k);
  }
  return out;
}

std::string hostileDense(const std::string &text, Rng &rng) {
  static const std::vector<std::string> values = {
      "9223372036854775807", "-9223372036854775808", "0x7FF8000000000000",
      "1.0e308", "[]", "[[1]]", "\"0xFFFF\"", "true",
      "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]"};
  size_t at = text.find("dense<");
  std::string out = text;
  if (at == std::string::npos) {
    // A constant of its own after the function's first line.
    size_t fn = text.find("func.func");
    size_t open = fn == std::string::npos ? fn : text.find("{\n", fn);
    if (open == std::string::npos)
      return text;
    out.insert(open + 2, "%fuzz_dense = arith.constant dense<" +
                             pick(values, rng) + "> : tensor<65536x65536xi64>\n");
    return out;
  }
  size_t end = text.find('>', at);
  if (end == std::string::npos)
    return text;
  out.replace(at + 6, end - at - 6, pick(values, rng));
  return out;
}

std::string manyOps(const std::string &text, int copies) {
  size_t fn = text.find("func.func");
  size_t open = fn == std::string::npos ? fn : text.find("{\n", fn);
  if (open == std::string::npos)
    return text;
  std::string ops;
  ops.reserve(static_cast<size_t>(copies) * 48);
  for (int i = 0; i < copies; ++i)
    ops += "%fuzz_k" + std::to_string(i) + " = arith.constant " +
           std::to_string(i) + " : index\n";
  std::string out = text;
  out.insert(open + 2, ops);
  return out;
}

std::string badBytes(const std::string &text, Rng &rng) {
  static const std::vector<std::string> bytes = {
      std::string(1, '\0'), "\xff\xfe", "\xc0\x80", "\xed\xa0\x80",
      "\x1b[2J", "\r", "\t\t\t", "\xe2\x80\xae", "\\", "\""};
  std::string out = text;
  size_t at = std::uniform_int_distribution<size_t>(0, out.size())(rng);
  // Inside a string when there is one (a loc or a name), else anywhere.
  size_t quote = out.find('"', at);
  if (quote != std::string::npos && below(rng, 2))
    at = quote + 1;
  out.insert(at, pick(bytes, rng));
  return out;
}

std::string shuffleLines(const std::string &text, Rng &rng) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  if (lines.size() < 2)
    return text;
  size_t a = std::uniform_int_distribution<size_t>(0, lines.size() - 1)(rng);
  size_t b = std::uniform_int_distribution<size_t>(0, lines.size() - 1)(rng);
  switch (below(rng, 3)) {
  case 0:
    lines.erase(lines.begin() + a);
    break;
  case 1:
    lines.insert(lines.begin() + a, lines[b]);
    break;
  default:
    std::swap(lines[a], lines[b]);
  }
  std::string out;
  for (const std::string &l : lines)
    out += l + "\n";
  return out;
}

std::string mutateKernel(const std::string &kernel, Rng &rng,
                         std::string &what) {
  static const std::vector<int> depths = {1, 50, 200, 255, 256, 257, 1000,
                                          5000};
  static const std::vector<size_t> lengths = {1000, 40000, 200000};
  std::string out = kernel;
  int steps = 1 + below(rng, 3);
  what.clear();
  for (int s = 0; s < steps; ++s) {
    int kind = below(rng, 25);
    std::string step;
    if (kind >= 20) {
      switch (kind) {
      case 20:
      case 21: {
        int n = 1 + below(rng, 3);
        out = hostileFloats(out, rng, n);
        step = "floats x" + std::to_string(n);
        break;
      }
      case 22:
        out = hostileDense(out, rng);
        step = "dense";
        break;
      case 23: {
        // Compiling costs about 0.3 ms per op on a loaded 2-core machine
        // (linear, docs/limits.md): more ops would only spend the time
        // budget on one case.
        int n = pick(std::vector<int>{500, 2000, 5000}, rng);
        out = manyOps(out, n);
        step = "ops x" + std::to_string(n);
        break;
      }
      default:
        out = badBytes(out, rng);
        step = "bytes";
      }
    } else if (kind < 8) {
      int n = 1 + below(rng, 3);
      out = replaceNumbers(out, rng, n);
      step = "numbers x" + std::to_string(n);
    } else if (kind < 10) {
      out = replaceGrid(out, rng);
      step = "grid";
    } else if (kind < 12) {
      int d = pick(depths, rng);
      out = nestRegions(out, d);
      step = "nest " + std::to_string(d);
    } else if (kind < 13) {
      int d = pick(depths, rng);
      out = nestParentheses(out, d);
      step = "parens " + std::to_string(d);
    } else if (kind < 14) {
      int n = pick(std::vector<int>{10, 1000, 20000}, rng);
      out = longAffineChain(out, n);
      step = "affine chain " + std::to_string(n);
    } else if (kind < 15) {
      size_t l = pick(lengths, rng);
      out = longName(out, rng, l);
      step = "long name " + std::to_string(l);
    } else if (kind < 16) {
      size_t l = pick(lengths, rng);
      out = longLocation(out, rng, l);
      step = "long loc " + std::to_string(l);
    } else if (kind < 19) {
      out = shuffleLines(out, rng);
      step = "lines";
    } else {
      out = out.substr(0, std::uniform_int_distribution<size_t>(
                              0, out.size())(rng));
      step = "truncate";
    }
    what += (what.empty() ? "" : ", ") + step;
  }
  return out;
}

std::string npyImage(const std::string &descr,
                     const std::vector<uint64_t> &shape) {
  std::string dims;
  uint64_t count = 1;
  for (uint64_t d : shape) {
    dims += std::to_string(d) + ", ";
    count *= d;
  }
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': (" + dims + "), }";
  while ((10 + header.size() + 1) % 64 != 0)
    header += ' ';
  header += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  out += le(header.size(), 2) + header;
  size_t size = descr.size() > 2 ? static_cast<size_t>(descr.back() - '0') : 2;
  out += std::string(std::min<uint64_t>(count * size, 1 << 20), '\0');
  return out;
}

std::string hostileNpy(Rng &rng, std::string &what) {
  static const std::vector<std::string> descrs = {
      "<f2", "<f4", "<f8", "<i8", "|b1", ">f2", "|O", "<c8", "<f16", "f2",
      "<U4", ""};
  static const std::vector<std::vector<uint64_t>> shapes = {
      {4, 64}, {2, 64}, {64, 4}, {256}, {0}, {4294967296ull, 4294967296ull},
      {9223372036854775807ull}, {1ull << 62}, {2147483648ull}, {}, {4, 64, 1}};
  std::string descr = below(rng, 2) ? "<f2" : pick(descrs, rng);
  const std::vector<uint64_t> &shape = pick(shapes, rng);
  std::string image = npyImage(descr, shape);
  what = "npy descr '" + descr + "' shape of " + std::to_string(shape.size()) +
         " dims";
  switch (below(rng, 6)) {
  case 0: // header length beyond the file
    image.replace(8, 2, le(0xffff, 2));
    what += ", header length 65535";
    break;
  case 1: // version 3 with a 4-byte header length of 4 GiB
    image[6] = '\x03';
    image.insert(10, "\xff\xff");
    image.replace(8, 2, "\xff\xff");
    what += ", version 3 length 4 GiB";
    break;
  case 2:
    image = image.substr(0, std::uniform_int_distribution<size_t>(
                                0, image.size())(rng));
    what += ", truncated";
    break;
  case 3:
    image = flipBytes(image, rng, 1 + below(rng, 4));
    what += ", bytes flipped";
    break;
  default:
    break;
  }
  return image;
}

std::string makeNpz(
    const std::vector<std::pair<std::string, std::string>> &members) {
  std::string local, central;
  for (const auto &[name, data] : members) {
    std::string file = name + ".npy";
    uint32_t crc = crc32(data);
    std::string common = le(20, 2) + le(0, 2) + le(0, 2) + le(0, 2) +
                         le(0x21, 2) + le(crc, 4) + le(data.size(), 4) +
                         le(data.size(), 4) + le(file.size(), 2) + le(0, 2);
    central += le(0x02014b50, 4) + le(20, 2) + common + le(0, 2) + le(0, 2) +
               le(0, 2) + le(0, 4) + le(local.size(), 4) + file;
    local += le(0x04034b50, 4) + common + file + data;
  }
  std::string eocd = le(0x06054b50, 4) + le(0, 2) + le(0, 2) +
                     le(members.size(), 2) + le(members.size(), 2) +
                     le(central.size(), 4) + le(local.size(), 4) + le(0, 2);
  return local + central + eocd;
}

std::string hostileNpz(Rng &rng, std::string &what) {
  std::string a = npyImage("<f2", {4, 64}), b = npyImage("<f2", {4, 64});
  std::vector<std::pair<std::string, std::string>> members = {{"in__a", a},
                                                              {"in__b", b}};
  switch (below(rng, 6)) {
  case 0: {
    std::string inner;
    members.emplace_back("junk", hostileNpy(rng, inner));
    what = "npz with an unused member: " + inner;
    break;
  }
  case 1: {
    std::string inner;
    members[below(rng, 2)].second = hostileNpy(rng, inner);
    what = "npz with a used member: " + inner;
    break;
  }
  case 2:
    members.push_back(members[0]);
    what = "npz with a member twice";
    break;
  case 3:
    members.emplace_back("notes.txt", "hello");
    what = "npz with a member that is not .npy";
    break;
  default:
    break;
  }
  std::string zip = makeNpz(members);
  if (below(rng, 3) == 0) {
    // Declare a 4 GiB member in the central directory.
    size_t cd = zip.rfind(le(0x02014b50, 4));
    if (cd != std::string::npos)
      zip.replace(cd + 24, 4, le(0xffffffffu, 4));
    what += (what.empty() ? "" : ", ") + std::string("declared 4 GiB");
  } else if (below(rng, 3) == 0) {
    zip = flipBytes(zip, rng, 1 + below(rng, 4));
    what += (what.empty() ? "" : ", ") + std::string("bytes flipped");
  }
  if (what.empty())
    what = "npz valid";
  return zip;
}

std::string hostileRecord(Rng &rng, std::string &what) {
  std::string record =
      "{\"function\": \"copy\", \"grid\": [1],\n"
      " \"args\": {\"a\": {\"kind\": \"array\"}, \"b\": {\"kind\": "
      "\"array\"}},\n"
      " \"memory_manifest\": {\n"
      "  \"a\": {\"kind\": \"array_arg\", \"hbm_byte_range\": [65536, "
      "66048]},\n"
      "  \"b\": {\"kind\": \"array_arg\", \"hbm_byte_range\": [66048, "
      "66560]},\n"
      "  \"lx\": {\"kind\": \"region\", \"space\": \"LX\", \"core\": 0, "
      "\"byte_start\": 4096}},\n"
      " \"latency\": {\"hw_config\": {\"clock_ghz\": 1.0, "
      "\"hbm_bandwidth_tb_s\": 0.128, \"ring_bandwidth_tb_s\": 0.064, "
      "\"lx_size_mb\": 2, \"num_cores\": 32, \"simd_elements_per_cycle\": 64, "
      "\"systolic_rows\": 8, \"transcendental_penalty\": 4},\n"
      "  \"kernel_cycles\": 0, \"bottleneck\": \"memory\", \"per_core\": []}}\n";
  int n = 1 + below(rng, 3);
  what = "record numbers x" + std::to_string(n);
  std::string out = replaceNumbers(record, rng, n);
  if (below(rng, 5) == 0) {
    out = flipBytes(out, rng, 1);
    what += ", a byte flipped";
  }
  return out;
}

std::string hostileArch(const std::string &preset, Rng &rng,
                        std::string &what) {
  static const std::vector<std::string> values = {
      "inf", "nan", "-inf", "0", "-1", "0.0", "1e300", "1e-300",
      "9223372036854775807", "\"x\"", "true", "[1]", "{}", "2147483648"};
  std::string out = preset;
  int n = 1 + below(rng, 2);
  what = "arch values x" + std::to_string(n);
  for (int i = 0; i < n; ++i) {
    std::vector<size_t> eqs;
    for (size_t at = out.find(" = "); at != std::string::npos;
         at = out.find(" = ", at + 1))
      eqs.push_back(at + 3);
    if (eqs.empty())
      break;
    size_t at = pick(eqs, rng);
    size_t end = out.find('\n', at);
    if (below(rng, 2))
      out.replace(at, end - at, pick(values, rng));
    else
      out = out.substr(0, at) +
            replaceNumbers(out.substr(at, end - at), rng, 1) + out.substr(end);
  }
  return out;
}

} // namespace spyre::fuzz
