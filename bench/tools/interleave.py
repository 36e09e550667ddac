# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""Times shell commands in rounds: one run of each per round, the order rotating from round to
round, after one warm-up round, so that drift in the machine's load falls on every command alike.
Writes hyperfine's JSON shape ({"results": [{"command", "times"}]}) and prints medians.
Usage: interleave.py ROUNDS OUT.json NAME COMMAND [NAME COMMAND ...]"""
import json
import statistics
import subprocess
import sys
import time

rounds = int(sys.argv[1])
out = sys.argv[2]
pairs = list(zip(sys.argv[3::2], sys.argv[4::2]))
times = {name: [] for name, _ in pairs}
for r in range(rounds + 1):
    k = r % len(pairs)
    for name, cmd in pairs[k:] + pairs[:k]:
        t0 = time.perf_counter()
        done = subprocess.run(cmd, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        t = time.perf_counter() - t0
        if done.returncode != 0:
            sys.exit(f"interleave: '{name}' failed ({done.returncode}): {done.stderr[-2000:]}")
        if r > 0:
            times[name].append(t)
json.dump({"results": [{"command": n, "times": times[n]} for n, _ in pairs]}, open(out, "w"), indent=1)
for name, _ in pairs:
    print(f"{name:24s} median {statistics.median(times[name]) * 1000:8.1f} ms  min {min(times[name]) * 1000:8.1f} ms  ({len(times[name])} runs)")
