#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Builds the Debian package of the Jaguar JDK (doc/distribution.md, "Debian package") from an image.
# Usage: build-deb.sh IMAGE OUT.deb JAGUAR_VERSION OPENJDK_VERSION SOURCE_DATE_EPOCH
# The image goes to /usr/lib/jvm/jaguar-jdk-VERSION-amd64 with its manual pages gzipped, Debian's
# .jinfo beside it (update-java-alternatives), a machine-readable copyright and a changelog; the
# dependencies are dpkg-shlibdeps's reading of every ELF file; postinst and prerm register and
# remove every tool of bin/ with update-alternatives at PRIORITY, below Debian's JDKs (openjdk-17
# registers 1711, openjdk-25 2511).
set -euo pipefail
image=$1 out=$2 version=$3 openjdk=$4 epoch=$5
here=$(cd "$(dirname "$0")" && pwd)
PRIORITY=1000
revision=1
jvmdir=jaguar-jdk-$version-amd64
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/root
jvm=$root/usr/lib/jvm/$jvmdir
doc=$root/usr/share/doc/jaguar-jdk

[ -x "$image/bin/java" ] || { echo "build-deb: $image is not a JDK image (no bin/java): run make images" >&2; exit 1; }
mkdir -p "$root/usr/lib/jvm" "$doc" "$root/DEBIAN"
cp -a "$image" "$jvm"
find "$jvm/man" -name '*.1' -exec gzip -9n {} +
# Debian's permissions: directories and programs 755, data and shared libraries 644.
find "$jvm" -type d -exec chmod 755 {} +
find "$jvm" -type f -exec chmod 644 {} +
chmod 755 "$jvm"/bin/* "$jvm/lib/jspawnhelper" "$jvm/lib/jexec"
tools=$(cd "$jvm/bin" && ls | tr '\n' ' ')
# Stripped as dh_strip strips (libjvm.so and hsdis already are: their symbols are the debug-symbols bundle's).
find "$jvm" -type f -exec sh -c 'head -c4 "$1" | grep -q ELF' _ {} \; -print | while read -r f; do
    case $f in *.so) strip --remove-section=.comment --remove-section=.note --strip-unneeded "$f" ;;
                *) strip --remove-section=.comment --remove-section=.note "$f" ;; esac
done
mkdir -p "$root/usr/share/lintian/overrides"
cp "$here/lintian-overrides" "$root/usr/share/lintian/overrides/jaguar-jdk"

{ echo "name=$jvmdir"; echo "alias=$jvmdir"; echo "priority=$PRIORITY"; echo "section=main"; echo
  for t in $tools; do echo "jdk $t /usr/lib/jvm/$jvmdir/bin/$t"; done; } > "$root/usr/lib/jvm/.$jvmdir.jinfo"

cp "$here/copyright" "$doc/copyright"
date=$(LC_ALL=C date -u -R -d "@$epoch")
printf 'jaguar-jdk (%s-%s) unstable; urgency=medium\n\n  * Jaguar %s on OpenJDK %s.\n\n -- The Jaguar authors <jaguar-authors@example.org>  %s\n' \
    "$version" "$revision" "$version" "$openjdk" "$date" | gzip -9n > "$doc/changelog.Debian.gz"

# Dependencies: the shared libraries the JDK's ELF files need from outside it.
mkdir -p "$stage/debian"
printf 'Source: jaguar-jdk\n\nPackage: jaguar-jdk\nArchitecture: amd64\n' > "$stage/debian/control"
elves=$(cd "$stage" && find root -type f \( -name '*.so' -o -path '*/bin/*' \) -exec sh -c 'head -c4 "$1" | grep -q ELF' _ {} \; -print)
depends=$(cd "$stage" && dpkg-shlibdeps -O -e $elves -l"$jvm/lib" -l"$jvm/lib/server" 2>"$stage/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p') \
    || { cat "$stage/shlibdeps.log" >&2; exit 1; }
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; cat "$stage/shlibdeps.log" >&2; exit 1; }

size=$(du -sk --apparent-size "$root/usr" | cut -f1)
subst() { sed -e "s|@VERSION@|$version-$revision|g" -e "s|@SIZE@|$size|g" -e "s|@DEPENDS@|$depends|g" -e "s|@OPENJDK@|$openjdk|g" \
              -e "s|@JVMDIR@|$jvmdir|g" -e "s|@PRIORITY@|$PRIORITY|g" -e "s|@TOOLS@|$tools|g" "$1"; }
subst "$here/control.in" > "$root/DEBIAN/control"
subst "$here/postinst.in" > "$root/DEBIAN/postinst"
subst "$here/prerm.in" > "$root/DEBIAN/prerm"
chmod 755 "$root/DEBIAN/postinst" "$root/DEBIAN/prerm"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
find "$root" -newermt "@$epoch" -print0 | xargs -0 touch -h -d "@$epoch"
mkdir -p "$(dirname "$out")"
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$root" "$out" > /dev/null
echo "  $out ($(du -h "$out" | cut -f1); Depends: $depends)"
