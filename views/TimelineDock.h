//===- TimelineDock.h - the Timeline dock -----------------------*- C++ -*-===//
//
// A dock holding a TimelineView over its own TimelineModel, with a bar
// above it: where the run is (the app writes it: setStatus()) and a
// "Fit" button that shows the whole run again.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_VIEWS_TIMELINEDOCK_H
#define SPYRE_VIEWS_TIMELINEDOCK_H

#include <QDockWidget>

#include <memory>

class ElidedLabel;
class QLabel;
class RunNoteBar;
class TimelineModel;
class TimelineView;

class TimelineDock : public QDockWidget {
  Q_OBJECT

public:
  explicit TimelineDock(QWidget *parent = nullptr);
  ~TimelineDock() override;

  TimelineModel &model() { return *timelineModel; }
  TimelineView *view() const { return timelineView; }
  /// The line above the lanes ("cycle 120 / 4 096 · event 7 / 900 · …").
  void setStatus(const QString &text);
  QString status() const;
  /// A short note beside the status: what the lanes' stretches stand for
  /// (a long run drawn from its summary); empty: hidden.
  void setNote(const QString &text);
  QString note() const;
  /// The note above the status ("Shown: the run of the kernel 3 edits
  /// ago" [Re-run]); hidden while empty.
  RunNoteBar *noteBar() const { return notes; }

private:
  std::unique_ptr<TimelineModel> timelineModel;
  TimelineView *timelineView = nullptr;
  ElidedLabel *statusLabel = nullptr;
  QLabel *summaryNote = nullptr;
  RunNoteBar *notes = nullptr;
};

#endif
