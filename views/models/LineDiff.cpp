//===- LineDiff.cpp - line and word diff of two texts ---------------------===//
#include "models/LineDiff.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>

namespace {

/// Myers' linear-space diff: collects the matched pairs of a[a0,a1) and
/// b[b0,b1) in ascending order.
class Myers {
public:
  Myers(const std::vector<int> &a, const std::vector<int> &b) : seqA(a), seqB(b) {
    const size_t max = a.size() + b.size() + 2;
    forwardV.resize(2 * max + 1);
    backwardV.resize(2 * max + 1);
  }

  void run(int a0, int a1, int b0, int b1) {
    // Common prefix.
    while (a0 < a1 && b0 < b1 && seqA[a0] == seqB[b0])
      found.emplace_back(a0++, b0++);
    // Common suffix (emitted after the middle part).
    int suffix = 0;
    while (a0 < a1 && b0 < b1 && seqA[a1 - 1] == seqB[b1 - 1]) {
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
          found.emplace_back(x + i, y + i);
        run(u, a1, v, b1);
      } // else: no common element can be found; everything differs.
    }
    for (int i = 0; i < suffix; ++i)
      found.emplace_back(a1 + i, b1 + i);
  }

  std::vector<std::pair<int, int>> take() { return std::move(found); }

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
    int *vf = forwardV.data() + off;
    int *vb = backwardV.data() + off;
    vf[1] = 0;
    vb[1] = 0;
    for (int d = 0; d <= dmax; ++d) {
      // Forward.
      for (int k = -d; k <= d; k += 2) {
        int px = (k == -d || (k != d && vf[k - 1] < vf[k + 1])) ? vf[k + 1]
                                                                : vf[k - 1] + 1;
        int py = px - k;
        const int sx = px, sy = py;
        while (px < n && py < m && seqA[a0 + px] == seqB[b0 + py]) {
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
               seqA[a1 - 1 - px] == seqB[b1 - 1 - py]) {
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

  const std::vector<int> &seqA, &seqB;
  std::vector<int> forwardV, backwardV;
  std::vector<std::pair<int, int>> found;
};

std::vector<int> internLines(const QStringList &lines, QHash<QString, int> &ids,
                             LineDiff::Options options) {
  std::vector<int> out;
  out.reserve(lines.size());
  for (const QString &line : lines) {
    QString l = options.ignoreWhitespace ? LineDiff::normalizedWhitespace(line) : line;
    if (options.ignoreValueNumbering)
      l = LineDiff::normalizedNumbering(l);
    auto it = ids.constFind(l);
    if (it == ids.constEnd())
      it = ids.insert(l, ids.size());
    out.push_back(it.value());
  }
  return out;
}

bool isIdentStart(QChar c) { return c.isLetter() || c == QLatin1Char('_'); }
bool isIdentChar(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); }

/// The non-whitespace tokens of a line.
QVector<LineDiff::Range> words(const QString &line) {
  QVector<LineDiff::Range> out;
  for (const LineDiff::Range &r : LineDiff::tokenize(line))
    if (!line.at(r.start).isSpace())
      out.push_back(r);
  return out;
}

/// Multiset similarity of two token bags (see LineDiff::similarity).
double bagSimilarity(const QHash<QString, int> &a, int na,
                     const QHash<QString, int> &b, int nb) {
  if (na + nb == 0)
    return 1.0;
  int common = 0;
  for (auto it = a.constBegin(); it != a.constEnd(); ++it)
    common += std::min(it.value(), b.value(it.key()));
  return 2.0 * common / double(na + nb);
}

QHash<QString, int> bagOf(const QString &line, int *count) {
  QHash<QString, int> bag;
  const QVector<LineDiff::Range> ws = words(line);
  for (const LineDiff::Range &r : ws)
    ++bag[line.mid(r.start, r.length)];
  *count = ws.size();
  return bag;
}

constexpr double kPairThreshold = 0.4;
/// Above this many candidate pairs in one gap, pair by position instead of
/// searching for the best pairing.
constexpr long kMaxPairSearch = 40000;

/// Pairs of (removed index, added index) within one gap, ascending.
std::vector<std::pair<int, int>> pairGap(const QStringList &left, int l0, int nl,
                                         const QStringList &right, int r0, int nr) {
  std::vector<std::pair<int, int>> pairs;
  if (nl == 0 || nr == 0)
    return pairs;
  std::vector<QHash<QString, int>> lb(static_cast<size_t>(nl)), rb(static_cast<size_t>(nr));
  std::vector<int> lc(static_cast<size_t>(nl)), rc(static_cast<size_t>(nr));
  for (int i = 0; i < nl; ++i)
    lb[size_t(i)] = bagOf(left.at(l0 + i), &lc[size_t(i)]);
  for (int j = 0; j < nr; ++j)
    rb[size_t(j)] = bagOf(right.at(r0 + j), &rc[size_t(j)]);
  auto sim = [&](int i, int j) {
    return bagSimilarity(lb[size_t(i)], lc[size_t(i)], rb[size_t(j)], rc[size_t(j)]);
  };
  if (long(nl) * nr > kMaxPairSearch) {
    for (int k = 0; k < std::min(nl, nr); ++k)
      if (sim(k, k) >= kPairThreshold)
        pairs.emplace_back(k, k);
    return pairs;
  }
  // Best monotone pairing by total similarity (pairs under the threshold
  // are not allowed).
  std::vector<double> best(size_t(nl + 1) * size_t(nr + 1), 0.0);
  auto at = [&](int i, int j) -> double & { return best[size_t(i) * size_t(nr + 1) + size_t(j)]; };
  std::vector<double> s(size_t(nl) * size_t(nr));
  for (int i = 0; i < nl; ++i)
    for (int j = 0; j < nr; ++j)
      s[size_t(i) * size_t(nr) + size_t(j)] = sim(i, j);
  for (int i = 1; i <= nl; ++i)
    for (int j = 1; j <= nr; ++j) {
      double v = std::max(at(i - 1, j), at(i, j - 1));
      const double p = s[size_t(i - 1) * size_t(nr) + size_t(j - 1)];
      if (p >= kPairThreshold)
        v = std::max(v, at(i - 1, j - 1) + p);
      at(i, j) = v;
    }
  int i = nl, j = nr;
  while (i > 0 && j > 0) {
    const double p = s[size_t(i - 1) * size_t(nr) + size_t(j - 1)];
    if (p >= kPairThreshold && at(i, j) == at(i - 1, j - 1) + p) {
      pairs.emplace_back(i - 1, j - 1);
      --i;
      --j;
    } else if (at(i, j) == at(i - 1, j)) {
      --i;
    } else {
      --j;
    }
  }
  std::reverse(pairs.begin(), pairs.end());
  return pairs;
}

} // namespace

QString LineDiff::normalizedWhitespace(const QString &line) {
  return line.simplified();
}

QString LineDiff::normalizedNumbering(const QString &line) {
  // Numbered values and blocks only: %c0 and %c128 are different
  // constants, %9 and %11 the same value numbered anew.
  static const QRegularExpression numbered(QStringLiteral("(%arg|\\^bb|%)[0-9]+"));
  QString out = line;
  return out.replace(numbered, QStringLiteral("\\1#"));
}

double LineDiff::similarity(const QString &a, const QString &b) {
  int na = 0, nb = 0;
  const QHash<QString, int> ba = bagOf(a, &na), bb = bagOf(b, &nb);
  return bagSimilarity(ba, na, bb, nb);
}

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
                        QVector<Range> *leftRanges, QVector<Range> *rightRanges,
                        bool ignoreValueNumbering) {
  const QVector<Range> lt = words(left), rt = words(right);
  QHash<QString, int> ids;
  auto intern = [&ids, ignoreValueNumbering](const QString &s, const QVector<Range> &toks) {
    std::vector<int> out;
    out.reserve(toks.size());
    for (const Range &r : toks) {
      QString t = s.mid(r.start, r.length);
      // The number of a value (after '%', "%arg") or block ("^bb").
      if (ignoreValueNumbering && r.start > 0 && t.front().isLetterOrNumber()) {
        const QChar before = s.at(r.start - 1);
        if (before == QLatin1Char('%') || before == QLatin1Char('^'))
          t = LineDiff::normalizedNumbering(before + t).mid(1);
      }
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
  return compute(splitLines(left), splitLines(right), Options());
}

LineDiff LineDiff::compute(const QStringList &left, const QStringList &right) {
  return compute(left, right, Options());
}

LineDiff LineDiff::compute(const QString &left, const QString &right,
                           Options options) {
  return compute(splitLines(left), splitLines(right), options);
}

LineDiff LineDiff::compute(const QStringList &left, const QStringList &right,
                           Options options) {
  LineDiff d;
  d.leftText = left;
  d.rightText = right;
  const int nl = left.size(), nr = right.size();
  d.leftRows.resize(nl);
  d.rightRows.resize(nr);

  QHash<QString, int> ids;
  const std::vector<int> a = internLines(left, ids, options);
  const std::vector<int> b = internLines(right, ids, options);
  auto matches = matchSequences(a, b);
  matches.emplace_back(nl, nr); // sentinel closing the last gap

  int li = 0, ri = 0;
  for (const auto &m : matches) {
    // Gap: left [li, m.first), right [ri, m.second).
    const int nrem = m.first - li, nadd = m.second - ri;
    if (nrem > 0 || nadd > 0)
      d.hunkList.push_back({li, nrem, ri, nadd});
    const auto pairs = pairGap(left, li, nrem, right, ri, nadd);
    for (int k = 0; k < nrem; ++k)
      d.leftRows[li + k].kind = Kind::Removed;
    for (int k = 0; k < nadd; ++k)
      d.rightRows[ri + k].kind = Kind::Added;
    for (const auto &p : pairs) {
      Line &l = d.leftRows[li + p.first];
      Line &r = d.rightRows[ri + p.second];
      l.kind = r.kind = Kind::Changed;
      l.counterpart = ri + p.second;
      r.counterpart = li + p.first;
      wordDiff(left.at(li + p.first), right.at(ri + p.second), &l.words, &r.words,
               options.ignoreValueNumbering);
    }
    // Unified: the removed side of the gap first, then the added side.
    for (int k = 0; k < nrem; ++k) {
      UnifiedLine u;
      u.kind = Kind::Removed;
      u.changed = d.leftRows[li + k].kind == Kind::Changed;
      u.leftLine = li + k;
      u.text = left.at(li + k);
      u.words = d.leftRows[li + k].words;
      d.unifiedRows.push_back(u);
    }
    for (int k = 0; k < nadd; ++k) {
      UnifiedLine u;
      u.kind = Kind::Added;
      u.changed = d.rightRows[ri + k].kind == Kind::Changed;
      u.rightLine = ri + k;
      u.text = right.at(ri + k);
      u.words = d.rightRows[ri + k].words;
      d.unifiedRows.push_back(u);
    }
    if (m.first < nl) {
      d.leftRows[m.first].kind = Kind::Same;
      d.leftRows[m.first].counterpart = m.second;
      d.rightRows[m.second].kind = Kind::Same;
      d.rightRows[m.second].counterpart = m.first;
      UnifiedLine u;
      u.kind = Kind::Same;
      u.leftLine = m.first;
      u.rightLine = m.second;
      u.text = right.at(m.second);
      d.unifiedRows.push_back(u);
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
  d.leftScroll = scrollMap(d.leftRows, nr);
  d.rightScroll = scrollMap(d.rightRows, nl);
  return d;
}

QString LineDiff::unifiedText() const {
  QStringList out;
  out.reserve(unifiedRows.size());
  for (const UnifiedLine &u : unifiedRows) {
    const QLatin1String prefix = u.kind == Kind::Removed ? QLatin1String("- ")
                                 : u.kind == Kind::Added ? QLatin1String("+ ")
                                                         : QLatin1String("  ");
    out.push_back(prefix + u.text);
  }
  return out.join(QLatin1Char('\n'));
}

QVector<int> LineDiff::leftLinesOfKind(Kind kind) const {
  QVector<int> out;
  for (int i = 0; i < leftRows.size(); ++i)
    if (leftRows[i].kind == kind)
      out.push_back(i);
  return out;
}

QVector<int> LineDiff::rightLinesOfKind(Kind kind) const {
  QVector<int> out;
  for (int i = 0; i < rightRows.size(); ++i)
    if (rightRows[i].kind == kind)
      out.push_back(i);
  return out;
}

bool LineDiff::identical() const {
  if (leftRows.size() != rightRows.size())
    return false;
  for (const Line &l : leftRows)
    if (l.kind != Kind::Same)
      return false;
  return true;
}
