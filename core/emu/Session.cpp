//===- Session.cpp - step an emulated run forwards and backwards ----------===//

#include "emu/Session.h"
#include "emu/ChromeTrace.h"

#include <algorithm>

using namespace spyre;
using namespace spyre::emu;

uint64_t Session::stateBytes(const MachineState &s) { return emu::stateBytes(s); }

uint64_t Session::costBeside(const PackedState &packed,
                             const PackedState *previous) const {
  static const PagedMemory none;
  const MachineState &s = packed.skeleton();
  const MachineState *before = previous ? &previous->skeleton() : nullptr;
  uint64_t bytes = packed.bytes();
  bytes += s.hbm.bytesNotIn(before ? before->hbm : none);
  for (size_t c = 0; c < s.lx.size(); ++c)
    bytes += s.lx[c].bytesNotIn(before && c < before->lx.size() ? before->lx[c] : none);
  return bytes;
}

Session::Session(std::shared_ptr<const runtime::Job> j,
                 const std::function<void(Machine &)> &init,
                 const SessionOptions &options)
    : runJob(std::move(j)), interval(std::max<uint64_t>(1, options.checkpointEvery)),
      budget(options.checkpointBudget), sessionOptions(options) {
  Options traced = options.machine;
  traced.trace = options.detailEvents > 0;
  traced.traceLimit = size_t(std::min<uint64_t>(options.detailEvents, SIZE_MAX));
  traced.lxLevels = true;
  full = std::make_unique<Machine>(*runJob, traced);
  live = std::make_unique<Overview>(*runJob->prepared, 0, UINT64_MAX,
                                    options.overviewBuckets);
  full->addSink(live.get());
  if (init)
    init(*full);
  quietOptions = options.machine;
  quietOptions.trace = false;
  quietOptions.lxLevels = false;
  const uint64_t one = PackedState(full->state()).bytes();
  if (budget < kMinCheckpoints * one) {
    refusalText = "a checkpoint budget of " + std::to_string(budget) +
                  " bytes cannot hold the " + std::to_string(kMinCheckpoints) +
                  " checkpoints a session needs (" + std::to_string(one) +
                  " bytes of machine state each): give at least " +
                  std::to_string(kMinCheckpoints * one) + " bytes";
    done = true;
    finalise();
    return;
  }
  // A checkpoint costs packing the state (about a nanosecond a byte); an
  // event costs tens of nanoseconds. With a large state (matmul_kloop:
  // 1.9 MB of registers and FIFOs) a checkpoint every 1,024 events made
  // recording several times slower than the events themselves: the
  // interval is at least one event per 64 bytes of state, so packing
  // costs a fraction of the events between checkpoints.
  interval = std::max<uint64_t>(interval, stateBytes(full->state()) / 64);
  takeCheckpoint();
  if (!options.deferred)
    record();
}

Session::~Session() = default;

void Session::takeCheckpoint() {
  if (!checkpoints.empty()) {
    // Pages rewritten with the bytes they had at the last checkpoint are
    // shared with it again (a loop rewriting its buffers with the same
    // values costs no copy): only the bytes that changed are kept twice.
    const MachineState &before = checkpoints.back().state->skeleton();
    full->hbm().shareUnchanged(before.hbm);
    for (size_t c = 0; c < before.lx.size() && c < full->state().lx.size(); ++c)
      full->lx(int32_t(c)).shareUnchanged(before.lx[c]);
  }
  if (!checkpoints.empty() && checkpoints.back().open) {
    // The pages the run wrote since the last checkpoint are now kept by
    // it alone: compressed (to about half their size for softmax's fp16
    // data), so that the budget holds more checkpoints.
    Checkpoint &last = checkpoints.back();
    last.state = last.state->sealed(full->state());
    last.open = false;
    checkpointTotal -= last.bytes;
    last.bytes = costBeside(*last.state, checkpoints.size() > 1
                                             ? checkpoints[checkpoints.size() - 2].state.get()
                                             : nullptr);
    checkpointTotal += last.bytes;
  }
  auto state = std::make_shared<const PackedState>(full->state());
  uint64_t bytes = costBeside(*state, checkpoints.empty()
                                          ? nullptr
                                          : checkpoints.back().state.get());
  checkpoints.push_back({std::move(state), bytes});
  checkpointTotal += bytes;
  while (tooMany() && checkpoints.size() > 2)
    thinCheckpoints();
}

