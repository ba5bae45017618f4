//===- ListingParse.cpp - assemble a SpyreCode listing into a Module ------===//
//
// The listing is line oriented: every line is one statement (a header
// field, a job-plan entry, a table row, a program header or an
// instruction), comments run from `//` to the end of the line, and a
// comment starting `#N` on an instruction, channel, buffer or ring line is
// that entry's location. The first problem stops the parse with its line
// and column.
//
//===----------------------------------------------------------------------===//

#include "spyrecode/Listing.h"
#include "spyrecode/ListingSyntax.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>

namespace spyre::code {
namespace {

using namespace listing;

struct Tok {
  enum Kind { Ident, Int, Float, Str, Punct, End } kind = End;
  std::string text; // identifier, string contents, or punctuation
  int64_t i = 0;
  double f = 0;
  int col = 1;
};

struct ParseFail {
  int col;
  std::string message;
};

bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isIdentChar(char c) {
  return isIdentStart(c) || (c >= '0' && c <= '9') || c == '.' || c == '-';
}
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Splits one line into tokens; the comment (after `//`) goes to `comment`.
std::vector<Tok> tokenize(std::string_view line, std::string_view &comment,
                          int &commentCol) {
  std::vector<Tok> toks;
  size_t i = 0;
  comment = {};
  commentCol = 0;
  while (i < line.size()) {
    char c = line[i];
    int col = int(i) + 1;
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') {
      comment = line.substr(i + 2);
      commentCol = col + 2;
      break;
    }
    Tok t;
    t.col = col;
    if (isIdentStart(c)) {
      size_t j = i;
      while (j < line.size() && isIdentChar(line[j])) {
        // "->" after an identifier is an arrow, not part of the name.
        if (line[j] == '-' && j + 1 < line.size() && line[j + 1] == '>')
          break;
        ++j;
      }
      t.kind = Tok::Ident;
      t.text = std::string(line.substr(i, j - i));
      i = j;
    } else if (isDigit(c) ||
               (c == '-' && i + 1 < line.size() && isDigit(line[i + 1]))) {
      size_t j = i + 1;
      bool hex = c == '0' && j < line.size() &&
                 (line[j] == 'x' || line[j] == 'X');
      bool isFloat = false;
      while (j < line.size()) {
        char d = line[j];
        bool exp = !hex && (d == 'e' || d == 'E');
        if (isDigit(d) || d == '.' || exp || (hex && std::isxdigit(d)) ||
            d == 'x' || d == 'X') {
          if (d == '.' || exp)
            isFloat = true;
          ++j;
          if (exp && j < line.size() && (line[j] == '+' || line[j] == '-'))
            ++j;
          continue;
        }
        break;
      }
      std::string num(line.substr(i, j - i));
      errno = 0;
      char *end = nullptr;
      if (isFloat) {
        t.kind = Tok::Float;
        t.f = std::strtod(num.c_str(), &end);
      } else if (hex) {
        t.kind = Tok::Int;
        t.i = int64_t(std::strtoull(num.c_str(), &end, 16));
      } else {
        t.kind = Tok::Int;
        t.i = std::strtoll(num.c_str(), &end, 10);
      }
      // strtod reports ERANGE for subnormal results too: only an infinite
      // result is an overflow.
      bool range = errno == ERANGE && !(isFloat && std::isfinite(t.f));
      if (range || end != num.c_str() + num.size())
        throw ParseFail{col, "bad number '" + num + "'"};
      t.text = num;
      i = j;
    } else if (c == '"') {
      size_t j = i + 1;
      std::string s;
      bool closed = false;
      while (j < line.size()) {
        char d = line[j];
        if (d == '"') {
          closed = true;
          ++j;
          break;
        }
        if (d == '\\') {
          if (j + 1 >= line.size())
            break;
          char e = line[j + 1];
          if (e == '"' || e == '\\') {
            s += e;
            j += 2;
            continue;
          }
          if (e == 'x' && j + 3 < line.size() &&
              std::isxdigit((unsigned char)line[j + 2]) &&
              std::isxdigit((unsigned char)line[j + 3])) {
            s += char(std::strtol(std::string(line.substr(j + 2, 2)).c_str(),
                                  nullptr, 16));
            j += 4;
            continue;
          }
          throw ParseFail{int(j) + 1, "unknown escape in string"};
        }
        s += d;
        ++j;
      }
      if (!closed)
        throw ParseFail{col, "unterminated string"};
      t.kind = Tok::Str;
      t.text = s;
      i = j;
    } else {
      t.kind = Tok::Punct;
      std::string_view two = line.substr(i, 2);
      if (two == "->" || two == ">=" || two == "==") {
        t.text = std::string(two);
        i += 2;
      } else {
        t.text = std::string(1, c);
        ++i;
      }
    }
    toks.push_back(std::move(t));
  }
  Tok end;
  end.col = int(line.size()) + 1;
  toks.push_back(end);
  return toks;
}

std::string describe(const Tok &t) {
  switch (t.kind) {
  case Tok::End:
    return "the end of the line";
  case Tok::Str:
    return "a string";
  default:
    return "'" + t.text + "'";
  }
}

// A cursor over one line's tokens.
class Line {
public:
  explicit Line(std::vector<Tok> toks) : tokens(std::move(toks)) {}

