#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# The Maven artifacts as a user's project sees them (make test-maven; doc/distribution.md): in a
# local repository holding only the pinned plugins and the installed artifacts, offline, the sample
# project doc/examples/hello-jaguar resolves org.jaguar:jaguar-tigris (and through its POM
# jaguar-lib and ojAlgo), compiles with the javac of the toolchain that names the Jaguar JDK and
# runs there: the code mapping is inlined, the External Object and the river give their sums.
# Usage: maven-test.sh BOOT_JDK JAGUAR_JDK SAMPLE_DIR WORK_DIR VERSION
# (WORK_DIR/repo: the local repository, already holding the plugins and the installed artifacts)
set -euo pipefail
boot=$1 jdk=$(realpath "$2") sample=$3 work=$(realpath "$4") version=$5
repo=$work/repo
pass=0
ok() { echo "  ok: $*"; pass=$((pass + 1)); }
fail() { echo "FAILED: $*" >&2; exit 1; }

# What install-file put in the repository: jar, sources, javadoc and POM of each module.
for m in jaguar-lib jaguar-tigris; do
    d=$repo/org/jaguar/$m/$version
    for f in $m-$version.jar $m-$version-sources.jar $m-$version-javadoc.jar $m-$version.pom; do
        [ -s "$d/$f" ] || fail "$d/$f is missing after make maven-install"
    done
done
grep -q '<artifactId>ojalgo</artifactId>' "$repo/org/jaguar/jaguar-tigris/$version/jaguar-tigris-$version.pom" \
    || fail "jaguar-tigris's POM does not depend on ojalgo"
ok "installed: jar, sources, javadoc and POM of jaguar-lib and jaguar-tigris"

# The toolchain a user writes into ~/.m2/toolchains.xml, naming the Jaguar JDK.
cat > "$work/toolchains.xml" <<XML
<toolchains>
  <toolchain>
    <type>jdk</type>
    <provides><version>25</version><vendor>jaguar</vendor></provides>
    <configuration><jdkHome>$jdk</jdkHome></configuration>
  </toolchain>
</toolchains>
XML
rm -rf "$work/hello-jaguar" && cp -r "$sample" "$work/hello-jaguar"
# Maven runs on the boot JDK; the toolchain's java runs the program, with the JIT's trace on
# (a system property: the java that runs Maven ignores it).
log=$work/hello-jaguar.log
if ! JAVA_HOME=$boot JDK_JAVA_OPTIONS=-Djaguar.jit.trace=true mvn -B -o -Dmaven.repo.local="$repo" -t "$work/toolchains.xml" \
        -f "$work/hello-jaguar/pom.xml" compile exec:exec > "$log" 2>&1; then
    grep -E 'ERROR|Exception' "$log" | head -20
    fail "mvn -o compile exec:exec of the sample failed (log: $log)"
fi
ok "offline build and run of the sample"

grep -q "Toolchain in maven-compiler-plugin: JDK\[$jdk\]" "$log" || fail "javac did not come from the toolchain naming $jdk (log: $log)"
ok "compiled by the toolchain's JDK ($jdk)"
grep -qx "java.home $jdk" "$log" || fail "the program did not run on $jdk: $(grep '^java.home' "$log" || echo 'no java.home line') (log: $log)"
ok "run on the Jaguar JDK"
grep -q 'mapped .*Counters.increment' "$log" || fail "the JIT did not map Counters.increment (no 'mapped' line; log: $log)"
grep -qx 'counter 2000000' "$log" || fail "expected 'counter 2000000', got: $(grep '^counter' "$log" || echo nothing)"
ok "code mapping inlined, counter 2000000"
# sum of 0 .. 2^18-1
grep -qx 'off-heap sum 34359607296' "$log" || fail "expected 'off-heap sum 34359607296', got: $(grep '^off-heap' "$log" || echo nothing)"
ok "External Object: off-heap sum 34359607296"
# 1000 readings of value 10*i: 10 * 999*1000/2
grep -qx 'river 1000 readings, sum 4995000' "$log" || fail "expected 'river 1000 readings, sum 4995000', got: $(grep '^river' "$log" || echo nothing)"
ok "Tigris river of PSOs: 1000 readings, sum 4995000"
echo "maven: $pass/$pass checks passed"
