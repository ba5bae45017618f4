//===- CodeEditorTest.cpp - KtirLexer / CodeEditor widget tests -----------===//
#include "CodeEditor.h"
#include "KtirLexer.h"

#include <QSignalSpy>
#include <QToolTip>
#include <QtTest>

using spyre::driver::Diagnostic;

namespace {

// Line numbers (1-based) are referred to by the tests below.
const char *const kSnippet =
    "// a comment line\n"                                                 // 1
    "#map = affine_map<(d0) -> (d0)>\n"                                   // 2
    "#set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>\n"               // 3
    "module {\n"                                                          // 4
    "  func.func @k(%x_ptr: index, %n: index) attributes {grid = [32]} {\n" // 5
    "    %c0 = arith.constant 0 : index\n"                                // 6
    "    %v = ktdp.construct_memory_view %x_ptr, sizes: [128], strides: [1] {\n" // 7
    "      memory_space = #ktdp.memory_space<global>\n"                   // 8
    "    } : memref<128xf16>\n"                                           // 9
    "    %h = arith.constant 0xFC00 : f16\n"                              // 10
    "    %s = \"test.op\"() {note = \"hi there\"} : () -> i32\n"          // 11
    "    %g:2 = test.pair %v : memref<128xf16> -> (f16, f16)\n"           // 12
    "    %r = scf.for %i = %c0 to %n step %c0 iter_args(%acc = %h) -> (f16) {\n" // 13
    "      %t = arith.addf %acc, %g#1 : f16 // sum\n"                     // 14
    "      scf.yield %t : f16\n"                                          // 15
    "    }\n"                                                             // 16
    "    %a = ktdp.load %v : !ktdp.access_tile<4x256xindex> -> tensor<4x256xf16>\n" // 17
    "    %b = linalg.generic ins(%a : tensor<4x256xf16>) {\n"             // 18
    "    ^bb0(%in: f16, %out: f16):\n"                                    // 19
    "      %e = arith.mulf %in, %out : f16\n"                             // 20
    "      linalg.yield %e : f16\n"                                       // 21
    "    } -> !spyreop.df16\n"                                            // 22
    "    %f = arith.constant 1.5e-3 : f32\n"                              // 23
    "    return\n"                                                        // 24
    "  }\n"                                                               // 25
    "}\n";                                                                // 26

} // namespace

class CodeEditorTest : public QObject {
  Q_OBJECT

  CodeEditor *ed = nullptr;

  /// Byte position of the \p nth occurrence of \p needle on 1-based \p line.
  int posOf(int line, const char *needle, int nth = 0) const {
    const QByteArray t = ed->text(line - 1).toUtf8();
    int i = -1;
    for (int k = 0; k <= nth; ++k) {
      i = t.indexOf(needle, i + 1);
      if (i < 0)
        return -1;
    }
    return int(ed->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE,
                                 static_cast<unsigned long>(line - 1))) + i;
  }
  int styleAt(int pos) const {
    return int(ed->SendScintilla(QsciScintilla::SCI_GETSTYLEAT,
                                 static_cast<unsigned long>(pos)));
  }
  int styleOf(int line, const char *needle, int nth = 0, int offset = 0) const {
    const int p = posOf(line, needle, nth);
    return p < 0 ? -100 : styleAt(p + offset);
  }
  bool indicatorAt(int indicator, int pos) const {
    return ed->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT,
                             static_cast<unsigned long>(indicator),
                             static_cast<long>(pos)) != 0;
  }
  unsigned markers(int line) const { return ed->markersAtLine(line - 1); }

