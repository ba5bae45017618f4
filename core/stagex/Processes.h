//===- Processes.h - a kernel's work as cooperating processes ---*- C++ -*-===//
//
// The stage executor runs every piece of work that may proceed concurrently
// (a core's kernel body, the stages of a ScheduleIR pipeline, the instances
// of a DataflowIR program) as a process on a stack of its own. One process
// runs at a time: it runs until it finishes or blocks (on an empty or full
// queue, a token, a barrier, its children), and the scheduler then resumes
// the next process that can go on, in a fixed order, so a run is
// deterministic. Processes share queues and memory; reading a queue blocks
// until there is something to read, so the kernel is a Kahn process network
// whose result does not depend on that order (Order::Backward runs the
// other way round: the tests compare the two). When no process can go on
// while some are blocked, that is a deadlock: onDeadlock gets every blocked
// process, each saying what it waits on.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_STAGEX_PROCESSES_H
#define SPYRE_STAGEX_PROCESSES_H

#include "interp/Coroutine.h"
#include "interp/SmallPool.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace spyre::interp {
class CoreExec;
} // namespace spyre::interp

namespace spyre::stagex {

/// Something a process can block on (a queue, a barrier, its children),
/// able to say what it is in a diagnostic.
class WaitTarget {
public:
  virtual ~WaitTarget() = default;
  virtual std::string describe() const = 0;
};

struct Process {
  /// From the thread's pool (interp/SmallPool.h): a stage's process is
  /// made for every pipeline.
  static void *operator new(std::size_t bytes) { return interp::poolAllocate(bytes); }
  static void operator delete(void *p, std::size_t bytes) {
    interp::poolDeallocate(p, bytes);
  }
  /// "kernel" for a core's body, else the unit of the stage or program.
  std::string unit;
  int core = 0;     ///< the core it runs on
  int tile = 0;     ///< the tile of the grid it works for
  int instance = 0; ///< which of the core's instances of its unit it is
  /// Its values: a core's executor (roots) or one of its own.
  interp::CoreExec *exec = nullptr;
  std::unique_ptr<interp::CoreExec> owned;
  /// What it runs; false after a diagnostic (or when the run stopped).
  std::function<bool(Process &)> body;
  /// A child's own work, which `body` runs and then reports to `owner`,
  /// the parent's executor (Context::spawnChild).
  std::function<bool(Process &)> work;
  interp::CoreExec *owner = nullptr;
  Process *parent = nullptr;
  int liveChildren = 0; ///< spawned and not finished
  /// How often it has run each pipeline (a multi-copy buffer's copy).
  int64_t sequence = 0;

  // The scheduler's state.
  enum class State { Runnable, Waiting, Done };
  State state = State::Runnable;
  bool ok = true;
  const std::function<bool()> *ready = nullptr;
  mlir::Operation *blockedAt = nullptr;
  const char *blockedHow = "";
  const WaitTarget *blockedOn = nullptr;
  interp::CoroutineContext context;
  void *stack = nullptr;
};

enum class Order { Forward, Backward };

class Scheduler {
public:
  explicit Scheduler(Order order = Order::Forward);
  ~Scheduler();
  Scheduler(const Scheduler &) = delete;
  Scheduler &operator=(const Scheduler &) = delete;

  /// Adds a runnable process; it starts when the scheduler reaches it. A
  /// process with a parent counts as one of its live children until done.
  Process &spawn(std::unique_ptr<Process> process);
  /// Runs every process to its end. False when one failed (after its
  /// diagnostic), a stack could not be mapped, or on deadlock (after
  /// onDeadlock).
  bool run();
  /// From the running process: blocks until `ready()` holds. `at`, `how`
  /// and `on` say what it waits for ("waits to pop from", a queue). False
  /// when the run stopped meanwhile (a deadlock, another process failed):
  /// the process then unwinds without a diagnostic of its own.
  bool wait(const std::function<bool()> &ready, mlir::Operation *at,
            const char *how, const WaitTarget *on);
  /// From the running process: waits until all its children are done.
  bool join(mlir::Operation *at);
  Process *running() const { return current; }
  /// A process failed or the processes deadlocked.
  bool stopped() const { return failed || deadlocked; }
  /// Processes spawned so far (a measure of the work).
  uint64_t spawned() const { return spawnCount; }

  /// Called once on deadlock, with every blocked process.
  std::function<void(const std::vector<const Process *> &)> onDeadlock;

private:
  Order order;
  std::vector<std::unique_ptr<Process>> processes;
  Process *current = nullptr;
  interp::CoroutineContext mainContext;
  bool failed = false, deadlocked = false, noStack = false;
  uint64_t spawnCount = 0;
  size_t last = 0;
  /// Stacks of processes that ended, for the next ones to start on
  /// (without the shared pool's lock); given back when the run ends.
  std::vector<void *> spareStacks;

  static void entry(void *self);
  bool canGoOn(Process &p) const;
  /// The next process that can go on after `last`, or -1.
  long pickNext();
  void finish(Process &p);
  void compact();
};

} // namespace spyre::stagex

#endif
