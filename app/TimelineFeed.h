//===- TimelineFeed.h - the timeline filled from an emulated run -*- C++ -*-===//
//
// Fills the Timeline dock's TimelineModel from the emulated run shown:
// one lane per Prepared::engines entry ("sfu#0" on its core), an Issue
// event a busy interval coloured by the KTIR line of its instruction,
// Block / Unblock the engine's blocked intervals; the run's last cycle
// (of a run still recording: its frontier) closes them.
//
// A short run (under kSyncEvents trace events) is filled at once, inside
// ready(); a longer one on a worker thread (build() reads the session's
// trace, which never changes once recorded, through a shared pointer),
// and the finished model is moved into the dock in one step that keeps
// the focused core and the collapsed ones. Each extended() copy of a run
// still recording is filled again the same way; the newest wins.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_TIMELINEFEED_H
#define SPYRE_APP_TIMELINEFEED_H

#include "TimelineModel.h"

#include "emu/Session.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>

class EmulatorRun;
class TimelineDock;

class TimelineFeed : public QObject {
  Q_OBJECT

public:
  /// Runs with fewer trace events than this are filled on the GUI thread.
  static constexpr size_t kSyncEvents = 50'000;

  TimelineFeed(EmulatorRun *run, TimelineDock *dock, QObject *parent = nullptr);
  ~TimelineFeed() override;

  /// A model of `session`'s recorded run (any thread; `focused`: the core
  /// shown first and expanded).
  static std::unique_ptr<TimelineModel> build(const spyre::emu::Session &session,
                                              int focused = 0);
  /// A newer run's model is being built.
  bool filling() const { return inFlight || wanted; }
  /// Waits for it and shows it (tests, --screenshot).
  void finishFilling();

Q_SIGNALS:
  /// The dock shows the newest run (or part of it).
  void filled();

private:
  void onSession(bool fresh);
  void onBuilt();
  void show(std::unique_ptr<TimelineModel> model, bool fresh);

  EmulatorRun *run;
  TimelineDock *dock;
  QFutureWatcher<std::shared_ptr<TimelineModel>> watcher;
  bool inFlight = false; ///< a worker's model not yet taken
  bool wanted = false;   ///< a newer session came meanwhile
  bool wantedFresh = false, builtFresh = false;
};

#endif
