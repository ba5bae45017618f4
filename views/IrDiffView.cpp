//===- IrDiffView.cpp - two IR texts side by side, diffed -----------------===//
#include "IrDiffView.h"

#include "FindBar.h"
#include "IrPane.h"
#include "MarkerLines.h"

#include <Qsci/qsciscintilla.h>

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QToolButton>

#include <QEvent>
#include <QFontDatabase>
#include <QLabel>
#include <QMouseEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace {

using Sci = QsciScintillaBase;

QWidget *titled(QLabel *title, QWidget *body) {
  auto *w = new QWidget;
  auto *l = new QVBoxLayout(w);
  l->setContentsMargins(0, 0, 0, 0);
  l->setSpacing(2);
  l->addWidget(title);
  l->addWidget(body, 1);
  return w;
}

QLabel *makeTitle(const char *objectName) {
  auto *label = new QLabel;
  label->setObjectName(QLatin1String(objectName));
  label->setTextFormat(Qt::PlainText);
  QFont f = label->font();
  f.setBold(true);
  label->setFont(f);
  return label;
}

/// The scroll target in the other pane for `line` of this pane.
int mapLine(const QVector<int> &map, int line) {
  if (map.isEmpty())
    return 0;
  if (line < map.size())
    return map[line];
  return map.back() + (line - (map.size() - 1));
}

} // namespace

IrDiffView::IrDiffView(QWidget *parent) : QWidget(parent) {
  leftTitleLabel = makeTitle("leftIrTitle");
  rightTitleLabel = makeTitle("rightIrTitle");
  inlineTitleLabel = makeTitle("inlineIrTitle");
  leftIr = makePane("leftIrPane");
  rightIr = makePane("rightIrPane");
  inlineIr = makePane("inlineIrPane");

  auto *splitter = new QSplitter(Qt::Horizontal);
  splitter->setObjectName("irSplitter");
  splitter->setChildrenCollapsible(false);
  splitter->addWidget(titled(leftTitleLabel, leftIr));
  splitter->addWidget(titled(rightTitleLabel, rightIr));

  stack = new QStackedWidget;
  stack->addWidget(splitter);
  stack->addWidget(titled(inlineTitleLabel, inlineIr));

  // The note shown over stale IR ("last successful compile, ...").
  staleBanner = new QLabel;
  staleBanner->setObjectName("staleBanner");
  staleBanner->setWordWrap(true);
  staleBanner->setContentsMargins(6, 3, 6, 3);
  staleBanner->setStyleSheet(QStringLiteral(
      "QLabel { background: #fff4ce; color: #5c4400; border: 1px solid #e0c46c; }"));
  staleBanner->hide();

  // Change navigation, count and options.
  prevChange = new QAction(tr("Previous Change"), this);
  prevChange->setObjectName("prevChangeAction");
  prevChange->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F7));
  prevChange->setToolTip(tr("Previous change (Shift+F7)"));
  prevChange->setIconText(QStringLiteral("\u25b2"));
  connect(prevChange, &QAction::triggered, this, [this] { goToChange(currentHunk - 1); });
  nextChange = new QAction(tr("Next Change"), this);
  nextChange->setObjectName("nextChangeAction");
  nextChange->setShortcut(QKeySequence(Qt::Key_F7));
  nextChange->setToolTip(tr("Next change (F7)"));
  nextChange->setIconText(QStringLiteral("\u25bc"));
  connect(nextChange, &QAction::triggered, this, [this] { goToChange(currentHunk + 1); });
  auto toolButton = [this](QAction *action, const char *name) {
    auto *b = new QToolButton(this);
    b->setDefaultAction(action);
    b->setObjectName(QLatin1String(name));
    b->setAutoRaise(true);
    return b;
  };
  changeCount = new QLabel;
  changeCount->setObjectName("changeCount");
  changeCount->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("change 88 of 88")));
  ignoreWhitespaceBox = new QCheckBox(tr("Ignore whitespace"));
  ignoreWhitespaceBox->setObjectName("ignoreWhitespace");
  ignoreWhitespaceBox->setToolTip(
      tr("Lines that differ only in indentation or spacing count as unchanged"));
  ignoreWhitespaceBox->setChecked(ignoringWhitespace);
  connect(ignoreWhitespaceBox, &QCheckBox::toggled, this, &IrDiffView::setIgnoreWhitespace);
  ignoreNumberingBox = new QCheckBox(tr("Ignore value numbering"));
  ignoreNumberingBox->setObjectName("ignoreValueNumbering");
  ignoreNumberingBox->setToolTip(
      tr("Lines that differ only in the numbers of SSA values (%9 → %11) or "
         "blocks (^bb2 → ^bb3) count as unchanged"));
  connect(ignoreNumberingBox, &QCheckBox::toggled, this,
          &IrDiffView::setIgnoreValueNumbering);
  wrapBox = new QCheckBox(tr("Wrap lines"));
  wrapBox->setObjectName("wrapLines");
  wrapBox->setToolTip(tr("Wrap long lines, so changes far to the right are visible"));
  connect(wrapBox, &QCheckBox::toggled, this, &IrDiffView::setWrapLines);
  auto *navRow = new QHBoxLayout;
  navRow->setContentsMargins(0, 0, 0, 0);
  navRow->setSpacing(4);
  navRow->addWidget(toolButton(prevChange, "prevChange"));
  navRow->addWidget(toolButton(nextChange, "nextChange"));
  navRow->addWidget(changeCount);
  navRow->addStretch(1);
  navRow->addWidget(ignoreWhitespaceBox);
  navRow->addWidget(ignoreNumberingBox);
  navRow->addWidget(wrapBox);
  // A narrow IR dock keeps the change count whole: the checkboxes' texts
  // shorten (their tooltips say all).
  ignoreNumberingBox->setText(tr("Ignore %N"));

  // Search inside a pane (Ctrl+F with the focus in it, or its menu).
  finder = new FindBar(rightIr, this);
  finder->setObjectName("irFindBar");
  finder->setReplaceAllowed(false);

  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addLayout(navRow);
  layout->addWidget(staleBanner);
  layout->addWidget(stack, 1);
  layout->addWidget(finder);

  // Synchronised scrolling. QScintilla moves its scroll bars with signals
  // blocked, so wheel/keyboard/programmatic scrolls are only reported by
  // SCN_UPDATEUI (asynchronously, when the pane repaints). A scroll we make
  // ourselves is remembered in expectedTop and its echo ignored, so the
  // panes never drive each other in a loop.
  for (QsciScintilla *pane : {leftIr, rightIr}) {
    connect(pane, &QsciScintillaBase::SCN_UPDATEUI, this, [this, pane](int updated) {
      if (updated & QsciScintillaBase::SC_UPDATE_V_SCROLL)
        syncFrom(pane);
      if (updated & QsciScintillaBase::SC_UPDATE_H_SCROLL)
        syncHorizontalFrom(pane);
    });
  }
  updateChangeCount();
}

