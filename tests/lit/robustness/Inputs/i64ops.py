"""Writes the exactness cases for 64-bit integer ops (class 7 of issue 16).

    i64ops.py TYPE DIR

DIR/kernel.mlir loads three 16-element i64 arrays a, b (divisors and
second operands) and s (shift amounts), applies every arith op of OPS to
them as TYPE (i64 or index tensors, index through arith.index_cast, or
"scalar": element by element on i64 scalars, tensor.extract / insert) and
stores op k's 16 results as i64 at c[16 k .. 16 k + 15]; DIR/a.npy,
DIR/b.npy, DIR/s.npy, DIR/c.npy (zeros) are its inputs and DIR/want.npy
the results MLIR defines, worked out here with Python's unbounded integers
wrapped to 64 bits. An op is an arith op name, cmpi_PRED (the i1 result
widened with extui), or copy (load, store). The operands hold the boundary
values 2^53, 2^53 + 1, 2^62, 2^63 - 1 and INT64_MIN and their neighbours;
no divisor is 0 and no INT64_MIN is divided by -1 (those are errors,
tested in division.mlir), shift amounts stay below 64. 16 i64 elements are
one whole 128-byte stick, so every vector lane the compiled program
computes holds an operand.
"""
import os
import struct
import sys

P53, P62, MAX, MIN = 2**53, 2**62, 2**63 - 1, -2**63
A = [P53 + 1, P53, P62, MAX, MIN, -(P53 + 1), 7, -1,
     P53 - 1, -P53, P62 + P62 // 2, MIN + 1, MAX - 1, 3 * P53 + 1, 0, 2**32 + 1]
B = [P53, 1, P62, 2, 3, P53 + 1, -3, MAX,
     -P53 - 3, P62, -1, MIN, P53 + 7, 5, MIN + 1, -(2**31)]
SHIFT = [1, 53, 1, 62, 63, 10, 0, 2, 11, 52, 63, 1, 33, 2, 0, 31]


def wrap(v):
    v &= 2**64 - 1
    return v - 2**64 if v >= 2**63 else v


def unsigned(v):
    return v & (2**64 - 1)


def trunc_div(x, y):
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


OPS = {
    "copy": lambda x, y: x,
    "addi": lambda x, y: x + y,
    "subi": lambda x, y: x - y,
    "muli": lambda x, y: x * y,
    "maxsi": max,
    "minsi": min,
    "maxui": lambda x, y: x if unsigned(x) >= unsigned(y) else y,
    "minui": lambda x, y: x if unsigned(x) <= unsigned(y) else y,
    "divsi": trunc_div,
    "remsi": lambda x, y: x - trunc_div(x, y) * y,
    "floordivsi": lambda x, y: x // y,
    "ceildivsi": lambda x, y: -((-x) // y),
    "divui": lambda x, y: unsigned(x) // unsigned(y),
    "remui": lambda x, y: unsigned(x) % unsigned(y),
    "ceildivui": lambda x, y: -((-unsigned(x)) // unsigned(y)),
    "andi": lambda x, y: x & y,
    "ori": lambda x, y: x | y,
    "xori": lambda x, y: x ^ y,
    "shli": lambda x, y: x << y,
    "shrsi": lambda x, y: x >> y,
    "shrui": lambda x, y: unsigned(x) >> y,
    "cmpi_eq": lambda x, y: int(x == y),
    "cmpi_ne": lambda x, y: int(x != y),
    "cmpi_slt": lambda x, y: int(x < y),
    "cmpi_sge": lambda x, y: int(x >= y),
    "cmpi_ult": lambda x, y: int(unsigned(x) < unsigned(y)),
    "cmpi_ugt": lambda x, y: int(unsigned(x) > unsigned(y)),
}
N = len(A)


def npy(path, values):
    text = "{'descr': '<i8', 'fortran_order': False, 'shape': (%d,), }" % len(values)
    text += " " * (64 - (10 + len(text) + 1) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode())
        f.write(struct.pack("<%dq" % len(values), *values))


def view(name, arg, size):
    return ("  %%%s = ktdp.construct_memory_view %%%s, sizes: [%d], strides: [1] "
            "{coordinate_set = #set%d, memory_space = #ktdp.memory_space<global>} "
            ": memref<%dxi64>\n" % (name, arg, size, size, size))


def store(value, k):
    """Stores tensor<Nxi64> `value` at c[N k ..]."""
    return ("  %%o%d = arith.constant %d : index\n"
            "  %%t%d = ktdp.construct_access_tile %%C[%%o%d] {access_tile_set = #set%d, "
            "access_tile_order = #id} : memref<%dxi64> -> !ktdp.access_tile<%dxindex>\n"
            "  ktdp.store %s, %%t%d : tensor<%dxi64>, !ktdp.access_tile<%dxindex>\n"
            % (k, N * k, k, k, N, N * len(OPS), N, value, k, N, N))


def vector_op(op, k, ty):
    t = "tensor<%dx%s>" % (N, ty)
    x, y = ("%xi", "%yi") if ty == "index" else ("%x", "%y")
    if op.startswith("sh"):
        y = "%hi" if ty == "index" else "%h"
    if op == "copy":
        return store("%x", k)
    r = "%%r%d" % k
    if op.startswith("cmpi_"):
        text = "  %%p%d = arith.cmpi %s, %s, %s : %s\n" % (k, op[5:], x, y, t)
        text += "  %s = arith.extui %%p%d : tensor<%dxi1> to tensor<%dxi64>\n" % (r, k, N, N)
        return text + store(r, k)
    text = "  %s = arith.%s %s, %s : %s\n" % (r, op, x, y, t)
    if ty == "index":
        text += "  %%q%d = arith.index_cast %s : %s to tensor<%dxi64>\n" % (k, r, t, N)
        r = "%%q%d" % k
    return text + store(r, k)


def scalar_op(op, k):
    text, last = "", "%x"
    for i in range(N):
        v = "%%v%d_%d" % (k, i)
        y = "%%h%d" % i if op.startswith("sh") else "%%y%d" % i
        if op == "copy":
            text += "  %s = arith.ori %%x%d, %%x%d : i64\n" % (v, i, i)
        elif op.startswith("cmpi_"):
            text += "  %%p%d_%d = arith.cmpi %s, %%x%d, %s : i64\n" % (k, i, op[5:], i, y)
            text += "  %s = arith.extui %%p%d_%d : i1 to i64\n" % (v, k, i)
        else:
            text += "  %s = arith.%s %%x%d, %s : i64\n" % (v, op, i, y)
        text += "  %%z%d_%d = tensor.insert %s into %s[%%k%d] : tensor<%dxi64>\n" % (
            k, i, v, last, i, N)
        last = "%%z%d_%d" % (k, i)
    return text + store(last, k)


def kernel(ty):
    text = ("#set%d = affine_set<(d0) : (d0 >= 0, -d0 + %d >= 0)>\n" % (N, N - 1) +
            "#set%d = affine_set<(d0) : (d0 >= 0, -d0 + %d >= 0)>\n"
            % (N * len(OPS), N * len(OPS) - 1) +
            "#id = affine_map<(d0) -> (d0)>\n"
            "func.func @ops(%a: index, %b: index, %s: index, %c: index) "
            "attributes {grid = [1]} {\n  %c0 = arith.constant 0 : index\n")
    for name, arg in (("A", "a"), ("B", "b"), ("S", "s")):
        text += view(name, arg, N)
        text += ("  %%t%s = ktdp.construct_access_tile %%%s[%%c0] {access_tile_set = #set%d, "
                 "access_tile_order = #id} : memref<%dxi64> -> !ktdp.access_tile<%dxindex>\n"
                 % (arg, name, N, N, N))
    text += view("C", "c", N * len(OPS))
    for v, arg in (("x", "a"), ("y", "b"), ("h", "s")):
        text += ("  %%%s = ktdp.load %%t%s : !ktdp.access_tile<%dxindex> -> tensor<%dxi64>\n"
                 % (v, arg, N, N))
    if ty == "index":
        for v in "xyh":
            text += ("  %%%si = arith.index_cast %%%s : tensor<%dxi64> to tensor<%dxindex>\n"
                     % (v, v, N, N))
    if ty == "scalar":
        for i in range(N):
            text += "  %%k%d = arith.constant %d : index\n" % (i, i)
            for v in "xyh":
                text += "  %%%s%d = tensor.extract %%%s[%%k%d] : tensor<%dxi64>\n" % (v, i, v, i, N)
    for k, op in enumerate(OPS):
        text += scalar_op(op, k) if ty == "scalar" else vector_op(op, k, ty)
    return text + "  return\n}\n"


def main():
    ty, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    want = []
    for op, fn in OPS.items():
        b = SHIFT if op.startswith("sh") else B
        want += [wrap(fn(x, y)) for x, y in zip(A, b)]
    npy(os.path.join(out, "a.npy"), A)
    npy(os.path.join(out, "b.npy"), B)
    npy(os.path.join(out, "s.npy"), SHIFT)
    npy(os.path.join(out, "c.npy"), [0] * (N * len(OPS)))
    npy(os.path.join(out, "want.npy"), want)
    with open(os.path.join(out, "kernel.mlir"), "w") as f:
        f.write(kernel(ty))


main()
