#!/usr/bin/env bash
# Usage: check-deb.sh BUILD_DIR SOURCE_DIR
# Builds the .deb with CPack, checks that it holds what a user installs
# (binaries, samples, desktop entry, icon, AppStream metainfo), and validates
# the desktop entry and metainfo files.
set -euo pipefail
build=$1; src=$2
rm -rf "$build/packages"
(cd "$build" && cpack -G DEB > "$build/cpack.log" 2>&1) || { cat "$build/cpack.log"; exit 1; }
deb=$(ls "$build"/packages/spyre-explorer_*.deb)
echo "built $deb"
contents=$(dpkg-deb -c "$deb")
status=0
for f in ./usr/bin/spyre-opt ./usr/bin/spyre-run ./usr/bin/spyre-explorer \
         ./usr/share/spyre-explorer/samples/elementwise_add.mlir \
         ./usr/share/applications/org.spyre_explorer.SpyreExplorer.desktop \
         ./usr/share/metainfo/org.spyre_explorer.SpyreExplorer.metainfo.xml \
         ./usr/share/icons/hicolor/scalable/apps/spyre-explorer.svg; do
  if grep -q " $f\$" <<< "$contents"; then echo "PASS contains $f"; else echo "FAIL missing $f"; status=1; fi
done
nsamples=$(grep -c "/usr/share/spyre-explorer/samples/.*\.mlir$" <<< "$contents" || true)
nsrc=$(ls "$src"/samples/*.mlir "$src"/samples/devices/*.mlir | wc -l)
if [[ $nsamples -eq $nsrc ]]; then echo "PASS all $nsrc samples packaged"; else echo "FAIL $nsamples of $nsrc samples packaged"; status=1; fi
depends=$(dpkg-deb -f "$deb" Depends)
if grep -q "libmlir-22" <<< "$depends"; then echo "PASS depends: $depends"; else echo "FAIL Depends lacks libmlir-22: $depends"; status=1; fi
desktop-file-validate "$src/packaging/org.spyre_explorer.SpyreExplorer.desktop" && echo "PASS desktop entry validates" || { echo "FAIL desktop entry"; status=1; }
appstreamcli validate --no-net "$src/packaging/org.spyre_explorer.SpyreExplorer.metainfo.xml" && echo "PASS metainfo validates" || { echo "FAIL metainfo"; status=1; }
exit $status
