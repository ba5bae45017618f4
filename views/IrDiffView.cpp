//===- IrDiffView.cpp - two IR texts side by side, diffed -----------------===//
#include "IrDiffView.h"

#include <Qsci/qsciscintilla.h>

#include <QEvent>
#include <QFontDatabase>
#include <QLabel>
#include <QMouseEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace {

using SB = QsciScintillaBase;

// Diff colours: light theme, then dark theme.
struct DiffColours {
  QColor paper, text, margin, marginText, removed, added, changed, word, source;
};
const DiffColours kLight{{255, 255, 255}, {30, 30, 30},     {243, 243, 243},
                         {120, 120, 120}, {255, 221, 221}, {221, 255, 221},
                         {255, 236, 179}, {230, 126, 0, 110}, {30, 110, 220}};
const DiffColours kDark{{30, 30, 30},    {212, 212, 212}, {37, 37, 38},
                        {133, 133, 133}, {75, 30, 30},    {30, 70, 36},
                        {62, 52, 22},    {200, 140, 40, 90}, {90, 160, 255}};

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
  splitter->setChildrenCollapsible(false);
  splitter->addWidget(titled(m_leftTitle, m_left));
  splitter->addWidget(titled(m_rightTitle, m_right));

  m_stack = new QStackedWidget;
  m_stack->addWidget(splitter);
  m_stack->addWidget(titled(m_inlineTitle, m_inlinePane));

  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_stack);

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
}

IrDiffView::~IrDiffView() = default;

QsciScintilla *IrDiffView::makePane(const char *objectName) {
  auto *p = new QsciScintilla;
  p->setObjectName(QLatin1String(objectName));
  p->setUtf8(true);
  p->setReadOnly(true);
  p->SendScintilla(SB::SCI_SETUNDOCOLLECTION, 0UL);
  p->setWrapMode(QsciScintilla::WrapNone);
  p->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  p->setCaretLineVisible(false);

  // Margin 0: line numbers; margin 1: the source-line arrow.
  p->setMarginType(0, QsciScintilla::NumberMargin);
  p->setMarginLineNumbers(0, true);
  p->setMarginWidth(0, QStringLiteral("00000"));
  p->setMarginType(1, QsciScintilla::SymbolMargin);
  p->setMarginWidth(1, 14);
  p->setMarginMarkerMask(1, 1 << SourceLineMarker);
  p->setMarginSensitivity(0, true);
  p->setMarginSensitivity(1, true);
  connect(p, &QsciScintilla::marginClicked, this,
          [this, p](int, int line, Qt::KeyboardModifiers) { paneLineClicked(p, line); });

  p->markerDefine(QsciScintilla::Background, RemovedMarker);
  p->markerDefine(QsciScintilla::Background, AddedMarker);
  p->markerDefine(QsciScintilla::Background, ChangedMarker);
  p->markerDefine(QsciScintilla::RightArrow, SourceLineMarker);
  p->markerDefine(QsciScintilla::Underline, SourceLineBackMarker);
  p->indicatorDefine(QsciScintilla::StraightBoxIndicator, ChangedWordIndicator);
  p->setIndicatorDrawUnder(true, ChangedWordIndicator);
  applyTheme(p);

  p->viewport()->installEventFilter(this);
  return p;
}

void IrDiffView::setDarkTheme(bool dark) {
  m_dark = dark;
  for (QsciScintilla *pane : {m_left, m_right, m_inlinePane})
    applyTheme(pane);
}

void IrDiffView::applyTheme(QsciScintilla *p) {
  const DiffColours &c = m_dark ? kDark : kLight;
  p->setPaper(c.paper);
  p->setColor(c.text);
  p->setMarginsBackgroundColor(c.margin);
  p->setMarginsForegroundColor(c.marginText);
  p->setMarkerBackgroundColor(c.removed, RemovedMarker);
  p->setMarkerBackgroundColor(c.added, AddedMarker);
  p->setMarkerBackgroundColor(c.changed, ChangedMarker);
  p->setMarkerForegroundColor(c.source, SourceLineMarker);
  p->setMarkerBackgroundColor(c.source, SourceLineMarker);
  p->setMarkerBackgroundColor(c.source, SourceLineBackMarker);
  p->setIndicatorForegroundColor(c.word, ChangedWordIndicator);
}

void IrDiffView::setTexts(const QString &left, const QString &right,
                          const QString &leftTitle, const QString &rightTitle) {
  m_diff = LineDiff::compute(left, right);
  m_leftTitle->setText(leftTitle);
  m_rightTitle->setText(rightTitle);
  m_inlineTitle->setText(leftTitle + QStringLiteral(" \u2192 ") + rightTitle);
  m_highlightedSourceLine = 0;

  m_syncing = true;
  m_left->setText(left);
  m_right->setText(right);
  m_syncing = false;
  m_expectedTop[0] = m_expectedTop[1] = -1;
  applyDiffMarks();
  applyInline();
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
  auto mark = [line](QsciScintilla *pane, int i) {
    if (line > 0 && i < pane->lines()) {
      pane->markerAdd(i, SourceLineMarker);
      pane->markerAdd(i, SourceLineBackMarker);
    }
  };
  for (QsciScintilla *pane : {m_left, m_right, m_inlinePane}) {
    pane->markerDeleteAll(SourceLineMarker);
    pane->markerDeleteAll(SourceLineBackMarker);
  }
  if (line <= 0)
    return;
  auto maps = [line](const std::vector<int> &map, int i) {
    return i >= 0 && i < int(map.size()) && map[size_t(i)] == line;
  };
  for (int i = 0; i < int(leftMap.size()); ++i)
    if (leftMap[size_t(i)] == line)
      mark(m_left, i);
  for (int i = 0; i < int(rightMap.size()); ++i)
    if (rightMap[size_t(i)] == line)
      mark(m_right, i);
  const QVector<LineDiff::UnifiedLine> &lines = m_diff.unified();
  for (int i = 0; i < lines.size(); ++i)
    if (maps(leftMap, lines[i].leftLine) || maps(rightMap, lines[i].rightLine))
      mark(m_inlinePane, i);

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
  QVector<int> out;
  long line = 0;
  for (;;) {
    line = pane->SendScintilla(SB::SCI_MARKERNEXT, (unsigned long)line, long(1 << marker));
    if (line < 0)
      break;
    out.push_back(int(line));
    ++line;
  }
  return out;
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
