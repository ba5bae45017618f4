#!/usr/bin/env python3
"""Finds file-local names that two files of one unity batch both define.

    scripts/check-unity-names.py BUILD_DIR

A unity build (SPYRE_UNITY_BUILD, core/CMakeLists.txt) compiles several .cpp
files as one translation unit, so what a file keeps to itself (a function,
type or variable of an anonymous namespace, a `static` function, a macro) is
seen by the files after it in its batch. Two such names with the same
signature stop the build; with different parameters they overload each other
and a call may silently pick the other file's function. This lists every name
defined file-locally in more than one file of a batch (the batches are
CMake's Unity/unity_*_cxx.cxx files in BUILD_DIR) and exits 1 if there is
one. Needs universal-ctags (Debian: universal-ctags).
"""
import collections
import glob
import os
import re
import shutil
import subprocess
import sys

# ctags scopes: `namespace:__anonXXXX` (an anonymous namespace at the top or
# inside a named one) or a named namespace.
ANON = re.compile(r'^namespace:(?:\w+::)*__anon\w+$')


def local_names(path):
    """Names `path` defines for itself: {name: kind}."""
    out = subprocess.run(
        ['ctags', '-o', '-', '--language-force=C++', '--fields=+sKzZ',
         '--extras=+F', path],
        capture_output=True, text=True, check=True).stdout
    names = {}
    for line in out.splitlines():
        parts = line.split('\t')
        name = parts[0]
        if name.startswith('__anon'):
            continue
        fields = dict(p.split(':', 1) for p in parts[3:] if ':' in p)
        kind, scope = fields.get('kind', ''), fields.get('scope', '')
        if kind in ('member', 'local', 'parameter', 'enumerator', 'namespace',
                    'header'):
            continue
        in_anon = bool(ANON.match(scope))
        static_free = ('file' in fields and kind in ('function', 'variable')
                       and (not scope or scope.startswith('namespace:')))
        if kind == 'macro' or in_anon or static_free:
            names[name] = kind
    return names


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    if not shutil.which('ctags'):
        sys.exit('needs universal-ctags (Debian: universal-ctags)')
    build = sys.argv[1]
    batches = sorted(glob.glob(os.path.join(build, '**', 'Unity',
                                            'unity_*_cxx.cxx'), recursive=True))
    cache, clashes = {}, 0
    for batch in batches:
        files = re.findall(r'#include "([^"]+\.cpp)"', open(batch).read())
        seen = collections.defaultdict(list)
        for f in files:
            if f not in cache:
                cache[f] = local_names(f)
            for name, kind in cache[f].items():
                seen[name].append('%s (%s)' % (os.path.basename(f), kind))
        for name, where in sorted(seen.items()):
            if len(where) > 1:
                clashes += 1
                print('%s: `%s` in %s' % (os.path.relpath(batch, build), name,
                                          ', '.join(where)))
    print('%d unity batches, %d files, %d clashing file-local names'
          % (len(batches), len(cache), clashes))
    return 1 if clashes else 0


if __name__ == '__main__':
    sys.exit(main())
