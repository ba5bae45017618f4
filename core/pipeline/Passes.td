//===- Passes.td - the Spyre pipeline's passes ------------*- tablegen -*-===//
//
// One record per pass. Each pass's description is what the app shows in the
// pass list, so it says in one paragraph what the pass does and why.
//
//===----------------------------------------------------------------------===//

#ifndef SPYRE_PIPELINE_PASSES_TD
#define SPYRE_PIPELINE_PASSES_TD

include "mlir/Pass/PassBase.td"

def SelectKernel : Pass<"select-kernel", "::mlir::ModuleOp"> {
  let summary = "Keep the kernel to compile, its helpers inlined";
  let description = [{
    A module may hold several kernels (public functions no function of the
    module calls) and helpers they reach through `func.call`. The kernel
    the `function` option names stays (without a name: every kernel, each
    then compiled to a SpyreCode program of its own), every call in it is
    replaced by a copy of the callee's body (helpers calling helpers too,
    so data a helper leaves in a per-core scratchpad view is there for the
    code after the call), and every other function goes. The explorer's
    Kernel box and `--function` on the command line set the option.
  }];
  let options = [
    Option<"function", "function", "std::string", /*default=*/"",
           "The kernel to compile (empty: every kernel of the module)">
  ];
}

def KtirLegalityCheck : Pass<"ktir-legality-check", "::mlir::ModuleOp"> {
  let summary = "Reject what the Spyre pipeline cannot compile, on its line";
  let description = [{
    Checks the kernel before anything else touches it and reports every
    construct the backend does not accept, at the exact op, saying what to
    change: ops outside the KTIR dialects (ktdp, spyreop, arith, math,
    linalg, tensor, scf, func), function calls, kernels without a `grid`
    (a warning: they run on one tile), grids with non-positive extents, and
    `get_compute_tile_id` asking for more coordinates than the grid has,
    inter-tile exchanges the ring lowering cannot carry (a reduction
    delivered to a tile that is not a producer of its group, reduction
    groups that cannot be enumerated or put a tile in two groups, a
    broadcast with several producers per group), access tiles of a
    run-time extent that normalize-tensor-ops cannot make a loop over their
    rows (on the access tile, with the reason), and, given the target,
    grids with more tiles than cores and loads or stores of tiles larger
    than a core's scratchpad. A kernel that declares a `ktdf_arch.device` is
    checked against that device instead, and a remark on the declaration
    says which values of the target came from the device and which from
    the Spyre preset.
  }];
  let options = [
    Option<"cores", "cores", "int", /*default=*/"0",
           "Cores of the target architecture (0: do not check the grid)">,
    Option<"lxBytes", "lx-bytes", "int64_t", /*default=*/"0",
           "Scratchpad bytes per core (0: do not check tile sizes)">
  ];
}

