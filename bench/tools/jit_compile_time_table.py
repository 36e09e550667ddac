# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""Writes bench/results/jit-compile-time.md (to stdout) from the raw logs of
make -C bench jit-compile-time: C2's compile time of a method of many statically bound calls,
on this image and on an earlier one, runs alternated."""
import glob
import os
import re
import statistics
import sys

raw = sys.argv[1]
images = {}
for path in sorted(glob.glob(os.path.join(raw, "jit-compile-time-*-run*.log"))):
    label = re.match(r"jit-compile-time-(.+)-run\d+\.log", os.path.basename(path)).group(1)
    values = [float(m.group(1)) for m in re.finditer(r"^c2-ms ([0-9.]+)", open(path).read(), re.M)]
    images.setdefault(label, []).extend(values)

print("# C2 compile time of statically bound calls, with Jaguar's mapping table in use")
print()
print("Each compilation is of `big(int)`: 2,000 statically bound calls of 100 small static methods")
print("(`jaguar.bench.jit.StaticCallCompileTime`), every call site looked up in the table of mappings")
print("(the program's own mapping installed). Duration from JFR's `jdk.Compilation`, C2 only")
print("(`-XX:-TieredCompilation -Xbatch`), runs of the images alternated.")
print()
print("| image | compilations | median ms | p10 ms | p90 ms |")
print("|---|---|---|---|---|")
NAMES = {"before": "before (JIT_CT_BEFORE: each lookup under a mutex)", "now": "now (lock-free lookup)"}
for label, values in images.items():
    values.sort()
    q = statistics.quantiles(values, n=10) if len(values) >= 10 else [values[0]] * 9
    print(f"| {NAMES.get(label, label)} | {len(values)} | {statistics.median(values):.2f} | {q[0]:.2f} | {q[-1]:.2f} |")
print()
cmd = os.path.join(raw, "jit-compile-time.cmd")
if os.path.exists(cmd):
    print("```sh")
    print(open(cmd).read().rstrip())
    print("```")
machine = os.path.join(raw, "jit-compile-time.machine.md")
if os.path.exists(machine):
    print()
    print(open(machine).read().rstrip())
