//===- CodeEditor.cpp - QScintilla editor configured for KTIR -------------===//
#include "CodeEditor.h"

#include "KtirLexer.h"
#include "MarkerLines.h"
#include "SeverityName.h"

#include <Qsci/qscicommand.h>
#include <Qsci/qscicommandset.h>

#include <QFontDatabase>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>

using spyre::driver::Diagnostic;

namespace {

bool isSsaChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.' ||
         c == '-';
}
bool isAsciiDigit(char c) { return c >= '0' && c <= '9'; }
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/// End of the SSA suffix-id starting at \p i (stops before a `->`).
int ssaIdEnd(const QByteArray &t, int i) {
  while (i < t.size() && isSsaChar(t[i])) {
    if (t[i] == '-' && i + 1 < t.size() && t[i + 1] == '>')
      break;
    ++i;
  }
  return i;
}

/// \p t without a trailing `// comment` (strings are respected).
QByteArray stripComment(const QByteArray &t) {
  bool inString = false;
  for (int i = 0; i < t.size(); ++i) {
    if (inString) {
      if (t[i] == '\\')
        ++i;
      else if (t[i] == '"')
        inString = false;
    } else if (t[i] == '"') {
      inString = true;
    } else if (t[i] == '/' && i + 1 < t.size() && t[i + 1] == '/') {
      return t.left(i);
    }
  }
  return t;
}

/// Index of the `=` of an assignment (`a = b`, not `==`, `>=`, `<=`, `!=`)
/// at or after \p from, or -1.
int assignmentAt(const QByteArray &t, int from) {
  for (int k = from; k < t.size(); ++k) {
    if (t[k] != '=')
      continue;
    const bool prevCmp = k > 0 && (t[k - 1] == '=' || t[k - 1] == '<' ||
                                   t[k - 1] == '>' || t[k - 1] == '!');
    const bool nextEq = k + 1 < t.size() && t[k + 1] == '=';
    if (!prevCmp && !nextEq)
      return k;
  }
  return -1;
}

/// True when [0, eq) of \p t is a result list: `%a, %b:2, %c`.
bool isResultList(const QByteArray &t, int eq) {
  int k = 0;
  bool any = false;
  while (k < eq) {
    while (k < eq && isSpace(t[k]))
      ++k;
    if (k >= eq)
      break;
    if (t[k] != '%')
      return false;
    k = ssaIdEnd(t, k + 1);
    if (k < eq && t[k] == ':') {
      ++k;
      while (k < eq && isAsciiDigit(t[k]))
        ++k;
    }
    any = true;
    while (k < eq && isSpace(t[k]))
      ++k;
    if (k < eq && t[k] == ',')
      ++k;
    else if (k < eq)
      return false;
  }
  return any;
}

} // namespace

