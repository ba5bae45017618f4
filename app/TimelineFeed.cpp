//===- TimelineFeed.cpp - the timeline filled from an emulated run --------===//

#include "TimelineFeed.h"

#include "models/Bytes.h"
#include "EmulatorRun.h"
#include "TimelineDock.h"
#include "TimelineView.h"

#include "WorkerPool.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

using spyre::emu::EventKind;
using spyre::emu::Overview;

namespace {

/// Every record of `events` inside [from, to) into `model`.
void addEvents(TimelineModel &model, const spyre::emu::Machine &m,
               const std::vector<spyre::emu::TraceEvent> &events, uint64_t from,
               uint64_t to) {
  const auto &module = *m.prepared().module;
  for (const spyre::emu::TraceEvent &t : events) {
    int engine = int(t.engine);
    switch (t.kind) {
    case EventKind::Issue: {
      if (t.cycle + t.duration <= from || t.cycle >= to)
        break;
      const spyre::code::Instr &in = m.instr(t.engine, t.pc);
      int line = in.loc < module.locations.size() ? module.locations[in.loc].ktirLine : 0;
      uint64_t start = std::max(t.cycle, from);
      model.addBusy(engine, start, std::min(t.cycle + t.duration, to) - start, line);
      break;
    }
    case EventKind::Block:
      model.block(engine, std::clamp(t.cycle, from, to));
      break;
    case EventKind::Unblock:
      model.unblock(engine, std::clamp(t.cycle, from, to));
      break;
    case EventKind::Halt:
    case EventKind::Wait:
      break;
    }
  }
}

/// The buckets of `ov` inside [from, to): per engine, its busy cycles as
/// one stretch from the bucket's start, then its blocked cycles.
void addBuckets(TimelineModel &model, const Overview &ov, uint64_t from, uint64_t to) {
  for (size_t e = 0; e < ov.engineCount(); ++e)
    for (size_t i = ov.bucketIndex(from); i < ov.size(); ++i) {
      uint64_t start = ov.bucketStart(i);
      if (start >= to)
        break;
      if (start < from)
        continue;
      if (uint32_t busy = ov.busy(e, i))
        model.addBusy(int(e), start, busy, ov.line(e, i));
      if (uint32_t blocked = ov.blocked(e, i)) {
        model.block(int(e), start);
        model.unblock(int(e), start + blocked);
      }
    }
}

} // namespace

TimelineFeed::TimelineFeed(EmulatorRun *run, TimelineDock *dock, QObject *parent)
    : QObject(parent), run(run), dock(dock) {
  connect(run, &EmulatorRun::ready, this, [this] { onSession(true); });
  connect(run, &EmulatorRun::extended, this, [this] { onSession(false); });
  connect(&watcher, &QFutureWatcher<Built>::finished, this, &TimelineFeed::onBuilt);
  rangeSettled.setSingleShot(true);
  rangeSettled.setInterval(150);
  connect(&rangeSettled, &QTimer::timeout, this, &TimelineFeed::onRangeChanged);
  connect(dock->view(), &TimelineView::visibleRangeChanged, &rangeSettled,
          qOverload<>(&QTimer::start));
}

TimelineFeed::~TimelineFeed() { watcher.waitForFinished(); }

std::unique_ptr<TimelineModel>
TimelineFeed::build(const spyre::emu::Session &session, int focused,
                    const spyre::emu::RunWindow *window) {
  auto model = std::make_unique<TimelineModel>();
  const spyre::emu::Machine &m = session.finalMachine();
  const auto &engines = m.prepared().engines;
  std::vector<TimelineModel::Engine> lanes;
  for (size_t e = 0; e < engines.size(); ++e) {
    QString name = QString::fromStdString(m.engineName(uint32_t(e)));
    // "core 3 sfu#0": the core is the lane's group already.
    QString prefix = QStringLiteral("core %1 ").arg(engines[e].core);
    if (name.startsWith(prefix))
      name = name.mid(prefix.size());
    lanes.push_back({engines[e].core, name});
  }
  // As reset() on the dock's own model would: only the focused core open.
  model->reset(lanes, m.arch().numCores);
  if (focused > 0 && focused < model->coreCount()) {
    model->setFocusedCore(focused);
    model->setCollapsed(0, true);
  }
  if (session.detailed()) {
    addEvents(*model, m, session.trace().events, 0, UINT64_MAX);
  } else if (!window) {
    addBuckets(*model, session.overview(), 0, UINT64_MAX);
  } else {
    // The run's overview around the window, the window's own records in it.
    addBuckets(*model, session.overview(), 0, window->fromCycle);
    if (window->detail)
      addEvents(*model, m, window->detail->events, window->fromCycle, window->toCycle);
    else
      addBuckets(*model, window->overview, window->fromCycle, window->toCycle);
    model->finish(window->toCycle); // closes what is blocked at its end
    addBuckets(*model, session.overview(), window->toCycle, UINT64_MAX);
  }
  model->finish(session.totalCycles());
  return model;
}

