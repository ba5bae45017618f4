//===- ScheduleOps.td - ScheduleIR: pipelines of stages ----*- tablegen -*-===//
//
// ScheduleIR (`sched`) says *when* and *where* each piece of a KTIR kernel
// runs on one core: a pipeline is a set of stages that run concurrently, one
// per hardware unit; stages talk through FIFOs (data and tokens) and
// scratchpad (LX) buffers; transfers between memories are explicit. The ops
// outside a pipeline (index arithmetic, memory views, access tiles, control
// flow) stay KTIR: they are the address generation every stage may use.
// docs/schedule-ir.md describes every op.
//
//===----------------------------------------------------------------------===//

#ifndef SPYRE_SCHEDULE_OPS_TD
#define SPYRE_SCHEDULE_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Sched_Dialect : Dialect {
  let name = "sched";
  let cppNamespace = "::mlir::sched";
  let summary = "ScheduleIR: concurrent stages, FIFOs, buffers and transfers";
  let useDefaultTypePrinterParser = 1;
}

def Sched_FifoType : TypeDef<Sched_Dialect, "Fifo"> {
  let mnemonic = "fifo";
  let summary = "a queue between two stages; `none` elements are tokens";
  let description = [{
    `!sched.fifo<tensor<3x64xf16>>` carries whole tiles (before tiling),
    `!sched.fifo<vector<64xf16>>` one stick per slot (after tiling),
    `!sched.fifo<none>` carries tokens only (a stage signals, another waits).
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

class Sched_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sched_Dialect, mnemonic, traits>;

def Sched_YieldOp : Sched_Op<"yield", [Pure, Terminator,
    ParentOneOf<["GroupOp", "PipelineOp", "StageOp"]>]> {
  let summary = "results of a group or a pipeline; ends a stage";
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

def Sched_GroupOp : Sched_Op<"group", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects]> {
  let summary = "a compute group: loads, the compute on them, their stores";
  let description = [{
    Made by `extract-compute-groups`: a run of ops of one block that moves
    tiles between device memory and the core and computes on them. Values
    used after the group are its results.
  }];
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "(`->` type($results)^)? attr-dict-with-keyword $body";
}

def Sched_PipelineOp : Sched_Op<"pipeline", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects]> {
  let summary = "stages that run concurrently, and what they share";
  let description = [{
    The body declares buffers, FIFOs and the address arithmetic every stage
    may use, then the stages, then yields the pipeline's results (read back
    from LX buffers). `modulo = N` after double buffering: iteration i uses
    copy i mod N of every multi-copy buffer.
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$modulo);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "(`->` type($results)^)? attr-dict-with-keyword $body";
}

def Sched_StageOp : Sched_Op<"stage", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects,
    HasParent<"PipelineOp">]> {
  let summary = "the work of one hardware unit in a pipeline";
  let description = [{
    `sched.stage "load"` before routing (roles load / compute / store),
    `sched.stage "mnilu"` after (the architecture's unit kinds). The compute
    stage's results are the pipeline's: they stay with the compute unit.
  }];
  let arguments = (ins StrAttr:$unit);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat =
      "$unit (`->` type($results)^)? attr-dict-with-keyword $body";
}

def Sched_AllocOp : Sched_Op<"alloc", [MemoryEffects<[MemAlloc]>]> {
  let summary = "a scratchpad (LX) buffer of the core";
  let description = [{
    `copies` > 1 after double buffering; `address` (bytes into LX) after
    address assignment; `persistent` when the buffer outlives its pipeline
    (hoisted loads, values read after it).
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$address,
                       OptionalAttr<I64Attr>:$copies,
                       UnitAttr:$persistent);
  let results = (outs AnyStaticShapeMemRef:$buffer);
  let assemblyFormat = "attr-dict `:` type($buffer)";
}

def Sched_FifoOp : Sched_Op<"fifo", [MemoryEffects<[MemAlloc]>]> {
  let summary = "a FIFO between two stages, `depth` slots";
  let description = [{
    `initial = N` on a token FIFO: it starts with N tokens (a buffer-free
    FIFO of an N-buffered buffer: the producer may fill N copies before it
    has to wait for the consumer).
  }];
  let arguments = (ins I64Attr:$depth, OptionalAttr<I64Attr>:$initial);
  let results = (outs Sched_FifoType:$fifo);
  let assemblyFormat = "`depth` $depth attr-dict `:` type($fifo)";
}

def Sched_TransferOp : Sched_Op<"transfer",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "move a tile between memories (device memory, LX, FIFO)";
  let description = [{
    Source and destination are an access tile (device memory), an LX buffer
    or a FIFO. `at stick %s`: only `sticks` sticks of the LX buffer, from
    stick %s on (a vector-level pipeline moves one stick per iteration); on
    a transfer between device memory and LX, the sticks s .. s + sticks - 1
    of the access tile (in the tile's own order) to / from the start of the
    buffer (one chunk of a tile larger than LX). Routing adds `unit` (who moves it) and `route` (the memories
    and links it crosses); tiling adds `sticks` (128-byte units moved);
    placement adds `hops` (ring hops between the core and device memory).
  }];
  let arguments = (ins AnyType:$source, AnyType:$dest,
                       Optional<Index>:$first,
                       OptionalAttr<StrAttr>:$unit,
                       OptionalAttr<StrArrayAttr>:$route,
                       OptionalAttr<I64Attr>:$sticks,
                       OptionalAttr<I64Attr>:$hops);
  let assemblyFormat = [{
    $source `->` $dest (`at` `stick` $first^)? attr-dict `:` type($source)
    `->` type($dest)
  }];
  let hasVerifier = 1;
}

def Sched_ReadOp : Sched_Op<"read", [MemoryEffects<[MemRead]>]> {
  let summary = "the tile held in an LX buffer, as a tensor";
  let arguments = (ins AnyStaticShapeMemRef:$buffer);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$buffer attr-dict `:` type($buffer) `->` type($result)";
}

def Sched_WriteOp : Sched_Op<"write", [MemoryEffects<[MemWrite]>]> {
  let summary = "put a tensor into an LX buffer";
  let arguments = (ins AnyRankedTensor:$value, AnyStaticShapeMemRef:$buffer);
  let assemblyFormat =
      "$value `->` $buffer attr-dict `:` type($value) `->` type($buffer)";
}

def Sched_PushOp : Sched_Op<"push", [MemoryEffects<[MemWrite]>]> {
  let summary = "send a tile into a FIFO (stick by stick once tiled)";
  let arguments = (ins AnyType:$value, Sched_FifoType:$fifo,
                       OptionalAttr<I64Attr>:$sticks);
  let assemblyFormat =
      "$value `->` $fifo attr-dict `:` type($value) `->` type($fifo)";
}

def Sched_PopOp : Sched_Op<"pop", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "receive a tile from a FIFO (stick by stick once tiled)";
  let arguments = (ins Sched_FifoType:$fifo, OptionalAttr<I64Attr>:$sticks);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$fifo attr-dict `:` type($fifo) `->` type($result)";
}

def Sched_SignalOp : Sched_Op<"signal", [MemoryEffects<[MemWrite]>]> {
  let summary = "put a token into a token FIFO";
  let arguments = (ins Sched_FifoType:$fifo);
  let assemblyFormat = "$fifo attr-dict `:` type($fifo)";
}

def Sched_WaitOp : Sched_Op<"wait", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "take a token from a token FIFO, blocking until there is one";
  let arguments = (ins Sched_FifoType:$fifo);
  let assemblyFormat = "$fifo attr-dict `:` type($fifo)";
}

def Sched_BarrierOp : Sched_Op<"barrier", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "every unit of the core finishes what comes before";
  let description = [{
    Placed by address assignment before a pipeline whose LX buffers reuse
    space an earlier pipeline's buffers held: no unit may start on it until
    every unit is done with the earlier one.
  }];
  let assemblyFormat = "attr-dict";
}

