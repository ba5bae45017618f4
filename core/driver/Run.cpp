//===- Run.cpp - run a KTIR kernel on the reference interpreter -----------===//

#include "driver/Run.h"
#include "driver/AutomaticInputs.h"
#include "driver/KernelArguments.h"
#include "driver/DiagnosticCapture.h"
#include "driver/KernelSource.h"
#include "driver/Architecture.h"
#include "driver/LatencyAdapter.h"
#include "driver/KernelHazards.h"
#include "interp/Interpreter.h"
#include "interp/Latency.h"
#include "ir/GridAttr.h"
#include "ir/KernelLxData.h"
#include "ir/KernelFunctions.h"
#include "ir/KernelLocations.h"
#include "ir/Registration.h"
#include "ir/SourceFixups.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "ir/ktdp/KtdpOps.h"
#include "support/Checked.h"
#include "support/Limits.h"
#include "support/NumberText.h"

#include <chrono>
#include <ctime>
#include <cmath>
#include <limits>
#include <random>

using namespace spyre;
using namespace spyre::driver;
using namespace mlir;

namespace {

constexpr uint64_t kFirstArrayByte = 0x10000;
constexpr uint64_t kArrayAlignment = 128;
/// Byte addresses the driver places data at stay below 2^62, so ends and
/// element indices never overflow.
constexpr uint64_t kMaxAddress = uint64_t(1) << 62;

std::optional<interp::DType> arrayDType(const std::string &name) {
  if (name == "u8")
    return interp::DType::I8;
  if (name == "u16")
    return interp::DType::I16;
  if (name == "u32")
    return interp::DType::I32;
  if (name == "u64")
    return interp::DType::I64;
  return interp::dtypeFromName(name);
}

/// Copies `array` into `store` from `byteStart`.
void place(interp::ByteStore &store, uint64_t byteStart,
           const npy::Array &array) {
  store.writeBytes(byteStart, array.data.data(), array.data.size());
}

npy::Array readBack(interp::ByteStore &store, uint64_t byteStart,
                    const npy::Array &like) {
  npy::Array out = like;
  store.readBytes(byteStart, out.data.data(), out.data.size());
  return out;
}

/// The source line of `op` (0 when it has none).
int32_t lineOf(Operation *op) {
  if (!op)
    return 0;
  if (auto loc = op->getLoc()->findInstanceOf<FileLineColLoc>())
    return static_cast<int32_t>(loc.getLine());
  return 0;
}

/// The shadow of the array `values` read back from `byteStart` of a
/// memory whose stored shadows are `store` (docs/numerics.md).
OutputShadow readShadow(const interp::Interpreter &run,
                        const interp::ShadowStore &store, uint64_t byteStart,
                        const npy::Array &values) {
  OutputShadow out;
  out.dtype = values.dtype;
  out.shape = values.shape;
  std::optional<interp::DType> type = interp::dtypeFromName(values.dtype);
  size_t size = npy::elementSize(values.dtype);
  size_t n = size ? values.data.size() / size : 0;
  out.value.resize(n);
  out.bound.assign(n, 0);
  out.line.assign(n, 0);
  out.storeLine.assign(n, 0);
  out.core.assign(n, -1);
  out.storeOccurrence.assign(n, 0);
  const interp::NumericsModel &model = run.options().numerics;
  for (size_t i = 0; i < n; ++i) {
    double v = type ? interp::loadElement(*type, values.data.data() + i * size)
                    : 0;
    out.value[i] = v;
    if (!type || !interp::isFloat(*type))
      continue;
    const interp::StoredShadow *s = store.find(byteStart + i * size);
    if (!s || s->storer == 0)
      continue;
    out.storeLine[i] = lineOf(run.writerOp(s->storer));
    out.core[i] = s->core;
    out.storeOccurrence[i] = s->occurrence;
    if (s->cell.terms == 0)
      continue;
    out.value[i] = s->cell.value;
    out.bound[i] = interp::boundOf(s->cell, *type, model);
    out.line[i] = lineOf(run.writerOp(s->cell.writer));
  }
  return out;
}

/// Source names of the entry block's arguments ("in_ptr" for %in_ptr).
std::vector<std::string> argumentNames(const AsmParserState &state,
                                       Block &entry) {
  std::vector<std::string> names;
  const AsmParserState::BlockDefinition *def = state.getBlockDef(&entry);
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    std::string name = "arg" + std::to_string(i);
    if (def && i < def->arguments.size()) {
      llvm::SMRange range = def->arguments[i].loc;
      llvm::StringRef text(range.Start.getPointer(),
                           range.End.getPointer() - range.Start.getPointer());
      name = text.drop_front().str();
    }
    names.push_back(name);
  }
  return names;
}

/// The value of a dynamic size: a constant, or a scalar argument given on
/// the command line (a runtime argument's value too), possibly through
/// index casts, additions, subtractions and products (overflow-checked).
std::optional<int64_t> knownSize(Value size, Block &entry,
                                 const std::vector<std::string> &names,
                                 const std::map<std::string, Argument> &given) {
  while (Operation *def = size.getDefiningOp()) {
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def)) {
      size = def->getOperand(0);
      continue;
    }
    // The value of a runtime argument: the scalar given for it.
    if (auto extract = dyn_cast<ktdp::RuntimeArgExtractOp>(def);
        extract && extract.getKind() == ktdp::RuntimeArgKind::value) {
      size = extract.getInput();
      continue;
    }
    IntegerAttr value;
    if (matchPattern(size, m_Constant(&value)))
      return value.getValue().getSExtValue();
    if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def)) {
      std::optional<int64_t> a = knownSize(def->getOperand(0), entry, names, given);
      std::optional<int64_t> b = knownSize(def->getOperand(1), entry, names, given);
      if (!a || !b)
        return std::nullopt;
      if (isa<arith::AddIOp>(def))
        return checked::add(*a, *b);
      if (isa<arith::SubIOp>(def))
        return checked::sub(*a, *b);
      return checked::mul(*a, *b);
    }
    return std::nullopt;
  }
  auto arg = llvm::dyn_cast<BlockArgument>(size);
  if (!arg || arg.getOwner() != &entry)
    return std::nullopt;
  auto found = given.find(names[arg.getArgNumber()]);
  if (found == given.end() || !found->second.integer)
    return std::nullopt;
  return found->second.integer;
}

