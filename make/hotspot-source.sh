#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Lays out the OpenJDK source Jaguar's HotSpot is built from: the pinned tarball unpacked once,
# Jaguar's patches applied (files they touch are restored from the tarball first, so a changed
# patch set applies cleanly), and Jaguar's new files copied in. Files are rewritten only when
# their content changes, so OpenJDK's make and ccache see unchanged files as unchanged.
# Usage: hotspot-source.sh TARBALL SRC_TREE JAGUAR_TOPDIR
set -euo pipefail
tarball=$1 tree=$2 top=$3
patches=("$top"/src/hotspot/patches/*.patch)
applied="$tree/.jaguar-applied"      # the patch set last applied, as one checksum
touched="$tree/.jaguar-touched"      # the upstream files it changed
synced="$tree/.jaguar-synced"        # the new files copied in

[ -f "$tarball" ] || { echo "hotspot-source: $tarball is missing; rerun ./configure" >&2; exit 1; }
if [ ! -f "$tree/.jaguar-unpacked" ]; then
  echo "Unpacking $(basename "$tarball")"
  rm -rf "$tree" && mkdir -p "$tree"
  tar xf "$tarball" -C "$tree" --strip-components=1
  touch "$tree/.jaguar-unpacked"
fi

sum=$(cat "${patches[@]}" | sha256sum | cut -d' ' -f1)
if [ "$(cat "$applied" 2>/dev/null)" != "$sum" ]; then
  files=$( { cat "$touched" 2>/dev/null || true; sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "${patches[@]}"; } | sort -u)
  if [ -n "$files" ]; then
    # Restore pristine copies from the tarball, then apply every patch in order.
    top_dir=$(set +o pipefail; tar tf "$tarball" | head -1 | cut -d/ -f1)
    tar xf "$tarball" -C "$tree" --strip-components=1 $(printf "$top_dir/%s " $files)
  fi
  for p in "${patches[@]}"; do
    if ! patch -d "$tree" -p1 --forward --no-backup-if-mismatch --quiet < "$p"; then
      echo "hotspot-source: $(basename "$p") does not apply to $(basename "$tarball"): rebase it (doc/hotspot.md)" >&2
      rm -f "$applied"; exit 1
    fi
  done
  printf '%s\n' $files > "$touched"
  echo "$sum" > "$applied"
  echo "Applied ${#patches[@]} HotSpot patches"
fi

# New files: src/hotspot/** except the patches, at the same paths in the tree.
: > "$synced.new"
(cd "$top" && find src/hotspot -type f ! -path 'src/hotspot/patches/*' | sort) | while read -r f; do
  echo "$f" >> "$synced.new"
  if ! cmp -s "$top/$f" "$tree/$f"; then
    [ -e "$tree/$f" ] && ! grep -qx "$f" "$synced" 2>/dev/null && { echo "hotspot-source: $f would overwrite an upstream file; change it with a patch" >&2; exit 1; }
    mkdir -p "$(dirname "$tree/$f")" && cp "$top/$f" "$tree/$f"
  fi
done
# Files Jaguar no longer has leave the tree too.
if [ -f "$synced" ]; then
  comm -23 "$synced" "$synced.new" | while read -r f; do rm -f "$tree/$f"; done
fi
mv -f "$synced.new" "$synced"
