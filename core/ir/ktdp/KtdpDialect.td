//===- KtdpDialect.td - the KTIR (ktdp) dialect -------------*- tablegen -*-===//
//
// KTIR is the contract between the Spyre frontend and this backend: an SPMD
// kernel over a grid of compute tiles that names memory through views and
// access tiles and computes with upstream tensor ops. This file declares the
// dialect; the ops, types and attributes live in the sibling .td files.
//
//===----------------------------------------------------------------------===//

#ifndef SPYRE_KTDP_DIALECT_TD
#define SPYRE_KTDP_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Ktdp_Dialect : Dialect {
  let name = "ktdp";
  let cppNamespace = "::mlir::ktdp";
  let summary = "Kernel Tile Data-Parallel IR (KTIR) for IBM Spyre";
  let description = [{
    A KTIR kernel is a `func.func` executed SPMD by every compute tile of the
    function's `grid`. Memory is never allocated: memory views interpret
    regions that already exist, access tiles name sets of coordinates in
    them, and `ktdp.load` / `ktdp.store` move data between memory and SSA
    tensors. Tiles exchange data only through the inter-tile ops.

    This implementation follows the current ("G2") dialect and also accepts
    two older spellings, printing them in canonical G2 form: the G1 memory
    space `#ktdp.spyre_memory_space<HBM|LX|L0[, core = N]>` and the draft
    inter-tile spelling of the ktir-cpu ring-reduce examples.
  }];
  let useDefaultTypePrinterParser = 1;
  // The attribute parser is hand-written so that the legacy
  // `#ktdp.spyre_memory_space` spelling can be read as `#ktdp.memory_space`.
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  private:
    void registerAttributes();
    void registerTypes();
  public:
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect"
  ];
}

class Ktdp_Op<string mnemonic, list<Trait> traits = []>
    : Op<Ktdp_Dialect, mnemonic, traits>;

#endif // SPYRE_KTDP_DIALECT_TD