IrDiffView::~IrDiffView() = default;

IrPane *IrDiffView::makePane(const char *objectName) {
  auto *p = new IrPane(QLatin1String(objectName));
  connect(p, &QsciScintilla::marginClicked, this,
          [this, p](int, int line, Qt::KeyboardModifiers) { paneLineClicked(p, line); });
  connect(p, &IrPane::findRequested, this, [this, p] { openFind(p); });
  connect(p, &IrPane::runSnapshotRequested, this, &IrDiffView::runSnapshotRequested);
  p->viewport()->installEventFilter(this);
  return p;
}

void IrDiffView::setSnapshotPasses(const QString &left, const QString &right) {
  leftIr->setSnapshotPass(left);
  rightIr->setSnapshotPass(right);
  inlineIr->setSnapshotPass(right);
}

void IrDiffView::setDarkTheme(bool dark) {
  darkTheme = dark;
  for (IrPane *pane : {leftIr, rightIr, inlineIr})
    pane->setDarkTheme(dark);
}

void IrDiffView::setStale(const QString &note) {
  stale = !note.isEmpty();
  staleBanner->setText(note);
  staleBanner->setVisible(stale);
  for (IrPane *pane : {leftIr, rightIr, inlineIr})
    pane->setMuted(stale);
}

void IrDiffView::setIgnoreWhitespace(bool on) {
  if (ignoreWhitespaceBox->isChecked() != on)
    ignoreWhitespaceBox->setChecked(on); // comes back here
  if (on == ignoringWhitespace)
    return;
  ignoringWhitespace = on;
  rediff();
}

void IrDiffView::setIgnoreValueNumbering(bool on) {
  if (ignoreNumberingBox->isChecked() != on)
    ignoreNumberingBox->setChecked(on); // comes back here
  if (on == ignoringNumbering)
    return;
  ignoringNumbering = on;
  rediff();
}

