//===- TimelineModel.cpp - the timeline's lanes and intervals -------------===//

#include "models/TimelineModel.h"

#include <algorithm>

using timeline::Interval;

void TimelineModel::reset(const std::vector<Engine> &engines, int cores) {
  coreTotal = std::max(0, cores);
  endAt = 0;
  laneList.clear();
  for (const Engine &e : engines) {
    Lane lane;
    lane.core = e.core;
    lane.name = e.name;
    laneList.push_back(std::move(lane));
    coreTotal = std::max(coreTotal, e.core + 1);
  }
  blockedSince.assign(laneList.size(), -1);
  busyByCore.assign(size_t(coreTotal), {});
  collapsedCores.assign(size_t(coreTotal), true);
  if (focusedIndex < 0 || focusedIndex >= coreTotal)
    focusedIndex = 0;
  if (coreTotal > 0)
    collapsedCores[size_t(focusedIndex)] = false;
  relayout();
}

void TimelineModel::addBusy(int engine, uint64_t start, uint64_t duration,
                            int line) {
  if (engine < 0 || size_t(engine) >= laneList.size())
    return;
  Lane &lane = laneList[size_t(engine)];
  uint64_t end = start + duration;
  if (!lane.busy.empty())
    start = std::max(start, lane.busy.back().end);
  if (end <= start)
    return;
  lane.busyCycles += end - start;
  if (!lane.busy.empty() && lane.busy.back().end == start &&
      lane.busy.back().line == line) {
    lane.busy.back().end = end;
    return;
  }
  lane.busy.push_back({start, end, line});
}

void TimelineModel::block(int engine, uint64_t cycle) {
  if (engine >= 0 && size_t(engine) < laneList.size() &&
      blockedSince[size_t(engine)] < 0)
    blockedSince[size_t(engine)] = int64_t(cycle);
}

void TimelineModel::unblock(int engine, uint64_t cycle) {
  if (engine < 0 || size_t(engine) >= laneList.size() ||
      blockedSince[size_t(engine)] < 0)
    return;
  Lane &lane = laneList[size_t(engine)];
  uint64_t start = uint64_t(blockedSince[size_t(engine)]);
  blockedSince[size_t(engine)] = -1;
  if (!lane.blocked.empty())
    start = std::max(start, lane.blocked.back().end);
  if (cycle > start)
    lane.blocked.push_back({start, cycle, 0});
}

void TimelineModel::finish(uint64_t endCycle) {
  endAt = endCycle;
  for (size_t e = 0; e < laneList.size(); ++e) {
    if (blockedSince[e] >= 0)
      unblock(int(e), std::max(endCycle, uint64_t(blockedSince[e])));
    if (!laneList[e].busy.empty())
      endAt = std::max(endAt, laneList[e].busy.back().end);
  }
  for (int core = 0; core < coreTotal; ++core) {
    std::vector<const std::vector<Interval> *> lists;
    for (int e : enginesOf(core))
      lists.push_back(&laneList[size_t(e)].busy);
    busyByCore[size_t(core)] = unite(lists);
  }
  relayout();
}

void TimelineModel::setIdleExpanded(bool expanded) {
  if (expanded == idleOpen)
    return;
  idleOpen = expanded;
  relayout();
}

const std::vector<Interval> &TimelineModel::coreBusy(int core) const {
  static const std::vector<Interval> none;
  if (core < 0 || size_t(core) >= busyByCore.size())
    return none;
  return busyByCore[size_t(core)];
}

std::vector<int> TimelineModel::enginesOf(int core) const {
  std::vector<int> out;
  for (size_t e = 0; e < laneList.size(); ++e)
    if (laneList[e].core == core)
      out.push_back(int(e));
  return out;
}

size_t TimelineModel::intervalCount() const {
  size_t n = 0;
  for (const Lane &l : laneList)
    n += l.busy.size() + l.blocked.size();
  return n;
}

void TimelineModel::setFocusedCore(int core) {
  if (core < 0 || core == focusedIndex)
    return;
  if (core >= coreTotal) {
    // Before any run (no cores yet): kept for reset(), which checks it
    // against the run's core count.
    if (coreTotal == 0)
      focusedIndex = core;
    return;
  }
  focusedIndex = core;
  collapsedCores[size_t(core)] = false;
  relayout();
}

void TimelineModel::setCollapsed(int core, bool collapsed) {
  if (core < 0 || core >= coreTotal)
    return;
  collapsedCores[size_t(core)] = collapsed;
  relayout();
}

bool TimelineModel::isCollapsed(int core) const {
  return core < 0 || size_t(core) >= collapsedCores.size() || collapsedCores[size_t(core)];
}

void TimelineModel::relayout() {
  std::vector<int> engineCores;
  for (const Lane &l : laneList)
    engineCores.push_back(l.core);
  rowList = layoutRows(engineCores, coreTotal, focusedIndex, collapsedCores);
  // Cores that did nothing (known once finish() built the cores' busy
  // time): one row for them all, at the end.
  idleList.clear();
  if (endAt == 0)
    return;
  for (int c = 0; c < coreTotal; ++c)
    if (c != focusedIndex && busyByCore[size_t(c)].empty())
      idleList.push_back(c);
  if (idleList.size() < 2 || idleOpen)
    return;
  std::vector<bool> isIdle(size_t(coreTotal), false);
  for (int c : idleList)
    isIdle[size_t(c)] = true;
  rowList.erase(std::remove_if(rowList.begin(), rowList.end(),
                             [&](const Row &r) { return isIdle[size_t(r.core)]; }),
              rowList.end());
  Row group;
  group.core = idleList.front();
  group.idle = true;
  rowList.push_back(group);
}

std::vector<TimelineModel::Row>
TimelineModel::layoutRows(const std::vector<int> &engineCores, int cores,
                          int focused, const std::vector<bool> &collapsed) {
  std::vector<Row> rows;
  std::vector<int> order;
  if (focused >= 0 && focused < cores)
    order.push_back(focused);
  for (int c = 0; c < cores; ++c)
    if (c != focused)
      order.push_back(c);
  for (int c : order) {
    rows.push_back({c, -1});
    if (size_t(c) < collapsed.size() && collapsed[size_t(c)])
      continue;
    for (size_t e = 0; e < engineCores.size(); ++e)
      if (engineCores[e] == c)
        rows.push_back({c, int(e)});
  }
  return rows;
}

std::vector<Interval>
TimelineModel::unite(const std::vector<const std::vector<Interval> *> &lists) {
  std::vector<Interval> all;
  for (const auto *l : lists)
    all.insert(all.end(), l->begin(), l->end());
  std::stable_sort(all.begin(), all.end(),
                   [](const Interval &a, const Interval &b) {
                     return a.start < b.start;
                   });
  std::vector<Interval> out;
  for (Interval i : all) {
    if (!out.empty()) {
      Interval &last = out.back();
      if (i.end <= last.end)
        continue; // covered
      i.start = std::max(i.start, last.end);
      if (i.start == last.end && i.line == last.line) {
        last.end = i.end;
        continue;
      }
    }
    out.push_back(i);
  }
  return out;
}
