#!/usr/bin/env python3
"""Checks what views/ and app/ include from core/.

    scripts/check-gui-includes.py [SOURCE_DIR]

The GUI never sees MLIR or LLVM (docs/app.md, "What the GUI includes"): no
file of views/ or app/ includes an mlir/ or llvm/ header, directly or
through the core/ headers it includes, and each includes core/ headers
only from the folders its rule allows:

    views/ (and views/models/): driver/, arch/Arch.h, emu/ (data headers)
    app/:  the same, and spyrecode/ (the MLIR-free module and listing),
           support/

Prints every include that breaks the rule, with the chain that leads to it,
and exits 1 if there is one.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)
ALLOWED = {
    'views': ('driver/', 'arch/Arch.h', 'emu/'),
    'app': ('driver/', 'arch/Arch.h', 'emu/', 'spyrecode/', 'support/'),
}
CORE_FOLDERS = None


def includes(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return INCLUDE.findall(f.read())


def core_header(root, name):
    """The core/ file `name` names (`driver/Run.h`), or None."""
    if name.split('/', 1)[0] not in CORE_FOLDERS:
        return None
    path = os.path.join(root, 'core', name)
    return path if os.path.isfile(path) else None


def forbidden_chain(root, name, seen):
    """The include chain from core header `name` to an MLIR/LLVM header."""
    path = core_header(root, name)
    if path is None or path in seen:
        return None
    seen.add(path)
    for inc in includes(path):
        if inc.startswith(('mlir/', 'llvm/', 'llvm-c/')):
            return [name, inc]
        chain = forbidden_chain(root, inc, seen)
        if chain:
            return [name] + chain
    return None


def main():
    global CORE_FOLDERS
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..')
    CORE_FOLDERS = {d for d in os.listdir(os.path.join(root, 'core'))
                    if os.path.isdir(os.path.join(root, 'core', d))}
    problems, files = [], 0
    for top, allowed in ALLOWED.items():
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for n in sorted(names):
                if not n.endswith(('.h', '.cpp')):
                    continue
                files += 1
                path = os.path.join(dirpath, n)
                rel = os.path.relpath(path, root)
                for inc in includes(path):
                    if inc.startswith(('mlir/', 'llvm/', 'llvm-c/')):
                        problems.append('%s: includes %s' % (rel, inc))
                        continue
                    if core_header(root, inc) is None:
                        continue
                    if not inc.startswith(allowed):
                        problems.append('%s: includes core/%s (%s/ may include '
                                        'core/ only from: %s)'
                                        % (rel, inc, top, ', '.join(allowed)))
                    chain = forbidden_chain(root, inc, set())
                    if chain:
                        problems.append('%s: reaches %s through %s'
                                        % (rel, chain[-1], ' -> '.join(chain[:-1])))
    for p in problems:
        print(p)
    print('%d files of views/ and app/, %d includes against the rule'
          % (files, len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
