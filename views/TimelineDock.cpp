//===- TimelineDock.cpp - the Timeline dock -------------------------------===//

#include "TimelineDock.h"

#include "ElidedLabel.h"
#include "RunNoteBar.h"

#include "models/TimelineModel.h"
#include "TimelineView.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

TimelineDock::TimelineDock(QWidget *parent)
    : QDockWidget(tr("Timeline"), parent),
      timelineModel(std::make_unique<TimelineModel>()) {
  setObjectName("timelineDock");
  auto *panel = new QWidget(this);
  auto *layout = new QVBoxLayout(panel);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->setSpacing(2);
  // What the run shown is, when it is not the current kernel's (or the
  // newest run failed), with what to do about it.
  notes = new RunNoteBar(panel);
  notes->setObjectName("timelineNote");
  layout->addWidget(notes);
  auto *bar = new QHBoxLayout;
  statusLabel = new ElidedLabel(panel);
  statusLabel->setFullText(tr("No emulated run"));
  statusLabel->setObjectName("timelineStatus");
  statusLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
  statusLabel->setMinimumWidth(0);
  statusLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
  // Two lines always (where the run is; what runs next), so the lanes do
  // not jump as the text changes while a run plays.
  statusLabel->setFixedHeight(2 * statusLabel->fontMetrics().lineSpacing() + 2);
  statusLabel->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
  auto *fit = new QToolButton(panel);
  fit->setObjectName("timelineFit");
  fit->setText(tr("Fit"));
  fit->setToolTip(tr("Show the whole run (wheel: zoom; drag: pan; drag the "
                     "cursor or click the ruler: move the current cycle)"));
  summaryNote = new QLabel(panel);
  summaryNote->setObjectName("timelineSummaryNote");
  summaryNote->setWordWrap(true);
  summaryNote->setMaximumWidth(260);
  summaryNote->hide();
  bar->addWidget(statusLabel, 1);
  bar->addWidget(summaryNote);
  bar->addWidget(fit);
  layout->addLayout(bar);
  timelineView = new TimelineView(panel);
  timelineView->setObjectName("timelineView");
  timelineView->setModel(timelineModel.get());
  layout->addWidget(timelineView, 1);
  setWidget(panel);
  connect(fit, &QToolButton::clicked, timelineView, &TimelineView::fitAll);
}

TimelineDock::~TimelineDock() = default;

void TimelineDock::setStatus(const QString &text) {
  statusLabel->setFullText(text); // each line ends in "…" where it is cut
}

QString TimelineDock::status() const { return statusLabel->fullText(); }

void TimelineDock::setNote(const QString &text) {
  summaryNote->setText(text);
  summaryNote->setToolTip(text);
  summaryNote->setVisible(!text.isEmpty());
}

QString TimelineDock::note() const { return summaryNote->text(); }
