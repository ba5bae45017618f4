//===- KtirLexer.cpp - syntax highlighting for KTIR / MLIR text -----------===//
#include "KtirLexer.h"

#include <Qsci/qsciscintilla.h>

#include <QFontDatabase>

#include <algorithm>
#include <cstring>

namespace {

bool isAlpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool isIdentStart(char c) { return isAlpha(c) || c == '_'; }
bool isIdentChar(char c) {
  return isAlpha(c) || isDigit(c) || c == '_' || c == '$' || c == '.';
}
/// Characters of an MLIR suffix-id (after %, ^, @, #, !).
bool isSuffixChar(char c) {
  return isAlpha(c) || isDigit(c) || c == '_' || c == '$' || c == '.' ||
         c == '-';
}

bool wordIn(const QByteArray &w, const char *const *list) {
  for (const char *const *p = list; *p; ++p)
    if (w == *p)
      return true;
  return false;
}

const char *const kKeywords[] = {
    "module", "func", "attributes", "ins", "outs", "iter_args", "to", "step",
    "dimensions", "sizes", "strides", "symbols", "intermediate_variables",
    "producer_tiles_per_group", "consumer_tiles_per_group", "identity",
    "private", "public", "nested", "true", "false", "unit", "loc", "else",
    "do", "into", "from", "by", "at", "offset", "permutation", "inbounds",
    "outer_dims_perm", "inner_dims_pos", "inner_tiles", "padding_value",
    "reassociation", "static_offsets", "static_sizes", "static_strides",
    "ind", nullptr};

/// Ops printed without a dialect prefix (func.return, ...).
const char *const kBareOps[] = {"return", nullptr};

const char *const kTypeWords[] = {"index", "none", "tensor", "memref",
                                  "vector", "tuple", "complex", "bf16",
                                  "tf32", nullptr};

const char *const kAttrWords[] = {"affine_map", "affine_set", "dense",
                                  "dense_resource", "sparse", "array",
                                  "strided", "distinct", "opaque", nullptr};

/// Builtin integer / float types: i32, si8, ui16, f16, f8E4M3FN, ...
bool isBuiltinScalarType(const QByteArray &w) {
  int i = 0;
  if (w.startsWith("si") || w.startsWith("ui"))
    i = 2;
  else if (w.startsWith('i') || w.startsWith('f'))
    i = 1;
  else
    return false;
  if (i >= w.size() || !isDigit(w[i]))
    return false;
  if (w[0] == 'f' && w.size() > 1 && w[1] == '8')
    return true; // f8E5M2, f8E4M3FN, ...
  for (; i < w.size(); ++i)
    if (!isDigit(w[i]))
      return false;
  return true;
}

/// Skips a string starting at the opening quote \p i; returns the index just
/// past the closing quote or \p n when the string is unterminated.
int skipString(const char *s, int n, int i) {
  ++i;
  while (i < n) {
    if (s[i] == '\\' && i + 1 < n) {
      i += 2;
      continue;
    }
    if (s[i] == '"')
      return i + 1;
    ++i;
  }
  return n;
}

/// Skips a `<...>` group starting at the `<` at \p i, honouring nesting,
/// strings, `->` arrows and `>=` / `<=` comparisons. Returns the index just
/// past the matching `>` or \p n when it is not closed on this line.
int skipAngleGroup(const char *s, int n, int i) {
  int depth = 0;
  while (i < n) {
    char c = s[i];
    if (c == '"') {
      i = skipString(s, n, i);
      continue;
    }
    if (c == '<') {
      if (depth > 0 && i + 1 < n && s[i + 1] == '=') {
        i += 2;
        continue;
      }
      ++depth;
    } else if (c == '>') {
      if (i > 0 && s[i - 1] == '-') { // arrow inside affine_map
        ++i;
        continue;
      }
      if (i + 1 < n && s[i + 1] == '=') { // >= comparison
        i += 2;
        continue;
      }
      if (--depth == 0)
        return i + 1;
    }
    ++i;
  }
  return n;
}

/// Skips an optional `<...>` group right after \p i.
int withOptionalGroup(const char *s, int n, int i) {
  if (i < n && s[i] == '<')
    return skipAngleGroup(s, n, i);
  return i;
}

int skipSuffixId(const char *s, int n, int i) {
  if (i < n && s[i] == '"')
    return skipString(s, n, i);
  while (i < n && isSuffixChar(s[i])) {
    if (s[i] == '-' && i + 1 < n && s[i + 1] == '>')
      break;
    ++i;
  }
  return i;
}

int skipNumber(const char *s, int n, int i) {
  if (i < n && s[i] == '-')
    ++i;
  if (i + 1 < n && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X') &&
      i + 2 < n && isHexDigit(s[i + 2])) {
    i += 2;
    while (i < n && isHexDigit(s[i]))
      ++i;
    return i;
  }
  while (i < n && isDigit(s[i]))
    ++i;
  if (i + 1 < n && s[i] == '.' && isDigit(s[i + 1])) {
    ++i;
    while (i < n && isDigit(s[i]))
      ++i;
  } else if (i < n && s[i] == '.' && (i + 1 == n || !isIdentStart(s[i + 1]))) {
    ++i; // "1." is a valid MLIR float
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    int j = i + 1;
    if (j < n && (s[j] == '+' || s[j] == '-'))
      ++j;
    if (j < n && isDigit(s[j])) {
      while (j < n && isDigit(s[j]))
        ++j;
      i = j;
    }
  }
  return i;
}

/// True when a string literal at [b, e) looks like a generic-form op name
/// ("ktdp.load") and is followed by '('.
bool isGenericOpName(const char *s, int n, int b, int e) {
  if (e - b < 5 || s[e - 1] != '"')
    return false;
  bool dot = false;
  for (int k = b + 1; k < e - 1; ++k) {
    if (s[k] == '.')
      dot = true;
    else if (!isIdentChar(s[k]))
      return false;
  }
  int j = e;
  while (j < n && s[j] == ' ')
    ++j;
  return dot && j < n && s[j] == '(';
}

} // namespace

