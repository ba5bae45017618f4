//===- Session.cpp - step an emulated run forwards and backwards ----------===//

#include "emu/Session.h"

using namespace spyre;
using namespace spyre::emu;

Session::Session(std::shared_ptr<const runtime::Job> j,
                 const std::function<void(Machine &)> &init,
                 const SessionOptions &options)
    : job(std::move(j)), interval(std::max<uint64_t>(1, options.checkpointEvery)) {
  Options traced = options.machine;
  traced.trace = true;
  full = std::make_unique<Machine>(*job, traced);
  if (init)
    init(*full);
  checkpoints.push_back(full->state());
  const MachineState &s0 = checkpoints.front();
  size_t stateBytes = sizeof(MachineState) + s0.sregs.size() * 8 + s0.vregs.size() * 8;
  for (const auto &t : s0.tregs)
    stateBytes += t.size() * 8;
  for (const auto &c : s0.channels)
    stateBytes += c.data.size() * 8 + c.visibleAt.size() * 8;
  size_t maxCheckpoints = std::max<size_t>(
      8, std::min(options.maxCheckpoints, options.checkpointBytes / stateBytes));
  while (full->status() == Machine::Status::Running) {
    full->step();
    uint64_t n = full->state().events;
    if (n % interval == 0 && full->status() == Machine::Status::Running) {
      checkpoints.push_back(full->state());
      if (checkpoints.size() > maxCheckpoints) {
        // Keep checkpoints 0, 2, 4, ...: the interval doubles.
        std::vector<MachineState> kept;
        for (size_t i = 0; i < checkpoints.size(); i += 2)
          kept.push_back(std::move(checkpoints[i]));
        checkpoints = std::move(kept);
        interval *= 2;
      }
    }
  }
  full->closeOccupancy();
  recorded = full->state();
  total = recorded.events;
  endCycle = recorded.lastActivity;
  Options quiet = options.machine;
  quiet.trace = false;
  cursor = std::make_unique<Machine>(*job, quiet);
  cursor->restore(checkpoints.front());
}

void Session::restoreBefore(uint64_t n) {
  size_t i = std::min<size_t>(size_t(n / interval), checkpoints.size() - 1);
  cursor->restore(checkpoints[i]);
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
  cursor->runToCycle(c);
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
