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

using SB = QsciScintillaBase;

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
  m_leftTitle = makeTitle("leftIrTitle");
  m_rightTitle = makeTitle("rightIrTitle");
  m_inlineTitle = makeTitle("inlineIrTitle");
  m_left = makePane("leftIrPane");
  m_right = makePane("rightIrPane");
  m_inlinePane = makePane("inlineIrPane");

  auto *splitter = new QSplitter(Qt::Horizontal);
  splitter->setObjectName("irSplitter");
  splitter->setChildrenCollapsible(false);
  splitter->addWidget(titled(m_leftTitle, m_left));
  splitter->addWidget(titled(m_rightTitle, m_right));

  m_stack = new QStackedWidget;
  m_stack->addWidget(splitter);
  m_stack->addWidget(titled(m_inlineTitle, m_inlinePane));

  // The note shown over stale IR ("last successful compile, ...").
  m_staleBanner = new QLabel;
  m_staleBanner->setObjectName("staleBanner");
  m_staleBanner->setWordWrap(true);
  m_staleBanner->setContentsMargins(6, 3, 6, 3);
  m_staleBanner->setStyleSheet(QStringLiteral(
      "QLabel { background: #fff4ce; color: #5c4400; border: 1px solid #e0c46c; }"));
  m_staleBanner->hide();

  // Change navigation, count and options.
  m_prevChange = new QAction(tr("Previous Change"), this);
  m_prevChange->setObjectName("prevChangeAction");
  m_prevChange->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F7));
  m_prevChange->setToolTip(tr("Previous change (Shift+F7)"));
  m_prevChange->setIconText(QStringLiteral("\u25b2"));
  connect(m_prevChange, &QAction::triggered, this, [this] { goToChange(m_currentHunk - 1); });
  m_nextChange = new QAction(tr("Next Change"), this);
  m_nextChange->setObjectName("nextChangeAction");
  m_nextChange->setShortcut(QKeySequence(Qt::Key_F7));
  m_nextChange->setToolTip(tr("Next change (F7)"));
  m_nextChange->setIconText(QStringLiteral("\u25bc"));
  connect(m_nextChange, &QAction::triggered, this, [this] { goToChange(m_currentHunk + 1); });
  auto toolButton = [this](QAction *action, const char *name) {
    auto *b = new QToolButton(this);
    b->setDefaultAction(action);
    b->setObjectName(QLatin1String(name));
    b->setAutoRaise(true);
    return b;
  };
  m_changeCount = new QLabel;
  m_changeCount->setObjectName("changeCount");
  m_changeCount->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("change 88 of 88")));
  m_ignoreWhitespaceBox = new QCheckBox(tr("Ignore whitespace"));
  m_ignoreWhitespaceBox->setObjectName("ignoreWhitespace");
  m_ignoreWhitespaceBox->setToolTip(
      tr("Lines that differ only in indentation or spacing count as unchanged"));
  m_ignoreWhitespaceBox->setChecked(m_ignoreWhitespace);
  connect(m_ignoreWhitespaceBox, &QCheckBox::toggled, this, &IrDiffView::setIgnoreWhitespace);
  m_ignoreNumberingBox = new QCheckBox(tr("Ignore value numbering"));
  m_ignoreNumberingBox->setObjectName("ignoreValueNumbering");
  m_ignoreNumberingBox->setToolTip(
      tr("Lines that differ only in the numbers of SSA values (%9 → %11) or "
         "blocks (^bb2 → ^bb3) count as unchanged"));
  connect(m_ignoreNumberingBox, &QCheckBox::toggled, this,
          &IrDiffView::setIgnoreValueNumbering);
  m_wrapBox = new QCheckBox(tr("Wrap lines"));
  m_wrapBox->setObjectName("wrapLines");
  m_wrapBox->setToolTip(tr("Wrap long lines, so changes far to the right are visible"));
  connect(m_wrapBox, &QCheckBox::toggled, this, &IrDiffView::setWrapLines);
  auto *navRow = new QHBoxLayout;
  navRow->setContentsMargins(0, 0, 0, 0);
  navRow->setSpacing(4);
  navRow->addWidget(toolButton(m_prevChange, "prevChange"));
  navRow->addWidget(toolButton(m_nextChange, "nextChange"));
  navRow->addWidget(m_changeCount);
  navRow->addStretch(1);
  navRow->addWidget(m_ignoreWhitespaceBox);
  navRow->addWidget(m_ignoreNumberingBox);
  navRow->addWidget(m_wrapBox);
  // A narrow IR dock keeps the change count whole: the checkboxes' texts
  // shorten (their tooltips say all).
  m_ignoreNumberingBox->setText(tr("Ignore %N"));

  // Search inside a pane (Ctrl+F with the focus in it, or its menu).
  m_findBar = new FindBar(m_right, this);
  m_findBar->setObjectName("irFindBar");
  m_findBar->setReplaceAllowed(false);

  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addLayout(navRow);
  layout->addWidget(m_staleBanner);
  layout->addWidget(m_stack, 1);
  layout->addWidget(m_findBar);

  // Synchronised scrolling. QScintilla moves its scroll bars with signals
  // blocked, so wheel/keyboard/programmatic scrolls are only reported by
  // SCN_UPDATEUI (asynchronously, when the pane repaints). A scroll we make
  // ourselves is remembered in m_expectedTop and its echo ignored, so the
  // panes never drive each other in a loop.
  for (QsciScintilla *pane : {m_left, m_right}) {
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
  m_left->setSnapshotPass(left);
  m_right->setSnapshotPass(right);
  m_inlinePane->setSnapshotPass(right);
}