bool Session::tooMany() const {
  return checkpointTotal > budget ||
         (interval < sessionOptions.shortReplay &&
          checkpoints.size() >
              std::max(sessionOptions.denseCheckpoints, kMinCheckpoints));
}

void Session::thinCheckpoints() {
  // Keep checkpoints 0, 2, 4, ...: the interval doubles; each one kept
  // now costs what it holds beside the one kept before it.
  std::vector<Checkpoint> kept;
  checkpointTotal = 0;
  for (size_t i = 0; i < checkpoints.size(); i += 2) {
    Checkpoint c = std::move(checkpoints[i]);
    c.bytes = costBeside(*c.state, kept.empty() ? nullptr : kept.back().state.get());
    checkpointTotal += c.bytes;
    kept.push_back(std::move(c));
  }
  checkpoints = std::move(kept);
  interval *= 2;
  fine.clear();
}

size_t Session::sealedPageCount() const {
  size_t n = 0;
  for (const Checkpoint &c : checkpoints)
    n += c.state->sealedPageCount();
  return n;
}

uint64_t Session::recordedEvents() const {
  return full ? full->state().events : total;
}

void Session::dropDetail() {
  // Past SessionOptions::detailEvents: the views take windows instead.
  full->setTracing(false);
  full->trace() = TraceData{};
  detailDropped = true;
}

bool Session::record(uint64_t events) {
  if (done)
    return true;
  // The flag is read once per this many events: cheap, and prompt (the
  // emulator does tens of millions of events a second).
  constexpr uint64_t kCancelCheck = 4096;
  while (full->status() == Machine::Status::Running) {
    uint64_t n = full->state().events;
    if (n >= events) {
      full->settleLx();
      return false;
    }
    if (sessionOptions.cancel && n % kCancelCheck == 0 &&
        sessionOptions.cancel->load(std::memory_order_relaxed)) {
      stopped = true;
      break;
    }
    full->step();
    n = full->state().events;
    if (n % interval == 0 && full->status() == Machine::Status::Running)
      takeCheckpoint();
    if (!detailDropped && n > sessionOptions.detailEvents)
      dropDetail();
  }
  done = true;
  finalise();
  return true;
}

void Session::finalise() {
  if (full) {
    if (done)
      full->closeOccupancy();
    else
      full->settleLx();
    recorded = full->state();
    total = recorded.events;
    endCycle = std::max(recorded.lastActivity, done ? 0 : recorded.now);
    // The overview as far as the run goes: a copy while the live one grows
    // on, else the live one itself (copying a large one takes a while).
    auto shown = done ? std::make_shared<Overview>(std::move(*live))
                      : std::make_shared<Overview>(*live);
    if (done)
      shown->finish(endCycle, total);
    else
      shown->setFrontier(endCycle, total);
    shownOverview = std::move(shown);
    if (!detailDropped && full->trace().whole())
      detail = done ? std::make_shared<const TraceData>(std::move(full->trace()))
                    : std::make_shared<const TraceData>(full->trace());
    else
      detail = nullptr;
    endMachine = std::make_unique<Machine>(*runJob, quietOptions);
    endMachine->restore(recorded);
    endMachine->adoptLx(full->lxSweep());
  }
  if (done) { // the recording machine is not needed any more
    full.reset();
    live.reset();
  }
  cursor = std::make_unique<Machine>(*runJob, quietOptions);
  if (!checkpoints.empty())
    cursor->restore(*checkpoints.front().state);
}