/// The sizes (or strides) of a memory view, dynamic ones taken from
/// constants or given arguments; nullopt when one is unknown.
std::optional<std::vector<int64_t>>
knownList(ArrayRef<int64_t> statics, OperandRange dynamics, Block &entry,
          const std::vector<std::string> &names,
          const std::map<std::string, Argument> &given) {
  std::vector<int64_t> out;
  unsigned next = 0;
  for (int64_t s : statics) {
    if (!ShapedType::isDynamic(s)) {
      out.push_back(s);
      continue;
    }
    if (next >= dynamics.size())
      return std::nullopt;
    std::optional<int64_t> v = knownSize(dynamics[next++], entry, names, given);
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

/// The shape of the array --seed makes for pointer `pointer`: that of the
/// first memory view built on it, dynamic sizes taken from constants or
/// given arguments; one flat dimension of every element the view reaches
/// when its strides reach further than its shape holds (every third
/// column, padded rows). nullopt when a size is unknown or negative.
std::optional<std::vector<int64_t>>
seededShape(Block &entry, const std::vector<std::string> &names,
            const std::map<std::string, Argument> &given, Value pointer) {
  for (Operation *user : pointer.getUsers()) {
    auto view = llvm::dyn_cast<ktdp::ConstructMemoryViewOp>(user);
    if (!view || view.getOffset() != pointer)
      continue;
    auto type = llvm::cast<MemRefType>(view.getType());
    std::vector<int64_t> shape(type.getShape().begin(), type.getShape().end());
    std::optional<std::vector<int64_t>> sizes = knownList(
        view.getStaticSizes(), view.getSizes(), entry, names, given);
    for (size_t d = 0; d < shape.size(); ++d) {
      if (!ShapedType::isDynamic(shape[d]))
        continue;
      if (!sizes || d >= sizes->size() || (*sizes)[d] < 0)
        return std::nullopt;
      shape[d] = (*sizes)[d];
    }
    // The element past the farthest one the view reaches.
    std::optional<std::vector<int64_t>> strides = knownList(
        view.getStaticStrides(), view.getStrides(), entry, names, given);
    std::optional<int64_t> count = checked::product(shape);
    if (strides && strides->size() == shape.size() && count && *count > 0) {
      std::optional<int64_t> reach = 1;
      for (size_t d = 0; d < shape.size() && reach; ++d) {
        if ((*strides)[d] < 0)
          reach.reset();
        else if (std::optional<int64_t> step = checked::mul(shape[d] - 1, (*strides)[d]))
          reach = checked::add(*reach, *step);
        else
          reach.reset();
      }
      if (!reach)
        return std::nullopt;
      if (*reach > *count)
        return std::vector<int64_t>{*reach};
    }
    return shape;
  }
  return std::nullopt;
}

/// Parses and verifies the kernel (remembering its argument names) and
/// picks the function `request` names; null, with a diagnostic, when that
/// fails.
func::FuncOp parseKernel(MLIRContext &context, llvm::SourceMgr &sourceMgr,
                         const RunRequest &request,
                         OwningOpRef<ModuleOp> &module,
                         std::vector<std::string> &names,
                         DiagnosticCapture &capture) {
  if (failed(loadKernelSource(context, sourceMgr, request.source,
                              request.sourceName)))
    return {};
  AsmParserState state;
  module = parseKernelModule(sourceMgr, context, &state);
  if (!module)
    return {};
  // The kernel asked for, else the module's first kernel (a public
  // function no function calls), with the helpers it calls inlined.
  func::FuncOp function;
  std::vector<func::FuncOp> kernels = kernelFunctions(*module);
  for (auto f : module->getOps<func::FuncOp>()) {
    if (f.isDeclaration())
      continue;
    if (request.function.empty() ? llvm::is_contained(kernels, f)
                                 : f.getSymName() == request.function) {
      function = f;
      break;
    }
  }
  if (!function) {
    capture.error(request.function.empty()
                      ? "the kernel defines no function"
                      : "no function named '" + request.function + "'");
    return {};
  }
  if (failed(inlineCalls(function)))
    return {};
  names = argumentNames(state, function.getBody().front());
  return function;
}

/// Whether a memory view built on argument `arg` (its offset) is in a
/// scratchpad (ct_local).
bool addressesScratchpad(BlockArgument arg) {
  return llvm::any_of(arg.getUsers(), [&](Operation *user) {
    auto view = llvm::dyn_cast<ktdp::ConstructMemoryViewOp>(user);
    return view && view.getOffset() == arg &&
           !view.getMemorySpace().isGlobal();
  });
}

/// The memory view built on argument `arg` (its offset), the one --seed
/// fills; null when the argument is no pointer.
MemRefType viewTypeOf(BlockArgument arg) {
  for (Operation *user : arg.getUsers())
    if (auto view = llvm::dyn_cast<ktdp::ConstructMemoryViewOp>(user))
      if (view.getOffset() == arg)
        return llvm::cast<MemRefType>(view.getType());
  return {};
}

/// Random data for every pointer argument without a value that is the
/// offset of a memory view whose shape is static or given by constants and
/// scalar arguments. With `lenient` (automatic inputs) a pointer whose
/// view's shape is unknown, or that other addresses are computed from, is
/// left without a value (it gets an automatic address) instead of refused.
LogicalResult seedArguments(func::FuncOp function,
                            const std::vector<std::string> &names,
                            const std::map<std::string, Argument> &given,
                            uint64_t seed, bool lenient,
                            std::map<std::string, Argument> &out,
                            DiagnosticCapture &capture) {
  // Integers that index other tensors stay below the smallest extent of
  // any floating-point view, so gathers stay in range.
  int64_t intHigh = seededIntegerHigh(function);
  Block &entry = function.getBody().front();
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    if (given.count(names[i]))
      continue;
    MemRefType type = viewTypeOf(entry.getArgument(i));
    if (!type)
      continue; // not a pointer: reported as a missing value later
    // A pointer into the scratchpads is no HBM array: with automatic
    // inputs its data is found and filled where the views put it.
    if (addressesScratchpad(entry.getArgument(i)))
      continue;
    // A pointer the kernel also computes other addresses from (partition
    // bases, per-core rows) reaches beyond its first view: with automatic
    // inputs it gets an automatic address and the discovery finds all.
    if (lenient && llvm::any_of(entry.getArgument(i).getUsers(), [&](Operation *u) {
          auto view = llvm::dyn_cast<ktdp::ConstructMemoryViewOp>(u);
          return !view || view.getOffset() != entry.getArgument(i);
        }))
      continue;
    std::optional<std::vector<int64_t>> shape =
        seededShape(entry, names, given, entry.getArgument(i));
    if (!shape && lenient)
      continue;
    if (!shape) {
      capture.error(function.getLoc(),
                    "cannot make random data for %" + names[i] +
                        ": its memory view has a dynamic shape that is not "
                        "a given argument or a constant; give it an input");
      return failure();
    }
    interp::DType dtype = interp::dtypeOf(type);
    npy::Array array;
    array.dtype = std::string(interp::dtypeName(dtype));
    array.shape = *shape;
    // Bounded before anything is allocated: a huge view needs an input.
    std::optional<int64_t> count = checked::product(array.shape);
    if (!count || *count > limits::kMaxSeededElements) {
      capture.error(function.getLoc(),
                    "cannot make random data for %" + names[i] +
                        ": its memory view of " +
                        (count ? std::to_string(*count) : "too many") +
                        " elements is larger than --seed fills (" +
                        std::to_string(limits::kMaxSeededElements) +
                        " elements); give it an input");
      return failure();
    }
    // Integers that index nothing are signed data (an i8 weight).
    bool data = !interp::isFloat(dtype) && seededIntegersAreData(entry.getArgument(i));
    array.data = data ? randomElements(dtype, *count, seed, names[i],
                                       dtype == interp::DType::I1 ? 2 : kSeededDataHigh,
                                       dtype == interp::DType::I1 ? 0 : kSeededDataLow)
                      : randomElements(dtype, *count, seed, names[i], intHigh);
    out[names[i]].array = std::move(array);
  }
  return success();
}

/// "96x64" for diagnostics.
std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text;
  for (int64_t d : shape)
    text += (text.empty() ? "" : "x") +
            (ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d));
  return text.empty() ? "a scalar" : text;
}

