#!/usr/bin/env bash
# Usage: bisect-part.sh PART PARTS SPYRE_RUN KERNELS_DIR
# bisect.sh on one part of KERNELS_DIR: every PARTS-th kernel from the
# PART-th (counting from 0, in name order), so that ctest runs the parts
# side by side (stagex.bisect_kernels.N); each kernel's checks are
# bisect.sh's own.
set -u
part=$1; parts=$2; run=$3; dir=$4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
i=0
for f in "$dir"/*.mlir; do
  [[ -e $f ]] || continue
  (( i % parts == part )) && ln -s "$f" "$tmp/"
  i=$((i + 1))
done
bash "$(dirname "$0")/bisect.sh" "$run" "$tmp"
