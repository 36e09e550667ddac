#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Builds the verbs test VM's boot files from the Debian kernel package that ./configure downloaded:
#   mkinitrd.sh <kernel .deb> <out dir>
# Out: <out>/vmlinuz and <out>/initrd.img (busybox, the modules in modules.order, init).
set -euo pipefail
deb=$1; out=$2
here=$(cd "$(dirname "$0")" && pwd)
[ -f "$deb" ] || { echo "mkinitrd: no kernel package at $deb (rerun ./configure)" >&2; exit 1; }
bb=$(command -v busybox || true)
[ -n "$bb" ] && file -L "$bb" 2>/dev/null | grep -q 'statically linked' || bb=/bin/busybox
[ -x "$bb" ] || { echo "mkinitrd: no static busybox (apt-get install busybox-static)" >&2; exit 1; }
rm -rf "$out/kernel" "$out/initrd" && mkdir -p "$out/kernel" "$out/initrd"
dpkg-deb -x "$deb" "$out/kernel"
kver=$(ls "$out/kernel/lib/modules")
cp "$out/kernel/boot/vmlinuz-$kver" "$out/vmlinuz"
cd "$out/initrd"
mkdir -p bin sbin mods proc sys dev
cp "$bb" bin/busybox
for a in sh mount umount mkdir ln insmod cat echo sleep poweroff sync chroot grep sed; do ln -sf busybox "bin/$a"; done
while read -r m; do
  [ -n "$m" ] || continue
  src="$out/kernel/lib/modules/$kver/$m"
  [ -f "$src" ] || { echo "mkinitrd: kernel $kver has no module $m" >&2; exit 1; }
  cp "$src" mods/
  echo "$(basename "$m")" >> mods/order
done < "$here/modules.order"
cp "$here/init" init && chmod +x init
find . | cpio -o -H newc --quiet | gzip -1 > "$out/initrd.img"
echo "verbs VM: kernel $kver, $(wc -l < mods/order) modules"