LineDiff::Options IrDiffView::diffOptions() const {
  LineDiff::Options o;
  o.ignoreWhitespace = ignoringWhitespace;
  o.ignoreValueNumbering = ignoringNumbering;
  return o;
}

void IrDiffView::setWrapLines(bool on) {
  if (wrapBox->isChecked() != on)
    wrapBox->setChecked(on);
  for (IrPane *pane : {leftIr, rightIr, inlineIr})
    pane->setWrapMode(on ? QsciScintilla::WrapWord : QsciScintilla::WrapNone);
}

bool IrDiffView::wrapLines() const { return wrapBox->isChecked(); }

void IrDiffView::setZoom(int zoom) {
  for (IrPane *pane : {leftIr, rightIr, inlineIr})
    pane->zoomTo(zoom);
}

void IrDiffView::openFind(QsciScintilla *pane) {
  if (!pane)
    pane = inlineShown ? inlineIr : rightIr;
  finder->setEditor(pane);
  finder->open(false);
}

QsciScintilla *IrDiffView::focusedPane() const {
  for (IrPane *pane : {leftIr, rightIr, inlineIr})
    if (pane->hasFocus() && pane->isVisible())
      return pane;
  return nullptr;
}

void IrDiffView::rediff() {
  lineDiff = LineDiff::compute(leftText, rightText, diffOptions());
  applyDiffMarks();
  applyInline();
  currentHunk = -1;
  updateChangeCount();
}

void IrDiffView::updateChangeCount() {
  const int n = lineDiff.hunks().size();
  if (n == 0)
    changeCount->setText(tr("no changes"));
  else if (currentHunk < 0)
    changeCount->setText(n == 1 ? tr("1 change") : tr("%1 changes").arg(n));
  else
    changeCount->setText(tr("change %1 of %2").arg(currentHunk + 1).arg(n));
  prevChange->setEnabled(n > 0);
  nextChange->setEnabled(n > 0);
}

void IrDiffView::goToChange(int index) {
  const QVector<LineDiff::Hunk> &hunks = lineDiff.hunks();
  if (hunks.isEmpty())
    return;
  // Wraps around at both ends.
  const int n = hunks.size();
  currentHunk = ((index % n) + n) % n;
  const LineDiff::Hunk &h = hunks.at(currentHunk);
  updateChangeCount();

  // Select the first changed word (or the first changed line) in the pane
  // that has it; the panes then show it from the line's start, scrolled
  // right only as far as a word off the right edge needs (the caret at a
  // selection's end would scroll a long added line to its end).
  struct Word {
    int line = -1, from = 0, to = 0;
  };
  auto selectIn = [](IrPane *pane, int line, const LineDiff::Line *info, const QString &text) {
    int from = 0, to = 0; // a whole line: its start is what matters
    if (info && !info->words.isEmpty()) {
      from = info->words.front().start;
      to = from + info->words.front().length;
    }
    Word w{line, int(text.left(from).toUtf8().size()), int(text.left(to).toUtf8().size())};
    pane->ensureLineVisible(line);
    if (w.from == w.to)
      pane->setSelection(line, 0, line, int(text.toUtf8().size()));
    else
      pane->setSelection(line, w.from, line, w.to);
    return w;
  };
  if (inlineShown) {
    for (int i = 0; i < lineDiff.unified().size(); ++i) {
      const LineDiff::UnifiedLine &u = lineDiff.unified().at(i);
      if ((u.leftLine >= h.leftStart && u.leftLine < h.leftStart + h.leftCount) ||
          (u.rightLine >= h.rightStart && u.rightLine < h.rightStart + h.rightCount)) {
        scrollToLine(inlineIr, std::max(0, i - 3));
        inlineIr->setSelection(i, 0, i, 1);
        inlineIr->SendScintilla(QsciScintillaBase::SCI_SETXOFFSET, 0UL);
        break;
      }
    }
    return;
  }
  syncing = true;
  scrollToLine(leftIr, std::max(0, h.leftStart - 3));
  scrollToLine(rightIr, std::max(0, h.rightStart - 3));
  expectedTop[0] = firstVisibleLine(leftIr);
  expectedTop[1] = firstVisibleLine(rightIr);
  Word right, left;
  if (h.rightCount > 0)
    right = selectIn(rightIr, h.rightStart, &lineDiff.right().at(h.rightStart),
                     lineDiff.rightLines().at(h.rightStart));
  if (h.leftCount > 0)
    left = selectIn(leftIr, h.leftStart, &lineDiff.left().at(h.leftStart),
                    lineDiff.leftLines().at(h.leftStart));
  // One offset for both panes (they scroll sideways together): the right
  // pane's word decides, else the left's.
  int x = 0;
  if (right.line >= 0)
    x = rightIr->xOffsetShowing(right.line, right.from, right.to);
  else if (left.line >= 0)
    x = leftIr->xOffsetShowing(left.line, left.from, left.to);
  for (IrPane *pane : {leftIr, rightIr})
    pane->SendScintilla(QsciScintillaBase::SCI_SETXOFFSET, (unsigned long)x);
  syncing = false;
}