KtirLexer::KtirLexer(QObject *parent) : QsciLexerCustom(parent) {
  setDefaultColor(defaultColor(Default));
  setDefaultPaper(defaultPaper(Default));
  setDefaultFont(defaultFont(Default));
}

KtirLexer::~KtirLexer() = default;

const char *KtirLexer::language() const { return "KTIR"; }

QString KtirLexer::description(int style) const {
  switch (style) {
  case Default: return tr("Default");
  case Comment: return tr("Comment");
  case String: return tr("String");
  case Number: return tr("Number");
  case Keyword: return tr("Keyword");
  case OpName: return tr("Operation name");
  case Type: return tr("Type");
  case Attribute: return tr("Attribute");
  case SsaValue: return tr("SSA value");
  case BlockLabel: return tr("Block label");
  case Symbol: return tr("Symbol");
  case Punctuation: return tr("Punctuation");
  default: return QString();
  }
}

QColor KtirLexer::defaultColor(int style) const {
  if (mutedColours)
    return darkTheme ? QColor(0x80, 0x80, 0x80) : QColor(0x90, 0x90, 0x90);
  if (darkTheme) {
    switch (style) {
    case Comment: return QColor(0x6a, 0x99, 0x55);
    case String: return QColor(0xce, 0x91, 0x78);
    case Number: return QColor(0xb5, 0xce, 0xa8);
    case Keyword: return QColor(0x56, 0x9c, 0xd6);
    case OpName: return QColor(0xdc, 0xdc, 0xaa);
    case Type: return QColor(0x4e, 0xc9, 0xb0);
    case Attribute: return QColor(0xc5, 0x86, 0xc0);
    case SsaValue: return QColor(0x9c, 0xdc, 0xfe);
    case BlockLabel: return QColor(0xd7, 0xba, 0x7d);
    case Symbol: return QColor(0x4f, 0xc1, 0xff);
    case Punctuation: return QColor(0xa8, 0xa8, 0xa8);
    default: return QColor(0xd4, 0xd4, 0xd4);
    }
  }
  switch (style) {
  case Comment: return QColor(0x00, 0x80, 0x00);
  case String: return QColor(0xa3, 0x15, 0x15);
  case Number: return QColor(0x09, 0x86, 0x58);
  case Keyword: return QColor(0x00, 0x00, 0xd0);
  case OpName: return QColor(0x79, 0x5e, 0x26);
  case Type: return QColor(0x26, 0x7f, 0x99);
  case Attribute: return QColor(0xaf, 0x00, 0xdb);
  case SsaValue: return QColor(0x00, 0x10, 0x80);
  case BlockLabel: return QColor(0xb3, 0x59, 0x00);
  case Symbol: return QColor(0x80, 0x30, 0xc0);
  case Punctuation: return QColor(0x50, 0x50, 0x50);
  default: return QColor(0x1f, 0x1f, 0x1f);
  }
}