CodeEditor::CodeEditor(QWidget *parent) : QsciScintilla(parent) {
  kernelLexer = new KtirLexer(this);
  setUtf8(true);
  setLexer(kernelLexer);

  const QFont mono = kernelLexer->defaultFont(KtirLexer::Default);
  setFont(mono);
  setMarginsFont(mono);

  // Margin 0: line numbers; 1: diagnostics; 2: folding.
  setMarginType(LineNumberMargin, NumberMargin);
  setMarginLineNumbers(LineNumberMargin, true);
  setMarginMarkerMask(LineNumberMargin, 0);
  setMarginType(DiagnosticMargin, SymbolMargin);
  setMarginWidth(DiagnosticMargin, 16);
  setMarginMarkerMask(DiagnosticMargin, (1 << ErrorMarker) |
                                            (1 << WarningMarker) |
                                            (1 << NoteMarker));
  setFolding(BoxedTreeFoldStyle, FoldMargin);

  markerDefine(Circle, ErrorMarker);
  markerDefine(RightTriangle, WarningMarker);
  markerDefine(SmallRectangle, NoteMarker);
  markerDefine(Background, HighlightMarker);
  setMarkerBackgroundColor(QColor(0xd0, 0x20, 0x20), ErrorMarker);
  setMarkerForegroundColor(QColor(0x80, 0x00, 0x00), ErrorMarker);
  setMarkerBackgroundColor(QColor(0xf0, 0xc0, 0x00), WarningMarker);
  setMarkerForegroundColor(QColor(0x90, 0x70, 0x00), WarningMarker);
  setMarkerBackgroundColor(QColor(0x30, 0x80, 0xd0), NoteMarker);
  setMarkerForegroundColor(QColor(0x20, 0x50, 0x90), NoteMarker);

  indicatorDefine(SquiggleIndicator, ErrorIndicator);
  indicatorDefine(SquiggleIndicator, WarningIndicator);
  indicatorDefine(SquiggleIndicator, NoteIndicator);
  setIndicatorForegroundColor(QColor(0xe0, 0x00, 0x00), ErrorIndicator);
  setIndicatorForegroundColor(QColor(0xe0, 0xb0, 0x00), WarningIndicator);
  setIndicatorForegroundColor(QColor(0x30, 0x80, 0xd0), NoteIndicator);

  setBraceMatching(SloppyBraceMatch);
  setAutoIndent(true);
  setIndentationsUseTabs(false);
  setIndentationWidth(2);
  setTabWidth(2);
  setCaretLineVisible(true);
  setEolMode(EolUnix);
  // QScintilla's own zoom keys zoom only this widget: leave them to the
  // window's View > Zoom, which zooms the editor and the IR panes together.
  for (QsciCommand::Command zoom : {QsciCommand::ZoomIn, QsciCommand::ZoomOut}) {
    if (QsciCommand *command = standardCommands()->find(zoom)) {
      command->setKey(0);
      command->setAlternateKey(0);
    }
  }
  SendScintilla(SCI_CLEARCMDKEY, (unsigned long)(SCK_DIVIDE + (SCMOD_CTRL << 16)));

  // Hover tool tips for diagnostics.
  SendScintilla(SCI_SETMOUSEDWELLTIME, 400);
  connect(this, &QsciScintillaBase::SCN_DWELLSTART, this,
          &CodeEditor::onDwellStart);
  connect(this, &QsciScintillaBase::SCN_DWELLEND, this,
          &CodeEditor::onDwellEnd);
  connect(this, &QsciScintilla::linesChanged, this,
          &CodeEditor::updateLineNumberMarginWidth);

  applyThemeColours();
  updateLineNumberMarginWidth();
}

CodeEditor::~CodeEditor() = default;

bool CodeEditor::isDarkTheme() const { return kernelLexer->isDarkTheme(); }

void CodeEditor::setDarkTheme(bool dark) {
  kernelLexer->setDarkTheme(dark);
  applyThemeColours();
}

void CodeEditor::applyThemeColours() {
  const bool dark = kernelLexer->isDarkTheme();
  const QColor paper = kernelLexer->defaultPaper(KtirLexer::Default);
  const QColor ink = kernelLexer->defaultColor(KtirLexer::Default);
  SendScintilla(SCI_STYLESETBACK, STYLE_DEFAULT, paper);
  SendScintilla(SCI_STYLESETFORE, STYLE_DEFAULT, ink);
  setMarginsBackgroundColor(dark ? QColor(0x25, 0x25, 0x26)
                                 : QColor(0xf3, 0xf3, 0xf3));
  setMarginsForegroundColor(dark ? QColor(0x85, 0x85, 0x85)
                                 : QColor(0x6e, 0x6e, 0x6e));
  setFoldMarginColors(dark ? QColor(0x25, 0x25, 0x26) : QColor(0xf3, 0xf3, 0xf3),
                      dark ? QColor(0x25, 0x25, 0x26) : QColor(0xf3, 0xf3, 0xf3));
  setCaretForegroundColor(ink);
  setCaretLineBackgroundColor(dark ? QColor(0x2a, 0x2d, 0x2e)
                                   : QColor(0xea, 0xf2, 0xff));
  setSelectionBackgroundColor(dark ? QColor(0x26, 0x4f, 0x78)
                                   : QColor(0xad, 0xd6, 0xff));
  setSelectionForegroundColor(ink);
  setMatchedBraceBackgroundColor(dark ? QColor(0x3a, 0x5a, 0x3a)
                                      : QColor(0xc8, 0xf0, 0xc8));
  setMatchedBraceForegroundColor(ink);
  setUnmatchedBraceForegroundColor(QColor(0xe0, 0x20, 0x20));
  setMarkerBackgroundColor(dark ? QColor(0x4a, 0x44, 0x1c)
                                : QColor(0xff, 0xf1, 0xa8),
                           HighlightMarker);
}

