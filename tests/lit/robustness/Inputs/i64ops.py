"""Writes one exactness case for 64-bit integer ops (class 7 of issue 16).

    i64ops.py OP TYPE DIR

DIR/kernel.mlir loads two 8-element i64 arrays a and b, applies arith.OP
to them as TYPE (i64 or index tensors, index through arith.index_cast, or
"scalar": element by element on i64 scalars, tensor.extract / insert) and
stores the result as i64 in c; DIR/a.npy, DIR/b.npy, DIR/c.npy (zeros) are its inputs
and DIR/want.npy the result MLIR defines, worked out here with Python's
unbounded integers wrapped to 64 bits. OP is an arith op name, or
cmpi_PRED (the i1 result widened with extui), or copy (load, store).
The operands hold the boundary values 2^53, 2^53 + 1, 2^62, 2^63 - 1 and
INT64_MIN; no divisor is 0 and no INT64_MIN is divided by -1 (those are
errors, tested in division.mlir), shift amounts stay below 64.
"""
import os
import struct
import sys

P53, P62, MAX, MIN = 2**53, 2**62, 2**63 - 1, -2**63
A = [P53 + 1, P53, P62, MAX, MIN, -(P53 + 1), 7, -1]
B = [P53, 1, P62, 2, 3, P53 + 1, -3, MAX]
SHIFT = [1, 53, 1, 62, 63, 10, 0, 2]


def wrap(v):
    v &= 2**64 - 1
    return v - 2**64 if v >= 2**63 else v


def unsigned(v):
    return v & (2**64 - 1)


def trunc_div(x, y):
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def floor_div(x, y):
    return x // y


def ceil_div(x, y):
    return -((-x) // y)


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
    "floordivsi": floor_div,
    "ceildivsi": ceil_div,
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


def npy(path, values):
    text = "{'descr': '<i8', 'fortran_order': False, 'shape': (%d,), }" % len(values)
    text += " " * (64 - (10 + len(text) + 1) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode())
        f.write(struct.pack("<%dq" % len(values), *values))


def kernel(op, ty):
    view = ("  %{N} = ktdp.construct_memory_view %{n}, sizes: [8], strides: [1] "
            "{{coordinate_set = #set, memory_space = #ktdp.memory_space<global>}} "
            ": memref<8xi64>\n"
            "  %t{n} = ktdp.construct_access_tile %{N}[%c0] {{access_tile_set = #set, "
            "access_tile_order = #id}} : memref<8xi64> -> !ktdp.access_tile<8xindex>\n")
    lines = ["#set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>",
             "#id = affine_map<(d0) -> (d0)>",
             "func.func @ops(%a: index, %b: index, %c: index) attributes {grid = [1]} {",
             "  %c0 = arith.constant 0 : index"]
    text = "\n".join(lines) + "\n"
    for n in "abc":
        text += view.format(N=n.upper(), n=n)
    text += "  %x = ktdp.load %ta : !ktdp.access_tile<8xindex> -> tensor<8xi64>\n"
    text += "  %y = ktdp.load %tb : !ktdp.access_tile<8xindex> -> tensor<8xi64>\n"
    t = "tensor<8x%s>" % ty
    if ty == "index":
        text += "  %%xi = arith.index_cast %%x : tensor<8xi64> to %s\n" % t
        text += "  %%yi = arith.index_cast %%y : tensor<8xi64> to %s\n" % t
    if ty == "scalar":
        return text + scalar_ops(op)
    x, y = ("%xi", "%yi") if ty == "index" else ("%x", "%y")
    if op == "copy":  # a pure load -> store
        return text + ("  ktdp.store %x, %tc : tensor<8xi64>, "
                       "!ktdp.access_tile<8xindex>\n  return\n}\n")
    if op.startswith("cmpi_"):
        text += "  %%p = arith.cmpi %s, %s, %s : %s\n" % (op[5:], x, y, t)
        text += "  %o = arith.extui %p : tensor<8xi1> to tensor<8xi64>\n"
    else:
        text += "  %%r = arith.%s %s, %s : %s\n" % (op, x, y, t)
        if ty == "index":
            text += "  %%o = arith.index_cast %%r : %s to tensor<8xi64>\n" % t
        else:
            text = text.replace("%r = ", "%o = ")
    text += "  ktdp.store %o, %tc : tensor<8xi64>, !ktdp.access_tile<8xindex>\n"
    text += "  return\n}\n"
    return text


def scalar_ops(op):
    text = ""
    last = "%x"
    for i in range(8):
        text += "  %%k%d = arith.constant %d : index\n" % (i, i)
        text += "  %%x%d = tensor.extract %%x[%%k%d] : tensor<8xi64>\n" % (i, i)
        text += "  %%y%d = tensor.extract %%y[%%k%d] : tensor<8xi64>\n" % (i, i)
        if op == "copy":
            text += "  %%r%d = arith.ori %%x%d, %%x%d : i64\n" % (i, i, i)
        elif op.startswith("cmpi_"):
            text += "  %%p%d = arith.cmpi %s, %%x%d, %%y%d : i64\n" % (i, op[5:], i, i)
            text += "  %%r%d = arith.extui %%p%d : i1 to i64\n" % (i, i)
        else:
            text += "  %%r%d = arith.%s %%x%d, %%y%d : i64\n" % (i, op, i, i)
        text += "  %%z%d = tensor.insert %%r%d into %s[%%k%d] : tensor<8xi64>\n" % (i, i, last, i)
        last = "%%z%d" % i
    return text + ("  ktdp.store %s, %%tc : tensor<8xi64>, "
                   "!ktdp.access_tile<8xindex>\n  return\n}\n" % last)


def main():
    op, ty, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    b = SHIFT if op.startswith("sh") else B
    want = [wrap(OPS[op](x, y)) for x, y in zip(A, b)]
    npy(os.path.join(out, "a.npy"), A)
    npy(os.path.join(out, "b.npy"), b)
    npy(os.path.join(out, "c.npy"), [0] * 8)
    npy(os.path.join(out, "want.npy"), want)
    with open(os.path.join(out, "kernel.mlir"), "w") as f:
        f.write(kernel(op, ty))


main()
