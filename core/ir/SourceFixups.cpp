//===- SourceFixups.cpp - make real-world KTIR text parseable -------------===//

#include "ir/SourceFixups.h"
#include "ir/LegacyExpandShape.h"
#include "ir/SourceScan.h"

#include <vector>

namespace {

constexpr std::string_view kFuturePrefix = "!ktdp.tile_future";

/// Mirrors MLIR's scan of a pretty dialect-symbol body starting at the `<` at
/// `pos`: true when the brackets balance the way MLIR requires.
bool bodyScansBalanced(std::string_view text, size_t pos) {
  std::vector<char> stack;
  for (size_t i = pos; i < text.size(); ++i) {
    char c = text[i];
    switch (c) {
    case '<':
    case '[':
    case '(':
    case '{':
      stack.push_back(c);
      continue;
    case '-':
      if (i + 1 < text.size() && text[i + 1] == '>')
        ++i;
      continue;
    case '>':
    case ']':
    case ')':
    case '}': {
      char open = c == '>' ? '<' : c == ']' ? '[' : c == ')' ? '(' : '{';
      if (stack.empty() || stack.back() != open)
        return false;
      stack.pop_back();
      if (stack.empty())
        return true;
      continue;
    }
    default:
      continue;
    }
  }
  return false;
}

/// True when the last non-blank text before `pos` is `->` or `:`, i.e. the
/// type stands where an op's custom syntax accepts the stripped form.
bool followsArrowOrColon(std::string_view text, size_t pos) {
  while (pos > 0 && (text[pos - 1] == ' ' || text[pos - 1] == '\t' ||
                     text[pos - 1] == '\n' || text[pos - 1] == '\r'))
    --pos;
  if (pos >= 1 && text[pos - 1] == ':')
    return true;
  return pos >= 2 && text[pos - 2] == '-' && text[pos - 1] == '>';
}

} // namespace

std::string spyre::applyKtirSourceFixups(std::string_view source) {
  std::string result(source);
  forEachCodePosition(source, [&](size_t i) -> size_t {
    if (source.compare(i, kFuturePrefix.size(), kFuturePrefix) != 0)
      return i;
    size_t body = i + kFuturePrefix.size();
    if (body < source.size() && source[body] == '<' &&
        !bodyScansBalanced(source, body) && followsArrowOrColon(source, i))
      result.replace(i, kFuturePrefix.size(), kFuturePrefix.size(), ' ');
    return body - 1;
  });
  return addExpandShapeOutputShapes(result);
}