void CodeEditor::updateLineNumberMarginWidth() {
  const int digits = QString::number(std::max(1, lines())).size();
  setMarginWidth(LineNumberMargin, QString(digits + 1, QLatin1Char('9')));
}

// --- read-only -------------------------------------------------------------

void CodeEditor::setReadOnly(bool ro) {
  const bool changed = ro != isReadOnly();
  QsciScintilla::setReadOnly(ro);
  if (changed)
    emit readOnlyChanged(ro);
}

void CodeEditor::toggleReadOnly() { setReadOnly(!isReadOnly()); }

// --- diagnostics -----------------------------------------------------------

void CodeEditor::setDiagnostics(const std::vector<Diagnostic> &diagnostics) {
  clearDiagnostics();
  const int lineCount = std::max(1, lines());
  for (const Diagnostic &d : diagnostics) {
    const int line = std::clamp(d.line, 1, lineCount);
    const int l0 = line - 1;
    int marker = NoteMarker, indicator = NoteIndicator;
    if (d.severity == Diagnostic::Severity::Error) {
      marker = ErrorMarker;
      indicator = ErrorIndicator;
    } else if (d.severity == Diagnostic::Severity::Warning) {
      marker = WarningMarker;
      indicator = WarningIndicator;
    }
    const int handle = markerAdd(l0, marker);

    // Squiggle from the column to the end of the token there, or over the
    // whole (trimmed) line when the column is unknown or out of range.
    const int ls = int(SendScintilla(SCI_POSITIONFROMLINE, l0));
    const int le = int(SendScintilla(SCI_GETLINEENDPOSITION, l0));
    const QByteArray text = bytes(ls, le).left(le - ls);
    int b = 0, e = text.size();
    const bool columnKnown =
        d.line >= 1 && d.line <= lineCount && d.column >= 1 &&
        d.column - 1 < text.size() && !isSpace(text[d.column - 1]);
    if (columnKnown) {
      b = d.column - 1;
      e = b;
      const char c = text[b];
      if (c == '"') {
        ++e;
        while (e < text.size() && text[e] != '"')
          e += (text[e] == '\\') ? 2 : 1;
        e = std::min<int>(e + 1, text.size());
      } else if (c == '%' || c == '@' || c == '^' || c == '#' || c == '!' ||
                 isSsaChar(c)) {
        e = ssaIdEnd(text, b + 1);
      } else {
        e = b + 1; // a punctuation character
      }
    } else {
      while (b < e && isSpace(text[b]))
        ++b;
      while (e > b && isSpace(text[e - 1]))
        --e;
    }
    if (e > b) {
      SendScintilla(SCI_SETINDICATORCURRENT, indicator);
      SendScintilla(SCI_INDICATORFILLRANGE, ls + b, e - b);
    }

    ShownDiagnostic shown;
    shown.severity = d.severity;
    shown.line = line;
    shown.markerHandle = handle;
    shown.message = QString::fromStdString(d.message);
    shown.pass = QString::fromStdString(d.pass);
    shownDiagnostics.push_back(std::move(shown));
  }
}

void CodeEditor::clearDiagnostics() {
  markerDeleteAll(ErrorMarker);
  markerDeleteAll(WarningMarker);
  markerDeleteAll(NoteMarker);
  const int length = int(SendScintilla(SCI_GETLENGTH));
  for (int ind : {ErrorIndicator, WarningIndicator, NoteIndicator}) {
    SendScintilla(SCI_SETINDICATORCURRENT, ind);
    SendScintilla(SCI_INDICATORCLEARRANGE, 0, length);
  }
  shownDiagnostics.clear();
  QToolTip::hideText();
}