std::unique_ptr<Session> Session::snapshot() const {
  std::unique_ptr<Session> s(new Session());
  s->runJob = runJob;
  s->checkpoints = checkpoints;
  s->interval = interval;
  s->checkpointTotal = checkpointTotal;
  s->budget = budget;
  s->quietOptions = quietOptions;
  s->sessionOptions = sessionOptions;
  s->refusalText = refusalText;
  s->done = done;
  s->stopped = stopped;
  s->recorded = recorded;
  s->total = total;
  s->endCycle = endCycle;
  s->shownOverview = shownOverview;
  s->detail = detail;
  s->detailDropped = detailDropped;
  if (full) {
    // Still recording: a copy of the run so far (the trace so far copied,
    // the checkpoints and the memories' pages shared).
    s->full = std::make_unique<Machine>(*full);
    s->full->trace() = full->trace();
    s->live = std::make_unique<Overview>(*live);
    s->full->addSink(s->live.get());
    s->finalise();
  } else {
    s->endMachine = std::make_unique<Machine>(*runJob, quietOptions);
    s->endMachine->restore(endMachine->state());
    s->endMachine->adoptLx(endMachine->lxSweep());
    s->cursor = std::make_unique<Machine>(*runJob, quietOptions);
    if (!checkpoints.empty())
      s->cursor->restore(*checkpoints.front().state);
  }
  return s;
}

const TraceData &Session::trace() const {
  static const TraceData none;
  return detail ? *detail : none;
}

size_t Session::checkpointForEvent(uint64_t n) const {
  return std::min<size_t>(size_t(n / interval), checkpoints.size() - 1);
}