void IrDiffView::setTexts(const QString &left, const QString &right,
                          const QString &leftTitle, const QString &rightTitle) {
  leftText = left;
  rightText = right;
  lineDiff = LineDiff::compute(left, right, diffOptions());
  currentHunk = -1;
  leftTitleLabel->setText(leftTitle);
  rightTitleLabel->setText(rightTitle);
  auto fileName = [](QString title) {
    title.remove(QStringLiteral(" (pinned)"));
    return title.replace(QLatin1Char(' '), QLatin1Char('-')) + QStringLiteral(".mlir");
  };
  leftIr->setSnapshotName(fileName(leftTitle));
  rightIr->setSnapshotName(fileName(rightTitle));
  inlineIr->setSnapshotName(fileName(rightTitle));
  inlineTitleLabel->setText(leftTitle + QStringLiteral(" \u2192 ") + rightTitle);
  highlightedSourceLine = 0;

  syncing = true;
  leftIr->setText(left);
  rightIr->setText(right);
  // New texts start at their left edge (a change far right scrolled them).
  for (IrPane *pane : {leftIr, rightIr, inlineIr})
    pane->SendScintilla(QsciScintillaBase::SCI_SETXOFFSET, 0UL);
  syncing = false;
  expectedTop[0] = expectedTop[1] = -1;
  applyDiffMarks();
  applyInline();
  updateChangeCount();
  // An open find bar counts the matches of the new texts ("1 of 5" was
  // the previous pass's).
  if (finder->isVisible())
    finder->refreshCount();
}

void IrDiffView::setSourceMaps(std::vector<int> left, std::vector<int> right) {
  leftSourceMap = std::move(left);
  rightSourceMap = std::move(right);
}

void IrDiffView::setInlineDiff(bool on) {
  if (on == inlineShown)
    return;
  inlineShown = on;
  stack->setCurrentIndex(on ? 1 : 0);
}

void IrDiffView::markWords(QsciScintilla *pane, int line, const QString &text,
                           const QVector<LineDiff::Range> &ranges, int offset) {
  if (ranges.isEmpty())
    return;
  const long lineStart = pane->SendScintilla(Sci::SCI_POSITIONFROMLINE, (unsigned long)line);
  if (lineStart < 0)
    return;
  pane->SendScintilla(Sci::SCI_SETINDICATORCURRENT, (unsigned long)ChangedWordIndicator);
  for (const LineDiff::Range &r : ranges) {
    // Scintilla positions are UTF-8 byte offsets.
    const long from = lineStart + offset + text.left(r.start).toUtf8().size();
    const long len = text.mid(r.start, r.length).toUtf8().size();
    pane->SendScintilla(Sci::SCI_INDICATORFILLRANGE, (unsigned long)from, len);
  }
}

void IrDiffView::applyDiffMarks() {
  for (QsciScintilla *pane : {leftIr, rightIr}) {
    pane->markerDeleteAll(-1);
    pane->SendScintilla(Sci::SCI_SETINDICATORCURRENT, (unsigned long)ChangedWordIndicator);
    pane->SendScintilla(Sci::SCI_INDICATORCLEARRANGE, 0UL,
                        pane->SendScintilla(Sci::SCI_GETLENGTH));
  }
  const QVector<LineDiff::Line> &left = lineDiff.left();
  for (int i = 0; i < left.size(); ++i) {
    if (left[i].kind == LineDiff::Kind::Removed) {
      leftIr->markerAdd(i, RemovedMarker);
    } else if (left[i].kind == LineDiff::Kind::Changed) {
      leftIr->markerAdd(i, ChangedMarker);
      markWords(leftIr, i, lineDiff.leftLines().at(i), left[i].words, 0);
    }
  }
  const QVector<LineDiff::Line> &right = lineDiff.right();
  for (int i = 0; i < right.size(); ++i) {
    if (right[i].kind == LineDiff::Kind::Added) {
      rightIr->markerAdd(i, AddedMarker);
    } else if (right[i].kind == LineDiff::Kind::Changed) {
      rightIr->markerAdd(i, ChangedMarker);
      markWords(rightIr, i, lineDiff.rightLines().at(i), right[i].words, 0);
    }
  }
}