  const Tok &peek(size_t ahead = 0) const {
    return tokens[std::min(at + ahead, tokens.size() - 1)];
  }
  const Tok &next() {
    const Tok &t = peek();
    if (at + 1 < tokens.size())
      ++at;
    return t;
  }
  bool atEnd() const { return peek().kind == Tok::End; }
  [[noreturn]] void fail(const std::string &msg) const {
    throw ParseFail{peek().col, msg};
  }
  [[noreturn]] void expected(const std::string &what) const {
    fail("expected " + what + ", found " + describe(peek()));
  }
  bool isPunct(const char *p) const {
    return peek().kind == Tok::Punct && peek().text == p;
  }
  bool isWord(const char *w) const {
    return peek().kind == Tok::Ident && peek().text == w;
  }
  void punct(const char *p) {
    if (!isPunct(p))
      expected(std::string("'") + p + "'");
    next();
  }
  bool maybePunct(const char *p) {
    if (!isPunct(p))
      return false;
    next();
    return true;
  }
  void word(const char *w) {
    if (!isWord(w))
      expected(std::string("'") + w + "'");
    next();
  }
  std::string ident(const char *what) {
    if (peek().kind != Tok::Ident)
      expected(what);
    return next().text;
  }
  int64_t integer(const char *what = "an integer") {
    if (peek().kind != Tok::Int)
      expected(what);
    return next().i;
  }
  template <typename T> T intOf(const char *what = "an integer") {
    const Tok &t = peek();
    int64_t v = integer(what);
    if (v < int64_t(std::numeric_limits<T>::min()) ||
        v > int64_t(std::numeric_limits<T>::max()))
      throw ParseFail{t.col, "'" + t.text + "' does not fit"};
    return T(v);
  }
  std::string string(const char *what) {
    if (peek().kind != Tok::Str)
      expected(what);
    return next().text;
  }
  // A name: an identifier or a quoted string.
  std::string name(const char *what) {
    if (peek().kind == Tok::Str || peek().kind == Tok::Ident)
      return next().text;
    expected(what);
  }
  // "c3" -> 3 (the number after `prefix`, which may be negative).
  int64_t label(const char *prefix) {
    const Tok &t = peek();
    size_t n = std::strlen(prefix);
    if (t.kind != Tok::Ident || t.text.compare(0, n, prefix) != 0 ||
        t.text.size() == n)
      expected(std::string("'") + prefix + "N'");
    std::string rest = t.text.substr(n);
    errno = 0;
    char *end = nullptr;
    long long v = std::strtoll(rest.c_str(), &end, 10);
    if (errno == ERANGE || *end != '\0' || !(isDigit(rest[0]) || rest[0] == '-'))
      expected(std::string("'") + prefix + "N'");
    next();
    return v;
  }
  template <typename T> T labelOf(const char *prefix) {
    const Tok &t = peek();
    int64_t v = label(prefix);
    if (v < int64_t(std::numeric_limits<T>::min()) ||
        v > int64_t(std::numeric_limits<T>::max()))
      throw ParseFail{t.col, "'" + t.text + "' does not fit"};
    return T(v);
  }
  // A label that must equal `expect` (tables are written in order).
  void index(const char *prefix, size_t expect) {
    const Tok &t = peek();
    int64_t v = label(prefix);
    if (v != int64_t(expect))
      throw ParseFail{t.col, "'" + t.text + "' is out of order: expected " +
                                 prefix + std::to_string(expect)};
  }
  ElemType elem() {
    const Tok &t = peek();
    std::string n = ident("an element type");
    auto e = elemNamed(n);
    if (!e)
      throw ParseFail{t.col, "unknown element type '" + n + "'"};
    return *e;
  }
  template <typename T> std::vector<T> intList() {
    std::vector<T> v;
    punct("[");
    if (maybePunct("]"))
      return v;
    do
      v.push_back(intOf<T>());
    while (maybePunct(","));
    punct("]");
    return v;
  }
  void end() {
    if (!atEnd())
      expected("the end of the line");
  }

private:
  std::vector<Tok> tokens;
  size_t at = 0;
};

class Assembler {
public:
  Module parse(std::string_view text, int &lineNo);

private:
  void statement(Line &l, std::string_view comment, int commentCol);
  // One function per family of statements: each returns false when `w`
  // is none of its own.
  bool moduleStatement(Line &l, const std::string &w);
  bool planStatement(Line &l, const std::string &w, std::string_view comment,
                     int commentCol);
  bool dmaStatement(Line &l, const std::string &w);
  bool programStatement(Line &l, const std::string &w, int col);
  void channel(Line &l, uint32_t loc);
  void buffer(Line &l, uint32_t loc);
  void ring(Line &l, uint32_t loc);
  void symbol(Line &l);
  void location(Line &l);
  void dmaDesc(Line &l);
  void subscript(Line &l, DmaDesc &d);
  void layout(Line &l, DmaDesc &d);
  // An instruction, in the order it is written: its mnemonic (opcode,
  // type, lanes, function, predicate), its operands slot by slot, its
  // `{key = value}` fields, then its arguments placed in the operand pool.
  void instruction(Line &l, uint32_t loc);
  void mnemonic(Line &l, Instr &in);
  void argList(Line &l, Kind kind, std::vector<int32_t> &args);
  int64_t slotValue(Line &l, Kind kind, Instr &in);
  int64_t constant(Line &l, ElemType type);
  void setField(const Tok &vt, Field field, int64_t value, Instr &in);
  void fieldList(Line &l, Instr &in, std::vector<int32_t> &args,
                 std::optional<int64_t> &argBegin);
  void placeArguments(Line &l, Program &p, Instr &in,
                      const std::vector<int32_t> &args,
                      std::optional<int64_t> argBegin);
  uint32_t locOf(std::string_view comment, int commentCol);
  Operand operand(Line &l);
  std::vector<Operand> operandList(Line &l);
  ViewPart viewPart(Line &l);
  IntegerSetCode integerSet(Line &l);
  void affineTerm(Line &l, AffineExprCode &e, bool top);
  int32_t reg(Line &l, const char *files, char *letter = nullptr);
  AluFn aluFn(Line &l);
  DmaDesc &lastDma(Line &l);
  Program &lastProgram(Line &l);