int CodeEditor::currentLineOf(const ShownDiagnostic &d) const {
  if (d.markerHandle >= 0) {
    const int l0 = int(SendScintilla(SCI_MARKERLINEFROMHANDLE,
                                     static_cast<unsigned long>(d.markerHandle)));
    if (l0 >= 0)
      return l0 + 1;
  }
  return d.line;
}

QStringList CodeEditor::diagnosticMessagesAt(int line) const {
  QStringList out;
  for (const ShownDiagnostic &d : shownDiagnostics)
    if (currentLineOf(d) == line)
      out << d.message;
  return out;
}

QString CodeEditor::diagnosticToolTipAt(int line) const {
  QStringList parts;
  for (const ShownDiagnostic &d : shownDiagnostics) {
    if (currentLineOf(d) != line)
      continue;
    QString s = QString::fromLatin1(severityName(d.severity)) +
                QStringLiteral(": ") + d.message;
    if (!d.pass.isEmpty())
      s += QStringLiteral(" [") + d.pass + QStringLiteral("]");
    parts << s;
  }
  return parts.join(QLatin1Char('\n'));
}

void CodeEditor::onDwellStart(int position, int x, int y) {
  int textStart = 0;
  for (int m = 0; m < 5; ++m)
    textStart += marginWidth(m);
  if (position < 0 || x < textStart)
    position = int(SendScintilla(SCI_POSITIONFROMPOINT,
                                 static_cast<unsigned long>(textStart + 1),
                                 static_cast<long>(y)));
  if (position < 0)
    return;
  const int line = int(SendScintilla(SCI_LINEFROMPOSITION,
                                     static_cast<unsigned long>(position))) + 1;
  // Ignore hovers below the last line (POSITIONFROMPOINT clamps to it).
  const int lineTop = int(SendScintilla(
      SCI_POINTYFROMPOSITION, 0UL,
      static_cast<long>(SendScintilla(SCI_POSITIONFROMLINE, line - 1))));
  if (y < lineTop || y > lineTop + textHeight(line - 1))
    return;
  const QString tip = diagnosticToolTipAt(line);
  if (!tip.isEmpty())
    QToolTip::showText(viewport()->mapToGlobal(QPoint(x, y)), tip, viewport());
}

void CodeEditor::onDwellEnd(int, int, int) { QToolTip::hideText(); }

// --- cross-linking ---------------------------------------------------------

void CodeEditor::highlightLines(const std::vector<int> &lineNumbers) {
  // Untouched when the same lines are asked again (a step on one line).
  QVector<int> zeroBased;
  for (int line : lineNumbers)
    zeroBased.push_back(line - 1);
  markers::setLines(this, HighlightMarker, zeroBased);
}

void CodeEditor::clearHighlightedLines() {
  markers::setLines(this, HighlightMarker, {});
}

