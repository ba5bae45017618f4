//===- ProgramLowering.h - one dflow.program -> one SpyreCode program -*- C++ -*-===//
//
// Turns the body of a dflow.program into a flat instruction array:
// structured control flow becomes branches, every SSA value a register of
// its file (S scalars, V vectors, T held tiles), dflow ops the channel,
// token, LX-stream, DMA and ring instructions. Constants and kernel
// arguments are loaded once, in a prologue. ProgramLowering.cpp has the
// control flow and compute, DmaDescriptors.cpp the DMA descriptors.
//
//===----------------------------------------------------------------------===//
#ifndef SPYRE_CODEGEN_PROGRAMLOWERING_H
#define SPYRE_CODEGEN_PROGRAMLOWERING_H

#include "codegen/LoweringContext.h"

#include "ir/dataflow/DataflowDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/IntegerSet.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::arith {
class ConstantOp;
} // namespace mlir::arith

namespace mlir::ktdp {
class ConstructAccessTileOp;
class ConstructIndirectAccessTileOp;
class RuntimeArgExtractOp;
} // namespace mlir::ktdp

namespace mlir::vector {
class BroadcastOp;
class ReductionOp;
class ExtractOp;
class InsertOp;
class TransferReadOp;
class TransferWriteOp;
} // namespace mlir::vector

namespace spyre::code {

class ProgramLowering {
public:
  ProgramLowering(LoweringContext &ctx, mlir::dflow::ProgramOp program,
                  Program &out, int32_t index)
      : ctx(ctx), program(program), out(out), index(index) {}

  /// Fills `out`; an error on the offending op when a value or op has no
  /// SpyreCode.
  mlir::LogicalResult run();

private:
  enum File : uint16_t { S = 0, V = 1, T = 2 };
  struct Reg {
    File file = S;
    int32_t n = -1;
    bool operator==(const Reg &o) const { return file == o.file && n == o.n; }
  };
  struct LxRef {
    int32_t address = -1; ///< S register of the byte address
    int32_t view = -1;    ///< Module::lxViews index
  };

  // Registers.
  int32_t newS() { return out.numSRegs++; }
  int32_t newV() { return out.numVRegs++; }
  int32_t newT(TileShape shape);
  mlir::FailureOr<Reg> newReg(mlir::Type type, mlir::Operation *op);
  mlir::FailureOr<Reg> reg(mlir::Value v, mlir::Operation *user);
  mlir::FailureOr<int32_t> sreg(mlir::Value v, mlir::Operation *user);
  /// sreg() of each value, in order (the indices of a tile access).
  mlir::FailureOr<llvm::SmallVector<int32_t>> sregs(mlir::ValueRange values,
                                                    mlir::Operation *user);
  mlir::FailureOr<Reg> resultReg(mlir::Value result, mlir::Operation *op);
  /// A constant integer value of `v`, if it is one.
  std::optional<int64_t> constantOf(mlir::Value v) const;
  /// `v` as a descriptor operand (its constant, or its S register).
  mlir::FailureOr<Operand> operand(mlir::Value v, mlir::Operation *user);
  /// An S register holding `o` (a Const for a constant).
  int32_t materialize(Operand o, mlir::Operation *op);
  /// May an op in `block` overwrite v's register in place (v dead after)?
  bool reusable(mlir::Value v, mlir::Operation *user) const;
  /// Is `user` the only op that reads v (perhaps as several operands), in
  /// v's block, so that v's register is free for it to take over?
  bool onlyReadBy(mlir::Value v, mlir::Operation *user) const;

  // Emission.
  int32_t emit(Instr in, mlir::Operation *op);
  void setArgs(Instr &in, llvm::ArrayRef<int32_t> regs);
  void move(Reg dst, Reg src, mlir::Operation *op);
  void parallelCopy(llvm::ArrayRef<Reg> dst, llvm::ArrayRef<Reg> src,
                    mlir::Operation *op);
  int32_t pc() const { return int32_t(out.code.size()); }