def NormalizeGrid : Pass<"normalize-grid", "::mlir::ModuleOp"> {
  let summary = "Turn a multi-dimensional grid into a one-dimensional one";
  let description = [{
    Replaces `grid = [d0, d1, ...]` by `grid = [d0 * d1 * ...]` and every
    `ktdp.get_compute_tile_id` by the linear tile id and the index
    arithmetic that recovers each coordinate, dimension 0 fastest
    (coordinate k = (id floordiv (d0 * ... * d(k-1))) mod dk), the order the
    real multi-dimensional kernels and ktir-cpu use. Later passes then deal
    with one tile id per core only. A kernel without a grid whose ct_local
    memory views name other cores (an inter-core relayout, `ct_id = k`)
    gets `grid = [1 + the highest k]`: it runs on the cores it names.
    First, every op without a location (the
    body MLIR's parser builds for a named linalg op such as linalg.matmul)
    takes its parent's, so that what later passes make from it keeps a KTIR
    line.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def NormalizeMatmuls : Pass<"normalize-matmuls", "::mlir::ModuleOp"> {
  let summary = "Matmuls as generators write them, in the form the backend streams";
  let description = [{
    A `linalg.matmul` or `linalg.batch_matmul` whose indexing maps
    transpose an operand (what `linalg.matmul_transpose_b`,
    `matmul_transpose_a` and `batch_matmul_transpose_b` of older MLIR parse
    into: the projections of generated Llama kernels, the weight as stored)
    gets that operand in the default layout: when it is the `ktdp.load` of
    an access tile, the tile's order map swaps the two dimensions, so the
    DMA reads it transposed on its way in (as a kernel loading K^T does);
    otherwise a `linalg.transpose` transposes it in compute. A
    `linalg.batch_matmul` of one batch (a head per tile) becomes a
    `linalg.matmul` of its operands without the unit dimension, and a
    matmul into zeros whose f32 result is only added to an accumulator
    (`part = A @ B; acc + part`, the K loop of a generated projection)
    accumulates into it directly, which the streamed-matmul lowering keeps
    in place. A matmul whose B alone is transposed (x @ W^T with W stored
    out x in, Q @ K^T with K stored keys x head_dim), loaded (through unit
    reshapes), with float operands whose rows along K are whole sticks and
    tiles small enough not to be chunked (or that chunk-large-matmuls
    chunks as stored), keeps B as stored and the transposed map (a
    torch-mlir linalg.transpose of the loaded weight before the matmul is
    folded into it): vectorize-held-tiles computes it as dot products over
    B's rows, streamed in the order they are stored. First, a
    linalg.generic contraction of f16 operands into an f32 accumulator
    with the maps of a matmul (B as is or transposed) becomes that
    linalg.matmul.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def NormalizeTensorOps : Pass<"normalize-tensor-ops", "::mlir::ModuleOp"> {
  let summary = "Tensor ops generators emit, as ops the backend lowers";
  let description = [{
    First, a load of an access tile whose type has a run-time extent (its
    set bounds the rows by its symbols), with the elementwise ops, stores
    into tiles of the same rows and reductions over the rows it feeds,
    becomes loops over chunks of its rows, each chunk a static tile
    anchored at its first row, a reduction over the rows carrying its
    accumulator (one row per iteration when it reduces a leading
    dimension).
    A `tensor.reshape` to a static shape (its shape operand says nothing
    the type does not) becomes a `tensor.collapse_shape` or
    `tensor.expand_shape` (through the flat tensor when the extents do not
    group). A `tensor.generate` whose body folds at every index, a causal
    mask of constants, becomes the dense constant it generates; one whose
    body reads values known at run time (a mask shifted by the tile's
    position) becomes its body on whole tensors, every index it reads a
    constant 1-D ramp broadcast along the other dimensions and every
    outside value splatted, elementwise compute like any other. A
    `linalg.generic` on parallel loops with identity maps whose body reads
    `linalg.index` gets one more input per dimension read in place of the
    index, such a ramp: its body is then plain elementwise arithmetic. A
    reduction `linalg.generic` whose body reads `linalg.index` (argmax's
    first index) becomes such a generic of everything but its combining op
    and a `linalg.reduce` of that op. Slices of tiles loaded from plain
    boxes or gathered by indirect tiles become loads of their boxes, and
    tiles assembled by `tensor.insert_slice` or `tensor.concat` and stored
    become one store per piece (elementwise ops between run per piece).
    A `tensor.from_elements` (torch-mlir's scalars made tensors) becomes
    a dense constant, a `tensor.splat` of its one value, or a splat of its
    most frequent element and a `tensor.insert` of each other element; a
    splat an elementwise generic reads through a broadcasting map (a 0-d
    tensor) becomes a splat of the loops' shape. What cannot be rewritten (a result shape known only at run time, a body
    that is not elementwise) is refused on its line.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::ktdp::KtdpDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def IndirectAccesses : Pass<"indirect-accesses", "::mlir::ModuleOp"> {
  let summary = "Row numbers loaded from memory are read by the DMA itself";
  let description = [{
    A KV-cache scatter (vLLM's reshape_and_cache) or a paged gather loads a
    row number from memory (`slot_mapping[t]`), takes it out of the loaded
    tensor (`tensor.extract`, `arith.index_cast`) and anchors a load or
    store tile on it. That number would only exist in the compute engine,
    which moves no data. When the tile is one row on that dimension, it
    becomes an indirect tile: the DMA reads the row number from the index
    view itself (`ind(%slots[t])`) and the other dimensions keep their
    anchors; a negative or too large row number is masked, as the direct
    tile's point would be. The load that only fed the row number goes.
  }];
}

//===----------------------------------------------------------------------===//
// KTIR -> ScheduleIR
//===----------------------------------------------------------------------===//

def ChunkLargeMatmuls : Pass<"chunk-large-matmuls", "::mlir::ModuleOp"> {
  let summary = "Matmuls whose tiles take more than half of LX run in chunks of K and N";
  let description = [{
    A `linalg.matmul` of f16 tiles loaded whole whose tiles (A, B, the
    accumulator and the result) take more than half of a core's scratchpad
    (a `linear` kernel's 4096x128 weight tile with its activations) becomes
    a loop over chunks of K (and, when its result is only stored, an outer
    loop over chunks of N, each chunk stored where it belongs): each chunk
    of A and B is loaded on its own (an access tile moved along the view)
    and multiplied into an f32 accumulator that carries the sum from chunk
    to chunk, rounded to the result's type at the end and added to the
    matmul's accumulator. The products are summed in the same order and
    precision as the interpreter sums the whole matmul, so the compiled
    program gives its numbers exactly. The chunks are the largest whole
    sticks dividing K and N for which two copies of each loaded chunk, the
    accumulator and the result take at most half the scratchpad (what the
    kernel's own data at the top of LX leaves of it); chunks of N whose
    rows the compute program holds (the f32 accumulator's where it is
    zeroed, accumulated and rounded, and the rounded row) fit the compute
    engine's own memory are preferred. The loop is the K loop
    build-pipelines keeps in LX (the matmul_kloop form). A B read
    transposed and kept as stored by normalize-matmuls is chunked as
    stored (chunks of its rows along K, the chunk matmul keeping the
    transposed map), a chunk of K whose row of A and the accumulator's row
    fit the compute engine preferred. A matmul it cannot chunk (other
    operand types, operands not loaded whole in its block, other indexing
    maps of its own) is left whole, with a remark.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
}

def ExtractComputeGroups : Pass<"extract-compute-groups", "::mlir::ModuleOp"> {
  let summary = "Wrap each run of loads, compute and stores in a group";
  let description = [{
    Splits every block of the kernel at its control flow: each run of ops
    that loads tiles, computes on them and stores them (with the index
    arithmetic between them) becomes one `sched.group`, whose results are
    the values used after it. Loops and branches that contain tile ops stay
    outside and get groups of their own inside. Each group will become one
    pipeline. First, a tile loaded in one block and used inside control flow
    further down (a table loaded before a loop and used in every iteration)
    is loaded again where it is used, so that the group there streams it
    next to its other operands (hoist-invariant-transfers then moves that
    load back before the loop, into a persistent LX buffer); not when the
    control flow, or what runs before it, stores through the same view. A
    broadcast or reshape of such a load (a weight row broadcast over the
    rows before the loop) is made again where it is used first, so the load
    follows it, and so is an elementwise op on such loads, broadcasts and
    one-value constants (a bf16 weight row widened to f32 before the row
    loop, Gemma's 1 + w, an elementwise linalg.generic with its empty
    init): each iteration computes it again from the streamed row instead
    of the compute unit holding it for the whole loop.
    A run also ends after the last of its tile ops that a later load or
    store's address needs, when the run computes that address from data
    (`%pos + 8` with `%pos` taken out of a loaded tile): the load or store
    starts the next group, whose memory unit is handed the value.
    Before that, a store of an scf.if's result moves into both branches
    (nothing with effects between them), so each branch's group stores its
    tile instead of yielding it whole to a later group, and a one-value
    constant tile used in another block is made again there. A tile made
    without inputs (empty, a one-value constant, a fill of a scalar) and
    used by later groups of its block is made again in each of them.
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
}

def BuildPipelines : Pass<"build-pipelines", "::mlir::ModuleOp"> {
  let summary = "The initial load -> compute -> store pipeline of each group";
  let description = [{
    Turns every group into a `sched.pipeline` of three concurrent stages:
    the load stage copies each loaded tile from device memory into an LX
    buffer and signals a token; the compute stage waits for the tokens,
    reads the buffers, computes, writes each stored tile into an LX buffer
    and signals; the store stage waits and copies those buffers out to
    device memory. Address arithmetic is shared by all stages. A load or
    store whose address depends on computed data (a gather through loaded
    indices) stays in the compute stage. A loop that carries a matmul's
    accumulator, or a column sum's running sums (a W8A8 weight's column
    sums over K chunks), from one iteration's pipeline to the next (a K
    loop) keeps it in a persistent LX buffer instead of the compute unit,
    whatever its size: written by
    the pipeline before the loop, read, accumulated and written back by
    each iteration, read by the pipelines after it, each read behind a
    barrier. So does a loop whose iteration updates a tile elementwise
    (when the compute unit cannot hold it) or in the branches of an
    `scf.if` that yields it (block-causal skipping: a branch that passes
    it on does nothing); a loop that carries a tile through an `scf.if`
    and cannot keep it so is refused on its line with the reason. A tile
    an `scf.if` yields for later pipelines, more than the compute unit
    holds, is written to LX by each branch and read back by them.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
}

def StageIntermediates : Pass<"stage-intermediates", "::mlir::ModuleOp"> {
  let summary = "A compute stage that would hold too much is split, its intermediates staged in LX";
  let description = [{
    A compute stage that chains matmuls, inter-tile exchanges and
    elementwise work holds every tile it computes until its last use. When
    such a stage has a matmul and the tiles that pass from one part of it
    to a later one (the
    intermediates, and the loaded tiles several parts read, as an A
    operand of two matmuls) add up to more than the compute engine's own
    memory (`compute_engine.local_bytes`), the pipeline is split into one
    pipeline per part, run in order: each matmul, each inter-tile exchange
    (with the reshapes around it), each run of other ops. An intermediate
    goes to a persistent LX buffer: the part that computes it writes it,
    each later part that uses it reads it (the load unit streams it again),
    behind a barrier; a tile loaded from device memory for several parts
    is loaded once into a persistent buffer and read by each; tiles without
    inputs (empty, constants, fills) are made again where used; a result
    of the pipeline that later pipelines only read in their compute stages
    is staged in LX too. Each part is then a stage the later passes stream
    (a matmul's rows, an elementwise chain, a pass-through). A stage that
    is an inter-tile reduce alone (no matmul), whose result later
    pipelines read and whose lowered exchange holds more than that memory
    (its partial, a received one and their fold: three tiles), becomes
    one part with its result staged in LX (its all-reduce then runs by
    sticks). A stage with a matmul whose B normalize-matmuls kept
    transposed and a row reduction (an attention's softmax between its
    matmuls) is split as well when the tiles it holds whole besides the B
    operands it pops are more than that memory.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
}

def ChunkLargeTransfers : Pass<"chunk-large-transfers", "::mlir::ModuleOp"> {
  let summary = "Tiles larger than the scratchpad stream through it in chunks";
  let description = [{
    A pipeline whose LX buffers do not fit the scratchpad (four chunks of
    each: double buffering of every buffer, with room to spare) is run as a
    loop over chunks of whole rows of its tiles: every transfer between
    device memory and LX moves the sticks of one chunk (`at stick`: the
    chunk's first stick in the tile's own order), the buffers and the
    compute stage's tiles take the chunk's shape (rows x innermost extent),
    and the loop's pipelines are then double-buffered like any other, so a
    copy or elementwise work on a tile of any size streams through the
    scratchpad. Only pipelines whose compute is elementwise on tiles of one
    shape (or a plain copy) are chunked, a tile broadcast along the leading
    dimensions from a buffer of its own (a row of weights, a bias) aside:
    that buffer is moved and read whole in every chunk and the broadcast
    takes the chunk's shape; ktir-legality-check refuses the rest. The scratchpad here is what the kernel's own data leaves: the
    top of LX holds what its arguments address through ct_local views
    (an inter-core relayout's source and destination, ir/KernelLxData.h).
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def RouteTransfers : Pass<"route-transfers", "::mlir::ModuleOp"> {
  let summary = "Route every transfer through the memory hierarchy";
  let description = [{
    Makes each data movement one the hardware can do, on the units the
    architecture description names: device memory -> LX by the first load
    unit (over the ring), LX -> FIFO by the last load unit, FIFO -> compute
    unit, compute unit -> FIFO, FIFO -> LX by the first store unit, LX ->
    device memory by the last store unit. Compute reads and writes of LX
    buffers become FIFO pops and pushes fed by new stages; every stage is
    named after the unit that runs it and every transfer records its unit
    and route.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
}

def TileToSticks : Pass<"tile-to-sticks", "::mlir::ModuleOp"> {
  let summary = "Move data stick by stick and feed the compute unit vectors";
  let description = [{
    Tiles every transfer to the architecture's stick (128 bytes on Spyre):
    each transfer, push and pop records how many sticks it moves (every
    innermost row starts on a stick boundary), and every data FIFO carries
    one SIMD vector of one stick per slot (`vector<64xf16>` for f16)
    instead of a whole tile.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
}

def NestVectorPipelines : Pass<"nest-vector-pipelines", "::mlir::ModuleOp"> {
  let summary = "Elementwise compute runs one stick at a time";
  let description = [{
    Nests a vector-level pipeline inside the tile-level one: when every op
    of a compute stage is elementwise (arith, math, and linalg ops whose
    maps are identities) over tiles that split into the same sticks, the
    stage becomes a loop over those sticks that pops one SIMD vector from
    each input FIFO, computes on vectors and pushes one vector per output,
    so the compute unit starts on the first stick while the rest are still
    arriving. A popped tile broadcast along leading dimensions (a bias
    row; dimensions of extent 1 before them aside, as RoPE's cos row over
    a token's heads) is streamed again for every row: output stick s takes
    its stick s mod m. A tile of the same shape the compute unit holds from before
    the stage (a statistic an earlier loop computed) is read a stick at a
    time where it is used; per-row values broadcast along the rows (a
    norm's mean or rstd; a [B] tile repeated along a rank-3 tile's other
    dimensions, inductor's [B, 1] operand) are held as the per-row values,
    not their broadcast: the stage that computes them yields the values and each
    stick takes its row's value, splat. A constant tile with one value is
    a splat vector. A stage that only passes tiles through (pops each and
    pushes it unchanged: a transpose the DMAs already made), whatever their
    shapes, becomes one loop over the sticks of each tile in turn. Per-row
    values the stage pops itself and only broadcasts along the rows (a
    scale per row) are popped whole before the loop and read one value per
    row. A stage that transposes a tile it pops and applies elementwise ops
    to the transpose keeps only the popped tile and reads each stick of
    the transpose from it with a strided read, pushing it at once. A
    stage none of these rewrites pushes a tile of one value (a constant,
    a fill or splat of a scalar) as that value's vector once per stick.
    Other compute (reductions, matmul) stays at tile level.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def ChunkReductions : Pass<"chunk-reductions", "::mlir::ModuleOp"> {
  let summary = "Row reductions accumulate stick by stick in a vector";
  let description = [{
    A compute stage that takes one tile, applies elementwise ops to it and
    reduces its rows (the innermost dimension) with one combining op
    (add, mul, max, min) is cut into stick-sized chunks: for each row, a
    partial accumulator of one SIMD vector starts with the row's first
    stick and combines every further stick as it arrives; at the row's end
    its lanes are reduced, together with the row's initial value, into the
    result. The compute unit never holds the tile whole. A row that ends
    mid-stick has its last stick's lanes past the row's end set to the
    combiner's identity before they are folded in. A reduction along other
    dimensions (a column sum) instead folds each streamed stick into the
    accumulator's stick at the same columns, row after row, next to the
    stage's elementwise ops and one streamed output; only the result is
    held. The elementwise ops may also read
    a tile of the same shape held from before the stage (an earlier loop's
    per-row statistic, broadcast), a stick at a time, one value per row
    of per-row values broadcast along the rows (popped in the stage too,
    before the streamed tile: their producer is made to send them first),
    or an index ramp (a linalg.index), made in the lanes. The rows'
    initial values may be a tile popped after the streamed one (a loaded
    running maximum): they are then combined into the rows' totals once
    every stick has streamed. The stage may yield what it
    computes from the reduced rows (a loop's running sums), never the
    streamed tile. A column sum whose accumulator row would not fit (its
    body widens i8 to i32, rows of 960 bf16 summed in f32), or that reads
    per-row values popped in the stage (a mask per token), or a second
    pass that reads the first's result broadcast over the rows (var_mean),
    goes a column of sticks at a time instead: the load unit sends stick c
    of every row in turn (once per pass), the compute unit folds them into
    one vector per reduction, in the rows' order, computes the column's
    results from it (with a column-stick of per-column values it pops, and
    of the starting values when a loop's running sums are staged in LX)
    and pushes them before the next column.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def StreamRowPasses : Pass<"stream-row-passes", "::mlir::ModuleOp"> {
  let summary = "Stream a tile once per row pass instead of holding it (softmax, norms)";
  let description = [{
    A compute stage that reduces the rows of a streamed tile and then uses
    the rows again with the result (softmax: the max, then exp(x - max)
    and its sum, then the quotient) runs as passes over the rows: the load
    unit streams the tile from LX once for each pass that reads it, and
    each pass recomputes from the streamed sticks the elementwise ops it
    needs, one SIMD vector at a time. A pass folds each row's sticks into
    one vector per reduction and then its lanes into the row's result; only
    those per-row results (and what is computed from them) carry over to
    the next pass, broadcast back over the row. The last pass pushes the
    output. A row of the tile's width broadcast over its rows (rmsnorm's
    weights) is streamed again for each row (stick i mod its sticks), next
    to the tile's stick i; values widened on the compute unit (f16 to f32)
    stay one vector per popped stick. The compute unit never holds the
    tile. A row that ends in a partial stick has that stick's lanes past
    the row's end set to each reduction's identity before they are folded
    in. Per-row results (a loss per token, a norm's rstd, an argmax's
    index) are pushed whole once the passes have made them, their store
    unit taking them before the last pass's sticks or, when the last pass
    makes them, after; a per-row value the stage pops (a gathered label's
    logit) is sent and popped before the passes; an index ramp (a
    linalg.index) is made in each stick's lanes. Tiles of several element
    widths (an f16 row quantised to i8) stream in vectors of the narrowest
    width's lanes, a wider tile's vector being several of its sticks, when
    every row is whole sticks of every width; every reduction is one
    combining op.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def SpreadParallelLoops : Pass<"spread-parallel-loops", "::mlir::ModuleOp"> {
  let summary = "Spread a parallel loop over the instances of the units";
  let description = [{
    When the architecture gives a core several instances of every unit a
    loop's pipelines use (corelets), and the loop's iterations are
    independent (no values carried, no memory view both read and written in
    it, no data-dependent or inter-tile access) and make up the kernel's
    work, instance j runs iterations j, j + n, ... with its own LX buffers
    and FIFOs. With one instance of each unit (the shipped presets) it
    changes nothing.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def HoistInvariantTransfers
    : Pass<"hoist-invariant-transfers", "::mlir::ModuleOp"> {
  let summary = "Load loop-invariant tiles once, before the loop";
  let description = [{
    A device-memory -> LX transfer inside a loop (scf.for, or scf.while: a
    persistent kernel's row loop) whose tile does not depend on the loop (a
    bias, a weight row reused on every iteration) moves into
    a one-stage pipeline before the loop, into a buffer that stays live for
    the whole loop; the loop's own pipeline then only streams it from LX.
    A transfer is left in place when the loop stores to the same memory
    view (the value could change between iterations).
  }];
}

def DoubleBuffer : Pass<"double-buffer", "::mlir::ModuleOp"> {
  let summary = "Two copies of every LX buffer of a pipeline in a loop";
  let description = [{
    A pipeline inside a loop gets `modulo = 2` and each of its LX buffers
    two copies: iteration i fills copy i mod 2 while the units still work
    on copy (i - 1) mod 2, so loads of the next tile overlap the compute
    and the stores of the current one. A token FIFO per buffer starts with
    one token per copy: the unit that fills the buffer takes one first,
    the unit that drains it gives it back, so no copy is overwritten while
    it is still being read. With `off`, every buffer keeps one copy, with
    a token FIFO of one token (to measure what double buffering gains).
  }];
  let options = [
    Option<"off", "off", "bool", /*default=*/"false",
           "Leave every buffer single (no double buffering)">
  ];
}

def PlaceTiles : Pass<"place-tiles", "::mlir::ModuleOp"> {
  let summary = "Put tile i of the grid on core i of the ring";
  let description = [{
    Records which core runs each tile of the (one-dimensional) grid as
    `sched.placement` on the kernel (tile i on core i, the default the
    ring view shows) and, on every device-memory transfer, the most ring
    hops any placed core is from where device memory attaches to the ring.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
}

def PlanRingExchanges : Pass<"plan-ring-exchanges", "::mlir::ModuleOp"> {
  let summary = "Plan the ring traffic of inter-tile reductions and broadcasts";
  let description = [{
    For every `ktdp.inter_tile_reduce` and `inter_tile_consume`, works out
    from the placement which cores exchange partials (each group of the
    tile future, in ring order), how many steps a partial travels around
    the ring (n - 1 for n members: each forwards the partial it last
    received to the next), the most hops one step takes and the bytes it
    moves, and
    gives the core an LX buffer per partial to receive its neighbour's, so
    address assignment counts it. The plan is a `sched.ring_exchange` just
    before the inter-tile op.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
}

def LowerRingExchanges : Pass<"lower-ring-exchanges", "::mlir::ModuleOp"> {
  let summary = "Inter-tile all-reduce and broadcast as ring sends and receives";
  let description = [{
    Replaces each planned `ktdp.inter_tile_reduce` (with its
    `inter_tile_produce`) by what every core does: compute its own partials
    (the produce region, with its group), then n - 1 times send the
    partials it last received (its own at first) to the next member of its
    group on the ring (n: its group's size), receive the previous member's
    into the LX staging buffers, and fold them into its accumulators with
    the combiner, in the interpreter's order (own, previous member, the one
    before, ...). Group, next and previous member come from per-tile
    tables, and so does n when the groups are not of one size covering the
    grid (a tile in no group: no step; it keeps its own partials). Each planned
    `ktdp.inter_tile_consume` (a broadcast: one producer per group) becomes
    a relay along the ring: the producer computes its partials, every
    consumer receives them from the core before it in its group's chain
    (in ring order from the producer) and passes them on to the next.
    A reduce-to-one runs as the all-reduce among its producers (only the
    consumer's result is used). Reductions with a consumer that is not a
    producer of its group, reductions whose groups cannot be enumerated
    or overlap, and broadcasts with several producers per group
    are left as they are (with a remark).
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def VectorizeHeldTiles : Pass<"vectorize-held-tiles", "::mlir::ModuleOp"> {
  let summary = "Compute on the tiles a compute unit holds, one stick at a time";
  let description = [{
    What the streaming passes left at tile level (matmuls, reductions whose
    input is used again, broadcasts of computed values, mixed-width chains,
    the folds of a ring all-reduce) works on tiles the compute unit holds
    whole. Each such op becomes a loop nest over SIMD vectors of one stick
    (of its widest element type): the op's body is applied to the vector of
    each operand at the point, read from the held tile (a strided read for
    a transposed operand, a broadcast scalar for one that does not vary
    along the vector: splats, fills and broadcasts are read through, not
    built), and the result written back a stick at a time. Reductions keep
    a vector accumulator over their reduced dimensions; a matmul
    accumulates each output stick over K with vector multiply-adds (a
    matmul of f16 / bf16 operands into an f16 / bf16 accumulator in one f32
    vector from zeros, `vector.fma`, rounded once and added to the
    accumulator's stick, as the interpreter sums it); a
    reduction along the innermost dimension folds a row's sticks into one
    vector, then its lanes. After this pass no arithmetic in a compute
    stage is on a tile. First, an elementwise stage that holds more than
    the compute unit's memory (`compute_engine.local_bytes`) runs a row at
    a time; a matmul whose right-hand operand B the stage pops whole does
    not hold B: B's rows stream from LX a stick at a time along K (the load
    unit streams B once per row of A), each stick multiplied by A's
    broadcast element and added into the output row's vector of as many
    lanes (an f32 accumulator of f16 operands: 64 lanes; a row of B that
    ends in a partial stick updates its last vector only up to the row's
    end). A matmul of f16 / bf16 operands into an f16 / bf16 accumulator
    runs its output row a stick at a time instead: each output stick's K
    products in one f32 vector, rounded once and added to the
    accumulator's stick; the load unit sends B's sticks column by column
    (stick s of each row of B) and A's row again for each column. When the
    stage still holds more than that memory, A and the output come a row
    at a time as well (popped, filled or a splat constant, updated,
    pushed). A matmul whose B normalize-matmuls kept transposed (stored
    N x K, rows of whole sticks along K) is computed as dot products over
    B's rows, in the order they are stored: each row's sticks multiplied
    by A's sticks at the same columns and accumulated lane-wise by the
    matmul's body (half-precision operands into a half-precision output
    in f32, rounded once), the lanes reduced into the output element
    (vector.reduction) and inserted into the output vector (vector.insert),
    written or pushed a stick at a time (by rows whenever A and C can come
    so); within rounding of the interpreter's k-order sum.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def AssignAddresses : Pass<"assign-addresses", "::mlir::ModuleOp"> {
  let summary = "Give every LX buffer an address; check the scratchpad fits";
  let description = [{
    Assigns each LX buffer a byte address in the core's scratchpad: the
    buffers of a pipeline are live while it runs, buffers kept for later
    (hoisted loads) until the end of the enclosing block, so pipelines one
    after the other reuse the same space, behind a `sched.barrier` (no
    unit starts the later pipeline before every unit is done with the
    earlier one). A barrier also goes before a pipeline that loads memory
    an earlier one stored (data a helper left in a scratchpad view, an
    in-place update read back: the units run their own programs, so the
    load would not otherwise wait for the store), and at the end of a loop
    body whose stores the next iteration loads. Each buffer takes whole
    sticks per row, times its copies.
    A double-buffered pipeline that does not fit falls back to single
    buffers; a kernel that still needs more than the scratchpad gets an
    error naming the buffers and their bytes. Buffers go around the
    scratchpad data the kernel addresses itself: ct_local views at
    constant addresses, and the top of LX, where the data its arguments
    address through ct_local views lives (an inter-core relayout's source
    and destination, ir/KernelLxData.h). A loop whose body keeps a buffer
    for later pipelines (a table loaded in an outer loop and read by the
    inner loop's load unit) ends its body with a barrier, so that the next
    iteration does not fill it again while those pipelines still read it.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
}

//===----------------------------------------------------------------------===//
// ScheduleIR -> DataflowIR
//===----------------------------------------------------------------------===//

def LowerToDataflow : Pass<"lower-to-dataflow", "::mlir::ModuleOp"> {
  let summary = "Split the schedule into one program per unit";
  let description = [{
    Emits one `dflow.program` per unit kind used, run on every core of the
    grid: each program keeps the kernel's control flow and address
    arithmetic and, of every pipeline, only its own stage. FIFOs become
    channels between units, tokens explicit signal / wait, LX buffers
    logical views at their assigned addresses (the copy chosen from the
    loop counter when double-buffered), device transfers DMA of sticks,
    LX -> FIFO and FIFO -> LX transfers vector streams. Each unit now runs
    its share of the pipelines as far ahead as its tokens let it, so a
    pipeline that loads device memory an earlier pipeline of its block may
    store (or, in a loop, one stored in the previous iteration: a row
    computed from the row before it) is put behind a barrier first
    (`pipeline/utils/DeviceOrder.h`): the load cannot overtake the store.
    A scalar one unit computes from data (a position or a scale taken out
    of a loaded tile, a branch condition) that another unit still uses (an
    address, an `scf.if` condition) is handed over: the owner sends it as a
    one-lane vector down a channel of its own to that unit, which receives
    it where the pipeline that made it ends, after its own share of it.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
  let dependentDialects = ["::mlir::dflow::DflowDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

//===----------------------------------------------------------------------===//
// DataflowIR -> SpyreCode
//===----------------------------------------------------------------------===//

def LowerToSpyreCode : Pass<"lower-to-spyrecode", "::mlir::ModuleOp"> {
  let summary = "Lower the unit programs to SpyreCode, the model ISA";
  let description = [{
    Turns the DataflowIR kernel into SpyreCode (docs/spyrecode.md): one
    instruction array per unit program, with its loops and branches
    flattened to jumps over numbered scalar, vector and tile registers;
    each DMA one instruction with a descriptor of its whole access tile;
    and a job plan (grid, placement, channels, LX buffers) with the symbol
    table of the kernel's arguments, bound at launch. Every instruction
    keeps its DataflowIR op and KTIR line. The MLIR module is left as it
    is: the result goes to the caller (the app shows its listing as this
    pass's snapshot; spyre-opt --ktir-to-spyrecode prints it).
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"",
           "Architecture: preset name or TOML file (empty: Spyre)">
  ];
}

#endif // SPYRE_PIPELINE_PASSES_TD
