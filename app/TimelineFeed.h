//===- TimelineFeed.h - the timeline filled from an emulated run -*- C++ -*-===//
//
// Fills the Timeline dock's TimelineModel from the emulated run shown:
// one lane per Prepared::engines entry ("sfu#0" on its core), an Issue
// event a busy interval coloured by the KTIR line of its instruction,
// Block / Unblock the engine's blocked intervals; the run's last cycle
// (of a run still recording: its frontier) closes them.
//
// A run the session keeps whole (Session::detailed()) is drawn from its
// trace; a longer one from its Overview (emu/Overview.h): each bucket's
// busy and blocked cycles of each engine become one busy and one blocked
// stretch from the bucket's start (as long as those cycles, coloured by
// the line that kept it busy longest), so the lanes show how busy each
// engine was, bucket by bucket, at any length of run (the dock says the
// bucket's width). Zoomed in to a few buckets, the cycles shown (and as
// many on each side) are re-executed from their checkpoint
// (Session::window) and drawn from that window's records: every
// instruction when the window is short enough, else its own finer
// overview.
//
// A short run (under kSyncEvents trace events or overview stretches) is filled at once, inside
// ready(); a longer one on a worker thread (build() reads the session,
// which never changes once recorded, through a shared pointer), and the
// finished model is moved into the dock in one step that keeps the
// focused core and the collapsed ones. Each extended() copy of a run
// still recording is filled again the same way; the newest wins.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_TIMELINEFEED_H
#define SPYRE_APP_TIMELINEFEED_H

#include "models/TimelineModel.h"

#include "emu/Session.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <memory>

class EmulatorRun;
class TimelineDock;

class TimelineFeed : public QObject {
  Q_OBJECT

public:
  /// Runs with less to draw than this (workSize) are filled on the GUI
  /// thread.
  static constexpr size_t kSyncEvents = 50'000;
  /// A window is re-executed when it holds at most this many events, and
  /// drawn instruction by instruction when at most kWindowDetail.
  static constexpr uint64_t kWindowEvents = uint64_t(8) << 20;
  static constexpr uint64_t kWindowDetail = uint64_t(1) << 18;

  TimelineFeed(EmulatorRun *run, TimelineDock *dock, QObject *parent = nullptr);
  ~TimelineFeed() override;

  /// A model of `session`'s recorded run (any thread; `focused`: the core
  /// shown first and expanded); inside `window` (if given) from its
  /// records instead of the run's overview.
  static std::unique_ptr<TimelineModel>
  build(const spyre::emu::Session &session, int focused = 0,
        const spyre::emu::RunWindow *window = nullptr);
  /// What filling the model from `session` reads: its trace events when
  /// it keeps them (detailed()), else its overview's buckets times engines.
  static size_t workSize(const spyre::emu::Session &session);
  /// A newer run's model (or a window's) is being built.
  bool filling() const { return inFlight || wanted; }
  /// The run shown is taken off (another kernel opened): its later parts
  /// and any model being built of it are not drawn; the next ready() is.
  void drop();
  /// Waits for it and shows it (tests, --screenshot).
  void finishFilling();
  /// The window shown (null: the whole run's trace or overview).
  const spyre::emu::RunWindow *window() const { return shownWindow.get(); }

Q_SIGNALS:
  /// The dock shows the newest run (or part of it, or a window of it).
  void filled();

private:
  struct Built {
    std::shared_ptr<TimelineModel> model;
    std::shared_ptr<const spyre::emu::RunWindow> window;
  };
  void onSession(bool fresh);
  void onBuilt();
  void onRangeChanged();
  void show(std::unique_ptr<TimelineModel> model, bool fresh);
  /// The dock's note: what a lane's stretch stands for.
  void describe();
  /// Cycles [from, to) re-executed and drawn (on a worker).
  void requestWindow(uint64_t from, uint64_t to);

  EmulatorRun *run;
  TimelineDock *dock;
  QFutureWatcher<Built> watcher;
  QTimer rangeSettled; ///< a zoom or pan has stopped for a moment
  std::shared_ptr<const spyre::emu::RunWindow> shownWindow;
  bool inFlight = false; ///< a worker's model not yet taken
  bool wanted = false;   ///< a newer session came meanwhile
  bool wantedFresh = false, builtFresh = false, builtWindow = false;
  bool dropped = false; ///< the run was taken off; waits for a new one
};

#endif