/// Why `arg`'s value breaks what its `!ktdp.runtime_arg` type declares (a
/// value above its upper bound, or not a multiple of its granularity: the
/// host would not pass it, and a kernel may rely on it), or empty.
std::string runtimeArgumentBounds(Type type, const Argument &arg) {
  auto runtime = dyn_cast<ktdp::RuntimeArgType>(type);
  if (!runtime || !arg.scalar)
    return {};
  double v = *arg.scalar;
  auto text = [&] {
    std::string out;
    llvm::raw_string_ostream os(out);
    os << type;
    return out;
  };
  if (std::optional<int64_t> bound = runtime.getUpperbound();
      bound && v > double(*bound))
    return "its value " + (arg.integer ? std::to_string(*arg.integer)
                                       : std::to_string(v)) +
           " is above the upper bound " + std::to_string(*bound) +
           " its type " + text() + " declares";
  if (std::optional<int64_t> step = runtime.getGranularity();
      step && *step > 1 && arg.integer && *arg.integer % *step != 0)
    return "its value " + std::to_string(*arg.integer) +
           " is not a multiple of the granularity " + std::to_string(*step) +
           " its type " + text() + " declares";
  return {};
}

/// A grid of several dimensions in a kernel with inter-tile ops: which
/// tile each linear number in their sets is (ktir-cpu's order, dimension 0
/// fastest; another generator may mean the last dimension fastest, which
/// groups other tiles without a word from either engine: the spec's
/// "linear tile id order" conflict).
void noteTileNumbering(func::FuncOp function, ArrayRef<int64_t> grid,
                       DiagnosticCapture &capture) {
  if (llvm::count_if(grid, [](int64_t n) { return n > 1; }) < 2)
    return;
  bool exchanges = false;
  function.walk([&](Operation *op) {
    exchanges |= op->getName().getStringRef().starts_with("ktdp.inter_tile_");
  });
  if (!exchanges)
    return;
  std::string dims, coords, formula = "x0";
  int64_t below = 1;
  for (size_t d = 0; d < grid.size(); ++d) {
    dims += (d ? ", " : "") + std::to_string(grid[d]);
    coords += (d ? ", x" : "x") + std::to_string(d);
    if (d > 0) {
      below *= grid[d - 1];
      formula += " + " + std::to_string(below) + " x" + std::to_string(d);
    }
  }
  capture.note(function.getLoc(),
               "the inter-tile sets number the tiles of the grid [" + dims +
                   "] with dimension 0 fastest, as ktir-cpu does: tile (" +
                   coords + ") is " + formula +
                   " (a kernel written for the last dimension fastest groups "
                   "other tiles)");
}

/// Reads every argument given as text (--arg NAME=TEXT) for its type, by
/// the one parser of values people write (parseScalarValue).
LogicalResult readArgumentTexts(func::FuncOp function,
                                const std::vector<std::string> &names,
                                std::map<std::string, Argument> &given,
                                DiagnosticCapture &capture) {
  Block &entry = function.getBody().front();
  for (unsigned i = 0; i < entry.getNumArguments() && i < names.size(); ++i) {
    auto found = given.find(names[i]);
    if (found == given.end() || !found->second.text)
      continue;
    KernelArgument argument;
    argument.name = names[i];
    argument.dtype = std::string(
        interp::dtypeName(interp::dtypeOf(entry.getArgument(i).getType())));
    Argument &arg = found->second;
    std::string why = arg.array ? "given both an array and a value"
                                : parseScalarValue(argument, *arg.text, arg);
    if (why.empty())
      why = runtimeArgumentBounds(entry.getArgument(i).getType(), arg);
    if (!why.empty()) {
      capture.error(function.getLoc(), "argument %" + names[i] + ": " + why);
      return failure();
    }
    arg.text.reset();
  }
  return success();
}

