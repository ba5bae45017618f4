//===- LoweringContext.cpp - what the DataflowIR lowering shares ----------===//

#include "codegen/LoweringContext.h"
#include "ir/ktdp/KtdpTypes.h"
#include "ir/spyreop/SpyreOpDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace spyre::code {

std::optional<ElemType> elemTypeOf(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    t = shaped.getElementType();
  else if (auto runtime = dyn_cast<ktdp::RuntimeArgType>(t))
    t = runtime.getValueType(); // a host-supplied scalar: a register of its type
  if (t.isIndex())
    return ElemType::Index;
  if (t.isF16())
    return ElemType::F16;
  if (t.isBF16())
    return ElemType::BF16;
  if (t.isF32())
    return ElemType::F32;
  if (t.isF64())
    return ElemType::F64;
  if (isa<spyreop::DF16Type>(t))
    return ElemType::DF16;
  if (auto i = dyn_cast<IntegerType>(t)) {
    switch (i.getWidth()) {
    case 1:
      return ElemType::I1;
    case 8:
      return ElemType::I8;
    case 16:
      return ElemType::I16;
    case 32:
      return ElemType::I32;
    case 64:
      return ElemType::I64;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

int ktirLineOf(mlir::Location loc) {
  int line = 0;
  loc->walk([&](mlir::Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      line = int(file.getLine());
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return line;
}

std::string valueNameAt(const std::string &source, mlir::Location loc,
                        llvm::StringRef inFile) {
  auto file = loc->findInstanceOf<FileLineColLoc>();
  if (!file || source.empty() || file.getColumn() == 0 ||
      (!inFile.empty() && file.getFilename() != inFile))
    return {};
  size_t begin = 0;
  for (unsigned line = 1; line < file.getLine(); ++line) {
    begin = source.find('\n', begin);
    if (begin == std::string::npos)
      return {};
    ++begin;
  }
  size_t end = std::min(source.find('\n', begin), source.size());
  size_t at = begin + file.getColumn() - 1;
  if (at >= end)
    return {};
  auto isName = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
           c == '$' || c == '.' || c == '-';
  };
  if (source[at] != '%') {
    // An op: its first result, `%name = ` (or `%name:2 = `) before it;
    // without results (a store), its first operand after it.
    size_t percent = source.rfind('%', at);
    if (percent == std::string::npos || percent < begin ||
        source.find('=', percent) >= at)
      percent = source.find('%', at);
    if (percent == std::string::npos || percent >= end)
      return {};
    at = percent;
  }
  size_t stop = at + 1;
  while (stop < end && isName(source[stop]))
    ++stop;
  return source.substr(at + 1, stop - at - 1);
}

uint32_t LoweringContext::location(Operation *op) {
  int ktir = ktirLineOf(op->getLoc());
  int dataflow = options.dataflowLine ? options.dataflowLine(op) : 0;
  std::string name = op->getName().getStringRef().str();
  auto key = std::make_tuple(ktir, dataflow, name);
  auto it = locationIndex.find(key);
  if (it != locationIndex.end())
    return it->second;
  if (out.locations.empty())
    out.locations.push_back({}); // 0: unknown
  uint32_t index = uint32_t(out.locations.size());
  out.locations.push_back({ktir, dataflow, std::move(name)});
  locationIndex.emplace(std::move(key), index);
  return index;
}

std::optional<int64_t> LoweringContext::rowBytes(MemRefType type) const {
  std::optional<ElemType> elem = elemTypeOf(type);
  if (!elem || !type.hasStaticShape() || stickBytes <= 0)
    return std::nullopt;
  int64_t last = type.getRank() == 0 ? 1 : type.getShape().back();
  std::optional<int64_t> bytes = llvm::checkedMul<int64_t>(last, elemBytes(*elem));
  if (!bytes)
    return std::nullopt;
  int64_t sticks = (*bytes + stickBytes - 1) / stickBytes;
  return llvm::checkedMul<int64_t>(sticks, stickBytes);
}

std::optional<int64_t> LoweringContext::bufferBytes(MemRefType type) const {
  std::optional<int64_t> bytes = rowBytes(type);
  if (!bytes)
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape();
  for (size_t d = 0; d + 1 < shape.size() && bytes; ++d)
    bytes = llvm::checkedMul<int64_t>(*bytes, shape[d]);
  return bytes;
}

int32_t LoweringContext::lxView(Type type, int32_t buffer) {
  auto memref = dyn_cast<MemRefType>(type);
  std::optional<ElemType> elem = memref ? elemTypeOf(memref) : std::nullopt;
  std::optional<int64_t> row = memref ? rowBytes(memref) : std::nullopt;
  if (!elem || !row)
    return -1;
  std::vector<int64_t> dims(memref.getShape().begin(), memref.getShape().end());
  auto key = std::make_tuple(dims, int(*elem), buffer);
  auto it = viewIndex.find(key);
  if (it != viewIndex.end())
    return it->second;
  int32_t index = int32_t(out.lxViews.size());
  out.lxViews.push_back({dims, *elem, *row, buffer});
  viewIndex.emplace(std::move(key), index);
  return index;
}

int32_t LoweringContext::buffer(int64_t address, int64_t bytes, int64_t copies,
                                Operation *op) {
  auto key = std::make_tuple(address, bytes, copies);
  auto it = bufferIndex.find(key);
  if (it != bufferIndex.end())
    return it->second;
  int32_t index = int32_t(out.plan.buffers.size());
  Buffer b;
  std::string name;
  llvm::raw_string_ostream os(name);
  std::string value = valueNameAt(options.source, op->getLoc());
  if (!value.empty())
    os << "%" << value << ": ";
  os << op->getResult(0).getType();
  if (int line = ktirLineOf(op->getLoc()))
    os << " (line " << line << ")";
  b.name = name;
  b.address = address;
  b.bytes = bytes;
  b.copies = copies;
  b.loc = location(op);
  out.plan.buffers.push_back(std::move(b));
  bufferIndex.emplace(key, index);
  return index;
}

} // namespace spyre::code
