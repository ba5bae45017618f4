#!/usr/bin/env python3
# Usage: relayout-check.py SPYRE_RUN KERNELS_DIR
# Every inter-core relayout kernel of KERNELS_DIR (relayout_*.mlir: one
# ct_local view per piece on each side, %src and %dst) runs on the
# interpreter and on the emulator (seed 0, automatic addresses), and each
# engine's scratchpads after the run are checked against the movement the
# kernel's views describe, computed here independently: every element of
# every destination view equals the source element at the same logical
# coordinates (a replicated piece's views are slots stacked on dimension 0:
# docs/unseen-kernels.md). Prints one line per kernel and engine.
import ast, itertools, os, re, struct, subprocess, sys, tempfile, zipfile

VIEW = re.compile(
    r'construct_memory_view %(src|dst), sizes: \[([^\]]*)\], strides: '
    r'\[([^\]]*)\]\s*\{coordinate_set = #(\w+), memory_space = '
    r'#ktdp.memory_space<ct_local, ct_id = (\d+)>')


def load_npz(path):
    arrays = {}
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            raw = z.read(name)
            length = struct.unpack('<H', raw[8:10])[0]
            header = ast.literal_eval(raw[10:10 + length].decode())
            if header['descr'] != '<f2':
                continue
            data = raw[10 + length:]
            key = name[:-4].replace('out__', '')
            arrays[key] = struct.unpack('<%de' % (len(data) // 2), data)
    return arrays


def lower_corner(text, name):
    body = re.search('#' + name + r' = affine_set<[^:]*: \(([^)]*)\)>', text)
    corner = []
    for constraint in body.group(1).split(','):
        m = re.match(r'\s*d(\d+)( - (\d+))? >= 0', constraint)
        if m:
            corner.append(int(m.group(3) or 0))
    return corner


def check(run, kernel, engine):
    text = open(kernel).read()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'out.npz')
        proc = subprocess.run([run, kernel, '--seed', '0', '--engine', engine,
                               '--out', out], capture_output=True, text=True)
        if proc.returncode != 0:
            return 'spyre-run failed: ' + proc.stderr.strip().splitlines()[-1]
        memory = load_npz(out)
    address = {m.group(1): int(m.group(2)) for m in re.finditer(
        r'argument %(\w+) has no value .*?automatic address (\d+)', proc.stderr)}
    regions = []
    for key, values in memory.items():
        m = re.match(r'lx(\d+)_0x([0-9a-f]+)_f16$', key)
        if m:
            regions.append((int(m.group(1)), int(m.group(2), 16), values))

    def element(core, index):
        byte = 2 * index
        for c, start, values in regions:
            if c == core and 0 <= (byte - start) // 2 < len(values):
                return values[(byte - start) // 2]
        raise KeyError('core %d byte %d holds no output' % (core, byte))

    views = {'src': [], 'dst': []}
    for m in VIEW.finditer(text):
        sizes = [int(x) for x in m.group(2).split(',')]
        strides = [int(x) for x in m.group(3).split(',')]
        views[m.group(1)].append((sizes, strides,
                                  lower_corner(text, m.group(4)),
                                  int(m.group(5))))

    def source(coord):
        for sizes, strides, corner, core in views['src']:
            rel = [c - l for c, l in zip(coord, corner)]
            if all(0 <= r < n for r, n in zip(rel, sizes)):
                return element(core, address['src'] + sum(
                    r * s for r, s in zip(rel, strides)))
        raise KeyError('no source view holds %s' % coord)

    checked = 0
    for sizes, strides, corner, core in views['dst']:
        for rel in itertools.product(*[range(n) for n in sizes]):
            coord = [r + l for r, l in zip(rel, corner)]
            got = element(core, address['dst'] + sum(
                r * s for r, s in zip(rel, strides)))
            want = source(coord)
            if got != want and not (got != got and want != want):
                return 'core %d holds %r at %s, the source %r' % (
                    core, got, coord, want)
            checked += 1
    if checked == 0:
        return 'no destination view found'
    return None


def main():
    run, kernels = sys.argv[1], sys.argv[2]
    names = sorted(f for f in os.listdir(kernels)
                   if f.startswith('relayout_') and f.endswith('.mlir'))
    failed = 0
    for name in names:
        for engine in ('interp', 'emu'):
            why = check(run, os.path.join(kernels, name), engine)
            print(('FAIL ' if why else 'PASS ') + name + ' ' + engine +
                  (': ' + why if why else ''))
            failed += bool(why)
    print('%d passed, %d failed' % (2 * len(names) - failed, failed))
    return 1 if failed or not names else 0


sys.exit(main())
