#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# The bundles of make bundles (make test-bundles; doc/distribution.md): both checksums hold; the
# JDK bundle unpacks into one directory whose java and tigris run and say Jaguar; libjvm.so and
# hsdis are stripped, and the debug-symbols bundle, unpacked over the JDK, holds their symbols
# (the same build IDs; gdb reads Jaguar's source lines through the .gnu_debuglink).
# Usage: bundles-test.sh JDK_BUNDLE SYMBOLS_BUNDLE
set -euo pipefail
jdk=$(realpath "$1") symbols=$(realpath "$2")
pass=0
ok() { echo "  ok: $*"; pass=$((pass + 1)); }
fail() { echo "FAILED: $*" >&2; exit 1; }
build_id() { readelf -n "$1" | sed -n 's/.*Build ID: //p'; }

for b in "$jdk" "$symbols"; do
    (cd "$(dirname "$b")" && sha256sum --quiet -c "$(basename "$b").sha256") || fail "$(basename "$b"): checksum mismatch"
done
ok "checksums"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
tar -xzf "$jdk" -C "$dir"
top=$(ls "$dir")
[ "$(echo "$top" | wc -l)" = 1 ] || fail "the JDK bundle has more than one top directory: $top"
home=$dir/$top
"$home/bin/java" -version 2>&1 | grep -q "Jaguar-" || fail "java -version does not say Jaguar: $("$home/bin/java" -version 2>&1)"
"$home/bin/tigris" --version | grep -q "^tigris " || fail "tigris --version"
ok "$top: java and tigris run"

for lib in lib/server/libjvm.so lib/hsdis-amd64.so; do
    readelf -S "$home/$lib" | grep -q '\.debug_info' && fail "$lib carries its debug info (not stripped)"
    readelf -S "$home/$lib" | grep -q '\.gnu_debuglink' || fail "$lib has no .gnu_debuglink"
done
ok "libjvm.so and hsdis stripped, with debug links"
tar -xzf "$symbols" -C "$dir"
[ "$(build_id "$home/lib/server/libjvm.so")" = "$(build_id "$home/lib/server/libjvm.debuginfo")" ] \
    || fail "libjvm.debuginfo is not libjvm.so's (build IDs differ)"
[ "$(build_id "$home/lib/hsdis-amd64.so")" = "$(build_id "$home/lib/libhsdis.debuginfo")" ] \
    || fail "libhsdis.debuginfo is not hsdis-amd64.so's (build IDs differ)"
line=$(gdb -nx -batch -ex 'info line JaguarMappings::class_initializing' "$home/lib/server/libjvm.so" 2>&1)
# (With -g1 the function's .cold part, split off by GCC, has no line of its own: gdb lists both.)
found=$(grep -m1 -E '^Line [0-9]+ of "[^"]*jaguarMappings\.cpp"' <<< "$line") \
    || fail "gdb finds no source line of JaguarMappings::class_initializing: $line"
ok "debug symbols match (build IDs) and gdb reads them: ${found%% starts at*}"
echo "bundles test: $pass checks passed"