private slots:
  void init() {
    ed = new CodeEditor;
    ed->resize(800, 600);
    ed->setText(QString::fromUtf8(kSnippet));
    ed->recolor();
  }
  void cleanup() {
    delete ed;
    ed = nullptr;
  }

  void lexerStyles() {
    using S = KtirLexer::Style;
    QCOMPARE(styleOf(1, "//"), int(S::Comment));
    QCOMPARE(styleOf(1, "line"), int(S::Comment));
    QCOMPARE(styleOf(14, "// sum"), int(S::Comment));
    QCOMPARE(styleOf(14, "sum"), int(S::Comment));

    QCOMPARE(styleOf(2, "#map"), int(S::Attribute));
    QCOMPARE(styleOf(2, "affine_map"), int(S::Attribute));
    QCOMPARE(styleOf(2, "(d0)", 1), int(S::Attribute)); // after the `->`
    QCOMPARE(styleOf(2, ">", 1), int(S::Attribute));    // closing `>`
    QCOMPARE(styleOf(3, "127"), int(S::Attribute));
    QCOMPARE(styleOf(3, ")>"), int(S::Attribute));
    QCOMPARE(styleOf(8, "#ktdp.memory_space"), int(S::Attribute));
    QCOMPARE(styleOf(8, "global"), int(S::Attribute));

    QCOMPARE(styleOf(4, "module"), int(S::Keyword));
    QCOMPARE(styleOf(5, "attributes"), int(S::Keyword));
    QCOMPARE(styleOf(7, "sizes"), int(S::Keyword));
    QCOMPARE(styleOf(7, "strides"), int(S::Keyword));
    QCOMPARE(styleOf(13, "to"), int(S::Keyword));
    QCOMPARE(styleOf(13, "step"), int(S::Keyword));
    QCOMPARE(styleOf(13, "iter_args"), int(S::Keyword));
    QCOMPARE(styleOf(18, "ins"), int(S::Keyword));

    QCOMPARE(styleOf(5, "func.func"), int(S::OpName));
    QCOMPARE(styleOf(5, "func.func", 0, 6), int(S::OpName));
    QCOMPARE(styleOf(6, "arith.constant"), int(S::OpName));
    QCOMPARE(styleOf(7, "ktdp.construct_memory_view"), int(S::OpName));
    QCOMPARE(styleOf(13, "scf.for"), int(S::OpName));
    QCOMPARE(styleOf(18, "linalg.generic"), int(S::OpName));
    QCOMPARE(styleOf(24, "return"), int(S::OpName));
    QCOMPARE(styleOf(11, "\"test.op\""), int(S::OpName)); // generic form

    QCOMPARE(styleOf(5, "@k"), int(S::Symbol));
    QCOMPARE(styleOf(5, "%x_ptr"), int(S::SsaValue));
    QCOMPARE(styleOf(5, "%x_ptr", 0, 5), int(S::SsaValue));
    QCOMPARE(styleOf(6, "%c0"), int(S::SsaValue));
    QCOMPARE(styleOf(12, "%g:2"), int(S::SsaValue));
    QCOMPARE(styleOf(14, "%g#1"), int(S::SsaValue));
    QCOMPARE(styleOf(14, "%g#1", 0, 3), int(S::SsaValue));
    QCOMPARE(styleOf(19, "^bb0"), int(S::BlockLabel));

    QCOMPARE(styleOf(5, "index"), int(S::Type));
    QCOMPARE(styleOf(9, "memref<128xf16>"), int(S::Type));
    QCOMPARE(styleOf(9, "xf16>"), int(S::Type));
    QCOMPARE(styleOf(10, "f16"), int(S::Type));
    QCOMPARE(styleOf(11, "i32"), int(S::Type));
    QCOMPARE(styleOf(17, "!ktdp.access_tile<4x256xindex>"), int(S::Type));
    QCOMPARE(styleOf(17, "xindex>"), int(S::Type));
    QCOMPARE(styleOf(17, "tensor<4x256xf16>"), int(S::Type));
    QCOMPARE(styleOf(22, "!spyreop.df16"), int(S::Type));

    QCOMPARE(styleOf(6, "0 :"), int(S::Number));
    QCOMPARE(styleOf(10, "0xFC00"), int(S::Number));
    QCOMPARE(styleOf(10, "0xFC00", 0, 5), int(S::Number));
    QCOMPARE(styleOf(23, "1.5e-3"), int(S::Number));
    QCOMPARE(styleOf(23, "1.5e-3", 0, 5), int(S::Number));
    QCOMPARE(styleOf(5, "32"), int(S::Number));

    QCOMPARE(styleOf(11, "\"hi there\""), int(S::String));
    QCOMPARE(styleOf(11, "there"), int(S::String));

    QCOMPARE(styleOf(4, "{"), int(S::Punctuation));
    QCOMPARE(styleOf(6, "="), int(S::Punctuation));
    QCOMPARE(styleOf(13, "->"), int(S::Punctuation));
    QCOMPARE(styleOf(7, "memory_space", 0), -100); // not on line 7
    QCOMPARE(styleOf(8, "memory_space"), int(S::Default));
  }

  void lexerRobustness() {
    using S = KtirLexer::Style;
    // Unterminated string and unterminated `<...>` end at the end of line
    // and do not leak into the next line.
    ed->setText(QStringLiteral("%s = \"never closed\n"
                               "%t : tensor<4x<8xf16\n"
                               "%u = arith.addf %s, %t : f16\n"
                               "\"\n<<<>>>> -> !a<\n"));
    ed->recolor();
    QCOMPARE(styleOf(1, "closed"), int(S::String));
    QCOMPARE(styleOf(2, "f16"), int(S::Type));
    QCOMPARE(styleOf(3, "%u"), int(S::SsaValue));
    QCOMPARE(styleOf(3, "arith.addf"), int(S::OpName));
    QCOMPARE(styleOf(4, "\""), int(S::String));

    // The pure per-line styler handles every byte value without hanging.
    QByteArray all;
    for (int c = 1; c < 256; ++c)
      all.append(char(c));
    QCOMPARE(KtirLexer::styleLine(all).size(), all.size());
    QCOMPARE(KtirLexer::styleLine(QByteArray()).size(), 0);

    // Restyling a sub-range starting mid-line keeps the result consistent.
    ed->setText(QString::fromUtf8(kSnippet));
    ed->recolor(posOf(14, "%acc"), posOf(14, "sum"));
    QCOMPARE(styleOf(14, "%t"), int(S::SsaValue));
    QCOMPARE(styleOf(14, "sum"), int(S::Comment));
  }

  void darkTheme() {
    KtirLexer *lex = ed->ktirLexer();
    const QColor light = lex->color(KtirLexer::Keyword);
    QCOMPARE(light, lex->defaultColor(KtirLexer::Keyword));
    ed->setDarkTheme(true);
    QVERIFY(ed->isDarkTheme());
    QVERIFY(lex->color(KtirLexer::Keyword) != light);
    QVERIFY(lex->paper(KtirLexer::Default).lightness() < 80);
    ed->setDarkTheme(false);
    QCOMPARE(lex->color(KtirLexer::Keyword), light);
    QVERIFY(lex->paper(KtirLexer::Default).lightness() > 200);
    QCOMPARE(QString::fromLatin1(lex->language()), QStringLiteral("KTIR"));
    for (int s = 0; s < KtirLexer::StyleCount; ++s)
      QVERIFY(!lex->description(s).isEmpty());
    QVERIFY(lex->description(KtirLexer::StyleCount).isEmpty());
  }

  void diagnostics() {
    Diagnostic err;
    err.severity = Diagnostic::Severity::Error;
    err.line = 14;
    err.column = 12; // the `arith.addf` token
    err.message = "operand types do not match";
    err.pass = "verify";
    Diagnostic warn;
    warn.severity = Diagnostic::Severity::Warning;
    warn.line = 17;
    warn.column = 0; // unknown: whole line
    warn.message = "access tile is not aligned";
    Diagnostic past;
    past.severity = Diagnostic::Severity::Error;
    past.line = 1000; // clamped to the last line
    past.message = "past the end";
    ed->setDiagnostics({err, warn, past});

    QCOMPARE(ed->diagnosticMessagesAt(14),
             QStringList{QStringLiteral("operand types do not match")});
    QCOMPARE(ed->diagnosticMessagesAt(17),
             QStringList{QStringLiteral("access tile is not aligned")});
    QVERIFY(ed->diagnosticMessagesAt(13).isEmpty());
    QCOMPARE(ed->diagnosticMessagesAt(ed->lines()),
             QStringList{QStringLiteral("past the end")});

    QVERIFY(markers(14) & (1u << CodeEditor::ErrorMarker));
    QVERIFY(!(markers(14) & (1u << CodeEditor::WarningMarker)));
    QVERIFY(markers(17) & (1u << CodeEditor::WarningMarker));
    QVERIFY(!(markers(13) & (1u << CodeEditor::ErrorMarker)));

    const int op = posOf(14, "arith.addf");
    QCOMPARE(op, int(ed->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE,
                                       13UL)) + 11);
    QVERIFY(indicatorAt(CodeEditor::ErrorIndicator, op));
    QVERIFY(indicatorAt(CodeEditor::ErrorIndicator, op + 9));
    QVERIFY(!indicatorAt(CodeEditor::ErrorIndicator, op + 10)); // the space
    QVERIFY(!indicatorAt(CodeEditor::ErrorIndicator, op - 1));
    QVERIFY(!indicatorAt(CodeEditor::ErrorIndicator, posOf(13, "scf.for")));
    QVERIFY(indicatorAt(CodeEditor::WarningIndicator, posOf(17, "%a")));
    QVERIFY(indicatorAt(CodeEditor::WarningIndicator, posOf(17, "xf16>")));

    const QString tip = ed->diagnosticToolTipAt(14);
    QVERIFY2(tip.contains(QStringLiteral("error: operand types do not match")),
             qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("[verify]")));
    QVERIFY(ed->diagnosticToolTipAt(17).startsWith(QStringLiteral("warning: ")));

    // Diagnostics follow their line when text is inserted above.
    ed->insertAt(QStringLiteral("// new first line\n"), 0, 0);
    QCOMPARE(ed->diagnosticMessagesAt(15),
             QStringList{QStringLiteral("operand types do not match")});

    ed->clearDiagnostics();
    QVERIFY(ed->diagnosticMessagesAt(15).isEmpty());
    QVERIFY(ed->diagnosticToolTipAt(15).isEmpty());
    QVERIFY(!(markers(15) & (1u << CodeEditor::ErrorMarker)));
    QVERIFY(!(markers(18) & (1u << CodeEditor::WarningMarker)));
    QVERIFY(!indicatorAt(CodeEditor::ErrorIndicator, posOf(15, "arith.addf")));
    QVERIFY(!indicatorAt(CodeEditor::WarningIndicator, posOf(18, "%a")));
  }

  void definitions() {
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%c0")), 6);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("c0")), 6);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%x_ptr")), 5);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%n")), 5);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%v")), 7);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%g#1")), 12);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%i")), 13);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%acc")), 13);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%t")), 14);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%in")), 19);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%out")), 19);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%e")), 20);
    QCOMPARE(ed->definitionLineOf(QStringLiteral("%nope")), -1);
    QCOMPARE(ed->definitionLineOf(QString()), -1);

    QCOMPARE(ed->ssaNameAt(posOf(15, "%t") + 1), QStringLiteral("%t"));
    QCOMPARE(ed->ssaNameAt(posOf(14, "%g#1")), QStringLiteral("%g"));
    QVERIFY(ed->ssaNameAt(posOf(15, "scf.yield")).isEmpty());

    QSignalSpy spy(ed, &CodeEditor::definitionJumped);
    QVERIFY(ed->jumpToDefinitionAt(posOf(15, "%t") + 1));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 14);
    int line = -1, index = -1;
    ed->getCursorPosition(&line, &index);
    QCOMPARE(line, 13);
    QCOMPARE(index, 6);
    QVERIFY(!ed->jumpToDefinitionAt(posOf(15, "scf.yield")));
    QCOMPARE(spy.count(), 1);
  }

  void ctrlClickJumps() {
    ed->show();
    QVERIFY(QTest::qWaitForWindowExposed(ed));
    QSignalSpy spy(ed, &CodeEditor::definitionJumped);
    const int pos = posOf(15, "%t") + 1;
    const int x = int(ed->SendScintilla(QsciScintilla::SCI_POINTXFROMPOSITION,
                                        0UL, static_cast<long>(pos)));
    const int y = int(ed->SendScintilla(QsciScintilla::SCI_POINTYFROMPOSITION,
                                        0UL, static_cast<long>(pos)));
    QTest::mouseClick(ed->viewport(), Qt::LeftButton, Qt::ControlModifier,
                      QPoint(x + 2, y + ed->textHeight(14) / 2));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 14);
  }

  void hoverShowsDiagnostic() {
    ed->show();
    QVERIFY(QTest::qWaitForWindowExposed(ed));
    Diagnostic err;
    err.severity = Diagnostic::Severity::Error;
    err.line = 6;
    err.column = 5;
    err.message = "use of undefined value";
    ed->setDiagnostics({err});
    const int pos = posOf(6, "arith.constant");
    const int x = int(ed->SendScintilla(QsciScintilla::SCI_POINTXFROMPOSITION,
                                        0UL, static_cast<long>(pos)));
    const int y = int(ed->SendScintilla(QsciScintilla::SCI_POINTYFROMPOSITION,
                                        0UL, static_cast<long>(pos)));
    // What Scintilla emits after the mouse rests over the text ...
    emit ed->SCN_DWELLSTART(pos, x + 2, y + 2);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains(QStringLiteral("use of undefined value")),
             qPrintable(QToolTip::text()));
    emit ed->SCN_DWELLEND(pos, x + 2, y + 2);
    QTRY_VERIFY(!QToolTip::isVisible());
    // ... and over the marker margin (no text position there).
    emit ed->SCN_DWELLSTART(-1, ed->marginWidth(0) + 3, y + 2);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY(QToolTip::text().startsWith(QStringLiteral("error: ")));
    emit ed->SCN_DWELLEND(-1, 0, 0);
    // A line without diagnostics shows nothing.
    QTRY_VERIFY(!QToolTip::isVisible());
    const int y7 = int(ed->SendScintilla(
        QsciScintilla::SCI_POINTYFROMPOSITION, 0UL,
        static_cast<long>(posOf(7, "%v"))));
    emit ed->SCN_DWELLSTART(posOf(7, "%v"), x + 2, y7 + 2);
    QVERIFY(!QToolTip::isVisible());
  }

  void autoIndent() {
    ed->setText(QStringLiteral("module {"));
    ed->recolor();
    ed->setCursorPosition(0, 8);
    QTest::keyClick(ed, Qt::Key_Return);
    QTest::keyClicks(ed, QStringLiteral("%a"));
    QCOMPARE(ed->text(1), QStringLiteral("  %a"));
    QTest::keyClick(ed, Qt::Key_Return);
    QCOMPARE(ed->text(2), QStringLiteral("  "));
  }

  void highlight() {
    ed->highlightLines({2, 4, 9999, 0});
    QVERIFY(markers(2) & (1u << CodeEditor::HighlightMarker));
    QVERIFY(markers(4) & (1u << CodeEditor::HighlightMarker));
    QVERIFY(!(markers(3) & (1u << CodeEditor::HighlightMarker)));
    ed->highlightLines({3});
    QVERIFY(!(markers(2) & (1u << CodeEditor::HighlightMarker)));
    QVERIFY(markers(3) & (1u << CodeEditor::HighlightMarker));
    ed->clearHighlightedLines();
    QVERIFY(!(markers(3) & (1u << CodeEditor::HighlightMarker)));
  }

  void folding() {
    auto level = [&](int line) {
      return int(ed->SendScintilla(QsciScintilla::SCI_GETFOLDLEVEL,
                                   static_cast<unsigned long>(line - 1)));
    };
    const int base = QsciScintilla::SC_FOLDLEVELBASE;
    const int header = QsciScintilla::SC_FOLDLEVELHEADERFLAG;
    const int mask = QsciScintilla::SC_FOLDLEVELNUMBERMASK;
    QVERIFY(!(level(1) & header));
    QCOMPARE(level(4) & mask, base);          // module {
    QVERIFY(level(4) & header);
    QCOMPARE(level(5) & mask, base + 1);      // func.func ... {
    QVERIFY(level(5) & header);
    QCOMPARE(level(6) & mask, base + 2);
    QVERIFY(!(level(6) & header));
    QCOMPARE(level(13) & mask, base + 2);     // scf.for ... {
    QVERIFY(level(13) & header);
    QCOMPARE(level(14) & mask, base + 3);
    // A closing brace belongs to the outer level, so it stays visible
    // when the block is folded (and `} else {` lines become headers).
    QCOMPARE(level(16) & mask, base + 2);
    QCOMPARE(level(17) & mask, base + 2);
    QCOMPARE(level(22) & mask, base + 2);     // } -> !spyreop.df16
    QCOMPARE(level(26) & mask, base);         // the final }
    QCOMPARE(ed->SendScintilla(QsciScintilla::SCI_GETLASTCHILD, 12UL, -1L), 14L);

    // Folding actually hides the body.
    ed->SendScintilla(QsciScintilla::SCI_FOLDLINE, 12UL,
                      long(QsciScintilla::SC_FOLDACTION_CONTRACT));
    QVERIFY(!ed->SendScintilla(QsciScintilla::SCI_GETLINEVISIBLE, 13UL));
    QVERIFY(!ed->SendScintilla(QsciScintilla::SCI_GETLINEVISIBLE, 14UL));
    QVERIFY(ed->SendScintilla(QsciScintilla::SCI_GETLINEVISIBLE, 15UL));
    QVERIFY(ed->SendScintilla(QsciScintilla::SCI_GETLINEVISIBLE, 16UL));

    // Editing keeps levels consistent: remove the scf.for body's brace.
    ed->SendScintilla(QsciScintilla::SCI_FOLDALL,
                      long(QsciScintilla::SC_FOLDACTION_EXPAND));
    ed->setText(QStringLiteral("a {\nb\n} else {\nc\n}\nd\n"));
    ed->recolor();
    QVERIFY(level(1) & header);
    QCOMPARE(level(2) & mask, base + 1);
    QCOMPARE(level(3) & mask, base);
    QVERIFY(level(3) & header);
    QCOMPARE(level(4) & mask, base + 1);
    QCOMPARE(level(6) & mask, base);
    QVERIFY(!(level(6) & header));
    // Typing an opening brace restyles and re-levels the following lines.
    ed->insertAt(QStringLiteral(" {"), 5, 1); // "d {"
    ed->insertAt(QStringLiteral("e\n"), 6, 0);
    ed->recolor();
    QVERIFY(level(6) & header);
    QCOMPARE(level(7) & mask, base + 1);
  }

  void readOnlyToggleAndMargins() {
    QSignalSpy spy(ed, &CodeEditor::readOnlyChanged);
    QVERIFY(!ed->isReadOnly());
    ed->toggleReadOnly();
    QVERIFY(ed->isReadOnly());
    QCOMPARE(spy.count(), 1);
    ed->setReadOnly(true);
    QCOMPARE(spy.count(), 1);
    ed->toggleReadOnly();
    QVERIFY(!ed->isReadOnly());

    const int narrow = ed->marginWidth(CodeEditor::LineNumberMargin);
    QVERIFY(narrow > 0);
    QString big;
    for (int i = 0; i < 12000; ++i)
      big += QStringLiteral("%x = arith.constant 0 : index\n");
    ed->setText(big);
    QVERIFY(ed->marginWidth(CodeEditor::LineNumberMargin) > narrow);
    QVERIFY(ed->marginWidth(CodeEditor::FoldMargin) > 0);
    QVERIFY(ed->marginWidth(CodeEditor::DiagnosticMargin) > 0);
  }
};

QTEST_MAIN(CodeEditorTest)
#include "CodeEditorTest.moc"
