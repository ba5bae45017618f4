#!/usr/bin/env bash
# Measures a cold build and the test suite, the way docs/build-performance.md
# reports them.
#
#   scripts/measure-build.sh [options] [SOURCE [SOURCE]]
#
# SOURCE is a commit of this repository (anything `git rev-parse` takes:
# main, a1b2c3d, HEAD~4) or a source folder; without one, the working tree
# this script is in. With two, both are measured one after the other and
# shown side by side (the first is "before").
#
# For each SOURCE: an empty build folder, CCACHE_DISABLE=1, configure + build
# with -j N under /usr/bin/time -v (wall, user + sys CPU seconds of every
# process, peak memory of the largest one), the ten slowest translation units
# from .ninja_log (wall, so they depend on the machine's load) and by their
# own CPU seconds (load-independent), then `ctest -j N` timed the same way
# with its ten slowest tests.
#
# Options:
#   -j N            parallel jobs for the build and ctest (default 2)
#   --no-tests      build only
#   --ccache-check  afterwards, build twice more with ccache on (a temporary,
#                   empty cache; two fresh folders) and report the second
#                   build's hits: the precompiled headers must not defeat it
#   --out DIR       where sources, builds and reports go
#                   (default /tmp/spyre-measure-<date>-<time>)
#   --corpus DIR    the KTIR corpus (default: ../shared/corpus beside the
#                   checkout, as CMakeLists.txt assumes); given explicitly to
#                   every build so extracted commits register the same tests
#   --keep          keep the build folders (default: removed after measuring,
#                   each is several GB)
#
# Everything runs unattended; the report is DIR/report.md (also printed).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=2
tests=1
ccache_check=0
keep=0
out=/tmp/spyre-measure-$(date +%Y%m%d-%H%M%S)
corpus=$(cd "$root/.." && pwd)/shared/corpus
sources=()

while (($#)); do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --no-tests) tests=0; shift ;;
    --ccache-check) ccache_check=1; shift ;;
    --out) out=$2; shift 2 ;;
    --corpus) corpus=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) sources+=("$1"); shift ;;
  esac
