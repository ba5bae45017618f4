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
      m_model(std::make_unique<TimelineModel>()) {
  setObjectName("timelineDock");
  auto *panel = new QWidget(this);
  auto *layout = new QVBoxLayout(panel);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->setSpacing(2);
  // What the run shown is, when it is not the current kernel's (or the
  // newest run failed), with what to do about it.
  m_note = new RunNoteBar(panel);
  m_note->setObjectName("timelineNote");
  layout->addWidget(m_note);
  auto *bar = new QHBoxLayout;
  m_status = new ElidedLabel(panel);
  m_status->setFullText(tr("No emulated run"));
  m_status->setObjectName("timelineStatus");
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_status->setMinimumWidth(0);
  m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
  // Two lines always (where the run is; what runs next), so the lanes do
  // not jump as the text changes while a run plays.
  m_status->setFixedHeight(2 * m_status->fontMetrics().lineSpacing() + 2);
  m_status->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
  auto *fit = new QToolButton(panel);
  fit->setObjectName("timelineFit");
  fit->setText(tr("Fit"));
  fit->setToolTip(tr("Show the whole run (wheel: zoom; drag: pan; drag the "
                     "cursor or click the ruler: move the current cycle)"));
  m_summaryNote = new QLabel(panel);
  m_summaryNote->setObjectName("timelineSummaryNote");
  m_summaryNote->setWordWrap(true);
  m_summaryNote->setMaximumWidth(260);
  m_summaryNote->hide();
  bar->addWidget(m_status, 1);
  bar->addWidget(m_summaryNote);
  bar->addWidget(fit);
  layout->addLayout(bar);
  m_view = new TimelineView(panel);
  m_view->setObjectName("timelineView");
  m_view->setModel(m_model.get());
  layout->addWidget(m_view, 1);
  setWidget(panel);
  connect(fit, &QToolButton::clicked, m_view, &TimelineView::fitAll);
}

TimelineDock::~TimelineDock() = default;

void TimelineDock::setStatus(const QString &text) {
  m_status->setFullText(text); // each line ends in "…" where it is cut
}

QString TimelineDock::status() const { return m_status->fullText(); }

void TimelineDock::setNote(const QString &text) {
  m_summaryNote->setText(text);
  m_summaryNote->setToolTip(text);
  m_summaryNote->setVisible(!text.isEmpty());
}

QString TimelineDock::note() const { return m_summaryNote->text(); }
