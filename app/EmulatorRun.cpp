//===- EmulatorRun.cpp - one emulated run, stepped from the GUI -----------===//

#include "EmulatorRun.h"
#include "WorkerPool.h"

#include "spyrecode/Listing.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <optional>

using spyre::emu::Session;

namespace {

/// Frees a session on a worker: a long run's trace and checkpoints take
/// tens of milliseconds to free.
void freeLater(std::shared_ptr<Session> old) {
  if (old && old.use_count() == 1)
    releaseOnWorker(std::move(old));
}

} // namespace

EmulatorRun::EmulatorRun(QObject *parent) : QObject(parent) {
  timer.setInterval(30);
  connect(&timer, &QTimer::timeout, this, [this] {
    dropSeek();
    bool any = false;
    for (int i = 0; i < perTick && liveSession && liveSession->stepEvent(); ++i)
      any = true;
    if (any)
      Q_EMIT positionChanged();
    // At the frontier of a run still being recorded, wait for more.
    if (!liveSession || (!any && !growing()))
      pause();
  });
  connect(&seeker, &QFutureWatcher<std::shared_ptr<spyre::emu::PreparedSeek>>::finished,
          this, &EmulatorRun::onSeeked);
  connect(&watcher, &QFutureWatcher<std::shared_ptr<Prepared>>::finished, this,
          [this] {
            if (jobs.end()) {
              wanted = false; // the newest run asked for ends here
              std::shared_ptr<Prepared> p = watcher.result();
              if (p && p->session) {
                adopt(runningGen, p);
              } else {
                QStringList errors = p ? p->errors : QStringList();
                if (errors.isEmpty())
                  errors << tr("the run was cancelled");
                failureDiagnostics = p ? p->diagnostics : std::vector<spyre::driver::Diagnostic>();
                // Errors that came as text only (an input file, the
                // session) are diagnostics of no line.
                if (failureDiagnostics.empty())
                  for (const QString &e : errors) {
                    spyre::driver::Diagnostic d;
                    d.message = e.toStdString();
                    failureDiagnostics.push_back(std::move(d));
                  }
                // A part shown stays, but is known to be cut short.
                Q_EMIT failed(errors);
              }
            }
            if (jobs.restartWanted())
              launch();
          });
}

EmulatorRun::~EmulatorRun() {
  // Stop a recording (within a few thousand events) and wait for it, so
  // that no future outlives the watcher.
  jobs.abandon();
  watcher.waitForFinished();
  dropSeek();
  seeker.waitForFinished();
}

void EmulatorRun::start(const Input &input) {
  pause();
  failureDiagnostics.clear();
  pending = input;
  ++generation;
  wanted = true;
  jobs.request();
  launch();
}

void EmulatorRun::stopRecording() {
  if (!wanted)
    return;
  wanted = false;
  bool cutShort = growing();
  ++generation; // parts still on their way are dropped
  jobs.abandon();
  // A run asked for while an older one was ending is not started either.
  jobs.restartWanted();
  if (timer.isActive() && liveSession &&
      liveSession->position() >= liveSession->totalEvents())
    pause();
  if (cutShort)
    Q_EMIT recordingStopped();
  else
    Q_EMIT cancelled();
}

bool EmulatorRun::growing() const {
  return liveSession && !liveSession->complete() && !liveSession->cancelled() &&
         jobs.busy() && sessionGen == runningGen && runningGen == generation;
}

void EmulatorRun::launch() {
  std::shared_ptr<std::atomic<bool>> cancel = jobs.start();
  if (!cancel)
    return;
  running = pending;
  runningGen = generation;
  // The old session stays visible until the new one is ready; stepping it
  // meanwhile is harmless.
  Q_EMIT started();
  Input input = pending;
  quint64 gen = runningGen;
  // Parts arrive through the event loop; `this` outlives the worker (the
  // destructor waits for it), and a part of an older job is dropped.
  auto publish = [this, gen](std::shared_ptr<Prepared> part) {
    QMetaObject::invokeMethod(
        this, [this, gen, part] { adopt(gen, part); }, Qt::QueuedConnection);
  };
  watcher.setFuture(QtConcurrent::run(workerPool(), [input, cancel, publish] {
    return prepare(input, cancel.get(), publish);
  }));
}