/// NumPy has no bf16: an array given for a pointer whose views hold bf16
/// is taken as u16 or i16, its raw bits, or as f32, its values rounded to
/// bf16 (to nearest, ties to even; a note counts the values that changed).
void readBf16Arrays(func::FuncOp function, const std::vector<std::string> &names,
                    std::map<std::string, Argument> &given,
                    DiagnosticCapture &capture) {
  Block &entry = function.getBody().front();
  for (unsigned i = 0; i < entry.getNumArguments() && i < names.size(); ++i) {
    auto found = given.find(names[i]);
    if (found == given.end() || !found->second.array)
      continue;
    npy::Array &array = *found->second.array;
    if (array.dtype != "u16" && array.dtype != "i16" && array.dtype != "f32")
      continue;
    auto bf16View = llvm::any_of(entry.getArgument(i).getUsers(), [&](Operation *u) {
      auto view = llvm::dyn_cast<ktdp::ConstructMemoryViewOp>(u);
      return view && view.getOffset() == entry.getArgument(i) &&
             interp::dtypeOf(llvm::cast<MemRefType>(view.getType())) ==
                 interp::DType::BF16;
    });
    if (!bf16View)
      continue;
    if (array.dtype != "f32") {
      array.dtype = "bf16"; // the raw bits, as they are
      continue;
    }
    std::vector<uint8_t> bits(array.data.size() / 2);
    int64_t changed = 0;
    for (size_t e = 0; e < bits.size() / 2; ++e) {
      double value = interp::loadElement(interp::DType::F32, &array.data[4 * e]);
      interp::storeElement(interp::DType::BF16, value, &bits[2 * e]);
      double kept = interp::loadElement(interp::DType::BF16, &bits[2 * e]);
      changed += !(kept == value || (std::isnan(kept) && std::isnan(value)));
    }
    array.dtype = "bf16";
    array.data = std::move(bits);
    if (changed > 0)
      capture.note(function.getLoc(),
                   "%" + names[i] + ": " + std::to_string(changed) + " of its " +
                       std::to_string(array.data.size() / 2) +
                       " f32 values are not bf16 values and were rounded to "
                       "the nearest (give u16 raw bits for exact data)");
  }
}

/// Every given argument names one of the kernel's, and every array given
/// for a pointer matches the memory views built on it: the same element
/// type and at least as many elements as the view reaches (static sizes
/// and strides). A mismatch is refused naming both sides.
LogicalResult checkArguments(func::FuncOp function,
                             const std::vector<std::string> &names,
                             const std::map<std::string, Argument> &given,
                             DiagnosticCapture &capture) {
  for (const auto &[name, arg] : given)
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      std::string known;
      for (const std::string &n : names)
        known += (known.empty() ? "%" : ", %") + n;
      capture.error(function.getLoc(),
                    "no argument named %" + name + " (the kernel's " +
                        "arguments are " +
                        (known.empty() ? std::string("none") : known) + ")");
      return failure();
    }
  Block &entry = function.getBody().front();
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    auto found = given.find(names[i]);
    if (found == given.end() || !found->second.array)
      continue;
    const npy::Array &array = *found->second.array;
    auto elem = arrayDType(array.dtype);
    std::optional<int64_t> elements = checked::product(array.shape);
    for (Operation *user : entry.getArgument(i).getUsers()) {
      auto view = llvm::dyn_cast<ktdp::ConstructMemoryViewOp>(user);
      if (!view || view.getOffset() != entry.getArgument(i))
        continue;
      auto type = llvm::cast<MemRefType>(view.getType());
      interp::DType wanted = interp::dtypeOf(type);
      if (elem && *elem != wanted) {
        capture.error(view.getLoc(),
                      "argument %" + names[i] + " is a " + array.dtype +
                          " array (" + shapeText(array.shape) +
                          ") but this memory view holds " +
                          std::string(interp::dtypeName(wanted)));
        return failure();
      }
      // The highest element index the view reaches, plus one.
      std::optional<int64_t> reach = 1;
      for (auto [size, stride] :
           llvm::zip(view.getStaticSizes(), view.getStaticStrides())) {
        if (ShapedType::isDynamic(size) || ShapedType::isDynamic(stride) ||
            stride < 0) {
          reach.reset();
          break;
        }
        if (size == 0) {
          reach = 0;
          break;
        }
        std::optional<int64_t> step = checked::mul(size - 1, stride);
        reach = step && reach ? checked::add(*reach, *step) : std::nullopt;
        if (!reach)
          break;
      }
      if (reach && elements && *elements < *reach) {
        capture.error(view.getLoc(),
                      "argument %" + names[i] + " is a " +
                          shapeText(array.shape) + " array of " +
                          std::to_string(*elements) +
                          " elements but this memory view (" +
                          shapeText(type.getShape()) + ") reaches " +
                          std::to_string(*reach));
        return failure();
      }
    }
  }
  return success();
}

} // namespace

struct PreparedRun::State {
  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  OwningOpRef<ModuleOp> module;
  func::FuncOp function;
  std::vector<Diagnostic> diagnostics; ///< of preparing
  bool ok = false;
  std::vector<std::string> names;
  /// The request's arguments and regions, plus the seeded arrays.
  std::map<std::string, Argument> args;
  std::vector<MemoryRegion> regions;
  interp::InterpOptions options;
  std::optional<interp::HwConfig> hw;
  std::optional<arch::Arch> architecture;
  int coreCount = 1; ///< tiles of the grid
  /// The function's arguments; the array arguments in argument order (the
  /// order they are placed in) and the byte each starts at.
  std::vector<interp::RtValue> values;
  std::vector<const Argument *> arrays;
  std::map<const Argument *, uint64_t> placedAt;
  /// Automatic inputs (RunRequest::automaticInputs).
  bool automaticInputs = false;
  std::optional<uint64_t> seed;
  std::vector<AutomaticAddress> automatic;
  std::vector<BoundRange> bound;

  void prepare(const RunRequest &request);
  /// The architecture's memory sizes, latency parameters (a record's
  /// hardware configuration overriding them) and numerics into the
  /// options; false after a diagnostic.
  bool applyArchitecture(const RunRequest &request, DiagnosticCapture &capture);
  RunResult run();
  LogicalResult giveAutomaticAddresses(DiagnosticCapture &capture);
  bool needsDiscovery();
  LogicalResult discover(DiagnosticCapture &capture);
  /// Fresh memories holding the arrays and regions.
  void fill(interp::Memories &memories) const;
};

