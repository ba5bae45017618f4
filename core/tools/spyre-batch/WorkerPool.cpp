//===- WorkerPool.cpp - jobs in forked workers under limits ---------------===//

#include "WorkerPool.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace spyre::batch;

namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kStderrKept = 4096;

struct Worker {
  size_t job = 0;
  pid_t pid = -1;
  int out = -1, err = -1; ///< read ends: the worker's lines, its stderr
  Clock::time_point start;
  std::string pending;    ///< a line not yet ended
  Outcome outcome;
};

void writeAll(int fd, const std::string &text) {
  const char *p = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return;
    p += n;
    left -= size_t(n);
  }
}

/// The child: limits, the job, its lines on `fd`; never returns.
[[noreturn]] void runChild(size_t job, int fd, int errFd, const Limits &limits,
                           const WorkFn &work) {
  ::dup2(errFd, STDERR_FILENO);
  ::close(errFd);
  if (limits.memoryBytes) {
    rlimit as{limits.memoryBytes, limits.memoryBytes};
    ::setrlimit(RLIMIT_AS, &as);
  }
  // CPU time as a second guard; the parent kills on wall time first.
  rlim_t cpu = rlim_t(std::ceil(limits.seconds)) + 5;
  rlimit cpuLimit{cpu, cpu + 5};
  ::setrlimit(RLIMIT_CPU, &cpuLimit);
  work(job, [fd](const std::string &line) { writeAll(fd, line + "\n"); });
  ::close(fd);
  std::fflush(nullptr);
  ::_exit(0);
}

/// Reads what `fd` has; false at its end.
bool drain(int fd, std::string &into) {
  char buffer[4096];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      into.append(buffer, size_t(n));
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

/// The complete lines of `w.pending`, into its outcome.
void takeLines(Worker &w) {
  size_t end;
  while ((end = w.pending.find('\n')) != std::string::npos) {
    std::string line = w.pending.substr(0, end);
    w.pending.erase(0, end + 1);
    if (line.rfind("stage ", 0) == 0)
      w.outcome.stage = line.substr(6);
    else if (line.rfind("result ", 0) == 0)
      w.outcome.result = line.substr(7);
  }
}

bool start(Worker &w, const Limits &limits, const WorkFn &work) {
  int lines[2], errors[2];
  if (::pipe(lines) != 0)
    return false;
  if (::pipe(errors) != 0) {
    ::close(lines[0]);
    ::close(lines[1]);
    return false;
  }
  std::fflush(nullptr);
  pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {lines[0], lines[1], errors[0], errors[1]})
      ::close(fd);
    return false;
  }
  if (pid == 0) {
    ::close(lines[0]);
    ::close(errors[0]);
    runChild(w.job, lines[1], errors[1], limits, work);
  }
  ::close(lines[1]);
  ::close(errors[1]);
  for (int fd : {lines[0], errors[0]})
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  w.pid = pid;
  w.out = lines[0];
  w.err = errors[0];
  w.start = Clock::now();
  return true;
}

/// Waits for `w`'s process (killing it first when `kill`), fills in how it
/// ended.
void finish(Worker &w, bool kill) {
  if (kill)
    ::kill(w.pid, SIGKILL);
  int status = 0;
  rusage usage{};
  while (::wait4(w.pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  drain(w.out, w.pending);
  takeLines(w);
  std::string tail;
  drain(w.err, tail);
  w.outcome.stderrTail += tail;
  if (w.outcome.stderrTail.size() > kStderrKept)
    w.outcome.stderrTail.erase(0, w.outcome.stderrTail.size() - kStderrKept);
  ::close(w.out);
  ::close(w.err);
  w.outcome.wallMs = std::chrono::duration<double, std::milli>(
                         Clock::now() - w.start)
                         .count();
  w.outcome.maxRssKb = usage.ru_maxrss;
  if (WIFSIGNALED(status))
    w.outcome.signal = WTERMSIG(status);
  else if (WIFEXITED(status))
    w.outcome.exitCode = WEXITSTATUS(status);
}

} // namespace

void spyre::batch::runPool(
    size_t count, unsigned parallel, const Limits &limits, const WorkFn &work,
    const std::function<void(size_t, const Outcome &)> &done) {
  parallel = std::max(1u, parallel);
  std::vector<Worker> running;
  size_t next = 0;
  while (next < count || !running.empty()) {
    while (next < count && running.size() < parallel) {
      Worker w;
      w.job = next++;
      if (!start(w, limits, work)) {
        w.outcome.exitCode = -1;
        w.outcome.stderrTail = std::string("cannot start a worker: ") +
                               std::strerror(errno);
        done(w.job, w.outcome);
        continue;
      }
      running.push_back(std::move(w));
    }
    if (running.empty())
      continue;
    // Sleep until a worker writes or ends, or the nearest deadline.
    std::vector<pollfd> fds;
    auto now = Clock::now();
    double waitMs = 1000;
    for (Worker &w : running) {
      fds.push_back({w.out, POLLIN, 0});
      fds.push_back({w.err, POLLIN, 0});
      double left = limits.seconds * 1e3 -
                    std::chrono::duration<double, std::milli>(now - w.start)
                        .count();
      waitMs = std::min(waitMs, std::max(0.0, left));
    }
    ::poll(fds.data(), fds.size(), int(std::ceil(waitMs)));
    for (size_t i = 0; i < running.size();) {
      Worker &w = running[i];
      std::string err;
      bool errOpen = drain(w.err, err);
      w.outcome.stderrTail += err;
      if (w.outcome.stderrTail.size() > kStderrKept)
        w.outcome.stderrTail.erase(0, w.outcome.stderrTail.size() - kStderrKept);
      bool open = drain(w.out, w.pending);
      takeLines(w);
      bool late = std::chrono::duration<double>(Clock::now() - w.start).count() >
                  limits.seconds;
      if (open && !late) {
        ++i;
        continue;
      }
      (void)errOpen;
      w.outcome.timedOut = late && open;
      finish(w, /*kill=*/open);
      done(w.job, w.outcome);
      running.erase(running.begin() + long(i));
    }
  }
}
