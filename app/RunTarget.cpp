//===- RunTarget.cpp - what "Run to Cursor" runs to -----------------------===//

#include "RunTarget.h"

#include <QObject>
#include <QStringList>

namespace {
RunTarget lineTarget(RunTarget::Kind kind, int line, const QString &why) {
  RunTarget t;
  if (line > 0) {
    t.kind = kind;
    t.line = line;
  } else {
    t.why = why;
  }
  return t;
}
} // namespace

RunTarget RunTarget::ktirLine(int line) {
  return lineTarget(Kind::KtirLine, line, QObject::tr("no KTIR line under the cursor"));
}

RunTarget RunTarget::dataflowLine(int line) {
  return lineTarget(Kind::DataflowLine, line,
                    QObject::tr("no DataflowIR line under the cursor"));
}

RunTarget RunTarget::instructionAt(const spyre::code::Listing *listing, int line) {
  RunTarget t;
  if (!listing || line < 1 || size_t(line) > listing->lines.size()) {
    t.why = QObject::tr("line %1 is not in the listing").arg(line);
    return t;
  }
  const spyre::code::ListingLine &at = listing->lines[size_t(line - 1)];
  if (at.program < 0) {
    t.why = QObject::tr("line %1 of the SpyreCode is no instruction").arg(line);
    return t;
  }
  t.kind = Kind::Instruction;
  t.program = at.program;
  t.pc = at.pc;
  return t;
}

RunTarget RunTarget::sourceLineOf(const std::vector<int> &sourceLines, int line) {
  if (line >= 1 && size_t(line) <= sourceLines.size() && sourceLines[size_t(line - 1)] > 0)
    return ktirLine(sourceLines[size_t(line - 1)]);
  RunTarget t;
  t.why = QObject::tr("the IR line under the cursor comes from no KTIR line");
  return t;
}

QString RunTarget::describe() const {
  switch (kind) {
  case Kind::KtirLine:
    return QObject::tr("KTIR line %1").arg(line);
  case Kind::DataflowLine:
    return QObject::tr("the DataflowIR op on line %1").arg(line);
  case Kind::Instruction:
    return QObject::tr("program p%1 instruction %2").arg(program).arg(pc);
  case Kind::None:
    break;
  }
  return why;
}