size_t Session::checkpointForCycle(uint64_t c) const {
  // The last checkpoint whose next event comes at or before cycle c: the
  // events of cycle c all follow it.
  size_t lo = 0, hi = checkpoints.size() - 1;
  while (lo < hi) {
    size_t mid = lo + (hi - lo + 1) / 2;
    const MachineState &s = checkpoints[mid].state->skeleton();
    uint64_t next = s.queue.empty() ? s.now : s.queue.top().time;
    if (next <= c)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

void Session::restore(size_t i) {
  cursor->restore(*checkpoints[i].state);
}

void Session::stepTo(uint64_t n) {
  while (cursor->state().events < n &&
         cursor->status() == Machine::Status::Running)
    cursor->step();
}

const Session::Fine *Session::fineBefore(uint64_t n, uint64_t cycle) const {
  // The latest kept state at or before event n whose next event comes at
  // or before `cycle` (the fine states are in event order).
  const Fine *best = nullptr;
  for (const Fine &f : fine) {
    if (f.events > n)
      break;
    const MachineState &s = *f.state;
    if ((s.queue.empty() ? s.now : s.queue.top().time) <= cycle)
      best = &f;
  }
  return best;
}

ReplayStart Session::keptBefore(uint64_t n, uint64_t cycle, size_t k) const {
  ReplayStart start;
  start.checkpoint = checkpoints[k].state;
  const Fine *f = fineBefore(n, cycle);
  if (f && f->events > start.checkpoint->skeleton().events)
    start.state = f->state;
  return start;
}

bool Session::cursorNearer(bool cursorUsable, const ReplayStart &kept) {
  // The cursor where it is (the caller checked that it is not past the
  // kept state) when that is nearer or less than fineSpacing() events
  // behind: stepping costs less than copying a state, so a step forwards
  // onto a fine state just steps.
  const uint64_t nearest =
      kept.state ? kept.state->events : kept.checkpoint->skeleton().events;
  return cursorUsable && position() + fineSpacing() >= nearest;
}

void Session::restoreBefore(uint64_t n, uint64_t cycle, size_t k, bool cursorUsable) {
  const ReplayStart kept = keptBefore(n, cycle, k);
  restoredAt = UINT64_MAX;
  if (cursorNearer(cursorUsable, kept))
    return;
  if (kept.state)
    cursor->restore(*kept.state);
  else
    restore(k);
  restoredAt = position();
}

bool Session::seekEvent(uint64_t n) {
  if (n > total || checkpoints.empty())
    return false;
  restoreBefore(n, UINT64_MAX, checkpointForEvent(n), position() <= n);
  replayKeeping(n);
  stepTo(n);
  lastReplayed = restoredAt == UINT64_MAX ? 0 : position() - restoredAt;
  return cursor->state().events == n;
}

uint64_t Session::fineSpacing() {
  // Copying a state costs about as much as replaying one event per few
  // hundred of its bytes (softmax: 1.1 MB against 8,600 events of ~10 M
  // a second): a replay of d events keeps its kFine states only when
  // d / kFine is at least this far, so the copies cost a fraction of it.
  if (!fineMin)
    fineMin = sessionOptions.fineSpacing
                  ? sessionOptions.fineSpacing
                  : std::max<uint64_t>(256, stateBytes(cursor->state()) / 128);
  return fineMin;
}

void Session::keepFine(uint64_t at, uint64_t near, std::shared_ptr<MachineState> ready) {
  auto it = std::lower_bound(fine.begin(), fine.end(), at,
                             [](const Fine &f, uint64_t e) { return f.events < e; });
  if (it != fine.end() && it->events == at)
    return;
  // Bounded: the state farthest from `near` goes, those after it before
  // those before it (steps back start from the latter); its storage takes
  // the new copy (copying into vectors of the right size allocates
  // nothing: a fresh copy of softmax's 1.1 MB cost a sixth of a seek).
  auto score = [&](uint64_t e) { return e > near ? (e - near) + total + 1 : near - e; };
  std::shared_ptr<MachineState> state;
  if (fine.size() >= kFineMax) {
    auto far = std::max_element(fine.begin(), fine.end(), [&](const Fine &a, const Fine &b) {
      return score(a.events) < score(b.events);
    });
    if (score(at) >= score(far->events))
      return; // the new one would go first
    state = std::move(far->state);
    fine.erase(far);
    it = std::lower_bound(fine.begin(), fine.end(), at,
                          [](const Fine &f, uint64_t e) { return f.events < e; });
  }
  if (ready) {
    if (state && !sharedElsewhere(state) && spare.size() < kFine)
      spare.push_back(std::move(state));
    state = std::move(ready);
  } else if (state && !sharedElsewhere(state))
    *state = cursor->state();
  else
    state = std::make_shared<MachineState>(cursor->state());
  fine.insert(it, {at, std::move(state)});
}

void Session::replayKeeping(uint64_t n) {
  // Steps back one at a time would replay most of the way each: a replay
  // of many events keeps kFine states on its way, so that the next steps
  // back start from the nearest of them; each of those replays keeps
  // closer ones in turn, down to fineSpacing().
  const uint64_t start = position();
  if (n <= start)
    return;
  const uint64_t spacing = std::max((n - start) / kFine, fineSpacing());
  if (n - start < 2 * spacing)
    return;
  for (uint64_t at = start + spacing; at < n; at += spacing) {
    stepTo(at);
    if (cursor->state().events != at)
      return; // the run ended
    keepFine(at, n);
  }
}

bool Session::stepEvent() {
  if (position() >= total)
    return false;
  return seekEvent(position() + 1);
}

bool Session::stepBack() {
  if (position() == 0)
    return false;
  return seekEvent(position() - 1);
}

bool Session::stepCycle() {
  if (position() >= total)
    return false;
  uint64_t target = cursor->state().now + 1;
  while (position() < total && cursor->nextEventCycle() < target)
    cursor->step();
  if (position() < total)
    cursor->step();
  return true;
}

/// Steps `m` through every event before cycle c's end (the run's, when
/// sooner), handing `keep` the events `spacing` apart from where it
/// started; false when `cancel` stopped it.
template <typename Keep>
static bool stepThroughCycle(Machine &m, uint64_t total, uint64_t c, uint64_t spacing,
                             Keep &&keep, const std::atomic<bool> *cancel = nullptr) {
  constexpr uint64_t kCancelCheck = 4096;
  uint64_t next = m.state().events + spacing;
  while (m.state().events < total && m.status() == Machine::Status::Running &&
         m.nextEventCycle() <= c) {
    m.step();
    const uint64_t n = m.state().events;
    if (n == next) {
      keep(n);
      next += spacing;
    }
    if (cancel && n % kCancelCheck == 0 && cancel->load(std::memory_order_relaxed))
      return false;
  }
  return true;
}

bool Session::seekCycle(uint64_t c) {
  if (checkpoints.empty())
    return false;
  // From the state kept nearest before c, unless the cursor is between it
  // and c; a long way keeps fine states as seekEvent does.
  restoreBefore(UINT64_MAX, c, checkpointForCycle(c), cursor->state().now <= c);
  stepThroughCycle(*cursor, total, c, keepEvery(),
                   [&](uint64_t n) { keepFine(n, n); });
  lastReplayed = restoredAt == UINT64_MAX ? 0 : position() - restoredAt;
  return true;
}

uint64_t Session::keepEvery() { return std::max(interval / kFine, fineSpacing()); }

SeekStart Session::seekStart(uint64_t c) {
  SeekStart start;
  if (checkpoints.empty())
    return start;
  // As seekCycle's restoreBefore(), the cursor's state copied when the
  // cursor is the start.
  static_cast<ReplayStart &>(start) = keptBefore(UINT64_MAX, c, checkpointForCycle(c));
  start.fromCursor = cursorNearer(cursor->state().now <= c, start);
  if (start.fromCursor)
    start.state = std::make_shared<const MachineState>(cursor->state());
  start.keepEvery = keepEvery();
  start.spare = std::move(spare);
  spare.clear();
  return start;
}

PreparedSeek Session::prepareSeekCycle(uint64_t c, const SeekStart &start,
                                       const std::atomic<bool> *cancel) const {
  PreparedSeek out;
  out.cycle = c;
  out.fromCursor = start.fromCursor;
  if (!start.checkpoint || (cancel && cancel->load(std::memory_order_relaxed)))
    return out;
  Machine m(*runJob, quietOptions);
  if (start.state)
    m.restore(*start.state);
  else
    m.restore(*start.checkpoint);
  // The states seekCycle() keeps on its way, at the same events.
  const uint64_t from = m.state().events;
  auto keep = [&](uint64_t n) {
    std::shared_ptr<MachineState> kept;
    if (out.kept.size() < start.spare.size()) {
      kept = start.spare[out.kept.size()];
      *kept = m.state();
    } else {
      kept = std::make_shared<MachineState>(m.state());
    }
    out.kept.push_back({n, std::move(kept)});
  };
  if (!stepThroughCycle(m, total, c, std::max<uint64_t>(start.keepEvery, 1), keep, cancel))
    return out;
  out.replayed = m.state().events - from;
  out.state = std::make_unique<MachineState>(m.state());
  return out;
}

bool Session::adoptSeek(PreparedSeek &&seek) {
  if (!seek.state)
    return false;
  cursor->restore(*seek.state);
  // Kept in the order seekCycle() keeps them, each as it would.
  for (auto &[events, state] : seek.kept)
    keepFine(events, events, std::move(state));
  lastReplayed = seek.fromCursor ? 0 : seek.replayed;
  restoredAt = seek.fromCursor ? UINT64_MAX : position() - seek.replayed;
  return true;
}

bool Session::nextEventOf(int line, const std::string &op) {
  const code::Module &m = *runJob->prepared->module;
  std::vector<uint32_t> locs;
  for (uint32_t i = 0; i < m.locations.size(); ++i)
    if (op.empty() ? m.locations[i].ktirLine == line : m.locations[i].op == op)
      locs.push_back(i);
  auto match = [&](uint32_t e, uint32_t pc) {
    uint32_t loc = cursor->instr(e, pc).loc;
    return std::binary_search(locs.begin(), locs.end(), loc);
  };
  if (!runToNext(match, locs))
    return false;
  cursor->step(); // the matching event, done
  return true;
}

bool Session::runToNext(
    const std::function<bool(uint32_t engine, uint32_t pc)> &match,
    const std::vector<uint32_t> &locs) {
  const uint64_t start = position();
  const Overview &ov = *shownOverview;
  auto matchesNext = [&] {
    int32_t e = cursor->nextEngine();
    return e >= 0 && match(uint32_t(e), cursor->state().engines[size_t(e)].pc);
  };
  while (position() < total) {
    size_t i = ov.bucketIndex(cursor->nextEventCycle());
    if (!ov.runsAny(i, locs)) {
      // No candidate runs in this bucket: on to the next that runs one,
      // re-executed from the checkpoint before it.
      size_t j = i + 1;
      while (j < ov.size() && !ov.runsAny(j, locs))
        ++j;
      if (j >= ov.size())
        break;
      seekCycle(ov.bucketStart(j) - 1);
      continue;
    }
    // Event by event through the bucket.
    uint64_t end = i + 1 < ov.capacity() ? ov.bucketStart(i) + ov.width() : UINT64_MAX;
    while (position() < total && cursor->nextEventCycle() < end) {
      if (matchesNext())
        return true;
      cursor->step();
    }
  }
  seekEvent(start);
  return false;
}

std::unique_ptr<Machine> Session::replay(uint64_t from, uint64_t to,
                                         TraceSink &sink) const {
  Options o = quietOptions;
  o.lxLevels = true;
  auto m = std::make_unique<Machine>(*runJob, o);
  m->restore(*checkpoints[checkpointForEvent(from)].state);
  while (m->state().events < from && m->status() == Machine::Status::Running)
    m->step();
  m->addSink(&sink);
  m->seedRecords();
  while (m->state().events < std::min(to, total) &&
         m->status() == Machine::Status::Running)
    m->step();
  return m;
}

ReplayStart Session::startFor(uint64_t from) const {
  if (checkpoints.empty())
    return {};
  const uint64_t before = from > 0 ? from - 1 : 0;
  return keptBefore(UINT64_MAX, before, checkpointForCycle(before));
}

void Session::reexecute(Machine &m, uint64_t from, uint64_t to, uint64_t &firstEvent,
                        uint64_t &lastEvent, const ReplayStart *start) const {
  // From the checkpoint before the window (or the nearer state kept),
  // recording already (an instruction issued before `from` may keep its
  // engine busy into it; the sinks keep only what falls inside).
  if (start && start->state)
    m.restore(*start->state);
  else if (start && start->checkpoint)
    m.restore(*start->checkpoint);
  else
    m.restore(*checkpoints[checkpointForCycle(from > 0 ? from - 1 : 0)].state);
  m.seedRecords();
  auto running = [&] {
    return m.status() == Machine::Status::Running && m.state().events < total;
  };
  while (running() && m.nextEventCycle() < from)
    m.step();
  firstEvent = m.state().events;
  while (running() && m.nextEventCycle() < to)
    m.step();
  lastEvent = m.state().events;
  // The scratchpad levels of the window are final once every copy open in
  // it has been read past its end or closed: the run goes on (the trace
  // no longer kept) until then, or as long again.
  m.setTracing(false);
  const uint64_t extra = std::max<uint64_t>(lastEvent - firstEvent, 1 << 16);
  while (running() && m.state().events < lastEvent + extra) {
    m.settleLx();
    if (m.lxSweep().settledPast(to))
      break;
    for (int k = 0; k < 1024 && running(); ++k)
      m.step();
  }
  // The run's own end closes what is open; a part's frontier does not.
  if (m.status() != Machine::Status::Running)
    m.closeOccupancy();
  else
    m.settleLx();
}

RunWindow Session::window(uint64_t from, uint64_t to, size_t buckets,
                          uint64_t detailLimit, const ReplayStart *start) const {
  RunWindow w;
  w.fromCycle = from;
  w.toCycle = std::max(to, from + 1);
  w.overview = Overview(*runJob->prepared, w.fromCycle, w.toCycle, buckets);
  Options o = quietOptions;
  o.lxLevels = true;
  o.trace = detailLimit > 0;
  o.traceLimit = size_t(std::min<uint64_t>(detailLimit, SIZE_MAX));
  Machine m(*runJob, o);
  m.addSink(&w.overview);
  reexecute(m, w.fromCycle, w.toCycle, w.firstEvent, w.lastEvent, start);
  w.overview.finish(std::min(w.toCycle, std::max(endCycle, from + 1)),
                    w.lastEvent - w.firstEvent);
  if (o.trace && m.trace().whole())
    w.detail = std::make_shared<const TraceData>(std::move(m.trace()));
  return w;
}

bool Session::writeChromeTrace(std::ostream &out, uint64_t from, uint64_t to) const {
  if (detail) {
    // The whole trace kept: written from it (the final machine's numbers).
    Options traced = quietOptions;
    traced.trace = true;
    Machine m(*runJob, traced);
    m.restore(endMachine->state());
    m.trace() = *detail;
    emu::writeChromeTrace(m, out, from, to);
    return bool(out);
  }
  Options o = quietOptions;
  o.lxLevels = true;
  Machine m(*runJob, o);
  ChromeTraceWriter writer(*runJob->prepared, out, from, to);
  m.addSink(&writer);
  uint64_t first = 0, last = 0;
  reexecute(m, from, std::max(to, from + 1), first, last);
  Machine end(*runJob, quietOptions);
  end.restore(endMachine->state());
  writer.finish(end, {"cycles " + std::to_string(from) + " to " +
                      std::to_string(to) + " re-executed from the run's checkpoints"});
  return bool(out);
}
