"""Writes the hostile inputs the robustness lit tests feed the tools.

    hostile.py nest N OUT.mlir            N nested scf.if
    hostile.py longloc N OUT.mlir         a loc("...") of N characters
    hostile.py chain N OUT.mlir           a set constraint d0 + 0 + ... (N terms)
    hostile.py npy DESCR SHAPE OUT.npy    zeros, e.g. '<f2' 10,64
    hostile.py i64 V1,V2,... OUT.npy      a 1-D '<i8' array of those values
    hostile.py npz OUT.npz NAME=DESCR:SHAPE[:stored]...
                                          members of zeros (deflated unless
                                          :stored); a shape may be huge
    hostile.py record OUT.json KEY=VALUE...  a record for Inputs/tile.mlir
                                          (a, b: 4x64 f16) with overrides

No NumPy needed: the .npy format is written by hand.
"""
import json
import struct
import sys
import zipfile
import zlib


def npy_header(descr, shape):
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    text = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    pad = 64 - (10 + len(text) + 1) % 64
    text += " " * pad + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode()


def size_of(descr):
    return int(descr[-1])


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def shape_of(text):
    return [int(d) for d in text.split(",") if d]


def write_npy(path, descr, shape):
    with open(path, "wb") as f:
        f.write(npy_header(descr, shape))
        f.write(b"\0" * (count(shape) * size_of(descr)))


def write_npz(path, members):
    with zipfile.ZipFile(path, "w") as z:
        for spec in members:
            name, rest = spec.split("=", 1)
            parts = rest.split(":")
            descr, shape = parts[0], shape_of(parts[1])
            stored = len(parts) > 2 and parts[2] == "stored"
            info = zipfile.ZipInfo(name + ".npy")
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            with z.open(info, "w", force_zip64=True) as m:
                m.write(npy_header(descr, shape))
                left = count(shape) * size_of(descr)
                block = b"\0" * (1 << 20)
                while left > 0:
                    m.write(block[: min(left, len(block))])
                    left -= len(block)


def write_record(path, overrides):
    record = {
        "function": "copy",
        "grid": [1],
        "args": {"a": {"kind": "array"}, "b": {"kind": "array"}},
        "memory_manifest": {
            "a": {"kind": "array_arg", "hbm_byte_range": [65536, 66048]},
            "b": {"kind": "array_arg", "hbm_byte_range": [66048, 66560]},
        },
        "latency": {
            "hw_config": {"clock_ghz": 1.0, "hbm_bandwidth_tb_s": 0.128,
                          "ring_bandwidth_tb_s": 0.064, "lx_size_mb": 2,
                          "num_cores": 32, "simd_elements_per_cycle": 64,
                          "systolic_rows": 8, "transcendental_penalty": 4},
            "kernel_cycles": 0, "bottleneck": "memory", "per_core": [],
        },
    }
    for item in overrides:
        key, value = item.split("=", 1)
        node = record
        *path_keys, last = key.split(".")
        for k in path_keys:
            node = node.setdefault(k, {})
        node[last] = json.loads(value)
    with open(path, "w") as f:
        json.dump(record, f)
    members = ["in__" + k + "=<f2:4,64" for k in record["memory_manifest"]]
    write_npz(path[:-5] + ".npz", members)


def main():
    kind = sys.argv[1]
    if kind == "nest":
        n, out = int(sys.argv[2]), sys.argv[3]
        body = "  scf.if %c {\n" * n + "  }\n" * n
        with open(out, "w") as f:
            f.write("func.func @deep(%c: i1) attributes {grid = [1]} {\n" + body
                    + "  return\n}\n")
    elif kind == "longloc":
        n, out = int(sys.argv[2]), sys.argv[3]
        with open(out, "w") as f:
            f.write("func.func @k(%n: index) attributes {grid = [1]} {\n"
                    "  %c = arith.constant 0 : index loc(\"" + "x" * n + "\")\n"
                    "  return\n}\n")
    elif kind == "chain":
        n, out = int(sys.argv[2]), sys.argv[3]
        with open(out, "w") as f:
            f.write("#s = affine_set<(d0) : (d0" + " + 0" * n + " >= 0)>\n"
                    "func.func @k(%n: index) attributes {grid = [1], s = #s} {\n"
                    "  return\n}\n")
    elif kind == "npy":
        write_npy(sys.argv[4], sys.argv[2], shape_of(sys.argv[3]))
    elif kind == "i64":
        values = [int(v) for v in sys.argv[2].split(",")]
        with open(sys.argv[3], "wb") as f:
            f.write(npy_header("<i8", [len(values)]))
            f.write(struct.pack("<%dq" % len(values), *values))
    elif kind == "npz":
        write_npz(sys.argv[2], sys.argv[3:])
    elif kind == "record":
        write_record(sys.argv[2], sys.argv[3:])
    else:
        sys.exit("unknown kind " + kind)


if __name__ == "__main__":
    main()
