//===- LineDiff.cpp - line and word diff of two texts ---------------------===//
#include "LineDiff.h"

#include <QHash>

#include <algorithm>

namespace {

/// Myers' linear-space diff: collects the matched pairs of a[a0,a1) and
/// b[b0,b1) in ascending order.
class Myers {
public:
  Myers(const std::vector<int> &a, const std::vector<int> &b) : m_a(a), m_b(b) {
    const size_t max = a.size() + b.size() + 2;
    m_vf.resize(2 * max + 1);
    m_vb.resize(2 * max + 1);
  }

  void run(int a0, int a1, int b0, int b1) {
    // Common prefix.
    while (a0 < a1 && b0 < b1 && m_a[a0] == m_b[b0])
      m_matches.emplace_back(a0++, b0++);
    // Common suffix (emitted after the middle part).
    int suffix = 0;
    while (a0 < a1 && b0 < b1 && m_a[a1 - 1] == m_b[b1 - 1]) {
      --a1;
      --b1;
      ++suffix;
    }
    if (a0 < a1 && b0 < b1) {
      int x, y, u, v;
      middleSnake(a0, a1, b0, b1, x, y, u, v);
      const bool shrinks = !(x == a0 && y == b0 && u == a0 && v == b0) &&
                           !(x == a1 && y == b1 && u == a1 && v == b1);
      if (shrinks) {
        run(a0, x, b0, y);
        for (int i = 0; i < u - x; ++i)
          m_matches.emplace_back(x + i, y + i);
        run(u, a1, v, b1);
      } // else: no common element can be found; everything differs.
    }
    for (int i = 0; i < suffix; ++i)
      m_matches.emplace_back(a1 + i, b1 + i);
  }

  std::vector<std::pair<int, int>> take() { return std::move(m_matches); }

private:
  // Finds the middle snake of a[a0,a1) x b[b0,b1) (both non-empty): the
  // snake runs from (x, y) to (u, v) in absolute indices.
  void middleSnake(int a0, int a1, int b0, int b1, int &x, int &y, int &u,
                   int &v) {
    const int n = a1 - a0, m = b1 - b0;
    const int delta = n - m;
    const bool odd = (delta & 1) != 0;
    const int off = n + m + 1; // index offset so that k can be negative
    const int dmax = (n + m + 1) / 2;
    int *vf = m_vf.data() + off;
    int *vb = m_vb.data() + off;
    vf[1] = 0;
    vb[1] = 0;
    for (int d = 0; d <= dmax; ++d) {
      // Forward.
      for (int k = -d; k <= d; k += 2) {
        int px = (k == -d || (k != d && vf[k - 1] < vf[k + 1])) ? vf[k + 1]
                                                                : vf[k - 1] + 1;
        int py = px - k;
        const int sx = px, sy = py;
        while (px < n && py < m && m_a[a0 + px] == m_b[b0 + py]) {
          ++px;
          ++py;
        }
        vf[k] = px;
        const int kb = delta - k;
        if (odd && kb >= -(d - 1) && kb <= d - 1 && vf[k] + vb[kb] >= n) {
          x = a0 + sx;
          y = b0 + sy;
          u = a0 + px;
          v = b0 + py;
          return;
        }
      }
      // Backward, in reversed coordinates.
      for (int kb = -d; kb <= d; kb += 2) {
        int px = (kb == -d || (kb != d && vb[kb - 1] < vb[kb + 1]))
                     ? vb[kb + 1]
                     : vb[kb - 1] + 1;
        int py = px - kb;
        const int sx = px, sy = py;
        while (px < n && py < m &&
               m_a[a1 - 1 - px] == m_b[b1 - 1 - py]) {
          ++px;
          ++py;
        }
        vb[kb] = px;
        const int k = delta - kb;
        if (!odd && k >= -d && k <= d && vb[kb] + vf[k] >= n) {
          x = a1 - px;
          y = b1 - py;
          u = a1 - sx;
          v = b1 - sy;
          return;
        }
      }
    }
    // Unreachable for valid input; treat as "everything differs".
    x = u = a0;
    y = v = b0;
  }