QColor KtirLexer::defaultPaper(int) const {
  if (mutedColours)
    return darkTheme ? QColor(0x2a, 0x2a, 0x2a) : QColor(0xf2, 0xf2, 0xf2);
  return darkTheme ? QColor(0x1e, 0x1e, 0x1e) : QColor(0xff, 0xff, 0xff);
}

QFont KtirLexer::defaultFont(int style) const {
  QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  f.setStyleHint(QFont::Monospace);
  if (style == Comment)
    f.setItalic(true);
  if (style == Keyword || style == OpName)
    f.setBold(true);
  return f;
}

const char *KtirLexer::wordCharacters() const {
  return "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$.%@^#";
}

int KtirLexer::braceStyle() const { return Punctuation; }

const char *KtirLexer::blockStart(int *style) const {
  if (style)
    *style = Punctuation;
  return "{";
}

const char *KtirLexer::blockEnd(int *style) const {
  if (style)
    *style = Punctuation;
  return "}";
}

void KtirLexer::setMuted(bool muted) {
  if (muted == mutedColours)
    return;
  mutedColours = muted;
  setDarkTheme(darkTheme);
}

void KtirLexer::setDarkTheme(bool dark) {
  darkTheme = dark;
  setDefaultColor(defaultColor(Default));
  setDefaultPaper(defaultPaper(Default));
  for (int s = 0; s < StyleCount; ++s) {
    setColor(defaultColor(s), s);
    setPaper(defaultPaper(s), s);
  }
}

QByteArray KtirLexer::styleLine(const QByteArray &line, int *depthDelta,
                                int *minDepth) {
  const char *s = line.constData();
  const int n = line.size();
  QByteArray styles(n, char(Default));
  int depth = 0, lowest = 0;
  char lastSignificant = 0; // last non-blank character outside tokens

  auto fill = [&](int b, int e, Style st) {
    std::fill(styles.begin() + b, styles.begin() + e, char(st));
  };

  int i = 0;
  while (i < n) {
    const char c = s[i];
    int j = i + 1; // end of the token; always > i so the loop terminates
    Style st = Default;

    if (c == '\r' || c == '\n' || c == ' ' || c == '\t') {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && s[i + 1] == '/') {
      j = n;
      st = Comment;
    } else if (c == '"') {
      j = skipString(s, n, i);
      st = isGenericOpName(s, n, i, j) ? OpName : String;
    } else if (c == '%') {
      j = skipSuffixId(s, n, i + 1);
      // result number (%g#1) or result count (%g:2 = ...)
      if (j + 1 < n && s[j] == '#' && isDigit(s[j + 1])) {
        j += 1;
        while (j < n && isDigit(s[j]))
          ++j;
      }
      st = SsaValue;
    } else if (c == '^') {
      j = skipSuffixId(s, n, i + 1);
      st = BlockLabel;
    } else if (c == '@') {
      j = skipSuffixId(s, n, i + 1);
      st = Symbol;
    } else if (c == '#') {
      j = withOptionalGroup(s, n, skipSuffixId(s, n, i + 1));
      st = Attribute;
    } else if (c == '!') {
      j = withOptionalGroup(s, n, skipSuffixId(s, n, i + 1));
      st = Type;
    } else if (isDigit(c) ||
               (c == '-' && i + 1 < n && isDigit(s[i + 1]) &&
                (lastSignificant == 0 ||
                 std::strchr("([{,=:<", lastSignificant)))) {
      j = skipNumber(s, n, i);
      // Dimension lists outside a type (4x256) stay one number-ish token.
      while (j < n && (s[j] == 'x' || s[j] == '?') && j + 1 < n &&
             (isDigit(s[j + 1]) || s[j + 1] == '?'))
        j = (s[j + 1] == '?') ? j + 2 : skipNumber(s, n, j + 1);
      st = Number;
    } else if (isIdentStart(c)) {
      while (j < n && isIdentChar(s[j]))
        ++j;
      QByteArray w(s + i, j - i);
      if (wordIn(w, kTypeWords) || isBuiltinScalarType(w)) {
        j = withOptionalGroup(s, n, j);
        st = Type;
      } else if (wordIn(w, kAttrWords)) {
        j = withOptionalGroup(s, n, j);
        st = Attribute;
      } else if (wordIn(w, kKeywords)) {
        st = Keyword;
      } else if ((w.contains('.') && !w.endsWith('.')) ||
                 wordIn(w, kBareOps)) {
        st = OpName;
      } else {
        st = Default;
      }
    } else if (std::strchr("(){}[]<>,:=+-*/;?|&~.", c)) {
      st = Punctuation;
      if (c == '-' && i + 1 < n && s[i + 1] == '>')
        j = i + 2;
      if (c == '{')
        ++depth;
      else if (c == '}')
        lowest = std::min(lowest, --depth);
    }

    j = std::min(std::max(j, i + 1), n);
    fill(i, j, st);
    lastSignificant = s[j - 1];
    if (st != Punctuation)
      lastSignificant = 'a'; // any token that is not punctuation
    i = j;
  }
  if (depthDelta)
    *depthDelta = depth;
  if (minDepth)
    *minDepth = lowest;
  return styles;
}