def Sched_RingExchangeOp : Sched_Op<"ring_exchange",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "the ring traffic of the inter-tile op that follows";
  let description = [{
    Placed before a `ktdp.inter_tile_reduce` (kind `allreduce`) or
    `ktdp.inter_tile_consume` (kind `broadcast`; `route` with a
    `producer_dependency_per_consumer`, one step from each consumer's
    source) by `plan-ring-exchanges`:
    the LX buffers that receive the partials of other cores (one per
    partial), the number of `groups`, the `members` of the largest group,
    the `steps` a partial travels and the most ring `hops` one step takes
    on the placement, and the `bytes` one step moves. `tile_groups` lists
    the tiles of each group (in tile order). The KTIR op after it still
    says how partials combine.
  }];
  let arguments = (ins Variadic<AnyStaticShapeMemRef>:$staging,
                       StrAttr:$kind, I64Attr:$groups, I64Attr:$members,
                       I64Attr:$steps, I64Attr:$hops, I64Attr:$bytes,
                       OptionalAttr<TypedArrayAttrBase<DenseI64ArrayAttr,
                           "tiles of each group">>:$tile_groups);
  let assemblyFormat = [{
    $kind ($staging^ `:` type($staging))? attr-dict
  }];
}

def Sched_InstanceOp : Sched_Op<"instance", [Pure]> {
  let summary = "which of the core's `count` instances of a unit runs this";
  let description = [{
    Made by `spread-parallel-loops`: instance j of every unit runs the
    iterations j, j + count, ... of a spread loop, with its own LX buffers
    and FIFOs (instance j of a unit talks to instance j of the others).
  }];
  let arguments = (ins I64Attr:$count);
  let results = (outs Index:$index);
  let assemblyFormat = "`of` $count attr-dict";
}

def Sched_RingSendOp : Sched_Op<"ring_send", [MemoryEffects<[MemWrite]>]> {
  let summary = "send partials to another core of the ring";
  let arguments = (ins Variadic<AnyRankedTensor>:$values, Index:$core,
                       I64Attr:$bytes);
  let assemblyFormat =
      "$values `to` `core` $core attr-dict `:` type($values)";
}

def Sched_RingReceiveOp : Sched_Op<"ring_receive",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "receive partials from another core into LX buffers";
  let arguments = (ins Index:$core, Variadic<AnyStaticShapeMemRef>:$staging);
  let results = (outs Variadic<AnyRankedTensor>:$values);
  let assemblyFormat = [{
    `from` `core` $core (`into` $staging^ `:` type($staging))? attr-dict
    `->` type($values)
  }];
}

#endif // SPYRE_SCHEDULE_OPS_TD