void IrDiffView::applyInline() {
  inlineIr->setText(lineDiff.unifiedText());
  inlineIr->markerDeleteAll(-1);
  const QVector<LineDiff::UnifiedLine> &lines = lineDiff.unified();
  for (int i = 0; i < lines.size(); ++i) {
    const LineDiff::UnifiedLine &u = lines[i];
    if (u.kind == LineDiff::Kind::Removed)
      inlineIr->markerAdd(i, RemovedMarker);
    else if (u.kind == LineDiff::Kind::Added)
      inlineIr->markerAdd(i, AddedMarker);
    if (u.changed)
      markWords(inlineIr, i, u.text, u.words, 2); // after "- " / "+ "
  }
}

void IrDiffView::highlightSourceLine(int line, const std::vector<int> &leftMap,
                                     const std::vector<int> &rightMap) {
  highlightedSourceLine = line;
  auto maps = [line](const std::vector<int> &map, int i) {
    return line > 0 && i >= 0 && i < int(map.size()) && map[size_t(i)] == line;
  };
  QVector<int> left, right, inlined;
  for (int i = 0; i < int(leftMap.size()); ++i)
    if (maps(leftMap, i))
      left.push_back(i);
  for (int i = 0; i < int(rightMap.size()); ++i)
    if (maps(rightMap, i))
      right.push_back(i);
  const QVector<LineDiff::UnifiedLine> &lines = lineDiff.unified();
  for (int i = 0; i < lines.size(); ++i)
    if (maps(leftMap, lines[i].leftLine) || maps(rightMap, lines[i].rightLine))
      inlined.push_back(i);
  // Panes whose marks stay (a step on the same line) are not touched: a
  // marker change repaints a pane's whole text.
  for (auto [pane, marked] : {std::pair{leftIr, &left}, std::pair{rightIr, &right},
                              std::pair{inlineIr, &inlined}}) {
    markers::setLines(pane, SourceLineMarker, *marked);
    markers::setLines(pane, SourceLineBackMarker, *marked);
  }
  if (line <= 0)
    return;

  // Bring each pane's first mark into view without dragging the other: the
  // scrolls' SCN_UPDATEUI echoes are ignored.
  const int before[2] = {firstVisibleLine(leftIr), firstVisibleLine(rightIr)};
  syncing = true;
  for (QsciScintilla *pane : {leftIr, rightIr, inlineIr}) {
    const QVector<int> marked = linesWithMarker(pane, SourceLineMarker);
    if (!marked.isEmpty())
      pane->ensureLineVisible(marked.front());
  }
  syncing = false;
  const int after[2] = {firstVisibleLine(leftIr), firstVisibleLine(rightIr)};
  for (int side = 0; side < 2; ++side)
    if (after[side] != before[side])
      expectedTop[side] = after[side];
}

void IrDiffView::revealLines(int leftLine, int rightLine) {
  const int before[2] = {firstVisibleLine(leftIr), firstVisibleLine(rightIr)};
  syncing = true;
  if (leftLine >= 0)
    leftIr->ensureLineVisible(leftLine);
  if (rightLine >= 0)
    rightIr->ensureLineVisible(rightLine);
  syncing = false;
  const int after[2] = {firstVisibleLine(leftIr), firstVisibleLine(rightIr)};
  for (int side = 0; side < 2; ++side)
    if (after[side] != before[side])
      expectedTop[side] = after[side];
}

QVector<int> IrDiffView::changedLinesLeft() const {
  return lineDiff.leftLinesOfKind(LineDiff::Kind::Changed);
}
QVector<int> IrDiffView::changedLinesRight() const {
  return lineDiff.rightLinesOfKind(LineDiff::Kind::Changed);
}
QVector<int> IrDiffView::removedLines() const {
  return lineDiff.leftLinesOfKind(LineDiff::Kind::Removed);
}
QVector<int> IrDiffView::addedLines() const {
  return lineDiff.rightLinesOfKind(LineDiff::Kind::Added);
}
QVector<int> IrDiffView::sourceHighlightedLinesLeft() const {
  return linesWithMarker(leftIr, SourceLineMarker);
}
QVector<int> IrDiffView::sourceHighlightedLinesRight() const {
  return linesWithMarker(rightIr, SourceLineMarker);
}
QVector<int> IrDiffView::sourceHighlightedLinesInline() const {
  return linesWithMarker(inlineIr, SourceLineMarker);
}

