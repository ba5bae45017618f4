//===- TimelineFeed.cpp - the timeline filled from an emulated run --------===//

#include "TimelineFeed.h"

void timelinefeed::fill(TimelineModel &model, const spyre::emu::Session &session) {
  using spyre::emu::EventKind;
  const spyre::emu::Machine &m = session.finalMachine();
  const auto &engines = m.prepared().engines;
  const auto &module = *m.prepared().module;
  std::vector<TimelineModel::Engine> lanes;
  for (size_t e = 0; e < engines.size(); ++e) {
    QString name = QString::fromStdString(m.engineName(uint32_t(e)));
    // "core 3 sfu#0": the core is the lane's group already.
    QString prefix = QStringLiteral("core %1 ").arg(engines[e].core);
    if (name.startsWith(prefix))
      name = name.mid(prefix.size());
    lanes.push_back({engines[e].core, name});
  }
  model.reset(lanes, m.arch().numCores);
  for (const spyre::emu::TraceEvent &t : session.trace().events) {
    int engine = int(t.engine);
    switch (t.kind) {
    case EventKind::Issue: {
      const spyre::code::Instr &in = m.instr(t.engine, t.pc);
      int line = in.loc < module.locations.size()
                     ? module.locations[in.loc].ktirLine
                     : 0;
      model.addBusy(engine, t.cycle, t.duration, line);
      break;
    }
    case EventKind::Block:
      model.block(engine, t.cycle);
      break;
    case EventKind::Unblock:
      model.unblock(engine, t.cycle);
      break;
    case EventKind::Halt:
      break;
    }
  }
  model.finish(session.totalCycles());
}
