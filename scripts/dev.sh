#!/usr/bin/env bash
# Spyre Explorer's one entry point for people and CI.
#
#   scripts/dev.sh run    install what is missing, build, open the default sample
#   scripts/dev.sh test   install what is missing, build, run the whole test suite
#
# Installs only the Debian packages that are not installed yet (apt-get needs
# root; sudo is used when not root). SPYRE_BUILD_DIR overrides build/.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SPYRE_BUILD_DIR:-$root/build}
default_sample=$root/samples/elementwise_add.mlir

packages=(
  cmake ninja-build g++ ccache python3 dpkg-dev
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libqscintilla2-qt6-dev
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools
  libxkbcommon-dev libzstd-dev libedit-dev libzip-dev nlohmann-json3-dev
  libtomlplusplus-dev zlib1g-dev
  desktop-file-utils appstream xvfb universal-ctags
)

install_missing() {
  local missing=() p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$p")
  done
  if ((${#missing[@]} == 0)); then
    echo "-- all ${#packages[@]} Debian packages are installed"
    return
  fi
  echo "-- installing: ${missing[*]}"
  local sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}"
}

build_all() {
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
  cmake --build "$build"
}

case ${1:-} in
  run)
    install_missing
    build_all
    if [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
      exec "$build/bin/spyre-explorer" "$default_sample"
    fi
    # No display (a server, a container): show the default sample on the
    # command line instead: its IR after the pipeline, and a run.
    echo "-- no display for the GUI; spyre-opt and spyre-run on $default_sample:"
    "$build/bin/spyre-opt" --ktir-to-dataflow "$default_sample"
    "$build/bin/spyre-run" "$default_sample" --seed 0
    ;;
  test)
    install_missing
    build_all
    ctest --test-dir "$build" --output-on-failure -j 2
    ;;
  *)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac
