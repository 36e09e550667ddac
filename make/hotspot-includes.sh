#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Upstream's include-order rule (test/hotspot/jtreg/sources/SortIncludes.java, which upstream's
# TestIncludesAreSorted runs over a few directories) applied to Jaguar's change set: every new
# file sorted, and no patch adding disorder to an upstream file (several are unsorted in the
# pinned release itself, so a patched file is compared with its pristine copy: sorting must move
# no more lines after the patch than before it).
# Usage: hotspot-includes.sh JAVA TARBALL SRC_TREE JAGUAR_TOPDIR
set -euo pipefail
java=$1 tarball=$2 tree=$3 top=$4
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
"$(dirname "$java")/javac" -d "$work/classes" "$tree/test/hotspot/jtreg/sources/SortIncludes.java"
sort_includes="-cp $work/classes SortIncludes"

mapfile -t new < <(cd "$top" && find src/hotspot -type f ! -path 'src/hotspot/patches/*' -name '*.[ch]pp' | sort)
if ! "$java" $sort_includes "${new[@]/#/$tree/}" > "$work/new.log" 2>&1; then
  grep -A50 'unsorted headers' "$work/new.log" | sed "s|$tree/||"
  echo "includes out of order in Jaguar's new files: 'java $tree/test/hotspot/jtreg/sources/SortIncludes.java --update FILE' sorts them" >&2
  exit 1
fi

# Lines that sorting moves in a file.
moved() {
  cp "$1" "$work/f.cpp" && cp "$1" "$work/orig.cpp"
  "$java" $sort_includes --update "$work/f.cpp" > /dev/null
  diff "$work/orig.cpp" "$work/f.cpp" | grep -c '^[<>]' || true
}
mapfile -t patched < <(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$top"/src/hotspot/patches/*.patch | sort -u)
top_dir=$(set +o pipefail; tar tf "$tarball" | head -1 | cut -d/ -f1)
tar xf "$tarball" -C "$work" "${patched[@]/#/$top_dir/}"
bad=0
for f in "${patched[@]}"; do
  before=$(moved "$work/$top_dir/$f") after=$(moved "$tree/$f")
  if [ "$after" -gt "$before" ]; then
    echo "  $f: Jaguar's patch puts an #include out of order (sorting moves $after lines, $before before the patch)"
    bad=1
  fi
done
[ $bad -eq 0 ] || { echo "includes out of order in patched upstream files: fix src/hotspot/patches" >&2; exit 1; }
echo "  includes in order: ${#new[@]} new files sorted, ${#patched[@]} patched files no less sorted than upstream's"