void IrDiffView::setDarkTheme(bool dark) {
  m_dark = dark;
  for (IrPane *pane : {m_left, m_right, m_inlinePane})
    pane->setDarkTheme(dark);
}

void IrDiffView::setStale(const QString &note) {
  m_stale = !note.isEmpty();
  m_staleBanner->setText(note);
  m_staleBanner->setVisible(m_stale);
  for (IrPane *pane : {m_left, m_right, m_inlinePane})
    pane->setMuted(m_stale);
}

void IrDiffView::setIgnoreWhitespace(bool on) {
  if (m_ignoreWhitespaceBox->isChecked() != on)
    m_ignoreWhitespaceBox->setChecked(on); // comes back here
  if (on == m_ignoreWhitespace)
    return;
  m_ignoreWhitespace = on;
  rediff();
}

void IrDiffView::setIgnoreValueNumbering(bool on) {
  if (m_ignoreNumberingBox->isChecked() != on)
    m_ignoreNumberingBox->setChecked(on); // comes back here
  if (on == m_ignoreNumbering)
    return;
  m_ignoreNumbering = on;
  rediff();
}

LineDiff::Options IrDiffView::diffOptions() const {
  LineDiff::Options o;
  o.ignoreWhitespace = m_ignoreWhitespace;
  o.ignoreValueNumbering = m_ignoreNumbering;
  return o;
}

void IrDiffView::setWrapLines(bool on) {
  if (m_wrapBox->isChecked() != on)
    m_wrapBox->setChecked(on);
  for (IrPane *pane : {m_left, m_right, m_inlinePane})
    pane->setWrapMode(on ? QsciScintilla::WrapWord : QsciScintilla::WrapNone);
}

bool IrDiffView::wrapLines() const { return m_wrapBox->isChecked(); }

void IrDiffView::setZoom(int zoom) {
  for (IrPane *pane : {m_left, m_right, m_inlinePane})
    pane->zoomTo(zoom);
}

void IrDiffView::openFind(QsciScintilla *pane) {
  if (!pane)
    pane = m_inline ? m_inlinePane : m_right;
  m_findBar->setEditor(pane);
  m_findBar->open(false);
}

QsciScintilla *IrDiffView::focusedPane() const {
  for (IrPane *pane : {m_left, m_right, m_inlinePane})
    if (pane->hasFocus() && pane->isVisible())
      return pane;
  return nullptr;
}

void IrDiffView::rediff() {
  m_diff = LineDiff::compute(m_leftText, m_rightText, diffOptions());
  applyDiffMarks();
  applyInline();
  m_currentHunk = -1;
  updateChangeCount();
}

void IrDiffView::updateChangeCount() {
  const int n = m_diff.hunks().size();
  if (n == 0)
    m_changeCount->setText(tr("no changes"));
  else if (m_currentHunk < 0)
    m_changeCount->setText(n == 1 ? tr("1 change") : tr("%1 changes").arg(n));
  else
    m_changeCount->setText(tr("change %1 of %2").arg(m_currentHunk + 1).arg(n));
  m_prevChange->setEnabled(n > 0);
  m_nextChange->setEnabled(n > 0);
}