int CodeEditor::definitionLineOf(const QString &ssaName) const {
  QByteArray name = ssaName.trimmed().toUtf8();
  if (name.startsWith('%'))
    name.remove(0, 1);
  const int hash = name.indexOf('#');
  if (hash >= 0)
    name.truncate(hash);
  if (name.isEmpty())
    return -1;
  const QByteArray needle = '%' + name;

  const int lineCount = lines();
  for (int l0 = 0; l0 < lineCount; ++l0) {
    const int ls = int(SendScintilla(SCI_POSITIONFROMLINE, l0));
    const int le = int(SendScintilla(SCI_GETLINEENDPOSITION, l0));
    const QByteArray t = stripComment(bytes(ls, le).left(le - ls));
    if (!t.contains(needle))
      continue;

    // `%a, %b:2 = op ...`: the whole result list defines values.
    const int eq = assignmentAt(t, 0);
    const bool resultList = eq > 0 && isResultList(t, eq);

    for (int b = t.indexOf(needle); b >= 0; b = t.indexOf(needle, b + 1)) {
      const int e = b + needle.size();
      if (e < t.size() && isSsaChar(t[e]) &&
          !(t[e] == '-' && e + 1 < t.size() && t[e + 1] == '>'))
        continue; // a longer name
      if (b > 0 && (isSsaChar(t[b - 1]) || t[b - 1] == '%'))
        continue;
      if (resultList && b < eq)
        return l0 + 1;
      // `%x = ...` anywhere (scf.for %i = ..., iter_args(%acc = %init)).
      int k = e;
      if (k < t.size() && t[k] == ':') {
        int d = k + 1;
        while (d < t.size() && isAsciiDigit(t[d]))
          ++d;
        if (d > k + 1)
          k = d;
      }
      while (k < t.size() && isSpace(t[k]))
        ++k;
      if (k < t.size() && assignmentAt(t, k) == k)
        return l0 + 1;
      // Function / block argument: `(%arg0: index` or `, %arg1: f16`.
      if (e < t.size() && t[e] == ':' &&
          (e + 1 == t.size() || isSpace(t[e + 1]))) {
        int p = b - 1;
        while (p >= 0 && isSpace(t[p]))
          --p;
        if (p >= 0 && (t[p] == '(' || t[p] == ','))
          return l0 + 1;
      }
    }
  }
  return -1;
}

QString CodeEditor::ssaNameAt(int pos) const {
  const int length = int(SendScintilla(SCI_GETLENGTH));
  if (pos < 0 || pos > length)
    return QString();
  const int l0 = int(SendScintilla(SCI_LINEFROMPOSITION,
                                   static_cast<unsigned long>(pos)));
  const int ls = int(SendScintilla(SCI_POSITIONFROMLINE, l0));
  const int le = int(SendScintilla(SCI_GETLINEENDPOSITION, l0));
  const QByteArray t = bytes(ls, le).left(le - ls);
  int i = pos - ls;
  if (i < 0 || i > t.size())
    return QString();
  int b = i;
  if (!(b < t.size() && t[b] == '%')) {
    while (b > 0 && isSsaChar(t[b - 1]))
      --b;
    if (b == 0 || t[b - 1] != '%')
      return QString();
    --b;
  }
  // Inside a comment?
  if (stripComment(t).size() <= b)
    return QString();
  const int e = ssaIdEnd(t, b + 1);
  if (e <= b + 1)
    return QString();
  return QString::fromUtf8(t.mid(b, e - b));
}

bool CodeEditor::jumpToDefinitionAt(int pos) {
  const QString name = ssaNameAt(pos);
  if (name.isEmpty())
    return false;
  const int line = definitionLineOf(name);
  if (line < 1)
    return false;
  int col = text(line - 1).indexOf(name);
  int fromLine = 0, fromIndex = 0;
  getCursorPosition(&fromLine, &fromIndex);
  backStack.emplace_back(fromLine, fromIndex);
  if (backStack.size() > 100)
    backStack.erase(backStack.begin());
  setCursorPosition(line - 1, std::max(0, col));
  ensureLineVisible(line - 1);
  emit definitionJumped(line);
  return true;
}

bool CodeEditor::jumpToDefinitionAtCursor() {
  return jumpToDefinitionAt(int(SendScintilla(SCI_GETCURRENTPOS)));
}

bool CodeEditor::goBack() {
  if (backStack.empty())
    return false;
  const auto [line, index] = backStack.back();
  backStack.pop_back();
  const int last = std::max(0, lines() - 1);
  setCursorPosition(std::min(line, last), index);
  ensureLineVisible(std::min(line, last));
  return true;
}

void CodeEditor::mousePressEvent(QMouseEvent *e) {
  if (e->button() == Qt::LeftButton &&
      (e->modifiers() & Qt::ControlModifier)) {
    const QPoint p = e->position().toPoint();
    const int pos = int(SendScintilla(SCI_POSITIONFROMPOINTCLOSE,
                                      static_cast<unsigned long>(p.x()),
                                      static_cast<long>(p.y())));
    if (pos >= 0 && jumpToDefinitionAt(pos)) {
      e->accept();
      return;
    }
  }
  QsciScintilla::mousePressEvent(e);
}