void EmulatorRun::adopt(quint64 gen, const std::shared_ptr<Prepared> &p) {
  if (gen != generation || !p || !p->session)
    return;
  // A part may still be queued when the whole run was taken already.
  if (sessionGen == gen && liveSession &&
      p->session->totalEvents() <= liveSession->totalEvents() && liveSession->complete())
    return;
  dropSeek(); // of the session replaced
  std::shared_ptr<Session> old = std::move(liveSession);
  bool sameRun = old && sessionGen == gen;
  liveSession = p->session;
  if (sameRun) {
    // The same run, longer: stay where the user was.
    uint64_t at = std::min(old->position(), liveSession->totalEvents());
    liveSession->seekEvent(at);
    freeLater(std::move(old));
    Q_EMIT extended();
    Q_EMIT positionChanged();
    return;
  }
  freeLater(std::move(old));
  sessionGen = gen;
  codeModule = p->module;
  codeListing = p->listing;
  listingText = codeListing ? QString::fromStdString(codeListing->text) : QString();
  shownInput = running;
  shownSent = p->sent;
  shownNotes = p->notes;
  Q_EMIT ready();
  Q_EMIT positionChanged();
}

std::shared_ptr<EmulatorRun::Prepared>
EmulatorRun::prepare(const Input &input, const std::atomic<bool> *cancel,
                     const std::function<void(std::shared_ptr<Prepared>)> &publish) {
  auto out = std::make_shared<Prepared>();
  spyre::driver::EmulateRequest request;
  if (!input.emulateRequest(request, out->errors, cancel, &out->sent))
    return out;
  spyre::emu::SessionOptions recording;
  recording.cancel = cancel;
  recording.deferred = true;
  recording.checkpointBudget = input.checkpointBudget;
  recording.detailEvents = input.detailEvents;
  recording.overviewBuckets = input.overviewBuckets;
  spyre::driver::Emulation emulation = spyre::driver::startSession(request, recording);
  for (const std::string &e : emulation.errors)
    out->errors << QString::fromStdString(e);
  // The errors first: the notes that come with them ("argument %x_ptr
  // gets the automatic address …") are not why the run failed; a compile's
  // warnings are not shown here.
  const bool placing = emulation.interpreter && !emulation.interpreter->ok();
  for (bool errors : {true, false})
    for (const spyre::driver::Diagnostic &d : emulation.diagnostics)
      if ((d.severity == spyre::driver::Diagnostic::Severity::Error) == errors &&
          (errors || placing))
        out->diagnostics.push_back(d);
  if (!emulation.session)
    return out; // no errors: cancelled
  // What placing the inputs said (not the compile's: the compile shows its
  // own), as spyre-run prints it before its result.
  if (emulation.interpreter)
    for (const spyre::driver::Diagnostic &d : emulation.interpreter->preparingDiagnostics())
      if (!d.isOpDump())
        out->notes.push_back(d);
  std::unique_ptr<Session> session = std::move(emulation.session);
  out->module = emulation.module;
  out->listing = std::make_shared<const spyre::code::Listing>(
      spyre::code::printListing(*out->module));
  // Recorded in pieces; a copy of the run so far is shown while the rest
  // is recorded (the copies share the checkpoints and the memories' pages;
  // the trace so far is copied): after Input::firstPartMs of recording or
  // at Input::firstFrontier events, whichever comes first, then each time
  // twice as late / twice as many.
  QElapsedTimer clock;
  clock.start();
  uint64_t nextEvents = input.firstFrontier;
  qint64 nextMs = input.firstPartMs;
  constexpr uint64_t kPiece = 8192; // events between looks at the clock
  for (uint64_t upTo = kPiece;; upTo += kPiece) {
    if (nextEvents > 0)
      upTo = std::min(upTo, nextEvents);
    if (session->record(upTo))
      break;
    uint64_t done = session->recordedEvents();
    bool due = (nextEvents > 0 && done >= nextEvents) ||
               (nextMs > 0 && done >= input.minPartEvents && clock.elapsed() >= nextMs);
    if (!due)
      continue;
    if (publish) {
      auto part = std::make_shared<Prepared>();
      part->session = session->snapshot();
      part->module = out->module;
      part->listing = out->listing;
      publish(std::move(part));
    }
    if (nextEvents > 0)
      nextEvents = done > UINT64_MAX / 2 ? UINT64_MAX : done * 2;
    if (nextMs > 0)
      nextMs = std::max<qint64>(nextMs, clock.elapsed()) * 2;
  }
  if (session->cancelled())
    return out; // no session: cancelled
  if (session->faulted())
    out->errors << QString::fromStdString(session->fault().message);
  out->session = std::move(session);
  return out;
}