void IrDiffView::goToChange(int index) {
  const QVector<LineDiff::Hunk> &hunks = m_diff.hunks();
  if (hunks.isEmpty())
    return;
  // Wraps around at both ends.
  const int n = hunks.size();
  m_currentHunk = ((index % n) + n) % n;
  const LineDiff::Hunk &h = hunks.at(m_currentHunk);
  updateChangeCount();

  // Select the first changed word (or the first changed line) so that a
  // change far to the right scrolls into view, in the pane that has it.
  auto selectIn = [](QsciScintilla *pane, int line, const LineDiff::Line *info,
                     const QString &text) {
    int from = 0, to = text.size();
    if (info && !info->words.isEmpty()) {
      from = info->words.front().start;
      to = from + info->words.front().length;
    }
    pane->ensureLineVisible(line);
    pane->setSelection(line, int(text.left(from).toUtf8().size()), line,
                       int(text.left(to).toUtf8().size()));
    pane->ensureCursorVisible();
  };
  if (m_inline) {
    for (int i = 0; i < m_diff.unified().size(); ++i) {
      const LineDiff::UnifiedLine &u = m_diff.unified().at(i);
      if ((u.leftLine >= h.leftStart && u.leftLine < h.leftStart + h.leftCount) ||
          (u.rightLine >= h.rightStart && u.rightLine < h.rightStart + h.rightCount)) {
        scrollToLine(m_inlinePane, std::max(0, i - 3));
        m_inlinePane->setSelection(i, 0, i, 1);
        m_inlinePane->ensureCursorVisible();
        break;
      }
    }
    return;
  }
  m_syncing = true;
  scrollToLine(m_left, std::max(0, h.leftStart - 3));
  scrollToLine(m_right, std::max(0, h.rightStart - 3));
  m_syncing = false;
  m_expectedTop[0] = firstVisibleLine(m_left);
  m_expectedTop[1] = firstVisibleLine(m_right);
  if (h.rightCount > 0)
    selectIn(m_right, h.rightStart, &m_diff.right().at(h.rightStart),
             m_diff.rightLines().at(h.rightStart));
  if (h.leftCount > 0)
    selectIn(m_left, h.leftStart, &m_diff.left().at(h.leftStart),
             m_diff.leftLines().at(h.leftStart));
}

void IrDiffView::setTexts(const QString &left, const QString &right,
                          const QString &leftTitle, const QString &rightTitle) {
  m_leftText = left;
  m_rightText = right;
  m_diff = LineDiff::compute(left, right, diffOptions());
  m_currentHunk = -1;
  m_leftTitle->setText(leftTitle);
  m_rightTitle->setText(rightTitle);
  auto fileName = [](QString title) {
    title.remove(QStringLiteral(" (pinned)"));
    return title.replace(QLatin1Char(' '), QLatin1Char('-')) + QStringLiteral(".mlir");
  };
  m_left->setSnapshotName(fileName(leftTitle));
  m_right->setSnapshotName(fileName(rightTitle));
  m_inlinePane->setSnapshotName(fileName(rightTitle));
  m_inlineTitle->setText(leftTitle + QStringLiteral(" \u2192 ") + rightTitle);
  m_highlightedSourceLine = 0;

  m_syncing = true;
  m_left->setText(left);
  m_right->setText(right);
  // New texts start at their left edge (a change far right scrolled them).
  for (IrPane *pane : {m_left, m_right, m_inlinePane})
    pane->SendScintilla(QsciScintillaBase::SCI_SETXOFFSET, 0UL);
  m_syncing = false;
  m_expectedTop[0] = m_expectedTop[1] = -1;
  applyDiffMarks();
  applyInline();
  updateChangeCount();
  // An open find bar counts the matches of the new texts ("1 of 5" was
  // the previous pass's).
  if (m_findBar->isVisible())
    m_findBar->refreshCount();
}

void IrDiffView::setSourceMaps(std::vector<int> left, std::vector<int> right) {
  m_leftMap = std::move(left);
  m_rightMap = std::move(right);
}

void IrDiffView::setInlineDiff(bool on) {
  if (on == m_inline)
    return;
  m_inline = on;
  m_stack->setCurrentIndex(on ? 1 : 0);
}

void IrDiffView::markWords(QsciScintilla *pane, int line, const QString &text,
                           const QVector<LineDiff::Range> &ranges, int offset) {
  if (ranges.isEmpty())
    return;
  const long lineStart = pane->SendScintilla(SB::SCI_POSITIONFROMLINE, (unsigned long)line);
  if (lineStart < 0)
    return;
  pane->SendScintilla(SB::SCI_SETINDICATORCURRENT, (unsigned long)ChangedWordIndicator);
  for (const LineDiff::Range &r : ranges) {
    // Scintilla positions are UTF-8 byte offsets.
    const long from = lineStart + offset + text.left(r.start).toUtf8().size();
    const long len = text.mid(r.start, r.length).toUtf8().size();
    pane->SendScintilla(SB::SCI_INDICATORFILLRANGE, (unsigned long)from, len);
  }
}

