//===- ParserTraps.cpp - text MLIR's parsers crash on, refused first ------===//

#include "ir/ParserTraps.h"
#include "support/Limits.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <cctype>
#include <vector>

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
         c == '$';
}

size_t skipBlanks(std::string_view text, size_t i) {
  while (i < text.size() && isBlank(text[i]))
    ++i;
  return i;
}

/// Checks `[ (int (, int)*)? ]` from `i`; the offset of the first wrong
/// character (text.size() at the end) or npos when well formed.
size_t badListAt(std::string_view text, size_t i) {
  i = skipBlanks(text, i);
  if (i >= text.size() || text[i] != '[')
    return i;
  i = skipBlanks(text, i + 1);
  if (i < text.size() && text[i] == ']')
    return std::string_view::npos;
  while (true) {
    if (i < text.size() && text[i] == '-')
      ++i;
    if (i >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i])))
      return i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
      ++i;
    i = skipBlanks(text, i);
    if (i < text.size() && text[i] == ']')
      return std::string_view::npos;
    if (i >= text.size() || text[i] != ',')
      return i;
    i = skipBlanks(text, i + 1);
  }
}

} // namespace

std::optional<spyre::ParserTrap> spyre::findParserTrap(std::string_view text) {
  char lastToken = 0; // last non-blank character outside comments/strings
  int depth = 0;      // brackets open at once
  // Operators directly inside each open bracket (MLIR's affine parser
  // recurses once per term of a chain such as d0 + 1 + 1 + ...).
  std::vector<int> operators(1, 0);
  auto isWordAt = [&](size_t i, std::string_view word) {
    return text.substr(i, word.size()) == word &&
           (i == 0 || !isWordChar(text[i - 1])) &&
           (i + word.size() >= text.size() ||
            !isWordChar(text[i + word.size()]));
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '{' || c == '[' || c == '(') {
      if (++depth > limits::kMaxNestingDepth)
        return ParserTrap{
            i, "nesting deeper than " +
                   std::to_string(limits::kMaxNestingDepth) +
                   " levels of brackets ({, [ or ( open at once) is not "
                   "supported (see docs/limits.md)"};
      operators.push_back(0);
    } else if ((c == '}' || c == ']' || c == ')') && depth > 0) {
      --depth;
      operators.pop_back();
    } else if (c == '*' ||
               (c == '+' && !(i > 0 && (text[i - 1] == 'e' ||
                                        text[i - 1] == 'E'))) ||
               (c == '-' && i + 1 < text.size() && isBlank(text[i + 1])) ||
               isWordAt(i, "floordiv") || isWordAt(i, "ceildiv") ||
               isWordAt(i, "mod")) {
      if (++operators.back() > limits::kMaxExpressionOperators)
        return ParserTrap{
            i, "more than " +
                   std::to_string(limits::kMaxExpressionOperators) +
                   " operators (+, -, *, floordiv, ceildiv, mod) in one "
                   "bracketed expression are not supported (see "
                   "docs/limits.md)"};
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n')
        ++i;
      continue;
    }
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      lastToken = '"';
      continue;
    }
    if (isBlank(c))
      continue;
    bool wordStart = isWordChar(c) && (i == 0 || !isWordChar(text[i - 1]));
    if (wordStart && lastToken == ')') {
      for (std::string_view keyword : {"dimensions", "permutation"}) {
        if (text.substr(i, keyword.size()) != keyword ||
            (i + keyword.size() < text.size() &&
             isWordChar(text[i + keyword.size()])))
          continue;
        size_t eq = skipBlanks(text, i + keyword.size());
        if (eq >= text.size() || text[eq] != '=')
          continue; // the parser reports a missing '=' itself
        size_t bad = badListAt(text, eq + 1);
        // Cut short: the error goes on the keyword, not past the text.
        if (bad != std::string_view::npos)
          return ParserTrap{
              bad >= text.size() ? i : bad,
              "expected the '" + std::string(keyword) +
                  "' list as '[' integers separated by ',' ']'"};
      }
    }
    lastToken = c;
  }
  return std::nullopt;
}

llvm::LogicalResult spyre::rejectParserTraps(mlir::MLIRContext &context,
                                             llvm::StringRef bufferName,
                                             std::string_view text) {
  std::optional<ParserTrap> trap = findParserTrap(text);
  if (!trap)
    return llvm::success();
  unsigned line = 1, column = 1;
  for (size_t i = 0; i < trap->offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  mlir::emitError(mlir::FileLineColLoc::get(&context, bufferName, line, column),
                  trap->message);
  return llvm::failure();
}