LogicalResult
PreparedRun::State::giveAutomaticAddresses(DiagnosticCapture &capture) {
  Block &entry = function.getBody().front();
  // Arguments that address scratchpad data get its region at the top of
  // LX, where the compiled program keeps no buffer (ir/KernelLxData.h).
  int64_t lxBytes = architecture
                        ? int64_t(architecture->scratchpadBytesPerCore)
                        : int64_t(options.lxCapacityBytes);
  std::map<unsigned, LxArgumentRegion> lxRegions;
  for (const LxArgumentRegion &r : lxArgumentRegions(
           function, lxBytes, architecture ? architecture->stickBytes : 128))
    lxRegions[r.argument] = r;
  unsigned hbmCount = 0;
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    BlockArgument arg = entry.getArgument(i);
    // A runtime_arg is the scalar of its value type (a start address as
    // `!ktdp.runtime_arg<i64>`).
    Type scalarType = arg.getType();
    if (auto runtime = dyn_cast<ktdp::RuntimeArgType>(scalarType))
      scalarType = runtime.getValueType();
    if (args.count(names[i]) || !scalarType.isIntOrIndex())
      continue;
    MemRefType view = addressedViewType(arg);
    if (!view)
      continue;
    AutomaticAddress a;
    a.name = names[i];
    auto lx = lxRegions.find(i);
    a.element = lx != lxRegions.end()
                    ? lx->second.byteAddress / lx->second.elementBytes
                    : automaticElementIndex(hbmCount++);
    interp::DType dtype = interp::dtypeOf(view);
    a.dtype = std::string(interp::dtypeName(dtype));
    a.byte = uint64_t(a.element) * interp::dtypeSize(dtype);
    // An i32 (or narrower) argument holds the index only when it fits.
    unsigned width = scalarType.isIndex() ? 64 : scalarType.getIntOrFloatBitWidth();
    if (width < 64 && a.element >= (int64_t(1) << (width - 1))) {
      capture.error(function.getLoc(),
                    "argument %" + names[i] + " is the base address of memory "
                    "views but its type cannot hold the automatic address " +
                    std::to_string(a.element) + "; give it a value with --arg " +
                    names[i] + "=N");
      return failure();
    }
    Argument &value = args[names[i]];
    value.scalar = double(a.element);
    value.integer = a.element;
    if (lx != lxRegions.end())
      capture.note(function.getLoc(),
                   "argument %" + names[i] + " has no value and is the base "
                   "address of scratchpad (ct_local) views: it gets the "
                   "automatic address " + std::to_string(a.element) +
                   " (an element index: byte " + std::to_string(a.byte) +
                   " of every core's scratchpad, in the top " +
                   std::to_string(lxBytes -
                                  lxRegions.begin()->second.byteAddress) +
                   " bytes the compiled program leaves to the kernel's "
                   "own data); --arg " + names[i] + "=N gives another");
    else
      capture.note(function.getLoc(),
                   "argument %" + names[i] + " has no value and is the base "
                   "address of memory views: it gets the automatic address " +
                   std::to_string(a.element) + " (an element index: byte " +
                   std::to_string(a.byte) + " of its " + a.dtype +
                   " views); --arg " + names[i] + "=N gives another");
    automatic.push_back(std::move(a));
  }
  return success();
}

bool PreparedRun::State::needsDiscovery() {
  if (!automatic.empty())
    return true;
  // A view whose offset is not an array argument's: memory the kernel
  // addresses by itself.
  Block &entry = function.getBody().front();
  bool other = false;
  function.walk([&](ktdp::ConstructMemoryViewOp view) {
    auto arg = llvm::dyn_cast<BlockArgument>(view.getOffset());
    if (!arg || arg.getOwner() != &entry ||
        !args.at(names[arg.getArgNumber()]).array)
      other = true;
  });
  return other;
}

void PreparedRun::State::fill(interp::Memories &memories) const {
  for (const Argument *arg : arrays)
    place(memories.hbm, placedAt.at(arg), *arg->array);
  memories.lx.resize(static_cast<size_t>(coreCount));
  for (const MemoryRegion &region : regions)
    place(region.lx ? memories.lx[region.core] : memories.hbm,
          region.byteStart, region.data);
}