void IrDiffView::applyDiffMarks() {
  for (QsciScintilla *pane : {m_left, m_right}) {
    pane->markerDeleteAll(-1);
    pane->SendScintilla(SB::SCI_SETINDICATORCURRENT, (unsigned long)ChangedWordIndicator);
    pane->SendScintilla(SB::SCI_INDICATORCLEARRANGE, 0UL,
                        pane->SendScintilla(SB::SCI_GETLENGTH));
  }
  const QVector<LineDiff::Line> &left = m_diff.left();
  for (int i = 0; i < left.size(); ++i) {
    if (left[i].kind == LineDiff::Kind::Removed) {
      m_left->markerAdd(i, RemovedMarker);
    } else if (left[i].kind == LineDiff::Kind::Changed) {
      m_left->markerAdd(i, ChangedMarker);
      markWords(m_left, i, m_diff.leftLines().at(i), left[i].words, 0);
    }
  }
  const QVector<LineDiff::Line> &right = m_diff.right();
  for (int i = 0; i < right.size(); ++i) {
    if (right[i].kind == LineDiff::Kind::Added) {
      m_right->markerAdd(i, AddedMarker);
    } else if (right[i].kind == LineDiff::Kind::Changed) {
      m_right->markerAdd(i, ChangedMarker);
      markWords(m_right, i, m_diff.rightLines().at(i), right[i].words, 0);
    }
  }
}

void IrDiffView::applyInline() {
  m_inlinePane->setText(m_diff.unifiedText());
  m_inlinePane->markerDeleteAll(-1);
  const QVector<LineDiff::UnifiedLine> &lines = m_diff.unified();
  for (int i = 0; i < lines.size(); ++i) {
    const LineDiff::UnifiedLine &u = lines[i];
    if (u.kind == LineDiff::Kind::Removed)
      m_inlinePane->markerAdd(i, RemovedMarker);
    else if (u.kind == LineDiff::Kind::Added)
      m_inlinePane->markerAdd(i, AddedMarker);
    if (u.changed)
      markWords(m_inlinePane, i, u.text, u.words, 2); // after "- " / "+ "
  }
}

void IrDiffView::highlightSourceLine(int line, const std::vector<int> &leftMap,
                                     const std::vector<int> &rightMap) {
  m_highlightedSourceLine = line;
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
  const QVector<LineDiff::UnifiedLine> &lines = m_diff.unified();
  for (int i = 0; i < lines.size(); ++i)
    if (maps(leftMap, lines[i].leftLine) || maps(rightMap, lines[i].rightLine))
      inlined.push_back(i);
  // Panes whose marks stay (a step on the same line) are not touched: a
  // marker change repaints a pane's whole text.
  for (auto [pane, marked] : {std::pair{m_left, &left}, std::pair{m_right, &right},
                              std::pair{m_inlinePane, &inlined}}) {
    markers::setLines(pane, SourceLineMarker, *marked);
    markers::setLines(pane, SourceLineBackMarker, *marked);
  }
  if (line <= 0)
    return;

  // Bring each pane's first mark into view without dragging the other: the
  // scrolls' SCN_UPDATEUI echoes are ignored.
  const int before[2] = {firstVisibleLine(m_left), firstVisibleLine(m_right)};
  m_syncing = true;
  for (QsciScintilla *pane : {m_left, m_right, m_inlinePane}) {
    const QVector<int> marked = linesWithMarker(pane, SourceLineMarker);
    if (!marked.isEmpty())
      pane->ensureLineVisible(marked.front());
  }
  m_syncing = false;
  const int after[2] = {firstVisibleLine(m_left), firstVisibleLine(m_right)};
  for (int side = 0; side < 2; ++side)
    if (after[side] != before[side])
      m_expectedTop[side] = after[side];
}

void IrDiffView::revealLines(int leftLine, int rightLine) {
  const int before[2] = {firstVisibleLine(m_left), firstVisibleLine(m_right)};
  m_syncing = true;
  if (leftLine >= 0)
    m_left->ensureLineVisible(leftLine);
  if (rightLine >= 0)
    m_right->ensureLineVisible(rightLine);
  m_syncing = false;
  const int after[2] = {firstVisibleLine(m_left), firstVisibleLine(m_right)};
  for (int side = 0; side < 2; ++side)
    if (after[side] != before[side])
      m_expectedTop[side] = after[side];
}

