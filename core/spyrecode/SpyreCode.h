//===- SpyreCode.h - the model ISA, the symbolic binary and its job plan -*- C++ -*-===//
//
// SpyreCode is the pipeline's last stage: a *symbolic* binary (one program
// per engine kind, tensor addresses and dynamic sizes left as symbols) plus
// a *job plan* (grid, placement, channels, LX layout, ring exchanges, the
// symbol table). The runtime (core/runtime) prepares it once and launches
// it many times, binding the symbols; the emulator (core/emu) executes it.
//
// The instruction set is OUR MODEL of a Spyre engine's ISA, not IBM's (which
// is not public): docs/spyrecode.md documents it. Everything here is plain
// data (std types only, no MLIR, no Qt), so the driver, the runtime, the
// emulator, the file reader and the tools can all use it.
//
// Conventions every user of this header relies on:
//  * Three register files per program: scalar (S), vector (V), tile (T).
//    A scalar register holds 64 bits: integers (index, iN) as int64_t,
//    floats (f16, bf16, df16, f32, f64) as a double already rounded to their
//    type. A vector register holds `lanes` elements of the instruction's
//    element type (at most one stick: 64 f16, 32 f32). A tile register
//    holds a tile the compute engine keeps whole; its shape and element
//    type are declared per program (Program::tileRegs).
//  * S0 is the linear tile id and S1 the engine's instance index on its
//    core (0 unless the program has perCore > 1); both are set at launch
//    before the first instruction. Every other register starts undefined.
//  * Branch targets are instruction indices within the program.
//  * An operand that is "none" is -1.
//
// Adding to this header: new opcodes and ALU functions go at the END of
// their enum (the numbers are the file format); new fields get a default.
// Bump kFormatVersion when the meaning of an existing field changes.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_SPYRECODE_SPYRECODE_H
#define SPYRE_SPYRECODE_SPYRECODE_H

#include <cstdint>
#include <string>
#include <vector>

