//===- LineDiff.h - line and word diff of two texts -------------*- C++ -*-===//
//
// A Myers O(ND) diff (linear-space, divide and conquer) on lines, with the
// removed/added runs between two matching lines paired up line by line as
// "changed" lines, and for every changed pair the word-level ranges that
// differ. Used by IrDiffView; uses only Qt's strings, containers and
// QRegularExpression.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_LINEDIFF_H
#define SPYRE_VIEWS_LINEDIFF_H

#include <QString>
#include <QStringList>
#include <QVector>

#include <vector>

class LineDiff {
public:
  enum class Kind {
    Same,    ///< the line is on both sides, unchanged
    Removed, ///< left only
    Added,   ///< right only
    Changed, ///< paired with a line of the other side that differs
  };

  /// A character range [start, start + length) inside one line (QString
  /// indices, i.e. UTF-16 code units).
  struct Range {
    int start = 0;
    int length = 0;
    bool operator==(const Range &o) const {
      return start == o.start && length == o.length;
    }
    bool operator!=(const Range &o) const { return !(*this == o); }
  };

  struct Line {
    Kind kind = Kind::Same;
    int counterpart = -1;  ///< 0-based line on the other side, or -1
    QVector<Range> words;  ///< Changed lines: the ranges that differ
  };

  /// One line of the unified ("inline") view.
  struct UnifiedLine {
    Kind kind = Kind::Same; ///< Same, Removed or Added (never Changed)
    bool changed = false;   ///< part of a Changed pair
    int leftLine = -1;      ///< 0-based left line, or -1 for added lines
    int rightLine = -1;     ///< 0-based right line, or -1 for removed lines
    QString text;           ///< the line, without prefix
    QVector<Range> words;   ///< changed words (indices into `text`)
  };

  struct Options {
    /// Lines that differ only in whitespace (re-indented, spaces added or
    /// removed) count as the same line: they are aligned and not marked.
    bool ignoreWhitespace = false;
    /// Lines that differ only in the numbers of SSA values (%9 / %11,
    /// %arg2, %5#1) and blocks (^bb3) count as the same line; inside a
    /// changed line such numbers are not marked.
    bool ignoreValueNumbering = false;
  };

  /// A run of consecutive non-Same lines: left [leftStart, leftStart +
  /// leftCount) against right [rightStart, rightStart + rightCount); a count
  /// may be 0 (pure insertion / deletion; the start is then where it goes).
  struct Hunk {
    int leftStart = 0, leftCount = 0, rightStart = 0, rightCount = 0;
    bool operator==(const Hunk &o) const {
      return leftStart == o.leftStart && leftCount == o.leftCount &&
             rightStart == o.rightStart && rightCount == o.rightCount;
    }
  };

  LineDiff() = default;

  /// Splits both texts with splitLines() and diffs them.
  static LineDiff compute(const QString &left, const QString &right);
  static LineDiff compute(const QString &left, const QString &right, Options options);
  /// Lines are matched exactly (or, with ignoreWhitespace, by their
  /// whitespace-normalised form). Within a run of removed and added lines
  /// between two matches, lines are paired as "changed" only when they
  /// share at least 40 % of their words (in order, the best-scoring
  /// pairing); other lines stay removed / added, so unrelated lines are not
  /// word-diffed against each other.
  static LineDiff compute(const QStringList &left, const QStringList &right);
  static LineDiff compute(const QStringList &left, const QStringList &right,
                          Options options);

  /// The line with every run of whitespace turned into one space and none
  /// at either end: the key lines are matched by when ignoring whitespace.
  static QString normalizedWhitespace(const QString &line);
  /// The line with the digits of every numbered SSA value and block
  /// replaced by '#' ("%12 = arith.addf %9, %arg1" -> "%# = arith.addf %#,
  /// %arg#"): the key lines are matched by when ignoring value numbering.
  static QString normalizedNumbering(const QString &line);
  /// The share of words (non-whitespace tokens) two lines have in common,
  /// as a multiset: 2 * common / (words(a) + words(b)), 1 for two empty
  /// lines.
  static double similarity(const QString &a, const QString &b);

  /// Splits on '\n' (a trailing '\r' is dropped); a final newline does not
  /// start another line; an empty text has no lines.
  static QStringList splitLines(const QString &text);

  /// Tokens of a line: identifiers ([A-Za-z_][A-Za-z0-9_]*), numbers (a
  /// digit followed by letters, digits, '_' or '.'), runs of whitespace, and
  /// single punctuation characters (any other character).
  static QVector<Range> tokenize(const QString &line);

  /// Word diff of two lines: the differing ranges of each side. Whitespace
  /// is never a word: only non-whitespace tokens are matched, adjacent
  /// differing tokens (with the whitespace between them) are merged, so
  /// re-indentation alone marks nothing.
  static void wordDiff(const QString &left, const QString &right,
                       QVector<Range> *leftRanges, QVector<Range> *rightRanges,
                       bool ignoreValueNumbering = false);

  /// Longest common subsequence of two id sequences as matched index pairs
  /// (ascending), by Myers' linear-space O((N+M)D) algorithm.
  static std::vector<std::pair<int, int>> matchSequences(const std::vector<int> &a,
                                                         const std::vector<int> &b);

  const QStringList &leftLines() const { return leftText; }
  const QStringList &rightLines() const { return rightText; }
  const QVector<Line> &left() const { return leftRows; }
  const QVector<Line> &right() const { return rightRows; }
  const QVector<UnifiedLine> &unified() const { return unifiedRows; }

  /// The unified view as text: "  " / "- " / "+ " prefixed lines, '\n'
  /// separated (no final newline).
  QString unifiedText() const;

  /// 0-based left lines of the given kind (and the same for right).
  QVector<int> leftLinesOfKind(Kind kind) const;
  QVector<int> rightLinesOfKind(Kind kind) const;

  /// For each left line, the right line it corresponds to for synchronised
  /// scrolling (its counterpart, or the right line where it would be); and
  /// the reverse.
  const QVector<int> &leftToRight() const { return leftScroll; }
  const QVector<int> &rightToLeft() const { return rightScroll; }

  bool identical() const;
  /// The runs of changes, top to bottom.
  const QVector<Hunk> &hunks() const { return hunkList; }

private:
  QStringList leftText, rightText;
  QVector<Line> leftRows, rightRows;
  QVector<UnifiedLine> unifiedRows;
  QVector<int> leftScroll, rightScroll;
  QVector<Hunk> hunkList;
};

#endif