QVector<int> IrDiffView::changedLinesLeft() const {
  return m_diff.leftLinesOfKind(LineDiff::Kind::Changed);
}
QVector<int> IrDiffView::changedLinesRight() const {
  return m_diff.rightLinesOfKind(LineDiff::Kind::Changed);
}
QVector<int> IrDiffView::removedLines() const {
  return m_diff.leftLinesOfKind(LineDiff::Kind::Removed);
}
QVector<int> IrDiffView::addedLines() const {
  return m_diff.rightLinesOfKind(LineDiff::Kind::Added);
}
QVector<int> IrDiffView::sourceHighlightedLinesLeft() const {
  return linesWithMarker(m_left, SourceLineMarker);
}
QVector<int> IrDiffView::sourceHighlightedLinesRight() const {
  return linesWithMarker(m_right, SourceLineMarker);
}
QVector<int> IrDiffView::sourceHighlightedLinesInline() const {
  return linesWithMarker(m_inlinePane, SourceLineMarker);
}

QVector<int> IrDiffView::linesWithMarker(QsciScintilla *pane, int marker) {
  return markers::linesWith(pane, marker);
}

int IrDiffView::firstVisibleLine(QsciScintilla *pane) {
  const long visible = pane->SendScintilla(SB::SCI_GETFIRSTVISIBLELINE);
  return int(pane->SendScintilla(SB::SCI_DOCLINEFROMVISIBLE, (unsigned long)visible));
}

void IrDiffView::scrollToLine(QsciScintilla *pane, int line) {
  const long visible =
      pane->SendScintilla(SB::SCI_VISIBLEFROMDOCLINE, (unsigned long)std::max(0, line));
  pane->SendScintilla(SB::SCI_SETFIRSTVISIBLELINE, (unsigned long)visible);
}

void IrDiffView::syncFrom(QsciScintilla *pane) {
  if (m_syncing || m_inline)
    return;
  const int side = pane == m_left ? 0 : 1;
  const int top = firstVisibleLine(pane);
  if (m_expectedTop[side] >= 0) {
    const bool echo = m_expectedTop[side] == top;
    m_expectedTop[side] = -1;
    if (echo)
      return; // the pane followed the other one; nothing to propagate
  }
  QsciScintilla *other = side == 0 ? m_right : m_left;
  const QVector<int> &map = side == 0 ? m_diff.leftToRight() : m_diff.rightToLeft();
  const int target = mapLine(map, top);
  if (firstVisibleLine(other) == target)
    return;
  m_syncing = true;
  scrollToLine(other, target);
  m_syncing = false;
  m_expectedTop[1 - side] = firstVisibleLine(other); // may be clamped
}

void IrDiffView::syncHorizontalFrom(QsciScintilla *pane) {
  if (m_syncing || m_inline)
    return;
  QsciScintilla *other = pane == m_left ? m_right : m_left;
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
  if (pane == m_left) {
    source = lookup(m_leftMap, line);
  } else if (pane == m_right) {
    source = lookup(m_rightMap, line);
  } else if (line < m_diff.unified().size()) {
    const LineDiff::UnifiedLine &u = m_diff.unified().at(line);
    source = u.rightLine >= 0 ? lookup(m_rightMap, u.rightLine) : 0;
    if (source <= 0)
      source = lookup(m_leftMap, u.leftLine);
  }
  if (source > 0)
    Q_EMIT irLineClicked(source);
}

bool IrDiffView::eventFilter(QObject *watched, QEvent *event) {
  if (event->type() == QEvent::MouseButtonRelease) {
    for (QsciScintilla *pane : {m_left, m_right, m_inlinePane}) {
      if (watched != pane->viewport())
        continue;
      auto *me = static_cast<QMouseEvent *>(event);
      if (me->button() != Qt::LeftButton || pane->hasSelectedText())
        break;
      const QPoint pt = me->position().toPoint();
      long margins = 0;
      for (unsigned long m = 0; m < 5; ++m)
        margins += pane->SendScintilla(SB::SCI_GETMARGINWIDTHN, m);
      if (pt.x() < margins)
        break; // margin clicks arrive through marginClicked()
      const long pos = pane->SendScintilla(SB::SCI_POSITIONFROMPOINT, (unsigned long)pt.x(),
                                           long(pt.y()));
      const int line = int(pane->SendScintilla(SB::SCI_LINEFROMPOSITION, (unsigned long)pos));
      const long top = pane->SendScintilla(
          SB::SCI_POINTYFROMPOSITION, 0UL,
          pane->SendScintilla(SB::SCI_POSITIONFROMLINE, (unsigned long)line));
      const long height = pane->SendScintilla(SB::SCI_TEXTHEIGHT, (unsigned long)line);
      if (pt.y() >= top && pt.y() < top + height)
        paneLineClicked(pane, line);
      break;
    }
  }
  return QWidget::eventFilter(watched, event);
}
