//===- DeviceImport.cpp - the device a kernel declares --------------------===//

#include "ir/DeviceImport.h"
#include "ir/ParserTraps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using ktdf_arch::DeviceOp;

namespace {

/// Device files are a few kilobytes; anything far larger is not one.
constexpr uint64_t kMaxDeviceFileBytes = 16u << 20;

} // namespace

void spyre::setDeviceImportDirectory(MLIRContext &context,
                                     const std::string &dir) {
  context.getOrLoadDialect<ktdf_arch::KtdfArchDialect>()->importDirectory =
      dir;
}

FailureOr<DeviceOp> spyre::findDeviceDeclaration(Operation *op) {
  Operation *top = op;
  while (Operation *parent = top->getParentOp())
    top = parent;
  DeviceOp found;
  WalkResult walk = top->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    auto device = dyn_cast<DeviceOp>(nested);
    if (!device)
      return WalkResult::advance();
    if (found) {
      InFlightDiagnostic diag = device.emitError(
          "a kernel declares one device; this is a second one");
      diag.attachNote(found.getLoc()) << "the first is here";
      return WalkResult::interrupt();
    }
    found = device;
    return WalkResult::skip();
  });
  if (walk.wasInterrupted())
    return failure();
  return found;
}

std::string spyre::deviceImportPath(DeviceOp declaration) {
  llvm::SmallString<256> path(declaration.getImportPath().value_or(""));
  if (!llvm::sys::path::is_absolute(path)) {
    llvm::SmallString<256> base;
    auto *dialect = declaration->getContext()
                        ->getLoadedDialect<ktdf_arch::KtdfArchDialect>();
    if (dialect && !dialect->importDirectory.empty())
      base = dialect->importDirectory;
    else if (auto file = declaration.getLoc()
                             ->findInstanceOf<FileLineColLoc>())
      base = llvm::sys::path::parent_path(file.getFilename().getValue());
    llvm::sys::path::append(base, path);
    path = base;
  }
  llvm::sys::fs::make_absolute(path);
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  return path.str().str();
}

FailureOr<DeviceOp> spyre::resolveDevice(DeviceOp declaration,
                                         OwningOpRef<ModuleOp> &holder) {
  if (!declaration.isImport())
    return declaration;
  std::string path = deviceImportPath(declaration);
  auto refuse = [&](const Twine &why) {
    declaration.emitError("cannot use the device file '")
        << *declaration.getImportPath() << "' (" << path << "): " << why;
    return failure();
  };
  uint64_t size = 0;
  if (std::error_code ec = llvm::sys::fs::file_size(path, size))
    return refuse(ec.message());
  if (size > kMaxDeviceFileBytes)
    return refuse("it has " + Twine(size) + " bytes; a device file has at "
                  "most " + Twine(kMaxDeviceFileBytes));
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return refuse(buffer.getError().message());
  MLIRContext *context = declaration->getContext();
  llvm::StringRef text = (*buffer)->getBuffer();
  if (failed(rejectParserTraps(*context, path,
                               std::string_view(text.data(), text.size()))))
    return refuse("it is not valid MLIR");
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  holder = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
  if (!holder)
    return refuse("it is not valid MLIR (see the errors above)");
  SmallVector<DeviceOp> devices(holder->getOps<DeviceOp>());
  if (devices.size() != 1)
    return refuse("it must hold exactly one ktdf_arch.device at its top "
                  "level, found " + Twine(devices.size()));
  if (devices.front().isImport())
    return refuse("its device imports another file; a device file must "
                  "list its resources");
  return devices.front();
}
