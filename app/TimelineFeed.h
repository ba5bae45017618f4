//===- TimelineFeed.h - the timeline filled from an emulated run -*- C++ -*-===//
//
// Turns an emu::Session's trace into a TimelineModel: one lane per
// Prepared::engines entry ("sfu#0" on its core), an Issue event a busy
// interval coloured by the KTIR line of its instruction, Block / Unblock
// the engine's blocked intervals; the run's last cycle closes them.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_APP_TIMELINEFEED_H
#define SPYRE_APP_TIMELINEFEED_H

#include "TimelineModel.h"

#include "emu/Session.h"

namespace timelinefeed {

/// Refills `model` from `session`'s recorded run.
void fill(TimelineModel &model, const spyre::emu::Session &session);

} // namespace timelinefeed

#endif