size_t TimelineFeed::workSize(const spyre::emu::Session &session) {
  return session.detailed() ? session.trace().events.size()
                            : session.overview().size() * session.overview().engineCount();
}

void TimelineFeed::drop() {
  dropped = true;
  wanted = wantedFresh = false;
  shownWindow = nullptr;
  rangeSettled.stop();
}

void TimelineFeed::onSession(bool fresh) {
  const spyre::emu::Session *s = run->session();
  if (fresh)
    dropped = false;
  if (!s || dropped)
    return;
  if (inFlight) { // build the newest once this one is done
    wanted = true;
    wantedFresh = wantedFresh || fresh;
    return;
  }
  wanted = false;
  // A window of an older run, or past what a part holds, is not kept.
  if (fresh || (shownWindow && shownWindow->toCycle > s->totalCycles()))
    shownWindow = nullptr;
  int focused = dock->model().focusedCore();
  if (workSize(*s) < kSyncEvents && !shownWindow) {
    show(build(*s, focused), fresh);
    return;
  }
  std::shared_ptr<const spyre::emu::Session> shared = run->sharedSession();
  inFlight = true;
  builtFresh = fresh;
  builtWindow = false;
  watcher.setFuture(QtConcurrent::run(
      workerPool(), [shared, focused, window = shownWindow] {
        return Built{std::shared_ptr<TimelineModel>(build(*shared, focused, window.get())),
                     window};
      }));
}

void TimelineFeed::onRangeChanged() {
  const spyre::emu::Session *s = run->session();
  TimelineView *view = dock->view();
  if (!s || dropped || s->detailed() || inFlight || s->totalCycles() == 0)
    return;
  const Overview &ov = s->overview();
  double first = std::max(0.0, view->visibleFirst());
  double last = std::min(double(s->totalCycles()), view->visibleLast());
  if (!(last > first))
    return;
  // Fine enough already: a stretch of what is drawn there spans at most
  // two pixels.
  auto fineEnough = [&](uint64_t width) {
    return double(width) <= 2.0 * (last - first) / std::max(1, view->plotWidth());
  };
  const spyre::emu::RunWindow *w = shownWindow.get();
  bool inside = w && first >= double(w->fromCycle) && last <= double(w->toCycle);
  if (inside && (w->detail || fineEnough(w->overview.width())))
    return;
  if (!inside && fineEnough(ov.width()))
    return;
  // The cycles shown and as many on each side, in whole buckets of the
  // run's overview: re-executed when they hold few enough events.
  double span = last - first;
  uint64_t from = uint64_t(std::max(0.0, first - span));
  uint64_t to = uint64_t(std::min(double(s->totalCycles()), last + span)) + 1;
  from = ov.bucketStart(ov.bucketIndex(from));
  to = std::min<uint64_t>(ov.bucketStart(ov.bucketIndex(to)) + ov.width(),
                          s->totalCycles() + 1);
  if (ov.eventsBetween(from, to) > kWindowEvents)
    return;
  requestWindow(from, to);
}

void TimelineFeed::requestWindow(uint64_t from, uint64_t to) {
  std::shared_ptr<const spyre::emu::Session> shared = run->sharedSession();
  int focused = dock->model().focusedCore();
  inFlight = true;
  builtFresh = false;
  builtWindow = true;
  dock->setNote(tr("re-executing cycles %1 to %2…")
                    .arg(formatCount(from), formatCount(to)));
  watcher.setFuture(QtConcurrent::run(workerPool(), [shared, focused, from, to] {
    auto window = std::make_shared<const spyre::emu::RunWindow>(
        shared->window(from, to, Overview::kDefaultBuckets, kWindowDetail));
    return Built{std::shared_ptr<TimelineModel>(build(*shared, focused, window.get())),
                 window};
  }));
}