QVector<int> IrDiffView::linesWithMarker(QsciScintilla *pane, int marker) {
  return markers::linesWith(pane, marker);
}

int IrDiffView::firstVisibleLine(QsciScintilla *pane) {
  const long visible = pane->SendScintilla(Sci::SCI_GETFIRSTVISIBLELINE);
  return int(pane->SendScintilla(Sci::SCI_DOCLINEFROMVISIBLE, (unsigned long)visible));
}

void IrDiffView::scrollToLine(QsciScintilla *pane, int line) {
  const long visible =
      pane->SendScintilla(Sci::SCI_VISIBLEFROMDOCLINE, (unsigned long)std::max(0, line));
  pane->SendScintilla(Sci::SCI_SETFIRSTVISIBLELINE, (unsigned long)visible);
}

void IrDiffView::syncFrom(QsciScintilla *pane) {
  if (syncing || inlineShown)
    return;
  const int side = pane == leftIr ? 0 : 1;
  const int top = firstVisibleLine(pane);
  if (expectedTop[side] >= 0) {
    const bool echo = expectedTop[side] == top;
    expectedTop[side] = -1;
    if (echo)
      return; // the pane followed the other one; nothing to propagate
  }
  QsciScintilla *other = side == 0 ? rightIr : leftIr;
  const QVector<int> &map = side == 0 ? lineDiff.leftToRight() : lineDiff.rightToLeft();
  const int target = mapLine(map, top);
  if (firstVisibleLine(other) == target)
    return;
  syncing = true;
  scrollToLine(other, target);
  syncing = false;
  expectedTop[1 - side] = firstVisibleLine(other); // may be clamped
}

void IrDiffView::syncHorizontalFrom(QsciScintilla *pane) {
  if (syncing || inlineShown)
    return;
  QsciScintilla *other = pane == leftIr ? rightIr : leftIr;
  const long x = pane->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET);
  if (other->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET) != x)
    other->SendScintilla(QsciScintillaBase::SCI_SETXOFFSET, (unsigned long)x);
}

void IrDiffView::paneLineClicked(QsciScintilla *pane, int line) {
  if (line < 0)
    return;
  auto lookup = [](const std::vector<int> &map, int i) {
    return i >= 0 && i < int(map.size()) ? map[size_t(i)] : 0;
  };
  int source = 0;
  if (pane == leftIr) {
    source = lookup(leftSourceMap, line);
  } else if (pane == rightIr) {
    source = lookup(rightSourceMap, line);
  } else if (line < lineDiff.unified().size()) {
    const LineDiff::UnifiedLine &u = lineDiff.unified().at(line);
    source = u.rightLine >= 0 ? lookup(rightSourceMap, u.rightLine) : 0;
    if (source <= 0)
      source = lookup(leftSourceMap, u.leftLine);
  }
  if (source > 0)
    Q_EMIT irLineClicked(source);
}

bool IrDiffView::eventFilter(QObject *watched, QEvent *event) {
  if (event->type() == QEvent::MouseButtonRelease) {
    for (QsciScintilla *pane : {leftIr, rightIr, inlineIr}) {
      if (watched != pane->viewport())
        continue;
      auto *me = static_cast<QMouseEvent *>(event);
      if (me->button() != Qt::LeftButton || pane->hasSelectedText())
        break;
      const QPoint pt = me->position().toPoint();
      long margins = 0;
      for (unsigned long m = 0; m < 5; ++m)
        margins += pane->SendScintilla(Sci::SCI_GETMARGINWIDTHN, m);
      if (pt.x() < margins)
        break; // margin clicks arrive through marginClicked()
      const long pos = pane->SendScintilla(Sci::SCI_POSITIONFROMPOINT, (unsigned long)pt.x(),
                                           long(pt.y()));
      const int line = int(pane->SendScintilla(Sci::SCI_LINEFROMPOSITION, (unsigned long)pos));
      const long top = pane->SendScintilla(
          Sci::SCI_POINTYFROMPOSITION, 0UL,
          pane->SendScintilla(Sci::SCI_POSITIONFROMLINE, (unsigned long)line));
      const long height = pane->SendScintilla(Sci::SCI_TEXTHEIGHT, (unsigned long)line);
      if (pt.y() >= top && pt.y() < top + height)
        paneLineClicked(pane, line);
      break;
    }
  }
  return QWidget::eventFilter(watched, event);
}
