#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# make reproducible-check (doc/distribution.md, "Reproducibility"): clones one commit twice, at two
# paths, builds the bundles and the Debian package in each from nothing (./configure, then make
# bundles deb with ccache off, so every object is compiled twice), and lists every file that
# differs between the two JDK bundles, the two symbol bundles and the two packages, with its
# reason. A difference with a known reason (the table below) is reported and allowed; any other
# is listed as unexplained and fails the check. Not part of make test: it builds HotSpot twice.
# Usage: reproducible-check.sh REPOSITORY [COMMIT]
set -euo pipefail
repo=$(realpath "$1") commit=$(git -C "$1" rev-parse "${2:-HEAD}")
work=$(mktemp -d /tmp/jaguar-reproducible.XXXXXX)
echo "reproducible-check of $commit in $work (two clones, two builds; logs there)"

# Files allowed to differ, and why ($1: the file's name; $2, $3: its two copies). The package's
# metadata is allowed to differ only where it describes an allowed file.
aot='lib/tigris.aot'
reason() {
    case $1 in
        */$aot) echo "allowed: the AOT cache of the tigris launcher is trained by a sort; it records the training run's profiles and its JIT's timing" ;;
        ./DEBIAN/md5sums)
            if diff <(grep -v " usr/lib/jvm/[^/]*/$aot\$" "$2") <(grep -v " usr/lib/jvm/[^/]*/$aot\$" "$3") > /dev/null; then
                echo "allowed: only $aot's checksum differs"
            fi ;;
        ./DEBIAN/control)
            if diff <(grep -v '^Installed-Size:' "$2") <(grep -v '^Installed-Size:' "$3") > /dev/null; then
                echo "allowed: only Installed-Size differs, which counts $aot (its size depends on its training run)"
            fi ;;
    esac
}

for side in a b; do
    git clone -q "$repo" "$work/$side"
    git -C "$work/$side" checkout -q "$commit"
    echo "building $side (./configure && make bundles deb; log: $work/$side.log)"
    (cd "$work/$side" && ./configure && CCACHE_DISABLE=1 make bundles deb) > "$work/$side.log" 2>&1 \
        || { tail -30 "$work/$side.log"; echo "the build of $side failed"; exit 1; }
done

unexplained=0
compare_trees() {   # $1, $2: directories; $3: what they are
    local a=$1 b=$2 what=$3
    diff <(cd "$a" && find . | sort) <(cd "$b" && find . | sort) > "$work/names.diff" \
        || { echo "$what: the two builds hold different files:"; sed 's/^/  /' "$work/names.diff"; unexplained=$((unexplained + 1)); }
    while read -r f; do
        [ -f "$a/$f" ] && [ -f "$b/$f" ] || continue
        cmp -s "$a/$f" "$b/$f" && continue
        r=$(reason "$f" "$a/$f" "$b/$f")
        if [ -n "$r" ]; then echo "  $what $f: differs; $r"; else echo "  $what $f: differs, unexplained"; unexplained=$((unexplained + 1)); fi
    done < <(cd "$a" && find . -type f | sort)
}
for bundle in "jaguar-jdk-*_linux-x64_bin.tar.gz" "jaguar-jdk-*_linux-x64_bin-debug-symbols.tar.gz"; do
    for side in a b; do mkdir -p "$work/unpacked-$side/$bundle"; tar -xzf $work/$side/build/bundles/$bundle -C "$work/unpacked-$side/$bundle"; done
    compare_trees "$work/unpacked-a/$bundle" "$work/unpacked-b/$bundle" "$bundle:"
done
for side in a b; do mkdir -p "$work/deb-$side"; dpkg-deb -R $work/$side/build/bundles/jaguar-jdk_*_amd64.deb "$work/deb-$side"; done
compare_trees "$work/deb-a" "$work/deb-b" "deb:"
for f in $(cd "$work/a/build/bundles" && ls); do
    cmp -s "$work/a/build/bundles/$f" "$work/b/build/bundles/$f" && echo "  $f: identical" || echo "  $f: differs (see its files above)"
done
if [ "$unexplained" -gt 0 ]; then echo "reproducible-check: $unexplained unexplained differences"; exit 1; fi
echo "reproducible-check: no unexplained difference"
