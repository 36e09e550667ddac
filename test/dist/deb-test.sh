#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# The Debian package in a throwaway Debian root (make test-deb; doc/distribution.md): lintian
# finds nothing it does not say why; mmdebstrap builds a minimal root from Debian's archive; apt
# installs the package with its dependencies; java -version, the README's mapping example
# (inlined: -Xlog:jaguar+jit) and tigris gensort/sort/valsort run from the installed JDK; with
# Debian's openjdk-17 installed beside it, java stays Debian's; removing the package leaves no
# file and no alternative of it.
# Usage: deb-test.sh PACKAGE.deb README.md
set -euo pipefail
deb=$(realpath "$1") readme=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
suite=bookworm mirror=http://deb.debian.org/debian
jvm=/usr/lib/jvm/$(dpkg-deb -f "$deb" Package)-$(dpkg-deb -f "$deb" Version | sed 's/-[^-]*$//')-amd64
pass=0
ok() { echo "  ok: $*"; pass=$((pass + 1)); }
fail() { echo "FAILED: $*" >&2; exit 1; }

echo "== lintian $(basename "$deb")"
lintian --fail-on error,warning "$deb" || fail "lintian reports errors or warnings (not overridden with a reason)"
ok "lintian: no error or warning"

root=$(mktemp -d /tmp/jaguar-deb-root.XXXXXX)
cleanup() {
    for m in proc sys dev; do umount -l "$root/$m" 2>/dev/null || true; done
    rm -rf "$root"
}
trap cleanup EXIT
echo "== mmdebstrap $suite into $root"
mmdebstrap --quiet --mode=root --variant=apt --include=ca-certificates "$suite" "$root" "$mirror" > "$root.log" 2>&1 \
    || { tail -20 "$root.log"; fail "mmdebstrap could not build a $suite root from $mirror"; }
rm -f "$root.log"
mount -t proc proc "$root/proc"; mount --rbind /sys "$root/sys"; mount --rbind /dev "$root/dev"
cp /etc/resolv.conf "$root/etc/resolv.conf"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

cp "$deb" "$root/tmp/jaguar-jdk.deb"
# mmdebstrap leaves the root without package lists.
in_root apt-get update -q > "$root/tmp/update.log" 2>&1 || { tail -20 "$root/tmp/update.log"; fail "apt-get update in the root failed"; }
in_root apt-get install -y -q /tmp/jaguar-jdk.deb > "$root/tmp/install.log" 2>&1 || { tail -30 "$root/tmp/install.log"; fail "apt could not install the package"; }
ok "installed with its dependencies"
[ "$(in_root readlink -f /usr/bin/java)" = "$jvm/bin/java" ] || fail "with no other JDK, java is $(in_root readlink -f /usr/bin/java)"
in_root java -version 2>&1 | grep -q 'Jaguar-' || fail "java -version does not name Jaguar: $(in_root java -version 2>&1)"
ok "java -version: $(in_root java -version 2>&1 | sed -n 2p)"
in_root tigris --version | grep -q "^tigris " || fail "tigris --version"
in_root test -f /usr/share/man/man1/tigris.1.gz || fail "no tigris(1) under /usr/share/man"
ok "tigris --version and tigris(1)"

mkdir -p "$root/tmp/readme"
awk '/^```java$/ {buf=""; inblock=1; next} inblock && /^```$/ {if (buf ~ /final class Counters/) {printf "%s", buf; exit} inblock=0; next} inblock {buf = buf $0 "\n"}' \
    "$readme" > "$root/tmp/readme/Counters.java"
grep -q "final class Counters" "$root/tmp/readme/Counters.java" || fail "README.md has no java block with class Counters"
cp "$here/CountersMain.java" "$root/tmp/readme/"
in_root javac -d /tmp/readme/classes /tmp/readme/Counters.java /tmp/readme/CountersMain.java || fail "the README's example does not compile"
out=$(in_root java --enable-native-access=ALL-UNNAMED -Xlog:jaguar+jit -cp /tmp/readme/classes CountersMain) || fail "the README's example failed: $out"
grep -q "counted 2000000" <<< "$out" || fail "the README's example: $out"
grep -q "mapped Counters.increment" <<< "$out" || fail "the README's mapping was not inlined (no 'mapped Counters.increment' under -Xlog:jaguar+jit)"
ok "the README's mapping example compiles, counts and is inlined"

in_root tigris gensort 100000 /tmp/in.dat 2> /dev/null || fail "tigris gensort"
in_root tigris sort -q /tmp/in.dat /tmp/out.dat || fail "tigris sort"
in_root tigris valsort /tmp/out.dat > /dev/null 2>&1 || fail "tigris valsort: the output is not sorted"
ok "tigris gensort, sort, valsort"

in_root apt-get install -y -q openjdk-17-jre-headless > "$root/tmp/openjdk.log" 2>&1 || { tail -20 "$root/tmp/openjdk.log"; fail "apt could not install openjdk-17-jre-headless"; }
now=$(in_root readlink -f /usr/bin/java)
case $now in /usr/lib/jvm/java-17-openjdk-amd64/*) ;; *) fail "with Debian's openjdk-17 installed, java is $now: the package took over java" ;; esac
ok "beside Debian's openjdk-17, java stays Debian's ($now)"

in_root apt-get purge -y -q jaguar-jdk > "$root/tmp/remove.log" 2>&1 || { tail -20 "$root/tmp/remove.log"; fail "apt could not remove the package"; }
in_root test ! -e "$jvm" || fail "$jvm is still there after removal"
left=$(in_root sh -c 'update-alternatives --get-selections | grep jaguar-jdk || true')
[ -z "$left" ] || fail "alternatives left pointing into the removed JDK: $left"
in_root test ! -e /usr/bin/tigris || fail "/usr/bin/tigris is still there after removal"
[ "$(in_root readlink -f /usr/bin/java)" = /usr/lib/jvm/java-17-openjdk-amd64/bin/java ] || fail "java is broken after removal"
ok "removed: no file, no alternative left; java is Debian's"
echo "deb test: $pass checks passed"