void KtirLexer::styleText(int start, int end) {
  QsciScintilla *ed = editor();
  if (!ed)
    return;
  const int length = int(ed->SendScintilla(QsciScintilla::SCI_GETLENGTH));
  start = std::max(0, std::min(start, length));
  end = std::max(start, std::min(end, length));

  const int firstLine =
      int(ed->SendScintilla(QsciScintilla::SCI_LINEFROMPOSITION, start));
  const int lastLine =
      int(ed->SendScintilla(QsciScintilla::SCI_LINEFROMPOSITION, end));
  start = int(ed->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, firstLine));

  // Brace depth at the start of firstLine, as stored by the previous line.
  int depth = 0;
  if (firstLine > 0)
    depth = int(ed->SendScintilla(QsciScintilla::SCI_GETLINESTATE,
                                  firstLine - 1));
  if (depth < 0)
    depth = 0;

  startStyling(start);
  for (int line = firstLine; line <= lastLine; ++line) {
    const int ls =
        int(ed->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, line));
    const int le =
        int(ed->SendScintilla(QsciScintilla::SCI_GETLINEENDPOSITION, line));
    const int next =
        (line + 1 < int(ed->SendScintilla(QsciScintilla::SCI_GETLINECOUNT)))
            ? int(ed->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE,
                                    line + 1))
            : length;
    if (ls < 0 || le < ls || next < le)
      break; // defensive: never happens on a consistent document

    // QsciScintilla::bytes() may append the terminating NUL: trim it.
    const QByteArray text = ed->bytes(ls, le).left(le - ls);
    int delta = 0, lowest = 0;
    const QByteArray styles = styleLine(text, &delta, &lowest);

    // Emit runs of equal style.
    int k = 0;
    while (k < styles.size()) {
      int r = k + 1;
      while (r < styles.size() && styles[r] == styles[k])
        ++r;
      setStyling(r - k, int(styles[k]));
      k = r;
    }
    if (next > le)
      setStyling(next - le, Default); // the line terminator

    if (folding) {
      const int startLevel = std::max(0, depth + lowest);
      const int endDepth = std::max(0, depth + delta);
      int level = QsciScintilla::SC_FOLDLEVELBASE + startLevel;
      if (endDepth > startLevel)
        level |= QsciScintilla::SC_FOLDLEVELHEADERFLAG;
      if (text.trimmed().isEmpty())
        level |= QsciScintilla::SC_FOLDLEVELWHITEFLAG;
      if (int(ed->SendScintilla(QsciScintilla::SCI_GETFOLDLEVEL, line)) !=
          level)
        ed->SendScintilla(QsciScintilla::SCI_SETFOLDLEVEL, line, level);
      depth = endDepth;
    } else {
      depth = std::max(0, depth + delta);
    }
    ed->SendScintilla(QsciScintilla::SCI_SETLINESTATE, line, depth);
  }
}
