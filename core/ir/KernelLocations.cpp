//===- KernelLocations.cpp - parse a kernel, keep its own lines -----------===//

#include "ir/KernelLocations.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kMarker = "spyre.kernel_line";

/// True when `loc` already names a line of the kernel's buffer.
bool inBuffer(Location loc, StringRef buffer) {
  bool found = false;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner))
      if (file.getFilename() == buffer) {
        found = true;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return found;
}

/// `current` placed at line:column of `buffer`, or `current` when it is
/// there already (or the place is unknown).
Location placed(MLIRContext &context, StringRef buffer, Location current,
                unsigned line, unsigned column) {
  if (line == 0 || isa<UnknownLoc>(current) || inBuffer(current, buffer))
    return current;
  Location here = FileLineColLoc::get(&context, buffer, line, column);
  return FusedLoc::get(&context, {here, current},
                       StringAttr::get(&context, kMarker));
}

/// Every op (pre-order), then every block's arguments (blocks in pre-order).
template <typename OpFn, typename ArgFn>
void walkPlaces(ModuleOp module, OpFn onOp, ArgFn onArg) {
  module->walk<WalkOrder::PreOrder>([&](Operation *op) { onOp(op); });
  module->walk<WalkOrder::PreOrder>([&](Block *block) {
    for (BlockArgument arg : block->getArguments())
      onArg(arg);
  });
}

} // namespace

std::optional<spyre::KernelPlaces>
spyre::kernelPlaces(const llvm::SourceMgr &sourceMgr, MLIRContext &context) {
  const llvm::MemoryBuffer *main =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  AsmParserState state;
  Block block;
  if (failed(parseAsmSourceFile(sourceMgr, &block,
                                ParserConfig(&context, /*verify=*/false),
                                &state)))
    return std::nullopt;
  OwningOpRef<ModuleOp> module =
      detail::constructContainerOpForParserIfNecessary<ModuleOp>(
          &block, &context,
          FileLineColLoc::get(&context, main->getBufferIdentifier(), 0, 0));
  if (!module)
    return std::nullopt;
  KernelPlaces places;
  places.buffer = main->getBufferIdentifier().str();
  auto where = [&](llvm::SMLoc at) -> std::pair<unsigned, unsigned> {
    if (!at.isValid())
      return {0, 0};
    return sourceMgr.getLineAndColumn(at);
  };
  walkPlaces(
      *module,
      [&](Operation *op) {
        const AsmParserState::OperationDefinition *def = state.getOpDef(op);
        places.ops.push_back(def ? where(def->loc.Start)
                                 : std::pair<unsigned, unsigned>{0, 0});
      },
      [&](BlockArgument arg) {
        const AsmParserState::BlockDefinition *def =
            state.getBlockDef(arg.getOwner());
        places.arguments.push_back(
            def && arg.getArgNumber() < def->arguments.size()
                ? where(def->arguments[arg.getArgNumber()].loc.Start)
                : std::pair<unsigned, unsigned>{0, 0});
      });
  return places;
}

bool spyre::placeOnKernelLines(ModuleOp module, const KernelPlaces &places) {
  size_t ops = 0, args = 0;
  walkPlaces(module, [&](Operation *) { ++ops; }, [&](BlockArgument) { ++args; });
  if (ops != places.ops.size() || args != places.arguments.size())
    return false;
  MLIRContext &context = *module->getContext();
  size_t i = 0, j = 0;
  walkPlaces(
      module,
      [&](Operation *op) {
        auto [line, column] = places.ops[i++];
        op->setLoc(placed(context, places.buffer, op->getLoc(), line, column));
      },
      [&](BlockArgument arg) {
        auto [line, column] = places.arguments[j++];
        arg.setLoc(placed(context, places.buffer, arg.getLoc(), line, column));
      });
  return true;
}

namespace {

class Relocator {
public:
  Relocator(const llvm::SourceMgr &sourceMgr, MLIRContext &context)
      : sourceMgr(sourceMgr), context(context),
        buffer(sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
                   ->getBufferIdentifier()) {}

  Location at(Location current, llvm::SMLoc where) const {
    if (!where.isValid())
      return current;
    auto [line, column] = sourceMgr.getLineAndColumn(where);
    return placed(context, buffer, current, line, column);
  }

  void run(const AsmParserState &state) const {
    for (const AsmParserState::OperationDefinition &def : state.getOpDefs())
      def.op->setLoc(at(def.op->getLoc(), def.loc.Start));
    for (const AsmParserState::BlockDefinition &def : state.getBlockDefs())
      for (auto [arg, where] :
           llvm::zip(def.block->getArguments(), def.arguments))
        arg.setLoc(at(arg.getLoc(), where.loc.Start));
  }

private:
  const llvm::SourceMgr &sourceMgr;
  MLIRContext &context;
  StringRef buffer;
};

} // namespace

OwningOpRef<ModuleOp> spyre::parseKernelModule(const llvm::SourceMgr &sourceMgr,
                                               MLIRContext &context,
                                               AsmParserState *state) {
  const llvm::MemoryBuffer *main =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  // Without a `loc(` every location is the parser's own: the plain parse.
  bool located = main->getBuffer().contains("loc(");
  if (!located && !state)
    return parseSourceFile<ModuleOp>(sourceMgr, &context);
  Location fileLoc =
      FileLineColLoc::get(&context, main->getBufferIdentifier(), 0, 0);
  AsmParserState own;
  if (!state)
    state = &own;
  Block block;
  if (failed(parseAsmSourceFile(sourceMgr, &block,
                                ParserConfig(&context, /*verify=*/false),
                                state)))
    return {};
  if (located)
    Relocator(sourceMgr, context).run(*state);
  OwningOpRef<ModuleOp> module =
      detail::constructContainerOpForParserIfNecessary<ModuleOp>(
          &block, &context, fileLoc);
  if (!module || failed(verify(*module)))
    return {};
  return module;
}

std::optional<Location> spyre::generatedLocation(Location loc) {
  std::optional<Location> original;
  loc->walk([&](Location inner) {
    auto fused = dyn_cast<FusedLoc>(inner);
    auto marker = fused ? dyn_cast_or_null<StringAttr>(fused.getMetadata())
                        : StringAttr();
    if (marker && marker.getValue() == kMarker &&
        fused.getLocations().size() == 2) {
      original = fused.getLocations()[1];
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return original;
}
