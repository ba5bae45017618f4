#!/usr/bin/env python3
# Usage: relayout-kernels.py OUT_DIR
# Writes the inter-core relayout kernels of tests/kernels (relayout_*.mlir)
# the way torch-spyre's relayout generators write theirs: one ct_local view
# per piece (per owner of a piece) on each side, composed into one
# distributed view per side, a replicated piece's views stacked as slots on
# dimension 0, no grid attribute (the cores the views name are the grid),
# and the movement as one load and one store per core, its coordinates
# computed from the tile id. docs/unseen-kernels.md says what each shows.
import sys


def row_major(shape):
    stride, strides = 1, []
    for n in reversed(shape):
        strides.append(stride)
        stride *= n
    return list(reversed(strides))


def memref(shape):
    return "memref<" + "x".join(map(str, shape)) + "xf16>"


def box(shape, dim, pieces, k):
    """Piece k of `pieces` equal pieces of `shape` along `dim`: (lo, hi)."""
    lo, hi = [0] * len(shape), [s - 1 for s in shape]
    width = shape[dim] // pieces
    lo[dim], hi[dim] = k * width, k * width + width - 1
    return lo, hi


class Kernel:
    def __init__(self, name, header):
        self.name, self.header = name, header
        self.sets, self.lines, self.consts = {}, [], {0}

    def set_name(self, lo, hi):
        key = (tuple(lo), tuple(hi))
        if key not in self.sets:
            self.sets[key] = "box%d" % len(self.sets)
        return self.sets[key]

    def side(self, var, base, pieces, composed):
        """pieces: (lo, hi, ct_id, strides or None) per view, in order."""
        names, types = [], []
        for k, (lo, hi, ct, strides) in enumerate(pieces):
            shape = [h - l + 1 for l, h in zip(lo, hi)]
            t = memref(shape)
            self.lines.append(
                f"  %{var}{k} = ktdp.construct_memory_view {base}, sizes: "
                f"{shape}, strides: {strides or row_major(shape)}\n"
                f"      {{coordinate_set = #{self.set_name(lo, hi)}, "
                f"memory_space = #ktdp.memory_space<ct_local, ct_id = {ct}>}}\n"
                f"      : {t}")
            names.append(f"%{var}{k}")
            types.append(t)
        whole = "from" if var == "s" else "to"
        self.lines.append(
            f"  %{whole} = ktdp.construct_distributed_memory_view ("
            + ", ".join(names) + "\n      : " + ", ".join(types)
            + f") : {memref(composed)}")
        return memref(composed)

    def index(self, terms, name):
        """Sum of ((tid / a) % b) * c over terms (a, b or None, c); %c0
        when there are none."""
        if not terms:
            return "%c0"
        values = []
        for j, (a, b, c) in enumerate(terms):
            v = "%tid"
            for op, n, tag in (("divsi", a, "q"), ("remsi", b, "r"),
                               ("muli", c, "m")):
                if n is None or (n == 1 and op != "remsi"):
                    continue
                self.consts.add(n)
                self.lines.append(
                    f"  %{name}_{j}{tag} = arith.{op} {v}, %c{n} : index")
                v = f"%{name}_{j}{tag}"
            values.append(v)
        v = values[0]
        for j, t in enumerate(values[1:]):
            self.lines.append(f"  %{name}_s{j} = arith.addi {v}, {t} : index")
            v = f"%{name}_s{j}"
        return v

    def write(self, path, src, dst, tile, load, store):
        rank = len(tile)
        tile_set = self.set_name([0] * rank, [t - 1 for t in tile])
        from_type = self.side("s", "%src", *src)
        to_type = self.side("d", "%dst", *dst)
        at_load = [self.index(t, f"l{i}") for i, t in enumerate(load)]
        at_store = [self.index(t, f"w{i}") for i, t in enumerate(store)]
        shape = "x".join(map(str, tile))
        for view, at, var, vtype in (("from", at_load, "rt", from_type),
                                     ("to", at_store, "wt", to_type)):
            self.lines.append(
                f"  %{var} = ktdp.construct_access_tile %{view}[{', '.join(at)}]\n"
                f"      {{access_tile_order = #ord, access_tile_set = #{tile_set}}}\n"
                f"      : {vtype} -> !ktdp.access_tile<{shape}xindex>")
            if var == "rt":
                self.lines.append(f"  %val = ktdp.load %rt : <{shape}xindex>"
                                  f" -> tensor<{shape}xf16>")
        self.lines.append(f"  ktdp.store %val, %wt : tensor<{shape}xf16>, "
                          f"<{shape}xindex>")
        dims = ", ".join(f"d{i}" for i in range(rank))
        with open(path, "w") as f:
            f.write("\n".join("// " + l for l in self.header) + "\n\n")
            for (lo, hi), name in sorted(self.sets.items(),
                                         key=lambda kv: int(kv[1][3:])):
                cons = []
                for i in range(rank):
                    cons.append(f"d{i} >= 0" if lo[i] == 0 else f"d{i} - {lo[i]} >= 0")
                    cons.append(f"-d{i} + {hi[i]} >= 0" if hi[i] else f"-d{i} >= 0")
                f.write(f"#{name} = affine_set<({dims}) : ({', '.join(cons)})>\n")
            f.write(f"#ord = affine_map<({dims}) -> ({dims})>\n\n")
            f.write(f"func.func @{self.name}(%src: index, %dst: index) {{\n")
            for c in sorted(self.consts):
                f.write(f"  %c{c} = arith.constant {c} : index\n")
            f.write("  %tid = ktdp.get_compute_tile_id : index\n\n")
            f.write("\n".join(self.lines) + "\n  return\n}\n")