EmulatorRun::Point EmulatorRun::current() const {
  Point p;
  if (!liveSession)
    return p;
  const spyre::emu::Machine &m = liveSession->machine();
  if (liveSession->position() >= liveSession->totalEvents())
    return p;
  int32_t e = m.nextEngine();
  if (e < 0 || size_t(e) >= m.state().engines.size())
    return p;
  p.engine = e;
  p.pc = m.state().engines[size_t(e)].pc;
  const auto &engines = m.prepared().engines;
  if (size_t(e) < engines.size()) {
    p.core = engines[size_t(e)].core;
    p.program = engines[size_t(e)].program;
  }
  p.engineName = QString::fromStdString(m.engineName(uint32_t(e)));
  const spyre::code::Instr &in = m.instr(uint32_t(e), p.pc);
  const auto &locations = m.prepared().module->locations;
  if (in.loc < locations.size()) {
    p.ktirLine = locations[in.loc].ktirLine;
    p.dataflowLine = locations[in.loc].dataflowLine;
    p.op = QString::fromStdString(locations[in.loc].op);
  }
  if (p.program >= 0 && codeListing)
    p.listingLine = codeListing->lineOf(p.program, p.pc);
  return p;
}

bool EmulatorRun::moved(bool ok) {
  if (ok)
    Q_EMIT positionChanged();
  return ok;
}

void EmulatorRun::dropSeek() {
  if (!seekInFlight)
    return;
  seekInFlight = false;
  seekCancel->store(true);
}

void EmulatorRun::requestCycle(uint64_t c) {
  // A click stops the playing run (its every tick drops a seek on the way).
  pause();
  if (!liveSession)
    return;
  if (liveSession->detailed()) { // a short run: its seeks are short
    runToCycle(c);
    return;
  }
  dropSeek();
  spyre::emu::SeekStart start = liveSession->seekStart(c);
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  seekCancel = cancel;
  seekSession = liveSession.get();
  seekInFlight = true;
  // The newest request's future replaces the one on its way (whose end is
  // then not reported; it stops at its next check of `cancel`).
  seeker.setFuture(QtConcurrent::run(
      workerPool(), [shared = std::shared_ptr<const Session>(liveSession), c,
                     start = std::move(start), cancel] {
        return std::make_shared<spyre::emu::PreparedSeek>(
            shared->prepareSeekCycle(c, start, cancel.get()));
      }));
}

void EmulatorRun::finishSeeking() {
  seeker.waitForFinished();
  onSeeked();
}

void EmulatorRun::onSeeked() {
  if (!seekInFlight || !seeker.future().isFinished())
    return;
  seekInFlight = false;
  std::shared_ptr<spyre::emu::PreparedSeek> got = seeker.result();
  if (!got || !liveSession || liveSession.get() != seekSession || seekCancel->load())
    return;
  const uint64_t before = liveSession->position();
  if (liveSession->adoptSeek(std::move(*got)))
    moved(liveSession->position() != before);
}

bool EmulatorRun::stepEvent() {
  dropSeek();
  return liveSession && moved(liveSession->stepEvent());
}

bool EmulatorRun::stepBack() {
  dropSeek();
  return liveSession && moved(liveSession->stepBack());
}

bool EmulatorRun::stepCycle() {
  dropSeek();
  return liveSession && moved(liveSession->stepCycle());
}

bool EmulatorRun::seekEvent(uint64_t event) {
  dropSeek();
  if (!liveSession || event > liveSession->totalEvents())
    return false;
  return moved(liveSession->seekEvent(event));
}

bool EmulatorRun::runToCycle(uint64_t c) {
  dropSeek();
  if (!liveSession)
    return false;
  uint64_t before = liveSession->position();
  // From the checkpoint before c (backwards too): every event at or
  // before c done.
  liveSession->seekCycle(c);
  return moved(liveSession->position() != before);
}

bool EmulatorRun::runToNextEventOfLine(int line) {
  dropSeek();
  if (!liveSession || line <= 0)
    return false;
  uint64_t start = liveSession->position();
  // Session::nextEventOf does the matching event; step back over it so it
  // is the one about to run. Past an event on the line first, so that a
  // second request moves on to the next one.
  if (current().ktirLine == line && !liveSession->stepEvent())
    return false;
  if (!liveSession->nextEventOf(line)) {
    liveSession->seekEvent(start);
    return false;
  }
  liveSession->stepBack();
  return moved(liveSession->position() != start);
}

