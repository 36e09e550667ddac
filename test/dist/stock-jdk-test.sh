#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# jaguar-lib.jar on a stock JDK (doc/pso.md and doc/code-mappings.md, "On a stock JDK"): the
# README's three examples, their text taken from README.md (Counters whole; the OffHeapBuffer and
# PSO snippets inside the wrappers in test/dist/stock/), and doc/code-mappings.md's RawBytes
# example, compiled and run with the jar on the module path and again on the class path: the
# Java bodies and External Objects run, PSOs work through -javaagent:jaguar-lib.jar and without
# it fail at the first allocation with the message that names the agent, RawBytes.bodyOf needs no
# --add-exports and is restricted as FFM's methods are. Then the PSO example on Jaguar's JDK,
# with and without the agent: the same result (the rewriting is idempotent).
# Usage: stock-jdk-test.sh STOCK_JDK JAGUAR_LIB_JAR WORK_DIR [JAGUAR_JDK (default build/jdk)]
# JAGUAR_JDK_OPTIONS (environment) is added to the Jaguar JDK's runs, e.g. a --patch-module to try
# a change of jaguar.lib before the image is rebuilt.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 STOCK_JDK JAGUAR_LIB_JAR WORK_DIR [JAGUAR_JDK]" >&2; exit 2; }
stock=$(realpath "$1") jar=$(realpath "$2") work=$(realpath -m "$3")
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
jaguar=$(realpath "${4:-$top/build/jdk}")
read -r -a jaguar_options <<< "${JAGUAR_JDK_OPTIONS:-}"
start=$SECONDS pass=0 total=0

# run ID COMMAND...: its stdout, stderr and exit status into $work/ID.out, .err, .rc.
run() {
    local id=$1
    shift
    set +e
    "$@" > "$work/$id.out" 2> "$work/$id.err"
    echo $? > "$work/$id.rc"
    set -e
}

# check DESCRIPTION ID STATUS CONDITION...: run ID exited with STATUS (a number, or !0 for any
# failure) and meets each CONDITION: out:TEXT (stdout has TEXT), err:TEXT (stderr has TEXT),
# quiet (stderr is empty). One line per check; a failure shows what the run printed.
check() {
    local what=$1 id=$2 status=$3 why= rc c
    shift 3
    rc=$(cat "$work/$id.rc")
    if [ "$status" = '!0' ]; then
        [ "$rc" != 0 ] || why="exit status 0, expected a failure"
    elif [ "$rc" != "$status" ]; then
        why="exit status $rc, expected $status"
    fi
    for c in "$@"; do
        [ -z "$why" ] || break
        case $c in
            out:*) grep -qF -- "${c#out:}" "$work/$id.out" || why="stdout lacks '${c#out:}'" ;;
            err:*) grep -qF -- "${c#err:}" "$work/$id.err" || why="stderr lacks '${c#err:}'" ;;
            quiet) [ ! -s "$work/$id.err" ] || why="stderr is not empty" ;;
            *) echo "check: unknown condition $c" >&2; exit 2 ;;
        esac
    done
    total=$((total + 1))
    if [ -z "$why" ]; then
        pass=$((pass + 1))
        echo "ok: $what"
    else
        echo "FAILED: $what: $why"
        cat "$work/$id.out" "$work/$id.err" | head -15 | sed 's/^/    | /'
    fi
}

finish() {
    echo "time: $((SECONDS - start)) s (logs in $work)"
    echo "$pass/$total checks passed"
    [ "$pass" = "$total" ] && exit 0
    exit 1
}

