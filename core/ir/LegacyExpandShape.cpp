//===- LegacyExpandShape.cpp - expand_shape before output_shape -----------===//

#include "ir/LegacyExpandShape.h"
#include "ir/SourceScan.h"

#include <cctype>
#include <optional>
#include <vector>

namespace {

bool isIdChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
         c == '$' || c == '-' || c == '#';
}

size_t skipSpaces(std::string_view text, size_t at) {
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])))
    ++at;
  return at;
}

/// Past the bracket of kind `open`/`close` that closes the one at `at`, or
/// npos.
size_t pastClosing(std::string_view text, size_t at, char open, char close) {
  int depth = 0;
  for (size_t i = at; i < text.size(); ++i) {
    if (text[i] == open)
      ++depth;
    else if (text[i] == close && --depth == 0)
      return i + 1;
  }
  return std::string_view::npos;
}

/// The static shape of the result type of the old form's signature, which
/// follows the reassociation list ending at `at`:
/// `{attrs}? : SOURCE-TYPE into RESULT-TYPE`; nullopt when the text is not
/// that or the result has a dynamic extent.
std::optional<std::vector<std::string>> resultShape(std::string_view text,
                                                    size_t at) {
  at = skipSpaces(text, at);
  if (at < text.size() && text[at] == '{')
    at = skipSpaces(text, pastClosing(text, at, '{', '}'));
  if (at >= text.size() || text[at] != ':')
    return std::nullopt;
  at = skipSpaces(text, at + 1);
  size_t open = text.find('<', at);
  if (open == std::string_view::npos || open - at > 6)
    return std::nullopt;
  at = skipSpaces(text, pastClosing(text, open, '<', '>'));
  if (at >= text.size() || text.compare(at, 4, "into") != 0)
    return std::nullopt;
  size_t type = skipSpaces(text, at + 4);
  for (std::string_view kind : {"tensor<", "memref<"}) {
    if (text.compare(type, kind.size(), kind) != 0)
      continue;
    std::vector<std::string> dims;
    size_t i = type + kind.size();
    while (i < text.size()) {
      size_t digits = i;
      while (digits < text.size() &&
             std::isdigit(static_cast<unsigned char>(text[digits])))
        ++digits;
      if (digits == i || digits >= text.size() || text[digits] != 'x')
        break; // `?`, or the element type
      dims.emplace_back(text.substr(i, digits - i));
      i = digits + 1;
    }
    if (dims.empty() || (i < text.size() && text[i] == '?'))
      return std::nullopt; // a dynamic extent: no static list to give
    return dims;
  }
  return std::nullopt;
}

} // namespace

std::string spyre::addExpandShapeOutputShapes(std::string_view source) {
  static constexpr std::string_view kNames[] = {"tensor.expand_shape",
                                                "memref.expand_shape"};
  std::string result;
  size_t copied = 0;
  forEachCodePosition(source, [&](size_t i) -> size_t {
    char c = source[i];
    if (c != 't' && c != 'm')
      return i;
    if (i > 0 && isIdChar(source[i - 1]))
      return i;
    std::string_view name;
    for (std::string_view n : kNames)
      if (source.compare(i, n.size(), n) == 0 &&
          (i + n.size() >= source.size() || !isIdChar(source[i + n.size()])))
        name = n;
    if (name.empty())
      return i;
    // The operand, then the reassociation list.
    size_t at = skipSpaces(source, i + name.size());
    if (at >= source.size() || source[at] != '%')
      return i;
    while (at < source.size() && (source[at] == '%' || isIdChar(source[at])))
      ++at;
    at = skipSpaces(source, at);
    if (at >= source.size() || source[at] != '[')
      return i;
    size_t past = pastClosing(source, at, '[', ']');
    if (past == std::string_view::npos)
      return i;
    size_t next = skipSpaces(source, past);
    if (source.compare(next, 12, "output_shape") == 0)
      return i;
    std::optional<std::vector<std::string>> dims = resultShape(source, past);
    if (!dims)
      return i;
    result.append(source.substr(copied, past - copied));
    result += " output_shape [";
    for (size_t d = 0; d < dims->size(); ++d)
      result += (d ? ", " : "") + (*dims)[d];
    result += "]";
    copied = past;
    return past - 1;
  });
  result.append(source.substr(copied));
  return result;
}
