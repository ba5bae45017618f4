//===- TimelineModel.h - the timeline's lanes and intervals -----*- C++ -*-===//
//
// The data behind TimelineView, without widgets: one lane per engine per
// core with its busy intervals (coloured by the KTIR line of the
// instruction) and its blocked intervals (waiting on a channel, a barrier
// or a message), one summary lane per core (every engine's busy time),
// and the rows shown: the focused core first, then the others in order,
// each a header row followed by its engine rows unless it is collapsed.
// The app fills it from the emulator's trace (addBusy / block / unblock,
// then finish()); the tests fill it by hand.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_TIMELINEMODEL_H
#define SPYRE_VIEWS_TIMELINEMODEL_H

#include "models/TimelineScale.h"

#include <QString>

#include <cstdint>
#include <vector>

class TimelineModel {
public:
  struct Engine {
    int core = 0;
    QString name; ///< "sfu#0"
  };
  struct Lane {
    int core = 0;
    QString name;
    std::vector<timeline::Interval> busy;    ///< sorted, not overlapping
    std::vector<timeline::Interval> blocked; ///< sorted, not overlapping
    uint64_t busyCycles = 0;
  };
  /// A shown row: a core's header (engine -1) or one of its engines; or
  /// (idle) the one row standing for every core that did nothing.
  struct Row {
    int core = 0;
    int engine = -1;
    bool idle = false;
    bool operator==(const Row &o) const {
      return core == o.core && engine == o.engine && idle == o.idle;
    }
  };

  /// Empties the model and sets its engines (Prepared::engines order) and
  /// the core count; every core starts collapsed but the focused one.
  void reset(const std::vector<Engine> &engines, int cores);
  /// Engine `engine` is busy over [start, start + duration) with an
  /// instruction from KTIR `line`. Calls for one engine come in time
  /// order; a start before the lane's last end is moved to it, and an
  /// interval that continues the previous one on the same line extends it.
  void addBusy(int engine, uint64_t start, uint64_t duration, int line);
  /// The engine blocks at `cycle` / is woken at `cycle`.
  void block(int engine, uint64_t cycle);
  void unblock(int engine, uint64_t cycle);
  /// Closes what is still blocked at `endCycle` (the run's last cycle) and
  /// builds the cores' summary lanes.
  void finish(uint64_t endCycle);

  bool isEmpty() const { return laneList.empty(); }
  int coreCount() const { return coreTotal; }
  uint64_t endCycle() const { return endAt; }
  const std::vector<Lane> &lanes() const { return laneList; }
  /// Core `core`'s summary: the union of its engines' busy intervals.
  const std::vector<timeline::Interval> &coreBusy(int core) const;
  /// The engines of `core`, in lane order.
  std::vector<int> enginesOf(int core) const;
  size_t intervalCount() const;

  /// Core `core` first and open. On a model without cores yet (before a
  /// run) the request is kept for reset(); otherwise one out of range is
  /// ignored.
  void setFocusedCore(int core);
  int focusedCore() const { return focusedIndex; }
  void setCollapsed(int core, bool collapsed);
  bool isCollapsed(int core) const;
  /// The rows shown, top to bottom. Once finish()ed, the cores whose
  /// engines were never busy (a kernel of one tile leaves 31 of 32 cores
  /// idle) are one row at the end, unless setIdleExpanded(true).
  const std::vector<Row> &rows() const { return rowList; }
  /// The cores that were never busy (the focused core is never among them).
  const std::vector<int> &idleCores() const { return idleList; }
  void setIdleExpanded(bool expanded);
  bool idleExpanded() const { return idleOpen; }

  /// The rows for engines on `engineCores` (engine i on core
  /// engineCores[i]) of `cores` cores: `focused` first (if in range), then
  /// the others in order; a core without engines still gets its header.
  static std::vector<Row> layoutRows(const std::vector<int> &engineCores,
                                     int cores, int focused,
                                     const std::vector<bool> &collapsed);
  /// The union of sorted interval lists as one sorted list without
  /// overlaps: where intervals overlap, the earlier one keeps its cycles
  /// and the later one keeps the rest (with its own line).
  static std::vector<timeline::Interval>
  unite(const std::vector<const std::vector<timeline::Interval> *> &lists);

private:
  void relayout();

  int coreTotal = 0, focusedIndex = 0;
  uint64_t endAt = 0;
  std::vector<Lane> laneList;
  std::vector<int64_t> blockedSince; ///< per engine, -1: running
  std::vector<std::vector<timeline::Interval>> busyByCore;
  std::vector<bool> collapsedCores;
  std::vector<Row> rowList;
  std::vector<int> idleList;
  bool idleOpen = false;
};

#endif
