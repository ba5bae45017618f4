#!/usr/bin/env python3
"""Finds names with linkage that two files of one test suite both define.

    scripts/check-suite-names.py BUILD_DIR

A test suite (tests/TestSuite.cmake) links several Qt Test files into one
executable. A function or variable outside an anonymous namespace and not
`static`, defined by two of its files, stops the link; but two classes of
the same name (outside an anonymous namespace) with member functions defined
in their class body are an ODR violation the linker does not see: it keeps
one file's inline functions for both, and a test may silently run the other
file's code. This lists every class, struct, union, enum, function or
variable that two files of one suite define at namespace scope outside an
anonymous namespace (the suites and their files are read from BUILD_DIR's
compile_commands.json: the targets whose files include tests/suite/
SuiteEntry.h, a unity batch read as the files it includes) and exits 1 if
there is one. (Within one unity batch the compiler sees a clash itself;
build.unity_names checks the file-local names.) Needs universal-ctags (Debian:
universal-ctags).
"""
import collections
import json
import os
import re
import shutil
import subprocess
import sys

TARGET = re.compile(r'CMakeFiles/(\w+)\.dir/')
KINDS = ('class', 'struct', 'union', 'enum', 'function', 'variable')


def external_names(path):
    """(name, kind, scope) `path` defines with linkage at namespace scope."""
    out = subprocess.run(
        ['ctags', '-o', '-', '--language-force=C++', '--fields=+sKzZ', path],
        capture_output=True, text=True, check=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split('\t')
        fields = dict(p.split(':', 1) for p in parts[3:] if ':' in p)
        kind, scope = fields.get('kind', ''), fields.get('scope', '')
        if kind not in KINDS or parts[0].startswith('__anon') or '__anon' in scope:
            continue
        if scope and not scope.startswith('namespace:'):
            continue  # members, locals
        if 'file' in fields and kind in ('function', 'variable'):
            continue  # static: ctags marks a class of a .cpp file `file:` too
        names.add((parts[0], kind, scope))
    return names


def suites(build):
    """{suite target: [its .cpp files]} from compile_commands.json."""
    by_target = collections.defaultdict(set)
    for entry in json.load(open(os.path.join(build, 'compile_commands.json'))):
        command = entry.get('command') or ' '.join(entry.get('arguments', []))
        m = TARGET.search(entry.get('output', '') or command)
        if not m or '_autogen' in entry['file']:
            continue
        if entry['file'].endswith('.cpp'):
            files = [entry['file']]
        elif '/Unity/' in entry['file']:  # a unity batch: the files it includes
            files = re.findall(r'#include "([^"]+\.cpp)"', open(entry['file']).read())
        else:
            continue
        suite_entry = 'SuiteEntry.h' in command
        for pch in re.findall(r'-include (\S+cmake_pch\.hxx)', command):
            pch = os.path.join(entry['directory'], pch)
            suite_entry |= os.path.exists(pch) and 'SuiteEntry.h' in open(pch).read()
        if suite_entry:
            by_target[m.group(1)].update(files)
    return by_target


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    if not shutil.which('ctags'):
        sys.exit('needs universal-ctags (Debian: universal-ctags)')
    found, clashes = suites(sys.argv[1]), 0
    nfiles = 0
    for suite, files in sorted(found.items()):
        seen = collections.defaultdict(list)
        for f in sorted(files):
            nfiles += 1
            for name, kind, scope in external_names(f):
                seen[(name, kind, scope)].append(os.path.basename(f))
        for (name, kind, scope), where in sorted(seen.items()):
            if len(where) > 1:
                clashes += 1
                print('%s: %s `%s`%s in %s' % (suite, kind, name,
                      ' (' + scope + ')' if scope else '', ', '.join(where)))
    print('%d suites, %d files, %d names defined twice' % (len(found), nfiles, clashes))
    return 1 if clashes or not found else 0


if __name__ == '__main__':
    sys.exit(main())