def main(out):
    # All-gather 32 -> 32: column pieces to row pieces.
    k = Kernel("relayout_allgather_32", [
        "relayout_allgather_32.mlir -- an inter-core relayout (all-gather kind):",
        "a 32-token prefill activation of hidden size 2048 (f16, rank 3: tokens,",
        "hidden, 1) moves from column pieces (core k holds hidden 64k..64k+63 of",
        "every token) to row pieces (core k holds token k whole). Both sides are",
        "ct_local views composed into distributed views; core t loads token t",
        "(a region spread over all 32 scratchpads) and stores it into its own.",
        "No grid: the 32 cores the views name are the grid.",
        "Written by tests/tools/relayout-kernels.py."])
    s = [32, 2048, 1]
    k.write(f"{out}/relayout_allgather_32.mlir",
            ([(*box(s, 1, 32, c), c, None) for c in range(32)], s),
            ([(*box(s, 0, 32, c), c, None) for c in range(32)], s),
            [1, 2048, 1], [[(1, None, 1)], [], []], [[(1, None, 1)], [], []])

    # Grouped all-gather with replication: 32 pieces onto 8 owners.
    k = Kernel("relayout_gather_replicate_32to8", [
        "relayout_gather_replicate_32to8.mlir -- an inter-core relayout (grouped",
        "all-gather with replication): a decode hidden state of 4096 f16 (rank 3:",
        "hidden, 1, 1) held in 32 pieces of 128 (core k holds 128k..128k+127) is",
        "gathered whole onto 8 cores (0, 4, ..., 28). The destination states the",
        "replication: 1 piece x 8 owners, 8 views with the same coordinate_set,",
        "which are the piece's slots, stacked on dimension 0 (4096 per slot), so",
        "the composed destination is 32768x1x1. Core t writes quarter t % 4 of",
        "slot t / 4, which lives on core 4 * (t / 4): three stores in four go to",
        "another core's scratchpad.",
        "Written by tests/tools/relayout-kernels.py."])
    s = [4096, 1, 1]
    k.write(f"{out}/relayout_gather_replicate_32to8.mlir",
            ([(*box(s, 0, 32, c), c, None) for c in range(32)], s),
            ([([0, 0, 0], [4095, 0, 0], 4 * o, None) for o in range(8)],
             [4096 * 8, 1, 1]),
            [1024, 1, 1], [[(1, 4, 1024)], [], []],
            [[(4, None, 4096), (1, 4, 1024)], [], []])

    # Gather 25 -> 1.
    k = Kernel("relayout_gather_25to1", [
        "relayout_gather_25to1.mlir -- an inter-core relayout (gather): 6400 f16",
        "(rank 3) held in 25 pieces of 256 on cores 0..24 are gathered onto core",
        "0. Core t stores its own piece into core 0's scratchpad. No grid: the",
        "highest core the views name is 24, so the kernel runs on 25 cores.",
        "Written by tests/tools/relayout-kernels.py."])
    s = [6400, 1, 1]
    k.write(f"{out}/relayout_gather_25to1.mlir",
            ([(*box(s, 0, 25, c), c, None) for c in range(25)], s),
            ([([0, 0, 0], [6399, 0, 0], 0, None)], s),
            [256, 1, 1], [[(1, None, 256)], [], []], [[(1, None, 256)], [], []])

    # Permutation of 32 pieces.
    k = Kernel("relayout_permute_32", [
        "relayout_permute_32.mlir -- an inter-core relayout (permutation): the",
        "32 query heads of a decode step (Llama-3-8B: 32 x 128 f16, rank 4: head,",
        "token, head dim, 1), head h on core h, move to core (h % 4) * 8 + h / 4",
        "(an 8x4 arrangement of the cores transposed). Core t reads the head it",
        "will own from another core's scratchpad and stores it into its own.",
        "Written by tests/tools/relayout-kernels.py."])
    s = [32, 1, 128, 1]
    head = [(1, 8, 4), (8, None, 1)]  # the head core t owns: (t % 8) * 4 + t / 8
    k.write(f"{out}/relayout_permute_32.mlir",
            ([(*box(s, 0, 32, h), h, None) for h in range(32)], s),
            ([(*box(s, 0, 32, h), (h % 4) * 8 + h // 4, None) for h in range(32)], s),
            [1, 1, 128, 1], [head, [], [], []], [head, [], [], []])

    # Replicate / owner remap: 8 owners -> 4 owners per piece.
    k = Kernel("relayout_owner_remap_8to32", [
        "relayout_owner_remap_8to32.mlir -- an inter-core relayout (replicate /",
        "owner remap): a 32-token prefill activation of hidden size 2048 (f16,",
        "rank 4: 1, tokens, hidden, 1) held by 8 cores (core 4p holds tokens",
        "4p..4p+3) is replicated to 4 owners per piece, cores p, p + 8, p + 16,",
        "p + 24: 8 pieces x 4 owners, the owners' views of a piece stacked as",
        "slots on dimension 0 (composed 4x32x2048x1). Core t copies piece t % 8",
        "from core 4 (t % 8) into its own slot t / 8.",
        "Written by tests/tools/relayout-kernels.py."])
    s = [1, 32, 2048, 1]
    k.write(f"{out}/relayout_owner_remap_8to32.mlir",
            ([(*box(s, 1, 8, p), 4 * p, None) for p in range(8)], s),
            ([(*box(s, 1, 8, p), p + 8 * r, None) for p in range(8)
              for r in range(4)], [4, 32, 2048, 1]),
            [1, 4, 2048, 1], [[], [(1, 8, 4)], [], []],
            [[(8, None, 1)], [(1, 8, 4)], [], []])

    # General 1 -> 32, rank 6, with a change of layout.
    k = Kernel("relayout_scatter_1to32_rank6", [
        "relayout_scatter_1to32_rank6.mlir -- an inter-core relayout (general,",
        "1 to 32): a rank-6 tensor 1x2x4x4x64x8 f16 (32 blocks of 64x8) held",
        "whole and row-major by core 0 is dealt out, block (b, c, d) to core",
        "16b + 4c + d, each stored column-major (strides 1 and 64 on the last",
        "two dimensions): every core reads core 0's scratchpad and writes its",
        "block transposed into its own.",
        "Written by tests/tools/relayout-kernels.py."])
    s = [1, 2, 4, 4, 64, 8]
    blocks = []
    for q in range(32):
        b, c, d = q // 16, (q // 4) % 4, q % 4
        blocks.append(([0, b, c, d, 0, 0], [0, b, c, d, 63, 7], q,
                       [512, 512, 512, 512, 1, 64]))
    at = [[], [(16, 2, 1)], [(4, 4, 1)], [(1, 4, 1)], [], []]
    k.write(f"{out}/relayout_scatter_1to32_rank6.mlir",
            ([([0] * 6, [n - 1 for n in s], 0, None)], s), (blocks, s),
            [1, 1, 1, 1, 64, 8], at, at)


main(sys.argv[1])
