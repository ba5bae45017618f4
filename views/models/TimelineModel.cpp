//===- TimelineModel.cpp - the timeline's lanes and intervals -------------===//

#include "models/TimelineModel.h"

#include <algorithm>

using timeline::Interval;

void TimelineModel::reset(const std::vector<Engine> &engines, int cores) {
  cores_ = std::max(0, cores);
  end_ = 0;
  lanes_.clear();
  for (const Engine &e : engines) {
    Lane lane;
    lane.core = e.core;
    lane.name = e.name;
    lanes_.push_back(std::move(lane));
    cores_ = std::max(cores_, e.core + 1);
  }
  blockedSince_.assign(lanes_.size(), -1);
  coreBusy_.assign(size_t(cores_), {});
  collapsed_.assign(size_t(cores_), true);
  if (focused_ < 0 || focused_ >= cores_)
    focused_ = 0;
  if (cores_ > 0)
    collapsed_[size_t(focused_)] = false;
  relayout();
}

void TimelineModel::addBusy(int engine, uint64_t start, uint64_t duration,
                            int line) {
  if (engine < 0 || size_t(engine) >= lanes_.size())
    return;
  Lane &lane = lanes_[size_t(engine)];
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
  if (engine >= 0 && size_t(engine) < lanes_.size() &&
      blockedSince_[size_t(engine)] < 0)
    blockedSince_[size_t(engine)] = int64_t(cycle);
}

void TimelineModel::unblock(int engine, uint64_t cycle) {
  if (engine < 0 || size_t(engine) >= lanes_.size() ||
      blockedSince_[size_t(engine)] < 0)
    return;
  Lane &lane = lanes_[size_t(engine)];
  uint64_t start = uint64_t(blockedSince_[size_t(engine)]);
  blockedSince_[size_t(engine)] = -1;
  if (!lane.blocked.empty())
    start = std::max(start, lane.blocked.back().end);
  if (cycle > start)
    lane.blocked.push_back({start, cycle, 0});
}

void TimelineModel::finish(uint64_t endCycle) {
  end_ = endCycle;
  for (size_t e = 0; e < lanes_.size(); ++e) {
    if (blockedSince_[e] >= 0)
      unblock(int(e), std::max(endCycle, uint64_t(blockedSince_[e])));
    if (!lanes_[e].busy.empty())
      end_ = std::max(end_, lanes_[e].busy.back().end);
  }
  for (int core = 0; core < cores_; ++core) {
    std::vector<const std::vector<Interval> *> lists;
    for (int e : enginesOf(core))
      lists.push_back(&lanes_[size_t(e)].busy);
    coreBusy_[size_t(core)] = unite(lists);
  }
  relayout();
}

void TimelineModel::setIdleExpanded(bool expanded) {
  if (expanded == idleExpanded_)
    return;
  idleExpanded_ = expanded;
  relayout();
}

const std::vector<Interval> &TimelineModel::coreBusy(int core) const {
  static const std::vector<Interval> none;
  if (core < 0 || size_t(core) >= coreBusy_.size())
    return none;
  return coreBusy_[size_t(core)];
}

std::vector<int> TimelineModel::enginesOf(int core) const {
  std::vector<int> out;
  for (size_t e = 0; e < lanes_.size(); ++e)
    if (lanes_[e].core == core)
      out.push_back(int(e));
  return out;
}

size_t TimelineModel::intervalCount() const {
  size_t n = 0;
  for (const Lane &l : lanes_)
    n += l.busy.size() + l.blocked.size();
  return n;
}

void TimelineModel::setFocusedCore(int core) {
  if (core < 0 || core >= cores_ || core == focused_)
    return;
  focused_ = core;
  collapsed_[size_t(core)] = false;
  relayout();
}

void TimelineModel::setCollapsed(int core, bool collapsed) {
  if (core < 0 || core >= cores_)
    return;
  collapsed_[size_t(core)] = collapsed;
  relayout();
}

bool TimelineModel::isCollapsed(int core) const {
  return core < 0 || size_t(core) >= collapsed_.size() || collapsed_[size_t(core)];
}

void TimelineModel::relayout() {
  std::vector<int> engineCores;
  for (const Lane &l : lanes_)
    engineCores.push_back(l.core);
  rows_ = layoutRows(engineCores, cores_, focused_, collapsed_);
  // Cores that did nothing (known once finish() built the cores' busy
  // time): one row for them all, at the end.
  idle_.clear();
  if (end_ == 0)
    return;
  for (int c = 0; c < cores_; ++c)
    if (c != focused_ && coreBusy_[size_t(c)].empty())
      idle_.push_back(c);
  if (idle_.size() < 2 || idleExpanded_)
    return;
  std::vector<bool> isIdle(size_t(cores_), false);
  for (int c : idle_)
    isIdle[size_t(c)] = true;
  rows_.erase(std::remove_if(rows_.begin(), rows_.end(),
                             [&](const Row &r) { return isIdle[size_t(r.core)]; }),
              rows_.end());
  Row group;
  group.core = idle_.front();
  group.idle = true;
  rows_.push_back(group);
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
