//===- TimelineFeed.cpp - the timeline filled from an emulated run --------===//

#include "TimelineFeed.h"

#include "EmulatorRun.h"
#include "TimelineDock.h"
#include "TimelineView.h"

#include "WorkerPool.h"

#include <QtConcurrent/QtConcurrentRun>

TimelineFeed::TimelineFeed(EmulatorRun *run, TimelineDock *dock, QObject *parent)
    : QObject(parent), run(run), dock(dock) {
  connect(run, &EmulatorRun::ready, this, [this] { onSession(true); });
  connect(run, &EmulatorRun::extended, this, [this] { onSession(false); });
  connect(&watcher, &QFutureWatcher<std::shared_ptr<TimelineModel>>::finished,
          this, &TimelineFeed::onBuilt);
}

TimelineFeed::~TimelineFeed() { watcher.waitForFinished(); }

std::unique_ptr<TimelineModel>
TimelineFeed::build(const spyre::emu::Session &session, int focused) {
  using spyre::emu::EventKind;
  auto model = std::make_unique<TimelineModel>();
  const spyre::emu::Machine &m = session.finalMachine();
  const auto &engines = m.prepared().engines;
  const auto &module = *m.prepared().module;
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
  for (const spyre::emu::TraceEvent &t : session.trace().events) {
    int engine = int(t.engine);
    switch (t.kind) {
    case EventKind::Issue: {
      const spyre::code::Instr &in = m.instr(t.engine, t.pc);
      int line = in.loc < module.locations.size()
                     ? module.locations[in.loc].ktirLine
                     : 0;
      model->addBusy(engine, t.cycle, t.duration, line);
      break;
    }
    case EventKind::Block:
      model->block(engine, t.cycle);
      break;
    case EventKind::Unblock:
      model->unblock(engine, t.cycle);
      break;
    case EventKind::Halt:
      break;
    }
  }
  model->finish(session.totalCycles());
  return model;
}

void TimelineFeed::onSession(bool fresh) {
  const spyre::emu::Session *s = run->session();
  if (!s)
    return;
  if (inFlight) { // build the newest once this one is done
    wanted = true;
    wantedFresh = wantedFresh || fresh;
    return;
  }
  wanted = false;
  int focused = dock->model().focusedCore();
  if (s->trace().events.size() < kSyncEvents) {
    show(build(*s, focused), fresh);
    return;
  }
  std::shared_ptr<const spyre::emu::Session> shared = run->sharedSession();
  inFlight = true;
  builtFresh = fresh;
  watcher.setFuture(QtConcurrent::run(workerPool(), [shared, focused] {
    return std::shared_ptr<TimelineModel>(build(*shared, focused));
  }));
}

void TimelineFeed::onBuilt() {
  if (!inFlight || !watcher.future().isFinished())
    return;
  inFlight = false;
  std::shared_ptr<TimelineModel> got = watcher.result();
  // A model of an older run is dropped when a new run came meanwhile; a
  // shorter part of the same run is shown until the longer one is built.
  bool newerRun = wanted && wantedFresh;
  if (got && run->session() && !newerRun)
    show(std::make_unique<TimelineModel>(std::move(*got)), builtFresh);
  if (wanted) {
    bool fresh = wantedFresh;
    wantedFresh = false;
    onSession(fresh);
  }
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
  // Swapped in (the vectors move); the old lanes are in `model` now.
  std::swap(shown, *model);
  if (keepRows)
    for (int c = 0; c < int(collapsed.size()); ++c)
      if (shown.isCollapsed(c) != collapsed[size_t(c)])
        shown.setCollapsed(c, collapsed[size_t(c)]);
  if (fresh || wasWhole) {
    view->modelChanged();
  } else {
    view->rowsChanged();
    view->setVisibleRange(first, last);
  }
  if (const spyre::emu::Session *s = run->session())
    view->setCursorCycle(s->cycle());
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
