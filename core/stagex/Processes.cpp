//===- Processes.cpp - a kernel's work as cooperating processes -----------===//

#include "stagex/Processes.h"
#include "interp/CoreExec.h"

using namespace spyre::stagex;

Scheduler::Scheduler(Order order) : order(order) {}

Scheduler::~Scheduler() {
  for (auto &p : processes)
    if (p->stack)
      interp::releaseCoroutineStack(p->stack);
  for (void *stack : spareStacks)
    interp::releaseCoroutineStack(stack);
}

Process &Scheduler::spawn(std::unique_ptr<Process> process) {
  ++spawnCount;
  if (process->parent)
    ++process->parent->liveChildren;
  processes.push_back(std::move(process));
  return *processes.back();
}

void Scheduler::entry(void *self) {
  auto *s = static_cast<Scheduler *>(self);
  Process &p = *s->current;
  p.ok = !s->stopped() && p.body(p);
  p.state = Process::State::Done;
  // Back to the scheduler loop for good.
  interp::switchCoroutine(p.context, s->mainContext);
}

bool Scheduler::canGoOn(Process &p) const {
  if (p.state == Process::State::Runnable)
    return true;
  return p.state == Process::State::Waiting &&
         (stopped() || (*p.ready)());
}

long Scheduler::pickNext() {
  size_t n = processes.size();
  for (size_t i = 1; i <= n; ++i) {
    size_t k = order == Order::Forward ? (last + i) % n : (last + n - i) % n;
    if (canGoOn(*processes[k]))
      return long(k);
  }
  return -1;
}

void Scheduler::finish(Process &p) {
  if (!p.ok)
    failed = true;
  if (p.parent)
    --p.parent->liveChildren;
  if (p.stack) {
    if (spareStacks.size() < 64)
      spareStacks.push_back(p.stack);
    else
      interp::releaseCoroutineStack(p.stack);
    p.stack = nullptr;
  }
  p.owned.reset();
}

void Scheduler::compact() {
  // Done processes go; the others keep their order (and `last` its place).
  size_t kept = 0, newLast = 0;
  for (size_t k = 0; k < processes.size(); ++k) {
    if (k == last)
      newLast = kept;
    // A parent whose children still run stays: they point at it.
    if (processes[k]->state != Process::State::Done ||
        processes[k]->liveChildren > 0)
      processes[kept++] = std::move(processes[k]);
  }
  processes.resize(kept);
  last = kept == 0 ? 0 : std::min(newLast, kept - 1);
}

bool Scheduler::run() {
  size_t done = 0;
  while (true) {
    long next = pickNext();
    if (next < 0) {
      bool anyWaiting = false;
      for (auto &p : processes)
        anyWaiting |= p->state == Process::State::Waiting;
      if (!anyWaiting)
        break;
      // Nobody can go on: report the blocked, then let them unwind.
      deadlocked = true;
      std::vector<const Process *> blocked;
      for (auto &p : processes)
        if (p->state == Process::State::Waiting)
          blocked.push_back(p.get());
      if (onDeadlock)
        onDeadlock(blocked);
      continue;
    }
    last = size_t(next);
    Process &p = *processes[last];
    if (p.state == Process::State::Runnable && !p.stack) {
      if (!spareStacks.empty()) {
        p.stack = spareStacks.back();
        spareStacks.pop_back();
      } else {
        p.stack = interp::acquireCoroutineStack();
      }
      if (!p.stack) {
        noStack = failed = true;
        p.ok = false;
        p.state = Process::State::Done;
        finish(p);
        continue;
      }
      interp::makeCoroutine(p.context, p.stack, interp::kCoroutineStackBytes,
                            &Scheduler::entry, this);
    }
    p.state = Process::State::Runnable;
    current = &p;
    interp::switchCoroutine(mainContext, p.context);
    current = nullptr;
    if (p.state == Process::State::Done) {
      finish(p);
      if (++done >= 64 && done * 2 >= processes.size()) {
        compact();
        done = 0;
      }
    }
  }
  bool allOk = !failed && !deadlocked && !noStack;
  for (auto &p : processes)
    allOk &= p->ok;
  return allOk;
}

bool Scheduler::wait(const std::function<bool()> &ready, mlir::Operation *at,
                     const char *how, const WaitTarget *on) {
  if (stopped())
    return false;
  if (ready())
    return true;
  Process &me = *current;
  me.state = Process::State::Waiting;
  me.ready = &ready;
  me.blockedAt = at;
  me.blockedHow = how;
  me.blockedOn = on;
  interp::switchCoroutine(me.context, mainContext);
  me.ready = nullptr;
  me.blockedOn = nullptr;
  return !stopped() && ready();
}

bool Scheduler::join(mlir::Operation *at) {
  Process &me = *current;
  std::function<bool()> ready = [&me] { return me.liveChildren == 0; };
  return wait(ready, at, "waits for the processes it started to finish",
              nullptr);
}
