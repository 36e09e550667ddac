#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# The startup suite: wall time of `java -version` and of a hello world on Jaguar's image and on
# the stock JDK, plus the variants that might make Jaguar's start cheaper, all timed side by side
# by one hyperfine run (15 runs each by default, 2 warm-ups so the page cache is warm).
# Usage: startup.sh IMAGE BOOT_JDK CLASSES WORKDIR RAW RUNS [OTHER_IMAGE]
# OTHER_IMAGE: a second Jaguar image (say, one built from main) timed side by side as "other".
set -euo pipefail
image=$1 boot=$2 classes=$3 work=$4 raw=$5 runs=$6 other=${7:-}
jag=$image/bin/java stock=$boot/bin/java
mkdir -p "$work" "$raw"
work=$(cd "$work" && pwd)
# The AOT cache only accepts jars on the class path, so hello world runs from a jar in every variant.
"$boot/bin/jar" --create --file "$work/hello.jar" -C "$classes" jaguar/bench/startup/Hello.class
hello="-cp $work/hello.jar jaguar.bench.startup.Hello"
command -v hyperfine >/dev/null || { echo "startup: hyperfine missing (apt-get install hyperfine; ./configure installs it)" >&2; exit 1; }

# JDK 25 AOT caches (JEP 483/514): one training run each writes the cache; the timed runs load it.
# They must see the same class path and module options as the training run (baked ones included).
# A variant whose cache could not be written is left out of the timings, and the failure is kept
# in raw/startup-aot.log.
rm -f "$work"/*.aot "$work"/hs_err*
(cd "$work" && $jag -XX:AOTCacheOutput="$work/jaguar-hello.aot" $hello > "$work/train-jaguar.log" 2>&1) || true
(cd "$work" && $stock -XX:AOTCacheOutput="$work/stock-hello.aot" $hello > "$work/train-stock.log" 2>&1) || true
{
  for t in jaguar stock; do
    echo "== training + assembly, $t: $(test -s "$work/$t-hello.aot" && echo "cache written" || echo "NO CACHE")"
    grep -v -e 'Skipping' -e '^Hello' "$work/train-$t.log" | grep -i -e error -e guarantee -e 'disabled' -e 'fatal' | cut -c1-300 | head -8 || true
  done
} > "$raw/startup-aot.log"

# Whether each VM actually maps the archive it is given (a rejected archive falls back silently).
{
  for v in "$jag -Xlog:cds=info -version" "$stock -Xlog:cds=info -version" ${other:+"$other/bin/java -Xlog:cds=info -version"}; do
    echo "\$ $v"; $v 2>&1 | grep -i -e 'mismatch' -e 'disabled' -e 'Using' -e 'opened' -e 'full module graph' -e 'error' | head -8; echo
  done
} > "$raw/startup-cds.log"

# name|command: the variants, in the order the table shows them.
variants=(
  "stock -version|$stock -version"
  "stock hello|$stock $hello"
  "stock hello, AOT cache|$stock -XX:AOTCache=$work/stock-hello.aot $hello"
  "jaguar -version|$jag -version"
  "jaguar hello|$jag $hello"
  "jaguar -version, -Xshare:off|$jag -Xshare:off -version"
  "jaguar hello, -Xshare:off|$jag -Xshare:off $hello"
)
test -s "$work/jaguar-hello.aot" && variants+=("jaguar hello, AOT cache|$jag -XX:AOTCache=$work/jaguar-hello.aot $hello")
test -s "$work/stock-hello.aot" || variants=("${variants[@]/stock hello, AOT cache|*}")
if [ -n "$other" ]; then
  variants+=("other -version|$other/bin/java -version" "other hello|$other/bin/java $hello")
fi
args=()
: > "$raw/startup.cmd"
echo "$jag -XX:AOTCacheOutput=$work/jaguar-hello.aot $hello   # training run" >> "$raw/startup.cmd"
echo "$stock -XX:AOTCacheOutput=$work/stock-hello.aot $hello   # training run" >> "$raw/startup.cmd"
line="hyperfine -N --warmup 2 --runs $runs --export-json $raw/startup.json --export-markdown $raw/startup-hyperfine.md"
for v in "${variants[@]}"; do
  [ -n "$v" ] || continue
  args+=(--command-name "${v%%|*}" "${v#*|}")
  line+=" --command-name '${v%%|*}' '${v#*|}'"
done
echo "$line" >> "$raw/startup.cmd"
hyperfine -N --warmup 2 --runs "$runs" --export-json "$raw/startup.json" --export-markdown "$raw/startup-hyperfine.md" "${args[@]}" \
  > "$raw/startup.txt"
ls -l "$work"/*.aot | awk '{print $5, $9}' > "$raw/startup-aot-sizes.txt"