  const std::vector<int> &m_a, &m_b;
  std::vector<int> m_vf, m_vb;
  std::vector<std::pair<int, int>> m_matches;
};

std::vector<int> internLines(const QStringList &lines, QHash<QString, int> &ids) {
  std::vector<int> out;
  out.reserve(lines.size());
  for (const QString &l : lines) {
    auto it = ids.constFind(l);
    if (it == ids.constEnd())
      it = ids.insert(l, ids.size());
    out.push_back(it.value());
  }
  return out;
}

bool isIdentStart(QChar c) { return c.isLetter() || c == QLatin1Char('_'); }
bool isIdentChar(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); }

} // namespace

std::vector<std::pair<int, int>> LineDiff::matchSequences(const std::vector<int> &a,
                                                          const std::vector<int> &b) {
  Myers myers(a, b);
  myers.run(0, int(a.size()), 0, int(b.size()));
  return myers.take();
}

QStringList LineDiff::splitLines(const QString &text) {
  QStringList lines;
  if (text.isEmpty())
    return lines;
  lines = text.split(QLatin1Char('\n'));
  if (text.endsWith(QLatin1Char('\n')))
    lines.removeLast();
  for (QString &l : lines)
    if (l.endsWith(QLatin1Char('\r')))
      l.chop(1);
  return lines;
}

QVector<LineDiff::Range> LineDiff::tokenize(const QString &line) {
  QVector<Range> tokens;
  const int n = line.size();
  int i = 0;
  while (i < n) {
    const QChar c = line.at(i);
    int j = i + 1;
    if (c.isSpace()) {
      while (j < n && line.at(j).isSpace())
        ++j;
    } else if (c.isDigit()) {
      while (j < n && (isIdentChar(line.at(j)) || line.at(j) == QLatin1Char('.')))
        ++j;
    } else if (isIdentStart(c)) {
      while (j < n && isIdentChar(line.at(j)))
        ++j;
    }
    tokens.push_back({i, j - i});
    i = j;
  }
  return tokens;
}

void LineDiff::wordDiff(const QString &left, const QString &right,
                        QVector<Range> *leftRanges, QVector<Range> *rightRanges) {
  const QVector<Range> lt = tokenize(left), rt = tokenize(right);
  QHash<QString, int> ids;
  auto intern = [&ids](const QString &s, const QVector<Range> &toks) {
    std::vector<int> out;
    out.reserve(toks.size());
    for (const Range &r : toks) {
      const QString t = s.mid(r.start, r.length);
      auto it = ids.constFind(t);
      if (it == ids.constEnd())
        it = ids.insert(t, ids.size());
      out.push_back(it.value());
    }
    return out;
  };
  const std::vector<int> la = intern(left, lt), ra = intern(right, rt);
  const auto matches = matchSequences(la, ra);
  std::vector<char> lm(lt.size(), 0), rm(rt.size(), 0);
  for (const auto &p : matches) {
    lm[p.first] = 1;
    rm[p.second] = 1;
  }
  auto collect = [](const QString &s, const QVector<Range> &toks,
                    const std::vector<char> &matched) {
    QVector<Range> out;
    int i = 0;
    const int n = toks.size();
    while (i < n) {
      if (matched[i]) {
        ++i;
        continue;
      }
      int j = i;
      while (j < n && !matched[j])
        ++j;
      int start = toks[i].start;
      int end = toks[j - 1].start + toks[j - 1].length;
      while (start < end && s.at(start).isSpace())
        ++start;
      while (end > start && s.at(end - 1).isSpace())
        --end;
      if (end > start)
        out.push_back({start, end - start});
      i = j;
    }
    return out;
  };
  if (leftRanges)
    *leftRanges = collect(left, lt, lm);
  if (rightRanges)
    *rightRanges = collect(right, rt, rm);
}

LineDiff LineDiff::compute(const QString &left, const QString &right) {
  return compute(splitLines(left), splitLines(right));
}