bool EmulatorRun::seekToExecutionOf(int line, int core, unsigned occurrence) {
  dropSeek();
  if (!liveSession || line <= 0)
    return false;
  uint64_t start = liveSession->position();
  // The DMAs of the line (what writes device memory), or any of its
  // instructions when it has none.
  for (bool dmaOnly : {true, false}) {
    std::optional<uint64_t> found = findExecution(line, core, occurrence, dmaOnly);
    if (found) {
      liveSession->seekEvent(*found);
      return moved(true);
    }
  }
  liveSession->seekEvent(start);
  return false;
}

std::optional<uint64_t> EmulatorRun::findExecution(int line, int core,
                                                   unsigned occurrence,
                                                   bool dmaOnly) {
  liveSession->seekEvent(0);
  const auto &engines = liveSession->machine().prepared().engines;
  const auto &locations = liveSession->machine().prepared().module->locations;
  // An execution is an event at the instruction after an event of its
  // engine elsewhere (a DMA that waits for the port has several events).
  std::vector<int64_t> lastPc(engines.size(), -1);
  unsigned seen = 0;
  std::optional<uint64_t> found;
  for (; liveSession->position() < liveSession->totalEvents(); liveSession->stepEvent()) {
    const spyre::emu::Machine &m = liveSession->machine();
    int32_t e = m.nextEngine();
    if (e < 0 || size_t(e) >= engines.size())
      continue;
    uint32_t pc = m.state().engines[size_t(e)].pc;
    bool again = lastPc[size_t(e)] == int64_t(pc);
    lastPc[size_t(e)] = pc;
    if (again || (core >= 0 && engines[size_t(e)].core != core))
      continue;
    const spyre::code::Instr &in = m.instr(uint32_t(e), pc);
    if (in.loc >= locations.size() || locations[in.loc].ktirLine != line ||
        (dmaOnly && in.op != spyre::code::Opcode::Dma))
      continue;
    found = liveSession->position();
    if (++seen == occurrence)
      break;
  }
  return found;
}

bool EmulatorRun::runToNextEventOf(const RunTarget &target) {
  dropSeek();
  if (!liveSession || target.kind == RunTarget::Kind::None)
    return false;
  const spyre::emu::Machine &m = liveSession->machine();
  const spyre::code::Module &module = *m.prepared().module;
  const auto &engines = m.prepared().engines;
  // The locations of every instruction the target names: the session
  // skips the stretches of the run where none of them runs.
  std::vector<uint32_t> locs;
  if (target.kind == RunTarget::Kind::Instruction) {
    if (target.program >= 0 && size_t(target.program) < module.programs.size() &&
        target.pc < module.programs[size_t(target.program)].code.size())
      locs.push_back(module.programs[size_t(target.program)].code[target.pc].loc);
  } else {
    for (uint32_t i = 0; i < module.locations.size(); ++i)
      if ((target.kind == RunTarget::Kind::KtirLine ? module.locations[i].ktirLine
                                                    : module.locations[i].dataflowLine) ==
          target.line)
        locs.push_back(i);
  }
  auto matches = [&](uint32_t e, uint32_t pc) {
    if (target.kind == RunTarget::Kind::Instruction)
      return e < engines.size() && engines[e].program == target.program &&
             pc == target.pc;
    const spyre::code::Instr &in = m.instr(e, pc);
    if (in.loc >= module.locations.size())
      return false;
    return target.kind == RunTarget::Kind::KtirLine
               ? module.locations[in.loc].ktirLine == target.line
               : module.locations[in.loc].dataflowLine == target.line;
  };
  uint64_t start = liveSession->position();
  if (!liveSession->stepEvent()) // past the current event first
    return false;
  if (!liveSession->runToNext(matches, locs)) {
    liveSession->seekEvent(start);
    return false;
  }
  return moved(true);
}

bool EmulatorRun::reset() {
  dropSeek();
  pause();
  return liveSession && moved(liveSession->seekEvent(0));
}

void EmulatorRun::play() {
  if (!liveSession || timer.isActive() ||
      (liveSession->position() >= liveSession->totalEvents() && !growing()))
    return;
  timer.start();
  Q_EMIT playingChanged(true);
}

void EmulatorRun::pause() {
  if (!timer.isActive())
    return;
  timer.stop();
  Q_EMIT playingChanged(false);
}

void EmulatorRun::setPlayRate(int eventsPerTick, int tickMs) {
  perTick = std::max(1, eventsPerTick);
  timer.setInterval(std::max(1, tickMs));
}
