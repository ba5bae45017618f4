//===- ParserTraps.cpp - text MLIR's parsers crash on, refused first ------===//

#include "ir/ParserTraps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <cctype>

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
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
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