# block FILE TEXT: the first ```java block of FILE that contains TEXT.
block() {
    awk -v want="$2" '/^```java$/ {buf = ""; inblock = 1; next}
        inblock && /^```$/ {if (index(buf, want)) {printf "%s", buf; found = 1; exit} inblock = 0; next}
        inblock {buf = buf $0 "\n"}
        END {exit !found}' "$1"
}

# splice WRAPPER SNIPPET: the wrapper with its "// README-SNIPPET" line replaced by the snippet.
splice() {
    awk -v snippet="$2" '/\/\/ README-SNIPPET$/ {while ((getline l < snippet) > 0) print l; next} {print}' "$1"
}

mkdir -p "$work"
rm -rf "$work/src" "$work/classes" "$work"/*.out "$work"/*.err "$work"/*.rc
mkdir -p "$work/src" "$work/classes"
src=$work/src

# The README's text: Counters as is; the OffHeapBuffer snippet with seen(buf, sum) as the last
# statement of its try block; the PSO snippet's class into MyObject.java, its statements into
# PsoCheck's main. doc/code-mappings.md's Mul as is.
if block "$top/README.md" "final class Counters" > "$src/Counters.java" \
        && block "$top/README.md" "try (OffHeapBuffer buf" > "$work/offheap.snippet" \
        && block "$top/README.md" "extends PSO" > "$work/pso.snippet" \
        && block "$top/doc/code-mappings.md" "final class Mul" > "$src/Mul.java"; then
    echo 0 > "$work/extract.rc"
else
    echo 1 > "$work/extract.rc"
fi
: > "$work/extract.out"
: > "$work/extract.err"
if [ "$(cat "$work/extract.rc")" = 0 ]; then
    awk '{line[NR] = $0} /^}/ {last = NR} END {for (i = 1; i <= NR; i++) {if (i == last) print "seen(buf, sum);"; print line[i]}}' \
        "$work/offheap.snippet" > "$work/offheap.spliced"
    splice "$here/stock/OffHeapCheck.java" "$work/offheap.spliced" > "$src/OffHeapCheck.java"
    { echo "import jaguar.pso.*;"; grep '^public class MyObject' "$work/pso.snippet"; } > "$src/MyObject.java"
    grep -v '^public class MyObject' "$work/pso.snippet" > "$work/pso.statements"
    splice "$here/stock/PsoCheck.java" "$work/pso.statements" > "$src/PsoCheck.java"
    cp "$here/CountersMain.java" "$here/stock/MulCheck.java" "$src/"
fi
check "README.md's Counters, OffHeapBuffer and PSO blocks and doc/code-mappings.md's Mul found" extract 0 quiet
[ "$pass" = "$total" ] || finish

run javac "$stock/bin/javac" -d "$work/classes" --module-path "$jar" --add-modules jaguar.lib "$src"/*.java
check "the examples compile against jaguar-lib.jar with the stock JDK's javac ($stock)" javac 0
[ "$pass" = "$total" ] || finish

sum=$(((1 << 18) * ((1 << 18) - 1) / 2))
closed="read after close: java.lang.IllegalStateException: buffer closed"
pso="root someInt 42, someRef.someInt 0, sent 80 bytes"
mp=(--module-path "$jar" --add-modules jaguar.lib -cp "$work/classes")
cp=(-cp "$work/classes:$jar")
java=$stock/bin/java

run counters-mp "$java" --enable-native-access=jaguar.lib,ALL-UNNAMED "${mp[@]}" CountersMain 200000
check "module path: Counters' Java body counts every increment" counters-mp 0 quiet "out:counted 200000 of 200000"
run offheap-mp "$java" --enable-native-access=jaguar.lib "${mp[@]}" OffHeapCheck
check "module path: OffHeapBuffer's sum is $sum" offheap-mp 0 quiet "out:sum $sum"
check "module path: OffHeapBuffer read after close throws" offheap-mp 0 quiet "out:$closed"
run mul-mp "$java" --enable-native-access=jaguar.lib,ALL-UNNAMED "${mp[@]}" MulCheck
check "module path: RawBytes.bodyOf runs Mul's bytes with no --add-exports" mul-mp 0 quiet "out:multiply(6, -7) = -42"
run mul-mp-warn "$java" --enable-native-access=jaguar.lib "${mp[@]}" MulCheck
check "module path: RawBytes.bodyOf without native access: the JDK's warning, for the caller's module" mul-mp-warn 0 \
    "out:multiply(6, -7) = -42" "err:Use --enable-native-access=ALL-UNNAMED" "err:made by jaguar.mapping.RawBytes::bodyOf for the raw byte mapping Mul.multiply"
run mul-mp-deny "$java" --enable-native-access=jaguar.lib --illegal-native-access=deny "${mp[@]}" MulCheck
check "module path: RawBytes.bodyOf under --illegal-native-access=deny throws" mul-mp-deny '!0' \
    "err:java.lang.IllegalCallerException: Illegal native access from an unnamed module"
run pso-mp-agent "$java" --enable-native-access=jaguar.lib -javaagent:"$jar" "${mp[@]}" PsoCheck
check "module path, -javaagent: the PSO root reads back someInt 42" pso-mp-agent 0 quiet "out:$pso"
run pso-mp "$java" --enable-native-access=jaguar.lib "${mp[@]}" PsoCheck
check "module path, no agent: the first allocate says PSOs need Jaguar's JDK or -javaagent:$jar" pso-mp 1 \
    "err:Exception in thread \"main\" java.lang.IllegalStateException: PSO class MyObject was not rewritten" \
    "err:PSOs need Jaguar's JDK" "err:-javaagent:$jar " "err:/jaguar.pso.PSOContainer.allocate("

run counters-cp "$java" --enable-native-access=ALL-UNNAMED "${cp[@]}" CountersMain 200000
check "class path: Counters' Java body counts every increment" counters-cp 0 quiet "out:counted 200000 of 200000"
run offheap-cp "$java" --enable-native-access=ALL-UNNAMED "${cp[@]}" OffHeapCheck
check "class path: OffHeapBuffer's sum, and a read after close throws" offheap-cp 0 quiet "out:sum $sum" "out:$closed"
run pso-cp-agent "$java" --enable-native-access=ALL-UNNAMED -javaagent:"$jar" "${cp[@]}" PsoCheck
check "class path, -javaagent: the PSO root reads back someInt 42" pso-cp-agent 0 quiet "out:$pso"

run pso-jaguar "$jaguar/bin/java" "${jaguar_options[@]}" -cp "$work/classes" PsoCheck
check "Jaguar's JDK ($jaguar): the PSO example" pso-jaguar 0 quiet "out:$pso"
run pso-jaguar-agent "$jaguar/bin/java" "${jaguar_options[@]}" -javaagent:"$jar" -cp "$work/classes" PsoCheck
check "Jaguar's JDK, -javaagent too: the same result (the VM's hook leaves the agent's classes alone)" pso-jaguar-agent 0 quiet "out:$pso"
finish