void TimelineFeed::onBuilt() {
  if (!inFlight || !watcher.future().isFinished())
    return;
  inFlight = false;
  Built got = watcher.result();
  if (dropped)
    return;
  // A model of an older run is dropped when a new run came meanwhile; a
  // shorter part of the same run is shown until the longer one is built.
  bool newerRun = wanted && wantedFresh;
  if (got.model && run->session() && !newerRun) {
    shownWindow = got.window;
    show(std::make_unique<TimelineModel>(std::move(*got.model)),
         builtFresh && !builtWindow);
  }
  if (wanted) {
    bool fresh = wantedFresh;
    wantedFresh = false;
    onSession(fresh);
  }
}

void TimelineFeed::describe() {
  const spyre::emu::Session *s = run->session();
  if (!s || s->detailed()) {
    dock->setNote(QString());
    return;
  }
  const uint64_t width = s->overview().width();
  QString note = width == 1 ? tr("each stretch: an engine's busy cycles in 1 cycle")
                            : tr("each stretch: an engine's busy cycles in %1 cycles")
                                  .arg(formatCount(width));
  if (const spyre::emu::RunWindow *w = shownWindow.get())
    note = w->detail ? tr("cycles %1–%2: every instruction; elsewhere %3")
                           .arg(formatCount(w->fromCycle), formatCount(w->toCycle), note)
                     : tr("cycles %1–%2: busy cycles in %3 cycles; elsewhere %4")
                           .arg(formatCount(w->fromCycle), formatCount(w->toCycle),
                                formatCount(w->overview.width()), note);
  dock->setNote(note);
}

void TimelineFeed::show(std::unique_ptr<TimelineModel> model, bool fresh) {
  TimelineModel &shown = dock->model();
  TimelineView *view = dock->view();
  // Keep what the user opened and closed (the same machine: a part of
  // the same run), and what they zoomed into unless the run is new.
  bool keepRows = !fresh && shown.coreCount() == model->coreCount();
  std::vector<bool> collapsed;
  if (keepRows)
    for (int c = 0; c < shown.coreCount(); ++c)
      collapsed.push_back(shown.isCollapsed(c));
  bool wasWhole = view->visibleFirst() <= 0 &&
                  view->visibleLast() >= double(shown.endCycle());
  double first = view->visibleFirst(), last = view->visibleLast();
  // The core focused while this model was built (in the ring, or by
  // --focus-core before the run's cores were known) stays first.
  int focus = shown.focusedCore();
  // Swapped in (the vectors move); the old lanes are in `model` now.
  std::swap(shown, *model);
  if (focus != shown.focusedCore() && focus < shown.coreCount()) {
    if (!keepRows)
      shown.setCollapsed(shown.focusedCore(), true);
    shown.setFocusedCore(focus);
  }
  if (keepRows)
    for (int c = 0; c < int(collapsed.size()); ++c)
      if (shown.isCollapsed(c) != collapsed[size_t(c)])
        shown.setCollapsed(c, collapsed[size_t(c)]);
  {
    // Not a request for another window: the range is the user's.
    QSignalBlocker quiet(view);
    if (fresh || wasWhole) {
      view->modelChanged();
    } else {
      view->rowsChanged();
      view->setVisibleRange(first, last);
    }
  }
  if (const spyre::emu::Session *s = run->session())
    view->setCursorCycle(s->cycle());
  describe();
  if (model->intervalCount() > kSyncEvents) { // freed on a worker
    (void)QtConcurrent::run(
      workerPool(),
        [old = std::shared_ptr<TimelineModel>(std::move(model))]() mutable {
          old.reset();
        });
  }
  Q_EMIT filled();
}

void TimelineFeed::finishFilling() {
  for (int turn = 0; turn < 8 && filling(); ++turn) {
    watcher.waitForFinished();
    onBuilt();
  }
}
