//===- CodeEditor.h - QScintilla editor configured for KTIR ----*- C++ -*-===//
//
// The KTIR source editor: KtirLexer highlighting, line numbers, `{ }`
// folding, brace matching, auto-indent, current-line highlight, compiler
// diagnostics as squiggles + margin markers with hover tool tips, line
// highlighting for cross-linking, and ctrl+click go-to-definition for SSA
// values.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_CODEEDITOR_H
#define SPYRE_VIEWS_CODEEDITOR_H

#include "driver/Diagnostic.h"

#include <Qsci/qsciscintilla.h>

#include <QString>
#include <QStringList>

#include <vector>

class KtirLexer;

class CodeEditor : public QsciScintilla {
  Q_OBJECT

public:
  // Margins.
  static constexpr int LineNumberMargin = 0;
  static constexpr int DiagnosticMargin = 1;
  static constexpr int FoldMargin = 2;

  // Marker numbers (bits in markersAtLine()).
  static constexpr int ErrorMarker = 0;
  static constexpr int WarningMarker = 1;
  static constexpr int NoteMarker = 2;
  static constexpr int HighlightMarker = 3;

  // Indicator numbers (Scintilla container indicators start at 8).
  static constexpr int ErrorIndicator = 8;
  static constexpr int WarningIndicator = 9;
  static constexpr int NoteIndicator = 10;

  explicit CodeEditor(QWidget *parent = nullptr);
  ~CodeEditor() override;

  KtirLexer *ktirLexer() const { return kernelLexer; }

  /// Light (default) or dark colours for text, margins and markers.
  void setDarkTheme(bool dark);
  bool isDarkTheme() const;

  // --- diagnostics --------------------------------------------------------
  /// Replaces the shown diagnostics. Errors get a red squiggle from
  /// `column` to the end of the token there (the whole line when the column
  /// is unknown or past the end) and an error marker; warnings are yellow,
  /// notes/remarks blue. `line` and `column` are 1-based; line 0 (unknown)
  /// is shown on line 1. Diagnostics of other files are not filtered here.
  void setDiagnostics(const std::vector<spyre::driver::Diagnostic> &diagnostics);
  void clearDiagnostics();
  /// Messages of the diagnostics currently on \p line (1-based), in the
  /// order given; diagnostics follow their line when the text is edited.
  QStringList diagnosticMessagesAt(int line) const;
  /// The tool-tip text shown when hovering \p line (1-based): one
  /// "error: message [pass]" line per diagnostic; empty if none.
  QString diagnosticToolTipAt(int line) const;

  // --- cross-linking -------------------------------------------------------
  /// Highlights the background of \p lines (1-based), replacing any
  /// previous highlight. Out-of-range lines are ignored.
  void highlightLines(const std::vector<int> &lines);
  void clearHighlightedLines();

  /// 1-based line where SSA value \p ssaName (with or without '%', a
  /// `#N` result suffix is ignored) is defined: as a result before ` =`
  /// (`%a, %b = ...`, `%g:2 = ...`, `scf.for %i = ...`, `iter_args(%x = ...)`)
  /// or as a function/block argument (`(%arg0: index`). -1 if not found.
  int definitionLineOf(const QString &ssaName) const;
  /// The SSA name (with '%') under byte position \p pos, or empty.
  QString ssaNameAt(int pos) const;
  /// Moves the cursor to the definition of the SSA value at \p pos; emits
  /// definitionJumped(line) and returns true when found.
  bool jumpToDefinitionAt(int pos);
  /// Go to definition of the SSA value under the cursor (F2).
  bool jumpToDefinitionAtCursor();
  /// Back to where the cursor was before the last go-to-definition
  /// (Alt+Left); false when there is nowhere to go back to.
  bool goBack();
  bool canGoBack() const { return !backStack.empty(); }

public slots:
  void setReadOnly(bool ro) override;
  void toggleReadOnly();

signals:
  /// After a go-to-definition (ctrl+click); \p line is 1-based.
  void definitionJumped(int line);
  void readOnlyChanged(bool readOnly);

protected:
  void mousePressEvent(QMouseEvent *e) override;

private slots:
  void updateLineNumberMarginWidth();
  void onDwellStart(int position, int x, int y);
  void onDwellEnd(int position, int x, int y);

private:
  struct ShownDiagnostic {
    spyre::driver::Diagnostic::Severity severity;
    int line;         ///< 1-based line it was placed on
    int markerHandle; ///< tracks the line through edits; -1 if none
    QString message;
    QString pass;
  };

  void applyThemeColours();
  int currentLineOf(const ShownDiagnostic &d) const;

  KtirLexer *kernelLexer = nullptr;
  std::vector<ShownDiagnostic> shownDiagnostics;
  /// Cursor positions (line, index) before each go-to-definition.
  std::vector<std::pair<int, int>> backStack;
};

#endif
