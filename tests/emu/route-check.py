#!/usr/bin/env python3
# Usage: route-check.py SPYRE_RUN KERNELS_DIR
# The inter-tile routing kernels of KERNELS_DIR (route_*.mlir) run on the
# interpreter and on the emulator (seed 0), and each engine's outputs are
# checked against the kernel's movement computed here independently, from
# the inputs the run used: a routing that sent a consumer the wrong
# producer's partials would fail even if both engines agreed. f16 results
# are rounded once from the exact double result, as f16 arithmetic does.
# Prints one line per kernel and engine; exits 1 on any mismatch, or when a
# route_* kernel has no model here.
import ast, os, struct, subprocess, sys, tempfile

CODES = {'<f2': 'e', '<i4': 'i'}


def load_npy(path):
    raw = open(path, 'rb').read()
    length = struct.unpack('<H', raw[8:10])[0]
    header = ast.literal_eval(raw[10:10 + length].decode())
    code = CODES[header['descr']]
    data = raw[10 + length:]
    return list(struct.unpack('<%d%s' % (len(data) // struct.calcsize(code), code),
                              data))


def f16(x):
    return struct.unpack('<e', struct.pack('<e', x))[0]


def head_permutation(a):
    y, s = [None] * (32 * 4096), f16(0.08838834764)
    for p in range(32):
        c = 8 * (p % 4) + p // 4
        for r in range(32):
            for d in range(128):
                y[r * 4096 + 128 * c + d] = f16(a['x_ptr'][r * 4096 + 128 * p + d] * s)
    return {'y_ptr': y}


def ring_shift_kv(a):
    k = a['k_ptr']
    return {'out_ptr': [v for c in range(32)
                        for v in k[((c - 1) % 32) * 1024:((c - 1) % 32 + 1) * 1024]]}


def ring_shift_hidden(a):
    h, acc = a['h_ptr'], a['acc_ptr']
    return {'out_ptr': [f16(acc[128 * c + d] + h[128 * ((c + 1) % 32) + d])
                        for c in range(32) for d in range(128)]}


def block_transpose(a):
    x, y = a['x_ptr'], [None] * (32 * 1024)
    for g in range(2):
        for i in range(4):
            for j in range(4):
                for r in range(8):
                    for d in range(128):
                        y[(8 * i + r) * 1024 + 512 * g + 128 * j + d] = \
                            x[(8 * j + r) * 1024 + 512 * g + 128 * i + d]
    return {'y_ptr': y}


def argmax_merge(a):
    v, i = a['v_ptr'], a['i_ptr']
    vo, io = [], []
    for c in range(32):
        for e in range(8 * 64):
            mine, other = c * 512 + e, (c ^ 1) * 512 + e
            take = v[other] > v[mine] or (v[other] == v[mine] and i[other] < i[mine])
            vo.append(v[other] if take else v[mine])
            io.append(i[other] if take else i[mine])
    return {'vo_ptr': vo, 'io_ptr': io}


def gqa_fanout(a):
    q, k = a['q_ptr'], a['k_ptr']
    return {'y_ptr': [f16(q[r * 4096 + 128 * c + d] * k[r * 1024 + 128 * (c // 4) + d])
                      for r in range(32) for c in range(32) for d in range(128)]}


def ring_allgather(a):
    return {'out_ptr': a['h_ptr'] * 32}


MODELS = {
    'route_head_permutation_prefill': (['x_ptr'], ['y_ptr'], head_permutation),
    'route_ring_shift_kv_prefill': (['k_ptr'], ['out_ptr'], ring_shift_kv),
    'route_ring_shift_hidden_decode': (['h_ptr', 'acc_ptr'], ['out_ptr'],
                                       ring_shift_hidden),
    'route_block_transpose_k': (['x_ptr'], ['y_ptr'], block_transpose),
    'route_two_role_argmax_merge': (['v_ptr', 'i_ptr'], ['vo_ptr', 'io_ptr'],
                                    argmax_merge),
    'route_gqa_kv_fanout_prefill': (['q_ptr', 'k_ptr'], ['y_ptr'], gqa_fanout),
    'route_ring_allgather_hidden_decode': (['h_ptr'], ['out_ptr'], ring_allgather),
}


def check(run, path, engine, inputs, outputs, model):
    with tempfile.TemporaryDirectory() as tmp:
        names = inputs + outputs
        command = [run, path, '--seed', '0', '--engine', engine]
        for n in names:
            command += ['--output', '%s=%s' % (n, os.path.join(tmp, n + '.npy'))]
        proc = subprocess.run(command, capture_output=True, text=True)
        if proc.returncode != 0:
            return 'spyre-run failed: ' + (proc.stderr.strip().splitlines() or ['?'])[-1]
        got = {n: load_npy(os.path.join(tmp, n + '.npy')) for n in names}
    for name, want in model({n: got[n] for n in inputs}).items():
        wrong = sum(1 for w, g in zip(want, got[name]) if w != g)
        if wrong or len(want) != len(got[name]):
            return '%s: %d of %d elements differ from the routing' % (
                name, wrong, len(want))
    return None


def main():
    run, kernels = sys.argv[1], sys.argv[2]
    failed = False
    for name in sorted(os.listdir(kernels)):
        if not (name.startswith('route_') and name.endswith('.mlir')):
            continue
        stem = name[:-5]
        if stem not in MODELS:
            print('FAIL %s: no model of its routing here' % stem)
            failed = True
            continue
        inputs, outputs, model = MODELS[stem]
        for engine in ('interp', 'emu'):
            error = check(run, os.path.join(kernels, name), engine, inputs,
                          outputs, model)
            print('%s %s (%s)%s' % ('FAIL' if error else 'PASS', stem, engine,
                                    ': ' + error if error else ''))
            failed |= bool(error)
    sys.exit(1 if failed else 0)


main()