  // Lowering.
  mlir::LogicalResult prologue();
  // The prologue: kernel arguments, then every constant by its kind.
  mlir::LogicalResult loadArguments();
  mlir::LogicalResult loadConstant(mlir::arith::ConstantOp op);
  /// One element of `op`'s constant (`value` of `element` type) in a new
  /// scalar register, and the type the instruction gave it; failure, on
  /// `op`, when SpyreCode has no such constant.
  mlir::FailureOr<int32_t> constantRegister(mlir::arith::ConstantOp op,
                                            mlir::Attribute value,
                                            mlir::Type element,
                                            ElemType *type = nullptr);
  mlir::LogicalResult loadVectorConstant(mlir::arith::ConstantOp op,
                                         mlir::VectorType vec);
  mlir::LogicalResult loadTileConstant(mlir::arith::ConstantOp op,
                                       mlir::RankedTensorType tensor);
  mlir::LogicalResult insertElements(mlir::arith::ConstantOp op,
                                     mlir::RankedTensorType tensor,
                                     llvm::ArrayRef<mlir::Attribute> elements,
                                     const Instr &fill);
  mlir::LogicalResult lowerBlock(mlir::Block &block);
  mlir::LogicalResult lowerOp(mlir::Operation *op);
  mlir::LogicalResult lowerFor(mlir::scf::ForOp op);
  void coalesceYields(mlir::Block &block, llvm::ArrayRef<Reg> args);
  mlir::LogicalResult lowerIf(mlir::scf::IfOp op);
  mlir::LogicalResult lowerWhile(mlir::scf::WhileOp op);
  mlir::FailureOr<llvm::SmallVector<Reg>> regsOf(mlir::ValueRange values,
                                                 mlir::Operation *user);
  mlir::LogicalResult lowerAlu(mlir::Operation *op, AluFn fn);
  mlir::LogicalResult lowerVector(mlir::Operation *op, bool &handled);
  // One function per vector / reshape op (lowerVector dispatches).
  mlir::LogicalResult lowerBroadcast(mlir::vector::BroadcastOp op);
  mlir::LogicalResult lowerReduction(mlir::vector::ReductionOp op);
  mlir::LogicalResult lowerExtract(mlir::vector::ExtractOp op);
  mlir::LogicalResult lowerInsert(mlir::vector::InsertOp op);
  mlir::LogicalResult lowerReshape(mlir::Operation *op);
  mlir::LogicalResult lowerShapeCast(mlir::Operation *op);
  mlir::LogicalResult lowerTransferRead(mlir::vector::TransferReadOp op);
  mlir::LogicalResult lowerTransferWrite(mlir::vector::TransferWriteOp op);
  /// A lane position: a constant into `imm`, else its S register into
  /// `laneReg`.
  mlir::LogicalResult lanePosition(mlir::OpFoldResult pos, int64_t &imm,
                                   int32_t &laneReg, mlir::Operation *op);
  /// Emits `in` with its destination the register of `result`.
  mlir::LogicalResult emitInto(Instr in, mlir::Value result,
                               mlir::Operation *op);
  mlir::LogicalResult lowerTile(mlir::Operation *op, bool &handled);
  mlir::LogicalResult lowerDataflowOp(mlir::Operation *op, bool &handled);
  // One function per family of dflow ops (EngineOps.cpp; lowerDataflowOp
  // dispatches), and what they look up.
  mlir::FailureOr<int32_t> channelOf(mlir::Value ch, mlir::Operation *op);
  mlir::FailureOr<LxRef> lxViewOf(mlir::Value v, mlir::Operation *op);
  mlir::FailureOr<uint16_t> sticksOf(int64_t sticks, mlir::Operation *op);
  mlir::LogicalResult emitSimple(Opcode opcode, int64_t imm,
                                 mlir::Operation *op);
  mlir::LogicalResult lowerReceive(mlir::dflow::ReceiveOp op);
  mlir::LogicalResult lowerSend(mlir::dflow::SendOp op);
  mlir::LogicalResult lowerStreamLike(mlir::Value view, mlir::Value channel,
                                      mlir::Value first, int64_t sticks,
                                      Opcode opcode, mlir::Operation *op);
  mlir::LogicalResult lowerRingSend(mlir::dflow::RingSendOp op);
  mlir::LogicalResult lowerRingReceive(mlir::dflow::RingReceiveOp op);
  mlir::LogicalResult lowerRingExchange(mlir::dflow::RingExchangeOp op);
  mlir::LogicalResult lowerTileId(mlir::Operation *op);
  mlir::LogicalResult
  lowerRuntimeArgExtract(mlir::ktdp::RuntimeArgExtractOp op);
  mlir::LogicalResult lowerLxView(mlir::dflow::LxViewOp op);
  mlir::LogicalResult lowerAffineApply(mlir::Operation *op);

  // DMA descriptors (DmaDescriptors.cpp).
  mlir::LogicalResult lowerDma(mlir::dflow::DmaOp op);
  /// A DMA's access tile (`tile`), LX side, layout and first stick.
  mlir::LogicalResult dmaEnds(mlir::dflow::DmaOp op, DmaDesc &d,
                              mlir::Value &tile);
  /// The anchor, set, symbols and order of a direct / indirect access
  /// tile; its memory view's base.
  mlir::FailureOr<mlir::Value>
  directTile(mlir::ktdp::ConstructAccessTileOp direct, DmaDesc &d,
             mlir::Operation *op);
  mlir::FailureOr<mlir::Value>
  indirectTile(mlir::ktdp::ConstructIndirectAccessTileOp indirect, DmaDesc &d,
               mlir::Operation *op);
  mlir::LogicalResult operandsOf(mlir::ValueRange values,
                                 std::vector<Operand> &list,
                                 mlir::Operation *op);
  mlir::LogicalResult tileOrder(mlir::AffineMap map, DmaDesc &d,
                                mlir::Operation *op);
  mlir::LogicalResult viewParts(mlir::Value view, std::vector<ViewPart> &parts,
                                mlir::Operation *dma);
  mlir::FailureOr<Operand> affine(mlir::AffineExpr e,
                                  llvm::ArrayRef<Operand> dims,
                                  llvm::ArrayRef<Operand> syms,
                                  mlir::Operation *op);

  LoweringContext &ctx;
  mlir::dflow::ProgramOp program;
  Program &out;
  int32_t index;
  llvm::DenseMap<mlir::Value, Reg> regs;
  llvm::DenseMap<mlir::Value, LxRef> lx;
  /// Values whose register the prologue loads once (constants, kernel
  /// arguments): never overwritten in place.
  llvm::DenseSet<mlir::Value> loadedOnce;
  /// Loop-body values computed straight into their iter_arg's register.
  llvm::DenseMap<mlir::Value, Reg> preassigned;
  /// A reshape left out because its only user reshapes it back: its result
  /// -> the tile it reshapes.
  llvm::DenseMap<mlir::Value, mlir::Value> reshapedBack;
};

/// The postfix code of an affine expression / integer set.
AffineExprCode encodeAffine(mlir::AffineExpr e);
IntegerSetCode encodeSet(mlir::IntegerSet set);

} // namespace spyre::code

#endif
