//===- KtirLexer.h - syntax highlighting for KTIR / MLIR text ---*- C++ -*-===//
//
// A QScintilla container lexer for the textual form of KTIR kernels (MLIR
// with the ktdp / spyreop dialects). It styles one line at a time and keeps
// no state across lines except the brace depth, which it stores as the
// Scintilla line state and turns into fold levels for `{ ... }` regions.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_KTIRLEXER_H
#define SPYRE_VIEWS_KTIRLEXER_H

#include <Qsci/qscilexercustom.h>

#include <QByteArray>
#include <QColor>
#include <QFont>
#include <QString>

class KtirLexer : public QsciLexerCustom {
  Q_OBJECT

public:
  enum Style {
    Default = 0,
    Comment,     ///< `// ...` to the end of the line
    String,      ///< "..." (an unterminated string ends at the end of line)
    Number,      ///< 42, -, 1.5e-3, 0xFC00
    Keyword,     ///< attributes, ins, outs, iter_args, to, step, ...
    OpName,      ///< ktdp.load, arith.addf, func.func (dialect.op as one token)
    Type,        ///< index, f16, tensor<...>, memref<...>, !ktdp.access_tile<...>
    Attribute,   ///< #alias, #ktdp.memory_space<...>, affine_map<...>
    SsaValue,    ///< %name, %0, %g#1
    BlockLabel,  ///< ^bb0
    Symbol,      ///< @name
    Punctuation, ///< ( ) { } [ ] , : = -> ...
    StyleCount
  };

  explicit KtirLexer(QObject *parent = nullptr);
  ~KtirLexer() override;

  const char *language() const override;
  QString description(int style) const override;
  QColor defaultColor(int style) const override;
  QColor defaultPaper(int style) const override;
  QFont defaultFont(int style) const override;
  const char *wordCharacters() const override;
  int braceStyle() const override;
  const char *blockStart(int *style = nullptr) const override;
  const char *blockEnd(int *style = nullptr) const override;

  void styleText(int start, int end) override;

  /// Switches every style between colours for a light (default) and a dark
  /// background. The attached editor picks the change up through the
  /// lexer's colour/paper signals.
  void setDarkTheme(bool dark);
  bool isDarkTheme() const { return darkTheme; }
  /// Every style grey on a grey paper: text that is shown but not current
  /// (the IR of the last successful compile while the kernel does not
  /// compile).
  void setMuted(bool muted);
  bool isMuted() const { return mutedColours; }

  /// Whether styleText() also sets fold levels for `{ }` blocks (default on).
  void setFoldingEnabled(bool on) { folding = on; }
  bool foldingEnabled() const { return folding; }

  /// Styles one line of text (no line terminator needed) and returns one
  /// style per byte. Exposed for tests and for other views that want
  /// KTIR colouring without an editor. \p depthDelta / \p minDepth receive
  /// the net brace depth change and the lowest depth reached (relative to
  /// the start of the line).
  static QByteArray styleLine(const QByteArray &line, int *depthDelta = nullptr,
                              int *minDepth = nullptr);

private:
  bool darkTheme = false;
  bool mutedColours = false;
  bool folding = true;
};

#endif
