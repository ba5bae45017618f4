//===- DataflowOps.td - DataflowIR: one program per unit ---*- tablegen -*-===//
//
// DataflowIR (`dflow`) is what each hardware unit of a core runs: one
// `dflow.program` per unit kind (instantiated on every core that runs a
// tile), exchanging sticks over channels, synchronising with tokens,
// addressing LX through logical views at byte addresses and moving data
// between device memory and LX by DMA, stick by stick. docs/dataflow-ir.md
// describes every op.
//
//===----------------------------------------------------------------------===//

#ifndef SPYRE_DATAFLOW_OPS_TD
#define SPYRE_DATAFLOW_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Dflow_Dialect : Dialect {
  let name = "dflow";
  let cppNamespace = "::mlir::dflow";
  let summary = "DataflowIR: per-unit programs, channels, DMA and LX views";
  let useDefaultTypePrinterParser = 1;
}

def Dflow_ChannelType : TypeDef<Dflow_Dialect, "Channel"> {
  let mnemonic = "channel";
  let summary = "a hardware FIFO between two units of a core";
  let description = [{
    `!dflow.channel<vector<64xf16>>` carries one stick per slot;
    `!dflow.channel<none>` carries synchronisation tokens only.
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

class Dflow_Op<string mnemonic, list<Trait> traits = []>
    : Op<Dflow_Dialect, mnemonic, traits>;

def Dflow_EndOp : Dflow_Op<"end", [Pure, Terminator,
                                   HasParent<"ProgramOp">]> {
  let summary = "end of a program";
  let assemblyFormat = "attr-dict";
}

def Dflow_ProgramOp : Dflow_Op<"program", [
    SingleBlockImplicitTerminator<"EndOp">, RecursiveMemoryEffects]> {
  let summary = "the program one unit kind runs, on every core of the grid";
  let description = [{
    `dflow.program "mnilu" instances 32 { ... }`: instance k runs on the core
    the placement gives tile k (`dflow.placement` on the function).
    `per_core = n`: each core runs n instances of the program (a loop was
    spread over n instances of every unit); `dflow.instance` tells them
    apart.
  }];
  let arguments = (ins StrAttr:$unit, I64Attr:$instances,
                       OptionalAttr<I64Attr>:$per_core);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$unit `instances` $instances attr-dict-with-keyword $body";
}

def Dflow_ChannelOp : Dflow_Op<"channel", [MemoryEffects<[MemAlloc]>]> {
  let summary = "a FIFO from one unit to another, `depth` slots";
  let description = [{
    `initial = N`: a token channel that starts with N tokens (the free
    copies of an N-buffered LX buffer).
  }];
  let arguments = (ins StrAttr:$from, StrAttr:$to, I64Attr:$depth,
                       OptionalAttr<I64Attr>:$initial);
  let results = (outs Dflow_ChannelType:$channel);
  let assemblyFormat =
      "$from `->` $to `depth` $depth attr-dict `:` type($channel)";
}

def Dflow_LxViewOp : Dflow_Op<"lx_view", [Pure]> {
  let summary = "a logical view of the core's scratchpad at a byte address";
  let arguments = (ins Index:$address);
  let results = (outs AnyStaticShapeMemRef:$view);
  let assemblyFormat = "`[` $address `]` attr-dict `:` type($view)";
}

def Dflow_DmaOp : Dflow_Op<"dma", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "move a tile between device memory and LX, stick by stick";
  let description = [{
    One of source / destination is an access tile (device-memory addresses
    generated from its memory view; a symbol bound at launch), the other an
    LX view. `sticks` = 128-byte units moved; `hops` = ring hops crossed.
    `at stick %s`: one chunk of a tile larger than LX: the tile's sticks
    s .. s + sticks - 1 (in the tile's own order) to / from the start of
    the LX view.
  }];
  let arguments = (ins AnyType:$source, AnyType:$dest,
                       Optional<Index>:$first, I64Attr:$sticks,
                       I64Attr:$hops);
  let assemblyFormat = [{
    $source `->` $dest (`at` `stick` $first^)? attr-dict `:` type($source)
    `->` type($dest)
  }];
}

def Dflow_StreamOp : Dflow_Op<"stream", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "vector-load an LX view and send it down a channel";
  let description = [{ `at stick %s`: from stick %s of the view on. }];
  let arguments = (ins AnyStaticShapeMemRef:$source, Dflow_ChannelType:$channel,
                       Optional<Index>:$first, I64Attr:$sticks);
  let assemblyFormat = [{
    $source `->` $channel (`at` `stick` $first^)? attr-dict `:` type($source)
    `->` type($channel)
  }];
}

def Dflow_CollectOp : Dflow_Op<"collect", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "receive sticks from a channel and vector-store them into LX";
  let description = [{ `at stick %s`: from stick %s of the view on. }];
  let arguments = (ins Dflow_ChannelType:$channel, AnyStaticShapeMemRef:$dest,
                       Optional<Index>:$first, I64Attr:$sticks);
  let assemblyFormat = [{
    $channel `->` $dest (`at` `stick` $first^)? attr-dict `:` type($channel)
    `->` type($dest)
  }];
}

def Dflow_ReceiveOp : Dflow_Op<"receive", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "a tile arriving stick by stick on a channel";
  let arguments = (ins Dflow_ChannelType:$channel, I64Attr:$sticks);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$channel attr-dict `:` type($channel) `->` type($result)";
}