LineDiff LineDiff::compute(const QStringList &left, const QStringList &right) {
  LineDiff d;
  d.m_leftLines = left;
  d.m_rightLines = right;
  const int nl = left.size(), nr = right.size();
  d.m_left.resize(nl);
  d.m_right.resize(nr);

  QHash<QString, int> ids;
  const std::vector<int> a = internLines(left, ids);
  const std::vector<int> b = internLines(right, ids);
  auto matches = matchSequences(a, b);
  matches.emplace_back(nl, nr); // sentinel closing the last gap

  int li = 0, ri = 0;
  for (const auto &m : matches) {
    // Gap: left [li, m.first), right [ri, m.second).
    const int nrem = m.first - li, nadd = m.second - ri;
    const int paired = std::min(nrem, nadd);
    for (int k = 0; k < nrem; ++k) {
      Line &l = d.m_left[li + k];
      if (k < paired) {
        l.kind = Kind::Changed;
        l.counterpart = ri + k;
        Line &r = d.m_right[ri + k];
        r.kind = Kind::Changed;
        r.counterpart = li + k;
        wordDiff(left.at(li + k), right.at(ri + k), &l.words, &r.words);
      } else {
        l.kind = Kind::Removed;
      }
    }
    for (int k = paired; k < nadd; ++k)
      d.m_right[ri + k].kind = Kind::Added;
    // Unified: the removed side of the gap first, then the added side.
    for (int k = 0; k < nrem; ++k) {
      UnifiedLine u;
      u.kind = Kind::Removed;
      u.changed = k < paired;
      u.leftLine = li + k;
      u.text = left.at(li + k);
      u.words = d.m_left[li + k].words;
      d.m_unified.push_back(u);
    }
    for (int k = 0; k < nadd; ++k) {
      UnifiedLine u;
      u.kind = Kind::Added;
      u.changed = k < paired;
      u.rightLine = ri + k;
      u.text = right.at(ri + k);
      u.words = d.m_right[ri + k].words;
      d.m_unified.push_back(u);
    }
    if (m.first < nl) {
      d.m_left[m.first].kind = Kind::Same;
      d.m_left[m.first].counterpart = m.second;
      d.m_right[m.second].kind = Kind::Same;
      d.m_right[m.second].counterpart = m.first;
      UnifiedLine u;
      u.kind = Kind::Same;
      u.leftLine = m.first;
      u.rightLine = m.second;
      u.text = left.at(m.first);
      d.m_unified.push_back(u);
    }
    li = m.first + 1;
    ri = m.second + 1;
  }

  auto scrollMap = [](const QVector<Line> &side, int otherSize) {
    QVector<int> map(side.size());
    int last = -1; // counterpart of the last line that had one
    for (int i = 0; i < side.size(); ++i) {
      const int cp = side[i].counterpart;
      if (cp >= 0)
        last = cp;
      map[i] = std::max(0, std::min(cp >= 0 ? cp : last + 1, otherSize - 1));
    }
    return map;
  };
  d.m_leftToRight = scrollMap(d.m_left, nr);
  d.m_rightToLeft = scrollMap(d.m_right, nl);
  return d;
}

QString LineDiff::unifiedText() const {
  QStringList out;
  out.reserve(m_unified.size());
  for (const UnifiedLine &u : m_unified) {
    const QLatin1String prefix = u.kind == Kind::Removed ? QLatin1String("- ")
                                 : u.kind == Kind::Added ? QLatin1String("+ ")
                                                         : QLatin1String("  ");
    out.push_back(prefix + u.text);
  }
  return out.join(QLatin1Char('\n'));
}

QVector<int> LineDiff::leftLinesOfKind(Kind kind) const {
  QVector<int> out;
  for (int i = 0; i < m_left.size(); ++i)
    if (m_left[i].kind == kind)
      out.push_back(i);
  return out;
}

QVector<int> LineDiff::rightLinesOfKind(Kind kind) const {
  QVector<int> out;
  for (int i = 0; i < m_right.size(); ++i)
    if (m_right[i].kind == kind)
      out.push_back(i);
  return out;
}

bool LineDiff::identical() const {
  if (m_left.size() != m_right.size())
    return false;
  for (const Line &l : m_left)
    if (l.kind != Kind::Same)
      return false;
  return true;
}