namespace spyre::code {

/// 2: TensorBase symbols carry their tensor's element type (1: index);
/// DMA descriptors carry chunked / firstStick / layout; ring exchanges
/// carry groupCount / members.
constexpr uint32_t kFormatVersion = 2;

/// Element types of registers, channels, tiles and memory.
enum class ElemType : uint8_t {
  None = 0, // tokens only / no value
  I1,
  I8,
  I16,
  I32,
  I64,
  Index, // 64-bit
  F16,
  BF16,
  DF16,
  F32,
  F64,
};

/// Bytes of one element in memory (I1 and Index: 1 and 8); 0 for None.
int elemBytes(ElemType t);
/// "f16", "index", ... (the MLIR spelling); "none" for None.
const char *elemName(ElemType t);
bool isFloat(ElemType t);

/// The instruction kinds. Operands: `dst`, `a`, `b`, `c` are register
/// numbers (their file given per opcode below), `imm` an immediate,
/// `aux` a small immediate, `args` a run of Program::operands.
enum class Opcode : uint16_t {
  // --- scalar unit -------------------------------------------------------
  Nop = 0,
  Const,     ///< S[dst] = imm (integers), or bit_cast<double>(imm) for floats
  Mov,       ///< S[dst] = S[a]   (aux: 0 = S, 1 = V, 2 = T: which file;
             ///<   tiles of different shapes: the elements row-major)
  Arg,       ///< S[dst] = the value bound to symbol `imm` at launch
  SAlu,      ///< S[dst] = fn(S[a], S[b], S[c]) of element type `type`
             ///<   (cmpi / cmpf: aux = MLIR's predicate number and `type`
             ///<   the operands' type; casts: `type` the result's,
             ///<   `srcType` the operand's; select: S[a] the condition)
  // --- control -----------------------------------------------------------
  Jmp,       ///< pc = imm
  Brz,       ///< if S[a] == 0: pc = imm
  Brnz,      ///< if S[a] != 0: pc = imm
  Halt,      ///< the program ends
  // --- vector unit (compute engines) -----------------------------------
  VAlu,      ///< V[dst] = fn(V[a], V[b], V[c]) lane by lane, `lanes` lanes
  VSplat,    ///< V[dst] = S[a] in every one of `lanes` lanes
  VReduce,   ///< S[dst] = fold of V[a]'s lanes with fn, starting from S[b]
             ///<   (b = -1: from lane 0)
  VExtract,  ///< S[dst] = lane imm of V[a] (b >= 0: lane S[b])
  VInsert,   ///< V[dst] = V[a] with lane imm = S[b] (c >= 0: lane S[c])
  // --- held tiles (compute engines) -------------------------------------
  TRead,     ///< V[dst] = `lanes` elements of T[a] from the point args[...]
             ///<   along tile dimension aux; out-of-bounds lanes = S[b]
  TWrite,    ///< T[dst] = T[a] with V[b] written from the point args[...]
             ///<   along dimension aux (lanes past the edge dropped)
  TExtract,  ///< S[dst] = T[a][args...]
  TInsert,   ///< T[dst] = T[a] with [args...] = S[b]
  TSplat,    ///< T[dst] = S[a] everywhere (shape: the register's);
             ///<   a = -1: zeros (tensor.empty)
  // --- channels, tokens, barrier ---------------------------------------
  Recv,      ///< V[dst] (lanes > 0, aux sticks = 1) or T[dst] (lanes == 0)
             ///<   = `aux` sticks off channel imm
  Send,      ///< V[a] (lanes > 0) or T[a] (lanes == 0; aux sticks) down
             ///<   channel imm
  Signal,    ///< one token down channel imm
  Wait,      ///< block until channel imm has a token, take it
  Barrier,   ///< wait until every engine of the core has reached a barrier
  // --- LX <-> channel engines -------------------------------------------
  Stream,    ///< `aux` sticks of LX view imm at address S[a], from stick
             ///<   S[b] (b = -1: stick 0), down channel c
  Collect,   ///< `aux` sticks off channel c into LX view imm at S[a] from
             ///<   stick S[b]
  // --- DMA engines --------------------------------------------------------
  Dma,       ///< one whole access tile: descriptor imm (Module::dmas);
             ///<   args = the descriptor's dynamic operands (DmaDesc)
  // --- ring (compute engines) --------------------------------------------
  RingSend,  ///< T[args...] to the compute engine of core S[a]; imm bytes
  RingRecv,  ///< from core S[a]: tiles into LX views; args = pairs
             ///<   (T dst, S lx address), LX view of each in
             ///<   Program::ringViews from index imm on
  // --- launch values -----------------------------------------------------
  // (S0 / S1 are set at launch; no opcode needed)
};

/// The functions of SAlu / VAlu / VReduce: MLIR's arith, math and spyreop
/// ops, named by their MLIR op name (aluName()) so that a listing and a
/// debugger say exactly which op an instruction computes.
#define SPYRE_ALU_FUNCS(X)                                                   \
  X(AddI, "arith.addi") X(SubI, "arith.subi") X(MulI, "arith.muli")          \
  X(DivSI, "arith.divsi") X(DivUI, "arith.divui") X(RemSI, "arith.remsi")    \
  X(RemUI, "arith.remui") X(FloorDivSI, "arith.floordivsi")                  \
  X(CeilDivSI, "arith.ceildivsi") X(CeilDivUI, "arith.ceildivui")            \
  X(MaxSI, "arith.maxsi") X(MinSI, "arith.minsi") X(MaxUI, "arith.maxui")    \
  X(MinUI, "arith.minui") X(AndI, "arith.andi") X(OrI, "arith.ori")          \
  X(XOrI, "arith.xori") X(ShLI, "arith.shli") X(ShRSI, "arith.shrsi")        \
  X(ShRUI, "arith.shrui") X(CmpI, "arith.cmpi") X(Select, "arith.select")    \
  X(AddF, "arith.addf") X(SubF, "arith.subf") X(MulF, "arith.mulf")          \
  X(DivF, "arith.divf") X(RemF, "arith.remf") X(MaxNumF, "arith.maxnumf")    \
  X(MinNumF, "arith.minnumf") X(MaximumF, "arith.maximumf")                  \
  X(MinimumF, "arith.minimumf") X(NegF, "arith.negf") X(CmpF, "arith.cmpf")  \
  X(ExtF, "arith.extf") X(TruncF, "arith.truncf") X(SIToFP, "arith.sitofp")  \
  X(UIToFP, "arith.uitofp") X(FPToSI, "arith.fptosi")                        \
  X(FPToUI, "arith.fptoui") X(IndexCast, "arith.index_cast")                 \
  X(ExtSI, "arith.extsi") X(ExtUI, "arith.extui") X(TruncI, "arith.trunci")  \
  X(Exp, "math.exp") X(Exp2, "math.exp2") X(Log, "math.log")                 \
  X(Log2, "math.log2") X(Sqrt, "math.sqrt") X(RSqrt, "math.rsqrt")           \
  X(Tanh, "math.tanh") X(Erf, "math.erf") X(AbsF, "math.absf")               \
  X(AbsI, "math.absi") X(Sin, "math.sin") X(Cos, "math.cos")                 \
  X(Floor, "math.floor") X(Ceil, "math.ceil") X(PowF, "math.powf")           \
  X(Fma, "math.fma")                                                         \
  X(SpExp, "spyreop.exp") X(SpGelu, "spyreop.gelu")                          \
  X(SpSigmoid, "spyreop.sigmoid") X(SpSilu, "spyreop.silu")                  \
  X(SpSoftplus, "spyreop.softplus") X(SpSqrt, "spyreop.sqrt")                \
  X(SpRSqrt, "spyreop.rsqrt") X(SpReciprocal, "spyreop.reciprocal")          \
  X(SpRealDiv, "spyreop.realdiv") X(Bitcast, "arith.bitcast")              \
  X(Expm1, "math.expm1") X(Log10, "math.log10") X(Log1p, "math.log1p")       \
  X(Round, "math.round") X(RoundEven, "math.roundeven")                      \
  X(Trunc, "math.trunc")

enum class AluFn : uint16_t {
#define SPYRE_ALU_ENUM(name, str) name,
  SPYRE_ALU_FUNCS(SPYRE_ALU_ENUM)
#undef SPYRE_ALU_ENUM
  // New functions go here, at the end (other spyreop intrinsics, ...).
};

/// "arith.addf", ...; nullptr for a number past the last function.
const char *aluName(AluFn fn);

/// One instruction. Fixed size, so a program decodes into an array the
/// emulator indexes directly.
struct Instr {
  Opcode op = Opcode::Nop;
  AluFn fn = AluFn::AddI; ///< SAlu / VAlu / VReduce
  ElemType type = ElemType::None; ///< element type the instruction works on
  ElemType srcType = ElemType::None; ///< casts: the source element type
  uint16_t lanes = 0;   ///< vector instructions: lanes used
  uint16_t aux = 0;     ///< per opcode (sticks, a dimension, a predicate...)
  int32_t dst = -1, a = -1, b = -1, c = -1;
  int64_t imm = 0;      ///< per opcode (constant, target, channel, table index)
  uint32_t argBegin = 0, argCount = 0; ///< a run of Program::operands
  uint32_t loc = 0;     ///< index into Module::locations
};

/// Where an instruction comes from: links every instruction (and so every
/// emulator event) to its DataflowIR op and KTIR line.
struct Location {
  int ktirLine = 0;     ///< 1-based line in the kernel source; 0 unknown
  int dataflowLine = 0; ///< 1-based line in the DataflowIR snapshot; 0 unknown
  std::string op;       ///< the DataflowIR op's name ("dflow.dma", "arith.addf")
};

/// The shape of a tile register (a tile the compute engine holds).
struct TileShape {
  std::vector<int64_t> dims;
  ElemType type = ElemType::None;
};

/// An LX view (dflow.lx_view): a static shape at a byte address held in a
/// register. Rows are padded to whole sticks (rowBytes); `buffer` is the
/// JobPlan::buffers entry it lies in (for bounds checks).
struct LxView {
  std::vector<int64_t> dims;
  ElemType type = ElemType::None;
  int64_t rowBytes = 0; ///< bytes from one row (last dimension) to the next
  int32_t buffer = -1;
};

/// A value of a descriptor: a constant, or a register of the program
/// (`reg` >= 0: S[reg] read when the instruction issues).
struct Operand {
  int32_t reg = -1;
  int64_t value = 0;
};

/// An affine expression over dimensions and symbols, in postfix form:
/// each entry is {kind, value}. Semantics as MLIR's (floordiv and mod round
/// towards negative infinity).
struct AffineExprCode {
  enum Kind : uint8_t { Dim, Sym, Const, Add, Mul, Mod, FloorDiv, CeilDiv };
  std::vector<std::pair<uint8_t, int64_t>> code;
};

/// An integer set: every constraint expr >= 0 (or == 0 when eq).
struct IntegerSetCode {
  int32_t dims = 0, symbols = 0;
  std::vector<AffineExprCode> exprs;
  std::vector<uint8_t> eq;
};

/// A memory view the DMA reads or writes: KTIR's construct_memory_view
/// (one part) or a distributed view (several parts).
struct ViewPart {
  bool lx = false;       ///< false: HBM
  Operand core;          ///< lx: the core whose scratchpad
  Operand base;          ///< element index of the first element (a symbol's
                         ///< register for a kernel argument)
  std::vector<Operand> sizes, strides;
  IntegerSetCode coordinateSet; ///< which coordinates exist (empty: box)
  /// Distributed views: the coordinates this part holds (empty: all).
  /// (The lowering leaves it empty: a part's coordinateSet is its
  /// partition, as in KTIR.)
  IntegerSetCode partition;
  /// The values of coordinateSet's symbols: KTIR binds them, left to right,
  /// to the view's dynamic sizes.
  std::vector<Operand> symbols;
  /// The element type of this part (an index view's may differ from the
  /// data's); None: the descriptor's type.
  ElemType type = ElemType::None;
};

/// A DMA descriptor: one whole access tile between device memory and an LX
/// view, as KTIR describes it. The emulator walks it exactly as the
/// interpreter walks the same ktdp tile.
struct DmaDesc {
  bool toLx = true;  ///< HBM (or a distributed view) -> LX; false: LX -> HBM
  ElemType type = ElemType::None;
  std::vector<ViewPart> view;     ///< one part, or a distributed view's parts
  std::vector<Operand> anchor;    ///< the access tile's offsets
  IntegerSetCode tileSet;         ///< access_tile_set
  std::vector<int32_t> order;     ///< access_tile_order as a permutation
  std::vector<int64_t> tileShape; ///< the tile's type shape
  /// Indirect tiles: per view dimension, -1 = direct, else the index of
  /// the index view in `indexViews` that gives that coordinate (the same
  /// as subscripts[d].indexView).
  std::vector<int32_t> indirectDims;
  std::vector<ViewPart> indexViews;
  /// Unused (empty): where an index view is read is in `subscripts`.
  std::vector<std::vector<Operand>> indexAnchors;
  int32_t lxView = -1;  ///< Module::lxViews index of the LX side
  Operand lxAddress;    ///< byte address of the LX side
  int64_t sticks = 0, hops = 0;
  /// The values of tileSet's symbols (the tile op's symbol operands).
  std::vector<Operand> tileSymbols;
  /// Indirect tiles (construct_indirect_access_tile): `tileSet` is the
  /// variables space, `order` its order; every subscript is an affine
  /// expression over (captured..., variables...).
  std::vector<Operand> captured;
  struct Subscript {
    int32_t indexView = -1; ///< -1: direct (one expression); else the
                            ///< indexViews entry read at `exprs`
    std::vector<AffineExprCode> exprs;
  };
  std::vector<Subscript> subscripts; ///< one per view dimension
  /// One chunk of a tile larger than LX (dflow.dma's `at stick`): only the
  /// tile's sticks [S[firstStick], + sticks) move, counted in the tile's
  /// own stick order (rows of its innermost dimension in tile order, each
  /// row starting a stick), to or from the start of the LX view. The
  /// chunk covers whole rows. Not chunked: firstStick stays {-1, 0}.
  bool chunked = false;
  Operand firstStick;
  /// How the tile's type lays out a set that is not a box (TileLayout).
  uint8_t layout = 0;
};

/// DmaDesc::layout: Box = the set is a box (its points in order); Masked =
/// the type is the set's bounding box anchored at its lowest point, the
/// positions that are not points are masked lanes (a load gives 0 there, a
/// store leaves memory untouched); Packed = the type holds exactly the
/// points, in enumeration order (a gather / scatter).
enum class TileLayout : uint8_t { Box = 0, Masked = 1, Packed = 2 };
constexpr uint8_t kNumTileLayouts = 3;
/// "box", "masked", "packed"; nullptr past the last.
const char *tileLayoutName(uint8_t layout);

/// One engine program, run by every instance of its unit on every core.
struct Program {
  std::string unit;     ///< engine kind ("mnilu", "sfu", ...)
  int64_t instances = 0;
  int64_t perCore = 1;
  int32_t numSRegs = 2, numVRegs = 0;
  std::vector<TileShape> tileRegs; ///< numTRegs = tileRegs.size()
  std::vector<Instr> code;
  std::vector<int32_t> operands;   ///< the instructions' args runs
  std::vector<int32_t> ringViews;  ///< RingRecv: LxView per received tile
};

struct Channel {
  std::string from, to; ///< engine kinds of the same core
  int64_t depth = 0;
  ElemType type = ElemType::None; ///< None: tokens only
  int32_t lanes = 0;              ///< elements per slot (one stick)
  int64_t initialTokens = 0;
  uint32_t loc = 0;
};

/// One LX buffer of the per-core layout (the same on every core).
struct Buffer {
  std::string name;     ///< the KTIR value or line it holds
  int64_t address = 0;  ///< byte address of copy 0
  int64_t bytes = 0;    ///< one copy
  int64_t copies = 1;
  uint32_t loc = 0;
};

struct RingExchange {
  std::string kind; ///< "allreduce", "broadcast", "route"
  /// Tiles of each group, in tile order (groupCount entries, each of at
  /// most `members` distinct tiles of the grid). The per-tile partner
  /// tables in the code say who sends to whom within a group.
  std::vector<std::vector<int64_t>> groups;
  int64_t bytesPerStep = 0, steps = 0, hops = 0;
  uint32_t loc = 0;
  int64_t groupCount = 0, members = 0; ///< groups, tiles per group
};

/// A kernel argument, bound at launch.
struct Symbol {
  enum Kind : uint8_t { TensorBase, Dimension, Scalar };
  std::string name;  ///< the argument's source name
  Kind kind = Scalar;
  /// Dimensions and scalars: the argument's type. TensorBase: the element
  /// type of the tensor it addresses (the memory views built on it), so a
  /// base `b` is byte b * elemBytes(type) of device memory; the `arg`
  /// instruction that loads it is typed index.
  ElemType type = ElemType::Index;
  int32_t argument = 0; ///< position in the kernel's signature
  /// Every instruction that reads it: (program, instruction).
  std::vector<std::pair<int32_t, int32_t>> uses;
};

struct JobPlan {
  std::string kernel;        ///< function name
  std::string arch;          ///< architecture name it was compiled for
  std::vector<int64_t> grid;
  std::vector<int64_t> placement; ///< core of tile i
  int64_t lxPeakBytes = 0;
  std::vector<Channel> channels;  ///< per core; Recv/Send/... index these
  std::vector<Buffer> buffers;
  std::vector<RingExchange> rings;
};

/// The whole artifact: what `.spyb` files hold.
struct Module {
  uint32_t version = kFormatVersion;
  std::string sourceName;
  JobPlan plan;
  std::vector<Symbol> symbols;
  std::vector<Program> programs;
  std::vector<DmaDesc> dmas;
  std::vector<LxView> lxViews;
  std::vector<Location> locations; ///< locations[0] = unknown
};

} // namespace spyre::code

#endif