def Dflow_SendOp : Dflow_Op<"send", [MemoryEffects<[MemWrite]>]> {
  let summary = "send a tile stick by stick down a channel";
  let arguments = (ins AnyType:$value, Dflow_ChannelType:$channel,
                       I64Attr:$sticks);
  let assemblyFormat =
      "$value `->` $channel attr-dict `:` type($value) `->` type($channel)";
}

def Dflow_SignalOp : Dflow_Op<"signal", [MemoryEffects<[MemWrite]>]> {
  let summary = "send a synchronisation token";
  let arguments = (ins Dflow_ChannelType:$channel);
  let assemblyFormat = "$channel attr-dict `:` type($channel)";
}

def Dflow_WaitOp : Dflow_Op<"wait", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "block until a synchronisation token arrives, and take it";
  let arguments = (ins Dflow_ChannelType:$channel);
  let assemblyFormat = "$channel attr-dict `:` type($channel)";
}

def Dflow_BarrierOp : Dflow_Op<"barrier", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "wait until every unit of the core has reached this point";
  let assemblyFormat = "attr-dict";
}

def Dflow_RingExchangeOp : Dflow_Op<"ring_exchange",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "send this core's partials around the ring, receive others'";
  let description = [{
    The compute unit's inter-tile traffic: `steps` transfers of `bytes`
    each between ring neighbours of a group (at most `hops` hops apart),
    received into the LX views given; kind `allreduce`, `broadcast` or `route`.
    `tile_groups` lists the tiles of each group (in tile order).
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

def Dflow_InstanceOp : Dflow_Op<"instance", [Pure]> {
  let summary = "which of the core's instances of its unit this program is";
  let arguments = (ins I64Attr:$count);
  let results = (outs Index:$index);
  let assemblyFormat = "`of` $count attr-dict";
}

def Dflow_RingSendOp : Dflow_Op<"ring_send", [MemoryEffects<[MemWrite]>]> {
  let summary = "send tiles to the compute unit of another core, over the ring";
  let arguments = (ins Variadic<AnyRankedTensor>:$values, Index:$core,
                       I64Attr:$bytes);
  let assemblyFormat =
      "$values `to` `core` $core attr-dict `:` type($values)";
}

def Dflow_RingReceiveOp : Dflow_Op<"ring_receive",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "receive tiles from another core into LX views";
  let arguments = (ins Index:$core, Variadic<AnyStaticShapeMemRef>:$staging);
  let results = (outs Variadic<AnyRankedTensor>:$values);
  let assemblyFormat = [{
    `from` `core` $core (`into` $staging^ `:` type($staging))? attr-dict
    `->` type($values)
  }];
}

def Dflow_RemoteOp : Dflow_Op<"remote", [Pure]> {
  let summary = "a value another unit holds (this program never reads it)";
  let description = [{
    Stands for a compute result in the programs of the other units, where
    control flow still threads it; cleaned away when nothing uses it.
  }];
  let arguments = (ins StrAttr:$unit);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$unit attr-dict `:` type($result)";
}

#endif // SPYRE_DATAFLOW_OPS_TD