  Module out;
  bool sawVersion = false;
  int currentProgram = -1; // program receiving instructions, -1: none
  bool explicitPool = false;
};

uint32_t Assembler::locOf(std::string_view comment, int commentCol) {
  size_t i = 0;
  while (i < comment.size() && comment[i] == ' ')
    ++i;
  if (i >= comment.size() || comment[i] != '#')
    return 0;
  size_t j = i + 1;
  uint64_t v = 0;
  if (j >= comment.size() || !isDigit(comment[j]))
    throw ParseFail{commentCol + int(i), "expected a location number after '#'"};
  while (j < comment.size() && isDigit(comment[j])) {
    v = v * 10 + uint64_t(comment[j] - '0');
    if (v > std::numeric_limits<uint32_t>::max())
      throw ParseFail{commentCol + int(i), "location number does not fit"};
    ++j;
  }
  return uint32_t(v);
}

int32_t Assembler::reg(Line &l, const char *files, char *letter) {
  const Tok &t = l.peek();
  if (t.kind == Tok::Ident && t.text == "_") {
    l.next();
    return -1;
  }
  if (t.kind != Tok::Ident || t.text.size() < 2 ||
      !std::strchr(files, t.text[0]))
    l.expected(std::string("a register (") + files + "N or _)");
  char f = t.text[0];
  std::string prefix(1, f);
  int32_t v = l.labelOf<int32_t>(prefix.c_str());
  if (letter)
    *letter = f;
  return v;
}

AluFn Assembler::aluFn(Line &l) {
  const Tok &ft = l.peek();
  std::string fname = l.ident("an ALU function");
  auto fn = aluNamed(fname);
  if (!fn)
    throw ParseFail{ft.col, "unknown ALU function '" + fname + "'"};
  return *fn;
}

Operand Assembler::operand(Line &l) {
  Operand o;
  if (l.peek().kind == Tok::Int) {
    o.value = l.integer();
    return o;
  }
  o.reg = reg(l, "s");
  if (l.maybePunct("|"))
    o.value = l.integer();
  return o;
}

std::vector<Operand> Assembler::operandList(Line &l) {
  std::vector<Operand> v;
  l.punct("[");
  if (l.maybePunct("]"))
    return v;
  do
    v.push_back(operand(l));
  while (l.maybePunct(","));
  l.punct("]");
  return v;
}

// primary := dN | sN | integer | '(' primary op primary ')'
// The printer parenthesises every inner operation, so each level holds at
// most one operator and the postfix code comes back entry for entry.
void Assembler::affineTerm(Line &l, AffineExprCode &e, bool top) {
  auto primary = [&]() {
    const Tok &t = l.peek();
    if (t.kind == Tok::Int) {
      e.code.push_back({AffineExprCode::Const, l.integer()});
    } else if (l.maybePunct("(")) {
      affineTerm(l, e, false);
      l.punct(")");
    } else if (t.kind == Tok::Ident && (t.text[0] == 'd' || t.text[0] == 's')) {
      uint8_t kind = t.text[0] == 'd' ? AffineExprCode::Dim : AffineExprCode::Sym;
      e.code.push_back({kind, l.label(t.text[0] == 'd' ? "d" : "s")});
    } else {
      l.expected("dN, sN, an integer or '('");
    }
  };
  primary();
  uint8_t op = 0;
  if (l.maybePunct("+"))
    op = AffineExprCode::Add;
  else if (l.maybePunct("*"))
    op = AffineExprCode::Mul;
  else if (l.isWord("mod") || l.isWord("floordiv") || l.isWord("ceildiv")) {
    std::string w = l.next().text;
    op = w == "mod"        ? AffineExprCode::Mod
         : w == "floordiv" ? AffineExprCode::FloorDiv
                           : AffineExprCode::CeilDiv;
  } else {
    return;
  }
  primary();
  e.code.push_back({op, 0});
  if (l.isPunct("+") || l.isPunct("*") || l.isWord("mod") ||
      l.isWord("floordiv") || l.isWord("ceildiv"))
    l.fail("parenthesise each operation: one operator per level");
  (void)top;
}

IntegerSetCode Assembler::integerSet(Line &l) {
  IntegerSetCode s;
  l.word("set");
  l.punct("(");
  s.dims = l.intOf<int32_t>("the number of dimensions");
  l.punct(",");
  s.symbols = l.intOf<int32_t>("the number of symbols");
  l.punct(")");
  l.punct("{");
  if (l.maybePunct("}"))
    return s;
  do {
    AffineExprCode e;
    affineTerm(l, e, true);
    if (l.maybePunct(">="))
      s.eq.push_back(0);
    else if (l.maybePunct("=="))
      s.eq.push_back(1);
    else
      l.expected("'>= 0' or '== 0'");
    const Tok &z = l.peek();
    if (l.integer("0") != 0)
      throw ParseFail{z.col, "a constraint compares with 0"};
    s.exprs.push_back(std::move(e));
  } while (l.maybePunct(","));
  l.punct("}");
  return s;
}

ViewPart Assembler::viewPart(Line &l) {
  ViewPart p;
  if (l.isWord("lx")) {
    l.next();
    p.lx = true;
    l.word("core");
    p.core = operand(l);
  } else {
    l.word("hbm");
    if (l.isWord("core")) {
      l.next();
      p.core = operand(l);
    }
  }
  l.word("base");
  p.base = operand(l);
  l.word("sizes");
  p.sizes = operandList(l);
  l.word("strides");
  p.strides = operandList(l);
  if (l.isWord("coords")) {
    l.next();
    p.coordinateSet = integerSet(l);
  }
  if (l.isWord("partition")) {
    l.next();
    p.partition = integerSet(l);
  }
  if (l.isWord("syms")) {
    l.next();
    p.symbols = operandList(l);
  }
  if (l.isWord("type")) {
    l.next();
    p.type = l.elem();
  }
  return p;
}

DmaDesc &Assembler::lastDma(Line &l) {
  if (out.dmas.empty() || currentProgram >= 0)
    l.fail("this line belongs to a 'dmadesc' and follows none");
  return out.dmas.back();
}

Program &Assembler::lastProgram(Line &l) {
  if (currentProgram < 0)
    l.fail("this line belongs to a 'program' and follows none");
  return out.programs[size_t(currentProgram)];
}

void Assembler::instruction(Line &l, uint32_t loc) {
  Program &p = lastProgram(l);
  if (l.peek().kind == Tok::Int) {
    const Tok &t = l.peek();
    if (l.integer() != int64_t(p.code.size()))
      throw ParseFail{t.col, "instruction index " + t.text +
                                 " is out of order: expected " +
                                 std::to_string(p.code.size())};
    l.punct(":");
  }
  Instr in;
  in.loc = loc;
  mnemonic(l, in);
  std::vector<int32_t> args;
  const OpSyntax *syn = opSyntax(in.op);
  for (int si = 0; si < syn->numSlots; ++si) {
    if (l.atEnd() || l.isWord("from") || l.isPunct("{"))
      break;
    const Slot &s = syn->operands[si];
    bool list = s.kind == Kind::ArgsS || s.kind == Kind::ArgsT ||
                s.kind == Kind::ArgsPairs;
    if (si > 0 && !(list && l.isPunct("[")))
      l.punct(",");
    if (list) {
      argList(l, s.kind, args);
      continue;
    }
    int64_t value = slotValue(l, s.kind, in);
    setField(l.peek(), s.field, value, in);
  }
  if (l.isWord("from")) {
    l.next();
    in.srcType = l.elem();
  }
  std::optional<int64_t> argBegin;
  if (l.maybePunct("{"))
    fieldList(l, in, args, argBegin);
  l.end();
  placeArguments(l, p, in, args, argBegin);
  p.code.push_back(in);
}

void Assembler::mnemonic(Line &l, Instr &in) {
  const Tok &mt = l.peek();
  std::string word = l.ident("an instruction");
  std::string name = word.substr(0, word.find('.'));
  auto op = opcodeNamed(name);
  if (!op)
    throw ParseFail{mt.col, "unknown instruction '" + name + "'"};
  in.op = *op;
  if (word.size() > name.size()) {
    auto e = elemNamed(word.substr(name.size() + 1));
    if (!e)
      throw ParseFail{mt.col, "unknown element type in '" + word + "'"};
    in.type = *e;
  }
  const Tok &lt = l.peek();
  if (lt.kind == Tok::Ident && lt.text.size() > 1 && lt.text[0] == 'x' &&
      isDigit(lt.text[1]))
    in.lanes = l.labelOf<uint16_t>("x");
  if (!opSyntax(in.op)->fn)
    return;
  in.fn = aluFn(l);
  if (!isCompare(in.fn))
    return;
  if (l.peek().kind == Tok::Int) {
    in.aux = l.intOf<uint16_t>();
    return;
  }
  const Tok &pt = l.peek();
  std::string pname = l.ident("a predicate");
  auto pred = predicateNamed(in.fn, pname);
  if (!pred)
    throw ParseFail{pt.col, "unknown predicate '" + pname + "'"};
  in.aux = *pred;
}

void Assembler::argList(Line &l, Kind kind, std::vector<int32_t> &args) {
  l.punct("[");
  if (l.maybePunct("]"))
    return;
  size_t i = 0;
  do {
    const char *files = kind == Kind::ArgsT ? "t"
                        : kind == Kind::ArgsPairs ? (i % 2 ? "s" : "t")
                                                  : "s";
    args.push_back(reg(l, files));
    ++i;
  } while (l.maybePunct(","));
  l.punct("]");
}

int64_t Assembler::slotValue(Line &l, Kind kind, Instr &in) {
  char letter = 0;
  switch (kind) {
  case Kind::RegS:
    return reg(l, "s");
  case Kind::RegV:
    return reg(l, "v");
  case Kind::RegT:
    return reg(l, "t");
  case Kind::RegMov: {
    int64_t value = reg(l, "svt", &letter);
    if (letter)
      in.aux = letter == 's' ? 0 : letter == 'v' ? 1 : 2;
    return value;
  }
  case Kind::RegRecv:
    return reg(l, "vt");
  case Kind::Target:
    l.punct("@");
    return l.integer("a target");
  case Kind::Channel:
    return l.label("c");
  case Kind::Symbol:
    l.punct("$");
    return l.integer("a symbol number");
  case Kind::Desc:
    return l.label("d");
  case Kind::View:
    return l.label("lx");
  case Kind::Int:
    return l.integer();
  case Kind::Const:
    return constant(l, in.type);
  case Kind::Sticks:
  case Kind::Dim:
  case Kind::Bytes:
  case Kind::Lane:
  case Kind::Views:
    l.word(keywordOf(kind));
    return l.integer();
  case Kind::ArgsS:
  case Kind::ArgsT:
  case Kind::ArgsPairs:
    break; // argList
  }
  return 0;
}

int64_t Assembler::constant(Line &l, ElemType type) {
  const Tok &t = l.peek();
  int64_t value = 0;
  double d = 0;
  bool haveDouble = false;
  if (t.kind == Tok::Float) {
    d = l.next().f;
    haveDouble = true;
  } else if (l.isWord("bits")) {
    l.next();
    l.punct("(");
    value = l.integer("the bits");
    l.punct(")");
    if (!isFloat(type))
      throw ParseFail{t.col, "bits(...) is for float constants"};
  } else if (t.kind == Tok::Int) {
    value = l.integer();
    if (isFloat(type)) {
      d = double(value);
      haveDouble = true;
    }
  } else {
    l.expected("a constant");
  }
  if (haveDouble) {
    if (!isFloat(type))
      throw ParseFail{t.col, "a float constant needs a float type"};
    std::memcpy(&value, &d, sizeof d);
  }
  return value;
}

void Assembler::setField(const Tok &vt, Field field, int64_t value, Instr &in) {
  auto fits32 = [&](int64_t v) {
    if (v < std::numeric_limits<int32_t>::min() ||
        v > std::numeric_limits<int32_t>::max())
      throw ParseFail{vt.col, "value " + std::to_string(v) +
                                  " does not fit a register field"};
    return int32_t(v);
  };
  switch (field) {
  case Field::Dst:
    in.dst = fits32(value);
    break;
  case Field::A:
    in.a = fits32(value);
    break;
  case Field::B:
    in.b = fits32(value);
    break;
  case Field::C:
    in.c = fits32(value);
    break;
  case Field::Imm:
    in.imm = value;
    break;
  case Field::Aux:
    if (value < 0 || value > 0xffff)
      throw ParseFail{vt.col, "value " + std::to_string(value) +
                                  " does not fit 16 bits"};
    in.aux = uint16_t(value);
    break;
  case Field::Args:
    break;
  }
}

void Assembler::fieldList(Line &l, Instr &in, std::vector<int32_t> &args,
                          std::optional<int64_t> &argBegin) {
  do {
    const Tok &kt = l.peek();
    std::string key = l.ident("a field name");
    l.punct("=");
    if (key == "fn") {
      if (l.peek().kind == Tok::Int)
        in.fn = AluFn(l.intOf<uint16_t>());
      else
        in.fn = aluFn(l);
    } else if (key == "dst") {
      in.dst = l.intOf<int32_t>();
    } else if (key == "a") {
      in.a = l.intOf<int32_t>();
    } else if (key == "b") {
      in.b = l.intOf<int32_t>();
    } else if (key == "c") {
      in.c = l.intOf<int32_t>();
    } else if (key == "imm") {
      in.imm = l.integer();
    } else if (key == "aux") {
      in.aux = l.intOf<uint16_t>();
    } else if (key == "args") {
      argList(l, Kind::ArgsS, args);
    } else if (key == "argbegin") {
      argBegin = l.intOf<uint32_t>();
    } else {
      throw ParseFail{kt.col, "unknown field '" + key + "'"};
    }
  } while (l.maybePunct(","));
  l.punct("}");
}

void Assembler::placeArguments(Line &l, Program &p, Instr &in,
                               const std::vector<int32_t> &args,
                               std::optional<int64_t> argBegin) {
  in.argCount = uint32_t(args.size());
  if (explicitPool) {
    int64_t begin = argBegin.value_or(0);
    uint64_t end = uint64_t(begin) + args.size();
    if (end > p.operands.size())
      l.fail("the arguments run past the program's operands");
    for (size_t i = 0; i < args.size(); ++i)
      if (p.operands[size_t(begin) + i] != args[i])
        l.fail("the arguments differ from the program's operands at " +
               std::to_string(begin + int64_t(i)));
    in.argBegin = uint32_t(begin);
    return;
  }
  if (argBegin)
    l.fail("'argbegin' needs an 'operands' line in the program");
  if (!args.empty()) {
    in.argBegin = uint32_t(p.operands.size());
    p.operands.insert(p.operands.end(), args.begin(), args.end());
  }
}

void Assembler::statement(Line &l, std::string_view comment, int commentCol) {
  const Tok &first = l.peek();
  if (first.kind == Tok::Int) {
    instruction(l, locOf(comment, commentCol));
    return;
  }
  const int col = first.col;
  std::string w = l.ident("a statement");
  if (moduleStatement(l, w) || planStatement(l, w, comment, commentCol) ||
      dmaStatement(l, w) || programStatement(l, w, col)) {
    l.end();
    return;
  }
  if (opcodeNamed(w.substr(0, w.find('.'))))
    // An instruction without its index: re-read from its first token.
    throw ParseFail{-1, ""}; // handled by the caller
  throw ParseFail{col, "unknown statement '" + w + "'"};
}

bool Assembler::moduleStatement(Line &l, const std::string &w) {
  JobPlan &plan = out.plan;
  if (w == "spyrecode") {
    l.word("version");
    const Tok &t = l.peek();
    out.version = l.intOf<uint32_t>();
    if (out.version != kFormatVersion)
      throw ParseFail{t.col, "version " + t.text + " is not " +
                                 std::to_string(kFormatVersion) +
                                 ", the version this build reads"};
    sawVersion = true;
  } else if (w == "source") {
    out.sourceName = l.string("the source name");
  } else if (w == "kernel") {
    plan.kernel = l.string("the kernel name");
  } else if (w == "arch") {
    plan.arch = l.string("the architecture name");
  } else if (w == "grid") {
    plan.grid = l.intList<int64_t>();
  } else if (w == "placement") {
    plan.placement = l.intList<int64_t>();
  } else if (w == "lx_peak") {
    plan.lxPeakBytes = l.integer();
  } else if (w == "symbol") {
    symbol(l);
  } else if (w == "location") {
    location(l);
  } else {
    return false;
  }
  return true;
}

bool Assembler::planStatement(Line &l, const std::string &w,
                              std::string_view comment, int commentCol) {
  if (w == "channel")
    channel(l, locOf(comment, commentCol));
  else if (w == "buffer")
    buffer(l, locOf(comment, commentCol));
  else if (w == "ring")
    ring(l, locOf(comment, commentCol));
  else
    return false;
  return true;
}

void Assembler::channel(Line &l, uint32_t loc) {
  Channel c;
  l.index("c", out.plan.channels.size());
  c.from = l.name("an engine kind");
  l.punct("->");
  c.to = l.name("an engine kind");
  l.word("depth");
  c.depth = l.integer();
  c.type = l.elem();
  c.lanes = l.labelOf<int32_t>("x");
  l.word("init");
  c.initialTokens = l.integer();
  c.loc = loc;
  out.plan.channels.push_back(std::move(c));
}

void Assembler::buffer(Line &l, uint32_t loc) {
  Buffer b;
  l.index("b", out.plan.buffers.size());
  b.name = l.string("the buffer's name");
  l.word("at");
  b.address = l.integer();
  l.word("bytes");
  b.bytes = l.integer();
  l.word("copies");
  b.copies = l.integer();
  b.loc = loc;
  out.plan.buffers.push_back(std::move(b));
}

void Assembler::ring(Line &l, uint32_t loc) {
  RingExchange r;
  l.index("r", out.plan.rings.size());
  r.kind = l.name("the exchange kind");
  l.word("groups");
  r.groupCount = l.integer();
  l.word("members");
  r.members = l.integer();
  l.word("tiles");
  l.punct("[");
  if (!l.maybePunct("]")) {
    do
      r.groups.push_back(l.intList<int64_t>());
    while (l.maybePunct(","));
    l.punct("]");
  }
  l.word("bytes_per_step");
  r.bytesPerStep = l.integer();
  l.word("steps");
  r.steps = l.integer();
  l.word("hops");
  r.hops = l.integer();
  r.loc = loc;
  out.plan.rings.push_back(std::move(r));
}

void Assembler::symbol(Line &l) {
  Symbol s;
  l.punct("$");
  const Tok &t = l.peek();
  if (l.integer("the symbol number") != int64_t(out.symbols.size()))
    throw ParseFail{t.col, "symbol $" + t.text + " is out of order"};
  s.name = l.string("the symbol's name");
  const Tok &kt = l.peek();
  std::string kind = l.ident("tensor, dim or scalar");
  if (kind == "tensor")
    s.kind = Symbol::TensorBase;
  else if (kind == "dim")
    s.kind = Symbol::Dimension;
  else if (kind == "scalar")
    s.kind = Symbol::Scalar;
  else
    throw ParseFail{kt.col, "unknown symbol kind '" + kind + "'"};
  s.type = l.elem();
  l.word("arg");
  s.argument = l.intOf<int32_t>();
  l.word("uses");
  l.punct("[");
  if (!l.maybePunct("]")) {
    do {
      int32_t prog = l.labelOf<int32_t>("p");
      l.punct("@");
      int32_t ins = l.intOf<int32_t>();
      s.uses.push_back({prog, ins});
    } while (l.maybePunct(","));
    l.punct("]");
  }
  out.symbols.push_back(std::move(s));
}

void Assembler::location(Line &l) {
  l.punct("#");
  const Tok &t = l.peek();
  if (l.integer("the location number") != int64_t(out.locations.size()))
    throw ParseFail{t.col, "location #" + t.text + " is out of order"};
  Location loc;
  l.word("line");
  loc.ktirLine = l.intOf<int>();
  l.word("dflow");
  loc.dataflowLine = l.intOf<int>();
  loc.op = l.string("the op name");
  out.locations.push_back(std::move(loc));
}

bool Assembler::dmaStatement(Line &l, const std::string &w) {
  if (w == "lxview") {
    LxView v;
    l.index("lx", out.lxViews.size());
    v.dims = l.intList<int64_t>();
    v.type = l.elem();
    l.word("row_bytes");
    v.rowBytes = l.integer();
    l.word("in");
    v.buffer = l.labelOf<int32_t>("b");
    out.lxViews.push_back(std::move(v));
  } else if (w == "dmadesc") {
    dmaDesc(l);
  } else if (w == "view") {
    lastDma(l).view.push_back(viewPart(l));
  } else if (w == "anchor") {
    lastDma(l).anchor = operandList(l);
  } else if (w == "tile_set") {
    lastDma(l).tileSet = integerSet(l);
  } else if (w == "indirect") {
    lastDma(l).indirectDims = l.intList<int32_t>();
  } else if (w == "index_view") {
    lastDma(l).indexViews.push_back(viewPart(l));
  } else if (w == "index_anchor") {
    lastDma(l).indexAnchors.push_back(operandList(l));
  } else if (w == "tile_syms") {
    lastDma(l).tileSymbols = operandList(l);
  } else if (w == "captured") {
    lastDma(l).captured = operandList(l);
  } else if (w == "subscript") {
    subscript(l, lastDma(l));
  } else if (w == "chunk") {
    DmaDesc &d = lastDma(l);
    l.word("at");
    d.chunked = true;
    d.firstStick = operand(l);
  } else if (w == "layout") {
    layout(l, lastDma(l));
  } else {
    return false;
  }
  return true;
}

void Assembler::dmaDesc(Line &l) {
  DmaDesc d;
  l.index("d", out.dmas.size());
  if (l.isWord("hbm_to_lx"))
    d.toLx = true;
  else if (l.isWord("lx_to_hbm"))
    d.toLx = false;
  else
    l.expected("hbm_to_lx or lx_to_hbm");
  l.next();
  d.type = l.elem();
  l.word("tile");
  d.tileShape = l.intList<int64_t>();
  l.word("order");
  d.order = l.intList<int32_t>();
  l.word("lx");
  d.lxView = l.labelOf<int32_t>("lx");
  l.word("at");
  d.lxAddress = operand(l);
  l.word("sticks");
  d.sticks = l.integer();
  l.word("hops");
  d.hops = l.integer();
  currentProgram = -1;
  out.dmas.push_back(std::move(d));
}

void Assembler::subscript(Line &l, DmaDesc &d) {
  DmaDesc::Subscript sub;
  if (l.isWord("direct")) {
    l.next();
  } else {
    l.word("index");
    sub.indexView = l.intOf<int32_t>();
  }
  l.punct("[");
  if (!l.maybePunct("]")) {
    do {
      AffineExprCode e;
      affineTerm(l, e, true);
      sub.exprs.push_back(std::move(e));
    } while (l.maybePunct(","));
    l.punct("]");
  }
  d.subscripts.push_back(std::move(sub));
}

void Assembler::layout(Line &l, DmaDesc &d) {
  if (l.isWord("masked"))
    d.layout = uint8_t(TileLayout::Masked);
  else if (l.isWord("packed"))
    d.layout = uint8_t(TileLayout::Packed);
  else if (l.isWord("box"))
    d.layout = uint8_t(TileLayout::Box);
  else
    l.expected("box, masked or packed");
  l.next();
}

bool Assembler::programStatement(Line &l, const std::string &w, int col) {
  if (w == "program") {
    Program p;
    l.index("p", out.programs.size());
    p.unit = l.name("the engine kind");
    l.word("instances");
    p.instances = l.integer();
    l.word("per_core");
    p.perCore = l.integer();
    l.word("sregs");
    p.numSRegs = l.intOf<int32_t>();
    l.word("vregs");
    p.numVRegs = l.intOf<int32_t>();
    out.programs.push_back(std::move(p));
    currentProgram = int(out.programs.size()) - 1;
    explicitPool = false;
  } else if (w == "tile") {
    Program &p = lastProgram(l);
    l.index("t", p.tileRegs.size());
    TileShape t;
    t.dims = l.intList<int64_t>();
    t.type = l.elem();
    p.tileRegs.push_back(std::move(t));
  } else if (w == "ring_views") {
    Program &p = lastProgram(l);
    l.punct("[");
    if (!l.maybePunct("]")) {
      do
        p.ringViews.push_back(l.labelOf<int32_t>("lx"));
      while (l.maybePunct(","));
      l.punct("]");
    }
  } else if (w == "operands") {
    Program &p = lastProgram(l);
    if (!p.code.empty() || explicitPool)
      throw ParseFail{col, "'operands' comes once, before the instructions"};
    p.operands = l.intList<int32_t>();
    explicitPool = true;
  } else {
    return false;
  }
  return true;
}

Module Assembler::parse(std::string_view text, int &lineNo) {
  lineNo = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view raw =
        text.substr(pos, nl == std::string_view::npos ? text.size() - pos
                                                      : nl - pos);
    ++lineNo;
    std::string_view comment;
    int commentCol = 0;
    std::vector<Tok> toks = tokenize(raw, comment, commentCol);
    if (toks.size() > 1) {
      try {
        Line l(toks);
        statement(l, comment, commentCol);
      } catch (const ParseFail &f) {
        if (f.col != -1)
          throw;
        Line l(std::move(toks));
        instruction(l, locOf(comment, commentCol));
      }
    }
    if (nl == std::string_view::npos)
      break;
    pos = nl + 1;
  }
  if (!sawVersion)
    throw ParseFail{1, "missing 'spyrecode version N' line"};
  return std::move(out);
}

} // namespace

std::optional<Module> parseListing(std::string_view text,
                                   ListingError &error) {
  Assembler a;
  int lineNo = 0;
  try {
    return a.parse(text, lineNo);
  } catch (const ParseFail &f) {
    error.line = f.message.rfind("missing 'spyrecode", 0) == 0 ? 1 : lineNo;
    error.column = f.col;
    error.message = f.message;
    return std::nullopt;
  }
}

} // namespace spyre::code
