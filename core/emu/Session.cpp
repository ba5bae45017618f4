//===- Session.cpp - step an emulated run forwards and backwards ----------===//

#include "emu/Session.h"

using namespace spyre;
using namespace spyre::emu;

Session::Session(std::shared_ptr<const runtime::Job> j,
                 const std::function<void(Machine &)> &init,
                 const SessionOptions &options)
    : job(std::move(j)), interval(std::max<uint64_t>(1, options.checkpointEvery)),
      cancel(options.cancel) {
  Options traced = options.machine;
  traced.trace = true;
  full = std::make_unique<Machine>(*job, traced);
  if (init)
    init(*full);
  checkpoints.push_back(std::make_shared<const MachineState>(full->state()));
  const MachineState &s0 = *checkpoints.front();
  size_t stateBytes = sizeof(MachineState) + s0.sregs.size() * 8 +
                      s0.vregs.size() * 8 + s0.vdata.size() * 4;
  for (const auto &t : s0.tregs)
    stateBytes += t.size() * 8;
  for (const auto &c : s0.channels)
    stateBytes += c.data.size() * 8 + c.visibleAt.size() * 8 + c.dataLanes.size() * 4;
  maxCheckpoints = std::max<size_t>(
      8, std::min(options.maxCheckpoints, options.checkpointBytes / stateBytes));
  // A checkpoint costs a copy of the state; an event costs tens of
  // nanoseconds. With a large state (matmul_kloop: 3.2 MB of tile
  // registers and FIFOs) a checkpoint every 1,024 events made recording
  // ten times slower than the events themselves: the interval is at least
  // one event per 256 bytes of state (copying a byte ~ 1/256 of an event),
  // so checkpoints cost about as much as the events between them.
  interval = std::max<uint64_t>(interval, stateBytes / 256);
  quietOptions = options.machine;
  quietOptions.trace = false;
  if (!options.deferred)
    record();
}

bool Session::record(uint64_t events) {
  if (done)
    return true;
  // The flag is read once per this many events: cheap, and prompt (the
  // emulator does tens of millions of events a second).
  constexpr uint64_t kCancelCheck = 4096;
  while (full->status() == Machine::Status::Running) {
    uint64_t n = full->state().events;
    if (n >= events)
      return false;
    if (cancel && n % kCancelCheck == 0 && cancel->load(std::memory_order_relaxed)) {
      stopped = true;
      break;
    }
    full->step();
    n = full->state().events;
    if (n % interval == 0 && full->status() == Machine::Status::Running) {
      checkpoints.push_back(std::make_shared<const MachineState>(full->state()));
      if (checkpoints.size() > maxCheckpoints) {
        // Keep checkpoints 0, 2, 4, ...: the interval doubles.
        std::vector<std::shared_ptr<const MachineState>> kept;
        for (size_t i = 0; i < checkpoints.size(); i += 2)
          kept.push_back(std::move(checkpoints[i]));
        checkpoints = std::move(kept);
        interval *= 2;
      }
    }
  }
  done = true;
  finalise();
  return true;
}

void Session::finalise() {
  full->closeOccupancy();
  recorded = full->state();
  total = recorded.events;
  endCycle = std::max(recorded.lastActivity, done ? 0 : recorded.now);
  cursor = std::make_unique<Machine>(*job, quietOptions);
  cursor->restore(*checkpoints.front());
}

std::unique_ptr<Session> Session::snapshot() const {
  std::unique_ptr<Session> s(new Session());
  s->job = job;
  // The copy shares the checkpoints and the memories' pages with this
  // one (copy on write) and copies the trace recorded so far.
  s->full = std::make_unique<Machine>(*full);
  s->checkpoints = checkpoints;
  s->interval = interval;
  s->quietOptions = quietOptions;
  s->maxCheckpoints = maxCheckpoints;
  s->done = done;
  s->stopped = stopped;
  s->finalise();
  return s;
}

void Session::restoreBefore(uint64_t n) {
  size_t i = std::min<size_t>(size_t(n / interval), checkpoints.size() - 1);
  cursor->restore(*checkpoints[i]);
  cursor->trace() = TraceData{};
}

bool Session::seekEvent(uint64_t n) {
  if (n > total)
    return false;
  uint64_t here = position();
  if (n < here || n / interval > here / interval)
    restoreBefore(n);
  while (cursor->state().events < n &&
         cursor->status() == Machine::Status::Running)
    cursor->step();
  return cursor->state().events == n;
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

bool Session::seekCycle(uint64_t c) {
  if (c < cursor->state().now)
    seekEvent(0);
  // Not past the recorded frontier (a snapshot's run goes on beyond it).
  while (position() < total && cursor->status() == Machine::Status::Running &&
         cursor->nextEventCycle() <= c)
    cursor->step();
  return true;
}

bool Session::nextEventOf(int line, const std::string &op) {
  const code::Module &m = *job->prepared->module;
  uint64_t start = position();
  while (position() < total) {
    int32_t e = cursor->nextEngine();
    if (e >= 0) {
      const code::Instr &in =
          cursor->instr(uint32_t(e), cursor->state().engines[size_t(e)].pc);
      if (in.loc < m.locations.size()) {
        const code::Location &l = m.locations[in.loc];
        if (op.empty() ? l.ktirLine == line : l.op == op) {
          cursor->step();
          return true;
        }
      }
    }
    cursor->step();
  }
  seekEvent(start);
  return false;
}