LogicalResult PreparedRun::State::discover(DiagnosticCapture &capture) {
  // A run on the inputs so far (arrays, record regions; the rest reads as
  // zero) that records every memory view; its diagnostics are its own.
  ViewDiscovery discovery;
  std::vector<Diagnostic> found;
  {
    for (const MemoryRegion &region : regions)
      if (region.lx && (region.core < 0 || region.core >= coreCount))
        return success(); // refused below with the region's name
    interp::Memories memories;
    fill(memories);
    interp::InterpOptions o = options;
    o.recordLxEvents = false;
    o.onMemoryView = [&](const interp::ViewExtent &v) { discovery.add(v); };
    DiagnosticCapture quiet(context, found);
    interp::Interpreter run(function, memories, o, nullptr);
    (void)run.run(values);
  }
  auto firstError = std::find_if(found.begin(), found.end(), [](auto &d) {
    return d.severity == Diagnostic::Severity::Error;
  });
  if (firstError != found.end()) {
    // An error on a memory view (its addresses overflow, say) is the
    // kernel's: refused here. Any other leaves the views found so far.
    bool onView = false;
    function.walk([&](ktdp::ConstructMemoryViewOp view) {
      if (auto loc = llvm::dyn_cast<FileLineColLoc>(view.getLoc()))
        onView |= int(loc.getLine()) == firstError->line &&
                  int(loc.getColumn()) == firstError->column;
    });
    if (onView) {
      diagnostics.push_back(*firstError);
      return failure();
    }
    Diagnostic d = *firstError;
    d.severity = Diagnostic::Severity::Warning;
    d.message = "the run that finds the memory this kernel addresses stopped "
                "here (" + d.message + "); memory views after this point get "
                "no automatic input";
    diagnostics.push_back(std::move(d));
  }
  if (Operation *op = discovery.tooManyAt()) {
    capture.error(op->getLoc(),
                  "the kernel builds memory views at more than " +
                      std::to_string(limits::kMaxDiscoveredRanges) +
                      " separate places; the automatic inputs stop here: give "
                      "the kernel a record or inputs");
    return failure();
  }
  // Each automatic address owns 2^24 elements; a view reaching past them
  // may overlap the next automatic argument's memory.
  for (const AutomaticAddress &a : automatic) {
    uint64_t size = a.element > 0 ? a.byte / uint64_t(a.element) : 1;
    uint64_t windowEnd = a.byte + (uint64_t(1) << 24) * size;
    for (const auto &[key, spans] : discovery.ranges()) {
      if (std::get<0>(key))
        continue;
      for (const auto &[begin, span] : spans)
        if (uint64_t(begin) >= a.byte && uint64_t(begin) < windowEnd &&
            uint64_t(span.end) > windowEnd)
          capture.warning(span.op->getLoc(),
                          "this memory view reaches byte " +
                              std::to_string(span.end) + ", past the 2^24 "
                              "elements the automatic address of %" + a.name +
                              " owns (bytes " + std::to_string(a.byte) + " to " +
                              std::to_string(windowEnd) + "): it may overlap "
                              "the next automatic argument's memory; give %" +
                              a.name + " a value");
    }
  }
  std::vector<HeldRange> held;
  for (const Argument *arg : arrays)
    held.push_back({false, 0, placedAt.at(arg),
                    placedAt.at(arg) + arg->array->data.size()});
  for (const MemoryRegion &r : regions)
    held.push_back({r.lx, r.core, r.byteStart, r.byteStart + r.data.data.size()});
  RegionPlan plan;
  if (failed(planRegions(discovery, held, architecture->hbmBytes,
                         options.lxCapacityBytes, *seed,
                         seededIntegerHigh(function), plan, capture)))
    return failure();
  if (!plan.filled.empty()) {
    std::string list;
    for (size_t i = 0; i < plan.filled.size(); ++i) {
      if (i == 8) {
        list += ", and " + std::to_string(plan.filled.size() - 8) + " more";
        break;
      }
      const MemoryRegion &r = plan.filled[i];
      list += (i ? ", " : "") + r.name + " (bytes " + std::to_string(r.byteStart) +
              " to " + std::to_string(r.byteStart + r.data.data.size()) + ")";
    }
    capture.note(function.getLoc(),
                 "the kernel addresses memory no input holds: " +
                     std::to_string(plan.filled.size()) + " region" +
                     (plan.filled.size() == 1 ? "" : "s") +
                     " filled with random data from seed " +
                     std::to_string(*seed) + ": " + list);
  }
  for (MemoryRegion &r : plan.filled)
    regions.push_back(std::move(r));
  bound = std::move(plan.unfilled);
  return success();
}

bool PreparedRun::State::applyArchitecture(const RunRequest &request,
                                           DiagnosticCapture &capture) {
  // The architecture gives memory sizes and latency parameters; a record's
  // hardware configuration overrides them.
  architecture = loadArchitecture(request.arch, diagnostics);
  if (!architecture)
    return false;
  std::map<std::string, double> hwKeys = {
      {"num_cores", architecture->numCores},
      {"clock_ghz", architecture->clockGhz},
      {"hbm_bandwidth_tb_s", architecture->hbmBandwidthGBs / 1000.0},
      {"ring_bandwidth_tb_s", architecture->ringLinkBandwidthGBs / 1000.0},
      {"simd_elements_per_cycle",
       static_cast<double>(architecture->simdElementsPerCycle.at("f16"))},
      {"systolic_rows", static_cast<double>(architecture->systolicRows)},
      {"transcendental_penalty",
       static_cast<double>(architecture->transcendentalPenalty)}};
  for (const auto &[key, value] : request.hwConfig)
    hwKeys[key] = value;
  std::string hwError;
  hw = interp::HwConfig::fromKeyValues(hwKeys, &hwError);
  if (!hw) {
    capture.error("hardware configuration: " + hwError);
    return false;
  }
  options.numerics.accumulateF32 = architecture->numerics.accumulateF32;
  options.numerics.functionUlps = architecture->numerics.functionUlps;
  options.lxCapacityBytes = request.hwConfig.count("lx_size_mb")
                                ? static_cast<uint64_t>(hw->lxSizeBytes())
                                : architecture->scratchpadBytesPerCore;
  return true;
}