done
((${#sources[@]} <= 2)) || { echo "at most two sources" >&2; exit 2; }
((${#sources[@]})) || sources=("$root")
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (Debian: time)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "needs python3" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
corpus_arg=()
[[ -d $corpus ]] && corpus_arg=(-DSPYRE_CORPUS_DIR="$(cd "$corpus" && pwd)")

# A `ccache` first on PATH: CMakeLists.txt's find_program(ccache) finds it
# and uses it as the compiler launcher. It records each compile's own CPU
# seconds and peak memory, then runs the real ccache (which CCACHE_DISABLE=1
# turns into the compiler alone) or, without ccache, the compiler.
shim=$out/shim
mkdir -p "$shim"
real_ccache=$(command -v ccache || true)
cat >"$shim/ccache" <<EOF
#!/usr/bin/env bash
o=
prev=
for a in "\$@"; do [[ \$prev == -o ]] && o=\$a; prev=\$a; done
t=\$(mktemp)
/usr/bin/time -f '%e %U %S %M' -o "\$t" ${real_ccache:-} "\$@"
rc=\$?
if [[ -n \${SPYRE_TU_LOG:-} ]]; then
  echo "\$(tail -n 1 "\$t") \$o" >>"\$SPYRE_TU_LOG"
fi
rm -f "\$t"
exit \$rc
EOF
chmod +x "$shim/ccache"

# resolve SOURCE -> prints "label<TAB>folder"
resolve() {
  local s=$1
  if [[ -d $s && -f $s/CMakeLists.txt ]]; then
    local dir; dir=$(cd "$s" && pwd)
    local label; label=$(basename "$dir")
    if git -C "$dir" rev-parse --short HEAD >/dev/null 2>&1; then
      label="$label@$(git -C "$dir" rev-parse --short HEAD)"
      git -C "$dir" diff --quiet HEAD 2>/dev/null || label="$label+changes"
    fi
    printf '%s\t%s\n' "$label" "$dir"
    return
  fi
  local sha
  sha=$(git -C "$root" rev-parse --verify --quiet "$s^{commit}") \
    || { echo "$s is neither a source folder nor a commit" >&2; exit 2; }
  local short=${sha:0:9}
  local dir=$out/src-$short
  if [[ ! -f $dir/CMakeLists.txt ]]; then
    rm -rf "$dir"; mkdir -p "$dir"
    git -C "$root" archive "$sha" | tar -x -C "$dir"
  fi
  printf '%s\t%s\n' "$short ($s)" "$dir"
}

# field NAME FILE: a value of /usr/bin/time -v's report
field() { sed -n "s/^[[:space:]]*$1: //p" "$2" | tail -n 1; }

measure() {
  local label=$1 src=$2 tag=$3
  local dir=$out/$tag build=$out/$tag/build
  rm -rf "$dir"; mkdir -p "$dir"
  echo "== $label: cold build of $src in $build (-j$jobs, CCACHE_DISABLE=1)"
  : >"$dir/tu.log"
  set +e
  env PATH="$shim:$PATH" CCACHE_DISABLE=1 SPYRE_TU_LOG="$dir/tu.log" \
    /usr/bin/time -v -o "$dir/time-build.txt" \
    bash -c 'cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release "${@:4}" \
             && cmake --build "$2" -j "$3"' _ "$src" "$build" "$jobs" "${corpus_arg[@]}" \
    >"$dir/build.log" 2>&1
  local rc=$?
  set -e
  if ((rc)); then
    echo "build failed (exit $rc): see $dir/build.log" >&2
    tail -n 30 "$dir/build.log" >&2
    exit 1
  fi
  cp "$build/.ninja_log" "$dir/ninja_log"
  grep -o '^\[[0-9]*/[0-9]*\]' "$dir/build.log" | tail -n 1 | tr -d '[]' \
    | cut -d/ -f2 >"$dir/steps"
  if ((tests)); then
    echo "== $label: ctest -j$jobs"
    set +e
    /usr/bin/time -v -o "$dir/time-tests.txt" \
      ctest --test-dir "$build" -j "$jobs" --output-on-failure >"$dir/ctest.log" 2>&1
    echo $? >"$dir/ctest.rc"
    set -e
  fi
  if ((ccache_check)); then
    echo "== $label: ccache check (two more builds with an empty temporary cache)"
    local cdir=$dir/ccache
    rm -rf "$cdir" "$dir/cc1" "$dir/cc2"
    local i
    for i in 1 2; do
      [[ $i == 2 ]] && env CCACHE_DIR="$cdir" ccache -z >/dev/null
      env -u CCACHE_DISABLE CCACHE_DIR="$cdir" CCACHE_BASEDIR="$out" CCACHE_NOHASHDIR=1 \
        bash -c 'cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release "${@:4}" \
                 && cmake --build "$2" -j "$3"' _ "$src" "$dir/cc$i" "$jobs" "${corpus_arg[@]}" \
        >"$dir/cc$i.log" 2>&1 || { echo "ccache build $i failed: $dir/cc$i.log" >&2; exit 1; }
    done
    env CCACHE_DIR="$cdir" ccache -s >"$dir/ccache-stats.txt"
    ((keep)) || rm -rf "$dir/cc1" "$dir/cc2" "$cdir"
  fi
  ((keep)) || rm -rf "$build"
}

labels=()
tags=()
i=0
for s in "${sources[@]}"; do
  IFS=$'\t' read -r label src < <(resolve "$s")
  tag=$([[ $i == 0 && ${#sources[@]} == 2 ]] && echo before || echo after)
  ((${#sources[@]} == 1)) && tag=run
  measure "$label" "$src" "$tag"
  labels+=("$label"); tags+=("$tag")
  i=$((i + 1))
done

python3 - "$out" "$jobs" "${#labels[@]}" "${labels[@]}" "${tags[@]}" <<'PY' | tee "$out/report.md"
import os, re, sys
out, jobs, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
labels, tags = sys.argv[4:4 + n], sys.argv[4 + n:4 + 2 * n]

def timev(path):
    if not os.path.exists(path):
        return None
    t = {}
    for line in open(path):
        k, _, v = line.strip().partition(': ')
        t[k] = v
    wall = t.get('Elapsed (wall clock) time (h:mm:ss or m:ss)', '0:0')
    secs = 0.0
    for part in wall.split(':'):
        secs = secs * 60 + float(part)
    return {'wall': secs, 'user': float(t['User time (seconds)']),
            'sys': float(t['System time (seconds)']),
            'peak': int(t['Maximum resident set size (kbytes)']) / 1024 / 1024}

def mmss(s):
    return '%d min %02d s' % (s // 60, round(s % 60)) if s >= 60 else '%.0f s' % s

def short(path):
    path = re.sub(r'^.*?CMakeFiles/[^/]+\.dir/', '', path)
    return path

def ninja_tus(d):
    seen, rows = set(), []
    for line in open(os.path.join(d, 'ninja_log')):
        if line.startswith('#'):
            continue
        start, end, _, output, h = line.split('\t')
        if not re.search(r'\.(o|gch)$', output) or (start, end, h) in seen:
            continue
        seen.add((start, end, h))
        rows.append(((int(end) - int(start)) / 1000.0, short(output)))
    return sorted(rows, reverse=True)

def cpu_tus(d):
    rows = []
    for line in open(os.path.join(d, 'tu.log')):
        parts = line.split()
        if len(parts) < 5:
            continue
        rows.append((float(parts[1]) + float(parts[2]), int(parts[3]) / 1024, short(parts[4])))
    return sorted(rows, reverse=True)

def by_target(d):
    sums = {}
    for line in open(os.path.join(d, 'tu.log')):
        parts = line.split()
        if len(parts) < 5:
            continue
        m = re.search(r'CMakeFiles/([^/]+)\.dir/', parts[4])
        name = m.group(1) if m else parts[4]
        sums[name] = sums.get(name, 0.0) + float(parts[1]) + float(parts[2])
    return sums

def tests(d):
    log = os.path.join(d, 'ctest.log')
    if not os.path.exists(log):
        return None
    rows, summary, total = [], '', None
    for line in open(log):
        m = re.match(r'\s*\d+/\d+ Test\s+#\d+: (\S+) \.+\s*(.*?)\s+([\d.]+) sec', line)
        if m:
            rows.append((float(m.group(3)), m.group(1), m.group(2).strip()))
        if 'tests passed' in line:
            summary = line.strip()
        m = re.match(r'Total Test time \(real\) =\s*([\d.]+) sec', line)
        if m:
            total = float(m.group(1))
    return sorted(rows, reverse=True), summary, total

data = []
for label, tag in zip(labels, tags):
    d = os.path.join(out, tag)
    b = timev(os.path.join(d, 'time-build.txt'))
    steps = open(os.path.join(d, 'steps')).read().strip()
    tus = cpu_tus(d)
    data.append(dict(label=label, d=d, b=b, steps=steps, tus=tus, ninja=ninja_tus(d),
                     t=timev(os.path.join(d, 'time-tests.txt')), tests=tests(d),
                     tucpu=sum(r[0] for r in tus)))

print('# Cold build and tests (-j%s, CCACHE_DISABLE=1, empty build folder)\n' % jobs)
print('| | ' + ' | '.join(x['label'] for x in data) + ' |')
print('|---|' + '---|' * len(data))
def row(name, f):
    print('| %s | %s |' % (name, ' | '.join(f(x) for x in data)))
row('build wall', lambda x: mmss(x['b']['wall']))
row('build CPU s (user + sys)', lambda x: '%.0f (%.0f + %.0f)' % (
    x['b']['user'] + x['b']['sys'], x['b']['user'], x['b']['sys']))
row('of which compiling (sum over TUs)', lambda x: '%.0f' % x['tucpu'])
row('Ninja steps', lambda x: x['steps'])
row('translation units', lambda x: str(len(x['tus'])))
row('peak memory of one process', lambda x: '%.2f GB' % x['b']['peak'])
if any(x['t'] for x in data):
    row('ctest wall', lambda x: mmss(x['t']['wall']) if x['t'] else '-')
    row('ctest CPU s (user + sys)', lambda x: '%.0f' % (x['t']['user'] + x['t']['sys']) if x['t'] else '-')
    row('ctest result', lambda x: x['tests'][1] if x['tests'] else '-')

for x in data:
    print('\n## %s\n' % x['label'])
    print('Ten slowest translation units by their own CPU seconds (user + sys; peak memory):\n')
    for cpu, mem, name in x['tus'][:10]:
        print('- %6.1f s  %5.0f MB  %s' % (cpu, mem, name))
    print('\nTen slowest translation units in .ninja_log (wall, depends on load):\n')
    for secs, name in x['ninja'][:10]:
        print('- %6.1f s  %s' % (secs, name))
    print('\nCompile CPU seconds by target (the fifteen largest):\n')
    for name, cpu in sorted(by_target(x['d']).items(), key=lambda kv: -kv[1])[:15]:
        print('- %6.1f s  %s' % (cpu, name))
    if x['tests']:
        print('\nTen slowest tests (ctest -j%s, wall):\n' % jobs)
        for secs, name, status in x['tests'][0][:10]:
            print('- %6.1f s  %s%s' % (secs, name, '' if status == 'Passed' else '  ' + status))
    ccs = os.path.join(x['d'], 'ccache-stats.txt')
    if os.path.exists(ccs):
        print('\nccache, second build into a fresh folder:\n')
        for line in open(ccs):
            if re.match(r'\s*(Hits|Misses|Cacheable|Uncacheable)', line):
                print('    ' + line.rstrip())
print('\n(files: %s)' % out)
PY