void PreparedRun::State::prepare(const RunRequest &request) {
  loadKernelDialects(context);
  DiagnosticCapture capture(context, diagnostics);

  function = parseKernel(context, sourceMgr, request, module, names, capture);
  if (!function)
    return;

  options.grid = request.grid;
  options.recordLxEvents = request.recordLxEvents;
  options.maxLxEvents = limits::kMaxLxEvents;
  options.maxOpsPerCore = request.maxOpsPerCore;
  options.cancel = request.cancel;
  options.shadow = request.shadow;
  if (!applyArchitecture(request, capture))
    return;

  // The grid, checked against the architecture before anything is sized by
  // it (a mistyped --grid must not allocate a million cores first), by the
  // same rules as the pipeline's legality check.
  std::vector<int64_t> grid = options.grid;
  std::string target = "architecture '" + architecture->name + "'";
  if (grid.empty()) {
    SmallVector<int64_t> fromAttr;
    if (failed(readGridAttr(function, architecture->numCores, target,
                            fromAttr)))
      return;
    grid.assign(fromAttr.begin(), fromAttr.end());
    if (grid.empty())
      grid.push_back(1);
    else if (!function->getAttr("grid"))
      capture.note(function.getLoc(),
                   "the kernel has no grid; its ct_local memory views name "
                   "cores 0 to " + std::to_string(grid[0] - 1) +
                       ", so it runs on a grid of [" +
                       std::to_string(grid[0]) + "] (--grid gives another)");
  } else {
    std::string why;
    if (!checkGridExtents(grid, architecture->numCores, target, why) ||
        !checkGivenGrid(function, grid, why)) {
      capture.error(function.getLoc(), why);
      return;
    }
  }
  int64_t tiles = *checked::product(grid);
  coreCount = static_cast<int>(tiles);
  options.grid = grid; // the interpreter runs the grid checked here
  noteTileNumbering(function, grid, capture);
  warnKernelHazards(function, grid, capture);

  std::map<std::string, Argument> given = request.args;
  readBf16Arrays(function, names, given, capture);
  if (failed(checkArguments(function, names, given, capture)) ||
      failed(readArgumentTexts(function, names, given, capture)))
    return;
  args = given;
  automaticInputs = request.automaticInputs;
  seed = request.seed;
  if (automaticInputs && !seed)
    seed = 0;
  if (seed && failed(seedArguments(function, names, given, *seed,
                                   automaticInputs, args, capture)))
    return;
  regions = request.regions;
  if (automaticInputs && failed(giveAutomaticAddresses(capture)))
    return;

  // Lay out the arrays (ktir-cpu's layout unless a start is given) and bind
  // every argument: the same for every run.
  Block &entry = function.getBody().front();
  // Every argument without a value at once (one run per missing value
  // before: a user gave %M, ran, and only then heard of %a_ptr).
  bool missing = false;
  for (unsigned i = 0; i < entry.getNumArguments(); ++i)
    if (!args.count(names[i])) {
      capture.error(function.getLoc(), "no value given for argument %" + names[i]);
      missing = true;
    }
  if (missing)
    return;
  uint64_t nextByte = kFirstArrayByte;
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    auto found = args.find(names[i]);
    const Argument &arg = found->second;
    interp::DType type = interp::dtypeOf(entry.getArgument(i).getType());
    if (!arg.array) {
      double value = arg.scalar.value_or(0);
      if (interp::isFloat(type)) {
        values.push_back(interp::Scalar{interp::roundTo(type, value), type});
        continue;
      }
      // Integers are exact when written as whole numbers; a double is
      // accepted only where it holds one exactly (below 2^53).
      if (!arg.integer &&
          (value != std::trunc(value) || std::fabs(value) >= 0x1p53)) {
        capture.error(function.getLoc(),
                      "argument %" + names[i] + ": " + shortestText(value) +
                          " is not a whole number (integers beyond 2^53 "
                          "must be written as whole numbers)");
        return;
      }
      values.push_back(interp::Scalar{
          interp::intToSlot(type, arg.integer ? *arg.integer
                                              : static_cast<int64_t>(value)),
          type});
      continue;
    }
    auto elem = arrayDType(arg.array->dtype);
    if (!elem) {
      capture.error("argument %" + names[i] + ": unsupported array dtype " +
                    arg.array->dtype);
      return;
    }
    uint64_t start = arg.byteStart.value_or(nextByte);
    uint64_t end = start + arg.array->data.size();
    if (start > kMaxAddress || end > kMaxAddress) {
      capture.error("argument %" + names[i] + ": its array would end at byte " +
                    std::to_string(end) + ", beyond the " +
                    std::to_string(kMaxAddress) + " bytes of HBM addresses");
      return;
    }
    arrays.push_back(&arg);
    placedAt[&arg] = start;
    nextByte = std::max(nextByte, (end + kArrayAlignment - 1) /
                                      kArrayAlignment * kArrayAlignment);
    values.push_back(interp::Scalar{
        interp::intToSlot(type, static_cast<int64_t>(
                                    start / interp::dtypeSize(*elem))),
        type});
  }
  if (automaticInputs && needsDiscovery() && failed(discover(capture)))
    return;
  for (const MemoryRegion &region : regions) {
    if (region.lx && (region.core < 0 || region.core >= coreCount)) {
      capture.error("region " + region.name + " is in the scratchpad of core " +
                    std::to_string(region.core) + ", outside the grid");
      return;
    }
    // Bytes start..end must lie in the memory: the scratchpad's capacity
    // for LX, the address space for HBM.
    uint64_t limit = region.lx ? options.lxCapacityBytes : kMaxAddress;
    uint64_t size = region.data.data.size();
    if (region.byteStart > limit || size > limit - region.byteStart) {
      capture.error("region " + region.name + " (bytes " +
                    std::to_string(region.byteStart) + " to " +
                    std::to_string(region.byteStart + size) + ") lies outside " +
                    (region.lx ? "the " + std::to_string(limit) +
                                     "-byte scratchpad of core " +
                                     std::to_string(region.core)
                               : std::string("the HBM address space")));
      return;
    }
  }
  ok = true;
}

RunResult PreparedRun::State::run() {
  RunResult result;
  result.diagnostics = diagnostics;
  if (function)
    result.function = function.getSymName().str();
  result.argumentNames = names;
  if (!ok)
    return result;
  DiagnosticCapture capture(context, result.diagnostics);

  // Fresh memory holding the inputs.
  interp::Memories memories;
  fill(memories);
  result.automaticAddresses = automatic;

  // Run.
  interp::LatencyTracker tracker(*hw, coreCount);
  LatencyAdapter adapter(tracker);
  interp::Interpreter run(function, memories, options, &adapter);
  timespec cpuStart{}, cpuEnd{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuStart);
  auto start = std::chrono::steady_clock::now();
  LogicalResult status = run.run(values);
  result.wallSeconds = std::chrono::duration<double>(
                           std::chrono::steady_clock::now() - start)
                           .count();
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuEnd);
  result.cpuSeconds = double(cpuEnd.tv_sec - cpuStart.tv_sec) +
                      double(cpuEnd.tv_nsec - cpuStart.tv_nsec) * 1e-9;
  result.grid = run.grid();
  result.opsExecuted = run.opsExecuted();
  result.lxCapacityBytes = options.lxCapacityBytes;
  for (const interp::LxEvent &e : run.lxEvents()) {
    LxEvent out{e.core, e.alloc, e.bytes, e.inUse, 0, "", e.buffer};
    if (e.op) {
      out.op = e.op->getName().getStringRef().str();
      if (auto loc = llvm::dyn_cast<FileLineColLoc>(e.op->getLoc()))
        out.line = static_cast<int>(loc.getLine());
    }
    result.lxEvents.push_back(std::move(out));
  }
  result.droppedLxEvents = run.droppedLxEvents();
  if (result.droppedLxEvents > 0)
    capture.warning(function.getLoc(),
                    "the scratchpad event log keeps the first " +
                        std::to_string(result.lxEvents.size()) +
                        " events; " + std::to_string(result.droppedLxEvents) +
                        " later ones were counted but not kept");

  // Read back.
  for (const std::string &name : names) {
    const Argument &arg = args.at(name);
    if (arg.array)
      result.arrays[name] = readBack(memories.hbm, placedAt.at(&arg), *arg.array);
  }
  for (const MemoryRegion &region : regions)
    result.regions[region.name] =
        readBack(region.lx ? memories.lx[region.core] : memories.hbm,
                 region.byteStart, region.data);
  if (options.shadow) {
    for (const std::string &name : names) {
      const Argument &arg = args.at(name);
      if (arg.array)
        result.shadows[name] = readShadow(run, memories.hbmShadow,
                                          placedAt.at(&arg),
                                          result.arrays[name]);
    }
    for (const MemoryRegion &region : regions)
      result.shadows[region.name] = readShadow(
          run, region.lx ? memories.lxShadow[region.core] : memories.hbmShadow,
          region.byteStart, result.regions[region.name]);
  }
  for (size_t core = 0; core < memories.lx.size(); ++core)
    if (memories.lx[core].uninitialisedReads() > 0)
      capture.warning(function.getLoc(),
                      "core " + std::to_string(core) + " read " +
                          std::to_string(memories.lx[core].uninitialisedReads()) +
                          " bytes of its scratchpad that nothing initialised "
                          "(first at byte " +
                          std::to_string(
                              memories.lx[core].firstUninitialisedRead()) +
                          "); they read as zero");
  if (memories.hbm.uninitialisedReads() > 0)
    capture.warning(function.getLoc(),
                    "the kernel read " +
                        std::to_string(memories.hbm.uninitialisedReads()) +
                        " bytes of HBM that no input initialised (first at "
                        "byte " +
                        std::to_string(memories.hbm.firstUninitialisedRead()) +
                        "); they read as zero");

  interp::LatencyReport report = tracker.report();
  result.kernelCycles = report.kernelCycles;
  result.kernelTimeUs = report.kernelTimeUs;
  result.bottleneck = report.bottleneck;
  result.criticalCore = report.criticalCore;
  std::vector<uint64_t> peaks = run.peakLxBytes();
  for (const interp::CoreLatency &c : report.perCore) {
    CoreEstimate e;
    e.core = c.coreId;
    e.computeCycles = c.computeCycles;
    e.memoryCycles = c.memoryCycles;
    e.commCycles = c.commCycles;
    e.totalCycles = c.totalCycles;
    e.dramBytes = c.dramBytes;
    e.commBytes = c.commBytes;
    e.peakLxBytes = c.coreId < static_cast<int>(peaks.size()) ? peaks[c.coreId] : 0;
    result.perCore.push_back(e);
  }
  result.ok = succeeded(status);
  return result;
}

PreparedRun::PreparedRun(const RunRequest &request)
    : state(std::make_unique<State>()) {
  state->prepare(request);
}

PreparedRun::~PreparedRun() = default;

bool PreparedRun::ok() const { return state->ok; }

RunResult PreparedRun::run() { return state->run(); }

const std::vector<driver::Diagnostic> &PreparedRun::preparingDiagnostics() const {
  return state->diagnostics;
}

RunResult spyre::driver::runKernel(const RunRequest &request) {
  return PreparedRun(request).run();
}

std::vector<PreparedRun::PlacedArgument> PreparedRun::placedArguments() const {
  std::vector<PlacedArgument> out;
  if (!state->ok)
    return out;
  for (size_t i = 0; i < state->names.size() && i < state->values.size(); ++i) {
    PlacedArgument a;
    a.name = state->names[i];
    if (auto *s = std::get_if<interp::Scalar>(&state->values[i])) {
      a.scalar = s->number();
      if (!interp::isFloat(s->dtype))
        a.integer = s->integer();
    }
    auto found = state->args.find(a.name);
    if (found != state->args.end() && found->second.array) {
      a.isArray = true;
      a.array = &*found->second.array;
      a.byteStart = state->placedAt.at(&found->second);
    }
    out.push_back(a);
  }
  return out;
}

const std::vector<MemoryRegion> &PreparedRun::placedRegions() const {
  return state->regions;
}

const std::vector<BoundRange> &PreparedRun::boundRanges() const {
  return state->bound;
}

const std::vector<AutomaticAddress> &PreparedRun::automaticAddresses() const {
  return state->automatic;
}

std::vector<KernelArgument>
spyre::driver::describeArguments(const RunRequest &request,
                                 std::vector<Diagnostic> &diagnostics) {
  MLIRContext context;
  loadKernelDialects(context);
  DiagnosticCapture capture(context, diagnostics);
  llvm::SourceMgr sourceMgr;
  OwningOpRef<ModuleOp> module;
  std::vector<std::string> names;
  func::FuncOp function =
      parseKernel(context, sourceMgr, request, module, names, capture);
  std::vector<KernelArgument> out;
  if (!function)
    return out;
  Block &entry = function.getBody().front();
  unsigned automatic = 0;
  for (unsigned i = 0; i < entry.getNumArguments() && i < names.size(); ++i) {
    KernelArgument a;
    a.name = names[i];
    if (MemRefType type = viewTypeOf(entry.getArgument(i))) {
      a.pointer = true;
      a.dtype = std::string(interp::dtypeName(interp::dtypeOf(type)));
      a.staticShape = type.hasStaticShape();
      a.shape.assign(type.getShape().begin(), type.getShape().end());
    } else {
      a.dtype = std::string(
          interp::dtypeName(interp::dtypeOf(entry.getArgument(i).getType())));
      if (entry.getArgument(i).getType().isIntOrIndex() &&
          addressedViewType(entry.getArgument(i)))
        a.automaticAddress = automaticElementIndex(automatic++);
    }
    out.push_back(std::move(a));
  }
  return out;
}

std::string spyre::driver::checkInputArray(const KernelArgument &argument,
                                           const npy::Array &array) {
  std::string takes = "%" + argument.name + " takes ";
  if (!argument.pointer)
    return takes + "a " + argument.dtype + " value, not an array";
  std::string what = argument.dtype + ", " + shapeText(argument.shape);
  std::string given = array.dtype + ", " + shapeText(array.shape) + ",";
  // u8..u64 arrays feed i8..i64 arguments, as the interpreter places them.
  std::optional<interp::DType> elem = arrayDType(array.dtype);
  if (!elem || elem != arrayDType(argument.dtype))
    return "the array is " + given + " but " + takes + what +
           " (the element types differ)";
  if (argument.staticShape && array.shape != argument.shape)
    return "the array is " + given + " but " + takes + what +
           " (the shapes differ)";
  return {};
}
